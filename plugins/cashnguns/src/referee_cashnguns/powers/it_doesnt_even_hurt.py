"""10. It Doesn't Even Hurt!: may take part in the split even when wounded or withdrawn.

Revealed in the split, when the holder joins in.  Single use, and does not work when the
grenade has been used (in that round the split does not happen).
"""

from __future__ import annotations

from referee import Decision, Event, Extension, TableState, Words, hookimpl

from . import at_table, extension, game_of, holds, mark_used, rule, used

NAME = "it-doesnt-even-hurt"


class PainIgnored(Event, tag="cashnguns.it-doesnt-even-hurt.PainIgnored"):
    gangster: str

    def describe(self, words: Words | None = None) -> str:
        return f"It doesn't even hurt! {(words or Words()).says(self.gangster, 'joins', 'the split')}"


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        extension(
            NAME,
            "May take part in the split even when wounded or withdrawn. Revealed in the split, when you join in. Single use; does not work once the grenade has been used.",
            events=[PainIgnored],
            evolve=evolve,
        )
    ]


def evolve(state: TableState, event: Event) -> None:
    if isinstance(event, PainIgnored):
        mark_used(state, NAME)
        game_of(state).round.claimants.append(event.gangster)


@hookimpl
def cashnguns_pending_claims(state: TableState) -> bool | None:
    return True if at_table(state, NAME) and not used(state, NAME) else None


@hookimpl
def cashnguns_claim_options(state: TableState, gangster: str) -> list[tuple[str, str]] | None:
    if holds(state, gangster, NAME) and not used(state, NAME) and not game_of(state).round.ended_early:
        return [(NAME, "Reveal It Doesn't Even Hurt! and join the split")]
    return None


@hookimpl
def cashnguns_power_chosen(decision: Decision, gangster: str, power: str, step: str, args: dict[str, object]) -> None:
    if power == NAME and step == "claim":
        decision.emit(PainIgnored(gangster=gangster), rule=rule(decision, NAME))
