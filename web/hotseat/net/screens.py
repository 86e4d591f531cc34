"""The phone screens, drawn from the state of this phone's side of the links.

Pure functions of a :class:`~hotseat.net.side_state.HostState` (a
:class:`~hotseat.net.host_side.HostSide`) or a :class:`~hotseat.net.side_state.PhoneState` (a
:class:`~hotseat.net.phone_side.PhoneSide`), built with :mod:`hotseat.markup`: the phones strip
on the host's public screens (:func:`strip`), the host's sheet for pairing a phone or going on
without one that is away (:func:`pairing_sheet`), and every screen of a phone at another's table,
from "Join a table" to its game (:func:`guest_screen`). A pairing code is drawn as a QR code once
the browser glue has made it (:func:`qr_figure` asks for it in the
:class:`~hotseat.net.wire.Wire`'s ``requests``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import screens
from ..bot_turns import is_bot
from ..i18n import gettext as _
from ..markup import Markup, fragment, h
from ..names import bot_name
from ..seats import HUMAN
from . import CONNECT_S, qr

if TYPE_CHECKING:
    from ..session import Session
    from .sheets import PairingSheet
    from .side_state import HostState, PhoneState
    from .wire import Wire


def net_tap(do: str, **more: Any) -> dict[str, Any]:
    return {"shell": "net", "do": do, **more}


def qr_figure(wire: Wire, text: str, label: str) -> Markup:
    made = wire.qr_cache.get(text)
    if made is None:
        if ("qr", text) not in wire.requests:
            wire.requests.append(("qr", text))
        return h("p", {"class": "note net-qr-wait"}, _("Preparing the code…"))
    version, rows = made
    return h("figure", {"class": "net-qr", "data-net-code": text, "data-qr-version": version}, qr.qr_svg(rows, label))


def strip(side: HostState) -> Markup:
    """The phones strip on the host's public screens: each phone seat, connected or not."""
    host, s = side.hosting()
    due = side.away.due()
    items = []
    for seat in s.phones.seats:
        remote = host.remotes.get(seat)
        on = remote is not None and remote.link is not None
        state = _("connected") if on else (_("away") if remote is not None else _("not connected"))
        kind = s.kinds[seat]
        if is_bot(kind):
            state = _("away: {bot} plays").format(bot=bot_name(kind.split(":", 1)[1]))
        elif kind == HUMAN:
            state = _("away: plays on this phone")
        items.append(
            h(
                "li",
                {"class": ["net-seat", "on" if on else "off"], "data-seat": seat},
                h("span", {"class": "who"}, s.names[seat]),
                h("span", {"class": "state"}, state),
                None
                if on or not side.wire.possible
                else screens.button(_("Connect"), net_tap("invite", seat=seat), "secondary small"),
                screens.button(_("Go on without it"), net_tap("away", seat=seat), "secondary small go-on")
                if seat in due
                else None,
            )
        )
    wanting = side.wire.possible and any(
        host.remotes.get(seat) is None or host.remotes[seat].link is None for seat in s.phones.seats
    )
    return h(
        "section",
        # while a phone is to connect, the strip (its Connect) stays in the window: see style.css
        {"class": ["net-strip", "wanting" if wanting else None], "aria-label": _("Phones at this table")},
        h("h2", None, _("Players' own phones")),
        h("ul", None, items),
        None if side.wire.possible else screens.no_phones_note(),
    )


def pairing_sheet(side: HostState) -> Markup | None:
    sheet = side.sheet
    if sheet is None:
        return None
    session = side.hosting()[1]
    name = session.names[sheet.seat] if sheet.seat is not None else _("a returning phone")
    parts: list[Any] = [h("h2", {"id": "net-q"}, _("Connect {name}'s phone").format(name=name))]
    if sheet.step == "away":
        parts = [h("h2", {"id": "net-q"}, _("{name}'s phone is away").format(name=name))]
        parts += _away_sheet(side, name, session)
    elif sheet.step == "offer":
        if sheet.connected is not None:  # going through the phones back, one after another
            done = session.names[sheet.connected]
            parts.append(
                h("p", {"class": "note net-next", "role": "status"}, _("{name}'s phone is back.").format(name=done))
            )
        if sheet.used_by is not None:  # a phone of another seat used the last code
            other = session.names[sheet.used_by]
            used = _("{other}'s phone used the code made for {name}, so it is back at {other}'s seat.")
            parts.append(h("p", {"class": "net-error", "role": "alert"}, used.format(other=other, name=name)))
        if sheet.code is None:
            parts.append(h("p", {"class": "note"}, sheet.error or _("Preparing the code…")))
        elif side.table_screen:
            parts += _table_offer(side, sheet, sheet.code, name)
        else:
            parts += [
                h(
                    "p",
                    None,
                    _("On {name}'s phone: open Hotseat, tap “Join a table” and scan this code.").format(name=name),
                ),
                qr_figure(side.wire, sheet.code, _("Pairing code for {name}").format(name=name)),
                _code_text(sheet.code),
                _same_network(),
            ]
            if sheet.rebuilt:  # that phone answered here before: it connects by itself
                parts += [
                    h(
                        "p",
                        {"class": "note", "role": "status"},
                        _("{name}'s phone connects by itself.").format(name=name),
                    ),
                    screens.button(_("Not connecting? Scan the phone's answer"), net_tap("plain"), "secondary"),
                ]
            else:
                parts.append(screens.button(_("Next: scan the phone's answer"), net_tap("scan_answer"), "primary big"))
    elif sheet.step == "answer":
        parts += [
            h("p", None, _("Point the camera at the code on {name}'s phone.").format(name=name)),
            _camera(sheet.camera_error),
            _paste_field(_("Connect"), net_tap("answer"), sheet.camera_error),
        ]
    elif sheet.step in ("refused", "old_phone"):
        text = (
            _("That phone's Hotseat is too old for this table: update it (reload it while online).")
            if sheet.step == "old_phone"
            else _("That phone was not at this table, so it cannot take a seat from this code.")
        )
        parts += [h("p", {"class": "net-error", "role": "alert"}, text), _try_again(sheet.seat)]
    elif side.connect_left_s() == 0:
        parts += [
            h(
                "p",
                {"class": "net-error", "role": "alert"},
                _("The connection to {name}'s phone failed.").format(name=name)
                if sheet.failed
                else _("{name}'s phone did not connect within {s} seconds.").format(name=name, s=CONNECT_S),
            ),
            _same_network(),
            _try_again(sheet.seat),
        ]
    else:
        parts.append(h("p", {"class": "note", "role": "status"}, _("Connecting…")))
    if sheet.error:
        parts.append(h("p", {"class": "net-error", "role": "alert"}, sheet.error))
    parts.append(h("div", {"class": "actions"}, screens.button(_("Close"), net_tap("close_sheet"), "secondary")))
    return h(
        "div",
        {
            "class": ["overlay", "net-sheet", "table-join" if side.table_screen else None],
            "role": "dialog",
            "aria-modal": "true",
            "aria-labelledby": "net-q",
        },
        h("div", {"class": "sheet"}, parts),
    )


def _table_offer(side: HostState, sheet: PairingSheet, code: str, name: str) -> list[Any]:
    """The pairing code on a table screen, large for a phone held over it, and beside it the
    camera that reads the phone's answer (no tap here); a phone that answered here before
    connects by itself after its scan."""
    how = h(
        "p",
        {"class": "join-how"},
        _("On {name}'s phone: open Hotseat, tap “Join a table” and scan this code.").format(name=name),
    )
    if sheet.rebuilt:
        answer: list[Any] = [
            h("p", {"class": "note", "role": "status"}, _("{name}'s phone connects by itself.").format(name=name)),
            screens.button(_("Not connecting? Scan the phone's answer"), net_tap("plain"), "secondary"),
        ]
    else:
        answer = [
            h("p", None, _("Then hold the phone's answer code up to this screen's camera.")),
            _camera(sheet.camera_error),
            _paste_field(_("Connect"), net_tap("answer"), sheet.camera_error),
        ]
    return [
        how,
        h(
            "div",
            {"class": "join-codes"},
            h(
                "div",
                {"class": "join-code"},
                qr_figure(side.wire, code, _("Pairing code for {name}").format(name=name)),
            ),
            h("div", {"class": "join-answer"}, answer),
        ),
        _table_seats(side),
        _code_text(code),
        _same_network(),
    ]


def _table_seats(side: HostState) -> Markup:
    """On a table screen's pairing sheet: every phone seat in seat order, connected or not (the
    one whose code is up marked), so the table sees who is in and who comes next."""
    host, s = side.hosting()
    up = side.sheet.seat if side.sheet is not None else None
    items = []
    for seat in s.phones.seats:
        remote = host.remotes.get(seat)
        on = remote is not None and remote.link is not None
        state = _("connected") if on else (_("away") if remote is not None else _("not connected"))
        items.append(
            h(
                "li",
                {
                    "class": ["net-seat", "on" if on else "off"],
                    "data-seat": seat,
                    "aria-current": "step" if seat == up else None,
                },
                h("span", {"class": "who"}, s.names[seat]),
                h("span", {"class": "state"}, state),
            )
        )
    return h("ol", {"class": "join-seats", "aria-label": _("Phones at this table")}, items)


def _try_again(seat: int | None) -> Markup:
    """A new code for the same seat (the last one is dropped)."""
    return screens.button(_("Try again with a new code"), net_tap("invite", seat=seat), "primary big")


def _away_sheet(side: HostState, name: str, session: Session) -> list[Any]:
    seat = side.sheet.seat if side.sheet is not None else None
    bots = [k for k in side.away.kinds(session) if is_bot(k)]
    parts: list[Any] = [
        h(
            "p",
            None,
            _("The table waits for {name}, whose phone is not connected. Until it is back:").format(name=name),
        )
    ]
    if bots:
        parts.append(
            h(
                "div",
                {
                    "class": "actions net-bots",
                    "role": "group",
                    "aria-label": _("A bot plays for {name}").format(name=name),
                },
                [
                    screens.button(bot_name(k.split(":", 1)[1]), net_tap("stand_in", seat=seat, kind=k), "secondary")
                    for k in bots
                ],
            )
        )
    if HUMAN in side.away.kinds(session):  # never at a table screen: nobody plays there
        parts.append(
            screens.button(
                _("{name} plays on this phone").format(name=name),
                net_tap("stand_in", seat=seat, kind=HUMAN),
                "secondary",
            )
        )
    parts += [
        h(
            "p",
            {"class": "note"},
            _("When {name}'s phone connects again, it takes the seat back.").format(name=name),
        ),
    ]
    return parts


def guest_screen(side: PhoneState) -> Markup:
    """The guest phone's whole screen."""
    g = side.joining()
    play = side.play
    if play is not None and g.status == "playing" and side.join is None and g.paused:
        return _guest_page(
            _("The host stepped away"),
            [
                h("p", {"role": "status"}, _("The game waits until the host is back at the table.")),
                h("p", None, _("Your seat and your cards stay with this phone: keep this screen open.")),
            ],
            "guest-paused",
        )
    if play is not None and g.status == "playing" and side.join is None:
        away = [play.welcome["names"][p] for p in play.latest["away"] if p != g.seat]
        page = play.render(away)
        if g.rejected:
            page = fragment(page, screens.toast(g.rejected))
        return page
    if g.status == "update":
        text = (
            _("This phone's Hotseat is older than the table's. Update it (reload it while online), then scan again.")
            if g.problem == "this"
            else _("The host's Hotseat is older than this phone's. Update the host's app, then scan again.")
        )
        return _guest_page(_("Update needed"), [h("p", {"role": "alert"}, text)], "guest-update")
    if g.status == "refused":
        return _guest_page(
            _("Not at this table"),
            [
                h("p", {"role": "alert"}, g.problem or ""),
                screens.button(_("Scan again"), net_tap("rescan"), "primary big"),
            ],
            "guest-refused",
        )
    join = side.join
    if join is not None and join.step == "answer" and join.code is not None:
        shown = [
            h("p", None, _("The host scans this code to connect this phone.")),
            qr_figure(side.wire, join.code, _("This phone's answer code")),
        ]
        if side.connect_left_s() != 0:
            answer: list[Any] = [
                *shown,
                h("p", {"class": "note", "role": "status"}, _("Waiting for the host…")),
                _code_text(join.code),
                screens.button(_("Scan the host's code again"), net_tap("rescan"), "secondary"),
            ]
        else:  # not connected in time: what to do comes first, the code (the host may scan it late) after
            late = (
                _(
                    "The connection failed. If the host has scanned this code, check that both phones share "
                    "one Wi-Fi network, then try again."
                )
                if join.failed
                else _(
                    "Not connected after {s} seconds. If the host has scanned this code, check that both "
                    "phones share one Wi-Fi network, then try again."
                ).format(s=CONNECT_S)
            )
            answer = [
                h("p", {"class": "net-error", "role": "alert"}, late),
                screens.button(_("Try again: scan the host's code"), net_tap("rescan"), "primary big"),
                *shown,
                _code_text(join.code),
            ]
        return _guest_page(_("Show this to the host"), answer, "guest-answer")
    if join is not None and join.step == "answering":
        return _guest_page(
            _("Join a table"), [h("p", {"role": "status"}, _("Preparing this phone's answer…"))], "guest-answering"
        )
    if g.status in ("waiting",) and join is None:
        if side.connect_left_s() == 0:
            silent = _("The table has not answered for {s} seconds.").format(s=CONNECT_S)
            return _guest_page(
                _("Connected"),
                [
                    h("p", {"class": "net-error", "role": "alert"}, silent),
                    screens.button(_("Try again: scan the host's code"), net_tap("rescan"), "primary big"),
                ],
                "guest-waiting",
            )
        return _guest_page(_("Connected"), [h("p", {"role": "status"}, _("Waiting for the table…"))], "guest-waiting")
    lost = g.status == "lost" and join is None
    if lost and g.problem == "ended":
        return _guest_page(_("Game ended"), [h("p", {"role": "alert"}, _("The host ended the game."))], "guest-ended")
    if lost:
        lead = (
            _("Another phone took this seat.")
            if g.problem == "replaced"
            else _("The connection to the table was lost.")
        )
        return _guest_page(
            _("Connection lost"),
            [
                h("p", {"role": "alert"}, lead),
                h(
                    "p",
                    None,
                    _("Ask the host to show the code for your seat, then scan it: you get your cards back."),
                ),
                screens.button(_("Scan the host's code"), net_tap("rescan"), "primary big"),
            ],
            "guest-lost",
        )
    error = join.error if join else None
    camera_error = join.camera_error if join else None
    parts = [
        h("p", None, _("On the host's phone, tap “Connect” beside your name, then point this camera at the code.")),
        _camera(camera_error),
        _paste_field(_("Join"), net_tap("offer"), camera_error),
        _same_network(),
    ]
    if g.room is not None:
        keeps = _("This phone keeps its seat: scanning the host's code brings your cards back.")
        parts.insert(0, h("p", {"class": "note"}, keeps))
    if error:
        parts.append(h("p", {"class": "net-error", "role": "alert"}, error))
    return _guest_page(_("Join a table"), parts, "guest-join")


def _guest_page(title: str, parts: list[Any], screen: str) -> Markup:
    body = h(
        "div",
        {"class": "net-guest"},
        h("h1", None, title),
        parts,
        h("div", {"class": "actions"}, screens.button(_("Home"), net_tap("home"), "secondary")),
    )
    return screens.frame(body, title, screen=screen, menu=False)


def _camera(camera_error: str | None) -> Markup | None:
    """The camera's picture while it may run (none once it failed, ``camera_error`` says why: the
    text field is open then)."""
    if camera_error:
        return h("p", {"class": "note"}, _("The camera is not available here. Type or paste the code instead."))
    return h("video", {"class": "net-camera", "data-net-camera": True, "muted": True, "playsinline": True})


def _paste_field(label: str, tap: dict[str, Any], open_: bool | str | None = False) -> Markup:
    """ "Cannot scan? Paste the code": a text field and a button (the code is plain text); open
    from the start when the camera failed."""
    return h(
        "details",
        {"class": "net-paste", "open": bool(open_)},
        h("summary", None, _("Cannot scan? Type or paste the code")),
        h(
            "textarea",
            {
                "data-field": "net-code",
                "rows": 3,
                "spellcheck": "false",
                "autocomplete": "off",
                "autocapitalize": "off",
                "autocorrect": "off",
                "inputmode": "text",
                "aria-label": _("Pairing code"),
            },
        ),
        screens.button(label, tap, "primary"),
    )


def _code_text(code: str) -> Markup:
    """The code as text, for a phone that cannot scan: shown on request, with "Copy the code"
    (to send it by message) and a field a person can select or read out."""
    return h(
        "details",
        {"class": "net-paste net-text"},
        h("summary", None, _("No camera? Show the code as text")),
        h(
            "textarea",
            {
                "readonly": True,
                "rows": 4,
                "class": "net-code-text",
                "spellcheck": "false",
                "aria-label": _("Pairing code"),
            },
            code,
        ),
        screens.button(_("Copy the code"), net_tap("copy"), "secondary"),
    )


def _same_network() -> Markup:
    """Phones connect only to phones they can reach: say so where a pairing starts."""
    return h(
        "p",
        {"class": "note net-same-network"},
        _("All phones must share one Wi-Fi network, or one phone's hotspot."),
    )
