"""The flow of a table: rounds, turns, phases, and who must decide what.

Games declare their flow by calling these steps through their ``Decision``; the kernel
records each step as an event, folds it into ``Flow``, and calls the lifecycle hooks
(``referee_round_began`` ... ``referee_phase_ended``) so cards and house rules can act
at any point.  A *request* is one seat's pending decision, with the shape of a legal
answer (``referee.answers``); several may be open at once, and a sealed one's answer is
seen only by its seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from . import answers
from .answers import Shape
from .errors import IllegalAction, RefereeError
from .events import (
    ActionTaken,
    Choice,
    Event,
    GameEnded,
    PhaseBegan,
    PhaseEnded,
    Request,
    RequestOpened,
    RequestWithdrawn,
    RoundBegan,
    RoundEnded,
    SeedRevealed,
    Standing,
    TurnBegan,
    TurnEnded,
)

if TYPE_CHECKING:
    from .registry import Rules
    from .table import Action, TableState

__all__ = ["Flow", "FlowSteps", "fold", "answered_request"]


class Flow(msgspec.Struct):
    """Where the table is: round, whose turn, which phase, and who must decide what."""

    round: int = 0
    turn: int = 0
    seat: str | None = None
    phase: str | None = None
    requests: dict[str, Request] = {}

    def requests_of(self, seat: str) -> list[Request]:
        return [r for r in self.requests.values() if r.seat == seat]


def fold(flow: Flow, event: Event) -> None:
    """The flow's part of the mutator."""
    match event:
        case ActionTaken(request=str() as rid):
            flow.requests.pop(rid, None)
        case RoundBegan():
            flow.round = event.round
        case TurnBegan():
            flow.turn, flow.seat = event.turn, event.seat
        case TurnEnded():
            flow.seat = None
        case PhaseBegan():
            flow.phase = event.phase
        case PhaseEnded():
            flow.phase = None
        case RequestOpened():
            flow.requests[event.request.id] = event.request
        case RequestWithdrawn():
            flow.requests.pop(event.request, None)
        case GameEnded():
            flow.requests.clear()


class FlowSteps:
    """The flow steps a ``Decision`` offers its game: each emits an event, then the hooks run."""

    rules: Rules
    state: TableState
    source: Any

    @property
    def flow(self) -> Flow:
        return self.state.flow

    if TYPE_CHECKING:

        def emit(self, event: Event, *, rule: str = "", visible_to: Sequence[str] | None = None) -> Event: ...

    def begin_round(self, round: int | None = None) -> None:
        number = self.flow.round + 1 if round is None else round
        self.emit(RoundBegan(round=number), rule="flow")
        self.rules.hook.referee_round_began(decision=self, round=number)

    def end_round(self) -> None:
        number = self.flow.round
        self.rules.hook.referee_round_ended(decision=self, round=number)
        self.emit(RoundEnded(round=number), rule="flow")

    def begin_turn(self, seat: str, turn: int | None = None) -> None:
        number = self.flow.turn + 1 if turn is None else turn
        self.emit(TurnBegan(turn=number, seat=seat), rule="flow")
        self.rules.hook.referee_turn_began(decision=self, turn=number, seat=seat)

    def end_turn(self) -> None:
        turn, seat = self.flow.turn, self.flow.seat or ""
        self.rules.hook.referee_turn_ended(decision=self, turn=turn, seat=seat)
        self.emit(TurnEnded(turn=turn, seat=seat), rule="flow")

    def begin_phase(self, phase: str) -> None:
        self.emit(PhaseBegan(phase=phase), rule="flow")
        self.rules.hook.referee_phase_began(decision=self, phase=phase)

    def end_phase(self) -> None:
        phase = self.flow.phase or ""
        self.rules.hook.referee_phase_ended(decision=self, phase=phase)
        self.emit(PhaseEnded(phase=phase), rule="flow")

    def request(
        self,
        seat: str,
        action: str,
        prompt: str,
        *,
        answer: Mapping[str, Shape] | None = None,
        choices: Sequence[Choice] | None = None,
        hint: str = "",
        sealed: bool = False,
        deadline: float | None = None,
        id: str | None = None,
        rule: str = "flow",
    ) -> Request:
        """Open a request: ``seat`` must now answer with ``action``, its args shaped as ``answer``
        says (``choices`` is the legacy form).  Seen only by ``seat``."""
        rid = id or f"r{self.flow.round}.{self.flow.turn}.{action}.{seat}"
        if rid in self.flow.requests:
            raise RefereeError(f"request {rid!r} is already open")
        request = Request(
            id=rid,
            seat=seat,
            action=action,
            prompt=prompt,
            choices=None if choices is None else tuple(choices),
            answer=None if answer is None else dict(answer),
            hint=hint,
            sealed=sealed,
            deadline=deadline,
        )
        self.emit(RequestOpened(request=request), rule=rule, visible_to=(seat,))
        return request

    def withdraw(self, request_id: str, reason: str, *, rule: str = "flow") -> None:
        self.emit(RequestWithdrawn(request=request_id, reason=reason), rule=rule)

    def end_game(self, winners: Sequence[str], reason: str, standings: Sequence[Standing] = (), *, rule: str = "") -> None:
        """End the game, then reveal the seed so every random outcome can be checked."""
        game = self.rules.game.name
        if rule and not rule.startswith(game):
            rule = f"{game} {rule}"
        for rid in list(self.flow.requests):
            self.withdraw(rid, "the game ended")
        self.emit(GameEnded(winners=tuple(winners), reason=reason, standings=tuple(standings)), rule=rule)
        if self.source.seed is not None:
            self.emit(SeedRevealed(seed=self.source.seed), rule="randomness")


def _canonical(args: dict[str, Any]) -> bytes:
    # JSON, not Python equality: 0 is not false and 1.0 is not 1 in a recorded answer.
    return msgspec.json.encode(args, order="sorted")


def answered_request(rules: Rules, state: TableState, action: Action) -> Request:
    """The open request ``action`` answers, or an ``IllegalAction`` saying what the seat may do."""
    mine = state.flow.requests_of(action.seat)
    matching = [r for r in mine if r.action == action.action and action.request in (None, r.id)]
    if len(matching) > 1:
        raise IllegalAction(
            f"{action.seat} has several {action.action!r} requests open; say which: {', '.join(r.id for r in matching)}", "flow"
        )
    request = matching[0] if matching else None
    if request is None:
        if action.request is not None and not any(r.id == action.request for r in mine):
            raise IllegalAction(f"request {action.request!r} is not open for {action.seat}", "flow")
        if action.request is not None:
            raise IllegalAction(f"request {action.request} asks for {state.flow.requests[action.request].action!r}", "flow")
        if mine:
            wanted = " or ".join(sorted({r.action for r in mine}))
            raise IllegalAction(f"{action.seat} is asked for {wanted!r}, not {action.action!r}", "flow")
        reason = rules.hook.referee_idle_reason(state=state, seat=action.seat)
        if reason:
            raise IllegalAction(str(reason))
        waiting = sorted({r.seat for r in state.flow.requests.values()})
        raise IllegalAction(f"nothing is asked of {action.seat} now; waiting for {', '.join(waiting) or 'nobody'}", "flow")
    if request.answer is not None:
        answers.validate(request.answer, action.args)
    if request.choices is not None and _canonical(action.args) not in {_canonical(c.args) for c in request.choices}:
        legal = "; ".join(c.label for c in request.choices)
        raise IllegalAction(f"{action.args} is not one of the choices offered to {action.seat}: {legal}", "flow")
    return request
