"""Writing and paying a Pig Farmer's orders (rule 10).

Orders are what a farmer writes in his PM to the Gamesmaster: one line per way of
spending Pork, in the order he wants them paid, optionally closed by a dashes line and
the total he thinks he spent.  Parsing is strict about anything the GM could not act on
(an unknown order, a farmer who is not playing) because a guessed order would be a
silent ruling against the player; it is lenient about layout (case, full words, ``;``
or ``,`` between orders) because forum and command-line players write differently.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import msgspec

from referee.errors import IllegalAction

if TYPE_CHECKING:
    from referee.events import Event

__all__ = [
    "KINDS",
    "MAX_AMOUNT",
    "MAX_ENTRIES",
    "MAX_TEXT",
    "TARGETED_KINDS",
    "Order",
    "OrderError",
    "name_key",
    "parse_orders",
    "pay_orders",
]

KINDS: tuple[str, ...] = ("punishment", "investment", "guards", "stealing", "trading", "yeomen")
"""Every way to spend Pork (rule 4), in the rulebook's order."""

TARGETED_KINDS: frozenset[str] = frozenset({"stealing", "trading"})
"""The orders that name another Pig Farmer (rule 10.1)."""

_WORDS: dict[str, str] = {
    "p": "punishment",
    "punish": "punishment",
    "punishment": "punishment",
    "i": "investment",
    "invest": "investment",
    "investment": "investment",
    "g": "guards",
    "guard": "guards",
    "guards": "guards",
    "s": "stealing",
    "steal": "stealing",
    "stealing": "stealing",
    "t": "trading",
    "trade": "trading",
    "trading": "trading",
    "y": "yeomen",
    "yeoman": "yeomen",
    "yeomen": "yeomen",
}

MAX_AMOUNT = 10**18
"""Most Pork one order (or the stated total) may name.  No farmer comes near it, and an
order for more than he has is cut by rule 10.2 anyway; the bound keeps a thousand-digit
number from reaching the arithmetic."""

MAX_ENTRIES = 100
"""Most entries (lines or ``;``/``,`` pieces) in one farmer's orders: far more than six
kinds of order against every other farmer need."""

MAX_TEXT = 10_000
"""Most characters in one farmer's written orders."""

_SEPARATORS = re.compile(r"[;,]")
_DASHES = re.compile(r"-+")
_WHOLE = re.compile(r"\d+")
_NEGATIVE = re.compile(r"-\d+")


class Order(msgspec.Struct, frozen=True):
    """One line of a farmer's orders: Pork spent on one thing.

    ``line`` is the order's 1-based position in the farmer's list; it matters because
    an overspend is paid from the top (rule 10.2).  ``target`` is the farmer stolen
    from or traded to, and is ``None`` for every other kind.
    """

    line: int
    kind: str
    amount: int
    target: str | None = None

    def __post_init__(self) -> None:
        # Orders also arrive decoded from logs and from other adapters, so the struct
        # itself refuses shapes no rule could resolve.
        if self.kind not in KINDS:
            raise ValueError(f"unknown order kind {self.kind!r}; expected one of {', '.join(KINDS)}")
        if not 0 <= self.amount <= MAX_AMOUNT:
            raise ValueError(f"an order spends 0 to {MAX_AMOUNT:,} Pork, not {self.amount}")
        if self.line < 1:
            raise ValueError(f"order lines are numbered from 1, not {self.line}")
        if (self.target is None) == (self.kind in TARGETED_KINDS):
            needs = "needs" if self.kind in TARGETED_KINDS else "takes no"
            raise ValueError(f"a {self.kind} order {needs} target farmer")


class OrderError(IllegalAction, ValueError):
    """Orders the Gamesmaster cannot act on.

    ``message`` is the whole sentence shown to the player (it names the line and ends
    with the rule in parentheses), ``rule`` the rulebook section broken and ``line``
    the 1-based entry of the orders at fault, or ``None`` when no single line is.
    It is an ``IllegalAction`` so the kernel refuses it like any other illegal action.
    """

    def __init__(self, message: str, rule: str, line: int | None = None) -> None:
        if not message.endswith(f"({rule})"):
            message = f"{message} ({rule})"
        super().__init__(message, rule)
        self.message = message
        self.rule = rule
        self.line = line


def name_key(name: str) -> str:
    """How names are compared: case and spacing do not make a different farmer."""
    return " ".join(name.split()).casefold()


def _cut(text: str, most: int = 60) -> str:
    """Written text quoted back in a message, cut to ``most`` characters."""
    return text if len(text) <= most else f"{text[: most - 10]}... ({len(text):,} characters)"


@dataclass(frozen=True)
class _Entry:
    """One non-blank line (or ``;``/``,`` piece) of the orders, as written."""

    number: int
    text: str

    def fail(self, problem: str, rule: str = "10.1") -> OrderError:
        # Quote enough of the line to find it; a pasted essay need not come back whole.
        return OrderError(f'line {self.number} "{_cut(self.text)}": {problem} ({rule})', rule, self.number)


def _entries(text: str) -> list[_Entry]:
    pieces = (" ".join(piece.split()) for line in text.splitlines() for piece in _SEPARATORS.split(line))
    return [_Entry(number, piece) for number, piece in enumerate((piece for piece in pieces if piece), start=1)]


@dataclass(frozen=True)
class _Roster:
    """Who the writer may name: the farmers in the game, told apart from those out of it."""

    farmer: str
    playing: dict[str, str]
    out: dict[str, str]

    def target(self, entry: _Entry, kind: str, named: str) -> str:
        verb, rule = ("Stealing from", "4.4") if kind == "stealing" else ("Trading to", "4.5")
        example = "S 4 Eddie" if kind == "stealing" else "T 5 Danny"
        if not named:
            raise entry.fail(f'say which farmer you are {verb.lower()}, e.g. "{example}"')
        readings = _name_readings(named, _PREPOSITIONS[kind])
        # Every reading that names a farmer counts; two different farmers are ambiguous.
        meant = {self.playing[key] for key in map(name_key, readings) if key in self.playing}
        if len(meant) > 1:
            either = " or ".join(f'"{name}"' for name in sorted(meant))
            raise entry.fail(f'"{_cut(named)}" could mean {either}; write the farmer\'s name alone, e.g. "{example}"')
        if meant:
            (name,) = meant
            if name_key(name) == name_key(self.farmer):
                raise entry.fail(f"{verb} yourself is not allowed; name another Pig Farmer", rule)
            return name
        out = [self.out[key] for key in map(name_key, readings) if key in self.out]
        if out:
            raise entry.fail(f"{out[0]} has lost all their Pigs and is out of the game", "7")
        wrong = _PREPOSITIONS["trading" if kind == "stealing" else "stealing"]
        if any(name_key(reading) in self.playing for reading in _name_readings(named, wrong)):
            raise entry.fail(f'{verb} a farmer is written "{example}" or "{_FORMS[kind]}"; "{_cut(named)}" reads the other way')
        others = [name for k, name in self.playing.items() if k != name_key(self.farmer)]
        listed = ", ".join(others) if others else "nobody else"
        raise entry.fail(f'no Pig Farmer called "{_cut(named)}"; the farmers are {listed}')

    def order(self, entry: _Entry) -> Order:
        word, *rest = entry.text.split(" ")
        word = word.removesuffix(":")
        kind = _WORDS.get(word.casefold())
        glued = _GLUED.fullmatch(word)
        if kind is None and glued and glued[1].casefold() in _WORDS:
            # "T5 Danny": the order's letter (or word) and its Pork written as one.
            kind, rest = _WORDS[glued[1].casefold()], [glued[2], *rest]
        if kind is None:
            raise entry.fail(f'unknown order "{_cut(word)}"; write P, I, G, S, T or Y')
        if not rest:
            raise entry.fail(f"missing the Pork to spend on {kind.capitalize()}")
        if kind in TARGETED_KINDS and not _WHOLE.fullmatch(rest[0]) and not _NEGATIVE.fullmatch(rest[0]) and _WHOLE.fullmatch(rest[-1]):
            # "T Danny 5": the name first and the Pork last, as some players write it.
            amount, named = rest[-1], " ".join(rest[:-1])
        else:
            amount, named = rest[0], " ".join(rest[1:])
        if _NEGATIVE.fullmatch(amount):
            raise entry.fail(f"cannot spend negative Pork ({_cut(amount)})")
        if not _WHOLE.fullmatch(amount):
            raise entry.fail(f'"{_cut(amount)}" is not a whole amount of Pork')
        pork = _pork(entry, amount)
        if kind in TARGETED_KINDS:
            return Order(entry.number, kind, pork, self.target(entry, kind, named))
        if named and named.casefold() != "pork":
            raise entry.fail(f'{kind.capitalize()} takes no farmer\'s name, but "{_cut(named)}" follows')
        return Order(entry.number, kind, pork)


_GLUED = re.compile(r"([A-Za-z]+):?(\d+)")

_PREPOSITIONS: dict[str, tuple[str, ...]] = {"stealing": ("from",), "trading": ("to", "with")}
"""The little words players put before the name: "Steal 4 from Eddie", "trade 5 to Danny"."""

_FORMS = {"stealing": "Steal 4 from Eddie", "trading": "Trade 5 to Danny"}


def _name_readings(named: str, prepositions: tuple[str, ...]) -> set[str]:
    """What the text after the Pork may name: as written, without a leading "Pork", without
    a leading preposition of this order, and without a closing full stop."""
    readings = {named}
    words = named.split(" ")
    if len(words) > 1 and words[0].casefold() == "pork":
        readings.add(" ".join(words[1:]))
    for reading in list(readings):
        first, _, after = reading.partition(" ")
        if after and first.casefold() in prepositions:
            readings.add(after)
    readings |= {reading.removesuffix(".") for reading in readings if len(reading) > 1}
    return readings


def _pork(entry: _Entry, digits: str) -> int:
    """A written whole amount, refused above ``MAX_AMOUNT`` before it is turned into a number."""
    if len(digits.lstrip("0")) > len(str(MAX_AMOUNT)) or int(digits) > MAX_AMOUNT:
        raise entry.fail(f"more than {MAX_AMOUNT:,} Pork in one amount is not accepted")
    return int(digits)


def parse_orders(
    text: str,
    *,
    farmer: str,
    farmers: Sequence[str],
    eliminated: Sequence[str] = (),
) -> tuple[tuple[Order, ...], int | None]:
    """Read one farmer's written orders (rule 10.1).

    ``farmers`` are the names of the farmers still in the game and ``eliminated`` those
    who are out, so a target can be told apart from a typo.  Returns the orders in the
    order written and the total stated after them (``None`` if none was written).
    The stated total is the player's own arithmetic and is not checked here: what is
    paid is decided by rule 10.2 (see ``pay_orders``).
    """
    roster = _Roster(
        farmer=farmer,
        playing={name_key(name): name for name in farmers},
        out={name_key(name): name for name in eliminated},
    )
    orders: list[Order] = []
    total: int | None = None
    seen_dashes = False
    if len(text) > MAX_TEXT:
        raise OrderError(f"orders of {len(text):,} characters are too long; at most {MAX_TEXT:,} are accepted (10.1)", "10.1")
    entries = _entries(text)
    if len(entries) > MAX_ENTRIES:
        raise OrderError(f"{len(entries)} orders are too many; at most {MAX_ENTRIES} lines are accepted (10.1)", "10.1")
    for entry in entries:
        if total is not None:
            if _WHOLE.fullmatch(entry.text):
                raise entry.fail(f"the total was already given as {total}; write it once")
            raise entry.fail("nothing may follow the total; orders go above the dashes line")
        if _DASHES.fullmatch(entry.text):
            if seen_dashes:
                raise entry.fail("a second dashes line; write the total after the first one")
            seen_dashes = True
        elif _WHOLE.fullmatch(entry.text):
            total = _pork(entry, entry.text)
        elif seen_dashes:
            raise entry.fail("only the total Pork spent may follow the dashes line; orders go above it")
        else:
            orders.append(roster.order(entry))
    return tuple(orders), total


def pay_orders(farmer: str, orders: Sequence[Order], pork: int) -> tuple[tuple[Order, ...], list[Event]]:
    """Pay a farmer's orders from the top with the Pork he has (rule 10.2).

    Returns the orders as they will be carried out and the ``OrderCut`` /
    ``OrderCancelled`` events that explain any difference from what was written.
    Orders written for 0 Pork are kept as written (they cost nothing and do nothing);
    an order cut down to 0 is dropped, since nothing of it was paid.
    """
    # events.py imports Order from this module, so the events are imported here
    # rather than at the top to keep that dependency one-way at import time.
    from referee_pigsty.events import OrderCancelled, OrderCut

    if pork < 0:
        raise ValueError(f"{farmer} cannot have negative Pork ({pork})")
    paid: list[Order] = []
    events: list[Event] = []
    left = pork
    for index, order in enumerate(orders):
        if order.amount <= left:
            paid.append(order)
            left -= order.amount
            continue
        events.append(
            OrderCut(
                farmer=farmer,
                line=order.line,
                kind=order.kind,
                target=order.target,
                written=order.amount,
                paid=left,
            )
        )
        if left:
            paid.append(msgspec.structs.replace(order, amount=left))
        events.extend(
            OrderCancelled(
                farmer=farmer,
                line=later.line,
                kind=later.kind,
                target=later.target,
                written=later.amount,
            )
            for later in orders[index + 1 :]
        )
        break
    return tuple(paid), events


_LETTER = {"punishment": "P", "investment": "I", "guards": "G", "stealing": "S", "trading": "T", "yeomen": "Y"}


def order_text(order: Order) -> str:
    """An order as a farmer writes it (rule 10.1): ``T 5 Danny``."""
    return f"{_LETTER[order.kind]} {order.amount}" + (f" {order.target}" if order.target else "")
