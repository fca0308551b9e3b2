"""A seat's view laid out as a table a person sits at: zones of cards and counters.

A game declares how its view looks with ``referee_present``; the terminal and the browser
draw what it returns, so a game is shown the same way everywhere and an adapter needs no
game of its own.  A presentation is built from the seat's view alone (never from the
table), so it cannot show more than the view does.  Every value in it is text a player
reads (names, rules text, money already formatted by ``referee.words``), never an id.

The shape, from the top: a ``Presentation`` has a title, a status line, ``Zone`` s (your
hand, your area, each opponent's area, the common board), arrows between seats for a
picture (who aims at whom) and, at the end, the standings (``Place``).  A zone holds ``Stat`` counters,
``Card`` faces and ``Backs`` (hidden cards shown by count).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Literal

import msgspec

from .errors import RefereeError

if TYPE_CHECKING:
    from .registry import Rules

#: What a zone is to the reader: ``hand`` (their own hidden cards), ``mine`` (their own
#: face-up area), ``opponent`` (another seat's area), ``board`` (what is common).
ZoneRole = Literal["hand", "mine", "opponent", "board"]


class Stat(msgspec.Struct, frozen=True, omit_defaults=True):
    """A labelled number or word ("Money" "$20,000", "Looks" "4").  ``value`` is already
    formatted for a reader; ``hint`` is a longer explanation (a tooltip, a footnote)."""

    label: str
    value: str
    hint: str = ""


class Card(msgspec.Struct, frozen=True, omit_defaults=True):
    """One card's face: its name, what kind of card it is, its numbers and its rules text.

    ``number`` is the stable number an answer form and a prompt use for this card (so two
    cards of one name can be told apart); ``notes`` are states it is in ("shagged out",
    "face down to the others"); ``tone`` lets a renderer colour it (a suit, a deck)."""

    name: str
    kind: str = ""
    stats: tuple[Stat, ...] = ()
    text: str = ""
    notes: tuple[str, ...] = ()
    number: int | None = None
    tone: str = ""


class Backs(msgspec.Struct, frozen=True, omit_defaults=True):
    """Cards the reader may not see, shown as backs with a count ("5 cards in hand")."""

    label: str
    count: int


class Zone(msgspec.Struct, frozen=True, omit_defaults=True):
    """A part of the table: a seat's hand or area, or the common board.

    ``owner`` is the seat it belongs to (None: common); ``active`` marks the seat whose turn
    it is; ``notes`` are short sentences that belong to the zone ("out of the game")."""

    title: str
    role: ZoneRole = "board"
    owner: str | None = None
    active: bool = False
    counters: tuple[Stat, ...] = ()
    cards: tuple[Card, ...] = ()
    backs: tuple[Backs, ...] = ()
    notes: tuple[str, ...] = ()


class Arrow(msgspec.Struct, frozen=True, omit_defaults=True):
    """A relation between two seats drawn as an arrow (Cash'n'Guns: who aims at whom)."""

    source: str
    target: str
    label: str = ""


class Place(msgspec.Struct, frozen=True, omit_defaults=True):
    """One seat's place in the final (or running) scores, with how the total was made."""

    place: int
    seat: str
    total: str
    breakdown: tuple[Stat, ...] = ()


class Presentation(msgspec.Struct, frozen=True, omit_defaults=True):
    """What one seat (or a spectator) sees of a game, laid out for a person.

    ``title`` is the game's name as its rulebook writes it ("Cash'n'Guns"); ``status`` one
    sentence on where the game is ("Round 3 of 8: Ada's turn, Doing Shit, action 2 of 4")."""

    title: str
    status: str = ""
    zones: tuple[Zone, ...] = ()
    arrows: tuple[Arrow, ...] = ()
    standings: tuple[Place, ...] = ()


def once_each(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Identical faces shown once, noted with how many there are ("3 copies"), where each
    was first: a hand of three Good Reputations is one card, not a row of them.  A card a
    form numbers (``number``) is always its own, so every number stays on the table."""
    counted: dict[Card, int] = {}
    order: list[Card] = []
    for card in cards:
        if card.number is not None:
            order.append(card)
            continue
        if card not in counted:
            order.append(card)
        counted[card] = counted.get(card, 0) + 1
    return tuple(
        msgspec.structs.replace(card, notes=(*card.notes, f"{counted[card]} copies")) if counted.get(card, 1) > 1 else card
        for card in order
    )


def present(rules: Rules, view: dict[str, Any]) -> Presentation | None:
    """The game's presentation of ``view`` (what ``referee.table.view`` made for one seat),
    or None when no plugin declares one and the adapter lays the view out itself."""
    shown = rules.hook.referee_present(view=view, seat=view["seat"])
    if shown is not None and not isinstance(shown, Presentation):
        raise RefereeError(f"referee_present returned {type(shown).__name__}, not a referee.Presentation")
    return shown


def texts(presentation: Presentation) -> Iterator[str]:
    """Every string a person reads in a presentation, in order (not ``role`` or ``tone``,
    which only tell a renderer how to draw): what a check for ids or placeholders reads."""

    def walk(value: Any, key: str = "") -> Iterator[str]:
        if isinstance(value, str):
            if key not in ("role", "tone"):
                yield value
        elif isinstance(value, dict):
            for k, v in value.items():
                yield from walk(v, k)
        elif isinstance(value, (list, tuple)):
            for v in value:
                yield from walk(v, key)

    yield from walk(msgspec.to_builtins(presentation))


def to_json(presentation: Presentation) -> dict[str, object]:
    """Plain JSON-able data of a presentation, as adapters send it."""
    data = msgspec.to_builtins(presentation)
    assert isinstance(data, dict)
    return data
