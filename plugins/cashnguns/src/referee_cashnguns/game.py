"""Cash'n'Guns as a Referee game: the game declared, its setup and the round that runs its steps.

A round is a kernel round and each of its steps a phase:

    bullets -> aim -> late-aim (The Kid) -> late-bullet (The Cunning) -> nerve
            -> showdown -> reload (The Specialist) -> claim (It Doesn't Even Hurt!)
            -> guns (You Don't Need It Anymore...)

Every secret choice is a sealed request, answered by everyone before anything is
revealed.  The round is declared (``FLOW``): the kernel ends a step when its last request
is answered (or expires), whoever answered it (a power's own request too), then runs the
steps that need nobody's answer until one does.

The steps live beside this module, each with the rulebook's words for it: ``aiming``
(bullet cards and targets), ``nerve`` (cowards or brave), ``showdown`` (shooting, wounds,
taking Bang! Bang! Bang! back), ``loot`` (claims and the split) and ``ending`` (a dead
gangster's gun, the end of the game); ``rounds`` holds what they share.  Every name this
module held before they moved is still importable from it.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import msgspec

import referee
from referee import GAMESMASTER, Decision, Event, Game, Phase, Rounds, hookimpl
from referee.bots import bots_by_seat as by_seat
from referee.bots import check_kinds, check_seats

from . import hookspecs
from .aiming import _card_options as _card_options
from .aiming import _choose_bullet, _choose_target, _open_aims, _open_bullets, _reveal_targets
from .aiming import _late_aim as _late_aim
from .aiming import _late_bullet as _late_bullet
from .bot import BOT_KINDS, DEFAULT_BOT
from .ending import _end_game as _end_game
from .ending import _end_if_over, _open_gun_offers, _take_gun
from .events import EVENT_TYPES, GangstersArmed, LootShuffled, NerveShown, PotRevealed, PowerDealt, SatOut
from .loot import STAY_DOWN as STAY_DOWN
from .loot import _claim, _open_claims, _split_pot
from .loot import _fallen as _fallen
from .nerve import _open_nerve, _reveal_nerves, _show_nerve
from .powers import POWERS, Power
from .rounds import R_BULLET as R_BULLET
from .rounds import R_COWARD as R_COWARD
from .rounds import R_DELAY, R_NERVE_LATE, R_POT, R_SETUP, _game, components
from .rounds import R_END as R_END
from .rounds import R_NERVE as R_NERVE
from .rounds import R_SHOTS as R_SHOTS
from .rounds import R_SPLIT as R_SPLIT
from .rounds import R_TARGET as R_TARGET
from .rounds import _active as _active
from .rounds import _collect as _collect
from .rounds import _deadline as _deadline
from .rounds import _last_round as _last_round
from .rounds import _rid as _rid
from .rounds import _subject as _subject
from .showdown import _discard, _open_reloads, _reload, _showdown
from .showdown import _fire as _fire
from .showdown import _take_wounds as _take_wounds
from .showdown import _wound_limit as _wound_limit
from .state import CashNGuns, Gangster, evolve

_HERE = Path(__file__).parent


class Options(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    deadline: float = 0
    """Seconds each gangster has for a choice (the leader's count); 0: no limit, as in hot-seat play."""

    bots: str | list[str] | dict[str, str] = DEFAULT_BOT
    """Which bot plays a seat the table lets bots play: one kind for every seat
    ("heuristic", "random", "search"), kinds in seat order (a list, or a comma-separated string
    such as "heuristic,random,random,heuristic"), or a mapping of seat to kind (seats
    left out get "heuristic").  It chooses nothing for a seat a person plays."""

    def __post_init__(self) -> None:
        if self.deadline < 0:
            raise ValueError("deadline cannot be negative")
        check_kinds(self.bots, BOT_KINDS)


def bots_by_seat(options: dict[str, Any], seats: Iterable[str]) -> dict[str, str]:
    """Each seat's bot kind, from the table option ``bots`` (checked at setup)."""
    return by_seat(options.get("bots", DEFAULT_BOT), seats, DEFAULT_BOT)


@hookimpl
def referee_games() -> list[Game]:
    return [
        Game(
            name="cashnguns",
            title="Cash'n'Guns",
            min_seats=4,
            max_seats=6,
            summary="Eight rounds of standoffs: choose a bullet, point your gun, keep your nerve, split the loot.",
            options=Options,
            hookspecs=[hookspecs],
            rules_document=str(_HERE / "RULES.md"),
            scenarios=str(_HERE / "scenarios"),
            events=EVENT_TYPES,
            initial_state=lambda opened: CashNGuns(gangsters={seat: Gangster(name=seat) for seat in opened.seats}),
            evolve=_evolve,
            flow=FLOW,
            # Where the rules make sealed choices public (referee.testing.check_noninterference).
            reveals={
                "cashnguns.TargetsRevealed": "cashnguns round: targets (every gangster aims at once)",
                "cashnguns.NervesRevealed": "cashnguns round: cowards or brave (shown together)",
                "cashnguns.PowerRevealed": "cashnguns powers: a gangster reveals a power face up, with its bullet card or when the power is used",
            },
        )
    ]


def _evolve(state: referee.TableState, event: Event) -> None:
    if isinstance(event, EVENT_TYPES):
        evolve(state.game, event)


# --- setup and rounds ------------------------------------------------------------------


@hookimpl
def referee_setup(decision: Decision) -> bool:
    check_seats(decision.options.get("bots", DEFAULT_BOT), decision.seats)
    parts = components(decision)
    decision.emit(GangstersArmed(guns={seat: seat for seat in decision.seats}, bullets=parts.deck(), rounds=parts.rounds), rule=R_SETUP)
    notes = decision.shuffle(parts.notes(), purpose="the loot, face down")
    decision.emit(LootShuffled(notes=notes), rule=R_SETUP, visible_to=())
    powers = sorted(e.name for e in decision.rules.extensions if e.kind == "power")
    if powers:
        dealt = decision.shuffle(powers, purpose="special powers, dealt face down")
        for seat, power in zip(decision.seats, dealt):
            decision.emit(PowerDealt(gangster=seat, power=power), rule="special powers", visible_to=[seat])
    return True


def _reveal_pot(decision: Decision) -> None:
    game = _game(decision)
    notes = game.loot[: components(decision).notes_per_round]
    decision.emit(PotRevealed(round=decision.flow.round, notes=notes, pot=[*game.pot, *notes]), rule=R_POT)


FLOW = Rounds(
    begin=_reveal_pot,
    phases=(
        Phase("bullets", begin=lambda d: _open_bullets(d, late=False)),
        Phase("aim", begin=lambda d: _open_aims(d, late=False), end=_reveal_targets),
        Phase("late-aim", begin=lambda d: _open_aims(d, late=True), end=_reveal_targets),
        Phase("late-bullet", begin=lambda d: _open_bullets(d, late=True)),
        Phase("nerve", begin=_open_nerve, end=_reveal_nerves),
        Phase("showdown", begin=_showdown),
        Phase("reload", begin=_open_reloads),
        Phase("claim", begin=_open_claims, end=_split_pot),
        Phase("guns", begin=_open_gun_offers),
    ),
    ends=_end_if_over,
)
"""A round: the pot, then its steps; each opens its sealed requests (or needs none), and
the ones ending in a reveal reveal once every answer is in."""


PHASES = tuple(phase.name for phase in FLOW.phases)


_ANSWERS = {
    "bullet": _choose_bullet,
    "aim": _choose_target,
    "nerve": _show_nerve,
    "reload": _reload,
    "claim": _claim,
    "take-gun": _take_gun,
}


@hookimpl
def referee_decide(decision: Decision, action: referee.Action) -> bool | None:
    answer = _ANSWERS.get(action.action)
    if answer is None or action.seat == GAMESMASTER:
        return None
    answer(decision, action)
    return True


@hookimpl
def referee_request_expired(decision: Decision, request: referee.Request) -> bool:
    """The leader's count ran out.

    A gangster who delays his bullet or his aim sits the round out; one who lets the nerve
    count run out has not backed down in time, and "a player who withdraws only after
    seeing others' decisions does not count as withdrawn and is still in".
    """
    game = _game(decision)
    seat = request.seat
    decision.withdraw(request.id, f"{seat} did not choose in time", rule=R_DELAY)
    if request.action == "nerve" and seat not in game.round.sat_out:
        decision.emit(NerveShown(gangster=seat, brave=True), rule=R_NERVE_LATE, visible_to=[seat])
    elif request.action in ("bullet", "aim") and seat not in game.round.sat_out:
        decision.emit(SatOut(gangster=seat, reason=f"delayed the {request.action} choice"), rule=R_DELAY)
        for rid, other in list(decision.flow.requests.items()):
            if other.seat == seat:
                decision.withdraw(rid, f"{seat} sits the round out", rule=R_DELAY)
        for gun in game.guns_of(seat):
            _discard(decision, gun.id, "sat the round out")
    return True


@hookimpl
def referee_idle_reason(state: referee.TableState, seat: str) -> str | None:
    game: CashNGuns = state.game
    gangster = game.gangsters.get(seat)
    if gangster is not None and not gangster.alive:
        return f"{seat} is dead (cashnguns end)"
    if seat in game.round.sat_out:
        return f"{seat} sits this round out for delaying (cashnguns round: delaying)"
    return None


__all__ = ["PHASES", "POWERS", "Options", "Power", "bots_by_seat", "components"]
