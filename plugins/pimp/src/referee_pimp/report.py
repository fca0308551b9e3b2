"""Words for the kernel's events where Pimp names them otherwise, and for Pimp's hidden entries.

A round of the kernel is a game turn of Pimp ("turn 3 begins": every pimp's turn once),
and the phases are the rulebook's (Pay Dues, Recruitment, Doing Shit, Retirement).  An
entry hidden from a reader is worded from its header alone: its type, seat and who may see
it say whose deck was listed or who drew a card, never which.
"""

from __future__ import annotations

from referee import Entry, Event, GameEnded, PhaseBegan, PhaseEnded, RoundBegan, RoundEnded, TurnBegan, TurnEnded, hookimpl
from referee.words import Words, money

from .events.words import sentence


def phase_title(phase: str) -> str:
    """A phase as the rulebook heads it: "doing shit" -> "Doing Shit"."""
    return " ".join(word[:1].upper() + word[1:] for word in phase.split())


def _game_over(event: GameEnded, w: Words) -> str:
    winners = list(event.winners)
    if not winners:
        return f"Game over: {event.reason}"
    scores = {s.seat: s.score for s in event.standings}
    best = scores.get(winners[0])
    verb = "win" if len(winners) > 1 or w.is_reader(winners[0]) else "wins"
    how, colon, _ = event.reason.partition(": ")
    why = how if colon else "the only pimp left"
    amount = f" with {money(int(best))}" if isinstance(best, int) else ""
    return f"Game over ({why}): {w.names(winners)} {verb}{amount}"


@hookimpl
def referee_describe(event: Event, words: Words) -> str | None:
    """The kernel's turns, phases and end in the rulebook's words; every Pimp event says what
    happened itself (``describe`` in ``events``)."""
    match event:
        case RoundBegan():
            return f"Turn {event.round} begins"
        case RoundEnded():
            return f"Turn {event.round} ends"
        case TurnBegan():
            return sentence(f"{words.possessive(event.seat)} turn")
        case TurnEnded():
            return f"End of {words.possessive(event.seat)} turn"
        case PhaseBegan():
            return f"{phase_title(event.phase)} begins"
        case PhaseEnded():
            return f"{phase_title(event.phase)} ends"
        case GameEnded():
            return _game_over(event, words)
    return None


_HIDDEN = {
    "pimp.DeckListed": ("plays", "a deck of {their} own"),
    "pimp.CardDrawn": ("draws", "a card"),
    "pimp.EdgeSlotLooked": ("looks", "at the top card of {their} deck and puts it in an edge slot or at the bottom"),
    "pimp.InfluenceBid": ("selects", "influence tokens in secret"),
    "pimp.CardsReordered": ("puts", "the top cards of {their} deck back in an order of {their} choosing"),
    "pimp.BitchesSent": ("chooses", "in secret which bitches go to the punters' car"),
    # A sealed request and its answer: an influence bid, bitches sent to the punters' car, the
    # top of a deck put back in order.
    "referee.RequestOpened": ("is", "asked to choose in secret"),
    "referee.ActionTaken": ("answers", "in secret"),
}
"""What another pimp may know of each private entry: that it happened, and whose it is."""


@hookimpl
def referee_describe_hidden(entry: Entry, words: Words) -> str | None:
    if entry.type == "pimp.DeckShuffled":
        return "A deck is shuffled and cut; its order stays hidden until the game ends"
    if entry.type == "referee.RandomDrawn":
        return "Cards are shuffled out of sight until the game ends"
    said = _HIDDEN.get(entry.type)
    if said is None:
        return None
    # A private entry is seen by its pimp alone: the one seat it is visible to is theirs.
    owner = entry.visible_to[0] if entry.visible_to and len(entry.visible_to) == 1 else entry.seat
    if owner is None:
        return None
    verb, rest = said
    return words.says(owner, verb, rest.format(their="your" if words.is_reader(owner) else "their"))
