"""Pairing codes (hotseat.net.signal): Chromium's SDP packed for a QR code and rebuilt."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hotseat.net import signal
from hotseat.net.signal import SignalError

#: an answer as Chromium 156 wrote it here for signal.SAMPLE_OFFER's offer
SAMPLE_ANSWER = (
    "v=0\r\no=- 5232439096825832120 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n"
    "a=extmap-allow-mixed\r\na=msid-semantic: WMS\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n"
    "c=IN IP4 0.0.0.0\r\n"
    "a=candidate:4001534211 1 udp 2113937151 8025c1fa-4714-4555-b1a7-c535fb094df8.local 34213 typ host "
    "generation 0 network-cost 999\r\n"
    "a=candidate:3924884915 1 udp 2113942271 dfc5833c-49fa-4522-8e49-eee1ebb77549.local 42058 typ host "
    "generation 0 network-cost 999\r\n"
    "a=candidate:1 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active generation 0\r\n"
    "a=ice-ufrag:Kxi5\r\na=ice-pwd:hONYHpCfDmTYibQCRnr5fBXE\r\na=ice-options:trickle\r\n"
    "a=fingerprint:sha-256 E5:FE:8A:27:27:77:05:16:62:D4:82:44:B6:ED:E7:06:17:D9:CF:41:5F:E8:C0:A0:C8:33:62:"
    "8D:56:54:7E:BB\r\na=setup:active\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"
)


def derived_sdp(sdp: str, kind: str, room: str, key: str) -> str:
    """``sdp`` with the ICE credentials the app gives an offer (or a first answer) it makes."""
    ufrag, pwd = signal.derived_credentials(kind, room, key)
    return re.sub(r"a=ice-pwd:\S+", f"a=ice-pwd:{pwd}", re.sub(r"a=ice-ufrag:\S+", f"a=ice-ufrag:{ufrag}", sdp))


def as_newer(code: str) -> str:
    """``code`` as an app with the next code format would write it (its checksum covers its
    format, so it is not a typo of this one)."""
    pairing = signal.decode(code)
    kept = signal.CODE_VERSION
    signal.CODE_VERSION = kept + 1
    try:
        return signal.encode(pairing.kind, pairing.room, pairing.key, signal.to_sdp(pairing))
    finally:
        signal.CODE_VERSION = kept


#: the code format 2 wrote for SAMPLE_OFFER (room Ab3_x9, key k7Qz): 154 characters, a QR code of
#: version 9 at level M
FORMAT_2_OFFER = (
    "HS~2~o~Ab3_x9~k7Qz~hpsY~HNehxjccF4cWnWocvIjXLPlD~cUzPi03Lz8fTA0_ZmG7PKi-48uQB_ZWGh8Ra_5aEcYU~x~"
    "mJGn-YcjER963NDxxgee4Mw+41666,mOe1aKPO4TlezRZm7x397Ag+39202"
)
#: the length of format 2's code for the same answer with Firefox's credentials (8 and 32
#: hexadecimal characters), as STACK-NOTES measured in Firefox (~166)
FORMAT_2_FIREFOX = 166


def test_offer_code_is_short_and_rebuilds_every_fact():
    code = signal.encode("o", "Ab3_x9", "k7Qz", signal.SAMPLE_OFFER)
    assert code.startswith("HS~3~") and set(code[5:]) <= set(signal.ALPHABET)
    assert len(code) == 163  # the full SDP is 715 bytes; its own credentials cost 34 characters
    assert len(signal.SAMPLE_OFFER) == 715
    pairing = signal.decode(code)
    sdp = signal.to_sdp(pairing)
    assert signal.essentials(sdp) == signal.essentials(signal.SAMPLE_OFFER)
    facts = signal.essentials(sdp)
    assert facts["ufrag"] == "hpsY" and facts["pwd"] == "HNehxjccF4cWnWocvIjXLPlD"
    assert facts["setup"] == "actpass" and facts["hash"] == "sha-256"
    assert facts["digest"].hex().upper()[:8] == "714CCF8B"
    # the higher-priority candidate (2113942271) first
    assert facts["candidates"] == [
        ("2469fe61-c8c4-47de-b734-3c7181e7b833.local", 41666),
        ("39ed5a28-f3b8-4e57-b345-99bbc77f7b02.local", 39202),
    ]
    assert "a=max-message-size:65536" in sdp and "a=sctp-port:5000" in sdp


def test_an_offer_with_derived_credentials_is_shorter_than_format_2():
    sdp = derived_sdp(signal.SAMPLE_OFFER, "o", "Ab3_x9", "k7Qz")
    code = signal.encode("o", "Ab3_x9", "k7Qz", sdp)
    assert len(code) == 130 < len(FORMAT_2_OFFER) == 154
    assert signal.essentials(signal.to_sdp(signal.decode(code))) == signal.essentials(sdp)
    # an answer's derived credentials are not an offer's: written out
    assert len(signal.encode("a", "Ab3_x9", "k7Qz", sdp)) == 163


def test_firefox_credentials_in_hexadecimal_are_no_longer_than_format_2():
    ufrag, pwd = "3b1d4e8f", "4c1e9a0b7d2f3e4a5b6c7d8e9f0a1b2c"  # as Firefox writes them
    sdp = signal.SAMPLE_OFFER.replace("hpsY", ufrag).replace("HNehxjccF4cWnWocvIjXLPlD", pwd)
    code = signal.encode("a", "Ab3_x9", "k7Qz", sdp)
    assert len(code) == 165 < FORMAT_2_FIREFOX
    assert (signal.decode(code).ufrag, signal.decode(code).pwd) == (ufrag, pwd)


def test_a_format_2_code_is_refused_as_older():
    with pytest.raises(SignalError) as err:
        signal.decode(FORMAT_2_OFFER)
    assert err.value.reason == "older" and err.value.version == 2


CODES = {
    "offer": signal.encode("o", "Ab3_x9", "k7Qz", signal.SAMPLE_OFFER),
    "derived offer": signal.encode("o", "Ab3_x9", "k7Qz", derived_sdp(signal.SAMPLE_OFFER, "o", "Ab3_x9", "k7Qz")),
    "answer": signal.encode("a", "Ab3_x9", "k7Qz", SAMPLE_ANSWER),
}


@pytest.mark.parametrize("name", sorted(CODES))
def test_every_one_character_typo_is_refused(name):
    code = CODES[name]
    # clean() reads an ASCII text one character at a time (NFKC leaves ASCII as it is), so a typo
    # reads as the same code exactly when its character cleans to the one it replaced
    assert code.isascii()
    cleaned = {ch: signal.clean(ch) for ch in set(code) | set(signal.ALPHABET + "U~-")}
    typos = 0
    for i in range(len(code)):
        for ch in signal.ALPHABET + "U~-":
            typed = code[:i] + ch + code[i + 1 :]
            if cleaned[ch] == cleaned[code[i]]:
                assert signal.clean(typed) == signal.clean(code)
                continue  # the same code (a "~" or "-" more is dropped)
            with pytest.raises(SignalError) as err:
                signal.decode(typed)
            assert err.value.reason in ("typo", "short", "long", "not_hotseat"), (i, ch, err.value.reason)
            typos += 1
    assert typos > 30 * len(code)
    # the checksum itself (not the structure) refuses a typo in the middle
    middle = len(code) // 2
    wrong = signal.ALPHABET[(signal.ALPHABET.index(code[middle]) + 1) % 32]
    with pytest.raises(SignalError) as err:
        signal.decode(code[:middle] + wrong + code[middle + 1 :])
    assert err.value.reason == "typo"


@pytest.mark.parametrize("name", sorted(CODES))
def test_swapped_neighbours_missing_and_extra_characters_are_refused(name):
    code = CODES[name]
    for i in range(5, len(code) - 1):
        swapped = code[:i] + code[i + 1] + code[i] + code[i + 2 :]
        if swapped != code:
            with pytest.raises(SignalError):
                signal.decode(swapped)
        with pytest.raises(SignalError):
            signal.decode(code[:i] + code[i + 1 :])
    for cut in range(6, len(code)):
        with pytest.raises(SignalError) as err:
            signal.decode(code[:cut])
        assert err.value.reason == "short", cut
    with pytest.raises(SignalError) as err:
        signal.decode(code + code[5:])
    assert err.value.reason == "long"


def test_a_code_pasted_or_typed_loosely_reads_the_same():
    code = CODES["offer"]
    want = signal.decode(code)
    payload = code[5:]
    ways = [
        " " + code + "\n",
        code[:40] + "\u200b" + code[40:80] + "\r\n" + code[80:] + "\ufeff",  # zero-width, a line break
        "\u202a" + code[:60] + "\u2066 " + code[60:] + "\u202c",  # bidi marks
        code.lower(),
        "HS3" + " ".join(payload[i : i + 4] for i in range(0, len(payload), 4)),  # read out in groups
        "hs-3-" + "-".join(payload[i : i + 5] for i in range(0, len(payload), 5)),
        code.replace("0", "O").replace("1", "l"),  # look-alikes typed
        code.replace("1", "I").lower(),
        "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in code),  # full-width forms
        code.replace("A", "\u0410").replace("E", "\u0395").replace("0", "\u041e"),  # Cyrillic, Greek capitals
    ]
    for typed in ways:
        assert signal.decode(typed) == want, typed


def test_what_a_person_reads_has_no_look_alikes_and_fits_the_qr_alphanumeric_mode():
    assert len(signal.ALPHABET) == 32 and not set("ILOU") & set(signal.ALPHABET)
    qr_alphanumeric = set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
    for code in CODES.values():
        assert code[:5] == "HS~3~" and set(code[5:]) <= set(signal.ALPHABET) <= qr_alphanumeric


def test_answer_keeps_udp_only_and_its_role():
    code = signal.encode("a", "Ab3_x9", "k7Qz", SAMPLE_ANSWER)
    pairing = signal.decode(code, expect="a")
    assert pairing.setup == "active"
    assert [a for a, _ in pairing.candidates] == [
        "dfc5833c-49fa-4522-8e49-eee1ebb77549.local",
        "8025c1fa-4714-4555-b1a7-c535fb094df8.local",
    ]
    assert "tcp" not in signal.to_sdp(pairing)


def test_plain_ip_candidates_and_the_candidate_cap():
    lines = [f"a=candidate:{i} 1 udp {2000 - i} 10.0.0.{i} {5000 + i} typ host" for i in range(1, 7)]
    lines.append("a=candidate:9 1 udp 3000 fe80::1%wlan0 6000 typ host")
    sdp = signal.SAMPLE_OFFER.replace("a=ice-ufrag:", "\r\n".join(lines) + "\r\na=ice-ufrag:")
    pairing = signal.decode(signal.encode("o", "AAAAAA", "BBBB", sdp))
    # 2 mDNS (priorities 2113...) + the IPv6 one + the best IPv4, 4 at most
    assert len(pairing.candidates) == signal.MAX_CANDIDATES
    assert pairing.candidates[2] == ("fe80::1%wlan0", 6000)
    assert pairing.candidates[3] == ("10.0.0.1", 5001)


@pytest.mark.parametrize(
    "text, reason",
    [
        ("https://example.org/", "not_hotseat"),
        ("HS~x~o", "not_hotseat"),
        (f"HS~{signal.CODE_VERSION + 1}~o~whatever", "newer"),
        (f"HS~{signal.CODE_VERSION - 1}~o~Ab3_x9~k7Qz", "older"),
        (f"HS~{signal.CODE_VERSION}~o~Ab3_x9~k7Qz", "typo"),
        (f"HS~{signal.CODE_VERSION}~0123", "short"),
    ],
)
def test_codes_that_cannot_be_used(text, reason):
    with pytest.raises(SignalError) as err:
        signal.decode(text)
    assert err.value.reason == reason


def test_a_newer_code_is_told_apart_from_a_mistyped_format():
    code = CODES["offer"]
    with pytest.raises(SignalError) as err:
        signal.decode(as_newer(code))
    assert err.value.reason == "newer" and err.value.version == signal.CODE_VERSION + 1
    with pytest.raises(SignalError) as err:
        signal.decode(code.replace("HS~3~", "HS~4~"))  # this format's code, its format mistyped
    assert err.value.reason == "typo"


def test_wrong_kind_is_told():
    code = signal.encode("o", "Ab3_x9", "k7Qz", signal.SAMPLE_OFFER)
    with pytest.raises(SignalError) as err:
        signal.decode(code, expect="a")
    assert err.value.reason == "kind" and "answer code is needed" in str(err.value)


@pytest.mark.parametrize(
    "mutation, message",
    [
        (lambda s: s.replace("m=application", "m=audio"), "no data channel"),
        (lambda s: re.sub(r"a=ice-pwd:\S+\r\n", "", s), "no pwd"),
        (lambda s: re.sub(r"a=candidate:[^\r]*\r\n", "", s), "no UDP candidate"),
        (lambda s: s.replace("a=setup:actpass", "a=setup:holdconn"), "DTLS role"),
        (lambda s: s.replace("sha-256 71:4C", "sha-1 71:4C"), "not supported"),
    ],
)
def test_sdp_without_what_a_data_channel_needs(mutation, message):
    with pytest.raises(SignalError) as err:
        signal.encode("o", "Ab3_x9", "k7Qz", mutation(signal.SAMPLE_OFFER))
    assert err.value.reason == "sdp" and message in str(err.value)


def test_room_and_key_are_checked_on_encode():
    with pytest.raises(ValueError):
        signal.encode("o", "short", "k7Qz", signal.SAMPLE_OFFER)
    with pytest.raises(ValueError):
        signal.encode("x", "Ab3_x9", "k7Qz", signal.SAMPLE_OFFER)


ICE = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/", min_size=1, max_size=40)
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


@given(
    ufrag=ICE.filter(lambda s: len(s) >= 4),
    pwd=ICE.filter(lambda s: len(s) >= 22),
    digest=st.sampled_from([32, 48, 64]).flatmap(lambda n: st.binary(min_size=n, max_size=n)),
    setup=st.sampled_from(["actpass", "active", "passive"]),
    cands=st.lists(
        st.tuples(st.one_of(st.uuids().map(lambda u: f"{u}.local"), st.ip_addresses().map(str)), st.integers(1, 65535)),
        min_size=1,
        max_size=4,
        unique_by=lambda c: c[0],
    ),
    room=st.text(alphabet=B64, min_size=6, max_size=6),
    key=st.text(alphabet=B64, min_size=4, max_size=4),
)
def test_any_sdp_round_trips(ufrag, pwd, digest, setup, cands, room, key):
    hashes = {32: "sha-256", 48: "sha-384", 64: "sha-512"}
    lines = [
        "v=0",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        f"a=ice-ufrag:{ufrag}",
        f"a=ice-pwd:{pwd}",
        f"a=fingerprint:{hashes[len(digest)]} {':'.join(f'{b:02X}' for b in digest)}",
        f"a=setup:{setup}",
    ]
    lines += [f"a=candidate:{i} 1 udp {1000 - i} {a} {p} typ host" for i, (a, p) in enumerate(cands)]
    sdp = "\r\n".join(lines) + "\r\n"
    code = signal.encode("a", room, key, sdp)
    assert code.isascii() and "\n" not in code
    pairing = signal.decode(code)
    assert (pairing.room, pairing.key, pairing.ufrag, pairing.pwd, pairing.digest, pairing.setup) == (
        room,
        key,
        ufrag,
        pwd,
        digest,
        setup,
    )
    assert [(a.lower(), p) for a, p in pairing.candidates] == [(a.lower(), p) for a, p in cands]
    assert signal.essentials(signal.to_sdp(pairing))["candidates"] == list(pairing.candidates)
