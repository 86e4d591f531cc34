"""What the conformance suite and the soak run share: cases, sizes, random play and the checks.

Everything here is generic: it knows the engine contract (``pycore/core.py``) and nothing about
any one game, so a game registered in :data:`pycore.GAMES` is covered the moment it lands.

Sizes (CI by default; ``make soak`` runs far more):

* ``HOTSEAT_CONFORMANCE_GAMES`` — random games per game, spread over its player counts
  (default :data:`DEFAULT_GAMES`).
* ``HOTSEAT_FUZZ_EXAMPLES`` — Hypothesis examples per game and fuzz test (default
  :data:`DEFAULT_FUZZ_EXAMPLES`).
* ``HOTSEAT_PLAYER_COUNTS`` — ``all`` (default): every allowed player count of every game;
  ``ends``: each game's smallest and largest count only (the Pyodide run, whose question is
  whether the runtime changes anything: the counts between are checked in CPython).
* ``HOTSEAT_HIDDEN_GAMES`` — random games per game and player count that the hidden-information
  test re-deals along (default :data:`DEFAULT_HIDDEN_GAMES`; the Pyodide run plays the first).

A failed check raises :class:`ConformanceFailure`, whose message is a reproduction: game, player
count, seed, options, step, the saved state just before the failing action and the action.
"""

from __future__ import annotations

import json
import math
import os
import zlib
from collections.abc import Callable, Iterator
from typing import Any

import pycore
from pycore import InvalidStateError
from pycore.core import Game, Option, State
from pycore.rng import Rng

#: CI sizes, chosen for value per second: every player count and both option kinds get several
#: complete games checked at every state; `make soak` plays 100,000 games per game
DEFAULT_GAMES = 60
DEFAULT_FUZZ_EXAMPLES = 150
DEFAULT_HIDDEN_GAMES = 2
#: per-game factor on the random-game budget, for games much slower than 6 nimmt! (set by
#: measurement; a factor below 1 keeps the CPython suite under its time budget)
SPEED_FACTOR: dict[str, float] = {"dog": 0.3, "bunny_moose": 0.5}
#: XOR-ed into a game seed to seed the random player, so play and deal do not share a stream
PLAYER_SALT = 0x5EED_CAFE


def env_int(name: str, default: int) -> int:
    """``int(os.environ[name])`` or ``default``; raises ``ValueError`` for a non-number."""
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


def games_budget(game_id: str) -> int:
    """Random games for ``game_id`` in this run, all player counts together (at least 1)."""
    total = env_int("HOTSEAT_CONFORMANCE_GAMES", DEFAULT_GAMES)
    return max(1, round(total * SPEED_FACTOR.get(game_id, 1.0)))


def games_per_count(game: Game) -> int:
    """Random games per player count: the game's budget spread over its player counts."""
    counts = game.max_players - game.min_players + 1
    return max(1, math.ceil(games_budget(game.id) / counts))


def fuzz_examples() -> int:
    return max(1, env_int("HOTSEAT_FUZZ_EXAMPLES", DEFAULT_FUZZ_EXAMPLES))


def hidden_games() -> int:
    """Random games per game and player count the hidden-information test checks (at least 1);
    game ``i`` has the same seed whatever the count, so a smaller run plays the first ones."""
    return max(1, env_int("HOTSEAT_HIDDEN_GAMES", DEFAULT_HIDDEN_GAMES))


def stable_seed(*parts: Any) -> int:
    """A seed that depends only on ``parts`` (not on Python's salted ``hash``)."""
    text = "/".join(str(p) for p in parts).encode()
    return zlib.crc32(text) * 65_537 + zlib.adler32(text)


# ---- cases --------------------------------------------------------------------------------------


def registered_games() -> list[str]:
    return list(pycore.GAMES)


def load(game_id: str) -> Game:
    """``pycore.load_game`` (a registered game that fails to import fails its own tests only)."""
    return pycore.load_game(game_id)


def player_counts(game: Game) -> list[int]:
    """The player counts of ``game`` this run checks (see ``HOTSEAT_PLAYER_COUNTS``); raises
    ``ValueError`` for another value than ``all`` or ``ends``."""
    which = os.environ.get("HOTSEAT_PLAYER_COUNTS", "").strip() or "all"
    if which == "all":
        return list(range(game.min_players, game.max_players + 1))
    if which == "ends":
        return sorted({game.min_players, game.max_players})
    raise ValueError(f"HOTSEAT_PLAYER_COUNTS must be 'all' or 'ends', not {which!r}")


def player_count_cases() -> list[tuple[str, int | None]]:
    """``(game_id, num_players)`` for every registered game and each of its player counts
    :func:`player_counts` selects (every allowed count by default).

    A game whose module cannot be imported yields ``(game_id, None)`` so that its tests fail
    with the import error instead of breaking collection for every game.
    """
    cases: list[tuple[str, int | None]] = []
    for gid in registered_games():
        try:
            game = load(gid)
        except Exception:  # noqa: BLE001 - reported by the test that uses the case
            cases.append((gid, None))
            continue
        cases.extend((gid, n) for n in player_counts(game))
    return cases


def case_id(case: tuple[str, int | None]) -> str:
    gid, n = case
    return f"{gid}-{n}p" if n is not None else f"{gid}-unloadable"


def require_game(gid: str, n: int | None) -> Game:
    game = load(gid)  # raises the import error for an unloadable game
    assert n is not None
    return game


# ---- options --------------------------------------------------------------------------------


def random_option_value(opt: Option, rng: Rng) -> Any:
    """A random allowed value of ``opt`` that keeps games short enough to test.

    Ints are drawn between the minimum and the default (or minimum + 4 when the default is
    ``None``), so a random game is never much longer than a default one.
    """
    if opt.choices is not None:
        return rng.choice(list(opt.choices))
    if isinstance(opt.default, bool):
        return bool(rng.randbelow(2))
    if isinstance(opt.default, int) or (opt.default is None and opt.minimum is not None):
        lo = opt.minimum if opt.minimum is not None else min(0, opt.default)
        hi = opt.default if isinstance(opt.default, int) else lo + 4
        if opt.maximum is not None:
            hi = min(hi, opt.maximum)
        if opt.default is None and rng.randbelow(3) == 0:
            return None
        return lo + rng.randbelow(max(1, hi - lo + 1))
    return opt.default


def random_options(game: Game, rng: Rng) -> dict:
    """Options with each one either left out (default) or set to a random allowed value."""
    out = {}
    for name, opt in game.options.items():
        if rng.randbelow(2):
            out[name] = random_option_value(opt, rng)
    game.resolve_options(out)  # a value this function picks must be allowed
    return out


def game_setup(game: Game, n: int, index: int, salt: str = "play") -> tuple[int, dict]:
    """Seed and options of the ``index``-th random game of ``game`` with ``n`` players.

    Even indices use the default options, odd ones random options.
    """
    seed = stable_seed(game.id, n, index, salt)
    options = {} if index % 2 == 0 else random_options(game, Rng(seed ^ 0x0B7))
    return seed, options


# ---- JSON helpers ---------------------------------------------------------------------------


# ``json.dumps(value, sort_keys=True, separators=(",", ":"))`` builds a new encoder on each call,
# which costs three times the encoding of a small action; the suite encodes every legal action of
# every state it checks (810 of them in a 6-player Bunny Bunny Moose Moose round), so it keeps one.
try:
    from json.encoder import c_make_encoder as _c_make_encoder
except ImportError:  # a Python without the C accelerator: json.dumps itself
    _c_make_encoder = None
_ENCODE = (
    _c_make_encoder(
        None, json.JSONEncoder().default, json.encoder.encode_basestring_ascii, None, ":", ",", True, False, True
    )
    if _c_make_encoder is not None
    else None
)


def canonical(value: Any) -> str:
    """Canonical JSON text, strict about types (``True`` ≠ ``1`` ≠ ``1.0``): the text of
    ``json.dumps(value, sort_keys=True, separators=(",", ":"))``.

    Raises:
        TypeError: a value JSON has no form for.
    """
    if _ENCODE is None:
        return json.dumps(value, sort_keys=True, separators=(",", ":"))
    return "".join(_ENCODE(value, 0))


def assert_json_safe(value: Any, what: str) -> None:
    """``value`` survives a JSON round trip unchanged (no tuples, sets, int keys, objects)."""
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise AssertionError(f"{what} is not JSON-safe: {exc}: {value!r}") from None
    assert json.loads(text) == value, f"{what} changes in a JSON round trip: {value!r}"


def json_safe_texts(values: list, what: str) -> list[str]:
    """The canonical text of each of ``values`` (:func:`canonical`), once the list is found
    JSON-safe as :func:`assert_json_safe` finds it: no NaN or infinity, nothing JSON has no form
    for, and the texts read back equal to ``values``. One encoding serves both checks.

    Raises:
        AssertionError: ``values`` is not JSON-safe (naming ``what``).
    """
    try:
        if _c_make_encoder is None:
            texts = [json.dumps(v, sort_keys=True, separators=(",", ":"), allow_nan=False) for v in values]
        else:  # canonical()'s encoder, strict as json.dumps is: no NaN, circular references refused
            encode = _c_make_encoder(
                {}, json.JSONEncoder().default, json.encoder.encode_basestring_ascii, None, ":", ",", True, False, False
            )
            texts = ["".join(encode(v, 0)) for v in values]
    except (TypeError, ValueError) as exc:
        raise AssertionError(f"{what} is not JSON-safe: {exc}: {values!r}") from None
    assert json.loads("[" + ",".join(texts) + "]") == values, f"{what} changes in a JSON round trip: {values!r}"
    return texts


def unique_keys(actions: list[dict]) -> set:
    """The distinct actions among ``actions``, compared strictly (``True``, ``1``, ``1.0`` differ)."""
    return {canonical(a) for a in actions}


def vandalize(value: Any) -> None:
    """Empty every list and dict reachable from ``value`` (to catch aliasing of state internals)."""
    if isinstance(value, dict):
        for v in value.values():
            vandalize(v)
        value.clear()
        value["vandalized"] = True
    elif isinstance(value, list):
        for v in value:
            vandalize(v)
        value.clear()
        value.append("vandalized")


def round_trip(game: Game, state: State) -> str:
    """``state.to_json()`` after checking that loading it gives the same text back."""
    text = state.to_json()
    loaded = game.state_from_json(text)
    again = loaded.to_json()
    assert again == text, f"save round trip changed the state:\n  saved  {text}\n  loaded {again}"
    return text


# ---- the per-state contract -----------------------------------------------------------------


def check_contract(
    game: Game, state: State, all_players: bool = True, deep: bool = True, legal_out: dict | None = None
) -> list[int]:
    """Check the contract questions at one state; return ``current_players()``.

    ``legal_out``, when given, receives ``{player: legal_actions(player)}`` for the current
    players, so a caller that goes on to choose an action need not ask again.

    * ``current_players()`` is a list of distinct seats; empty exactly when terminal;
    * every current player has at least one legal action (nobody is stuck), and with
      ``all_players`` every other seat has none;
    * legal actions are dicts with a string ``"type"``; with ``deep`` also JSON-safe and distinct;
    * with ``deep``: ``returns()`` has one number per player; ``winners()`` is empty until the
      game is over, then a non-empty list of seats.
    """
    n = state.num_players
    players = state.current_players()
    assert isinstance(players, list), f"current_players() returned {type(players).__name__}"
    assert len(set(players)) == len(players), f"current_players() repeats a seat: {players}"
    for p in players:
        assert isinstance(p, int) and not isinstance(p, bool) and 0 <= p < n, f"bad seat {p!r} in {players}"
    terminal = state.is_terminal()
    assert terminal is (not players), f"is_terminal()={terminal!r} but current_players()={players}"
    if deep:
        returns = state.returns()
        assert isinstance(returns, list) and len(returns) == n, f"returns() must have {n} values: {returns!r}"
        assert all(isinstance(r, (int, float)) and not isinstance(r, bool) and math.isfinite(r) for r in returns), (
            f"returns() must be finite numbers, got {returns}"
        )
        winners = state.winners()
        assert isinstance(winners, list)
        if terminal:
            assert winners, "a finished game has no winner"
            assert len(set(winners)) == len(winners) and all(
                isinstance(w, int) and not isinstance(w, bool) and 0 <= w < n for w in winners
            ), f"winners() must be distinct seats, got {winners}"
        else:
            assert winners == [], f"winners() must be [] while the game is on, got {winners}"
    seats = range(n) if (all_players and deep) else players
    for p in seats:
        legal = state.legal_actions(p)
        assert isinstance(legal, list)
        if p in players:
            assert legal, f"player {p} must act but has no legal action (stuck)"
            if legal_out is not None:
                legal_out[p] = legal
            for a in legal:
                assert isinstance(a, dict) and isinstance(a.get("type"), str), (
                    f"legal action {a!r} is not a dict with a str type"
                )
            if not deep:
                continue
            keys = json_safe_texts(legal, f"legal_actions({p})")
            if len(set(keys)) != len(keys):
                twice = sorted({k for k in keys if keys.count(k) > 1})
                raise AssertionError(f"legal_actions({p}) lists an action more than once: {twice}")
        else:
            assert legal == [], f"player {p} is not to act but has legal actions {legal[:3]}..."
    return players


def check_events(events: Any, deep: bool = True) -> None:
    """Events are a list of dicts with a str ``"type"``; with ``deep`` also JSON-safe."""
    assert isinstance(events, list), f"apply_action must return a list of events, got {type(events).__name__}"
    for e in events:
        assert isinstance(e, dict) and isinstance(e.get("type"), str), f"bad event {e!r}"
    if deep:
        assert_json_safe(events, "events")


# ---- random play ------------------------------------------------------------------------------


class ConformanceFailure(AssertionError):
    """A check failed during random play; the message is a reproduction."""

    def __init__(
        self,
        game_id: str,
        n: int,
        seed: int,
        options: dict,
        step: int,
        before: str | None,
        player: Any,
        action: Any,
        error: BaseException,
    ) -> None:
        self.game_id, self.n, self.seed, self.options, self.step = game_id, n, seed, options, step
        self.before, self.player, self.action, self.error = before, player, action, error
        lines = [
            f"{game_id} with {n} players, seed={seed}, options={options!r}: step {step} failed:",
            f"  {type(error).__name__}: {error}",
        ]
        if action is not None:
            lines.append(f"  action: player {player!r} {canonical(action)}")
        if before is not None:
            sent = canonical(action) if action is not None else "..."
            lines.append(
                f"  reproduce: state = pycore.load_game({game_id!r}).state_from_json(BEFORE); "
                f"state.apply_action({player!r}, {sent})"
            )
            lines.append(f"  BEFORE = {before}")
        super().__init__("\n".join(lines))

    def as_dict(self) -> dict:
        return {
            "game": self.game_id,
            "num_players": self.n,
            "seed": self.seed,
            "options": self.options,
            "step": self.step,
            "player": self.player,
            "action": self.action,
            "state_before": self.before,
            "error": f"{type(self.error).__name__}: {self.error}",
        }


def play_random_game(
    game: Game,
    n: int,
    seed: int,
    options: dict | None = None,
    *,
    roundtrip_every: int = 1,
    deep_every: int = 1,
    all_players: bool = True,
    on_state: Callable[[State, int], None] | None = None,
) -> tuple[State, list[list]]:
    """Play one seeded random game with the contract checks after every action.

    The player is uniform among ``current_players()`` and the action uniform among their
    ``legal_actions``; the action is passed through JSON first, as the UI sends it. Checked at
    every state: :func:`check_contract` (its ``deep`` part every ``deep_every`` states),
    ``check_invariants()``, JSON-safe events, the step bound ``game.max_game_length``, and the
    save round trip every ``roundtrip_every`` states (and at the end). ``on_state(state, step)`` runs
    at every state for extra checks.

    Returns the terminal state and the actions ``[[player, action], ...]``.

    Raises:
        ConformanceFailure: any check failed (the message reproduces the failing step).
    """
    options = dict(options or {})
    rng = Rng(seed ^ PLAYER_SALT)
    actions: list[list] = []
    step = 0
    player: Any = None
    action: Any = None
    try:
        state = game.new_initial_state(n, seed, options)
        while True:
            state.check_invariants()
            deep = step % deep_every == 0 or state.is_terminal()
            legal = {}
            players = check_contract(game, state, all_players, deep=deep, legal_out=legal)
            if step % roundtrip_every == 0 or not players:
                round_trip(game, state)
            if on_state is not None:
                on_state(state, step)
            if not players:
                return state, actions
            assert step < game.max_game_length, f"no end after max_game_length={game.max_game_length} actions"
            player = rng.choice(players)
            action = json.loads(json.dumps(rng.choice(legal[player])))
            events = state.apply_action(player, action)
            check_events(events, deep)
            actions.append([player, action])
            step += 1
            player = action = None
    except ConformanceFailure:
        raise
    except Exception as exc:  # noqa: BLE001 - every failure becomes a reproduction
        try:  # the state just before the failing action, rebuilt from the actions so far
            before: str | None = replay(game, n, seed, options, actions).to_json()
        except Exception:  # noqa: BLE001
            before = None
        raise ConformanceFailure(game.id, n, seed, options, step, before, player, action, exc) from exc


def replay(game: Game, n: int, seed: int, options: dict, actions: list[list]) -> State:
    """The state after applying ``actions`` ([[player, action], ...]) to a new game."""
    state = game.new_initial_state(n, seed, options)
    for player, action in actions:
        state.apply_action(player, action)
    return state


def sample_states(game: Game, n: int, games: int, per_game: int, salt: str = "pool") -> list[str]:
    """Saved states spread along ``games`` random games (initial, middle and final states)."""
    out: list[str] = []
    for i in range(games):
        seed, options = game_setup(game, n, i, salt)
        state, actions = play_random_game(game, n, seed, options, roundtrip_every=10**9, all_players=False)
        total = len(actions)
        marks = sorted({0, total} | {total * k // max(1, per_game - 1) for k in range(per_game)})
        state = game.new_initial_state(n, seed, options)
        done = 0
        for mark in marks:
            while done < mark:
                state.apply_action(*actions[done])
                done += 1
            out.append(state.to_json())
    return out


_POOLS: dict[tuple[str, int], list[str]] = {}


def state_pool(game: Game, n: int) -> list[str]:
    """Saved reachable states of ``game`` with ``n`` players (cached for the whole run)."""
    key = (game.id, n)
    if key not in _POOLS:
        _POOLS[key] = sample_states(game, n, games=2, per_game=6)
    return _POOLS[key]


def random_continuation(game: Game, state: State, rng: Rng, steps: int) -> None:
    """Play up to ``steps`` random legal actions on ``state`` with invariants and contract checks."""
    for _ in range(steps):
        players = check_contract(game, state, all_players=False)
        if not players:
            return
        p = rng.choice(players)
        check_events(state.apply_action(p, rng.choice(state.legal_actions(p))))
        state.check_invariants()


def check_sample_hidden(game: Game, state: State, p: int, seed: int, stats: dict, samples: int = 3) -> None:
    """Check ``game.sample_hidden(state, p, ...)`` for ``samples`` seeds (see test_hidden_information).

    Counts in ``stats["pairs"]`` the (sample, other player q) pairs and in ``stats["varied"]``
    those where q's observation changed (the re-deal really re-dealt q's hidden cards).
    """
    before = state.to_json()
    obs = state.observation(p)
    public = state.public_observation()
    players = state.current_players()
    legal = state.legal_actions(p)
    others = {q: state.observation(q) for q in range(state.num_players) if q != p}
    for k in range(samples):
        sample = game.sample_hidden(state, p, Rng(seed + k))
        assert state.to_json() == before, f"sample_hidden({p}) changed the original state"
        assert sample is not state
        assert sample.observation(p) == obs, (
            f"observation({p}) changed when only what player {p} cannot see was re-dealt:\n"
            f"  before {obs}\n  after  {sample.observation(p)}"
        )
        assert sample.public_observation() == public, "sample_hidden changed the public observation"
        assert sample.current_players() == players, "sample_hidden changed who is to act"
        assert sample.legal_actions(p) == legal, f"sample_hidden changed player {p}'s legal actions"
        sample.check_invariants()
        check_contract(game, sample, all_players=False)
        round_trip(game, sample)
        for q, view in others.items():
            stats["pairs"] += 1
            if sample.observation(q) != view:
                stats["varied"] += 1
        random_continuation(game, sample, Rng(seed ^ k), 12)
        assert state.to_json() == before, "playing on a sample changed the original state"
    # the same rng seed gives the same sample
    assert game.sample_hidden(state, p, Rng(seed)).to_json() == game.sample_hidden(state, p, Rng(seed)).to_json()


def iter_paths(value: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    """Every ``(path, value)`` inside a JSON value, the root included, depth first."""
    yield path, value
    if isinstance(value, dict):
        for k in sorted(value):
            yield from iter_paths(value[k], path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from iter_paths(v, path + (i,))


def get_path(root: Any, path: tuple) -> Any:
    for k in path:
        root = root[k]
    return root


def set_path(root: Any, path: tuple, value: Any) -> None:
    get_path(root, path[:-1])[path[-1]] = value


def path_text(path: tuple) -> str:
    return "state" + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path)


def load_or_refusal(game: Game, text: str, what: str) -> State | InvalidStateError:
    """The state ``text`` loads as, or the ``InvalidStateError`` that refused it (which must have a
    message); any other exception fails, naming ``what``."""
    try:
        return game.state_from_json(text)
    except InvalidStateError as exc:
        assert str(exc).strip(), f"{what}: InvalidStateError without a message"
        return exc
    except Exception as exc:  # noqa: BLE001
        raise AssertionError(f"{what}: raised {type(exc).__name__}: {exc} instead of InvalidStateError") from exc


def expect_refused(game: Game, text: str, what: str) -> InvalidStateError:
    """Loading ``text`` must raise ``InvalidStateError`` with a non-empty message."""
    loaded = load_or_refusal(game, text, what)
    if isinstance(loaded, InvalidStateError):
        return loaded
    raise AssertionError(f"{what}: was accepted (loaded state {loaded.to_json()[:300]}...)")


def expect_refused_or_valid(game: Game, text: str, what: str, rng: Rng, steps: int = 40) -> bool:
    """Loading ``text`` raises ``InvalidStateError``, or gives a state that is really valid.

    Valid means: invariants and contract hold, it round-trips, and random play goes on from it
    without errors. Returns True if it was refused.
    """
    loaded = load_or_refusal(game, text, what)
    if isinstance(loaded, InvalidStateError):
        return True
    try:
        loaded.check_invariants()
        check_contract(game, loaded)
        round_trip(game, loaded)
        random_continuation(game, loaded, rng, steps)
    except Exception as exc:  # noqa: BLE001
        raise AssertionError(
            f"{what}: was accepted, but the loaded state is not valid: {type(exc).__name__}: {exc}\n  text: {text}"
        ) from exc
    return False
