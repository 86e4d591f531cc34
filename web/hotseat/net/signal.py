"""Pairing codes: the SDP of a WebRTC offer or answer packed into a short text for a QR code.

Two phones pair without a server (manual signalling): the host shows its *offer* as a QR code,
the guest scans it and shows its *answer*, the host scans that. A data channel over DTLS/SCTP
needs only a few facts from each side's SDP — the ICE user fragment and password, the DTLS
certificate fingerprint, the DTLS role and the host candidates (address and port) — everything
else in the SDP Chromium writes is the same for every data-channel-only session and is rebuilt
by :func:`to_sdp`. A full Chromium offer is ~715 bytes (a QR code of version 22 at error
correction level M); its code is 130 characters (version 6 at level M: 41x41 modules instead of
105x105), or 163 when the browser keeps its own ICE credentials (version 7). Format 2's codes had
154 (Chromium) and 166 (Firefox) characters, version 9.

The text: ``HS~3~`` (``HS`` and the code format, :data:`CODE_VERSION`) and then the facts as bits
written with :data:`ALPHABET` (Crockford's base32: digits and capitals without I, L, O and U, so
what a person reads out or types has no look-alikes; every character of it fits the QR code's
alphanumeric mode, 5.5 bits a character instead of 8). ``HS~<version>~`` stays readable by every
version of the app, so a phone can tell a Hotseat code, and which format it is in, from the first
characters: a phone with an older app is told to update instead of failing later. The bits, most
significant first:

* kind (1: 0 offer, 1 answer), DTLS role (2: actpass, active, passive), fingerprint hash (2:
  sha-256, sha-384, sha-512), candidates (2: one to four);
* room (6 base64url characters, one per hosted game) and key (4: this pairing; the answer repeats
  the offer's, so the host knows which waiting offer it answers), 6 bits each;
* ICE credentials (2 bits of mode and then the user fragment and password): derived from kind,
  room and key (:func:`derived_credentials`: nothing more), 4 and 24 ice-chars as Chromium writes
  them (6 bits each), lower-case hexadecimal as Firefox writes them (8-bit lengths, 4 bits each),
  or any ice-chars (8-bit lengths, 6 bits each);
* the DTLS certificate digest;
* each candidate: an mDNS name (``<uuid>.local``, what browsers show instead of a local IP) as
  its UUID (122 bits for a random one, else 128), an IPv4 address (32), or any other address as
  text (6-bit length, 7 bits a character); then its port (16);
* a CRC-16/CCITT of the format version and all the bits above: one mistyped character (5 bits)
  or two neighbours swapped (10) never pass; then zeros up to a whole character.

A person may paste or type a code with spaces, line breaks, zero-width or bidi characters inside,
in any case, with ``I``/``L`` for ``1`` and ``O`` for ``0``, or with look-alike Cyrillic or Greek
capitals (:func:`clean`). Codes of format 2 and before (``HS~2~o~...``) are refused as older
(an app that reads them would have to be updated to pair with this one anyway).

>>> code = encode("o", "Ab3_x9", "k7Qz", SAMPLE_OFFER)
>>> code[:12], len(code)
('HS~3~081QQZW', 163)
>>> ufrag, pwd = derived_credentials("o", "Ab3_x9", "k7Qz")
>>> sdp = SAMPLE_OFFER.replace("hpsY", ufrag).replace("HNehxjccF4cWnWocvIjXLPlD", pwd)
>>> len(encode("o", "Ab3_x9", "k7Qz", sdp))  # as the app makes its offers
130
>>> p = decode(" " + code.lower().replace("0", "o")[:40] + "\\u200b\\n" + code[40:])
>>> (p.kind, p.room, p.key, p.setup, p.candidates[0])
('o', 'Ab3_x9', 'k7Qz', 'actpass', ('2469fe61-c8c4-47de-b734-3c7181e7b833.local', 41666))
>>> essentials(to_sdp(p)) == essentials(SAMPLE_OFFER)
True
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
import unicodedata
import uuid
from dataclasses import dataclass
from typing import Any

from ..bounded import ascii_int
from ..third_party.lookalikes import FOLD

PREFIX = "HS"
SEP = "~"
#: the format of the codes this app writes and reads (the messages' protocol version is
#: :data:`hotseat.net.protocol.PROTOCOL_VERSION`; format 2 was ``HS~2~`` and ``~``-joined fields)
CODE_VERSION = 3
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
    ``"kind"`` (an offer where an answer was expected, or the other way round), ``"typo"`` (a
    character mistyped: the checksum does not match, or a character that is never in a code),
    ``"short"`` (characters missing), ``"long"`` (more than a code), ``"malformed"`` (a bad
    field; the message names it), ``"table"`` and ``"stale"`` (an answer for another table, or for
    a code no longer shown: :meth:`hotseat.net.pairing.Pairings.answer`) or ``"sdp"`` (the browser's
    SDP lacks what a data channel needs). ``version`` is the code's format when known.
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
        version: the code format (:data:`CODE_VERSION`).
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
    version: int = CODE_VERSION

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


# ---- the code's text ----------------------------------------------------------------------------

#: the characters a code is written with (Crockford's base32: digits and capital letters without
#: I, L, O and U); a person may type any case, and I, L (→ 1) and O (→ 0)
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {c: i for i, c in enumerate(ALPHABET)}
_ICE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_HEX = "0123456789abcdef"
_B64URL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
#: characters a person or a messenger puts between a code's characters (dropped on input): the
#: prefix's ``~`` and group dashes; spaces, line breaks, zero-width and bidi marks go by category
_DROPPED = frozenset("~-")
_DROPPED_CATEGORIES = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf"})
_CRC_POLY = 0x1021  # CRC-16/CCITT: every error within 16 consecutive bits is found


def clean(text: str) -> str:
    """``text`` as the characters of a code: compatibility forms (full-width letters, circled
    digits) made plain (NFKC), spaces, line breaks, zero-width and bidi characters, ``~`` and
    ``-`` dropped, letters made capitals, and look-alikes (Cyrillic and Greek capitals that look
    Latin, ``I``/``l`` → ``1``, ``O`` → ``0``; :data:`hotseat.third_party.lookalikes.FOLD`) folded. What is
    left may still hold characters that are never in a code (:func:`decode` names them).

    >>> clean("hs~3~ 0o1l\\u200bI\\n-ab\\u202e")
    'HS300111AB'
    """
    text = unicodedata.normalize("NFKC", text[: MAX_CODE_CHARS * 2])
    out = []
    for ch in text:
        if ch in _DROPPED or unicodedata.category(ch) in _DROPPED_CATEGORIES:
            continue
        ch = FOLD.get(ord(ch), ch).upper()
        out.append(FOLD.get(ord(ch), ch))
    return "".join(out)


def _crc(bits: list[int], crc: int = 0xFFFF) -> int:
    for bit in bits:
        top = ((crc >> 15) & 1) ^ bit
        crc = (crc << 1) & 0xFFFF
        if top:
            crc ^= _CRC_POLY
    return crc


def _int_bits(value: int, width: int) -> list[int]:
    return [(value >> (width - 1 - i)) & 1 for i in range(width)]


class _Bits:
    """Reads a code's bits (MSB first); running out means the code was cut short."""

    def __init__(self, bits: list[int]) -> None:
        self.bits, self.at = bits, 0

    def take(self, width: int) -> int:
        if self.at + width > len(self.bits):
            raise SignalError("short", "the code is cut short")
        value = 0
        for bit in self.bits[self.at : self.at + width]:
            value = (value << 1) | bit
        self.at += width
        return value

    def text(self, alphabet: str, count: int) -> str:
        width = len(alphabet).bit_length() - 1
        return "".join(alphabet[self.take(width)] for _ in range(count))


def derived_credentials(kind: str, room: str, key: str) -> tuple[str, str]:
    """The ICE user fragment (4 ice-chars) and password (24 ice-chars, 144 bits) a phone may give
    its offer (``kind="o"``) or its first answer (``"a"``) for pairing ``key`` of ``room``: a code
    whose credentials are these says so in 2 bits instead of 170 (the code is public to whoever
    sees it, and so were the credentials it carried; DTLS's certificate fingerprint is what
    authenticates the other phone).

    >>> derived_credentials("o", "Ab3_x9", "k7Qz")
    ('K99d', 'iDjBr76HAyR5aKR2rP4/EnAn')
    """
    digest = hashlib.sha256(f"hotseat-ice~{kind}~{room}~{key}".encode("ascii")).digest()
    number = int.from_bytes(digest, "big")
    chars = [_ICE_ALPHABET[(number >> (250 - 6 * i)) & 63] for i in range(28)]
    return "".join(chars[:4]), "".join(chars[4:])


def _address_bits(address: str) -> list[int]:
    m = _MDNS.fullmatch(address)
    if m:
        raw = uuid.UUID(m.group(1))
        if raw.version == 4 and raw.variant == uuid.RFC_4122:  # 6 bits of it are always the same
            number = raw.int
            short = ((number >> 80) << 74) | (((number >> 64) & 0xFFF) << 62) | (number & ((1 << 62) - 1))
            return [0, 0, *_int_bits(short, 122)]
        return [0, 1, *_int_bits(raw.int, 128)]
    if re.fullmatch(r"(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}", address):
        return [1, 0, *[b for part in address.split(".") for b in _int_bits(int(part), 8)]]
    data = address.encode("ascii")  # _ADDRESS: at most 64 ASCII characters
    return [1, 1, *_int_bits(len(data) - 1, 6), *[b for c in data for b in _int_bits(c, 7)]]


def _read_address(reader: _Bits) -> str:
    kind = reader.take(2)
    if kind == 0:
        short = reader.take(122)
        number = ((short >> 74) << 80) | (4 << 76) | (((short >> 62) & 0xFFF) << 64) | (2 << 62)
        return f"{uuid.UUID(int=number | (short & ((1 << 62) - 1)))}.local"
    if kind == 1:
        return f"{uuid.UUID(int=reader.take(128))}.local"
    if kind == 2:
        return ".".join(str(reader.take(8)) for _ in range(4))
    address = "".join(chr(reader.take(7)) for _ in range(reader.take(6) + 1))
    if not _ADDRESS.fullmatch(address):
        raise SignalError("malformed", f"the code's candidate address {address!r} is invalid")
    return address


def _credential_bits(kind: str, room: str, key: str, ufrag: str, pwd: str) -> list[int]:
    if (ufrag, pwd) == derived_credentials(kind, room, key):
        return [1, 1]
    if len(ufrag) == 4 and len(pwd) == 24:  # as Chromium and Safari write them
        return [0, 0, *[b for c in ufrag + pwd for b in _int_bits(_ICE_ALPHABET.index(c), 6)]]
    lengths = [*_int_bits(len(ufrag) - 1, 8), *_int_bits(len(pwd) - 1, 8)]
    if all(c in _HEX for c in ufrag + pwd):  # as Firefox writes them
        return [0, 1, *lengths, *[b for c in ufrag + pwd for b in _int_bits(_HEX.index(c), 4)]]
    return [1, 0, *lengths, *[b for c in ufrag + pwd for b in _int_bits(_ICE_ALPHABET.index(c), 6)]]


def _read_credentials(reader: _Bits, kind: str, room: str, key: str) -> tuple[str, str]:
    mode = reader.take(2)
    if mode == 3:
        return derived_credentials(kind, room, key)
    if mode == 0:
        return reader.text(_ICE_ALPHABET, 4), reader.text(_ICE_ALPHABET, 24)
    ufrag_n, pwd_n = reader.take(8) + 1, reader.take(8) + 1
    alphabet = _HEX if mode == 1 else _ICE_ALPHABET
    return reader.text(alphabet, ufrag_n), reader.text(alphabet, pwd_n)


def encode(kind: str, room: str, key: str, sdp: str) -> str:
    """The pairing code of a browser's offer (``kind="o"``) or answer (``"a"``): ``HS~3~`` and
    :data:`ALPHABET` characters (see the module docstring).

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
    candidates = facts["candidates"][:MAX_CANDIDATES]
    bits = [
        int(kind == "a"),
        *_int_bits("xap".index(setup), 2),
        *_int_bits(sorted(HASHES).index(len(facts["digest"])), 2),
        *_int_bits(len(candidates) - 1, 2),
        *[b for c in room + key for b in _int_bits(_B64URL_ALPHABET.index(c), 6)],
        *_credential_bits(kind, room, key, facts["ufrag"], facts["pwd"]),
        *[b for byte in facts["digest"] for b in _int_bits(byte, 8)],
    ]
    for address, port in candidates:
        bits += _address_bits(address) + _int_bits(port, 16)
    bits += _int_bits(_crc(_int_bits(CODE_VERSION, 5) + bits), 16)
    bits += [0] * (-len(bits) % 5)
    payload = "".join(ALPHABET[int("".join(map(str, bits[i : i + 5])), 2)] for i in range(0, len(bits), 5))
    return f"{PREFIX}{SEP}{CODE_VERSION}{SEP}{payload}"


def _check_id(value: str, length: int, what: str) -> None:
    if not isinstance(value, str) or len(value) != length or not _B64URL.fullmatch(value):
        raise ValueError(f"{what} must be {length} base64url characters, got {value!r}")


# ---- code -> fields ---------------------------------------------------------------------------

_VERSION = re.compile(r"HS[~-]*(?:([1-9][0-9]{0,5}|0)~|([0-9]))", re.IGNORECASE)


def _split(text: str) -> tuple[int, str] | None:
    """``(version, the rest)`` of a code's text, or None when it is not one."""
    if not isinstance(text, str) or len(text) > MAX_CODE_CHARS:
        return None
    plain = "".join(
        ch for ch in unicodedata.normalize("NFKC", text) if unicodedata.category(ch) not in _DROPPED_CATEGORIES
    )
    m = _VERSION.match(plain)
    if m is None:
        return None
    if m.group(1) is not None:
        return int(m.group(1)), plain[m.end() :]
    return int(m.group(2)), plain[m.end() :]


def code_version(text: str) -> int | None:
    """The code format a Hotseat code was written in (:data:`CODE_VERSION`, or the version of
    the app that wrote an older or newer code), or None if it is not one (or longer than
    :data:`MAX_CODE_CHARS`). Codes of format 2 and before carried ``HS~<protocol>~``; this one
    carries ``HS~3~`` (a person may type ``HS3``).

    >>> code_version("HS~7~o~anything"), code_version("hs3 ABC"), code_version("HOTSEAT 7")
    (7, 3, None)
    """
    split = _split(text)
    return None if split is None else split[0]


def decode(text: str, expect: str | None = None) -> Pairing:
    """Read a pairing code (``expect``: ``"o"`` or ``"a"`` to insist on one kind), as a person
    pasted or typed it: :func:`clean` first.

    Raises:
        SignalError: see its ``reason``; the message says what is wrong. A code of this format
            with one character mistyped (or two neighbours swapped) is always refused (``"typo"``,
            the 16-bit checksum), as is one cut short (``"short"``) or with more after it
            (``"long"``).
    """
    split = _split(text)
    if split is None:
        raise SignalError("not_hotseat", "this is not a Hotseat pairing code")
    version, rest = split
    payload = clean(rest)
    older_typed = version < CODE_VERSION and all(ch in _VALUE for ch in payload)  # format 2 has "+" and ","
    if version != CODE_VERSION and (older_typed or _checks_out(payload, CODE_VERSION)):
        raise SignalError("typo", f"the code's format {version} is mistyped", version)
    if version != CODE_VERSION:
        newer = version > CODE_VERSION
        raise SignalError(
            "newer" if newer else "older",
            f"this code comes from {'a newer' if newer else 'an older'} Hotseat (code format {version}); "
            f"this phone reads format {CODE_VERSION}",
            version,
        )
    for ch in payload:
        if ch not in _VALUE:
            raise SignalError("typo", f"the code holds {ch!r}, which is never in a code", version)
    if not _checks_out(payload, version):
        reason = _misfit(payload)
        raise SignalError(reason, f"the code's checksum does not match ({reason})", version)
    return _read(payload, expect, version)


def _bits_of(payload: str) -> list[int]:
    return [b for ch in payload for b in _int_bits(_VALUE[ch], 5)]


def _body_bits(payload: str) -> int | None:
    """How many bits of ``payload`` come before its checksum (the structure says), or None."""
    try:
        reader = _Bits(_bits_of(payload))
        _read_fields(reader, None, CODE_VERSION)
        return reader.at
    except SignalError:
        return None


def _checks_out(payload: str, version: int) -> bool:
    if any(ch not in _VALUE for ch in payload):
        return False
    bits, body = _bits_of(payload), _body_bits(payload)
    if body is None or not 0 <= len(bits) - body - 16 < 5 or any(bits[body + 16 :]):
        return False
    return _crc(_int_bits(version, 5) + bits[:body]) == _int_bits_value(bits[body : body + 16])


def _int_bits_value(bits: list[int]) -> int:
    return int("".join(map(str, bits)) or "0", 2)


def _misfit(payload: str) -> str:
    """Why a payload whose checksum fails fails: cut short, too long, or a typo."""
    body = _body_bits(payload)
    if body is None:
        return "short" if _ran_out(payload) else "typo"
    extra = len(payload) * 5 - body - 16
    if extra < 0:
        return "short"
    return "long" if extra >= 10 else "typo"


def _ran_out(payload: str) -> bool:
    try:
        _read_fields(_Bits(_bits_of(payload)), None, CODE_VERSION)
    except SignalError as exc:
        return exc.reason == "short"
    return False


def _read(payload: str, expect: str | None, version: int) -> Pairing:
    return _read_fields(_Bits(_bits_of(payload)), expect, version)


def _read_fields(reader: _Bits, expect: str | None, version: int) -> Pairing:
    kind = "a" if reader.take(1) else "o"
    if expect is not None and kind != expect:
        raise SignalError("kind", f"this is the {KINDS[kind]} code; the {KINDS[expect]} code is needed here", version)
    setup_i, hash_i, count = reader.take(2), reader.take(2), reader.take(2) + 1
    if setup_i == 3 or hash_i == 3:
        raise SignalError("malformed", "the code's DTLS role or hash is unknown", version)
    ids = reader.text(_B64URL_ALPHABET, 10)
    room, key = ids[:6], ids[6:]
    ufrag, pwd = _read_credentials(reader, kind, room, key)
    if len(ufrag) < 4 or len(pwd) < 22:  # RFC 8839: at least 24 and 128 bits
        raise SignalError("malformed", "the code's ICE credentials are too short", version)
    size = sorted(HASHES)[hash_i]
    digest = bytes(reader.take(8) for _ in range(size))
    candidates = []
    for _ in range(count):
        address = _read_address(reader)
        port = reader.take(16)
        if port == 0:
            raise SignalError("malformed", "the code's candidate has port 0", version)
        candidates.append((address, port))
    setup = SETUPS["xap"[setup_i]]
    return Pairing(kind, room, key, ufrag, pwd, HASHES[size], digest, setup, tuple(candidates), version)


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str, what: str) -> bytes:
    if not _B64URL.fullmatch(text):
        raise SignalError("malformed", f"the code's {what} is not base64url")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise SignalError("malformed", f"the code's {what} is not base64url") from None


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
