"""The rules a deck is built under, as data: DATA.md's "Deck assembly" (deck-rules.toml),
the services and qualifications (qualifications.toml) and the special cards
(specials.toml), each replaceable by a house rule's own file.

The rulebook leaves "Card Customisation and Deck Assembly" to a guide we do not have;
these files are our replacement for it, and DATA.md gives the reason for every number.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from pathlib import Path

import msgspec

from .formats import (
    ID_PATTERN,
    RULES_FILE,
    SPECIAL_IDS,
    SPECIALS_FILE,
    STANDARD,
    VOCABULARY_FILE,
    DataError,
    _bad_name,
    _parse_toml,
    _read,
    _suggest,
    convert_data,
)


def _entry_problems(table: str, entry_id: str, name: str) -> list[str]:
    """What is wrong with the id (its key in ``table``) and the printed name of one entry."""
    problems = []
    if not ID_PATTERN.match(entry_id):
        problems.append(f'{table}: "{entry_id}" is not a valid id (lower-case letters, digits and dashes)')
    if (why := _bad_name(name)) is not None:
        problems.append(f"{table}.{entry_id}: name {why}")
    return problems


# -- deck assembly rules (deck-rules.toml) ----------------------------------------------------------


class DeckLimits(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How big a deck is and how many copies it may hold (DATA.md, "Deck assembly")."""

    min_cards: int
    max_cards: int
    max_streetwalker_copies: int
    max_special_copies: int
    max_specials: int
    max_average_cost: float


class AttributeLimits(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The range of cost, looks, fight and stamina, and the highest service level."""

    min: int
    max: int
    max_service_level: int


class CostFormula(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a bitch should cost for what she can do (DATA.md, "The cost formula").

    Cost is both what she costs in influence and her power rating when drawn as a power
    card, so a cost too low makes a cheap star and a cost too high makes a power card that
    nobody means to play; the printed cost must stay within ``tolerance`` of the fair cost.
    """

    service_level_worth: int
    divisor: int
    tolerance: int

    def worth(self, looks: int, fight: int, stamina: int, levels: int) -> int:
        """Attribute points: looks + fight + stamina + ``service_level_worth`` per service level."""
        return looks + fight + stamina + self.service_level_worth * levels

    def fair(self, looks: int, fight: int, stamina: int, levels: int) -> int:
        """worth / divisor rounded to the nearest whole number, halves up (integers only)."""
        return (2 * self.worth(looks, fight, stamina, levels) + self.divisor) // (2 * self.divisor)


class Rules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The deck assembly rules: ``deck-rules.toml``, or a house rule's replacement."""

    deck: DeckLimits
    attributes: AttributeLimits
    cost: CostFormula

    def __post_init__(self) -> None:
        d, a, c = self.deck, self.attributes, self.cost
        problems = []
        if d.min_cards < 1 or d.max_cards < d.min_cards:
            problems.append(f"deck: min_cards ({d.min_cards}) must be at least 1 and max_cards ({d.max_cards}) at least min_cards")
        if d.max_streetwalker_copies < 1 or d.max_special_copies < 1:
            problems.append("deck: max_streetwalker_copies and max_special_copies must be at least 1")
        if d.max_specials < 0:
            problems.append("deck: max_specials cannot be negative")
        if a.min < 1 or a.max < a.min:
            problems.append(f"attributes: min ({a.min}) must be at least 1 and max ({a.max}) at least min")
        if not a.min <= d.max_average_cost:
            problems.append(f"deck: max_average_cost ({d.max_average_cost}) is below the lowest cost a card may have ({a.min})")
        if a.max_service_level < 1:
            problems.append("attributes: max_service_level must be at least 1, or no bitch could offer anything but Standard")
        if c.service_level_worth < 0 or c.divisor < 1 or c.tolerance < 0:
            problems.append("cost: service_level_worth and tolerance cannot be negative, and divisor must be at least 1")
        if problems:
            raise DataError(problems)

    def cost_range(self, looks: int, fight: int, stamina: int, levels: int) -> range:
        """The costs a bitch with these numbers may have printed on her (possibly empty)."""
        fair = self.cost.fair(looks, fight, stamina, levels)
        low = max(self.attributes.min, fair - self.cost.tolerance)
        high = min(self.attributes.max, fair + self.cost.tolerance)
        return range(low, high + 1)


# -- services and qualifications (qualifications.toml) ----------------------------------------------


class ServiceInfo(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One service a punter may want: its printed name and the level every bitch has in it."""

    name: str
    base: int = 0
    description: str = ""


class Vocabulary(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The services, and the qualifications (words on a card) that count toward them.

    Kept as data because qualification names are what players actually write on their
    cards; a house rule adds its own words (or services) by replacing the file.
    """

    services: dict[str, ServiceInfo]
    qualifications: dict[str, dict[str, int]]

    def __post_init__(self) -> None:
        problems = []
        for service, info in self.services.items():
            problems += _entry_problems("services", service, info.name)
            if info.base < 0:
                problems.append(f"services.{service}: base {info.base} cannot be negative")
        if self.services.get(STANDARD, ServiceInfo("")).base < 1:
            problems.append('services: "standard" must exist with base = 1 or more: it is the service every bitch offers')
        for qualification, adds in self.qualifications.items():
            where = f'qualifications."{qualification}"'
            if (why := _bad_name(qualification)) is not None:
                problems.append(f"{where}: the name {why}")
            if not adds:
                problems.append(f"{where}: counts toward no service")
            for service, level in adds.items():
                if service not in self.services:
                    problems.append(f'{where}: unknown service "{service}"{_suggest(service, self.services)}')
                elif self.services[service].base > 0:
                    problems.append(
                        f'{where}: every bitch already offers "{service}" and it never goes to a looks test, so a level in it would cost and do nothing'
                    )
                if level < 1:
                    problems.append(f'{where}: adds {level} to "{service}"; a qualification adds 1 or more')
        if problems:
            raise DataError(problems)

    def levels(self, qualifications: Iterable[str]) -> dict[str, int]:
        """Service -> level (only services she offers), in the order services are listed.

        Unknown qualifications count toward nothing; ``load_deck`` reports them.
        """
        level = {service: info.base for service, info in self.services.items()}
        for qualification in qualifications:
            for service, add in self.qualifications.get(qualification, {}).items():
                level[service] += add
        return {service: n for service, n in level.items() if n > 0}

    def added_levels(self, qualifications: Iterable[str]) -> int:
        """Service levels the qualifications add beyond the base (what the cost formula counts)."""
        return sum(sum(self.qualifications.get(q, {}).values()) for q in qualifications)


# -- special cards (specials.toml) ------------------------------------------------------------------


class SpecialInfo(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A special card's printed name and what it does, in the rulebook's words."""

    name: str
    text: str


class Specials(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The special cards a deck may hold, by id."""

    specials: dict[str, SpecialInfo]

    def __post_init__(self) -> None:
        problems = []
        for special, info in self.specials.items():
            problems += _entry_problems("specials", special, info.name)
            if not info.text.strip():
                problems.append(f"specials.{special}: text is empty; say what the card does")
        if problems:
            raise DataError(problems)


# -- loaders ----------------------------------------------------------------------------------------


def load_rules(source: str | Path = RULES_FILE) -> Rules:
    """The deck assembly rules from ``source`` (a house rule's file, or the shipped one)."""
    text, label = _read(source, DataError)
    result: Rules = convert_data(_parse_toml(text, label, DataError), Rules, label)
    return result


def load_vocabulary(source: str | Path = VOCABULARY_FILE) -> Vocabulary:
    """The services and qualifications from ``source``."""
    text, label = _read(source, DataError)
    result: Vocabulary = convert_data(_parse_toml(text, label, DataError), Vocabulary, label)
    return result


def load_specials(source: str | Path = SPECIALS_FILE, *, known: Collection[str] = SPECIAL_IDS) -> Specials:
    """The special cards from ``source``; each id must be one the game engine knows.

    A house rule may re-word or drop special cards; a new one needs engine rules too, so it
    is refused unless its id is passed in ``known``.
    """
    text, label = _read(source, DataError)
    result: Specials = convert_data(_parse_toml(text, label, DataError), Specials, label)
    unknown = [special for special in result.specials if special not in known]
    if unknown:
        raise DataError([f'"{special}" is not a special card the game knows{_suggest(special, known)}' for special in unknown], label)
    return result


RULES = load_rules()


VOCABULARY = load_vocabulary()


SPECIALS = load_specials()
