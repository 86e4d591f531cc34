#!/bin/sh
# Run every Hotseat benchmark and print its table (also saved under bench/results/).
#   bench/run_all.sh            # from the repo root; needs `make site` done (make bench does it)
#   QUICK=1 bench/run_all.sh    # shorter runs, for a smoke test
# Figures on a shared 2-core machine are noisy: compare the ratios printed within one run.
set -eu
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
mkdir -p bench/results
stamp=$(date -u +%Y%m%dT%H%M%SZ)
out=bench/results/run-$stamp.txt
if [ "${QUICK:-0}" = 1 ]; then
  engine_args="--cpu 0.15 --reps 3 --warmup-games 50"; startup_args="--runs 2"; bots_args="--hard 4 --quick 10 --warmup 2"
  taps_args="--taps 10"; wait_args="--players 4 --picks 4"; bounds_args="--kinds bsq,open,nest,objects --reps 1 --cap 2"
else
  engine_args="--chromium"; startup_args="--runs 5"; bots_args=""; taps_args=""; wait_args=""; bounds_args=""
fi
run() {
  echo "== $*   (load $(cut -d' ' -f1-3 /proc/loadavg))" | tee -a "$out"
  "$@" 2>&1 | tee -a "$out"
  echo | tee -a "$out"
}
echo "Hotseat benchmarks, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)" | tee "$out"
run "$PY" bench/engine.py $engine_args --json "bench/results/engine-$stamp.json"
run "$PY" bench/engine.py --profile six_nimmt:4
run "$PY" bench/startup.py $startup_args --json "bench/results/startup-$stamp.json"
run "$PY" bench/bytes.py --json "bench/results/bytes-$stamp.json"
run "$PY" bench/bots.py $bots_args --json "bench/results/bots-$stamp.json"
run "$PY" bench/taps.py $taps_args --json "bench/results/taps-$stamp.json"
run "$PY" bench/wait.py $wait_args --json "bench/results/wait-$stamp.json"
run "$PY" bench/bounds.py $bounds_args --json "bench/results/bounds-$stamp.json"
echo "tables saved in $out"
