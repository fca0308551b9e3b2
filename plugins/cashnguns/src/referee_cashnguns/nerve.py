"""Cowards or brave: "The leader counts to three again; on three, players choose to be
cowards or brave" (``round: cowards or brave``), sealed and revealed together."""

from __future__ import annotations

import referee
from referee import Decision, Flag

from .events import NerveShown, NervesRevealed
from .rounds import R_NERVE, _active, _ask, _game


def _open_nerve(decision: Decision) -> None:
    for name in _active(decision):
        _ask(
            decision,
            name,
            "nerve",
            name,
            f"{name}, on three: stay in, or back down (a shame token)?",
            answer={"brave": Flag(label="stay in; no backs down for a shame token")},
            rule=R_NERVE,
        )


def _show_nerve(decision: Decision, action: referee.Action) -> None:
    decision.emit(NerveShown(gangster=action.seat, brave=bool(action.args["brave"])), rule=R_NERVE, visible_to=[action.seat])


def _reveal_nerves(decision: Decision) -> None:
    r = _game(decision).round
    decision.emit(
        NervesRevealed(brave=[n for n, b in r.nerve.items() if b], cowards=[n for n, b in r.nerve.items() if not b]),
        rule=R_NERVE,
    )
