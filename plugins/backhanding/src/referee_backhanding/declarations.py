"""How a card of The Backhanding is declared, and how the game reads a table's declarations.

A pimp's ability and a Dirty Trick are named in the card set by their effect (``ability =
"slippery"``, ``effect = "snitch"``); the plugin that carries the effect out declares it:

* ``Ability``: a pimp ability, whose rules are the game's hooks it implements (a bonus,
  ties, where a protector goes, what a ho is worth);
* ``DirtyTrick``: a Dirty Trick, whole in its declaration: its title and rules text, when
  it may be played (``steps``), on what (``targets``), what it does (``effect``, a
  function returning events) and, for a new card, how many copies join the Draw deck.

A table deals a card only where its effect is declared by a plugin at the table (or named
through ``backhanding_effects``, 0.2's way).  The seven abilities of ``abilities/`` and the
six tricks of ``tricks/`` are declared this way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from referee import Decision, Event, Extension, Rules, TableState

from .common import card_rule

STEPS = ("macking", "backhanding", "count")
"""The sealed steps a Draw card is played in: the macking plays, the backhanding plays,
the money counting."""

Targets = Callable[[TableState, str, str], "Iterable[str]"]
"""``targets(state, seat, step)``: where ``seat`` may play the trick now, at ``step``: ho
ids (the contest for her, or the ho herself at the count), seat names, or pimp ids.
Nothing: the trick cannot be played now."""

Effect = Callable[[Decision, str, str], "Iterable[Event] | None"]
"""``effect(decision, seat, target)``: the events the trick causes once revealed, emitted
in order, each citing the card's rule; a generator sees the table change after each one."""


@dataclass(frozen=True, kw_only=True)
class Ability(Extension):
    """A pimp ability's declaration: an ``Extension`` of The Backhanding, kind ``"ability"``.

    ``Ability(name="lucky", title="Lucky", summary="+1 macking.")``: ``name`` is the
    effect the card set's pimps name (``ability = "lucky"``).  What the ability does is in
    the game's hooks its plugin implements (``referee_backhanding.hookspecs``).  New pimps
    carrying it come with a card entry (``backhanding_more_cards``) or a table's card set.
    """

    game: str = "backhanding"
    kind: str = "ability"


@dataclass(frozen=True, kw_only=True)
class DirtyTrick(Extension):
    """A Dirty Trick's declaration: an ``Extension`` of The Backhanding, kind ``"dirty trick"``.

    ``DirtyTrick(name="brass-knuckles", title="Brass Knuckles", text=..., steps=("backhanding",),
    targets=..., effect=..., copies=2)``.

    * ``name`` is the effect the card set's trick cards name (``effect = "brass-knuckles"``);
      ``title`` is printed on the card, ``text`` is its rules text.
    * ``steps``: the sealed steps it may be played in (``"macking"``, ``"backhanding"``,
      ``"count"``); ``targets(state, seat, step)``: on what, in one of them.
    * ``effect(decision, seat, target)``: the events it causes once every sealed play of
      the step is revealed, before any die is rolled, each citing ``rule``
      (``"backhanding card <name>"`` when left empty).  If an earlier trick made the
      target moot, return nothing: the card is discarded either way.
    * ``copies``: how many cards of it join the Draw deck at every table it is at (named
      ``title``, carrying ``text``).  The six leave it 0: the card set holds them already.

    A trick that changes a contest's dice or totals lays itself on the contest (an event
    based on ``api.ContestWorked``, folded by ``api.works_contest``) and answers the game's
    hooks (``backhanding_dice``, ``backhanding_bonus``) by counting ``api.worked``.
    """

    game: str = "backhanding"
    kind: str = "dirty trick"
    text: str = ""
    steps: tuple[str, ...] = ("macking", "backhanding")
    targets: Targets | None = None
    effect: Effect | None = None
    copies: int = 0
    rule: str = ""
    """The reference the trick's events cite; empty: ``"backhanding card <name>"``."""

    def __post_init__(self) -> None:
        problems = []
        if not self.title.strip():
            problems.append("give its title, as printed on the card")
        wrong = [s for s in self.steps if s not in STEPS]
        if wrong or not self.steps:
            problems.append(f"its steps are {', '.join(map(repr, self.steps)) or 'none'}: some of {', '.join(STEPS)}")
        if self.targets is None:
            problems.append("give its targets(state, seat, step)")
        if self.effect is None:
            problems.append("give its effect(decision, seat, target)")
        if not 0 <= self.copies <= 20:
            problems.append(f"its copies are {self.copies}: 0 to 20")
        if self.copies and not (self.text or self.summary):
            problems.append("give its text: the copies it deals carry it")
        if problems:
            raise ValueError(f"the Dirty Trick {self.name!r}: " + "; ".join(problems))

    def reference(self) -> str:
        return self.rule or card_rule(self.name)

    def entry(self) -> dict[str, Any]:
        """Its copies as a card entry, in the card file's format."""
        return {"kind": "trick", "name": self.title, "effect": self.name, "copies": self.copies, "text": self.text or self.summary}


def _rules(source: Decision | Rules) -> Rules:
    return source.rules if isinstance(source, Decision) else source


def declared_effects(source: Decision | Rules) -> set[str]:
    """The effects the table's ``Ability`` and ``DirtyTrick`` declarations carry out."""
    return {e.name for e in _rules(source).extensions if isinstance(e, Ability | DirtyTrick)}


def declared_cards(source: Decision | Rules) -> list[dict[str, Any]]:
    """Card entries of the copies the table's Dirty Tricks deal."""
    return [e.entry() for e in _rules(source).extensions if isinstance(e, DirtyTrick) and e.copies]


def trick(source: Decision | Rules, effect: str) -> DirtyTrick | None:
    """The ``DirtyTrick`` carrying out ``effect`` at this table, if one is declared."""
    return next((e for e in _rules(source).extensions if isinstance(e, DirtyTrick) and e.name == effect), None)


def trick_targets(d: Decision, seat: str, card: str, step: str) -> list[str]:
    """Where ``seat`` may play the Dirty Trick ``card`` at ``step``: its declaration's
    targets (in one of its steps), and any plugin's ``backhanding_trick_targets``."""
    declared = trick(d, d.state.game.cards[card].effect)
    found: list[Iterable[str] | None] = list(d.rules.hook.backhanding_trick_targets(state=d.state, seat=seat, card=card, step=step))
    if declared is not None and declared.targets is not None and step in declared.steps:
        with d.deciding_for(declared.name):
            found.append(list(declared.targets(d.state, seat, step)))
    return sorted({t for targets in found for t in targets or ()})


def trick_played(d: Decision, seat: str, card: str, target: str) -> bool:
    """Carry out the Dirty Trick ``card``: its declaration's effect, each event citing its
    rule, else the first plugin answering ``backhanding_trick_played``.  False: no plugin of
    the table carries it out."""
    declared = trick(d, d.state.game.cards[card].effect)
    if declared is not None and declared.effect is not None:
        # Credited to the trick, as its own hook implementation's events would be.
        with d.deciding_for(declared.name):
            for event in declared.effect(d, seat, target) or ():
                d.emit(event, rule=declared.reference())
        return True
    return bool(d.rules.hook.backhanding_trick_played(decision=d, seat=seat, card=card, target=target))
