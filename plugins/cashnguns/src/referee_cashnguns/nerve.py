"""Cowards or brave: "The leader counts to three again; on three, players choose to be
cowards or brave" (``round: cowards or brave``), sealed and revealed together.

The choice is two named options and neither is a default, so an answer sent without
choosing is refused rather than read as backing down.  A power revealed "before the
withdraw decision" (The Insane) may be revealed with it: only its holder's request offers
it, and everyone is asked the same question anyway, so being asked reveals nothing."""

from __future__ import annotations

import referee
from referee import Decision, IllegalAction, Option, Pick

from .events import NerveShown, NervesRevealed
from .powers import reveal, title
from .rounds import R_NERVE, _active, _ask, _collect, _game

STAY_IN = "stay-in"
BACK_DOWN = "back-down"
NERVE = Pick((Option(STAY_IN, "Stay in"), Option(BACK_DOWN, "Back down")), label="on three")
"""The nerve answer: stay in (brave) or back down (a coward: a shame token)."""


def _open_nerve(decision: Decision) -> None:
    for name in _active(decision):
        answer: dict[str, referee.Shape] = {"nerve": NERVE}
        reveals = _reveals(decision, name)
        if reveals:
            answer["reveal"] = Pick(tuple(Option(p, label) for p, label in reveals), optional=True, label="reveal your power first")
        _ask(
            decision,
            name,
            "nerve",
            name,
            f"{name}, on three: stay in, or back down (your gun goes down and you take a shame token)?",
            answer=answer,
            rule=R_NERVE,
        )


def _reveals(decision: Decision, gangster: str) -> list[tuple[str, str]]:
    return _collect(decision.rules.hook.cashnguns_nerve_reveal_options(state=decision.state, gangster=gangster))


def brave(args: dict[str, object]) -> bool:
    """Whether an answer stays in: ``{"nerve": "stay-in"}``, or ``{"brave": true}`` as a
    table stored before the choice was named still asks for it (a yes-or-no flag)."""
    if "nerve" in args:
        return args["nerve"] == STAY_IN
    if isinstance(args.get("brave"), bool):
        return bool(args["brave"])
    raise IllegalAction("nerve: choose Stay in or Back down", R_NERVE)


def _show_nerve(decision: Decision, action: referee.Action) -> None:
    stays = brave(action.args)
    power = action.args.get("reveal")
    if power is not None:
        if power not in [p for p, _ in _reveals(decision, action.seat)]:
            raise IllegalAction(f"{action.seat} cannot reveal {title(decision, str(power))} now", R_NERVE)
        # Face up at once, before the count: whoever has not yet chosen sees the grenade.
        reveal(decision, action.seat, str(power))
    decision.emit(NerveShown(gangster=action.seat, brave=stays), rule=R_NERVE, visible_to=[action.seat])


def _reveal_nerves(decision: Decision) -> None:
    r = _game(decision).round
    decision.emit(
        NervesRevealed(brave=[n for n, b in r.nerve.items() if b], cowards=[n for n, b in r.nerve.items() if not b]),
        rule=R_NERVE,
    )
