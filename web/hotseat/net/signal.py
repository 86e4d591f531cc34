"""Pairing codes: the SDP of a WebRTC offer or answer packed into a short text for a QR code.

Two phones pair without a server (manual signalling): the host shows its *offer* as a QR code,
the guest scans it and shows its *answer*, the host scans that. A data channel over DTLS/SCTP
needs only a few facts from each side's SDP — the ICE user fragment and password, the DTLS
certificate fingerprint, the DTLS role and the host candidates (address and port) — everything
else in the SDP Chromium writes is the same for every data-channel-only session and is rebuilt
by :func:`to_sdp`. A full Chromium offer is ~715 bytes (a QR code of version 22 at error
correction level M); its code is ~155 (version 9 at level M: 53x53 modules instead of 105x105).

The text (ASCII, fields joined by ``~``)::

    HS~<protocol>~<kind>~<room>~<key>~<ufrag>~<pwd>~<fingerprint>~<setup>~<candidates>

* ``HS~<protocol>~`` never changes, so any version of the app can tell a Hotseat code, and which
  protocol version wrote it (:data:`hotseat.net.protocol.PROTOCOL_VERSION`), from the first
  characters: a phone with an older app is told to update instead of failing later.
* ``kind``: ``o`` (host's offer) or ``a`` (guest's answer).
* ``room``: the table (6 base64url characters, one per hosted game); ``key``: this pairing
  (4 characters; the answer repeats the offer's, so the host knows which waiting offer it
  answers, and a stale answer is refused).
* ``ufrag``/``pwd``: ``a=ice-ufrag``/``a=ice-pwd`` as they are (ice-chars, RFC 8839).
* ``fingerprint``: the DTLS certificate digest, base64url without padding; its length gives the
  hash (32 bytes sha-256, 48 sha-384, 64 sha-512).
* ``setup``: ``x`` actpass, ``a`` active, ``p`` passive (RFC 8842).
* ``candidates``: comma-separated UDP host candidates, each ``<address>+<port>``; an mDNS name
  (``<uuid>.local``, what browsers show instead of a local IP) is written as ``m`` and the UUID's
  16 bytes in base64url (22 characters), any other address as ``r`` and the address.

>>> code = encode("o", "Ab3_x9", "k7Qz", SAMPLE_OFFER)
>>> code[:32]
'HS~2~o~Ab3_x9~k7Qz~hpsY~HNehxjcc'
>>> len(code) < 160
True
>>> p = decode(code)
>>> (p.kind, p.room, p.key, p.setup, p.candidates[0])
('o', 'Ab3_x9', 'k7Qz', 'actpass', ('2469fe61-c8c4-47de-b734-3c7181e7b833.local', 41666))
>>> essentials(to_sdp(p)) == essentials(SAMPLE_OFFER)
True
"""

from __future__ import annotations

import base64
import binascii
import re
import uuid
from dataclasses import dataclass
from typing import Any

from ..bounded import ascii_int
from .protocol import PROTOCOL_VERSION

PREFIX = "HS"
SEP = "~"
KINDS = {"o": "offer", "a": "answer"}
SETUPS = {"x": "actpass", "a": "active", "p": "passive"}
HASHES = {32: "sha-256", 48: "sha-384", 64: "sha-512"}
#: at most this many candidates go into a code (a laptop with many network interfaces must not
#: make the QR code unreadable); the highest-priority ones are kept
MAX_CANDIDATES = 4
#: the largest message either side may send (hotseat.net.protocol keeps below it)
MAX_MESSAGE_SIZE = 65536
#: the longest text read as a code (real ones have about 160 characters; a pasted text may be
#: anything, and is not split or matched when it is longer)
MAX_CODE_CHARS = 1_000

ICE_CHARS = re.compile(r"[A-Za-z0-9+/]+")  # RFC 8839 ice-char
_B64URL = re.compile(r"[A-Za-z0-9_-]+")
_MDNS = re.compile(r"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.local", re.IGNORECASE)
_ADDRESS = re.compile(r"[0-9A-Za-z.:%-]{1,64}")  # IPv4, IPv6 (with zone) or a host name


class SignalError(ValueError):
    """A pairing code (or an SDP) that cannot be used.

    ``reason`` is one of ``"not_hotseat"`` (not a Hotseat code at all), ``"newer"`` (written by a
    newer app: update this one), ``"older"`` (written by an older app: update that one),
    ``"kind"`` (an offer where an answer was expected, or the other way round), ``"malformed"``
    (a Hotseat code with a bad field; the message names it) or ``"sdp"`` (the browser's SDP
    lacks what a data channel needs). ``version`` is the code's protocol version when known.
    """

    def __init__(self, reason: str, message: str, version: int | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.version = version


@dataclass(frozen=True)
class Pairing:
    """The decoded code: what one side tells the other to open the data channel.

    Attributes:
        kind: ``"o"`` (offer) or ``"a"`` (answer).
        room: the table's id (6 base64url characters).
        key: this pairing's id (4 base64url characters).
        ufrag, pwd: ICE credentials.
        hash: ``"sha-256"``, ``"sha-384"`` or ``"sha-512"``; digest: its bytes.
        setup: ``"actpass"``, ``"active"`` or ``"passive"``.
        candidates: ``((address, port), ...)``, highest priority first.
        version: the protocol version that wrote the code.
    """

    kind: str
    room: str
    key: str
    ufrag: str
    pwd: str
    hash: str
    digest: bytes
    setup: str
    candidates: tuple[tuple[str, int], ...]
    version: int = PROTOCOL_VERSION

    @property
    def fingerprint(self) -> str:
        """``AA:BB:...`` as in ``a=fingerprint``."""
        return ":".join(f"{b:02X}" for b in self.digest)


# ---- SDP -> fields ----------------------------------------------------------------------------


def essentials(sdp: str) -> dict[str, Any]:
    """The facts a data channel needs from a browser's SDP.

    Returns ``{"ufrag", "pwd", "hash", "digest", "setup", "candidates"}`` where candidates are the
    UDP candidates ``[(address, port), ...]`` sorted by their priority, highest first
    (TCP candidates are left out: phones at one table reach each other over UDP).

    Raises:
        SignalError: (reason ``"sdp"``) no data-channel m-line, or no ICE credentials,
            fingerprint, setup role or UDP candidate.
    """
    if not isinstance(sdp, str):
        raise SignalError("sdp", "the SDP is not text")
    lines = [line.strip() for line in sdp.replace("\r\n", "\n").split("\n") if line.strip()]
    if not any(line.startswith("m=application ") and "webrtc-datachannel" in line for line in lines):
        raise SignalError("sdp", "the SDP has no data channel")
    found: dict[str, Any] = {"candidates": []}
    for line in lines:
        if line.startswith("a=ice-ufrag:"):
            found.setdefault("ufrag", line[12:])
        elif line.startswith("a=ice-pwd:"):
            found.setdefault("pwd", line[10:])
        elif line.startswith("a=fingerprint:"):
            parts = line[14:].split()
            if len(parts) == 2 and "hash" not in found:
                try:
                    digest = bytes.fromhex(parts[1].replace(":", ""))
                except ValueError:
                    raise SignalError("sdp", "the SDP's fingerprint is not hexadecimal") from None
                found["hash"], found["digest"] = parts[0].lower(), digest
        elif line.startswith("a=setup:"):
            found.setdefault("setup", line[8:])
        elif line.startswith("a=candidate:"):
            cand = _candidate(line[12:])
            if cand is not None:
                found["candidates"].append(cand)
    for name in ("ufrag", "pwd", "hash", "setup"):
        if name not in found:
            raise SignalError("sdp", f"the SDP has no {name}")
    if not found["candidates"]:
        raise SignalError("sdp", "the SDP has no UDP candidate (is the phone on a network?)")
    found["candidates"] = [(a, port) for a, port, _prio in sorted(found["candidates"], key=lambda c: -c[2])]
    return found


def _candidate(text: str) -> tuple[str, int, int] | None:
    """``(address, port, priority)`` of a UDP candidate line (after ``a=candidate:``), else None."""
    parts = text.split()
    if len(parts) < 8 or parts[2].lower() != "udp" or parts[6] != "typ":
        return None
    priority, port = ascii_int(parts[3], 10), ascii_int(parts[5], 5)
    if priority is None or port is None or not 0 < port < 65536 or not _ADDRESS.fullmatch(parts[4]):
        return None
    return parts[4], port, priority


# ---- fields -> code ---------------------------------------------------------------------------


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str, what: str) -> bytes:
    if not _B64URL.fullmatch(text):
        raise SignalError("malformed", f"the code's {what} is not base64url")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise SignalError("malformed", f"the code's {what} is not base64url") from None


def _address_code(address: str) -> str:
    m = _MDNS.fullmatch(address)
    if m:
        return "m" + _b64(uuid.UUID(m.group(1)).bytes)
    return "r" + address


def encode(kind: str, room: str, key: str, sdp: str) -> str:
    """The pairing code of a browser's offer (``kind="o"``) or answer (``"a"``).

    Raises:
        ValueError: bad ``kind``, ``room`` or ``key``.
        SignalError: the SDP lacks what a data channel needs (see :func:`essentials`).
    """
    if kind not in KINDS:
        raise ValueError(f"kind must be 'o' or 'a', got {kind!r}")
    _check_id(room, 6, "room")
    _check_id(key, 4, "key")
    facts = essentials(sdp)
    setup = {v: k for k, v in SETUPS.items()}.get(facts["setup"])
    if setup is None:
        raise SignalError("sdp", f"the SDP's DTLS role {facts['setup']!r} is unknown")
    if facts["hash"] not in HASHES.values() or HASHES.get(len(facts["digest"])) != facts["hash"]:
        raise SignalError("sdp", f"the SDP's fingerprint hash {facts['hash']!r} is not supported")
    for name in ("ufrag", "pwd"):
        if not ICE_CHARS.fullmatch(facts[name]) or len(facts[name]) > 256:
            raise SignalError("sdp", f"the SDP's ICE {name} has characters ICE does not allow")
    cands = ",".join(f"{_address_code(a)}+{port}" for a, port in facts["candidates"][:MAX_CANDIDATES])
    fields = [
        PREFIX,
        str(PROTOCOL_VERSION),
        kind,
        room,
        key,
        facts["ufrag"],
        facts["pwd"],
        _b64(facts["digest"]),
        setup,
        cands,
    ]
    return SEP.join(fields)


def _check_id(value: str, length: int, what: str) -> None:
    if not isinstance(value, str) or len(value) != length or not _B64URL.fullmatch(value):
        raise ValueError(f"{what} must be {length} base64url characters, got {value!r}")


# ---- code -> fields ---------------------------------------------------------------------------


def code_version(text: str) -> int | None:
    """The protocol version a Hotseat code was written by, or None if it is not one (or longer
    than :data:`MAX_CODE_CHARS`).

    >>> code_version("HS~7~o~anything"), code_version("HOTSEAT 7")
    (7, None)
    """
    if not isinstance(text, str) or len(text) > MAX_CODE_CHARS:
        return None
    parts = text.strip().split(SEP, 2)
    if len(parts) < 3 or parts[0] != PREFIX:
        return None
    return ascii_int(parts[1], 6)


def decode(text: str, expect: str | None = None) -> Pairing:
    """Read a pairing code (``expect``: ``"o"`` or ``"a"`` to insist on one kind).

    Raises:
        SignalError: see its ``reason``; the message says what is wrong, for the player.
    """
    version = code_version(text)
    if version is None:
        raise SignalError("not_hotseat", "this is not a Hotseat pairing code")
    if version > PROTOCOL_VERSION:
        raise SignalError(
            "newer",
            f"this code comes from a newer Hotseat (protocol {version}); this phone speaks {PROTOCOL_VERSION}",
            version,
        )
    if version < PROTOCOL_VERSION:
        raise SignalError(
            "older",
            f"this code comes from an older Hotseat (protocol {version}); this phone speaks {PROTOCOL_VERSION}",
            version,
        )
    parts = text.strip().split(SEP)
    if len(parts) != 10:
        raise SignalError("malformed", f"the code has {len(parts)} fields instead of 10", version)
    _, _, kind, room, key, ufrag, pwd, fp, setup, cands = parts
    if kind not in KINDS:
        raise SignalError("malformed", f"the code's kind {kind!r} is unknown", version)
    if expect is not None and kind != expect:
        raise SignalError("kind", f"this is the {KINDS[kind]} code; the {KINDS[expect]} code is needed here", version)
    for value, length, what in ((room, 6, "room"), (key, 4, "key")):
        if len(value) != length or not _B64URL.fullmatch(value):
            raise SignalError("malformed", f"the code's {what} is invalid", version)
    for value, what in ((ufrag, "ICE user fragment"), (pwd, "ICE password")):
        if not ICE_CHARS.fullmatch(value) or len(value) > 256:
            raise SignalError("malformed", f"the code's {what} is invalid", version)
    if len(ufrag) < 4 or len(pwd) < 22:  # RFC 8839: at least 24 and 128 bits
        raise SignalError("malformed", "the code's ICE credentials are too short", version)
    digest = _unb64(fp, "fingerprint")
    if len(digest) not in HASHES:
        raise SignalError("malformed", "the code's fingerprint has a wrong length", version)
    if setup not in SETUPS:
        raise SignalError("malformed", f"the code's DTLS role {setup!r} is unknown", version)
    candidates = tuple(_read_candidate(c, version) for c in cands.split(",")) if cands else ()
    if not candidates or len(candidates) > MAX_CANDIDATES:
        raise SignalError("malformed", f"the code carries {len(candidates)} candidates", version)
    return Pairing(kind, room, key, ufrag, pwd, HASHES[len(digest)], digest, SETUPS[setup], candidates, version)


def _read_candidate(text: str, version: int) -> tuple[str, int]:
    address, plus, digits = text.rpartition("+")
    port = ascii_int(digits, 5)
    if not plus or port is None or not 0 < port < 65536:
        raise SignalError("malformed", f"the code's candidate {text!r} has no valid port", version)
    if address.startswith("m"):
        raw = _unb64(address[1:], "candidate address")
        if len(raw) != 16:
            raise SignalError("malformed", f"the code's candidate {text!r} is not an mDNS name", version)
        return f"{uuid.UUID(bytes=raw)}.local", port
    if address.startswith("r") and _ADDRESS.fullmatch(address[1:]):
        return address[1:], port
    raise SignalError("malformed", f"the code's candidate {text!r} is invalid", version)


# ---- a phone's answer kept by the host ----------------------------------------------------------


def answer_keys(pairing: Pairing) -> str:
    """What a host keeps of a phone's answer to rebuild it later (:func:`rebuilt_answer`): its ICE
    credentials, certificate fingerprint and DTLS role, ``<ufrag>~<pwd>~<fingerprint>~<setup>``.
    A phone that keeps its certificate and answers with the same credentials (``net.mjs``) can
    then connect to a reloaded host from the host's code alone."""
    setup = {v: k for k, v in SETUPS.items()}[pairing.setup]
    return SEP.join([pairing.ufrag, pairing.pwd, _b64(pairing.digest), setup])


def rebuilt_answer(keys: str, room: str, key: str) -> str:
    """The SDP of the answer a phone with ``keys`` (:func:`answer_keys`) will make to the offer
    ``key`` of ``room``. It names no candidate: the phone's checks tell the host where it is.

    Raises:
        SignalError: (reason ``"malformed"``) ``keys`` are not such keys.
    """
    ufrag, pwd, digest, setup = read_answer_keys(keys)
    return to_sdp(Pairing("a", room, key, ufrag, pwd, HASHES[len(digest)], digest, setup, ()))


def read_answer_keys(keys: Any) -> tuple[str, str, bytes, str]:
    """``(ufrag, pwd, digest, setup)`` of kept answer keys (read as untrusted as a code).

    Raises:
        SignalError: (reason ``"malformed"``) not such keys.
    """
    parts = keys.split(SEP) if isinstance(keys, str) and len(keys) <= 300 else []
    if len(parts) != 4:
        raise SignalError("malformed", "the kept answer has a wrong shape")
    ufrag, pwd, fp, setup = parts
    for value, least in ((ufrag, 4), (pwd, 22)):
        if not ICE_CHARS.fullmatch(value) or not least <= len(value) <= 256:
            raise SignalError("malformed", "the kept answer's ICE credentials are invalid")
    digest = _unb64(fp, "fingerprint")
    if len(digest) not in HASHES or setup not in ("a", "p"):
        raise SignalError("malformed", "the kept answer's fingerprint or role is invalid")
    return ufrag, pwd, digest, SETUPS[setup]


def to_sdp(pairing: Pairing) -> str:
    """The complete SDP (offer or answer, as the pairing's kind) for ``RTCPeerConnection``."""
    session = int.from_bytes(pairing.digest[:7], "big")  # any number; stable for one code
    lines = [
        "v=0",
        f"o=- {session} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    for i, (address, port) in enumerate(pairing.candidates):
        # host candidates, in the code's order (priority falls with the index)
        priority = (126 << 24) | ((65535 - i) << 8) | 255
        lines.append(f"a=candidate:{i + 1} 1 udp {priority} {address} {port} typ host generation 0")
    if pairing.candidates:  # none: the other side's checks tell where it is (peer-reflexive)
        lines.append("a=end-of-candidates")
    lines += [
        f"a=ice-ufrag:{pairing.ufrag}",
        f"a=ice-pwd:{pairing.pwd}",
        f"a=fingerprint:{pairing.hash} {pairing.fingerprint}",
        f"a=setup:{pairing.setup}",
        "a=mid:0",
        "a=sctp-port:5000",
        f"a=max-message-size:{MAX_MESSAGE_SIZE}",
    ]
    return "\r\n".join(lines) + "\r\n"


#: an offer as Chromium 156 wrote it here (data channel only, no ICE servers), for the doctests
SAMPLE_OFFER = (
    "\r\n".join(
        [
            "v=0",
            "o=- 4052310154145477639 2 IN IP4 127.0.0.1",
            "s=-",
            "t=0 0",
            "a=group:BUNDLE 0",
            "a=extmap-allow-mixed",
            "a=msid-semantic: WMS",
            "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
            "c=IN IP4 0.0.0.0",
            (
                "a=candidate:1012592362 1 udp 2113937151 39ed5a28-f3b8-4e57-b345-99bbc77f7b02.local 39202 "
                "typ host generation 0 network-cost 999"
            ),
            (
                "a=candidate:992510554 1 udp 2113942271 2469fe61-c8c4-47de-b734-3c7181e7b833.local 41666 "
                "typ host generation 0 network-cost 999"
            ),
            "a=ice-ufrag:hpsY",
            "a=ice-pwd:HNehxjccF4cWnWocvIjXLPlD",
            "a=ice-options:trickle",
            (
                "a=fingerprint:sha-256 71:4C:CF:8B:4D:CB:CF:C7:D3:03:4F:D9:98:6E:CF:2A:2F:B8:"
                "F2:E4:01:FD:95:86:87:C4:5A:FF:96:84:71:85"
            ),
            "a=setup:actpass",
            "a=mid:0",
            "a=sctp-port:5000",
            "a=max-message-size:262144",
        ]
    )
    + "\r\n"
)
