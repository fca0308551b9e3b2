"""An attacker holding one seat's material, trying every value a hidden body can take.

What the attacker holds (``Holding``): the seat's export (``Referee.export(table, seat)``,
what ``referee export --seat`` writes), its views (the JSON dict and the rendered text)
and its ``visible_entries``.  For each entry hidden from it, it enumerates candidate
bodies (``Guesser``: every card, power, target, nerve, bid; Pigsty orders from a small
grammar; the true body and every one-field variation of it) and tests each candidate
against everything it holds:

* every 64-hex-digit value anywhere in its material (``commit``, ``hash``, ``prev``,
  legacy ``digest``, the seed commitment, ...) against SHA-256 of the candidate's
  canonical bytes (with and without its type tag) and against HMAC-SHA256 of them under
  keys derivable from public values (``entry_key(seed_commitment, seq)``,
  ``entry_key(table_id, seq)``);
* the entry's ``commit`` against HMAC-SHA256 of the candidate under every ``key`` the
  seat holds.  This last test is run with the true body only: a key the seat holds
  opens a commitment for some candidate only if it is that entry's own key, and then it
  opens it for the true body too (anything else is an HMAC forgery), so testing the
  true body under every held key is the same test as testing every candidate under it,
  at a fraction of the cost.

Fingerprints of a hidden entry's candidates are computed once per table and shared by
every seat and every point of the game it is attacked at; each attack is then a set
intersection with what the seat holds.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import msgspec

from referee.log import Entry, canonical, entry_key, load_jsonl

HEX64 = re.compile(r"(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])")

Body = dict[str, Any]


@dataclass
class Holding:
    """Everything one seat has been given about a table."""

    seat: str
    export: str
    views: list[dict[str, Any]] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    visible: list[Entry] = field(default_factory=list)

    def entries(self) -> list[Entry]:
        return load_jsonl(self.export.splitlines(), source=f"{self.seat}'s export")

    def everything(self) -> str:
        """All of it as one text (for plaintext and hex searches)."""
        visible = "\n".join(msgspec.json.encode(e).decode() for e in self.visible)
        return "\n".join([self.export, json.dumps(self.views, sort_keys=True, default=str), *self.texts, visible])

    def hexes(self) -> set[bytes]:
        return {bytes.fromhex(h) for h in HEX64.findall(self.everything())}

    def keys(self) -> dict[int, bytes]:
        """The entry keys the seat was given, by entry."""
        held = {e.seq: bytes.fromhex(e.key) for e in self.entries() if e.key}
        held.update({e.seq: bytes.fromhex(e.key) for e in self.visible if e.key})
        return held


@dataclass
class Known:
    """What the rules make public, read from the bodies a seat may see."""

    table_id: str = ""
    seats: list[str] = field(default_factory=list)
    seed_commitment: str = ""
    guns: dict[str, str] = field(default_factory=dict)
    """Cash'n'Guns: gun -> its gangster (GangstersArmed is public)."""
    round_at: dict[int, int] = field(default_factory=dict)
    """The round each entry falls in, from the public RoundBegan entries."""
    turn_at: dict[int, int] = field(default_factory=dict)
    """The turn each entry falls in, from the public TurnBegan entries."""

    @classmethod
    def read(cls, entries: Iterable[Entry]) -> Known:
        known = cls()
        current = turn = 0
        for e in entries:
            if e.event is not None:
                if e.type == "referee.TableOpened":
                    known.table_id = e.event["table_id"]
                    known.seats = list(e.event["seats"])
                    known.seed_commitment = e.event.get("seed_commitment", "")
                elif e.type == "referee.RoundBegan":
                    current = e.event["round"]
                elif e.type == "referee.TurnBegan":
                    turn = e.event["turn"]
                elif e.type == "cashnguns.GangstersArmed":
                    known.guns = dict(e.event["guns"])
            known.round_at[e.seq], known.turn_at[e.seq] = current, turn
        return known


Guesser = Callable[[Entry, Known], Iterable[Body]]
"""Candidate bodies for one hidden entry, from its header and what is public."""


def _sha(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


class Fingerprints:
    """Per table: every candidate's fingerprints, by hidden entry (computed once)."""

    def __init__(self, guess: Guesser) -> None:
        self.guess = guess
        self._by_seq: dict[int, dict[bytes, Body]] = {}
        self._pairs: dict[tuple[int, int], bool] = {}
        self.tested = 0

    def of(self, entry: Entry, known: Known) -> dict[bytes, Body]:
        found = self._by_seq.get(entry.seq)
        if found is None:
            found = self._by_seq[entry.seq] = {}
            public_keys = [
                entry_key(bytes.fromhex(known.seed_commitment), entry.seq) if known.seed_commitment else b"",
                entry_key(known.table_id.encode(), entry.seq),
            ]
            seen: set[bytes] = set()
            for body in self.guess(entry, known):
                data = canonical(body)
                if data in seen:
                    continue
                seen.add(data)
                self.tested += 1
                prints = [_sha(data), _sha(canonical({**body, "type": entry.type}))]
                prints += [hmac.digest(k, data, "sha256") for k in public_keys if k]
                for p in prints:
                    found[p] = body
        return found

    def opened_by(self, entry: Entry, body: Body, keys: dict[int, bytes]) -> bool:
        """Whether any of ``keys`` opens ``entry``'s commitment to ``body`` (each pair tried once per table)."""
        data = canonical(body)
        commit = bytes.fromhex(entry.commit)
        for seq, key in keys.items():
            pair = (entry.seq, seq)
            if pair not in self._pairs:
                self._pairs[pair] = hmac.compare_digest(hmac.digest(key, data, "sha256"), commit)
            if self._pairs[pair]:
                return True
        return False


@dataclass
class Findings:
    recovered: dict[int, Body] = field(default_factory=dict)
    """Bodies a candidate of which matches the entry's own commitment or digest."""
    echoes: dict[int, Body] = field(default_factory=dict)
    """Candidates matching some other value the seat holds (still a leak: a guess confirmed)."""

    def __bool__(self) -> bool:
        return bool(self.recovered or self.echoes)


def attack(holding: Holding, prints: Fingerprints, truth: dict[int, Body] | None = None) -> Findings:
    """What the attacker learns of the hidden bodies in ``holding``, by entry.

    ``truth`` (the operator's bodies, by entry) adds the held-key test described above;
    the attacker never reads it otherwise.
    """
    entries = holding.entries()
    known = Known.read(entries)
    hexes = holding.hexes()
    keys = holding.keys()
    found = Findings()
    for e in entries:
        if not e.redacted:
            continue
        candidates = prints.of(e, known)
        own = {bytes.fromhex(h) for h in (e.commit, e.digest) if h}
        hits = candidates.keys() & own
        if hits:
            found.recovered[e.seq] = candidates[next(iter(hits))]
        elif truth is not None and e.commit and prints.opened_by(e, truth[e.seq], keys):
            found.recovered[e.seq] = truth[e.seq]
        elsewhere = candidates.keys() & hexes - own
        if elsewhere:
            found.echoes[e.seq] = candidates[next(iter(elsewhere))]
    return found


# --- candidate bodies -------------------------------------------------------------------------


SMALL = 6
"""Lists up to this long are varied in every order and every element; longer ones (a
40-card deck, the loot) in their true order and every swap of two neighbours."""


def permutations_or_swaps(items: list[Any]) -> Iterator[list[Any]]:
    if len(items) <= SMALL:
        for order in itertools.permutations(items):
            yield list(order)
        return
    yield list(items)
    for i in range(len(items) - 1):
        if items[i] != items[i + 1]:
            swapped = list(items)
            swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
            yield swapped


def domains(bodies: Iterable[Body], limit: int = 60) -> dict[str, list[Any]]:
    """Every scalar value each field name takes anywhere in ``bodies`` (at most ``limit``)."""
    found: dict[str, dict[bytes, Any]] = {}

    def walk(value: Any, name: str) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, name)
        else:
            values = found.setdefault(name, {})
            if len(values) < limit:
                values.setdefault(msgspec.json.encode(value), value)

    for body in bodies:
        walk(body, "")
    return {name: list(values.values()) for name, values in found.items()}


def variations(body: Body, domain: dict[str, list[Any]]) -> Iterator[Body]:
    """``body`` and every body differing from it in one scalar field (a value from
    ``domain``) or in the order of one list."""
    yield body

    def walk(value: Any, name: str, rebuild: Callable[[Any], Body]) -> Iterator[Body]:
        if isinstance(value, dict):
            for k, v in value.items():
                yield from walk(v, k, lambda new, k=k: rebuild({**value, k: new}))
        elif isinstance(value, list):
            for order in permutations_or_swaps(value):
                yield rebuild(order)
            if len(value) <= SMALL:
                for i, v in enumerate(value):
                    yield from walk(v, name, lambda new, i=i: rebuild([*value[:i], new, *value[i + 1 :]]))
        else:
            for other in domain.get(name, ()):
                if other != value:
                    yield rebuild(other)

    yield from walk(body, "", lambda new: new)


def with_truth(guess: Guesser, truth: dict[int, Body], domain: dict[str, list[Any]]) -> Guesser:
    """An attacker told everything about each hidden body but its secret: ``guess``'s
    candidates plus the true body and all its one-field variations."""

    def told(entry: Entry, known: Known) -> Iterator[Body]:
        yield from guess(entry, known)
        yield from variations(truth[entry.seq], domain)

    return told
