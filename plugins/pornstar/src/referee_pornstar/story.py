"""What a reader may know of a PornStar entry hidden from them (``referee_describe_hidden``).

Only the entry's header speaks: its type, the seat whose action it follows from and the
seats it is shown to.  The card a studio takes, the deck's order, a deal's terms, what a
studio chose to do next: each hidden entry says that it happened, never what it holds.
The kernel's own hidden entries of this game (a question put to one seat, a sealed answer,
the deck's shuffle) are worded too.
"""

from __future__ import annotations

from referee import Entry, hookimpl
from referee.words import Words


def _who(entry: Entry) -> str | None:
    """The seat an entry concerns: the one it is shown to, else the one who acted."""
    shown = entry.visible_to or []
    return shown[0] if len(shown) == 1 else entry.seat


@hookimpl
def referee_describe_hidden(entry: Entry, words: Words) -> str | None:
    seat = _who(entry)
    parties = list(entry.visible_to or [])
    match entry.type:
        case "pornstar.DeckShuffled":
            return "A shuffle: the order of the deck is secret"
        case "pornstar.CardTaken":
            return words.says(seat, "takes", "a card") if seat else "A studio takes a card"
        case "pornstar.ProductionChosen":
            return words.says(seat, "chooses", "what to do next") if seat else None
        case "pornstar.DealProposed":
            return words.says(entry.seat, "proposes", "a deal in private") if entry.seat else None
        case "pornstar.DealRefused":
            return f"A deal between {words.names(parties)} is refused" if len(parties) == 2 else None
        case "pornstar.HandCardsPassed":
            return f"Cards from hand change hands between {words.names(parties)}" if len(parties) == 2 else None
        case "referee.RequestOpened" if len(parties) == 1 and entry.rule.startswith("pornstar "):
            return words.says(parties[0], "is", f"asked about {entry.rule.removeprefix('pornstar ')}")
        case "referee.ActionTaken" if entry.seat:
            return words.says(entry.seat, "answers", "in private")
        case "referee.RandomDrawn" if not parties:
            return "A random draw is made in secret (the deck's order)"
    return None
