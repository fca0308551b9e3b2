"""Randomness that anyone can audit: commit-reveal, one event per outcome.

A table's seed is drawn when the table opens (or given, for a reproducible game).  The
first event publishes ``HMAC(K, "seed|" + seed)`` under the table's secret key ``K``, so
the commitment hides even a guessable seed; the last event reveals the seed and ``K``.
Every outcome is a function of (seed, draw number) alone, so after the reveal anyone can
recompute each die and shuffle.  Each outcome is also recorded as a ``RandomDrawn`` event,
so replaying a log never needs the generator at all.

A seed chosen by a person reproduces the game exactly, and for that reason is only as
secret as it is hard to guess: public outcomes (a die everyone saw) let a seat test
guesses of it.  Tables whose randomness must stay secret let Referee draw the seed.
Bots draw from the table key (``bot_random``), which no seat can guess.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from .errors import RefereeError
from .limits import shown

__all__ = [
    "SeededSource",
    "ScriptedSource",
    "RecordedSource",
    "RandomnessMismatch",
    "bot_random",
    "new_seed",
    "new_table_key",
    "fixed_key",
    "seed_commitment",
    "MAX_DIE_SIDES",
    "MAX_ITEMS",
    "check_draw",
]

MAX_DIE_SIDES = 1_000_000
"""Most faces a die may have.  Real dice have 2 to 100; the bound keeps a crafted
``sides`` from stalling the generator (it draws 64-bit words)."""

MAX_ITEMS = 10_000
"""Most items a shuffle or pick may cover: well above any deck, small enough that a
crafted ``n`` cannot make a shuffle run for minutes."""


def new_seed() -> str:
    return secrets.token_hex(32)


def new_table_key() -> str:
    """A table's secret key ``K`` (hex): kept beside the seed, revealed when the game ends."""
    return secrets.token_hex(32)


def fixed_key(name: str) -> str:
    """A table key (64 hex digits) made from ``name``, for ``Referee.open(..., seed=, key=)``.

    Bots draw from the table's secret key, not from the seed, so a bot game (a sweep, a
    balance measure) plays the same on every run only when both are fixed: a failure found
    once is found again, and a balance figure measured once is measured again.
    """
    return hashlib.sha256(name.encode()).hexdigest()


def seed_commitment(table_key: str, seed: str) -> str:
    """The published commitment to the seed: hiding whatever the seed's entropy."""
    return hmac.new(bytes.fromhex(table_key), b"seed|" + seed.encode(), hashlib.sha256).hexdigest()


def bot_random(table_key: str, seat: str, seq: int) -> random.Random:
    """A bot's generator for one decision: reproducible once the table key is revealed
    at the end of the game, unpredictable to every seat before."""
    digest = hmac.new(bytes.fromhex(table_key), f"bot|{seat}|{seq}".encode(), hashlib.sha256).digest()
    return random.Random(int.from_bytes(digest, "big"))


class RandomnessMismatch(RefereeError):
    """A replayed decision asked for another random outcome than the one recorded."""


class _Stream:
    """Unbounded deterministic integers for one draw: HMAC-SHA256(seed, draw:block)."""

    def __init__(self, keyed: hmac.HMAC, draw: int) -> None:
        # A shuffle reads many blocks under one key: the keyed state is set up once and
        # copied per block (the same HMAC, computed for less).  It is never updated itself,
        # so one seed's keyed state serves every draw (``rolls``).
        self._keyed = keyed
        self._draw = draw
        self._block = 0

    def _words(self) -> Iterator[int]:
        while True:
            mac = self._keyed.copy()
            mac.update(f"{self._draw}:{self._block}".encode())
            digest = mac.digest()
            self._block += 1
            for i in range(0, 32, 8):
                yield int.from_bytes(digest[i : i + 8], "big")

    def below(self, n: int) -> int:
        """Uniform in [0, n) by rejection, so no outcome is favoured."""
        limit = (1 << 64) - ((1 << 64) % n)
        for word in self._words():
            if word < limit:
                return word % n
        raise AssertionError("unreachable")


_BOUNDS: dict[str, tuple[str, int]] = {"die": ("sides", MAX_DIE_SIDES), "shuffle": ("n", MAX_ITEMS), "pick": ("n", MAX_ITEMS)}


def check_draw(kind: object, spec: object) -> int:
    """The size of a draw (a die's sides, a shuffle's or pick's items), refused unless
    it is a known kind with a whole size from 1 to its stated limit."""
    if not isinstance(kind, str) or kind not in _BOUNDS:
        raise RandomnessMismatch(f"unknown kind of random draw {shown(kind)} (known: {', '.join(_BOUNDS)})")
    field, most = _BOUNDS[kind]
    if not isinstance(spec, dict) or field not in spec:
        raise RandomnessMismatch(f"a {kind} draw needs its {field!r} in its spec, got {shown(spec)}")
    size = spec[field]
    if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= most:
        raise RandomnessMismatch(f"a {kind} draw needs {field} from 1 to {most}, not {shown(size)}")
    return size


def roll(seed: str, draw: int, kind: str, spec: dict[str, Any]) -> Any:
    """The outcome of draw number ``draw`` of a table seeded with ``seed``."""
    return _rolled(hmac.new(seed.encode(), digestmod=hashlib.sha256), draw, kind, spec)


def rolls(seed: str) -> Callable[[int, str, dict[str, Any]], Any]:
    """``roll`` for many draws of one seed (checking a whole log): the seed's keyed state
    is set up once, not once per draw."""
    keyed = hmac.new(seed.encode(), digestmod=hashlib.sha256)

    def rolled(draw: int, kind: str, spec: dict[str, Any]) -> Any:
        return _rolled(keyed, draw, kind, spec)

    return rolled


def _rolled(keyed: hmac.HMAC, draw: int, kind: str, spec: dict[str, Any]) -> Any:
    size = check_draw(kind, spec)
    if not isinstance(draw, int) or isinstance(draw, bool) or draw < 0:
        raise RandomnessMismatch(f"draw numbers are whole numbers from 0, not {shown(draw)}")
    stream = _Stream(keyed, draw)
    if kind == "die":
        return 1 + stream.below(size)
    if kind == "shuffle":
        order = list(range(size))
        for i in range(len(order) - 1, 0, -1):
            j = stream.below(i + 1)
            order[i], order[j] = order[j], order[i]
        return order
    return stream.below(size)


def check_outcome(kind: str, spec: dict[str, Any], outcome: Any) -> None:
    """Refuse a scripted or recorded outcome that the draw could never produce."""
    size = check_draw(kind, spec)
    whole = isinstance(outcome, int) and not isinstance(outcome, bool)
    if kind == "die":
        if not whole or not 1 <= outcome <= size:
            raise RandomnessMismatch(f"a d{size} cannot show {shown(outcome)}")
    elif kind == "shuffle":
        if (
            not isinstance(outcome, list)
            or len(outcome) != size
            or any(not isinstance(i, int) or isinstance(i, bool) for i in outcome)
            or sorted(outcome) != list(range(size))
        ):
            raise RandomnessMismatch(f"{shown(outcome)} is not an order of {size} items")
    elif not whole or not 0 <= outcome < size:
        raise RandomnessMismatch(f"cannot pick item {shown(outcome)} of {size}")


class SeededSource:
    """Live play: outcomes from the table's secret seed."""

    def __init__(self, seed: str, key: str) -> None:
        self.seed = seed
        self.key = key

    def outcome(self, draw: int, kind: str, spec: dict[str, Any], purpose: str) -> Any:
        return roll(self.seed, draw, kind, spec)


class ScriptedSource:
    """Tests and scenarios: outcomes given in advance, in order, checked for range.

    When the script runs out, ``fallback`` (a seed) takes over, or an error names the
    draw that had no scripted outcome.
    """

    def __init__(
        self, outcomes: Sequence[Any], fallback: str | None = None, key: str = "", deal: Mapping[str, Sequence[str]] | None = None
    ) -> None:
        self._outcomes = list(outcomes)
        self._fallback = fallback
        self.seed = fallback
        self.key = key
        self.deal: dict[str, list[str]] = {who: list(cards) for who, cards in (deal or {}).items()}
        """Cards a scenario deals by name, not yet dealt: who -> card ids (``arrange``)."""

    def arrange(self, items: Sequence[Any], positions: Mapping[str, Sequence[int]], purpose: str) -> list[int] | None:
        """The order of a shuffle of ``items`` that deals each named card still to deal
        where ``positions`` says its holder is dealt; every other item keeps its order in
        the positions left.  None when this shuffle deals none of the named cards (the
        script or the fallback decides it)."""
        wanted = {who: [c for c in cards if c in items] for who, cards in self.deal.items()}
        if not any(wanted.values()):
            return None
        order: list[int | None] = [None] * len(items)
        unused = list(range(len(items)))
        for who, cards in wanted.items():
            if not cards:
                continue
            places = [p for p in positions.get(who, ()) if 0 <= p < len(items)]
            if len(cards) > len(places):
                dealt = f"deals {who} {len(places)}" if places else f"deals {who} none"
                raise RandomnessMismatch(f"the deal gives {who} {len(cards)} cards of {purpose} ({', '.join(cards)}), but the game {dealt}")
            for card, place in zip(cards, places):
                index = next(i for i in unused if items[i] == card)
                unused.remove(index)
                order[place] = index
                self.deal[who].remove(card)
        rest = iter(unused)
        return [next(rest) if index is None else index for index in order]

    def outcome(self, draw: int, kind: str, spec: dict[str, Any], purpose: str) -> Any:
        if self._outcomes:
            value = self._outcomes.pop(0)
            check_outcome(kind, spec, value)
            return value
        if self._fallback is not None:
            return roll(self._fallback, draw, kind, spec)
        raise RandomnessMismatch(f"draw {draw} ({purpose}: {kind} {spec}) has no scripted outcome")


class RecordedSource:
    """Verification before the seed is revealed: hand back what the log recorded."""

    def __init__(self, recorded: Sequence[tuple[str, dict[str, Any], str, Any]], seed: str | None = None, key: str = "") -> None:
        self._recorded = list(recorded)
        self._next = 0
        self.seed = seed
        self.key = key

    def outcome(self, draw: int, kind: str, spec: dict[str, Any], purpose: str) -> Any:
        if self._next >= len(self._recorded):
            raise RandomnessMismatch(f"the rules asked for draw {draw} ({purpose}) but the log records none")
        rec_kind, rec_spec, rec_purpose, value = self._recorded[self._next]
        self._next += 1
        if (rec_kind, rec_spec, rec_purpose) != (kind, spec, purpose):
            raise RandomnessMismatch(
                f"the rules asked for {purpose} ({kind} {spec}) but the log records {rec_purpose} ({rec_kind} {rec_spec})"
            )
        return value
