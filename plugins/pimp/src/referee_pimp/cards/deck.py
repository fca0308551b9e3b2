"""A card and a deck as the game uses them (DATA.md, "The card format" and "The deck
format"): one ``Card`` per entry or per physical card, what a bitch should cost, a deck
described in one line and written back out as a deck file."""

from __future__ import annotations

import json

import msgspec

from .formats import _ATTRIBUTES, KINDS, DataError, Kind, _quote, slug
from .rules import RULES, VOCABULARY, Rules, Vocabulary

# -- cards and decks --------------------------------------------------------------------------------


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One card as a deck lists it, or (after ``expand``) one physical card.

    ``name`` is an escort's name, a streetwalker's type name ("Streetwalker A": nameless for
    the uniqueness rule) or a special card's printed name.  ``services`` is worked out from
    ``qualifications`` by the loader, never written in a deck file.  Special cards have no
    cost, looks, fight or stamina (all 0): their power rating is 0.
    """

    id: str
    kind: Kind
    name: str
    cost: int = 0
    looks: int = 0
    fight: int = 0
    stamina: int = 0
    qualifications: tuple[str, ...] = ()
    services: dict[str, int] = msgspec.field(default_factory=dict)
    special: str = ""
    copies: int = 1
    text: str = ""

    def __post_init__(self) -> None:
        problems = []
        if self.kind not in KINDS:
            problems.append(f"kind {_quote(self.kind)} is not one of escort, streetwalker, special")
        if self.copies < 1:
            problems.append(f"copies is {self.copies}; a deck lists a card at least once")
        if (self.kind == "special") != bool(self.special):
            problems.append('a special card, and only a special card, names its special (special = "king-of-cool")')
        if problems:
            raise DataError(problems)

    @property
    def is_bitch(self) -> bool:
        """Escorts and streetwalkers are bitches; special cards are not."""
        return self.kind != "special"

    @property
    def power_rating(self) -> int:
        """Her cost; 0 for a special card (rulebook, "Drawing A Power Card")."""
        return self.cost if self.is_bitch else 0

    def level(self, service: str) -> int:
        """Her level in ``service``: how many power cards she may draw in a looks test for it."""
        return self.services.get(service, 0)

    def offers(self, service: str) -> bool:
        """Whether she can take a punter who wants ``service``."""
        return self.level(service) > 0


class Deck(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A player's deck: its name, a description for its owner, and its cards with copies."""

    name: str
    description: str
    cards: tuple[Card, ...]

    @property
    def size(self) -> int:
        """Cards in the deck, counting copies."""
        return sum(card.copies for card in self.cards)

    def count(self, kind: Kind) -> int:
        """Cards of one kind, counting copies."""
        return sum(card.copies for card in self.cards if card.kind == kind)

    @property
    def average_cost(self) -> float:
        """The mean cost of the deck's bitches, counting copies (0 if it has none)."""
        bitches = [card for card in self.cards if card.is_bitch]
        copies = sum(card.copies for card in bitches)
        return sum(card.cost * card.copies for card in bitches) / copies if copies else 0.0


def fair_cost(card: Card, *, rules: Rules | None = None, vocabulary: Vocabulary | None = None) -> int:
    """The cost the formula gives a bitch (0 for a special card): for deck builders and balance checks."""
    if not card.is_bitch:
        return 0
    rules = rules or RULES
    levels = (vocabulary or VOCABULARY).added_levels(card.qualifications)
    return rules.cost.fair(card.looks, card.fight, card.stamina, levels)


def default_id(card: Card) -> str:
    """The id a card gets when its entry gives none: the special's id, or the name as a slug."""
    return card.special if card.kind == "special" else slug(card.name)


def expand(deck: Deck) -> list[Card]:
    """One ``Card`` per physical card, in deck order, each with ``copies=1`` and its own id.

    An escort keeps her id ("annika"); streetwalkers and special cards, which may be copied,
    are numbered from 1 ("streetwalker-a#2", "king-of-cool#1") even when there is one copy,
    so adding a copy to a deck never renames the cards already in it.
    """
    cards = []
    for card in deck.cards:
        if card.kind == "escort":
            cards.append(msgspec.structs.replace(card, copies=1))
        else:
            cards.extend(msgspec.structs.replace(card, id=f"{card.id}#{n}", copies=1) for n in range(1, card.copies + 1))
    return cards


def describe(deck: Deck) -> str:
    """One line for a player: size, make-up and average cost."""
    bitches = deck.count("escort") + deck.count("streetwalker")
    return (
        f"{deck.name}: {deck.size} cards, {bitches} bitches ({deck.count('escort')} escorts, "
        f"{deck.count('streetwalker')} streetwalkers) and {deck.count('special')} special cards; "
        f"average cost {deck.average_cost:.2f}"
    )


# -- writing decks ----------------------------------------------------------------------------------


def _toml_string(text: str) -> str:
    """A TOML basic string: JSON's escapes are all valid TOML, except that TOML also escapes DEL."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def dump_deck(deck: Deck) -> str:
    """The deck as a deck file, leaving out whatever the loader fills in by default.

    ``load_deck(dump_deck(deck)) == deck`` for every legal deck: a program that builds or
    edits decks can save them in the same format players write by hand.
    """
    out = [f"name = {_toml_string(deck.name)}"]
    if deck.description:
        out.append(f"description = {_toml_string(deck.description)}")
    for card in deck.cards:
        out += ["", "[[cards]]", f"kind = {_toml_string(card.kind)}"]
        if card.kind == "special":
            out.append(f"special = {_toml_string(card.special)}")
        else:
            out.append(f"name = {_toml_string(card.name)}")
            out += [f"{key} = {getattr(card, key)}" for key in _ATTRIBUTES]
            if card.qualifications:
                out.append(f"qualifications = [{', '.join(_toml_string(q) for q in card.qualifications)}]")
        if card.copies != 1:
            out.append(f"copies = {card.copies}")
        if card.id != default_id(card):
            out.append(f"id = {_toml_string(card.id)}")
        if card.text:
            out.append(f"text = {_toml_string(card.text)}")
    return "\n".join(out) + "\n"
