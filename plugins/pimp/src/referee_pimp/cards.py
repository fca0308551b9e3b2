"""Pimp's cards and decks as data, and the deck checker.

The rulebook assumes every player brings a deck built under "Card Customisation and Deck
Assembly", a guide we do not have.  This module is our replacement for it: the card and deck
file formats, the words a card may carry (qualifications) and the services they count toward,
the six special cards, and the deck assembly rules, each kept in a TOML file under ``data/``
so that a house rule can replace any one of them.  DATA.md documents every format and the
reason for every number.

Decks are checked as a whole: ``load_deck`` collects *every* problem in a deck file, each
with the card and the line it is on, because a player fixing a deck by hand wants the full
list, not one complaint per run.  Run ``python -m referee_pimp.cards DECK.toml...`` to check
deck files from a shell.
"""

from __future__ import annotations

import argparse
import difflib
import json
import math
import re
import sys
import unicodedata
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, NamedTuple

import msgspec

from referee.errors import RefereeError
from referee.limits import MAX_FILE_BYTES, parse_toml, read_text

DATA_DIR = Path(__file__).with_name("data")
RULES_FILE = DATA_DIR / "deck-rules.toml"
VOCABULARY_FILE = DATA_DIR / "qualifications.toml"
SPECIALS_FILE = DATA_DIR / "specials.toml"
DECKS_DIR = DATA_DIR / "decks"

Kind = Literal["escort", "streetwalker", "special"]
KINDS: tuple[Kind, ...] = ("escort", "streetwalker", "special")
SPECIAL_IDS = ("king-of-cool", "tame-shrink", "word-on-the-streets", "posse", "bitch-magnet", "charisma")
"""The rulebook's six special cards, whose rules ship with the game; a plugin may declare
more (``referee_pimp.specials.SpecialCard``), which decks may hold where it is at the table."""
STANDARD = "standard"
"""The service every bitch offers ("straight vanilla sex which all bitches can do")."""

ID_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
_ATTRIBUTES = ("cost", "looks", "fight", "stamina")
_BITCH_FIELDS = ("kind", "name", "cost", "looks", "fight", "stamina", "qualifications", "copies", "id", "text")
_SPECIAL_FIELDS = ("kind", "special", "copies", "id", "text")
_DECK_FIELDS = ("name", "description", "cards")


# -- errors -------------------------------------------------------------------------------------


class DataError(ValueError):
    """A Pimp data file (or a struct built in code) breaks its format.

    ``problems`` holds every problem found, so one run shows the whole list; ``source``
    names the file (or ``<text>``) once the loader knows it.
    """

    def __init__(self, problems: Sequence[str], source: str = "") -> None:
        self.problems = list(problems)
        self.source = source
        super().__init__(self._message())

    def _message(self) -> str:
        head = f"{self.source}: " if self.source else ""
        if len(self.problems) == 1:
            return head + self.problems[0]
        return head + f"{len(self.problems)} problems:" + "".join(f"\n  - {p}" for p in self.problems)


class DeckError(DataError):
    """A deck file breaks the card format or the deck assembly rules (every problem listed)."""


# -- small helpers ------------------------------------------------------------------------------


def slug(text: str) -> str:
    """``"Streetwalker A"`` -> ``"streetwalker-a"``, ``"Zoë"`` -> ``"zoe"``: the default card id.

    Accents are dropped and apostrophes vanish (``"Fat Jerry's"`` -> ``"fat-jerrys"``) so an id
    reads like the name; a name with no latin letters or digits gives ``""`` and then needs an
    explicit ``id``.
    """
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    ascii_text = ascii_text.replace("'", "")
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")


def _suggest(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean "Greek"?)`` for a near miss, compared without regard to capitals."""
    options = {c.lower(): c for c in choices}
    close = difflib.get_close_matches(word.lower(), list(options), n=1, cutoff=0.6)
    return f' (did you mean "{options[close[0]]}"?)' if close else ""


def _quote(value: object) -> str:
    """A value as it would be written in TOML, for messages: ``"nine"``, ``12``, ``true``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return repr(value)


def _type_name(value: object) -> str:
    names = {bool: "true/false", int: "a whole number", float: "a decimal number", str: "text", list: "a list", dict: "a table"}
    return names.get(type(value), type(value).__name__)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _bad_name(name: str) -> str | None:
    """Why ``name`` cannot be written on a card, or None."""
    if not name.strip():
        return "is empty"
    if name != name.strip():
        return "has spaces at its start or end (the spelling counts, so they would make a different name)"
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        return "contains a control character (a line break or tab)"
    return None


def _read(source: str | Path, error: type[DataError]) -> tuple[str, str]:
    """(text, label) for a path, or for TOML text itself.

    A ``Path`` is always a file; a ``str`` is TOML text when it holds a line break and a
    file name otherwise (no useful Pimp file fits on one line).  A file is read within
    the kernel's limits (``referee.limits``: size, UTF-8 text, no binary).
    """
    if isinstance(source, str) and "\n" in source:
        return source, "<text>"
    path = Path(source)
    try:
        return read_text(path, "the file"), str(path)
    except RefereeError as exc:
        raise error([exc.message], str(path)) from None


def _parse_toml(text: str, label: str, error: type[DataError]) -> dict[str, Any]:
    if len(text) > MAX_FILE_BYTES:
        raise error([f"the text is larger than {MAX_FILE_BYTES} bytes"], label)
    try:
        return parse_toml(text, "the file")
    except RefereeError as exc:
        raise error([exc.message.removeprefix("the file is ").removeprefix("the file ")], label) from None


def convert_data(data: Mapping[str, Any], kind: type[Any], label: str) -> Any:
    """``msgspec.convert`` with its errors turned into a ``DataError`` naming ``label``.

    Problems raised by a struct's own ``__post_init__`` come back whole (every problem);
    msgspec's type errors name the place in the file (``at services[2].price``).
    """
    try:
        return msgspec.convert(data, kind)
    except msgspec.ValidationError as exc:
        cause = exc.__cause__
        if isinstance(cause, DataError):
            raise DataError(cause.problems, label) from None
        message = str(exc).replace("`$.", "`").replace(" - at `$`", "")
        raise DataError([message.replace("`", "")], label) from None


# -- deck assembly rules (deck-rules.toml) --------------------------------------------------------


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


# -- services and qualifications (qualifications.toml) ------------------------------------------


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
            if not ID_PATTERN.match(service):
                problems.append(f'services: "{service}" is not a valid id (lower-case letters, digits and dashes)')
            if (why := _bad_name(info.name)) is not None:
                problems.append(f"services.{service}: name {why}")
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


# -- special cards (specials.toml) --------------------------------------------------------------


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
            if not ID_PATTERN.match(special):
                problems.append(f'specials: "{special}" is not a valid id (lower-case letters, digits and dashes)')
            if (why := _bad_name(info.name)) is not None:
                problems.append(f"specials.{special}: name {why}")
            if not info.text.strip():
                problems.append(f"specials.{special}: text is empty; say what the card does")
        if problems:
            raise DataError(problems)


# -- cards and decks ----------------------------------------------------------------------------


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


# -- loading and checking decks -----------------------------------------------------------------


class _Lines:
    """Where things are in a deck file, for hints: ``[[cards]]`` headers and ``key =`` lines.

    tomllib keeps no positions, so this scans the text.  It skips lines inside multi-line
    strings, and gives up (no line numbers) if the cards are not written as ``[[cards]]``
    tables, since a wrong hint is worse than none.
    """

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.headers: list[int] = []
        self.live: list[bool] = []
        inside: str | None = None
        for line in self.lines:
            starts_inside = inside is not None
            for quote in ('"""', "'''"):
                if inside in (None, quote) and line.count(quote) % 2 == 1:
                    inside = None if inside == quote else quote
            self.live.append(not starts_inside)
            if not starts_inside and re.match(r"\s*\[\[\s*cards\s*\]\]", line):
                self.headers.append(len(self.live))

    def usable(self, cards: int) -> bool:
        return len(self.headers) == cards

    def find(self, key: str, start: int, stop: int) -> int | None:
        """The 1-based line of ``key = ...`` within lines [start, stop), or None."""
        pattern = re.compile(rf"\s*[\"']?{re.escape(key)}[\"']?\s*=")
        for number in range(start, min(stop, len(self.lines) + 1)):
            if self.live[number - 1] and pattern.match(self.lines[number - 1]):
                return number
        return None


class _Entry(NamedTuple):
    """What the whole-deck rules need from one card entry, read as far as it can be."""

    position: int
    kind: str
    key: str
    copies: int
    id: str
    cost: int | None


def _copies(raw: object) -> int:
    """How many copies an entry counts for in the deck's size (1 where copies is unreadable)."""
    copies = raw.get("copies", 1) if isinstance(raw, dict) else 1
    return copies if _is_int(copies) and copies >= 1 else 1


class _DeckReader:
    """Turns parsed deck data into a ``Deck``, gathering every problem on the way.

    Every check runs on whatever parts of a card can be read, so one mistake never hides
    another, and the problems come out in the order of the file.
    """

    def __init__(self, rules: Rules, vocabulary: Vocabulary, specials: Specials, lines: _Lines | None) -> None:
        self.rules = rules
        self.vocabulary = vocabulary
        self.specials = specials
        self.lines = lines
        self.problems: list[tuple[float, int, str]] = []
        self.labels: list[str] = []

    # -- where a problem is

    def _card_line(self, index: int, key: str | None) -> int | None:
        if self.lines is None:
            return None
        start = self.lines.headers[index]
        stop = self.lines.headers[index + 1] if index + 1 < len(self.lines.headers) else len(self.lines.lines) + 1
        found = self.lines.find(key, start + 1, stop) if key else None
        return found or start

    def _add(self, line: int | None, text: str) -> None:
        self.problems.append((math.inf if line is None else line, len(self.problems), text))

    def card_problem(self, index: int, key: str | None, message: str) -> None:
        line = self._card_line(index, key)
        where = f"line {line}, " if line else ""
        self._add(line, f"{where}card {index + 1} ({self.labels[index]}): {message}")

    def deck_problem(self, key: str | None, message: str) -> None:
        line = None
        if self.lines is not None and key is not None:
            line = self.lines.find(key, 1, (self.lines.headers or [len(self.lines.lines) + 1])[0])
        self._add(line, f"line {line}: {message}" if line else f"deck: {message}")

    # -- reading

    def read(self, data: Mapping[str, Any]) -> Deck:
        for key in data:
            if key not in _DECK_FIELDS:
                hint = _suggest(key, _DECK_FIELDS) or "; a deck file has name, description and [[cards]]"
                self.deck_problem(key, f'unknown field "{key}"{hint}')
        name = data.get("name")
        if name is None:
            self.deck_problem(None, 'the deck has no name (name = "...")')
        elif not isinstance(name, str):
            self.deck_problem("name", f"the deck's name must be text, not {_type_name(name)}")
        elif (why := _bad_name(name)) is not None:
            self.deck_problem("name", f"the deck's name {why}")
        description = data.get("description", "")
        if not isinstance(description, str):
            self.deck_problem("description", f"description must be text, not {_type_name(description)}")
        raw_cards = data.get("cards")
        if raw_cards is None or raw_cards == []:
            self.deck_problem(None, "the deck has no cards (add [[cards]] tables)")
            raw_cards = []
        elif not isinstance(raw_cards, list):
            self.deck_problem("cards", "cards must be a list of [[cards]] tables")
            raw_cards = []
        if self.lines is not None and not self.lines.usable(len(raw_cards)):
            self.lines = None
        self.labels = [self._label(raw) for raw in raw_cards]
        cards = [self._card(index, raw) for index, raw in enumerate(raw_cards)]
        self._assembly(raw_cards)
        if self.problems:
            raise DeckError([text for _, _, text in sorted(self.problems)])
        assert isinstance(name, str) and isinstance(description, str)
        return Deck(name=name, description=description, cards=tuple(card for card in cards if card is not None))

    @staticmethod
    def _label(raw: object) -> str:
        if not isinstance(raw, dict):
            return "not a table"
        kind, name, special = raw.get("kind"), raw.get("name"), raw.get("special")
        if kind == "special" and isinstance(special, str):
            return f"special {special}"
        if isinstance(kind, str) and isinstance(name, str):
            return f"{kind} {_quote(name)}"
        return _quote(name) if isinstance(name, str) else "no name"

    def _card(self, index: int, raw: object) -> Card | None:
        """One card entry checked field by field; the ``Card`` if it has no problems."""
        problem = self.card_problem
        if not isinstance(raw, dict):
            problem(index, None, "a card must be a table of fields under [[cards]]")
            return None
        kind = raw.get("kind")
        if kind is None:
            problem(index, None, 'kind is missing: write kind = "escort", "streetwalker" or "special"')
            return None
        if kind not in KINDS:
            hint = _suggest(kind, KINDS) if isinstance(kind, str) else ""
            problem(index, "kind", f"kind {_quote(kind)} is not escort, streetwalker or special{hint}")
            return None
        before = len(self.problems)
        fields = _SPECIAL_FIELDS if kind == "special" else _BITCH_FIELDS
        for key in raw:
            if key in fields:
                continue
            if key == "services":
                problem(index, key, "services are worked out from qualifications; write qualifications = [...] instead")
            elif kind == "special" and key in _ATTRIBUTES:
                problem(index, key, f"a special card has no {key}: it costs nothing to play and its power rating is 0")
            elif kind == "special" and key == "name":
                problem(index, key, 'a special card takes its name from specials.toml; write only special = "..."')
            elif kind == "special" and key == "qualifications":
                problem(index, key, "a special card offers no services, so it has no qualifications")
            elif kind != "special" and key == "special":
                problem(index, key, f"only special cards name a special; this card is {'an' if kind == 'escort' else 'a'} {kind}")
            else:
                problem(index, key, f'unknown field "{key}"{_suggest(key, fields)}')
        for key in ("special",) if kind == "special" else ("name", *_ATTRIBUTES):
            if key not in raw:
                problem(index, None, f"{key} is missing")
        typed: dict[str, Any] = {}
        for key in (*_ATTRIBUTES, "copies", "name", "special", "id", "text"):
            if key not in raw or key not in fields:
                continue
            whole = key in _ATTRIBUTES or key == "copies"
            if _is_int(raw[key]) if whole else isinstance(raw[key], str):
                typed[key] = raw[key]
            else:
                problem(index, key, f"{key} must be {'a whole number' if whole else 'text'}, not {_type_name(raw[key])} {_quote(raw[key])}")
        qualifications: list[str] | None = raw.get("qualifications", [])
        if kind != "special" and (not isinstance(qualifications, list) or not all(isinstance(q, str) for q in qualifications)):
            problem(index, "qualifications", 'qualifications must be a list of text, e.g. ["A & O Levels", "Greek"]')
            qualifications = None
        copies: int = typed.get("copies", 1)
        if kind == "special":
            self._special(index, typed.get("special"), copies)
        else:
            self._bitch(index, kind, typed, qualifications, copies)
        base = typed.get("special" if kind == "special" else "name")
        card_id = self._id(index, typed.get("id"), base)
        if len(self.problems) > before or qualifications is None:
            return None
        if kind == "special":
            info = self.specials.specials[typed["special"]]
            return Card(id=card_id, kind="special", name=info.name, special=typed["special"], copies=copies, text=typed.get("text", ""))
        return Card(
            id=card_id,
            kind=kind,
            name=typed["name"],
            cost=typed["cost"],
            looks=typed["looks"],
            fight=typed["fight"],
            stamina=typed["stamina"],
            qualifications=tuple(qualifications),
            services=self.vocabulary.levels(qualifications),
            copies=copies,
            text=typed.get("text", ""),
        )

    def _special(self, index: int, special: str | None, copies: int) -> None:
        if special is not None and special not in self.specials.specials:
            known = ", ".join(self.specials.specials)
            self.card_problem(
                index,
                "special",
                f'unknown special card "{special}"{_suggest(special, self.specials.specials)}; the special cards are {known}',
            )
        limit = self.rules.deck.max_special_copies
        if not 1 <= copies <= limit:
            self.card_problem(index, "copies", f"copies is {copies}; a deck may hold 1 to {limit} copies of a special card")

    def _bitch(self, index: int, kind: str, typed: dict[str, Any], qualifications: list[str] | None, copies: int) -> None:
        problem = self.card_problem
        if "name" in typed and (why := _bad_name(typed["name"])) is not None:
            problem(index, "name", f"the name {why}")
        before = len(self.problems)
        low, high = self.rules.attributes.min, self.rules.attributes.max
        for key in _ATTRIBUTES:
            if key in typed and not low <= typed[key] <= high:
                problem(index, key, f"{key} {typed[key]} is outside {low}-{high}")
        vocabulary = self.vocabulary.qualifications
        for qualification in qualifications or []:
            if qualification not in vocabulary:
                hint = _suggest(qualification, vocabulary)
                problem(
                    index,
                    "qualifications",
                    f'unknown qualification "{qualification}"{hint}; the qualifications are listed in qualifications.toml',
                )
        for qualification, n in Counter(qualifications or []).items():
            if n > 1:
                problem(
                    index,
                    "qualifications",
                    f'"{qualification}" is written {n} times; each qualification counts once (two different ones make level 2)',
                )
        # The cost band only means something once the numbers it is worked out from are sound.
        priceable = len(self.problems) == before and qualifications is not None and all(key in typed for key in _ATTRIBUTES)
        top = self.rules.attributes.max_service_level
        for service, level in self.vocabulary.levels(qualifications or []).items():
            if level > top:
                problem(
                    index, "qualifications", f"{self.vocabulary.services[service].name} {level} is above the highest service level, {top}"
                )
        if kind == "escort" and copies != 1:
            problem(index, "copies", f"copies is {copies}; a named escort is unique, so a deck holds one copy of her")
        limit = self.rules.deck.max_streetwalker_copies
        if kind == "streetwalker" and not 1 <= copies <= limit:
            problem(index, "copies", f"copies is {copies}; a deck may hold 1 to {limit} copies of a streetwalker")
        if priceable and qualifications is not None:
            self._check_cost(index, typed, qualifications)

    def _check_cost(self, index: int, typed: dict[str, Any], qualifications: list[str]) -> None:
        looks, fight, stamina = typed["looks"], typed["fight"], typed["stamina"]
        added = self.vocabulary.added_levels(qualifications)
        allowed = self.rules.cost_range(looks, fight, stamina, added)
        if typed["cost"] in allowed:
            return
        formula = self.rules.cost
        fair = formula.fair(looks, fight, stamina, added)
        sums = f"({looks} + {fight} + {stamina} + {formula.service_level_worth} x {added}) / {formula.divisor} = {fair}"
        if not allowed:
            message = (
                f"she is too strong for any cost: her fair cost is {sums}, and a card costs at most "
                f"{self.rules.attributes.max}; lower her looks, fight, stamina or service levels"
            )
        else:
            span = f"{allowed.start}-{allowed.stop - 1}" if len(allowed) > 1 else str(allowed.start)
            message = (
                f"cost {typed['cost']} is outside {span}: her fair cost is {sums} (looks + fight + stamina + "
                f"{formula.service_level_worth} per service level, divided by {formula.divisor}, rounded), "
                f"and a card may cost {formula.tolerance} either side of it"
            )
        self.card_problem(index, "cost", message)

    def _id(self, index: int, given: str | None, base: str | None) -> str:
        if given is not None:
            if not ID_PATTERN.match(given):
                self.card_problem(
                    index, "id", f'id {_quote(given)} must be lower-case letters, digits and single dashes, like "streetwalker-a"'
                )
            return given
        made = slug(base or "")
        if base is not None and not made:
            self.card_problem(index, None, f'cannot make an id from {_quote(base)}; give the card an id = "..." in latin letters or digits')
        return made

    @staticmethod
    def _entry(index: int, raw: object) -> _Entry | None:
        """The parts of a card entry the whole-deck rules use, if they can be read."""
        if not isinstance(raw, dict) or raw.get("kind") not in KINDS:
            return None
        kind = raw["kind"]
        key = raw.get("special" if kind == "special" else "name")
        if not isinstance(key, str):
            return None
        given = raw.get("id")
        cost = raw.get("cost")
        return _Entry(
            position=index,
            kind=kind,
            key=key,
            copies=_copies(raw),
            id=given if isinstance(given, str) else slug(key),
            cost=cost if kind != "special" and _is_int(cost) else None,
        )

    def _assembly(self, raw_cards: list[Any]) -> None:
        """The deck assembly rules that look at the deck as a whole, over every readable entry."""
        limits = self.rules.deck
        entries = [entry for index, raw in enumerate(raw_cards) if (entry := self._entry(index, raw)) is not None]
        size = sum(_copies(raw) for raw in raw_cards)
        if raw_cards and not limits.min_cards <= size <= limits.max_cards:
            self.deck_problem(None, f"the deck has {size} cards, counting copies; a deck has {limits.min_cards} to {limits.max_cards}")
        specials = sum(entry.copies for entry in entries if entry.kind == "special")
        if specials > limits.max_specials:
            self.deck_problem(
                None, f"the deck has {specials} special cards, counting copies; a deck may hold at most {limits.max_specials}"
            )
        first: dict[tuple[str, str], int] = {}
        ids: dict[str, int] = {}
        for entry in entries:
            earlier = first.setdefault((entry.kind, entry.key), entry.position)
            if earlier != entry.position:
                if entry.kind == "escort":
                    message = f"an escort called {_quote(entry.key)} is already in this deck (card {earlier + 1}); a named escort is unique, and the spelling counts"
                else:
                    message = f"card {earlier + 1} is the same {entry.kind}; list a card once and set copies"
                self.card_problem(entry.position, "special" if entry.kind == "special" else "name", message)
                continue
            if entry.id:
                other = ids.setdefault(entry.id, entry.position)
                if other != entry.position:
                    self.card_problem(
                        entry.position, "id", f'id "{entry.id}" is already used by card {other + 1}; give one of them another id = "..."'
                    )
        bitches = [entry for entry in entries if entry.kind != "special"]
        if raw_cards and len(entries) == len(raw_cards) and not bitches:
            self.deck_problem(None, "the deck has no bitches, so it could never have a girlfriend or anyone on the street")
        low, high = self.rules.attributes.min, self.rules.attributes.max
        costed = [entry for entry in bitches if entry.cost is not None and low <= entry.cost <= high]
        copies = sum(entry.copies for entry in costed)
        average = sum(entry.cost * entry.copies for entry in costed if entry.cost is not None) / copies if copies else 0.0
        if average > limits.max_average_cost:
            self.deck_problem(
                None,
                f"the average cost of the deck's bitches is {average:.2f}, above {limits.max_average_cost:g}; "
                "cost is also the power rating, so add cheaper bitches",
            )


# -- loaders ------------------------------------------------------------------------------------


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


def build_deck(
    data: Mapping[str, Any],
    *,
    rules: Rules = RULES,
    vocabulary: Vocabulary = VOCABULARY,
    specials: Specials = SPECIALS,
    source: str = "<data>",
) -> Deck:
    """A ``Deck`` from already-parsed deck data, checked against the rules (no line hints)."""
    try:
        return _DeckReader(rules, vocabulary, specials, None).read(data)
    except DeckError as exc:
        raise DeckError(exc.problems, source) from None


def load_deck(source: str | Path, *, rules: Rules = RULES, vocabulary: Vocabulary = VOCABULARY, specials: Specials = SPECIALS) -> Deck:
    """The deck in a file (a ``Path``, or a ``str`` without line breaks) or in TOML text.

    Raises ``DeckError`` listing every problem, each with its line and card where known.
    ``rules``, ``vocabulary`` and ``specials`` default to the shipped files; a house rule
    passes its own.
    """
    text, label = _read(source, DeckError)
    data = _parse_toml(text, label, DeckError)
    try:
        return _DeckReader(rules, vocabulary, specials, _Lines(text)).read(data)
    except DeckError as exc:
        raise DeckError(exc.problems, label) from None


def shipped_decks() -> list[Path]:
    """The ready-made decks in ``data/decks``, by file name."""
    return sorted(DECKS_DIR.glob("*.toml"))


def check(path: str | Path, *, rules: Rules = RULES, vocabulary: Vocabulary = VOCABULARY, specials: Specials = SPECIALS) -> list[str]:
    """The problems with the deck file at ``path``; an empty list if it is a legal deck."""
    try:
        load_deck(Path(path), rules=rules, vocabulary=vocabulary, specials=specials)
    except DeckError as exc:
        return exc.problems
    return []


# -- writing decks ------------------------------------------------------------------------------


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


# -- the command --------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m referee_pimp.cards DECK.toml...``: "OK: ..." per good deck, else every problem; exit 1 on any."""
    parser = argparse.ArgumentParser(
        prog="python -m referee_pimp.cards", description="Check Pimp deck files against the deck assembly rules."
    )
    parser.add_argument("decks", nargs="+", type=Path, metavar="DECK", help="deck files (TOML) to check")
    parser.add_argument("--rules", type=Path, help="house-rule deck assembly rules (default: the shipped deck-rules.toml)")
    parser.add_argument("--qualifications", type=Path, help="house-rule services and qualifications")
    parser.add_argument(
        "--specials", type=Path, help="house-rule special cards (default: the shipped six and those of installed special-card plugins)"
    )
    args = parser.parse_args(argv)
    try:
        rules = load_rules(args.rules) if args.rules else RULES
        vocabulary = load_vocabulary(args.qualifications) if args.qualifications else VOCABULARY
        if args.specials:
            specials = load_specials(args.specials)
        else:
            from .decks import installed_specials

            specials = installed_specials()
    except DataError as exc:
        print(f"house rule: {exc}", file=sys.stderr)
        return 1
    failed = False
    for path in args.decks:
        try:
            deck = load_deck(path, rules=rules, vocabulary=vocabulary, specials=specials)
        except DeckError as exc:
            failed = True
            for problem in exc.problems:
                print(f"{path}: {problem}")
        else:
            print(f"OK: {path}: {describe(deck)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
