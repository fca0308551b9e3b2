"""Everything that can happen at a Nim table, as events (RULES.md gives the sections)."""

from __future__ import annotations

from referee import Event


class HeapsLaid(Event, tag="nim.HeapsLaid"):
    """The heaps were laid out with these many stones, heap A first (1)."""

    heaps: tuple[int, ...]


class StartCalled(Event, tag="nim.StartCalled"):
    """``seat`` called ``call`` ("odd" or "even") for the start die, sealed (2)."""

    seat: str
    call: str


class CallsShown(Event, tag="nim.CallsShown"):
    """Every call was shown and the start die read ``die``; ``right`` called it (2)."""

    calls: dict[str, str]
    die: int
    right: tuple[str, ...]


class StarterChosen(Event, tag="nim.StarterChosen"):
    """``seat`` takes the first turn (2)."""

    seat: str


class StonesTaken(Event, tag="nim.StonesTaken"):
    """``seat`` took ``stones`` from heap ``heap``, leaving ``left`` in it (3)."""

    seat: str
    heap: str
    stones: int
    left: int


EVENT_TYPES: tuple[type[Event], ...] = (HeapsLaid, StartCalled, CallsShown, StarterChosen, StonesTaken)
"""Every event type of the game, for ``referee_event_types``."""
