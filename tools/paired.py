"""Two bots compared on the same duplicate deals: the paired difference per deal.

Usage::

    .venv/bin/python tools/paired.py A.json... --vs B.json...

``A`` and ``B`` are tournament runs saved with ``python -m pycore.tournament ... --save`` (any
number of pieces each), played on the same seed and options with one seat kind swapped (say
``hard,mcs400,...`` against ``hard+w4,mcs400,...``): the kind in the first seat of each run's
configuration is the one compared. For every deal both runs played, each side's value is that
kind's mean score over the deal's games (seats rotated); printed are both sides' means, their
ratios to the other seats' mean score, and the mean paired difference ``A - B`` with its 95%
interval over deals (lower is better in 6 nimmt!: a negative difference means ``A`` took fewer
bullheads). Deals only one run played are left out (their count is printed).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pycore.tournament import deal_of, mean_ci, merge, ratio_ci  # noqa: E402


def per_deal(paths: list[str]) -> tuple[str, dict[int, tuple[float, float]]]:
    """The compared kind (first seat of the configuration) and, per deal, the mean score of that
    kind's seats and of the other seats over the deal's games."""
    config, results = merge(paths)
    kind = config["seats"][0]
    sums: dict[int, list[float]] = {}
    for g in results["games"]:
        mine = [p for p, s in enumerate(g["seats"]) if s == kind]
        rest = [p for p, s in enumerate(g["seats"]) if s != kind]
        acc = sums.setdefault(deal_of(g), [0.0, 0.0, 0.0])
        acc[0] += sum(g["scores"][p] for p in mine) / len(mine)
        acc[1] += sum(g["scores"][p] for p in rest) / len(rest) if rest else 0.0
        acc[2] += 1
    return kind, {d: (a[0] / a[2], a[1] / a[2]) for d, a in sums.items()}


def compare(a: list[str], b: list[str]) -> str:
    """The printed comparison of runs ``a`` and ``b`` (see the module docstring)."""
    ka, da = per_deal(a)
    kb, db = per_deal(b)
    deals = sorted(set(da) & set(db))
    if len(deals) < 2:
        return f"{ka} vs {kb}: {len(deals)} common deals, too few"
    lines = [f"{ka} vs {kb}: {len(deals)} common deals (left out: {len(set(da) ^ set(db))})"]
    for k, d in ((ka, da), (kb, db)):
        mean, half = mean_ci([d[x][0] for x in deals])
        r, rh = ratio_ci([d[x][0] for x in deals], [d[x][1] for x in deals])
        lines.append(f"  {k:<14} score {mean:7.2f} ± {half:5.2f}   ratio to the others {r:.3f} ± {rh:.3f}")
    diff, half = mean_ci([da[x][0] - db[x][0] for x in deals])
    lines.append(f"  difference {ka} - {kb}: {diff:+.2f} ± {half:.2f} a deal (95% interval over deals)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", nargs="+", help="saved pieces of run A")
    ap.add_argument("--vs", nargs="+", required=True, help="saved pieces of run B")
    args = ap.parse_args(argv)
    print(compare(args.a, args.vs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
