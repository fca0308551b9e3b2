"""The actions of Doing Shit: what the active pimp may do next, and doing it.

Simple actions are done at once; an attack, a trashing, an influence test, a roll on the
solicitation table, an edge slot or a look at the top of the deck begin an activity whose
steps run in ``combat``, ``influence``, ``soliciting`` and here.
"""

from __future__ import annotations

import itertools

import referee
from referee import Choice, Decision, IllegalAction
from referee.results import join_names

from .common import (
    ACTIONS_PER_TURN,
    activity,
    card_label,
    cost,
    edge_slots,
    face,
    game_of,
    influence,
    money,
    neighbours,
)
from .events import (
    ActionBegan,
    AttackDeclared,
    BitchBroughtIntoPlay,
    BitchMoved,
    CardsReordered,
    EdgeSlotLooked,
    InfluenceBought,
    InfluenceTestBegan,
    MoneyTransferred,
    SpecialPlayed,
)
from .soliciting import solicit
from .state import LookTop


def action_choices(d: Decision, pimp: str) -> list[Choice]:
    game = game_of(d)
    p = game.pimps[pimp]
    choices: list[Choice] = []
    for card in p.hand:
        card_face = game.cards[card]
        if not card_face.bitch:
            choices.append(Choice(label=f"play {card_face.name}", args={"do": "special", "card": card}))
            continue
        price = cost(d, pimp, card)
        if price > p.influence:
            continue
        clash = game.named_in_play(card_face.name) if card_face.kind == "escort" else None
        if clash is None:
            choices.append(Choice(label=f"bring {card_face.name} into play (cost {price})", args={"do": "bring", "card": card}))
        elif game.owner(clash) != pimp:
            choices.append(
                Choice(
                    label=f"bring {card_face.name} into play: influence test against {game.owner(clash)} (cost {price})",
                    args={"do": "bring", "card": card},
                )
            )
    for card in p.pad:
        choices.append(Choice(label=f"move {game.cards[card].name} to the street", args={"do": "to-street", "card": card}))
    for card in game.fresh(p.street):
        choices.append(Choice(label=f"move {game.cards[card].name} to your pad", args={"do": "to-pad", "card": card}))
    for card in p.pad:
        if game.on_bitch.get(card, 0) > 0:
            choices.append(Choice(label=f"take ${game.on_bitch[card]} off {game.cards[card].name}", args={"do": "collect", "card": card}))
    for amount in sorted({n for n in (1, 5, 10, p.money) if 0 < n <= p.money}):
        choices.append(Choice(label=f"buy {amount} influence with ${amount}", args={"do": "buy", "amount": amount}))
    if p.deck:
        choices.append(Choice(label="put a card in an edge slot", args={"do": "edge"}))
    fresh_street = game.fresh(p.street)
    groups = [list(g) for n in range(1, min(len(fresh_street), 4) + 1) for g in itertools.combinations(fresh_street, n)]
    if "attack-street" not in game.done_once:
        for other in game.living():
            if other == pimp:
                continue
            for target in game.pimps[other].street:
                for group in groups:
                    names = join_names([game.cards[c].name for c in group])
                    choices.append(
                        Choice(
                            label=f"{names} attack {other}'s {game.cards[target].name} in the street",
                            args={"do": "attack-street", "target": target, "with": group},
                        )
                    )
    for other in neighbours(d, pimp):
        o = game.pimps[other]
        if game.fresh(o.street):
            continue
        if "attack-pad" not in game.done_once:
            for target in o.pad:
                for group in groups:
                    names = join_names([game.cards[c].name for c in group])
                    choices.append(
                        Choice(
                            label=f"{names} attack {game.cards[target].name} in {other}'s pad",
                            args={"do": "attack-pad", "target": target, "with": group},
                        )
                    )
        if "trash" not in game.done_once and not game.fresh(o.pad):
            for card in game.fresh(game.in_play(pimp)):
                choices.append(
                    Choice(
                        label=f"send {game.cards[card].name} to trash {other}'s pad", args={"do": "trash", "victim": other, "card": card}
                    )
                )
    for card in fresh_street:
        choices.append(Choice(label=f"{game.cards[card].name} solicits on the solicitation table", args={"do": "solicit", "card": card}))
    for extra in d.rules.hook.pimp_extra_actions(state=d.state, pimp=pimp):
        choices.extend(extra or [])
    choices.append(Choice(label="do no more shit this turn", args={"do": "end"}))
    return choices


def answer_do(d: Decision, action: referee.Action) -> None:
    game = game_of(d)
    pimp = action.seat
    args = action.args
    what = str(args["do"])
    if what == "end":
        d.emit(ActionBegan(pimp=pimp, number=ACTIONS_PER_TURN, action="end", label="no more shit this turn"), rule="doing shit")
        return
    d.emit(
        ActionBegan(pimp=pimp, number=game.actions + 1, action=what, label=what, args={k: v for k, v in args.items() if k != "do"}),
        rule="doing shit",
    )
    if what == "special":
        d.emit(SpecialPlayed(pimp=pimp, card=face(d, args["card"])), rule="playing a special card")
    elif what == "bring":
        _bring(d, pimp, str(args["card"]))
    elif what in ("to-street", "to-pad"):
        d.emit(
            BitchMoved(pimp=pimp, card=str(args["card"]), to="street" if what == "to-street" else "pad"),
            rule=f"moving a bitch {'into the street' if what == 'to-street' else 'to your pad'}",
        )
    elif what == "collect":
        card = str(args["card"])
        amount = game.on_bitch.get(card, 0)
        d.emit(MoneyTransferred(pimp=pimp, card=card, amount=amount), rule="transferring money")
        money(d, pimp, amount, f"taken off {game.cards[card].name}", "transferring money")
    elif what == "buy":
        amount = int(args["amount"])
        d.emit(InfluenceBought(pimp=pimp, amount=amount), rule="buying influence")
        money(d, pimp, -amount, "bought influence", "buying influence")
        influence(d, pimp, amount, "bought with money", "buying influence")
    elif what in ("attack-street", "attack-pad"):
        target = str(args["target"])
        d.emit(
            AttackDeclared(
                pimp=pimp,
                victim=game.owner(target),
                where="street" if what == "attack-street" else "pad",
                target=target,
                attackers=list(args["with"]),
            ),
            rule="having a bitch attack another bitch in the street"
            if what == "attack-street"
            else "attacking a bitch in an opponent's pad",
        )
    elif what == "solicit":
        solicit(d, pimp, str(args["card"]))
    elif what in ("trash", "edge"):
        pass  # the activity began with ActionBegan; its step runs next
    elif not d.rules.hook.pimp_extra_action(decision=d, pimp=pimp, args=dict(args)):
        raise IllegalAction(f"no rule of pimp handles the action {what!r}", "doing shit")


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
    influence(d, pimp, -price, f"brought {card_face.name} into play", "bringing a bitch into play")


# edge slots, looking at the top of the deck ---------------------------------------------------


def edge_step(d: Decision) -> None:
    game = game_of(d)
    pimp = d.flow.seat or ""
    p = game.pimps[pimp]
    top = p.deck[0]
    choices = []
    for slot in range(1, edge_slots(d, pimp) + 1):
        current = p.edges[slot - 1] if slot <= len(p.edges) else None
        label = f"edge slot {slot}" + (f" (replacing {game.cards[current].name}, which goes to the bottom)" if current else "")
        choices.append(Choice(label=label, args={"slot": slot}))
    choices.append(Choice(label="the bottom of your deck", args={"slot": None}))
    d.request(
        pimp,
        "slot",
        f"{pimp}, you draw {card_label(game.cards[top])}. Where does it go?",
        choices=choices,
        id=f"t{d.flow.turn}.slot.{game.actions}",
        rule="putting a card in an edge slot",
    )


def answer_slot(d: Decision, action: referee.Action) -> None:
    game = game_of(d)
    p = game.pimps[action.seat]
    slot = action.args.get("slot")
    replaced = p.edges[int(slot) - 1] if slot is not None and int(slot) <= len(p.edges) else None
    d.emit(
        EdgeSlotLooked(pimp=action.seat, card=p.deck[0], slot=None if slot is None else int(slot), replaced=replaced),
        rule="putting a card in an edge slot",
        visible_to=[action.seat],
    )


def look_top_step(d: Decision) -> None:
    game = game_of(d)
    pimp = d.flow.seat or ""
    a = activity(d)
    assert isinstance(a, LookTop)
    top = game.pimps[pimp].deck[: a.count]
    choices = [
        Choice(label=" / ".join(game.cards[c].name for c in order), args={"order": list(order)}) for order in itertools.permutations(top)
    ]
    d.request(
        pimp,
        "reorder",
        f"{pimp}, the top of your deck, top first: put them back in any order.",
        choices=choices,
        sealed=True,  # the answer names cards of a face-down deck
        id=f"t{d.flow.turn}.reorder.{game.actions}",
        rule="looking at the top of the deck",
    )


def answer_reorder(d: Decision, action: referee.Action) -> None:
    d.emit(
        CardsReordered(pimp=action.seat, cards=list(action.args["order"])), rule="looking at the top of the deck", visible_to=[action.seat]
    )
