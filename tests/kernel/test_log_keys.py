"""The log's keys, commitments and header hashes are the standard constructions.

DESIGN, "One scheme that keeps both promises": ``K_seq = HMAC(K, "entry" | seq)``,
``commit = HMAC(K_seq, canonical body)``, and the chain runs over each header's hash.
The log module computes these its own (faster) way; anyone checking a log with any
other HMAC-SHA256 and SHA-256 must get the same bytes.
"""

from __future__ import annotations

import hashlib
import hmac
import json

from hypothesis import given
from hypothesis import strategies as st

from referee.events import RandomDrawn
from referee.log import Entry, _header_hash, commitment, entry_key, entry_keys, seal


@given(table_key=st.binary(min_size=0, max_size=200), seqs=st.lists(st.integers(min_value=1, max_value=10**9), max_size=5))
def test_entry_keys_are_hmac_sha256_of_the_table_key(table_key: bytes, seqs: list[int]) -> None:
    """K_seq = HMAC-SHA256(K, "entry|seq"), for keys shorter and longer than a block."""
    key_of = entry_keys(table_key)
    for seq in seqs:
        expected = hmac.new(table_key, b"entry|%d" % seq, hashlib.sha256).digest()
        assert entry_key(table_key, seq) == expected
        assert key_of(seq) == expected


@given(key=st.binary(min_size=0, max_size=200), body=st.binary(max_size=2000))
def test_commitments_are_hmac_sha256_of_the_body(key: bytes, body: bytes) -> None:
    """commit = HMAC-SHA256(K_seq, body), hex; a seat's own key from its export may be any length."""
    assert commitment(key, body) == hmac.new(key, body, hashlib.sha256).hexdigest()


class _Drawn:
    """One decided die roll, as ``seal`` takes it."""

    def __init__(self, body: bytes, visible_to: tuple[str, ...] | None) -> None:
        self.event = RandomDrawn(draw=0, kind="die", spec={"sides": 6}, purpose="p", outcome=3)
        self.body = body
        self.plugin = "referee"
        self.rule = "randomness"
        self.visible_to = visible_to


@given(
    seat=st.one_of(st.none(), st.text(max_size=8)),
    visible_to=st.one_of(st.none(), st.lists(st.text(max_size=5), max_size=3).map(tuple)),
    at=st.text(max_size=30),
)
def test_header_hash_is_sha256_of_every_header_field_sorted(seat: str | None, visible_to: tuple[str, ...] | None, at: str) -> None:
    """The chain hashes the JSON object of every header field (defaults included, keys
    sorted, no body, key, digest or hash), so a verifier in any language can recompute it."""
    body = b'{"draw":0,"kind":"die","outcome":3,"purpose":"p","spec":{"sides":6}}'
    [entry] = seal([_Drawn(body, visible_to)], after=None, seat=seat, at=at, table_key=b"k" * 32)
    fields = {name: getattr(entry, name) for name in Entry.__struct_fields__ if name not in ("event", "key", "digest", "hash")}
    plain = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    assert entry.hash == _header_hash(entry) == hashlib.sha256(plain).hexdigest()
