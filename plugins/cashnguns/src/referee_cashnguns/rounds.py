"""What every step of a round shares: the rule names its log entries cite, the table's
components, who takes part, and the ids of the sealed requests a step opens."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from referee import Decision, IllegalAction, Shape

from .components import STANDARD, Components
from .state import CashNGuns

R_SETUP = "setup"
R_POT = "round: the pot"
R_BULLET = "round: bullet cards"
R_TARGET = "round: targets"
R_DELAY = "round: delaying"
R_NERVE = "round: cowards or brave"
R_NERVE_LATE = "round: withdrawing late"
R_COWARD = "round: cowards"
R_SHOTS = "round: shooting"
R_SPLIT = "round: the split"
R_END = "end"


def components(decision: Decision) -> Components:
    """The published components, unless a house rule replaces them."""
    found: Components | None = decision.rules.hook.cashnguns_components(components=STANDARD)
    return found or STANDARD


def _game(decision: Decision) -> CashNGuns:
    game: CashNGuns = decision.game
    return game


def _collect(results: Iterable[list[Any] | None]) -> list[Any]:
    return [item for result in results if result for item in result]


def _deadline(decision: Decision) -> float | None:
    seconds = float(decision.options.get("deadline", 0))
    return seconds or None


def _active(decision: Decision) -> list[str]:
    """Living gangsters taking part in this round's choices."""
    game = _game(decision)
    return [n for n in game.living() if n not in game.round.sat_out]


def _rid(decision: Decision, step: str, subject: str) -> str:
    return f"r{decision.flow.round}.{step}.{subject}"


def _ask(decision: Decision, gangster: str, step: str, subject: str, question: str, *, answer: Mapping[str, Shape], rule: str) -> None:
    """Ask ``gangster`` this round's ``step`` (the action answering it) about ``subject`` (a gun
    or a gangster): sealed, so nothing is revealed before everyone has answered, and within
    the leader's count (the ``deadline`` option)."""
    decision.request(
        gangster,
        step,
        f"Round {decision.flow.round}: {question}",
        answer=answer,
        sealed=True,
        deadline=_deadline(decision),
        id=_rid(decision, step, subject),
        rule=rule,
    )


def _subject(request_id: str | None, decision: Decision, step: str) -> str:
    prefix = f"r{decision.flow.round}.{step}."
    if not request_id or not request_id.startswith(prefix):
        raise IllegalAction(f"no {step} choice is open for this round", R_SETUP)
    return request_id.removeprefix(prefix)


def _last_round(decision: Decision) -> bool:
    """This round ends the game: the last of the rounds, or at most one gangster alive."""
    return decision.flow.round >= components(decision).rounds or len(_game(decision).living()) <= 1
