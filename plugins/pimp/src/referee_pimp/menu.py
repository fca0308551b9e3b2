"""The actions of Doing Shit: what the active pimp may do next, and doing it.

Simple actions are done at once; an attack, a trashing, an influence test, a roll on the
solicitation table, an edge slot or a look at the top of the deck begin an activity whose
steps run in ``combat``, ``influence``, ``soliciting`` and here.
"""

from __future__ import annotations

from typing import Any

import msgspec

import referee
from referee import Amount, Decision, IllegalAction, Option, Order, Pick, Shape, Subset
from referee.results import join_names

from .common import (
    activity_as,
    card_label,
    cost,
    dollars,
    edge_slots,
    face,
    game_of,
    influence,
    money,
    named,
    neighbours,
    options,
)
from .events import (
    ActionBegan,
    AttackDeclared,
    BitchBroughtIntoPlay,
    BitchMoved,
    BribeAtRisk,
    CardsReordered,
    EdgeSlotLooked,
    InfluenceBought,
    InfluenceTestBegan,
    MoneyTransferred,
    SpecialPlayed,
)
from .soliciting import solicit
from .state import LookTop, PimpGame

KINDS = {
    "special": "play a special card from your hand",
    "bring": "bring a bitch into play",
    "to-street": "move a bitch into the street",
    "to-pad": "move a bitch to your pad",
    "collect": "transfer a bitch's money to your money pile",
    "buy": "buy influence ($1 a token)",
    "edge": "put a card in an edge slot",
    "attack-street": "attack a bitch in the street",
    "attack-pad": "attack a bitch in a neighbour's pad",
    "trash": "trash a neighbour's pad",
    "solicit": "solicit: roll on the solicitation table",
    "end": "do no more shit this turn",
}
"""The actions of Doing Shit, in the rulebook's words."""

FIELDS = {
    "special": ("card",),
    "bring": ("card",),
    "to-street": ("card",),
    "to-pad": ("card",),
    "collect": ("card",),
    "buy": ("amount",),
    "attack-street": ("attackers", "target"),
    "attack-pad": ("attackers", "target"),
    "trash": ("card", "victim"),
    "solicit": ("card",),
}
"""The fields of the answer each action needs besides ``do`` (the others need none)."""

RULES = {
    "special": "playing a special card",
    "bring": "bringing a bitch into play",
    "to-street": "moving a bitch into the street",
    "to-pad": "moving a bitch to your pad",
    "collect": "transferring money",
    "buy": "buying influence",
    "edge": "putting a card in an edge slot",
    "attack-street": "having a bitch attack another bitch in the street",
    "attack-pad": "attacking a bitch in an opponent's pad",
    "trash": "trashing an opponent's pad",
    "solicit": "rolling on the solicitation table",
    "end": "doing shit",
}


class Menu(msgspec.Struct, kw_only=True):
    """Every legal action of ``pimp`` now: which kinds, and for each the cards, targets or
    amounts it may take.  Built once to open the request and again to check the answer."""

    kinds: dict[str, str] = {}
    """Kind -> label, in the order offered."""
    cards: dict[str, dict[str, str]] = {}
    """Kind -> {card it may name -> how a person reads it}."""
    most: int = 0
    """The most influence the money pile can buy."""
    bribe: int = 0
    """A police bribe due from the money pile by the end of this Doing Shit phase."""
    attackers: list[str] = []
    targets: dict[str, dict[str, str]] = {}
    """Attack kind -> {bitch it may target -> label}."""
    victims: dict[str, str] = {}
    """Neighbours whose pad may be trashed -> label."""
    labels: dict[str, str] = {}
    """Card -> a person's name for it, for every card the menu names."""

    def card_options(self) -> tuple[Option, ...]:
        labels: dict[str, str] = {}
        for cards in self.cards.values():
            for card, label in cards.items():
                labels.setdefault(card, label)
        return options(labels.items())

    def fields(self) -> dict[str, Shape]:
        answer: dict[str, Shape] = {"do": Pick(tuple(Option(k, label) for k, label in self.kinds.items()), label="the action")}
        if self.cards:
            answer["card"] = Pick(self.card_options(), optional=True, label="the card the action is about")
        if "buy" in self.kinds:
            spare = self.most - self.bribe
            owed = (
                ""
                if not self.bribe
                else f" (more than {dollars(spare)} leaves the {dollars(self.bribe)} police bribe unpaid)"
                if spare > 0
                else f" (the money pile is already short of the {dollars(self.bribe)} police bribe)"
            )
            answer["amount"] = Amount(min=1, max=self.most, optional=True, label=f"dollars spent on as many influence tokens{owed}")
        if self.targets:
            answer["attackers"] = Subset(
                options(self._own(self.attackers).items()),
                min=1,
                optional=True,
                label="your attacking bitches",
            )
            targets = {card: label for kind in self.targets.values() for card, label in kind.items()}
            answer["target"] = Pick(options(targets.items()), optional=True, label="the bitch attacked")
        if self.victims:
            answer["victim"] = Pick(
                tuple(Option(p, label) for p, label in self.victims.items()), optional=True, label="whose pad is trashed"
            )
        return answer

    def _own(self, cards: list[str]) -> dict[str, str]:
        return {card: self.labels[card] for card in cards}


def _where(game: PimpGame, pimp: str, card: str) -> str:
    owner = game.owner(card)
    whose = "your" if owner == pimp else f"{owner}'s"
    p = game.pimps[owner]
    place = "hand" if card in p.hand else "pad" if card in p.pad else "street"
    if place == "street":
        # Not "the street" for one's own: another pimp's label for her, "Ann's Vicky (the
        # street)", would then end with this pimp's "Vicky (the street)", and a label in a
        # request only one seat sees must not be read in another seat's.
        return "in the street" if owner == pimp else "the street"
    return f"{whose} {place}"


def menu(d: Decision, pimp: str) -> Menu:
    game = game_of(d)
    p = game.pimps[pimp]
    m = Menu()

    def name(card: str) -> str:
        owner = game.owner(card)
        label = game.cards[card].shown if owner == pimp else f"{owner}'s {game.cards[card].shown}"
        m.labels[card] = label
        return label

    def offer(kind: str, card: str, detail: str = "") -> None:
        m.kinds.setdefault(kind, KINDS[kind])
        m.cards.setdefault(kind, {})[card] = f"{name(card)} ({_where(game, pimp, card)}{', ' + detail if detail else ''})"

    for card in p.hand:
        card_face = game.cards[card]
        if not card_face.bitch:
            offer("special", card, "special")
            continue
        price = cost(d, pimp, card)
        if price > p.influence:
            continue
        clash = game.named_in_play(card_face.name) if card_face.kind == "escort" else None
        if clash is None:
            offer("bring", card, f"cost {price}")
        elif game.owner(clash) != pimp:
            offer("bring", card, f"cost {price}; an influence test against {game.owner(clash)}")
    for card in p.pad:
        offer("to-street", card)
    for card in game.fresh(p.street):
        offer("to-pad", card)
    for card in p.pad:
        if game.on_bitch.get(card, 0) > 0:
            offer("collect", card, f"{dollars(game.on_bitch[card])} on her")
    if p.money > 0:
        m.kinds["buy"] = KINDS["buy"] + (f"; {dollars(p.bribe)} of your money is owed to the police" if p.bribe else "")
        m.most = p.money
        m.bribe = p.bribe
    if p.deck:
        m.kinds["edge"] = KINDS["edge"]
    fresh_street = game.fresh(p.street)
    m.attackers = list(fresh_street)
    for card in fresh_street:
        name(card)
    if fresh_street and "attack-street" not in game.done_once:
        targets = {t: f"{name(t)} (the street)" for other in game.living() if other != pimp for t in game.pimps[other].street}
        if targets:
            m.kinds["attack-street"] = KINDS["attack-street"]
            m.targets["attack-street"] = targets
    for other in neighbours(d, pimp):
        o = game.pimps[other]
        if game.fresh(o.street):
            continue
        if fresh_street and "attack-pad" not in game.done_once and o.pad:
            m.kinds.setdefault("attack-pad", KINDS["attack-pad"])
            m.targets.setdefault("attack-pad", {}).update({t: f"{name(t)} ({other}'s pad)" for t in o.pad})
        if "trash" not in game.done_once and not game.fresh(o.pad) and game.fresh(game.in_play(pimp)):
            m.kinds.setdefault("trash", KINDS["trash"])
            m.victims[other] = f"{other}'s pad"
            for card in game.fresh(game.in_play(pimp)):
                offer("trash", card)
    for card in fresh_street:
        offer("solicit", card)
    for extras in d.rules.hook.pimp_extra_actions(state=d.state, pimp=pimp):
        for extra in extras or ():
            m.kinds[extra.value] = extra.label or extra.value
    m.kinds["end"] = KINDS["end"]
    return m


def action_fields(d: Decision, pimp: str) -> dict[str, Shape]:
    return menu(d, pimp).fields()


def _check(d: Decision, pimp: str, args: dict[str, Any]) -> str:
    """Refuse an action the rules do not allow now (the shape has checked each field alone);
    return what the log calls it."""
    m = menu(d, pimp)
    what = str(args["do"])
    rule = f"pimp {RULES.get(what, 'doing shit')}"
    needs = FIELDS.get(what, ())
    # The action as the request offers it ("bring a bitch into play"), never its value.
    called = m.kinds.get(what, KINDS.get(what, what))
    unwanted = [k for k in args if k != "do" and k not in needs]
    if unwanted:
        takes = f"takes {', '.join(needs)}" if needs else "takes no other field"
        raise IllegalAction(f"{called} {takes}, not {', '.join(unwanted)}", rule)
    missing = [k for k in needs if k not in args]
    if missing:
        raise IllegalAction(f"{called} needs {' and '.join(missing)}", rule)
    card = args.get("card")
    if card is not None and card not in m.cards.get(what, {}):
        offered = [m.labels[c] for c in m.cards.get(what, {})]
        allowed = f"those that can: {join_names(offered)}" if offered else "no card can"
        raise IllegalAction(f"card: {m.labels.get(str(card), 'that card')} cannot be chosen to {called} now ({allowed})", rule)
    game = game_of(d)
    if what in ("attack-street", "attack-pad"):
        target = str(args["target"])
        if target not in m.targets.get(what, {}):
            where = "in the street" if what == "attack-street" else "in the pad of a neighbour with no un-shagged out bitches in the street"
            raise IllegalAction(f"target: {m.labels.get(target, 'that bitch')} is not a bitch you may attack {where}", rule)
        attackers = [m.labels[c] for c in args["attackers"]]
        verb = "attacks" if len(attackers) == 1 else "attack"
        return f"{join_names(attackers)} {verb} {m.labels[target]} in {_where(game, pimp, target)}"
    if what == "trash":
        if args["victim"] not in m.victims:
            raise IllegalAction(f"victim: {args['victim']}'s pad may not be trashed now", rule)
        return f"{m.labels[str(card)]} trashes {args['victim']}'s pad"
    if what == "buy":
        return f"buy {args['amount']} influence for {dollars(int(args['amount']))}"
    if card is not None:
        return f"{KINDS[what]}: {m.labels[str(card)]}"
    return m.kinds[what]


def answer_do(d: Decision, action: referee.Action) -> None:
    game = game_of(d)
    pimp = action.seat
    args = dict(action.args)
    label = _check(d, pimp, args)
    what = str(args["do"])
    if what == "end":
        d.emit(ActionBegan(pimp=pimp, number=game.actions + 1, action="end", label=label), rule="doing shit")
        return
    d.emit(
        ActionBegan(pimp=pimp, number=game.actions + 1, action=what, label=label, args={k: v for k, v in args.items() if k != "do"}),
        rule="doing shit",
    )
    if what == "special":
        played = face(d, args["card"])
        d.emit(SpecialPlayed(pimp=pimp, card=played, text=game.texts.get(played.special or "", "")), rule="playing a special card")
        d.rules.hook.pimp_special_played(decision=d, pimp=pimp, card=played.id, special=played.special or "")
    elif what == "bring":
        _bring(d, pimp, str(args["card"]))
    elif what in ("to-street", "to-pad"):
        d.emit(
            named(d, BitchMoved(pimp=pimp, card=str(args["card"]), to="street" if what == "to-street" else "pad")),
            rule=f"moving a bitch {'into the street' if what == 'to-street' else 'to your pad'}",
        )
    elif what == "collect":
        card = str(args["card"])
        amount = game.on_bitch.get(card, 0)
        d.emit(named(d, MoneyTransferred(pimp=pimp, card=card, amount=amount)), rule="transferring money")
        money(d, pimp, amount, f"taken off {game.cards[card].shown}", "transferring money")
    elif what == "buy":
        amount = int(args["amount"])
        d.emit(InfluenceBought(pimp=pimp, amount=amount), rule="buying influence")
        money(d, pimp, -amount, "bought influence", "buying influence")
        influence(d, pimp, amount, "bought with money", "buying influence")
        # Ruling: buying is allowed (money may still come off a bitch before the phase
        # ends), but never in silence: a pile now short of the bribe is said at once.
        after = game_of(d).pimps[pimp]
        if after.bribe > after.money:
            d.emit(BribeAtRisk(pimp=pimp, money=after.money, bribe=after.bribe), rule="police bust")
    elif what in ("attack-street", "attack-pad"):
        target = str(args["target"])
        d.emit(
            named(
                d,
                AttackDeclared(
                    pimp=pimp,
                    victim=game.owner(target),
                    where="street" if what == "attack-street" else "pad",
                    target=target,
                    attackers=list(args["attackers"]),
                ),
            ),
            rule=RULES[what],
        )
    elif what == "solicit":
        solicit(d, pimp, str(args["card"]))
    elif what in ("trash", "edge"):
        pass  # the activity began with ActionBegan; its step runs next
    elif not d.rules.hook.pimp_extra_action(decision=d, pimp=pimp, args=args):
        raise IllegalAction(f"no rule of Pimp at this table carries out the action {KINDS.get(what, what)!r}", "doing shit")


def _bring(d: Decision, pimp: str, card: str) -> None:
    game = game_of(d)
    card_face = game.cards[card]
    clash = game.named_in_play(card_face.name) if card_face.kind == "escort" else None
    if clash is not None:
        d.emit(
            InfluenceTestBegan(challenger=pimp, holder=game.owner(clash), name=card_face.name, card=card_face, held=clash),
            rule="escorts: the influence test",
        )
        return
    price = cost(d, pimp, card)
    d.emit(BitchBroughtIntoPlay(pimp=pimp, card=card_face, cost=price), rule="bringing a bitch into play")
    influence(d, pimp, -price, f"brought {card_face.shown} into play", "bringing a bitch into play")


# edge slots, looking at the top of the deck ---------------------------------------------------


def edge_step(d: Decision) -> None:
    game = game_of(d)
    pimp = d.flow.seat or ""
    p = game.pimps[pimp]
    top = p.deck[0]
    slots = edge_slots(d, pimp)
    held = ", ".join(f"{n}: {game.cards[c].shown}" for n, c in enumerate(p.edges[:slots], start=1) if c is not None)
    d.request(
        pimp,
        "slot",
        f"{pimp}, you draw {card_label(game.cards[top])}. Which edge slot does it go in? "
        f"Leave the slot out to put it at the bottom of your deck"
        + (f"; a card already in the slot goes to the bottom (now {held})." if held else "."),
        answer={"slot": Amount(min=1, max=slots, optional=True, label="edge slot; left out: the bottom of your deck")},
        id=f"t{d.flow.turn}.slot.{game.actions}",
        rule="putting a card in an edge slot",
    )


def answer_slot(d: Decision, action: referee.Action) -> None:
    game = game_of(d)
    p = game.pimps[action.seat]
    slot = action.args.get("slot")
    replaced = p.edges[int(slot) - 1] if slot is not None and int(slot) <= len(p.edges) else None
    d.emit(
        named(d, EdgeSlotLooked(pimp=action.seat, card=p.deck[0], slot=None if slot is None else int(slot), replaced=replaced)),
        rule="putting a card in an edge slot",
        visible_to=[action.seat],
    )


def look_top_step(d: Decision) -> None:
    game = game_of(d)
    pimp = d.flow.seat or ""
    a = activity_as(d, LookTop)
    top = game.pimps[pimp].deck[: a.count]
    d.request(
        pimp,
        "reorder",
        f"{pimp}, the top of your deck, top first: "
        + ", ".join(game.cards[c].shown for c in top)
        + ". Put them back in any order, top first.",
        answer={"order": Order(options((c, game.cards[c].shown) for c in top), label="top first")},
        sealed=True,  # the answer names cards of a face-down deck
        id=f"t{d.flow.turn}.reorder.{game.actions}",
        rule="looking at the top of the deck",
    )


def answer_reorder(d: Decision, action: referee.Action) -> None:
    d.emit(
        named(d, CardsReordered(pimp=action.seat, cards=list(action.args["order"]))),
        rule="looking at the top of the deck",
        visible_to=[action.seat],
    )
