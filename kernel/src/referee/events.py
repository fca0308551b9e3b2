"""Domain events: the only thing that changes a table.

Every event is a frozen msgspec Struct named in the past tense and declared with a
stable tag (``"pigsty.PigsTaken"``) that never changes once logs exist.  The tag,
not the import path, is what the log stores, so a plugin may move its modules freely.

Schema changes keep old logs replayable through upcasting: raise ``version`` on the
class and add a static method ``upcast_v1_v2(body: dict) -> dict`` (then
``upcast_v2_v3`` ...).  A body stored at version *n* is passed through every
upcaster from *n* up to the current version before it is decoded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, dataclass_transform

import msgspec

from .answers import Shape
from .upcasting import upcast_body

if TYPE_CHECKING:
    from .words import Words

__all__ = ["Event", "event_tag", "encode_event", "decode_event", "KERNEL_EVENTS"]


# For type checkers only (a no-op when run): msgspec's stubs declare Struct a plain
# dataclass transform, so ``class X(Event, tag=...)`` without ``frozen=True`` would read as
# a mutable dataclass inheriting from a frozen one.  Every Struct subclass of Event is
# frozen and keyword-only at run time; this says so to mypy and pyright.
@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(msgspec.field,))
class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Base class of every domain event (kernel, game, card, house rule).

    Subclasses must pass ``tag="<plugin>.<EventName>"`` in the class statement, and may
    say what happened in words by overriding ``describe``.
    """

    version: ClassVar[int] = 1

    def describe(self, words: Words | None = None) -> str | None:
        """One sentence saying what happened, for the log a player reads (terminal, browser,
        ``referee replay``, ``referee explain``), in the game's own words; None: the kernel
        shows the fields.  ``words`` speaks to the reader (``words.says(seat, "aims", ...)``
        is "You aim" to that seat); an override may leave the parameter out.  Words only:
        read the event's fields (and constants), nothing else."""
        return None


def event_tag(event_type: type[Event]) -> str:
    tag = event_type.__struct_config__.tag
    if not isinstance(tag, str) or "." not in tag:
        raise TypeError(
            f'{event_type.__qualname__} needs a stable tag such as class {event_type.__name__}(Event, tag="mygame.{event_type.__name__}")'
        )
    return tag


def encode_event(event: Event) -> dict[str, Any]:
    """The event's fields exactly as the log stores them (JSON types), without the tag."""
    body: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(event))
    body.pop("type", None)
    return body


def decode_event(event_type: type[Event], body: dict[str, Any], stored_version: int) -> Event:
    """Rebuild an event from a stored body, upcasting it from ``stored_version``."""
    if stored_version < event_type.version:
        body = upcast_body(event_type, body, stored_version)
    return msgspec.convert(body, event_type)


# --- The kernel's own events -------------------------------------------------------


def _args(args: dict[str, Any]) -> str:
    if set(args) == {"text"}:
        return repr(args["text"]) if args["text"] else ""
    return msgspec.json.encode(args).decode() if args else ""


class PluginRecord(msgspec.Struct, frozen=True, omit_defaults=True):
    name: str
    distribution: str
    version: str
    code: str = ""
    """SHA-256 over the installed package's files: a verifier running other code than the
    recorder's (patched, or an unreleased edit under the same version) is told so."""


class Choice(msgspec.Struct, frozen=True, omit_defaults=True):
    """One legal answer to a request: ``args`` is what the action carries.

    Legacy: requests now say the shape of their answer (``Request.answer``); old logs
    that list choices still replay, and their choices are still enforced."""

    label: str
    args: dict[str, Any] = {}


class Request(msgspec.Struct, frozen=True, omit_defaults=True):
    """Who must decide what now.

    ``answer`` names the fields of a legal answer and the shape of each
    (``referee.answers``): the answering action's ``args`` map those names to values,
    and the kernel refuses args that do not fit before the game sees them.  ``choices``
    is the older form (every legal answer listed), kept so that old logs replay; no new
    request uses it.  A sealed request's answer is seen only by its seat until the game
    reveals it.
    """

    id: str
    seat: str
    action: str
    prompt: str
    choices: tuple[Choice, ...] | None = None
    answer: dict[str, Shape] | None = None
    hint: str = ""
    sealed: bool = False
    deadline: float | None = None
    """Seconds the seat has to answer, where the table is timed; ``None`` waits."""


class TableOpened(Event, tag="referee.TableOpened"):
    table_id: str
    game: str
    plugins: tuple[PluginRecord, ...]
    seats: tuple[str, ...]
    options: dict[str, Any]
    seed_hash: str = ""
    """Legacy logs only: the seed's plain SHA-256 (a guessable seed could be found)."""
    scripted: bool = False
    """Outcomes were scripted (tests, scenarios): such a log is never verified as a table."""
    seed_commitment: str = ""
    """``HMAC(K, "seed|" + seed)`` under the table's secret key: hides even a guessable seed."""
    host_key: str | msgspec.UnsetType = msgspec.UNSET
    """The public half of the table's host key (Ed25519, hex), which signs every receipt
    (``referee.receipts``).  Unset, and then not written at all, in logs of tables opened
    before receipts: their first entries are the bytes they always were."""
    edition: int | msgspec.UnsetType = msgspec.UNSET
    """The edition of the game's data and rulings the table opened under (``Game.edition``);
    unset, and not written, for the first edition, so tables opened before editions read as
    edition 1 and their first entries stay the bytes they were."""

    def describe(self, words: Words | None = None) -> str:
        return f"table {self.table_id} opened: {self.game} for {', '.join(self.seats)}"


class ActionTaken(Event, tag="referee.ActionTaken"):
    """A seat's (or the gamesmaster's) request, recorded before its outcome."""

    seat: str
    action: str
    args: dict[str, Any]
    request: str | None = None

    def describe(self, words: Words | None = None) -> str:
        return f"{self.seat}: {self.action} {_args(self.args)}".rstrip()


class RandomDrawn(Event, tag="referee.RandomDrawn"):
    draw: int
    kind: str
    spec: dict[str, Any]
    purpose: str
    outcome: Any

    def describe(self, words: Words | None = None) -> str:
        return f"random draw {self.draw} ({self.purpose}): {self.kind} {self.spec} -> {self.outcome}"


class RoundBegan(Event, tag="referee.RoundBegan"):
    round: int

    def describe(self, words: Words | None = None) -> str:
        return f"round {self.round} begins"


class RoundEnded(Event, tag="referee.RoundEnded"):
    round: int

    def describe(self, words: Words | None = None) -> str:
        return f"round {self.round} ends"


class TurnBegan(Event, tag="referee.TurnBegan"):
    turn: int
    seat: str

    def describe(self, words: Words | None = None) -> str:
        return f"turn {self.turn}: {self.seat}"


class TurnEnded(Event, tag="referee.TurnEnded"):
    turn: int
    seat: str

    def describe(self, words: Words | None = None) -> str:
        return f"{self.seat}'s turn {self.turn} ends"


class PhaseBegan(Event, tag="referee.PhaseBegan"):
    phase: str

    def describe(self, words: Words | None = None) -> str:
        return f"{self.phase} begins"


class PhaseEnded(Event, tag="referee.PhaseEnded"):
    phase: str

    def describe(self, words: Words | None = None) -> str:
        return f"{self.phase} ends"


class RequestOpened(Event, tag="referee.RequestOpened"):
    request: Request

    def describe(self, words: Words | None = None) -> str:
        return f"{self.request.seat} is asked: {self.request.prompt}"


class RequestWithdrawn(Event, tag="referee.RequestWithdrawn"):
    request: str
    reason: str

    def describe(self, words: Words | None = None) -> str:
        return f"request {self.request} withdrawn: {self.reason}"


class Standing(msgspec.Struct, frozen=True, omit_defaults=True):
    seat: str
    place: int
    score: Any = None
    note: str = ""


class GameEnded(Event, tag="referee.GameEnded"):
    winners: tuple[str, ...]
    reason: str
    standings: tuple[Standing, ...] = ()

    def describe(self, words: Words | None = None) -> str:
        winners = ", ".join(self.winners) or "nobody"
        return f"game over ({self.reason}); winners: {winners}"


class SeedRevealed(Event, tag="referee.SeedRevealed"):
    """The end of the game opens every commitment: the seed and the table's secret key."""

    seed: str
    key: str = ""

    def describe(self, words: Words | None = None) -> str:
        return f"seed revealed: {self.seed}"


class SeatsAutomated(Event, tag="referee.SeatsAutomated"):
    """From now on these seats are played by bots (the whole set: it replaces the last one).

    Bots decide nothing the rules do not check; the table remembers them so that whoever
    goes on with it plays with the same bots."""

    seats: tuple[str, ...]


class SeatClaimed(Event, tag="referee.SeatClaimed"):
    """The seat's invitation was claimed: from now on one holder plays the seat (a web
    server's browser), until the gamesmaster re-issues the invitation.  It records the seat
    only (the entry's ``at`` says when): nothing of the credential, which no log may hold."""

    seat: str

    def describe(self, words: Words | None = None) -> str:
        return f"{self.seat}'s seat was claimed through its invitation"


class InvitationReissued(Event, tag="referee.InvitationReissued"):
    """The gamesmaster gave the seat a new invitation: whoever held the seat before (the
    browser that claimed it) holds it no longer, and the new invitation is claimed anew."""

    seat: str

    def describe(self, words: Words | None = None) -> str:
        return f"the gamesmaster re-issued {self.seat}'s invitation; whoever held {self.seat}'s seat before no longer does"


KERNEL_EVENTS: tuple[type[Event], ...] = (
    TableOpened,
    ActionTaken,
    RandomDrawn,
    RoundBegan,
    RoundEnded,
    TurnBegan,
    TurnEnded,
    PhaseBegan,
    PhaseEnded,
    RequestOpened,
    RequestWithdrawn,
    GameEnded,
    SeedRevealed,
    SeatsAutomated,
    SeatClaimed,
    InvitationReissued,
)
