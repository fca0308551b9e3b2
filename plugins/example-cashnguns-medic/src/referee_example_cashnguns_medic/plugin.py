"""The Medic: an eleventh special power for Cash'n'Guns, and every hook it implements.

Rules (README.md):

1. Revealed at the start of any round, with the bullet card (like The Kid).
2. From then on, after every showdown but the last round's, while the Medic is alive and
   some living gangster has a wound, the Medic patches up one of them (themself
   included): one wound less.  The Medic may also patch up nobody.

The power is declared with ``referee_cashnguns.Power``: the game deals it like the ten,
names it by its title and cites its rule for its reveal.  Rule 2 is a request of the
power's own, opened as the reload step begins and answered in the power's own
``referee_decide``; the game's flow goes on by itself once it is answered.
"""

from __future__ import annotations

import random
from typing import Any

from referee import Decision, Event, Extension, Held, Option, Pick, Request, TableState, Used, Words, hookimpl
from referee.words import count
from referee_cashnguns import Power
from referee_cashnguns.events import PowerDealt, PowerRevealed
from referee_cashnguns.game import components
from referee_cashnguns.powers import game_of, holds

NAME = "the-medic"
TITLE = "The Medic"
ACTION = "patch-up"
PATIENT = "patient"


class WoundPatched(Event, tag="cashnguns.the-medic.WoundPatched"):
    """Rule 2: ``medic`` took one wound off ``gangster``, who has ``wounds`` left."""

    medic: str
    gangster: str
    wounds: int

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        left = f"{self.wounds} wound{'' if self.wounds == 1 else 's'} left"
        return w.says(self.medic, "patches up", f"{w.name(self.gangster)}: one wound less ({left})")


def evolve(state: TableState, event: Event) -> None:
    if isinstance(event, WoundPatched):
        game_of(state).gangsters[event.gangster].wounds = event.wounds


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        Power(
            name=NAME,
            title=TITLE,
            rule="cashnguns.the-medic 1",
            summary="Revealed with a bullet card; then after every showdown patches up one wound of a living gangster.",
            events=[WoundPatched],
            evolve=evolve,
        )
    ]


# --- rule 1: the reveal -------------------------------------------------------------------


@hookimpl
def cashnguns_reveal_options(state: TableState, gangster: str) -> list[tuple[str, str, bool]] | None:
    if holds(state, gangster, NAME) and not game_of(state).gangsters[gangster].revealed:
        return [(NAME, f"Reveal {TITLE}: from now on, patch up a wound after every showdown", True)]
    return None


# --- rule 2: the power's own request --------------------------------------------------------


def medic(state: TableState) -> str | None:
    """The living gangster whose Medic is face up, if any."""
    return next((g.name for g in game_of(state).gangsters.values() if g.power == NAME and g.revealed and g.alive), None)


def patients(state: TableState) -> list[str]:
    """Living gangsters with at least one wound, in seat order."""
    return [g.name for g in game_of(state).gangsters.values() if g.alive and g.wounds > 0]


@hookimpl
def referee_phase_began(decision: Decision, phase: str) -> None:
    """The reload step follows the showdown: the wounds of this round are all taken."""
    if phase != "reload":
        return
    healer = medic(decision.state)
    wounded = patients(decision.state)
    last = decision.flow.round >= components(decision).rounds or len(game_of(decision).living()) <= 1
    if healer is None or not wounded or last:
        return
    decision.request(
        healer,
        ACTION,
        f"Round {decision.flow.round}: {healer}, whom do you patch up? One wound less.",
        answer={
            PATIENT: Pick(
                tuple(Option(name, f"{name} ({count(game_of(decision).gangsters[name].wounds, 'wound')})") for name in wounded),
                optional=True,
                label="gangster to patch up; leave out to patch up nobody",
            )
        },
        # Sealed like every answer in Cash'n'Guns: the patch-up itself is public (WoundPatched).
        sealed=True,
        id=f"r{decision.flow.round}.{ACTION}",
        rule="cashnguns.the-medic 2",
    )


@hookimpl
def referee_decide(decision: Decision, action: Any) -> bool | None:
    if action.action != ACTION:
        return None
    patient = action.args.get(PATIENT)
    if patient is not None:
        wounds = game_of(decision).gangsters[str(patient)].wounds - 1
        decision.emit(WoundPatched(medic=action.seat, gangster=str(patient), wounds=wounds), rule="2")
    return True


# --- showing --------------------------------------------------------------------------------


@hookimpl
def referee_bot_action(view: dict[str, Any], seat: str, request: Request, rng: random.Random) -> dict[str, Any] | None:
    """A bot Medic patches up whoever is closest to death, itself first among equals."""
    if request.action != ACTION:
        return None
    shape = (request.answer or {}).get(PATIENT)
    offered = [option.value for option in getattr(shape, "options", ())]
    if not offered:
        return {}
    wounds = {g["name"]: g["wounds"] for g in view["view"]["gangsters"]}
    return {PATIENT: max(offered, key=lambda name: (wounds.get(name, 0), name == seat))}


@hookimpl
def referee_describe(event: Event, words: Words) -> str | None:
    """The game's own lines name the ten by title; this names the eleventh the same way,
    to its reader ("You are dealt The Medic")."""
    if isinstance(event, PowerDealt) and event.power == NAME:
        return words.says(event.gangster, "is dealt", TITLE)
    if isinstance(event, PowerRevealed) and event.power == NAME:
        return words.says(event.gangster, "reveals", TITLE)
    return None


# --- measuring balance ----------------------------------------------------------------------


@hookimpl
def referee_balance_facts(state: TableState, event: Event) -> list[Held | Used] | None:
    """Each wound patched is a use of the power.  The game says already that a gangster
    held it (it does for every power dealt), so the card adds only its own uses."""
    if isinstance(event, WoundPatched):
        return [Used(event.medic, "power", TITLE)]
    return None
