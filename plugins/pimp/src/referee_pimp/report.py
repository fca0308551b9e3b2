"""Words for the kernel's events where Pimp names them otherwise."""

from __future__ import annotations

from referee import Event, RoundBegan, TurnBegan, hookimpl


@hookimpl
def referee_describe(event: Event) -> str | None:
    """The kernel's rounds and turns in the rulebook's words; every Pimp event says what
    happened itself (``describe`` in ``events``)."""
    match event:
        case RoundBegan():
            return f"turn {event.round} begins"
        case TurnBegan():
            return f"{event.seat}'s turn"
    return None
