"""Words for players: seats as grammatical persons, plurals, money, lists.

Every sentence a game shows a person goes through here, so "You aims", "1 bullets" and
"100000" cannot happen: ``Words(reader)`` speaks to one reader (the seat reading the log or
the view; None for a spectator), and the module functions count and format.

>>> w = Words("Ada")
>>> w.says("Ada", "aims", "at Bob")
'You aim at Bob'
>>> w.says("Bob", "aims", "at " + w.name("Ada"))
'Bob aims at you'
>>> count(1, "bullet"), count(3, "bullet"), money(20000)
('1 bullet', '3 bullets', '$20,000')
>>> listing(["Ada", "Bob", "Cleo"])
'Ada, Bob and Cleo'
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_IRREGULAR = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go"}
_SIBILANT = ("ches", "shes", "sses", "xes", "zes", "oes")
_PLURALS = {"die": "dice", "person": "people", "man": "men", "woman": "women", "child": "children"}


def second_person(verb: str) -> str:
    """A verb's third-person present or past ("aims", "was") in the second person ("aim", "were")."""
    head, _, rest = verb.partition(" ")
    if head in _IRREGULAR:
        base = _IRREGULAR[head]
    elif head.endswith("ies") and len(head) > 3:
        base = head[:-3] + "y"
    elif head.endswith(_SIBILANT):
        base = head[:-2]
    elif head.endswith("s") and not head.endswith("ss"):
        base = head[:-1]
    else:
        base = head
    return f"{base} {rest}" if rest else base


def plural(noun: str) -> str:
    """A noun's plural ("bullet" -> "bullets", "die" -> "dice", "party" -> "parties")."""
    if noun in _PLURALS:
        return _PLURALS[noun]
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u"):
        return noun[:-1] + "ies"
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def count(n: int, noun: str, many: str | None = None) -> str:
    """``n`` and the noun in the right number: "1 bullet", "0 bullets", "2 dice"."""
    return f"{n:,} {noun if n == 1 else (many or plural(noun))}"


def money(amount: int, symbol: str = "$") -> str:
    """A sum of money as players write it: "$20,000", "-$5,000"."""
    return f"-{symbol}{-amount:,}" if amount < 0 else f"{symbol}{amount:,}"


def ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def listing(items: Iterable[str], conjunction: str = "and", empty: str = "nobody") -> str:
    """Items as a sentence lists them: "Ada", "Ada and Bob", "Ada, Bob and Cleo"."""
    names = list(items)
    if not names:
        return empty
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} {conjunction} {names[-1]}"


def title(name: str) -> str:
    """A rulebook heading's words from a phase or action slug: "doing-shit" -> "Doing shit"."""
    text = name.replace("_", " ").replace("-", " ").strip()
    return text[:1].upper() + text[1:]


_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)+")


def rule_reference(rule: str) -> str:
    """A rule reference as a reader reads it: its first word (where the rule comes from: a
    game, ``referee``, an extension) kept for the page to place, and each later slug as the
    words it stands for, as the card or section prints them: "backhanding card crooked-cop"
    -> "backhanding card Crooked Cop".  The log keeps the reference as recorded."""
    first, _, rest = rule.partition(" ")
    if not rest:
        return rule
    said = _SLUG.sub(lambda m: " ".join(w.capitalize() for w in m.group(0).split("-")), rest)
    return f"{first} {said}"


class Words:
    """Sentences addressed to one reader: their own seat is "you", every other seat its name.

    A seat literally called "You" (the terminal's name for the person playing against bots)
    is spoken to in the second person too, so it reads "You aim", never "You aims"."""

    def __init__(self, reader: str | None = None) -> None:
        self.reader = reader

    def is_reader(self, seat: str | None) -> bool:
        return seat is not None and (seat == self.reader or seat.casefold() == "you")

    def name(self, seat: str) -> str:
        """The seat as an object or after a preposition: "you" or "Ada"."""
        return "you" if self.is_reader(seat) else seat

    def subject(self, seat: str) -> str:
        """The seat opening a sentence: "You" or "Ada"."""
        return "You" if self.is_reader(seat) else seat

    def possessive(self, seat: str) -> str:
        """ "your" or "Ada's" ("Bob'" for a name ending in s is not the rulebooks' style: "Bob's")."""
        return "your" if self.is_reader(seat) else f"{seat}'s"

    def verb(self, seat: str, third: str) -> str:
        """The verb agreeing with the seat: ("Ada", "aims") -> "aims"; the reader -> "aim"."""
        return second_person(third) if self.is_reader(seat) else third

    def says(self, seat: str, third: str, rest: str = "") -> str:
        """A whole clause: subject, agreeing verb, the rest ("You aim at Bob")."""
        clause = f"{self.subject(seat)} {self.verb(seat, third)}"
        return f"{clause} {rest}" if rest else clause

    def names(self, seats: Iterable[str], conjunction: str = "and") -> str:
        """Several seats in one phrase, the reader as "you": "Ada, Bob and you"."""
        return listing([self.name(s) for s in seats], conjunction)

    def subjects(self, seats: Iterable[str], third_plural: str, rest: str = "") -> str:
        """Several seats doing one thing: "Ada and Cleo back down" ("back down" given)."""
        group = [self.name(s) for s in seats]
        phrase = listing(group)
        clause = f"{phrase[:1].upper()}{phrase[1:]} {third_plural}" if len(group) > 1 else ""
        if not clause:
            only = list(seats)
            return self.says(only[0], _third_singular(third_plural), rest) if only else ""
        return f"{clause} {rest}" if rest else clause


def _third_singular(verb: str) -> str:
    head, _, rest = verb.partition(" ")
    reverse = {v: k for k, v in _IRREGULAR.items()}
    if head in reverse:
        third = reverse[head]
    elif head.endswith("y") and head[-2:-1] not in ("a", "e", "i", "o", "u"):
        third = head[:-1] + "ies"
    elif head.endswith(("ch", "sh", "ss", "x", "z", "o")):
        third = head + "es"
    else:
        third = head + "s"
    return f"{third} {rest}" if rest else third
