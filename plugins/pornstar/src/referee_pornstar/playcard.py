"""How a Play card is declared, and how the game reads a table's declarations.

``PlayCard`` is the whole contract of a Play card: its title and type as printed, its
rules (what it is played on, how long it lasts, the text players read), when it may not
be played (``refused``) and what it does (``effect``, a function returning events).  The
ten cards of ``cards/`` are declared this way; a card of another distribution is written
the same way and dealt by adding it to the card list (``pornstar_tables``).

The game reads every answer from the table's own declarations (``declaration``), never
from a list of the ten: a card's title, its rule reference and its face come from the
``PlayCard`` its plugin offers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import msgspec

from referee import Decision, Event, Extension, RefereeError, Rules, TableState

from .data import Play, Tables
from .play import PlayFace, PlayRules, title_of

CARD_TYPES = ("Event", "Enhancement", "Special")
"""The three types of Play card the rulebook names."""

Refused = Callable[[TableState, str, str], "str | None"]
"""``refused(state, seat, target)``: why ``seat`` may not play the card on ``target`` now
(a sentence the player reads), or None if it may."""

Effect = Callable[[Decision, str, str], "Iterable[Event] | None"]
"""``effect(decision, seat, target)``: the events the card causes once played, emitted in
order, each citing the card's rule; a generator sees the table change after each one."""


@dataclass(frozen=True, kw_only=True)
class PlayCard(Extension):
    """A Play card's declaration: an ``Extension`` of PornStar, kind ``"card"``.

    ``PlayCard(name="casting-call", title="Casting Call", card_type="Special",
    rules=PlayRules(target="none", lasts="", text="Draw a card, free."), effect=...)``.

    * ``name`` is the card's kind, as the card list names it (``Play(id=..., kind=name)``);
      ``title`` and ``card_type`` (Event, Enhancement, Special) are printed on the card.
    * ``rules``: what it is played on (``target``), how long it lies on the table
      (``lasts``) and its rules text, shown wherever the card is seen.
    * ``refused(state, seat, target)``: why it may not be played on ``target`` now, or
      None.  Left out, the card may be played on every target its ``rules.target`` offers.
    * ``effect(decision, seat, target)``: the events it causes, each emitted citing
      ``rule`` (``"pornstar card <title>"`` when left empty).  A card whose effect is only
      to lie on the table (an Enhancement read by a hook) leaves it out.

    The card's face is kept as its state at the table (``PlayFace``), so a view shows any
    card by its own words.  Hooks of ``referee_pornstar.hookspecs`` (a Production bonus,
    a Specialty, Maintenance) stay available for what a card changes later.
    """

    game: str = "pornstar"
    kind: str = "card"
    card_type: str = ""
    rules: PlayRules | None = None
    refused: Refused | None = None
    effect: Effect | None = None
    rule: str = ""
    """The reference the card's events cite; empty: ``"pornstar card <title>"``."""
    copies: tuple[str, ...] = ()
    """Card ids of the copies this declaration adds to the card list at every table it is
    at (letters and digits, unique in the list).  The ten leave it empty: the game's card
    list holds them already."""

    def __post_init__(self) -> None:
        problems = []
        if self.rules is None:
            problems.append("give its rules: PlayRules(target=..., lasts=..., text=...)")
        if self.card_type not in CARD_TYPES:
            problems.append(f"its card_type is {self.card_type!r}: one of {', '.join(CARD_TYPES)}")
        if not self.title.strip():
            problems.append("give its title, as printed on the card")
        if self.state is not None and not isinstance(self.state(), PlayFace):
            problems.append("its state is its face (PlayFace); a Play card keeps no other")
        if problems:
            raise ValueError(f"the Play card {self.name!r}: " + "; ".join(problems))
        face = self.face()
        object.__setattr__(self, "state", lambda: face)
        if not self.summary:
            object.__setattr__(self, "summary", f"{self.card_type}: {self.play_rules().text}")

    def play_rules(self) -> PlayRules:
        assert self.rules is not None  # checked when declared
        return self.rules

    def face(self) -> PlayFace:
        return PlayFace(title=self.title, type=self.card_type, rules=self.play_rules())

    def reference(self) -> str:
        return self.rule or f"pornstar card {self.title}"


def dealt(decision: Decision, listed: Tables) -> Tables:
    """``listed`` with the copies the table's ``PlayCard`` declarations add (those it does
    not hold already), or a RefereeError naming the card whose copies cannot be dealt."""
    have = set(listed.card_ids())
    for card in (e for e in decision.rules.extensions if isinstance(e, PlayCard)):
        added = tuple(Play(id=str(copy), kind=card.name) for copy in card.copies if copy not in have)
        if not added:
            continue
        try:
            listed = msgspec.structs.replace(listed, plays=(*listed.plays, *added))
        except ValueError as exc:
            raise RefereeError(f"the Play card {card.title} ({card.name}) cannot be dealt: {exc}") from None
        have.update(p.id for p in added)
    return listed


def _rules(source: Decision | Rules) -> Rules:
    return source.rules if isinstance(source, Decision) else source


def declaration(source: Decision | Rules, kind: str) -> PlayCard | None:
    """The ``PlayCard`` of ``kind`` at this table, or None (no such card, or one that
    declares itself the older way, through ``pornstar_play_rules``)."""
    return next((e for e in _rules(source).extensions if isinstance(e, PlayCard) and e.name == kind), None)


def card_rule(source: Decision | TableState, kind: str) -> str:
    """The rule reference a card's events cite, from its own declaration where the table
    has one (whichever plugin emits)."""
    if isinstance(source, Decision):
        found = declaration(source, kind)
        if found is not None:
            return found.reference()
    return f"pornstar card {title_of(source, kind)}"


def refused(decision: Decision, seat: str, card: str, kind: str, target: str) -> str | None:
    """Why ``seat`` may not play ``card`` on ``target`` now: the card's declaration first,
    then any plugin's ``pornstar_play_refused`` (cards declared the older way, house rules)."""
    found = declaration(decision, kind)
    if found is not None and found.refused is not None:
        with decision.deciding_for(found.name):
            reason = found.refused(decision.state, seat, target)
        if reason:
            return reason
    answer: str | None = decision.rules.hook.pornstar_play_refused(state=decision.state, seat=seat, card=card, kind=kind, target=target)
    return answer


def carry_out(decision: Decision, seat: str, card: str, kind: str, target: str) -> None:
    """What a played card does: its declaration's effect, each event citing the card's rule,
    then every plugin's ``pornstar_play_card``."""
    found = declaration(decision, kind)
    if found is not None and found.effect is not None:
        # Credited to the card, as its own hook implementation's events would be.
        with decision.deciding_for(found.name):
            for event in found.effect(decision, seat, target) or ():
                decision.emit(event, rule=found.reference())
    decision.rules.hook.pornstar_play_card(decision=decision, seat=seat, card=card, kind=kind, target=target)
