"""One game across several phones at one table, with no server and no internet.

One phone hosts: it runs the engine, the only authority. Each other player's phone is a guest
that pairs with the host by two QR codes (the host's offer, the guest's answer) and then talks to
it over a WebRTC data channel on the local network. A phone that comes back to a table it played
at (the host reloaded, or the phone) scans only the host's code: the host rebuilds its answer.

* :mod:`hotseat.net.signal` — the pairing codes: the few SDP lines WebRTC needs, packed into a
  short text for a QR code, and the complete SDP rebuilt from it.
* :mod:`hotseat.net.protocol` — the messages on the data channel: versioned JSON, every one
  validated on arrival (a bad one is refused with the reason, never half-used).
* :mod:`hotseat.net.qr` — a QR code's modules as SVG markup.

Everything here is pure Python (tested in CPython); the browser side of the transport is
``web/js/net.mjs``.
"""

#: the localStorage key of the seat a guest phone keeps (:mod:`hotseat.net.guest`); here so the
#: home screen can look for it without importing the phone side
GUEST_KEY = "hotseat.guest"
#: seconds a pairing may take to connect once both codes were read (the host's "Connecting…",
#: the phone's "Waiting for the host…" and "Waiting for the table…") before the screen says it
#: did not connect and offers to try again
CONNECT_S = 20
