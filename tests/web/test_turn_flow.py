"""One turn flow for every table (hotseat.turn_flow): the host's own screen and a phone at its
table go through the same tap -> legal -> pending -> commit -> reveal path, each over its own
source (the engine here, the host's views there)."""

from __future__ import annotations

import json

from test_net_controller import two_phones
from ui_helpers import taps

from hotseat.session import Phase
from hotseat.turn_flow import REVEAL_START_MS, Pending, TurnFlow
from hotseat.views.six_nimmt import SixNimmtView


class ConfirmingView(SixNimmtView):
    """6 nimmt! with a Confirm step for every pick (the flow's pending path: no game's view asks
    for one under the commit rule, but a view may)."""

    def needs_confirm(self, action, ctx):
        return True


def _pick(markup) -> dict:
    return dict(next(t for t in taps(markup) if "pick" in t), fields={})


def _actions_sent(air, c) -> list[dict]:
    links = [link for link, owner in air.owner.items() if owner is c]
    sent = [json.loads(t) for link in links for t in air.sent.get(link, [])]
    return [m for m in sent if m["t"] == "act"]


def test_both_sources_keep_a_pick_pending_until_confirm_and_commit_it_once():
    air, host, _storage, ann, _bob = two_phones(seed=9)
    assert isinstance(host.session.flow, TurnFlow) and isinstance(ann.joined.play.flow, TurnFlow)
    view = ConfirmingView()
    host.session.view = view
    ann.joined.play.view_module = view

    # the host's own player: the pick waits, Undo drops it, Confirm applies it
    before = host.session.state.to_json()
    tap = _pick(host.render())
    host.tap(tap)
    assert host.session.flow.pending == Pending(0, {"type": "pick", "card": tap["pick"]})
    assert host.session.state.to_json() == before and "Undo" in str(host.render())
    host.tap({"shell": "undo", "fields": {}})
    assert host.session.flow.pending is None and host.session.state.to_json() == before
    host.tap(tap)
    host.tap({"shell": "confirm", "fields": {}})
    assert host.session.flow.pending is None and host.session.state.public_observation()["picked"][0] is True

    # a phone: the same, and nothing leaves the phone before Confirm
    air.run(host, ann)
    assert ann.joined.play.phase is Phase.TURN
    tap = _pick(ann.render())
    ann.tap(tap)
    air.run(host, ann)
    assert ann.joined.play.flow.pending == Pending(1, {"type": "pick", "card": tap["pick"]})
    assert _actions_sent(air, ann) == [] and host.session.state.public_observation()["picked"][1] is False
    ann.tap({"shell": "confirm", "fields": {}})
    air.run(host, ann)
    assert [m["action"] for m in _actions_sent(air, ann)] == [{"type": "pick", "card": tap["pick"]}]
    assert ann.joined.play.flow.pending is None and host.session.state.public_observation()["picked"][1] is True


def test_a_move_outside_the_legal_list_changes_nothing_on_either_source():
    air, host, _storage, ann, _bob = two_phones(seed=9)
    hand = host.session.state.observation(0)["hand"]
    not_mine = next(c for c in range(1, 105) if c not in hand)
    before = host.session.state.to_json()
    host.tap({"pick": not_mine, "fields": {}})
    assert host.session.state.to_json() == before and host.session.error == "That move is not allowed now."
    air.run(host, ann)
    ann.tap({"pick": not_mine, "fields": {}})
    air.run(host, ann)
    assert _actions_sent(air, ann) == [] and ann.joined.guest.rejected == "That move is not allowed now."


def test_the_reveal_steps_the_same_on_the_host_and_on_a_phone():
    air, host, _storage, ann, bob = two_phones(seed=9)
    host.tap(_pick(host.render()))
    air.run(host, ann, bob)
    for phone in (ann, bob):
        phone.tap(_pick(phone.render()))
        air.run(host, ann, bob)
    # every seat picked: the reveal of the cards plays out at the host and on both phones
    assert host.session.phase is Phase.REVEAL
    assert ann.joined.play.phase is Phase.REVEAL and bob.joined.play.phase is Phase.REVEAL
    assert host.session.flow.reveal is not None and ann.joined.play.flow.reveal is not None
    assert host.session.flow.reveal.events == ann.joined.play.flow.reveal.events
    delays = {}
    for name, flow in (("host", host.session.flow), ("ann", ann.joined.play.flow)):
        steps = []
        while flow.reveal is not None:
            steps.append((flow.reveal.step, flow.delay_ms()))
            flow.tick()
        delays[name] = steps
    assert delays["host"] == delays["ann"]
    assert delays["host"][0] == (0, REVEAL_START_MS) and len(delays["host"]) >= 3
    assert ann.joined.play.phase is not Phase.REVEAL and host.session.phase is not Phase.REVEAL
