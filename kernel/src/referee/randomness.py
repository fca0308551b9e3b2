"""Randomness that anyone can audit: commit-reveal, one event per outcome.

A table's seed is drawn when the table opens; only its SHA-256 is published in the
first event, and the seed itself is revealed by the last one.  Every outcome is a
function of (seed, draw number) alone, so after the reveal anyone can recompute each
die and shuffle, and before it nobody (not even the host reading the log) can
predict the next one.  Each outcome is also recorded as a ``RandomDrawn`` event, so
replaying a log never needs the generator at all.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterator, Sequence
from typing import Any

from .errors import RefereeError
from .limits import shown

__all__ = [
    "SeededSource",
    "ScriptedSource",
    "RecordedSource",
    "RandomnessMismatch",
    "new_seed",
    "seed_hash",
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


def seed_hash(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


class RandomnessMismatch(RefereeError):
    """A replayed decision asked for another random outcome than the one recorded."""


class _Stream:
    """Unbounded deterministic integers for one draw: HMAC-SHA256(seed, draw:block)."""

    def __init__(self, seed: str, draw: int) -> None:
        self._key = seed.encode()
        self._draw = draw
        self._block = 0

    def _words(self) -> Iterator[int]:
        while True:
            digest = hmac.new(self._key, f"{self._draw}:{self._block}".encode(), hashlib.sha256).digest()
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
    size = check_draw(kind, spec)
    if not isinstance(draw, int) or isinstance(draw, bool) or draw < 0:
        raise RandomnessMismatch(f"draw numbers are whole numbers from 0, not {shown(draw)}")
    stream = _Stream(seed, draw)
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

    def __init__(self, seed: str) -> None:
        self.seed = seed

    def outcome(self, draw: int, kind: str, spec: dict[str, Any], purpose: str) -> Any:
        return roll(self.seed, draw, kind, spec)


class ScriptedSource:
    """Tests and scenarios: outcomes given in advance, in order, checked for range.

    When the script runs out, ``fallback`` (a seed) takes over, or an error names the
    draw that had no scripted outcome.
    """

    def __init__(self, outcomes: Sequence[Any], fallback: str | None = None) -> None:
        self._outcomes = list(outcomes)
        self._fallback = fallback
        self.seed = fallback

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

    def __init__(self, recorded: Sequence[tuple[str, dict[str, Any], str, Any]], seed: str | None = None) -> None:
        self._recorded = list(recorded)
        self.seed = seed

    def outcome(self, draw: int, kind: str, spec: dict[str, Any], purpose: str) -> Any:
        if not self._recorded:
            raise RandomnessMismatch(f"the rules asked for draw {draw} ({purpose}) but the log records none")
        rec_kind, rec_spec, rec_purpose, value = self._recorded.pop(0)
        if (rec_kind, rec_spec, rec_purpose) != (kind, spec, purpose):
            raise RandomnessMismatch(
                f"the rules asked for {purpose} ({kind} {spec}) but the log records {rec_purpose} ({rec_kind} {rec_spec})"
            )
        return value
