"""Everything that can happen at a Nim table, as events (RULES.md gives the sections).

Each event says what happened in words (``describe``), to the seat reading it
(``words.says(seat, "took", ...)`` is "You took" to that seat): one line for logs, ``referee
replay`` and ``referee explain``.
"""

from __future__ import annotations

from referee import Event, Words
from referee.words import count


def heap_names(count: int) -> list[str]:
    """Heaps are named A, B, C, ... in the order they were laid out."""
    return [chr(ord("A") + i) for i in range(count)]


class HeapsLaid(Event, tag="nim.HeapsLaid"):
    """The heaps were laid out with these many stones, heap A first (1)."""

    heaps: tuple[int, ...]

    def describe(self, words: Words | None = None) -> str:
        laid = zip(heap_names(len(self.heaps)), self.heaps, strict=True)
        return "Heaps laid: " + ", ".join(f"{count(n, 'stone')} in heap {name}" for name, n in laid)


class StartCalled(Event, tag="nim.StartCalled"):
    """``seat`` called ``call`` ("odd" or "even") for the start die, sealed (2)."""

    seat: str
    call: str

    def describe(self, words: Words | None = None) -> str:
        return (words or Words()).says(self.seat, "called", self.call)


class CallsShown(Event, tag="nim.CallsShown"):
    """Every call was shown and the start die read ``die``; ``right`` called it (2)."""

    calls: dict[str, str]
    die: int
    right: tuple[str, ...]

    def describe(self, words: Words | None = None) -> str:
        return f"The start die shows {self.die}; called right: {(words or Words()).names(self.right)}"


class StarterChosen(Event, tag="nim.StarterChosen"):
    """``seat`` takes the first turn (2)."""

    seat: str

    def describe(self, words: Words | None = None) -> str:
        return (words or Words()).says(self.seat, "takes", "the first turn")


class StonesTaken(Event, tag="nim.StonesTaken"):
    """``seat`` took ``stones`` from heap ``heap``, leaving ``left`` in it (3)."""

    seat: str
    heap: str
    stones: int
    left: int

    def describe(self, words: Words | None = None) -> str:
        return (words or Words()).says(self.seat, "took", f"{count(self.stones, 'stone')} from heap {self.heap}, {self.left} left")


EVENT_TYPES: tuple[type[Event], ...] = (HeapsLaid, StartCalled, CallsShown, StarterChosen, StonesTaken)
"""Every event type of the game, for ``Game(events=...)``."""
