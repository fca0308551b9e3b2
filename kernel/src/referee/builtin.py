"""The kernel's own plugin: words for its events.  Registered on every table first,
so any game or house rule can describe kernel events differently."""

from __future__ import annotations

from typing import Any

import msgspec

from .events import (
    ActionTaken,
    Event,
    GameEnded,
    PhaseBegan,
    PhaseEnded,
    RandomDrawn,
    RequestOpened,
    RequestWithdrawn,
    RoundBegan,
    RoundEnded,
    SeedRevealed,
    TableOpened,
    TurnBegan,
    TurnEnded,
)
from .plugin import hookimpl


def _args(args: dict[str, Any]) -> str:
    if set(args) == {"text"}:
        return repr(args["text"]) if args["text"] else ""
    return msgspec.json.encode(args).decode() if args else ""


@hookimpl
def referee_describe(event: Event) -> str | None:
    match event:
        case TableOpened():
            return f"table {event.table_id} opened: {event.game} for {', '.join(event.seats)}"
        case ActionTaken():
            return f"{event.seat}: {event.action} {_args(event.args)}".rstrip()
        case RandomDrawn():
            return f"random draw {event.draw} ({event.purpose}): {event.kind} {event.spec} -> {event.outcome}"
        case RoundBegan():
            return f"round {event.round} begins"
        case RoundEnded():
            return f"round {event.round} ends"
        case TurnBegan():
            return f"turn {event.turn}: {event.seat}"
        case TurnEnded():
            return f"{event.seat}'s turn {event.turn} ends"
        case PhaseBegan():
            return f"{event.phase} begins"
        case PhaseEnded():
            return f"{event.phase} ends"
        case RequestOpened():
            return f"{event.request.seat} is asked: {event.request.prompt}"
        case RequestWithdrawn():
            return f"request {event.request} withdrawn: {event.reason}"
        case GameEnded():
            winners = ", ".join(event.winners) or "nobody"
            return f"game over ({event.reason}); winners: {winners}"
        case SeedRevealed():
            return f"seed revealed: {event.seed}"
    return None
