"""The flow of a table: rounds, turns, phases, and who must decide what.

A game either declares its flow (``Game(flow=Rounds(...))``, below), which the kernel then
runs, or calls these steps itself through its ``Decision``.  Either way the kernel records
each step as an event, folds it into ``Flow``, and calls the lifecycle hooks
(``referee_round_began`` ... ``referee_phase_ended``) so cards and house rules can act
at any point.  A *request* is one seat's pending decision, with the shape of a legal
answer (``referee.answers``); several may be open at once, and a sealed one's answer is
seen only by its seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
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
from .limits import shown

if TYPE_CHECKING:
    from .registry import Rules
    from .table import Action, Decision, TableState

__all__ = ["Flow", "FlowSteps", "Menu", "Phase", "Rounds", "Turns", "advance", "answered_request", "fold"]


class Flow(msgspec.Struct):
    """Where the table is: round, whose turn, which phase, and who must decide what."""

    round: int = 0
    turn: int = 0
    seat: str | None = None
    phase: str | None = None
    requests: dict[str, Request] = {}
    ended: str | None = None
    """The phase that ended last in the round or turn under way, while no other has begun
    (where a ``Menu`` its seat closed leaves the flow)."""

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
            flow.ended = event.phase
        case RequestOpened():
            flow.requests[event.request.id] = event.request
        case RequestWithdrawn():
            flow.requests.pop(event.request, None)
        case GameEnded():
            flow.requests.clear()
    if isinstance(event, PhaseBegan | TurnBegan | TurnEnded | RoundBegan | RoundEnded):
        flow.ended = None


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

    def end_phase(self, phase: str | None = None) -> None:
        """End ``phase`` (by default the one under way: a phase whose steps have ended names itself)."""
        phase = phase or self.flow.phase or ""
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
            self.emit(SeedRevealed(seed=self.source.seed, key=self.source.key), rule="randomness")


def _canonical(args: dict[str, Any]) -> bytes:
    # JSON, not Python equality: 0 is not false and 1.0 is not 1 in a recorded answer.
    return msgspec.json.encode(args, order="sorted")


def answered_request(rules: Rules, state: TableState, action: Action) -> Request:
    """The open request ``action`` answers, or an ``IllegalAction`` saying what the seat may do."""
    mine = state.flow.requests_of(action.seat)
    matching = [r for r in mine if r.action == action.action and action.request in (None, r.id)]
    if len(matching) > 1:
        raise IllegalAction(
            f"{action.seat} has several {shown(action.action)} requests open; say which: {', '.join(r.id for r in matching)}", "flow"
        )
    request = matching[0] if matching else None
    if request is None:
        if action.request is not None and not any(r.id == action.request for r in mine):
            # One answer whether the id is another seat's or nobody's: a seat learns nothing
            # of the requests other seats have open by guessing their ids.
            raise IllegalAction(
                f"request {shown(action.request)} is not open for {action.seat}: answered, withdrawn or never asked of {action.seat}",
                "flow",
            )
        if action.request is not None:
            raise IllegalAction(f"request {action.request} asks for {state.flow.requests[action.request].action!r}", "flow")
        if mine:
            wanted = " or ".join(sorted({r.action for r in mine}))
            raise IllegalAction(f"{action.seat} is asked for {wanted!r}, not {shown(action.action)}", "flow")
        reason = rules.hook.referee_idle_reason(state=state, seat=action.seat)
        if reason:
            raise IllegalAction(str(reason))
        waiting = sorted({r.seat for r in state.flow.requests.values()})
        raise IllegalAction(f"nothing is asked of {action.seat} now; waiting for {', '.join(waiting) or 'nobody'}", "flow")
    if request.answer is not None:
        answers.validate(request.answer, action.args)
    if request.choices is not None and _canonical(action.args) not in {_canonical(c.args) for c in request.choices}:
        legal = "; ".join(c.label for c in request.choices)
        raise IllegalAction(f"{shown(action.args)} is not one of the choices offered to {action.seat}: {legal}", "flow")
    return request


# --- A declared flow ----------------------------------------------------------------------

Step = Callable[["Decision"], object]
"""Something the rules do at one point of the flow: emit events, open requests."""


@dataclass(frozen=True)
class Phase:
    """A named step of a round or a turn: ``begin`` opens its requests (or does what needs
    no answer), and once no request is open ``end`` resolves it; then it ends."""

    name: str
    begin: Step | None = None
    end: Step | None = None
    turns: Turns | None = None
    """Played in turns (after ``begin``), until no seat follows."""
    steps: Sequence[Phase] = ()
    """Its own steps, each declared and recorded as a phase, played in order once its
    turns are over and before its ``end`` (placement in turns, then sealed orders, say).
    While a step is under way the flow's ``phase`` is the step's name, so the names of a
    flow are unique; the phase's ``end`` runs after its last step has ended (the flow's
    ``phase`` is then None: a step that needs the phase's name is given it)."""


@dataclass(frozen=True)
class Menu(Phase):
    """A phase in which one seat does one thing after another until it says it is done
    (a production step: make something, play a card, strike a deal, ..., then stop).

    ``begin`` offers the menu: it opens the seat's request.  Each time no request is open
    after an answer (a reply asked of another seat on the way included), the kernel runs
    ``begin`` again.  The menu ends when an answer ends it (``decision.end_phase()``:
    the seat is done) or when ``begin`` opens nothing (nothing is left to do); the flow
    then goes on with the phase after it.  A menu takes neither ``end`` nor ``turns``.
    """

    def __post_init__(self) -> None:
        if self.end is not None or self.turns is not None:
            raise TypeError(f"menu {self.name!r} ends when its seat is done: it takes neither end nor turns")


@dataclass(frozen=True)
class Turns:
    """Seats' turns, one after another: ``first`` names whose turn comes first and
    ``following`` whose turn follows a seat's (None: the turns are over)."""

    first: Callable[[Decision], str | None]
    following: Callable[[Decision, str], str | None]
    begin: Step | None = None
    """Opens the turn's requests (after ``TurnBegan``)."""
    phases: Sequence[Phase] = ()
    """The phases of every turn, in order (after ``begin``)."""
    end: Step | None = None
    """Once no request is open and the phases are over, before ``TurnEnded``."""
    ends: Step | None = None
    """After each turn: ends the game (``decision.end_game``) when the rules say it is over."""


@dataclass(frozen=True)
class Rounds:
    """A game's flow: rounds until it ends.  Each round runs ``begin``, then its phases or
    its turns, then ``end``; before each round (the first too) ``ends`` ends the game
    (``decision.end_game``) when the rules say it is over."""

    begin: Step | None = None
    """Opens the round's requests, or does what needs no answer (after ``RoundBegan``)."""
    phases: Sequence[Phase] = ()
    turns: Turns | None = None
    end: Step | None = None
    """Once no request is open and the phases or turns are over, before ``RoundEnded``."""
    ends: Step | None = None
    """Before each round (the first too): ends the game (``decision.end_game``) when the
    rules say it is over."""
    opening: Sequence[Phase] = ()
    """Phases played once, before the first round (while the round is 0): what the seats
    are asked before play begins, such as a mulligan or a free placing."""
    settle: Step | None = None
    """Business the rules settle as soon as it arises, wherever the flow is (a lot up for
    auction, a seat out of money).  It runs whenever the flow resumes and before each
    phase begins; it may open any seat's requests and end the game.  While it leaves a
    request open the flow waits; once none is, it runs again, and the flow resumes where
    it was."""


def advance(decision: Decision, rounds: Rounds) -> None:
    """Run a declared flow from where the table is until a request is open or the game ended.

    The kernel calls this after setup, after every decided action (whichever plugin
    decided it) and after a request expires.  Where the table is comes from its flow
    alone: the round under way (none yet: the setup phase, if declared), its phase (or
    step) and whose turn it is.  A round, turn or phase
    stops only where its ``begin`` (or an answer) left requests open; its ``end`` runs
    once none is.  The ``settle`` step may stop it too, before a phase begins; with no
    phase under way, the flow goes on after the phase that ended last (``Flow.ended``).
    """
    if _waiting(decision) or not _settled(decision):
        return
    flow = decision.flow
    if not flow.round and rounds.opening and not _phases(decision, rounds.opening, flow.phase, flow.seat):
        return
    if flow.round and not _resume_round(decision, rounds, flow.phase, flow.seat):
        return
    while not decision.state.over:
        _run(decision, rounds.ends)
        if decision.state.over:
            return
        decision.begin_round()
        _run(decision, rounds.begin)
        if _waiting(decision) or not _resume_round(decision, rounds, None, None):
            return


def _waiting(decision: Decision) -> bool:
    return decision.state.over or bool(decision.flow.requests)


def _settled(decision: Decision) -> bool:
    """Run the declared flow's ``settle`` step; True when nothing is left to wait for."""
    declared = decision.rules.game.flow
    _run(decision, declared.settle if isinstance(declared, Rounds) else None)
    return not _waiting(decision)


def _start(decision: Decision, phases: Sequence[Phase], current: str | None) -> tuple[int, bool]:
    """Where a list of phases goes on, and whether that phase is under way: the phase
    holding ``current`` (itself or one of its steps), else the one after the phase that
    ended last (a closed ``Menu``, or a stop to settle before the next began), else the
    first.  A phase whose step ended last is under way between two of its steps."""
    for index, phase in enumerate(phases):
        if _holds(phase, current):
            return index, True
    ended = decision.flow.ended
    if current is None and ended is not None:
        for index, phase in enumerate(phases):
            if phase.name == ended:
                return index + 1, False
            if _holds(phase, ended):
                return index, True
    return 0, False


def _run(decision: Decision, step: Step | None) -> None:
    if step is not None and not decision.state.over:
        step(decision)


def _resume_round(decision: Decision, rounds: Rounds, phase: str | None, seat: str | None) -> bool:
    """Play the rest of the round under way; True once it has ended."""
    if rounds.phases:
        done = _phases(decision, rounds.phases, phase, seat)
    elif rounds.turns is not None:
        done = _turns(decision, rounds.turns, seat, phase)
    else:
        done = True
    if not done:
        return False
    _run(decision, rounds.end)
    if decision.state.over:
        return False
    decision.end_round()
    return True


def _phases(decision: Decision, phases: Sequence[Phase], current: str | None, seat: str | None) -> bool:
    """Play ``phases`` from ``current`` (the one under way, or one of its steps; None: from
    the first, or after the phase that ended last); True once over."""
    start, under_way = _start(decision, phases, current)
    for index in range(start, len(phases)):
        phase = phases[index]
        if index == start and under_way:
            if not _resume_phase(decision, phase, current, seat):
                return False
        else:
            if not _settled(decision):
                return False
            decision.begin_phase(phase.name)
            _run(decision, phase.begin)
            if _waiting(decision):
                return False
            if phase.turns is not None and not _turns(decision, phase.turns, None, None):
                return False
            if phase.steps and not _phases(decision, phase.steps, None, None):
                return False
        _run(decision, phase.end)
        if decision.state.over:
            return False
        decision.end_phase(phase.name)
    return True


def _holds(phase: Phase, name: str | None) -> bool:
    """Whether ``name`` is ``phase`` or one of its steps, at any depth."""
    return name == phase.name or any(_holds(step, name) for step in phase.steps)


def _resume_phase(decision: Decision, phase: Phase, current: str | None, seat: str | None) -> bool:
    """Play the rest of ``phase``, under way at ``current`` (itself or a step); True once
    its turns and steps are over."""
    if current != phase.name:
        # A step is under way (or one has just ended), so the phase's turns are over.
        return _phases(decision, phase.steps, current, seat)
    if isinstance(phase, Menu):
        # Offered again after every answer, until its seat closes it or nothing is left.
        _run(decision, phase.begin)
        if _waiting(decision):
            return False
    if phase.turns is not None and not _turns(decision, phase.turns, seat, None):
        return False
    return not phase.steps or _phases(decision, phase.steps, None, None)


def _turns(decision: Decision, turns: Turns, seat: str | None, phase: str | None) -> bool:
    """Play turns from ``seat``'s (under way; None: from the first turn); True once over."""
    resumed = seat is not None
    current = seat if resumed else turns.first(decision)
    while current is not None:
        if resumed:
            resumed = False
            if not _phases(decision, turns.phases, phase, None):
                return False
        else:
            decision.begin_turn(current)
            _run(decision, turns.begin)
            if _waiting(decision) or not _phases(decision, turns.phases, None, None):
                return False
        _run(decision, turns.end)
        if decision.state.over:
            return False
        decision.end_turn()
        _run(decision, turns.ends)
        if decision.state.over:
            return False
        current = turns.following(decision, current)
    return True
