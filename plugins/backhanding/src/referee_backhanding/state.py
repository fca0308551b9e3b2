"""The table's state and the one function that changes it (``evolve``).

Every card is in exactly one zone at any time (``zones``): a deck, the street, a hand, a
clan, with a ho as her protector, a held ho, played on the table this step, the discard
pile, the temporary discard pile, or eliminated.  The state holds everyone's secrets (the
hands, the decks' order); ``view`` filters them.
"""

from __future__ import annotations

import msgspec

from referee import Event

from .cards import Card, learn_names
from .events import (
    CardsDiscarded,
    CardsLaid,
    ContestRolled,
    DecksShuffled,
    DefendersChosen,
    DefendersRevealed,
    DiscardsShuffled,
    DrawCardsDealt,
    DrawPimpsJoined,
    FirstPlayerChosen,
    HoDefended,
    HoEliminated,
    HoRecruited,
    HoValued,
    MoneyCounted,
    PhaseCleared,
    PimpPlaced,
    PimpsDealt,
    PimpsDiscarded,
    PlacementPassed,
    PlaysChosen,
    PlaysOffered,
    PlaysRevealed,
    RecruiterStays,
    StreetFilled,
)


class Contest(msgspec.Struct):
    """A ho fought over this phase."""

    ho: str
    phase: str
    pimps: dict[str, str] = {}
    """Seat -> pimp: the contenders (macking) or the attacker (backhanding)."""
    owner: str = ""
    """Backhanding: the seat holding her, defended by her protector."""
    effects: list[tuple[str, str]] = []
    """(seat, effect) of the Dirty Tricks played on this contest."""
    defender: str = ""
    """Backhanding, ``protector = "defender"``: the pimp her holder assigned to defend her
    ("" where none was, or he left the clan before the die)."""

    def sides(self, game: Backhanding) -> dict[str, str]:
        """Seat -> pimp of everyone rolling: in backhanding the protector defends (with the
        option ``protector = "defender"``, the pimp assigned; "" for none)."""
        if self.phase == "backhanding" and self.owner:
            protector = game.hos[self.owner][self.ho]
            if not protector:
                protector = self.defender if self.defender in game.clans[self.owner] else ""
            return {**self.pimps, self.owner: protector}
        return dict(self.pimps)


class Backhanding(msgspec.Struct):
    seats: list[str] = []
    cards: dict[str, Card] = {}
    pimp_deck: list[str] = []
    ho_deck: list[str] = []
    draw_deck: list[str] = []
    street: list[str] = []
    clans: dict[str, list[str]] = {}
    hands: dict[str, list[str]] = {}
    hos: dict[str, dict[str, str]] = {}
    """Seat -> ho held -> her protector."""
    discard: list[str] = []
    temporary: list[str] = []
    temporary_owner: dict[str, str] = {}
    """Pimp on the temporary discard pile -> the seat whose clan he left (a Bail Out brings him back there)."""
    eliminated: list[str] = []
    first: str = ""
    order: list[str] = []
    """The seats in play order this round, clockwise from the first player."""
    spent: list[str] = []
    """Pimps used in macking this round: they cannot be used in backhanding."""
    contests: dict[str, Contest] = {}
    passed: list[str] = []
    offered: dict[str, dict[str, list[str]]] = {}
    """The plays each seat may make this step, card -> targets (each seat sees its own)."""
    chosen: dict[str, dict[str, str]] = {}
    """Sealed plays of the current step, seat -> card -> target (each seat sees its own)."""
    recruiters: dict[str, str] = {}
    """Ho -> the pimp who recruited her, where he stayed in the clan (``protector = "defender"``)."""
    defending: dict[str, dict[str, str]] = {}
    """Sealed defenders of the current step, seat -> ho -> pimp (``protector = "defender"``)."""
    played: list[tuple[str, str, str]] = []
    """(seat, card, target) revealed this step and not yet discarded."""
    values: dict[str, int] = {}
    """The final count, seat -> money (set at the end)."""
    valued: dict[str, list[tuple[str, int, int, int, int]]] = {}
    """The final count ho by ho, seat -> (ho, money, modifiers, abilities, value)."""
    rolls: int = 0
    """How many contest rolls were made (for the balance figures)."""

    def card(self, card: str) -> Card:
        return self.cards[card]

    def owner_of_ho(self, ho: str) -> str:
        return next((seat for seat, held in self.hos.items() if ho in held), "")

    def owner_of_pimp(self, pimp: str) -> str:
        for seat in self.seats:
            if pimp in self.clans[seat] or pimp in self.hos[seat].values():
                return seat
        return ""

    def placed(self, seat: str) -> set[str]:
        return {c.pimps[seat] for c in self.contests.values() if seat in c.pimps}

    def free_pimps(self, seat: str, phase: str) -> list[str]:
        """Pimps ``seat`` may still place this phase."""
        placed = self.placed(seat)
        spent = set(self.spent) if phase == "backhanding" else set()
        return [p for p in self.clans[seat] if p not in placed and p not in spent]

    def zones(self) -> list[tuple[str, list[str]]]:
        """Every zone and the cards in it (each card is in exactly one)."""
        out: list[tuple[str, list[str]]] = [
            ("pimp deck", self.pimp_deck),
            ("ho deck", self.ho_deck),
            ("draw deck", self.draw_deck),
            ("street", self.street),
            ("discard", self.discard),
            ("temporary", self.temporary),
            ("eliminated", self.eliminated),
            ("played", [c for _, c, _ in self.played]),
        ]
        for seat in self.seats:
            out.append((f"{seat} hand", self.hands[seat]))
            out.append((f"{seat} clan", self.clans[seat]))
            out.append((f"{seat} hos", list(self.hos[seat])))
            out.append((f"{seat} protectors", [p for p in self.hos[seat].values() if p]))
        return out

    def money(self, seat: str) -> int:
        return sum(self.cards[h].money for h in self.hos[seat])


def _remove(pile: list[str], cards: tuple[str, ...] | list[str]) -> None:
    for card in cards:
        pile.remove(card)


def play_cards(game: Backhanding, seat: str, cards: list[str] | tuple[str, ...], where: list[str]) -> None:
    """Move played cards of ``seat`` off the table onto ``where``."""
    for card in cards:
        game.played = [p for p in game.played if p[1] != card]
        where.append(card)


def evolve(game: Backhanding, event: Event) -> None:
    match event:
        case CardsLaid():
            game.cards = {c.id: c for c in event.cards}
            learn_names(event.cards)
        case DecksShuffled():
            game.pimp_deck, game.ho_deck, game.draw_deck = list(event.pimps), list(event.hos), list(event.draws)
        case PimpsDealt():
            _remove(game.pimp_deck, event.pimps)
            game.clans[event.seat].extend(event.pimps)
        case StreetFilled():
            _remove(game.ho_deck, event.hos)
            game.street.extend(event.hos)
        case DrawCardsDealt():
            _remove(game.draw_deck, event.cards)
            game.hands[event.seat].extend(event.cards)
        case DrawPimpsJoined():
            _remove(game.hands[event.seat], event.pimps)
            game.clans[event.seat].extend(event.pimps)
        case PimpsDiscarded():
            _remove(game.clans[event.seat], event.pimps)
            game.discard.extend(event.pimps)
        case DiscardsShuffled():
            _remove(game.discard, event.cards)
            game.draw_deck.extend(event.cards)
        case FirstPlayerChosen():
            game.first, game.order, game.spent = event.seat, list(event.order), []
        case PimpPlaced():
            contest = game.contests.get(event.ho)
            if contest is None:
                owner = game.owner_of_ho(event.ho) if event.phase == "backhanding" else ""
                contest = game.contests[event.ho] = Contest(ho=event.ho, phase=event.phase, owner=owner)
            contest.pimps[event.seat] = event.pimp
            if event.phase == "macking":
                game.spent.append(event.pimp)
        case PlacementPassed():
            game.passed.append(event.seat)
        case PlaysOffered():
            game.offered[event.seat] = {card: list(targets) for card, targets in event.targets.items()}
        case PlaysChosen():
            game.chosen[event.seat] = dict(event.plays)
        case PlaysRevealed():
            for seat, plays in event.plays.items():
                for card, target in plays.items():
                    game.hands[seat].remove(card)
                    game.played.append((seat, card, target))
            game.chosen, game.offered = {}, {}

        case ContestRolled():
            game.rolls += 1
        case HoRecruited():
            game.street.remove(event.ho)
            game.clans[event.seat].remove(event.pimp)
            game.hos[event.seat][event.ho] = event.pimp
        case RecruiterStays():
            game.clans[event.seat].append(event.pimp)
            game.hos[event.seat][event.ho] = ""
            game.recruiters[event.ho] = event.pimp
        case DefendersChosen():
            game.defending[event.seat] = dict(event.defenders)
        case DefendersRevealed():
            for ho, pimp in event.defenders.items():
                game.contests[ho].defender = pimp
            game.defending = {}
        case HoDefended():
            pass
        case HoEliminated():
            del game.hos[event.owner][event.ho]
            game.eliminated.append(event.ho)
            clan = game.clans[event.owner]
            if event.protector in clan:
                clan.remove(event.protector)  # an assigned defender leaves the clan
            if not event.protector:
                pass
            elif event.protector_to == "clan":
                clan.append(event.protector)
            else:
                game.temporary.append(event.protector)
                game.temporary_owner[event.protector] = event.owner
            play_cards(game, event.owner, event.cards, game.temporary)
        case CardsDiscarded():
            play_cards(game, "", event.cards, game.discard)
        case PhaseCleared():
            game.contests, game.passed = {}, []
        case HoValued():
            game.valued.setdefault(event.seat, []).append((event.ho, event.money, event.modifiers, event.bonus, event.value))
        case MoneyCounted():
            game.values = dict(event.totals)
        case _:
            return
