"""The Solicitation Sheet as data: the services table (d100) and the punters table (d10).

The rulebook says to "roll a ten-sided dice twice to generate a number between 1 and 100"
and look it up on the Services table of the Solicitation Sheet, then roll a d10 on its
punters table; the sheet itself is lost.  ``data/solicitation.toml`` is our sheet: the
rulebook's fixed points (35 and 36 anal at price 10, stamina 10; 91-100 the five special
encounters; the punters table word for word) and our design for the rest, explained in
DATA.md.  A house rule replaces the file and passes it to ``load``, which checks that every
number 1-100 and every d10 face is on exactly one row, so a lookup can never fall through.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from functools import lru_cache
from pathlib import Path

import msgspec

from .cards import DATA_DIR, ID_PATTERN, VOCABULARY, DataError, Vocabulary, _bad_name, _parse_toml, _read, _suggest, convert_data

SHEET_FILE = DATA_DIR / "solicitation.toml"
ENCOUNTER_IDS = ("psycho-punter", "police-bust", "moral-crackdown", "runaway", "zero-tolerance")
"""The rulebook's five special encounters; the game engine has rules for exactly these."""
D100 = range(1, 101)
D10 = range(1, 11)

_RANGE = re.compile(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?\Z")


def d100(tens: int, units: int) -> int:
    """The number two d10 make, 1-100: ``d100(3, 6) == 36``, ``d100(10, 10) == 100``.

    Each die is given as the game's dice give it, 1-10; a die whose face shows 0 is a 10.
    The first die is the tens and the second the units, each read as its face 0-9 (so 10
    reads 0), and "00" is 100.  All 100 pairs give the 100 numbers once each, so every
    number is equally likely.
    """
    for die in (tens, units):
        if isinstance(die, bool) or not isinstance(die, int) or die not in D10:
            raise ValueError(f"a d10 shows 1-10 (a 0 face counts as 10), not {die!r}")
    return (tens % 10) * 10 + units % 10 or 100


@lru_cache(maxsize=256)
def parse_rolls(text: str, low: int = 1, high: int = 100) -> tuple[int, ...]:
    """``"34-45"`` -> 34..45; ``"1-20, 46-50"`` and ``"100"`` too.  ValueError says what is wrong."""
    numbers: list[int] = []
    for part in text.split(","):
        match = _RANGE.match(part)
        if match is None:
            raise ValueError(f'rolls "{text}": "{part.strip()}" is not a number or a range like "34-45"')
        first, last = int(match[1]), int(match[2] or match[1])
        if first > last:
            raise ValueError(f'rolls "{text}": "{part.strip()}" runs backwards; write the low number first')
        if first < low or last > high:
            raise ValueError(f'rolls "{text}": "{part.strip()}" goes outside {low}-{high}')
        numbers.extend(range(first, last + 1))
    return tuple(numbers)


def spans(numbers: Iterable[int]) -> str:
    """``[37, 38, 39, 55]`` -> ``"37-39, 55"``: numbers as a reader would write them."""
    out: list[str] = []
    run: list[int] = []
    for n in sorted(set(numbers)):
        if run and n != run[-1] + 1:
            out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
            run = []
        run.append(n)
    if run:
        out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ", ".join(out)


class Service(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A row of the services table: a standard punter wanting ``service``.

    ``price`` is paid per punter once all are serviced; ``stamina`` is the target of the
    stamina test after each punter (her stamina + a power card must reach it).
    """

    rolls: str
    service: str
    price: int
    stamina: int


class Encounter(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A row of the services table that is a special encounter, not a punter."""

    rolls: str
    encounter: str
    name: str
    text: str = ""


class PuntersRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A row of the punters table: how many punters are in the car."""

    rolls: str
    punters: int


class Sheet(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The whole Solicitation Sheet, checked so that every roll lands on exactly one row."""

    services: tuple[Service, ...]
    encounters: tuple[Encounter, ...]
    punters: tuple[PuntersRow, ...]

    def __post_init__(self) -> None:
        problems = []
        covered: dict[int, list[str]] = {n: [] for n in D100}
        for index, row in enumerate(self.services, 1):
            where = f"services row {index} ({row.service})"
            if not ID_PATTERN.match(row.service):
                problems.append(f'{where}: service "{row.service}" is not a valid id (lower-case letters, digits and dashes)')
            if row.price < 1:
                problems.append(f"{where}: price {row.price} must be at least 1")
            if row.stamina < 1:
                problems.append(f"{where}: stamina {row.stamina} must be at least 1")
            problems += _cover(where, row.rolls, row.service, covered)
        for service in sorted({row.service for row in self.services}):
            if sum(row.service == service for row in self.services) > 1:
                problems.append(
                    f'service "{service}" has more than one row; give it one row (rolls may list several ranges) so it has one price'
                )
        for index, encounter in enumerate(self.encounters, 1):
            where = f"encounters row {index} ({encounter.encounter})"
            if not ID_PATTERN.match(encounter.encounter):
                problems.append(f'{where}: encounter "{encounter.encounter}" is not a valid id (lower-case letters, digits and dashes)')
            if (why := _bad_name(encounter.name)) is not None:
                problems.append(f"{where}: name {why}")
            problems += _cover(where, encounter.rolls, encounter.encounter, covered)
        for encounter_id in sorted({e.encounter for e in self.encounters}):
            if sum(e.encounter == encounter_id for e in self.encounters) > 1:
                problems.append(f'encounter "{encounter_id}" has more than one row; give it one row (rolls may list several ranges)')
        problems += _coverage("the services table", covered)
        faces: dict[int, list[str]] = {n: [] for n in D10}
        for index, punters_row in enumerate(self.punters, 1):
            where = f"punters row {index}"
            if punters_row.punters < 1:
                problems.append(f"{where}: punters {punters_row.punters} must be at least 1 (a car holds somebody)")
            problems += _cover(where, punters_row.rolls, f"{punters_row.punters} punters", faces, high=10)
        problems += _coverage("the punters table", faces)
        if problems:
            raise DataError(problems)

    def lookup(self, roll: int) -> Service | Encounter:
        """The row for a d100 roll (1-100)."""
        if isinstance(roll, bool) or not isinstance(roll, int) or roll not in D100:
            raise ValueError(f"the services table is read with a d100 roll, 1-100, not {roll!r}")
        rows: tuple[Service | Encounter, ...] = (*self.services, *self.encounters)
        for row in rows:
            if roll in parse_rolls(row.rolls):
                return row
        raise AssertionError("unreachable: the sheet covers 1-100")

    def punters_for(self, d10: int) -> int:
        """How many punters are in the car for a d10 roll (1-10)."""
        if isinstance(d10, bool) or not isinstance(d10, int) or d10 not in D10:
            raise ValueError(f"the punters table is read with a d10, 1-10, not {d10!r}")
        for row in self.punters:
            if d10 in parse_rolls(row.rolls, 1, 10):
                return row.punters
        raise AssertionError("unreachable: the sheet covers 1-10")

    def table(self) -> dict[int, Service | Encounter]:
        """Every roll 1-100 and its row: for printing the sheet, and for tests."""
        return {roll: self.lookup(roll) for roll in D100}

    def service(self, service: str) -> Service:
        """The row for a service (its price and stamina target); KeyError if no punter wants it."""
        for row in self.services:
            if row.service == service:
                return row
        raise KeyError(service)


def _cover(where: str, rolls: str, label: str, covered: dict[int, list[str]], high: int = 100) -> list[str]:
    """Mark the numbers ``rolls`` names as taken by ``label``; a problem if it cannot be read."""
    try:
        numbers = parse_rolls(rolls, 1, high)
    except ValueError as exc:
        return [f"{where}: {exc}"]
    for n in numbers:
        covered[n].append(label)
    return []


def _coverage(table: str, covered: dict[int, list[str]]) -> list[str]:
    """Gaps and overlaps: each number must be on exactly one row."""
    problems = []
    missing = [n for n, labels in covered.items() if not labels]
    if missing:
        problems.append(f"{table} has no row for {spans(missing)}; every roll must be on exactly one row")
    for n, labels in covered.items():
        if len(labels) > 1:
            problems.append(f"{table}: {n} is on more than one row ({', '.join(labels)}); every roll must be on exactly one row")
    return problems


def load(
    source: str | Path = SHEET_FILE, *, vocabulary: Vocabulary = VOCABULARY, known_encounters: Collection[str] = ENCOUNTER_IDS
) -> Sheet:
    """The Solicitation Sheet from ``source`` (the shipped file, a house rule's, or TOML text).

    Besides the sheet's own checks, its services must be exactly the vocabulary's: a
    service no card can offer would send every such punter away, and a service no punter
    wants would make its qualifications cost influence for nothing.  Encounters must be ones
    the game engine knows (``known_encounters``).
    """
    text, label = _read(source, DataError)
    sheet: Sheet = convert_data(_parse_toml(text, label, DataError), Sheet, label)
    problems = []
    on_sheet = {row.service for row in sheet.services}
    for service in sorted(on_sheet - set(vocabulary.services)):
        problems.append(
            f'service "{service}" is not in the services and qualifications{_suggest(service, vocabulary.services)}, so no bitch could offer it'
        )
    for service in vocabulary.services:
        if service not in on_sheet:
            problems.append(f'service "{service}" has no row, so no punter would ever want it and its qualifications would be worthless')
    for encounter in sheet.encounters:
        if encounter.encounter not in known_encounters:
            problems.append(
                f'encounter "{encounter.encounter}" is not one the game knows{_suggest(encounter.encounter, known_encounters)}; the encounters are {", ".join(known_encounters)}'
            )
    if problems:
        raise DataError(problems, label)
    return sheet


SHEET = load()


def lookup(roll: int, sheet: Sheet = SHEET) -> Service | Encounter:
    """The services-table row for a d100 roll: a ``Service`` (1-90 as shipped) or an ``Encounter``."""
    return sheet.lookup(roll)


def punters(d10: int, sheet: Sheet = SHEET) -> int:
    """How many punters are in the car: 1-5 one, 6-8 two, 9 three, 10 four (as shipped)."""
    return sheet.punters_for(d10)
