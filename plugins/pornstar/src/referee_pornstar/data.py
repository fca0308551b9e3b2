"""PornStar's card list and roll tables as data (``data/*.toml``), validated on load.

Neither the published card list nor the Residual and Production Rolls tables are
available: these are the project's own design (DATA.md).  A house rule replaces them
through ``pornstar_tables`` with another ``Tables``, checked the same way.
"""

from __future__ import annotations

import itertools
import tomllib
from pathlib import Path
from typing import Literal

import msgspec

DATA = Path(__file__).with_name("data")
GENDERS = {"M": "Male", "F": "Female"}
LOW = -(10**6)
HIGH = 10**6


class Star(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    gender: Literal["M", "F"]
    specialty: str
    maintenance: int
    filming: int
    text: str | msgspec.UnsetType = msgspec.UNSET
    """What this card says besides the rules every Star follows (``faces.star_text``): a
    card of a house rule or another distribution carries its own.  Left out, it is not
    written in the log's card list at all, so the game's own list reads as it always has."""


class Film(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    title: str
    specialty: str
    cost: int
    males: int = 0
    females: int = 0
    any: int = 0
    text: str | msgspec.UnsetType = msgspec.UNSET
    """What this card says besides the rules every Film follows (``faces.film_text``); as
    a Star's ``text``."""

    @property
    def stars_needed(self) -> int:
        return self.males + self.females + self.any

    def cast(self, joiner: str = ", ") -> str:
        """The Stars it needs: "1 Male, 2 Females" ("2 Males + 1 more", with " + ")."""
        parts = [f"{self.males} Male{'s' * (self.males != 1)}"] if self.males else []
        parts += [f"{self.females} Female{'s' * (self.females != 1)}"] if self.females else []
        parts += [f"{self.any} more of either gender" if joiner == ", " else f"{self.any} more"] if self.any else []
        return joiner.join(parts)

    def needs(self) -> str:
        return "at least " + self.cast()


class Play(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    kind: str


class Production(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    percent: int
    min: int = LOW
    max: int = HIGH
    marker: int = 0
    recruit: bool = False
    lose_star: bool = False
    award: bool = False


class Residual(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pays: int
    min: int = LOW
    max: int = HIGH


def _covers(bounds: list[tuple[int, int]], what: str) -> list[str]:
    """Rows (their ``(min, max)``) must cover every total, in order, without gaps or overlaps."""
    problems = []
    if not bounds:
        return [f"the {what} table is empty"]
    if bounds[0][0] != LOW or bounds[-1][1] != HIGH:
        problems.append(f"the {what} table's first row needs no min and its last no max")
    for (_, before), (after, _) in itertools.pairwise(bounds):
        if after != before + 1:
            problems.append(f"the {what} table jumps from {before} to {after}")
    return problems


class Tables(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    stars: tuple[Star, ...]
    films: tuple[Film, ...]
    plays: tuple[Play, ...]
    production: tuple[Production, ...]
    residual: tuple[Residual, ...]

    def __post_init__(self) -> None:
        problems = []
        ids = self.card_ids()
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            problems.append(f"card ids used twice: {', '.join(twice)}")
        if any(len(i) < 2 or not i.isalnum() for i in ids):
            problems.append("card ids are letters and digits, at least two")
        if any(s.maintenance < 0 or s.filming < 0 for s in self.stars):
            problems.append("a Star's maintenance and filming costs cannot be negative")
        if any(f.cost < 1 or f.stars_needed < 1 or min(f.males, f.females, f.any) < 0 for f in self.films):
            problems.append("a Film costs at least $1 and needs at least one Star (no count negative)")
        if not self.stars or not self.films:
            problems.append("the deck needs Stars and Films")
        problems += _covers([(r.min, r.max) for r in self.production], "Production Rolls")
        problems += _covers([(r.min, r.max) for r in self.residual], "Residual Rolls")
        if any(r.pays < 0 for r in self.residual):
            problems.append("a residual cannot be negative")
        if problems:
            raise ValueError("; ".join(problems))

    def card_ids(self) -> list[str]:
        return [s.id for s in self.stars] + [f.id for f in self.films] + [p.id for p in self.plays]

    def production_row(self, total: int) -> Production:
        return next(r for r in self.production if r.min <= total <= r.max)

    def residual_amount(self, total: int) -> int:
        return next(r.pays for r in self.residual if r.min <= total <= r.max)


class _Cards(msgspec.Struct, forbid_unknown_fields=True):
    star: list[Star]
    film: list[Film]
    play: list[Play] = []


class _Rolls(msgspec.Struct, forbid_unknown_fields=True):
    production: list[Production]
    residual: list[Residual]


def load(folder: Path = DATA) -> Tables:
    """The tables in ``folder`` (``cards.toml`` and ``tables.toml``), or a ValueError naming the fault."""
    try:
        cards = msgspec.convert(tomllib.loads((folder / "cards.toml").read_text(encoding="utf-8")), _Cards)
        rolls = msgspec.convert(tomllib.loads((folder / "tables.toml").read_text(encoding="utf-8")), _Rolls)
        return Tables(
            stars=tuple(cards.star),
            films=tuple(cards.film),
            plays=tuple(cards.play),
            production=tuple(rolls.production),
            residual=tuple(rolls.residual),
        )
    except (OSError, tomllib.TOMLDecodeError, msgspec.ValidationError, ValueError) as exc:
        raise ValueError(f"PornStar data {folder}: {exc}") from None


STANDARD = load()
