"""What can happen at a table of Pimp: The Backhanding, as events (tags ``backhanding.*``).

Hidden things are emitted visible to their owner only: the Draw cards dealt to a player
(``DrawCardsDealt``), the plays chosen in a sealed step (``PlaysOffered``, ``PlaysChosen``)
and a stolen card (``CardStolen``: the thief and the victim).  The order of the shuffled
decks is visible to nobody until the game ends (``DecksShuffled``, ``DiscardsShuffled``).

Each event says what happened to the seat reading the log (``describe(words)``: "You
placed Iceberg Slick beside Candy" to that seat, "Ada placed ..." to the others), naming
cards as they are printed; ``referee_describe_hidden`` says what another seat may know of
a hidden one ("Ada chose what to play, sealed").
"""

from __future__ import annotations

import msgspec

from referee import Entry, Event, Words, hookimpl
from referee.words import count, listing, money

from .cards import Card, card_name, is_card


def _w(words: Words | None) -> Words:
    return words if words is not None else Words()


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def lower(clause: str) -> str:
    """A clause after a colon or a semicolon: the reader is "you" there, not "You"."""
    return "you" + clause[3:] if clause.startswith("You ") else clause


def names(cards: tuple[str, ...] | list[str]) -> str:
    return listing([card_name(c) for c in cards], empty="no card")


def target_name(target: str, w: Words) -> str:
    """A sealed play's target: a card (a ho's fight, a pimp) by its name, else a seat."""
    return card_name(target) if is_card(target) else w.name(target)


def plays_text(plays: dict[str, str], w: Words) -> str:
    return listing([f"{card_name(card)} on {target_name(target, w)}" for card, target in plays.items()], empty="nothing")


def signed_money(amount: int) -> str:
    return f"+{money(amount)}" if amount >= 0 else money(amount)


STEP_NAMES = {"macking": "macking", "backhanding": "backhanding", "count": "final count"}
"""The sealed steps as a player calls them."""

REASONS = {"setup": "at setup", "money counting": "in money counting"}
"""Why Draw cards were dealt, as a sentence ends ("at setup", "through The Fixer" for a card's)."""


def _reason(reason: str) -> str:
    return REASONS.get(reason, f"through {reason}")


class CardsLaid(Event, tag="backhanding.CardsLaid"):
    """The card set this table plays with (the shipped set, a table's own, plugins' additions)."""

    cards: tuple[Card, ...]
    source: str

    def describe(self, words: Words | None = None) -> str:
        return f"The table plays with {count(len(self.cards), 'card')}: {self.source}"


class DecksShuffled(Event, tag="backhanding.DecksShuffled"):
    """The three decks, top card first (hidden from everyone until the game ends)."""

    pimps: tuple[str, ...]
    hos: tuple[str, ...]
    draws: tuple[str, ...]

    def describe(self, words: Words | None = None) -> str:
        sizes = f"{count(len(self.pimps), 'pimp')}, {count(len(self.hos), 'ho')}, {count(len(self.draws), 'Draw card')}"
        return f"The Pimp, Ho and Draw decks were shuffled face down ({sizes})"


class PimpsDealt(Event, tag="backhanding.PimpsDealt"):
    seat: str
    pimps: tuple[str, ...]

    def describe(self, words: Words | None = None) -> str:
        return _w(words).says(self.seat, "was dealt", f"the pimps {names(self.pimps)}")


class StreetFilled(Event, tag="backhanding.StreetFilled"):
    """Hos turned face up from the Ho deck onto the street (fewer when the deck runs out)."""

    hos: tuple[str, ...]
    street: tuple[str, ...]

    def describe(self, words: Words | None = None) -> str:
        return f"{names(self.hos)} came out on the street" if self.hos else "The Ho deck is empty: no new hos"


class DrawCardsDealt(Event, tag="backhanding.DrawCardsDealt"):
    """Draw cards dealt to ``seat`` (visible to ``seat`` only)."""

    seat: str
    cards: tuple[str, ...]
    reason: str

    def describe(self, words: Words | None = None) -> str:
        return _w(words).says(self.seat, "drew", f"{names(self.cards)} {_reason(self.reason)}")


class DrawCountDealt(Event, tag="backhanding.DrawCountDealt"):
    """How many Draw cards ``seat`` was dealt (public: everyone sees a hand grow)."""

    seat: str
    count: int
    reason: str

    def describe(self, words: Words | None = None) -> str:
        return _w(words).says(self.seat, "drew", f"{count(self.count, 'Draw card')} {_reason(self.reason)}")


class DrawPimpsJoined(Event, tag="backhanding.DrawPimpsJoined"):
    """Pimps among the Draw cards just dealt, placed face up in ``seat``'s clan."""

    seat: str
    pimps: tuple[str, ...]

    def describe(self, words: Words | None = None) -> str:
        which = "pimp" if len(self.pimps) == 1 else "pimps"
        return _w(words).says(self.seat, "put", f"the Draw {which} {names(self.pimps)} face up into the clan")


class PimpsDiscarded(Event, tag="backhanding.PimpsDiscarded"):
    """Pimps discarded from a clan over the limit of 7 (the owner's choice)."""

    seat: str
    pimps: tuple[str, ...]

    def describe(self, words: Words | None = None) -> str:
        return _w(words).says(self.seat, "discarded", f"{names(self.pimps)} (over the limit of 7 pimps)")


class DiscardsShuffled(Event, tag="backhanding.DiscardsShuffled"):
    """The Draw deck ran out: the discard pile's Draw cards, shuffled, are the new Draw deck
    (the order is hidden from everyone until the game ends)."""

    cards: tuple[str, ...]

    def describe(self, words: Words | None = None) -> str:
        return f"The Draw deck ran out: the discard pile's {count(len(self.cards), 'Draw card')}, shuffled face down, make a new one"


class FirstPlayerChosen(Event, tag="backhanding.FirstPlayerChosen"):
    seat: str
    order: tuple[str, ...]
    how: str

    def describe(self, words: Words | None = None) -> str:
        w = _w(words)
        return f"{w.says(self.seat, 'is', 'the first player')} ({self.how}); the order is {w.names(self.order)}"


class PimpPlaced(Event, tag="backhanding.PimpPlaced"):
    """``seat`` placed ``pimp`` beside ``ho``: to recruit her (macking) or to eliminate her (backhanding)."""

    seat: str
    pimp: str
    ho: str
    phase: str

    def describe(self, words: Words | None = None) -> str:
        ho = card_name(self.ho)
        where = f"beside {ho} to recruit her" if self.phase == "macking" else f"in front of {ho} to eliminate her"
        return _w(words).says(self.seat, "placed", f"{card_name(self.pimp)} {where}")


class PlacementPassed(Event, tag="backhanding.PlacementPassed"):
    """``seat`` passed (``forced``: had no pimp they could place) and places nothing more this phase."""

    seat: str
    phase: str
    forced: bool

    def describe(self, words: Words | None = None) -> str:
        why = ": no pimp could be placed" if self.forced else ""
        return _w(words).says(self.seat, "passed", f"in {self.phase}{why}")


class PlaysOffered(Event, tag="backhanding.PlaysOffered"):
    """The Draw cards ``seat`` may play in this sealed step and the targets each may go on (visible to ``seat``)."""

    seat: str
    targets: dict[str, tuple[str, ...]]

    def describe(self, words: Words | None = None) -> str:
        w = _w(words)
        if not self.targets:
            return w.says(self.seat, "has", "no card to play now")
        return w.says(self.seat, "may play", f"{count(len(self.targets), 'card')} now, sealed")


class PlaysChosen(Event, tag="backhanding.PlaysChosen"):
    """The Draw cards ``seat`` chose to play in this sealed step, card -> target (visible to ``seat``)."""

    seat: str
    plays: dict[str, str]

    def describe(self, words: Words | None = None) -> str:
        w = _w(words)
        return w.says(self.seat, "chose", f"to play {plays_text(self.plays, w)}, sealed")


class PlaysRevealed(Event, tag="backhanding.PlaysRevealed"):
    """Every sealed play of ``step`` turned face up at once, seat -> card -> target."""

    step: str
    plays: dict[str, dict[str, str]]

    def describe(self, words: Words | None = None) -> str:
        w = _w(words)
        step = cap(STEP_NAMES.get(self.step, self.step))
        if not self.plays:
            return f"{step} plays revealed: nobody played a card"
        return f"{step} plays revealed: " + "; ".join(lower(w.says(seat, "played", plays_text(p, w))) for seat, p in self.plays.items())


class Roll(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One side's roll in a contest."""

    pimp: str
    value: int
    """The pimp's macking or backhanding value."""
    cards: int
    """Modifiers played on this side."""
    ho: int
    """The ho's backhanding value (her protector only)."""
    ability: int
    dice: tuple[int, ...]
    die: int
    """The die kept (the highest or lowest of ``dice``)."""
    total: int

    def sum_text(self) -> str:
        """How the total was made: "Iceberg Slick 4 + 2 from cards + her 1 + die 5"."""
        parts = [f"{card_name(self.pimp)} {self.value}"]
        if self.cards:
            parts.append(f"{self.cards} from cards")
        if self.ho:
            parts.append(f"her {self.ho}")
        if self.ability:
            parts.append(f"{self.ability} from his ability")
        kept = f"die {self.die}"
        if len(self.dice) > 1:
            kept += f" of {listing([str(d) for d in self.dice])}"
        return " + ".join([*parts, kept])


class ContestRolled(Event, tag="backhanding.ContestRolled"):
    """One roll of a contest for ``ho``; ``tied`` lists the seats that must roll again."""

    ho: str
    phase: str
    attempt: int
    rolls: dict[str, Roll]
    tied: tuple[str, ...]
    tie_broken_by: str = ""
    """The seat whose pimp won a tie without a re-roll (Smooth Operator)."""

    def describe(self, words: Words | None = None) -> str:
        w = _w(words)
        sides = "; ".join(f"{w.name(seat)} {roll.total} ({roll.sum_text()})" for seat, roll in self.rolls.items())
        tail = ""
        if self.tie_broken_by:
            tail = f"; {w.says(self.tie_broken_by, 'wins', 'the tie without a re-roll')}"
        elif self.tied:
            tail = f"; {w.subjects(self.tied, 'tie', 'and roll again')}"
        again = f", roll {self.attempt}" if self.attempt > 1 else ""
        return f"{cap(self.phase)} for {card_name(self.ho)}{again}: {sides}{tail}"


class HoRecruited(Event, tag="backhanding.HoRecruited"):
    """``seat``'s ``pimp`` recruited ``ho``: she is in front of ``seat`` and he protects her."""

    seat: str
    pimp: str
    ho: str
    contested: bool

    def describe(self, words: Words | None = None) -> str:
        how = "after a fight" if self.contested else "uncontested"
        return f"{cap(_w(words).possessive(self.seat))} {card_name(self.pimp)} recruited {card_name(self.ho)} ({how})"


class HoDefended(Event, tag="backhanding.HoDefended"):
    ho: str
    owner: str
    protector: str
    attacker: str
    pimp: str

    def describe(self, words: Words | None = None) -> str:
        w = _w(words)
        if not self.protector:
            kept = f"{cap(w.possessive(self.owner))} {card_name(self.ho)} kept herself, undefended,"
        else:
            kept = f"{cap(w.possessive(self.owner))} {card_name(self.protector)} kept {card_name(self.ho)}"
        return f"{kept} against {w.possessive(self.attacker)} {card_name(self.pimp)}"


class HoEliminated(Event, tag="backhanding.HoEliminated"):
    """``ho`` is out of the game; her protector goes to ``protector_to`` (``temporary``: the
    temporary discard pile, or ``clan``) and the bonus cards played for her to the temporary
    discard pile."""

    ho: str
    owner: str
    protector: str
    attacker: str
    pimp: str
    protector_to: str
    cards: tuple[str, ...]

    def describe(self, words: Words | None = None) -> str:
        w = _w(words)
        beaten = f"{cap(w.possessive(self.attacker))} {card_name(self.pimp)} eliminated {w.possessive(self.owner)} {card_name(self.ho)}"
        if not self.protector:
            cards = f"; {names(self.cards)} to the temporary discard pile" if self.cards else ""
            return f"{beaten}, undefended{cards}"
        protector = card_name(self.protector)
        if self.protector_to == "temporary":
            went = f"{listing([protector, *(card_name(c) for c in self.cards)])} go" if self.cards else f"{protector} goes"
            return f"{beaten}; {went} to the temporary discard pile"
        cards = f", {names(self.cards)} to the temporary discard pile" if self.cards else ""
        return f"{beaten}; {protector} goes back to the clan{cards}"


class CardsDiscarded(Event, tag="backhanding.CardsDiscarded"):
    """Played cards put on the discard pile once their step is over."""

    cards: tuple[str, ...]
    step: str

    def describe(self, words: Words | None = None) -> str:
        return f"{names(self.cards)} went to the discard pile"


class PhaseCleared(Event, tag="backhanding.PhaseCleared"):
    """The placements of ``phase`` are over; hos nobody recruited stay on the street."""

    phase: str
    unrecruited: tuple[str, ...]

    def describe(self, words: Words | None = None) -> str:
        stay = "stays" if len(self.unrecruited) == 1 else "stay"
        left = f"; {names(self.unrecruited)} {stay} on the street" if self.unrecruited and self.phase == "macking" else ""
        return f"{cap(self.phase)} is over{left}"


class HoValued(Event, tag="backhanding.HoValued"):
    seat: str
    ho: str
    money: int
    modifiers: int
    bonus: int
    value: int

    def describe(self, words: Words | None = None) -> str:
        parts = [money(self.money)]
        if self.modifiers:
            parts.append(f"{signed_money(self.modifiers)} from cards")
        if self.bonus:
            parts.append(f"{signed_money(self.bonus)} from her protector")
        how = f" ({' '.join(parts)})" if len(parts) > 1 else ""
        return f"{cap(_w(words).possessive(self.seat))} {card_name(self.ho)} is worth {money(self.value)}{how}"


class MoneyCounted(Event, tag="backhanding.MoneyCounted"):
    totals: dict[str, int]
    hos: dict[str, int]

    def describe(self, words: Words | None = None) -> str:
        w = _w(words)
        each = [f"{w.name(seat)} {money(total)} ({count(self.hos.get(seat, 0), 'ho')})" for seat, total in self.totals.items()]
        return "Money counted: " + listing(each)


# --- the "defender" reading of ruling R3 (the table option ``protector = "defender"``) -------


class RecruiterStays(Event, tag="backhanding.RecruiterStays"):
    """Ruling R3, read as "the defender assigns a pimp": the pimp who recruited ``ho`` stays
    in ``seat``'s clan; she has no protector of her own until she is attacked."""

    seat: str
    pimp: str
    ho: str

    def describe(self, words: Words | None = None) -> str:
        return f"{card_name(self.pimp)} stays in {_w(words).possessive(self.seat)} clan; {card_name(self.ho)} is defended when attacked"


class DefendersChosen(Event, tag="backhanding.DefendersChosen"):
    """The pimps ``seat`` chose, sealed, to defend their attacked hos, ho -> pimp (visible to ``seat``)."""

    seat: str
    defenders: dict[str, str]

    def describe(self, words: Words | None = None) -> str:
        w = _w(words)
        chosen = listing([f"{card_name(p)} for {card_name(h)}" for h, p in self.defenders.items()]) or "no defender"
        return w.says(self.seat, "chose", f"{chosen}, sealed")


class DefendersRevealed(Event, tag="backhanding.DefendersRevealed"):
    """The defenders of the attacked hos, turned up with the plays, ho -> pimp; a ho left out
    defends with her own backhanding value only."""

    defenders: dict[str, str]

    def describe(self, words: Words | None = None) -> str:
        if not self.defenders:
            return "Defenders revealed: no attacked ho has one"
        return "Defenders revealed: " + listing([f"{card_name(p)} defends {card_name(h)}" for h, p in self.defenders.items()])


EVENT_TYPES: tuple[type[Event], ...] = (
    CardsLaid,
    DecksShuffled,
    PimpsDealt,
    StreetFilled,
    DrawCardsDealt,
    DrawCountDealt,
    DrawPimpsJoined,
    PimpsDiscarded,
    DiscardsShuffled,
    FirstPlayerChosen,
    PimpPlaced,
    PlacementPassed,
    PlaysOffered,
    PlaysChosen,
    PlaysRevealed,
    ContestRolled,
    HoRecruited,
    HoDefended,
    HoEliminated,
    CardsDiscarded,
    PhaseCleared,
    HoValued,
    MoneyCounted,
    RecruiterStays,
    DefendersChosen,
    DefendersRevealed,
)


def _owner(entry: Entry) -> str | None:
    """The seat a hidden entry is about: the one seat that sees it, else the acting seat."""
    if entry.visible_to and len(entry.visible_to) == 1:
        return entry.visible_to[0]
    return entry.seat


_HIDDEN = {
    "backhanding.DrawCardsDealt": ("drew", "cards that are face down to you"),
    "backhanding.PlaysOffered": ("is", "choosing what to play, sealed"),
    "backhanding.PlaysChosen": ("chose", "what to play, sealed"),
    "backhanding.DefendersChosen": ("chose", "defenders, sealed"),
}


@hookimpl
def referee_describe_hidden(entry: Entry, words: Words) -> str | None:
    """What a seat may know of the game's hidden entries, from their header alone."""
    if entry.type == "backhanding.DecksShuffled":
        return "The Pimp, Ho and Draw decks were shuffled face down"
    if entry.type == "backhanding.DiscardsShuffled":
        return "The discard pile was shuffled face down into a new Draw deck"
    said = _HIDDEN.get(entry.type)
    seat = _owner(entry)
    if said is None or seat is None:
        return None
    return words.says(seat, said[0], said[1])
