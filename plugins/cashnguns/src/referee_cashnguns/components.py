"""The game's components as data (``components.toml``), validated when a table opens."""

from __future__ import annotations

import tomllib
from pathlib import Path

import msgspec

CARDS = ("click", "bang", "bbb")
CARD_NAMES = {"click": "Click!", "bang": "Bang!", "bbb": "Bang! Bang! Bang!"}
CARD_TEXT = {
    "click": "Nothing happens when it is revealed: a bluff, which still makes the gangster you aim at think twice.",
    "bang": "A hit: the gangster you aim at takes a wound, unless they back down first.",
    "bbb": "A hit revealed before every other card: the gangster it hits takes a wound and does not get to shoot back.",
}
"""Each bullet card's rules text, as a player reads it on the card (the rulebook's "First any
Bang! Bang! Bang! cards are revealed. Players hit by these do not get to shoot back")."""
DEFAULT_FILE = Path(__file__).with_name("components.toml")


def dollars(amount: int) -> str:
    """``$15,000``, ``-$15,000``."""
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


class Components(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rounds: int
    notes_per_round: int
    wound_limit: int
    shame_penalty: int
    bullets: dict[str, int]
    loot: dict[int, int]

    def __post_init__(self) -> None:
        problems = []
        if self.rounds < 1 or self.notes_per_round < 1 or self.wound_limit < 1 or self.shame_penalty < 0:
            problems.append("rounds, notes_per_round and wound_limit must be at least 1, shame_penalty at least 0")
        unknown = sorted(set(self.bullets) - set(CARDS))
        if unknown:
            problems.append(f"unknown bullet cards {unknown}; the cards are {', '.join(CARDS)}")
        if any(n < 0 for n in self.bullets.values()) or sum(self.bullets.values()) < 1:
            problems.append("every gangster needs at least one bullet card, and no count may be negative")
        if any(value < 1 or n < 0 for value, n in self.loot.items()):
            problems.append("banknote values must be positive and their counts not negative")
        if sum(self.loot.values()) < self.rounds * self.notes_per_round:
            problems.append(f"the loot has {sum(self.loot.values())} notes, fewer than {self.rounds} rounds x {self.notes_per_round}")
        if problems:
            raise ValueError("; ".join(problems))

    def deck(self) -> list[str]:
        return [card for card in CARDS for _ in range(self.bullets.get(card, 0))]

    def notes(self) -> list[int]:
        return [value for value in sorted(self.loot) for _ in range(self.loot[value])]


def load(path: Path = DEFAULT_FILE) -> Components:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        return msgspec.convert(data, Components, strict=False)
    except (OSError, tomllib.TOMLDecodeError, msgspec.ValidationError, ValueError) as exc:
        raise ValueError(f"Cash'n'Guns components {path}: {exc}") from None


STANDARD = load()
