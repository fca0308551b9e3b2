"""The deck checker: a deck file read against the card format and the deck assembly rules.

Decks are checked as a whole: ``load_deck`` collects *every* problem in a deck file, each
with the card and the line it is on, because a player fixing a deck by hand wants the full
list, not one complaint per run.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from referee.errors import RefereeError

from .deck import Card, Deck
from .formats import (
    _ATTRIBUTES,
    _BITCH_FIELDS,
    _DECK_FIELDS,
    _SPECIAL_FIELDS,
    EDITION,
    EDITION_DECKS,
    ID_PATTERN,
    KINDS,
    DeckError,
    _bad_name,
    _is_int,
    _parse_toml,
    _quote,
    _read,
    _suggest,
    _type_name,
    slug,
)
from .rules import RULES, SPECIALS, VOCABULARY, Rules, Specials, Vocabulary

# -- loading and checking decks ---------------------------------------------------------------------


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


# -- loaders ----------------------------------------------------------------------------------------


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


def shipped_decks(edition: int = EDITION) -> list[Path]:
    """The ready-made decks of ``edition`` (``data/decks`` for the newest, new tables' one;
    ``data/editions/N/decks`` for an earlier one), by file name."""
    if edition not in EDITION_DECKS:
        raise RefereeError(f"Pimp has no edition {edition}; its editions are {', '.join(map(str, sorted(EDITION_DECKS)))}")
    return sorted(EDITION_DECKS[edition].glob("*.toml"))


def check(path: str | Path, *, rules: Rules = RULES, vocabulary: Vocabulary = VOCABULARY, specials: Specials = SPECIALS) -> list[str]:
    """The problems with the deck file at ``path``; an empty list if it is a legal deck."""
    try:
        load_deck(Path(path), rules=rules, vocabulary=vocabulary, specials=specials)
    except DeckError as exc:
        return exc.problems
    return []
