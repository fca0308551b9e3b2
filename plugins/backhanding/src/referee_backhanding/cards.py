"""The card set as data: pimps, hos and Draw cards, read from TOML and validated on load.

The rulebook prints no card list; ``data/cards.toml`` is the project's own design
(DATA.md says why each number is what it is).  A table may play another set (the option
``cards``: a card file's TOML text), and plugins may add entries
(``backhanding_more_cards``); both are validated exactly like the shipped file, and every
problem is reported at once, each naming its entry.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import msgspec

HERE = Path(__file__).parent
DEFAULT_PATH = HERE / "data" / "cards.toml"

EDITION = 2
"""The edition of the shipped card set new tables open under (``Game.edition``)."""

EDITION_PATHS = {1: HERE / "data" / "editions" / "1" / "cards.toml", EDITION: DEFAULT_PATH}
"""Every edition's shipped card set: a table keeps dealing from the set of the edition it
opened under, so a stored log verifies after the set is rebalanced (DATA.md, "Editions")."""

PIMP_LIMIT = 7
""""Never exceeding the maximum of 7 pimps."""

DRAW_KINDS = ("pimp", "macking", "backhanding", "value", "trick")
"""What a Draw card can be: a pimp, a macking or backhanding modifier, a value modifier, a Dirty Trick."""

MODIFIERS = ("macking", "backhanding", "value")


class CardError(ValueError):
    """A card set that cannot be played; ``problems`` lists every problem found."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


class Card(msgspec.Struct, frozen=True, omit_defaults=True, forbid_unknown_fields=True):
    """One physical card (copies are separate cards with their own ids)."""

    id: str
    name: str
    kind: str
    """``pimp``, ``ho``, or a Draw card's kind (``macking``, ``backhanding``, ``value``, ``trick``)."""
    deck: str
    """``pimp``, ``ho`` or ``draw``: the deck it is shuffled into."""
    macking: int = 0
    backhanding: int = 0
    """A pimp's values; a ho's backhanding value (helping her protector only)."""
    money: int = 0
    """A ho's value."""
    bonus: int = 0
    """A modifier's amount."""
    effect: str = ""
    """A pimp's ability or a Dirty Trick: the name of the plugin effect that carries it out."""
    text: str = ""

    @property
    def is_pimp(self) -> bool:
        return self.kind == "pimp"


class _Pimp(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    macking: int
    backhanding: int
    ability: str = ""
    deck: str = "pimp"
    text: str = ""


class _Ho(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    money: int
    backhanding: int = 0
    copies: int = 1
    text: str = ""


class _Draw(msgspec.Struct, forbid_unknown_fields=True):
    kind: str
    name: str
    bonus: int = 0
    effect: str = ""
    copies: int = 1
    text: str = ""


class _File(msgspec.Struct, forbid_unknown_fields=True):
    pimps: list[dict[str, Any]] = []
    hos: list[dict[str, Any]] = []
    draws: list[dict[str, Any]] = []


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _range(problems: list[str], where: str, field: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        problems.append(f"{where}: {field} {value} is outside {low}-{high}")


def _ids(name: str, copies: int) -> list[str]:
    base = slug(name)
    return [base] if copies == 1 else [f"{base}-{n}" for n in range(1, copies + 1)]


def build(entries: Mapping[str, Iterable[dict[str, Any]]]) -> dict[str, Card]:
    """Cards by id from entries in the file's shape (``pimps``, ``hos``, ``draws``).

    Raises :class:`CardError` listing every problem."""
    problems: list[str] = []
    cards: dict[str, Card] = {}
    names: set[str] = set()

    def add(where: str, name: str, made: list[Card]) -> None:
        if not name.strip() or name != name.strip() or not slug(name):
            problems.append(f"{where}: the name {name!r} is blank or has spaces at an end")
            return
        if slug(name) in names:
            problems.append(f"{where}: the name {name!r} is taken by another card")
            return
        names.add(slug(name))
        for card in made:
            cards[card.id] = card

    for i, raw in enumerate(entries.get("pimps", ()), 1):
        where = f"pimp {i} ({raw.get('name', '?')!r})" if isinstance(raw, dict) else f"pimp {i}"
        try:
            p = msgspec.convert(raw, _Pimp)
        except msgspec.ValidationError as exc:
            problems.append(f"{where}: {exc}")
            continue
        _range(problems, where, "macking", p.macking, 0, 6)
        _range(problems, where, "backhanding", p.backhanding, 0, 6)
        if p.deck not in ("pimp", "draw"):
            problems.append(f"{where}: deck {p.deck!r} is neither 'pimp' nor 'draw'")
        add(where, p.name, [Card(slug(p.name), p.name, "pimp", p.deck, p.macking, p.backhanding, effect=p.ability, text=p.text)])
    for i, raw in enumerate(entries.get("hos", ()), 1):
        where = f"ho {i} ({raw.get('name', '?')!r})" if isinstance(raw, dict) else f"ho {i}"
        try:
            h = msgspec.convert(raw, _Ho)
        except msgspec.ValidationError as exc:
            problems.append(f"{where}: {exc}")
            continue
        _range(problems, where, "money", h.money, 1, 20)
        _range(problems, where, "backhanding", h.backhanding, 0, 6)
        _range(problems, where, "copies", h.copies, 1, 10)
        add(
            where,
            h.name,
            [Card(i_, h.name, "ho", "ho", backhanding=h.backhanding, money=h.money, text=h.text) for i_ in _ids(h.name, h.copies)],
        )
    for i, raw in enumerate(entries.get("draws", ()), 1):
        where = f"draw {i} ({raw.get('name', '?')!r})" if isinstance(raw, dict) else f"draw {i}"
        try:
            d = msgspec.convert(raw, _Draw)
        except msgspec.ValidationError as exc:
            problems.append(f"{where}: {exc}")
            continue
        if d.kind not in DRAW_KINDS or d.kind == "pimp":
            problems.append(
                f"{where}: kind {d.kind!r} is not one of {', '.join(k for k in DRAW_KINDS if k != 'pimp')} (a Draw pimp is a [[pimps]] entry with deck = 'draw')"
            )
            continue
        _range(problems, where, "copies", d.copies, 1, 20)
        if d.kind in MODIFIERS:
            _range(problems, where, "bonus", d.bonus, 1, 6)
            if d.effect:
                problems.append(f"{where}: a {d.kind} modifier is a number and has no effect")
        elif not d.effect:
            problems.append(f"{where}: a Dirty Trick names its effect")
        add(where, d.name, [Card(i_, d.name, d.kind, "draw", bonus=d.bonus, effect=d.effect, text=d.text) for i_ in _ids(d.name, d.copies)])
    if problems:
        raise CardError(problems)
    return cards


def parse(text: str, source: str = "card set") -> dict[str, list[dict[str, Any]]]:
    """A card file's entries, from its TOML text."""
    try:
        data = tomllib.loads(text)
        return msgspec.structs.asdict(msgspec.convert(data, _File))
    except (tomllib.TOMLDecodeError, msgspec.ValidationError) as exc:
        raise CardError([f"{source}: {exc}"]) from None


def read_option(value: str) -> str:
    """The table option ``cards`` as the log keeps it: a card file's text.  A value that looks
    like a path is refused by name and never read: whoever opens a table may not own the
    host (a table opened over the network); the ``referee`` command reads ``@PATH``."""
    if not value or "\n" in value or "=" in value:
        return value
    raise CardError(
        [
            f"cards: {value!r} looks like a card file's path, and the game reads no files: give the file's text (the referee command reads a file given as @{value})"
        ]
    )


EDITION_ENTRIES = {
    edition: parse(path.read_text(encoding="utf-8"), path.relative_to(HERE).as_posix()) for edition, path in EDITION_PATHS.items()
}
EDITIONS = {edition: build(entries) for edition, entries in EDITION_ENTRIES.items()}
"""Every edition's shipped card set, checked when the module is imported."""

DEFAULT_TEXT = DEFAULT_PATH.read_text(encoding="utf-8")
DEFAULT_ENTRIES = EDITION_ENTRIES[EDITION]
DEFAULT = EDITIONS[EDITION]
"""The shipped card set of the current edition."""


# --- what a player reads of a card ------------------------------------------------------------

KINDS = {
    "pimp": "Pimp",
    "ho": "Ho",
    "macking": "Macking modifier",
    "backhanding": "Backhanding modifier",
    "value": "Value modifier",
    "trick": "Dirty Trick",
}
"""Each kind of card as the rulebook's rendering calls it."""


def ability_title(effect: str) -> str:
    """An ability or Dirty Trick's effect name as a card prints it: "the-fixer" -> "The Fixer"."""
    return " ".join(word.capitalize() for word in effect.split("-") if word)


def ho_text(backhanding: int) -> str:
    """The rule a ho's backhanding makes, for a ho whose card gives no text of her own."""
    return f"Her backhanding {backhanding} helps the pimp protecting her." if backhanding else ""


def rules_text(card: Card) -> str:
    """What the card does, in words: its own text where the card set gives one (so a
    table's own or a plugin's card shows what its author wrote), else the rule its kind
    and numbers make."""
    if card.text:
        return card.text
    if card.kind == "pimp":
        return f"Ability: {ability_title(card.effect)}." if card.effect else ""
    if card.kind == "ho":
        return ho_text(card.backhanding)
    if card.kind == "macking":
        return f"+{card.bonus} macking for your pimp in one macking fight."
    if card.kind == "backhanding":
        return f"+{card.bonus} backhanding for your side in one backhanding fight."
    if card.kind == "value":
        return f"+{card.bonus} to one of your hos at the final count, or -{card.bonus} to an opponent's."
    return f"Dirty Trick: {ability_title(card.effect)}." if card.effect else ""


_NAMES: dict[str, str] = {c.id: c.name for cards in EDITIONS.values() for c in cards.values()}
# A log's events name cards by id (what verify re-decides), and an event may describe
# itself from its own fields only; the names of every card set this process has laid out
# (``learn_names``, folded from ``CardsLaid``) turn those ids back into what the cards say.


def learn_names(cards: Iterable[Card]) -> None:
    """Remember the names of a card set laid out at some table (the shipped ones are known)."""
    _NAMES.update({c.id: c.name for c in cards})


def is_card(card: str) -> bool:
    """Whether ``card`` is the id of a card of a set laid out in this process (else: a seat)."""
    return card in _NAMES


def card_name(card: str) -> str:
    """The name printed on the card with id ``card``; an id never laid out in this process
    reads as its words ("lil-pete" -> "Lil Pete"), a copy's number dropped."""
    known = _NAMES.get(card)
    if known is not None:
        return known
    base = re.sub(r"-\d+$", "", card) or card
    return " ".join(word.capitalize() for word in base.split("-") if word) or card
