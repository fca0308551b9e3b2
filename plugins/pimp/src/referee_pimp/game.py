"""Pimp as a Referee game: setup and girlfriends, the four phases of a turn, the actions.

A round is every pimp's turn once; a turn has the phases ``pay dues``, ``recruitment``,
``doing shit`` and ``retirement``.  In Doing Shit the active pimp is offered every legal
action as a choice ("do"); an action that needs more (a fight, an influence test, a
punter's looks and stamina tests) runs as an *activity* whose steps are requests to the
pimps concerned, power draws included, and the next action is offered when it is over.
"""

from __future__ import annotations

import itertools
import math
import sys
from pathlib import Path
from typing import Any

import msgspec

import referee
from referee import Choice, Decision, Event, Game, IllegalAction, hookimpl
from referee.results import join_names, rank

from . import hookspecs
from .decks import faces_for
from .events import (
    EVENT_TYPES,
    ActionBegan,
    ActivityEnded,
    AttackDeclared,
    AttacksAnnounced,
    BidsRevealed,
    BitchBroughtIntoPlay,
    BitchMoved,
    BitchRetired,
    BribeDemanded,
    BribePaid,
    BusinessStarted,
    CardDiscarded,
    CardDrawn,
    CardFace,
    CardsReordered,
    CombatEnded,
    DeckListed,
    DeckShuffled,
    DefendersJoined,
    Draw,
    DrawsPlanned,
    EdgeSlotLooked,
    FightTested,
    FirstPimpChosen,
    GirlfriendDrawn,
    HitScored,
    InfluenceBid,
    InfluenceBought,
    InfluenceChanged,
    InfluenceTestBegan,
    InfluenceTestDecided,
    LooksTested,
    LooksTestStarted,
    MoneyChanged,
    MoneyCounted,
    MoneyOnBitch,
    MoneyTransferred,
    OfferPutToTheStreet,
    PadTrashed,
    PimpOut,
    PowerCardDrawn,
    PsychoPunterRolled,
    PuntersChose,
    PuntersDroveAway,
    PuntersPaid,
    PuntersRolled,
    ShaggedOut,
    ShaggedOutCleared,
    SolicitationRolled,
    SpecialPlayed,
    StaminaTested,
)
from .solicitation import SHEET, Encounter, Sheet, d100
from .state import Pimp, PimpGame, evolve

_HERE = Path(__file__).parent

ACTIONS_PER_TURN = 4
HAND_LIMIT = 5
EDGE_SLOTS = 3
DUES = 2
STARTING_INFLUENCE = 20
STARTING_HAND = 5
ONCE_PER_TURN = ("attack-street", "attack-pad", "trash")
PHASES = ("pay dues", "recruitment", "doing shit", "retirement")


class Options(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    turns: int = 20
    """"The standard length of game is 20 turns."""
    decks: dict[str, str] = {}
    """Seat -> a ready-made deck's name, or a deck file's text (TOML); unnamed seats get the
    ready-made decks in turn."""

    def __post_init__(self) -> None:
        if self.turns < 1:
            raise ValueError("turns must be at least 1")


# --- plumbing ---------------------------------------------------------------------------


def _game(d: Decision | referee.TableState) -> PimpGame:
    game: PimpGame = d.game
    return game


def _face(d: Decision, card: str) -> CardFace:
    return _game(d).cards[card]


def _sum(results: list[Any]) -> int:
    return sum(int(r) for r in results if r)


def _first(result: Any, default: Any) -> Any:
    return default if result is None else result


def _cost(d: Decision, pimp: str, card: str) -> int:
    reduction = _sum(d.rules.hook.pimp_cost_reduction(state=d.state, pimp=pimp, card=card))
    return max(0, _face(d, card).cost - reduction)


def _hand_limit(d: Decision, pimp: str) -> int:
    return int(_first(d.rules.hook.pimp_hand_limit(state=d.state, pimp=pimp), HAND_LIMIT))


def _edge_slots(d: Decision, pimp: str) -> int:
    return int(_first(d.rules.hook.pimp_edge_slots(state=d.state, pimp=pimp), EDGE_SLOTS))


def _influence(d: Decision, pimp: str, change: int, reason: str, rule: str) -> None:
    """Change red tokens; "influence and money can never go below zero"."""
    p = _game(d).pimps[pimp]
    new = max(0, p.influence + change)
    if new != p.influence:
        d.emit(InfluenceChanged(pimp=pimp, change=new - p.influence, influence=new, reason=reason), rule=rule)


def _money(d: Decision, pimp: str, change: int, reason: str, rule: str) -> None:
    p = _game(d).pimps[pimp]
    new = max(0, p.money + change)
    if new != p.money:
        d.emit(MoneyChanged(pimp=pimp, change=new - p.money, money=new, reason=reason), rule=rule)


def _neighbours(d: Decision, pimp: str) -> list[str]:
    """The opponents to the immediate left and right (seat order is clockwise)."""
    living = [s for s in d.seats if not _game(d).pimps[s].out]
    if len(living) < 2:
        return []
    i = living.index(pimp)
    return sorted({living[(i + 1) % len(living)], living[(i - 1) % len(living)]} - {pimp})


def left_of(d: Decision, pimp: str) -> str:
    living = [s for s in d.seats if not _game(d).pimps[s].out or s == pimp]
    return living[(living.index(pimp) + 1) % len(living)]


def offers(face: CardFace, service: str) -> int:
    """Levels of ``service`` a bitch offers; "standard ... all bitches can do"."""
    if service == "standard":
        return max(1, face.services.get("standard", 1))
    return face.services.get(service, 0)


# --- setup ----------------------------------------------------------------------------


@hookimpl
def referee_games() -> list[Game]:
    return [
        Game(
            name="pimp",
            title="Pimp",
            plugin=sys.modules["referee_pimp.plugin"],
            min_seats=2,
            max_seats=None,
            summary="Pimps play their own decks of bitches over 20 turns of dues, recruiting, street fights and punters.",
            options=Options,
            hookspecs=[hookspecs],
            rules_document=str(_HERE / "RULES.md"),
            scenarios=str(_HERE / "scenarios"),
        )
    ]


@hookimpl
def referee_event_types() -> list[type[Event]]:
    return list(EVENT_TYPES)


@hookimpl
def referee_initial_state(opened: referee.TableOpened) -> PimpGame:
    return PimpGame(pimps={seat: Pimp(name=seat) for seat in opened.seats})


@hookimpl
def referee_evolve(state: referee.TableState, event: Event) -> None:
    evolve(state.game, event)


@hookimpl
def referee_setup(decision: Decision) -> bool:
    d = decision
    game = _game(d)
    strangers = sorted(set(d.options.get("decks", {})) - set(d.seats))
    if strangers:
        raise IllegalAction(
            f"decks are given for {', '.join(strangers)}, who have no seat (seats: {', '.join(d.seats)})", "pimp setting up"
        )
    for index, seat in enumerate(d.seats):
        name, faces = faces_for(seat, index, d.options.get("decks", {}).get(seat))
        d.emit(DeckListed(pimp=seat, deck=name, cards=faces), rule="setting up: the deck", visible_to=[seat])
        order = d.shuffle([f.id for f in faces], purpose=f"{seat} shuffles his deck")
        d.emit(DeckShuffled(pimp=seat, order=order), rule="setting up: shuffling", visible_to=[])
    for seat in d.seats:
        for _ in range(STARTING_HAND):
            _draw_to_hand(d, seat, "starting hand")
    _girlfriends(d)
    d.begin_round()
    _begin_turn(d, game.first or d.seats[0])
    return True


def _draw_to_hand(d: Decision, pimp: str, reason: str) -> bool:
    deck = _game(d).pimps[pimp].deck
    if not deck:
        return False
    d.emit(CardDrawn(pimp=pimp, card=deck[0], reason=reason), rule="recruitment", visible_to=[pimp])
    return True


def _girlfriends(d: Decision) -> None:
    """Each pimp turns up his top card; the best girlfriend's pimp goes first; ties draw again."""
    game = _game(d)
    drawing = list(d.seats)
    for round_number in itertools.count(1):
        best: dict[str, int] = {}
        for seat in drawing:
            deck = game.pimps[seat].deck
            if not deck:
                continue
            face = game.cards[deck[0]]
            d.emit(GirlfriendDrawn(pimp=seat, card=face, round=round_number), rule="setting up: girlfriends")
            if face.bitch:
                best[seat] = face.cost
        if not best:
            if not any(game.pimps[s].deck for s in drawing):
                d.emit(FirstPimpChosen(pimp=drawing[0], cost=0), rule="setting up: girlfriends")
                return
            continue
        top = max(best.values())
        leaders = [s for s in drawing if best.get(s) == top]
        if len(leaders) == 1:
            d.emit(FirstPimpChosen(pimp=leaders[0], cost=top), rule="setting up: girlfriends")
            return
        drawing = leaders


# --- turns and phases -----------------------------------------------------------------


def _turn_order(d: Decision) -> list[str]:
    seats = list(d.seats)
    first = _game(d).first or seats[0]
    i = seats.index(first)
    return seats[i:] + seats[:i]


def _begin_turn(d: Decision, pimp: str) -> None:
    game = _game(d)
    d.begin_turn(pimp)
    d.begin_phase("pay dues")
    shagged = [c for c in game.in_play(pimp) if c in game.shagged]
    if shagged:
        d.emit(ShaggedOutCleared(pimp=pimp, bitches=shagged), rule="doing the business: shagged out")
    dues = (DUES if game.in_play(pimp) else 0) + _sum(d.rules.hook.pimp_dues(state=d.state, pimp=pimp))
    if dues:
        _influence(d, pimp, dues, "pay dues", "pay dues")
    d.end_phase()
    d.begin_phase("recruitment")
    _draw_to_hand(d, pimp, "recruitment")
    d.end_phase()
    d.begin_phase("doing shit")
    _offer_actions(d)


def _offer_actions(d: Decision) -> None:
    """The next action of Doing Shit, or the end of the phase."""
    game = _game(d)
    pimp = d.flow.seat or ""
    if game.zero_tolerance or d.state.over:
        return
    if game.pimps[pimp].out or game.actions >= ACTIONS_PER_TURN:
        _end_doing_shit(d)
        return
    choices = _action_choices(d, pimp)
    d.request(
        pimp,
        "do",
        f"{pimp}, action {game.actions + 1} of {ACTIONS_PER_TURN}: what shit do you do?",
        choices=choices,
        id=f"t{d.flow.turn}.do.{game.actions + 1}",
        rule="doing shit",
    )


def _end_doing_shit(d: Decision) -> None:
    game = _game(d)
    pimp = d.flow.seat or ""
    p = game.pimps[pimp]
    if p.bribe and not p.out:
        if p.money >= p.bribe:
            amount = p.bribe
            d.emit(BribePaid(pimp=pimp, amount=amount), rule="police bust")
            _money(d, pimp, -amount, "police bribe", "police bust")
        else:
            d.emit(PimpOut(pimp=pimp, reason=f"could not pay the ${p.bribe} police bribe"), rule="police bust")
    d.end_phase()
    d.begin_phase("retirement")
    _retirement(d)


def _retirement(d: Decision) -> None:
    game = _game(d)
    pimp = d.flow.seat or ""
    p = game.pimps[pimp]
    if not p.out and len(p.hand) > _hand_limit(d, pimp):
        d.request(
            pimp,
            "discard",
            f"{pimp}, your hand holds {len(p.hand)} cards; retire one (hand limit {_hand_limit(d, pimp)}).",
            choices=[Choice(label=_card_label(game.cards[c]), args={"card": c}) for c in p.hand],
            id=f"t{d.flow.turn}.discard.{len(p.hand)}",
            rule="retirement",
        )
        return
    if not p.out and p.influence == 0:
        d.emit(PimpOut(pimp=pimp, reason="ended his retirement phase on zero influence"), rule="ending a turn on 0 influence")
    d.end_phase()
    _next_turn(d)


def _next_turn(d: Decision) -> None:
    game = _game(d)
    current = d.flow.seat or ""
    d.end_turn()
    living = game.living()
    if len(living) <= 1:
        _end_game(d, "last pimp standing" if living else "nobody is left")
        return
    order = _turn_order(d)
    following = [s for s in order[order.index(current) + 1 :] if not game.pimps[s].out]
    if not following:
        d.end_round()
        if d.flow.round >= int(d.options.get("turns", 20)):
            _end_game(d, f"turn {d.flow.round}, the last, is over")
            return
        d.begin_round()
        following = [s for s in order if not game.pimps[s].out]
    _begin_turn(d, following[0])


def _end_game(d: Decision, how: str) -> None:
    game = _game(d)
    for p in game.pimps.values():
        d.emit(MoneyCounted(pimp=p.name, money=p.money, out=p.out), rule="winning / ending the game")
    living = game.living()
    if how == "last pimp standing":
        winners = living
        reason = f"{living[0]} is the only pimp left"
    elif not living:
        winners, reason = [], "every pimp is out"
    else:
        best = max(game.pimps[s].money for s in living)
        winners = [s for s in living if game.pimps[s].money == best]
        reason = f"{how}: {join_names(winners)} {'has' if len(winners) == 1 else 'have'} the most money (${best})"
    standings = rank((p.name, p.money, not p.out, "out of the game" if p.out else "") for p in game.pimps.values())
    d.end_game(winners, reason, standings, rule="winning / ending the game")


# --- the action menu ------------------------------------------------------------------


def _card_label(face: CardFace) -> str:
    if not face.bitch:
        return f"{face.name} (special)"
    services = ", ".join(f"{s} {n}" for s, n in sorted(face.services.items()) if s != "standard")
    return f"{face.name} (cost {face.cost}, looks {face.looks}, fight {face.fight}, stamina {face.stamina}{', ' + services if services else ''})"


def _action_choices(d: Decision, pimp: str) -> list[Choice]:
    game = _game(d)
    p = game.pimps[pimp]
    choices: list[Choice] = []
    for card in p.hand:
        face = game.cards[card]
        if not face.bitch:
            choices.append(Choice(label=f"play {face.name}", args={"do": "special", "card": card}))
            continue
        cost = _cost(d, pimp, card)
        if cost > p.influence:
            continue
        clash = game.named_in_play(face.name) if face.kind == "escort" else None
        if clash is None:
            choices.append(Choice(label=f"bring {face.name} into play (cost {cost})", args={"do": "bring", "card": card}))
        elif game.owner(clash) != pimp:
            choices.append(
                Choice(
                    label=f"bring {face.name} into play: influence test against {game.owner(clash)} (cost {cost})",
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
    for other in _neighbours(d, pimp):
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


# --- deciding ---------------------------------------------------------------------------


@hookimpl
def referee_decide(decision: Decision, action: referee.Action) -> bool | None:
    handler = _ANSWERS.get(action.action)
    if handler is None or action.seat == referee.GAMESMASTER:
        return None
    handler(decision, action)
    _continue(decision)
    return True


def _continue(d: Decision) -> None:
    """After an answer: finish the activity's pending step, or offer the next action."""
    if d.state.over or d.flow.requests:
        return
    game = _game(d)
    if game.zero_tolerance:
        _end_game(d, "zero tolerance")
        return
    if game.activity:
        _step(d)
        if d.flow.requests or d.state.over:
            return
        if game.activity:
            return _continue(d)
    if d.flow.phase == "doing shit":
        _offer_actions(d)
    elif d.flow.phase == "retirement":
        _retirement(d)


def _do(d: Decision, action: referee.Action) -> None:
    game = _game(d)
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
        d.emit(SpecialPlayed(pimp=pimp, card=_face(d, args["card"])), rule="playing a special card")
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
        _money(d, pimp, amount, f"taken off {game.cards[card].name}", "transferring money")
    elif what == "buy":
        amount = int(args["amount"])
        d.emit(InfluenceBought(pimp=pimp, amount=amount), rule="buying influence")
        _money(d, pimp, -amount, "bought influence", "buying influence")
        _influence(d, pimp, amount, "bought with money", "buying influence")
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
        _solicit(d, pimp, str(args["card"]))
    elif what in ("trash", "edge"):
        pass  # the activity began with ActionBegan; its step runs in _step
    elif not d.rules.hook.pimp_extra_action(decision=d, pimp=pimp, args=dict(args)):
        raise IllegalAction(f"no rule of pimp handles the action {what!r}", "doing shit")


def _bring(d: Decision, pimp: str, card: str) -> None:
    game = _game(d)
    face = game.cards[card]
    clash = game.named_in_play(face.name) if face.kind == "escort" else None
    if clash is not None:
        d.emit(
            InfluenceTestBegan(challenger=pimp, holder=game.owner(clash), name=face.name, card=face, held=clash),
            rule="escorts: the influence test",
        )
        return
    cost = _cost(d, pimp, card)
    d.emit(BitchBroughtIntoPlay(pimp=pimp, card=face, cost=cost), rule="bringing a bitch into play")
    _influence(d, pimp, -cost, f"brought {face.name} into play", "bringing a bitch into play")


# --- activities ----------------------------------------------------------------------------


def _pending_draw(game: PimpGame) -> dict[str, str] | None:
    a = game.activity
    return next((dr for dr in a.get("plan", []) if dr["key"] not in a.get("powers", {})), None)


def _open_draw(d: Decision, draw: dict[str, str]) -> None:
    game = _game(d)
    pimp, key = draw["pimp"], draw["key"]
    p = game.pimps[pimp]
    choices = []
    if p.deck:
        choices.append(Choice(label="the top card of your deck, blind", args={"from": "deck"}))
    for slot, card in enumerate(p.edges, start=1):
        if card is not None:
            face = game.cards[card]
            choices.append(Choice(label=f"edge slot {slot}: {face.name} (power {face.power})", args={"from": "edge", "slot": slot}))
    choices.append(Choice(label="no card (a power of zero)", args={"from": "none"}))
    d.request(
        pimp,
        "draw",
        f"{pimp}, draw a power card for {_purpose_text(game, key)}.",
        choices=choices,
        id=f"t{d.flow.turn}.draw.{key}",
        rule="drawing a power card",
    )


def _purpose_text(game: PimpGame, key: str) -> str:
    kind, _, subject = key.partition(":")
    subject = subject.split(":")[0]
    name = game.cards[subject].name if subject in game.cards else subject
    return {
        "attack": f"{name}'s attack",
        "defend": f"{name}'s defence",
        "counter": f"{name}'s counter-attack",
        "counter-defend": f"{name}'s defence against the counter-attack",
        "looks": f"{name}'s looks test",
        "stamina": f"the stamina test for punter {subject}",
        "influence": "your influence test",
        "trash": "trashing the pad",
        "psycho": f"the psycho punter fight ({name})",
    }.get(kind, key)


def _draw(d: Decision, action: referee.Action) -> None:
    game = _game(d)
    rid = action.request or ""
    key = rid.split(".draw.", 1)[1] if ".draw." in rid else ""
    p = game.pimps[action.seat]
    source = str(action.args["from"])
    card: str | None = None
    if source == "deck":
        card = p.deck[0]
    elif source == "edge":
        card = p.edges[int(action.args["slot"]) - 1]
        source = f"edge {action.args['slot']}"
    face = game.cards[card] if card else None
    d.emit(
        PowerCardDrawn(pimp=action.seat, source=source, card=face, power=face.power if face else 0, purpose=key),
        rule="drawing a power card",
    )


def _step(d: Decision) -> None:
    game = _game(d)
    draw = _pending_draw(game)
    if draw is not None:
        _open_draw(d, draw)
        return
    _STEPS[game.activity["kind"]](d)


def _plan(d: Decision, purpose: str, draws: list[tuple[str, str]]) -> None:
    d.emit(DrawsPlanned(purpose=purpose, draws=[Draw(pimp=p, key=k) for p, k in draws]), rule="drawing a power card")


def _power(game: PimpGame, key: str) -> int:
    return int(game.activity.get("powers", {}).get(key, 0))


# combat ----------------------------------------------------------------------------------


def _subsets(cards: list[str], most: int) -> list[list[str]]:
    return [list(g) for n in range(0, min(most, len(cards)) + 1) for g in itertools.combinations(cards, n)]


def _assignments(strikers: list[str], targets: list[str]) -> list[dict[str, str]]:
    found = [dict(zip(strikers, combo)) for combo in itertools.product(targets, repeat=len(strikers))]
    return found[:256]


def _combat(d: Decision) -> None:
    game = _game(d)
    a = game.activity
    attacker, defender, where = a["attacker"], a["defender"], a["where"]
    attackers = a["attackers"]
    home = game.pimps[defender].street if where == "street" else game.pimps[defender].pad
    if "joined" not in a:
        helpers = [c for c in game.fresh(home) if c != a["target"]]
        if len(attackers) > 1 and helpers:
            d.request(
                defender,
                "defend",
                f"{defender}, {len(attackers)} bitches attack your {game.cards[a['target']].name}: bring others to even the numbers?",
                choices=[
                    Choice(label=join_names([game.cards[c].name for c in g]) if g else "nobody", args={"bitches": g})
                    for g in _subsets(helpers, len(attackers) - 1)
                ],
                id=f"t{d.flow.turn}.defend",
                rule="combat: evening the numbers",
            )
            return
        d.emit(DefendersJoined(pimp=defender, bitches=[]), rule="combat: evening the numbers")
    defenders = a["defenders"]
    if "attack" not in a["attacks"]:
        if len(defenders) == 1:
            d.emit(AttacksAnnounced(side="attack", attacks=dict.fromkeys(attackers, defenders[0])), rule="combat")
        else:
            _ask_assignment(d, attacker, attackers, defenders, "attack")
            return
    if a.get("purpose") not in ("attack", "counter"):
        attacked = sorted(set(a["attacks"]["attack"].values()), key=defenders.index)
        _plan(d, "attack", [(attacker, f"attack:{c}") for c in attackers] + [(defender, f"defend:{c}") for c in attacked])
        return
    if not a["tests"]["attack"]:
        bonus = 1 if where == "street" else 2
        for c in attackers:
            _fight(d, "attack", c, _power(game, f"attack:{c}"), 0)
        for c in sorted(set(a["attacks"]["attack"].values()), key=defenders.index):
            _fight(d, "attack", c, _power(game, f"defend:{c}"), bonus)
    if "counter" not in a["attacks"]:
        if len(attackers) == 1:
            d.emit(AttacksAnnounced(side="counter", attacks=dict.fromkeys(defenders, attackers[0])), rule="combat")
        else:
            _ask_assignment(d, defender, defenders, attackers, "counter")
            return
    if a.get("purpose") != "counter":
        attacked = sorted(set(a["attacks"]["counter"].values()), key=attackers.index)
        _plan(d, "counter", [(defender, f"counter:{c}") for c in defenders] + [(attacker, f"counter-defend:{c}") for c in attacked])
        return
    if not a["tests"]["counter"]:
        for c in defenders:
            _fight(d, "counter", c, _power(game, f"counter:{c}"), 0)
        for c in sorted(set(a["attacks"]["counter"].values()), key=attackers.index):
            _fight(d, "counter", c, _power(game, f"counter-defend:{c}"), 0)
    _resolve_combat(d)


def _ask_assignment(d: Decision, pimp: str, strikers: list[str], targets: list[str], side: str) -> None:
    game = _game(d)
    choices = []
    for plan in _assignments(strikers, targets):
        label = "; ".join(f"{game.cards[s].name} -> {game.cards[t].name}" for s, t in plan.items())
        choices.append(Choice(label=label, args={"attacks": plan}))
    d.request(
        pimp,
        "assign",
        f"{pimp}, announce which bitch each of yours attacks.",
        choices=choices,
        id=f"t{d.flow.turn}.assign.{side}",
        rule="combat",
    )


def _fight(d: Decision, stage: str, card: str, power: int, bonus: int) -> None:
    fight = _face(d, card).fight
    d.emit(
        FightTested(stage=stage, card=card, fight=fight, power=power, bonus=bonus, total=fight + power + bonus),
        rule="combat: the fight test",
    )


def _resolve_combat(d: Decision) -> None:
    game = _game(d)
    a = game.activity
    hits: dict[str, list[str]] = {}
    for stage in ("attack", "counter"):
        tests = a["tests"][stage]
        for striker, target in a["attacks"][stage].items():
            if tests[striker] > tests[target]:
                hits.setdefault(target, []).append(striker)
    for card, by in hits.items():
        d.emit(HitScored(card=card, by=by), rule="combat: taking a hit")
    retired = list(hits)
    sides = [a["attackers"], a["defenders"]]
    for card, by in hits.items():
        money = game.on_bitch.get(card, 0)
        if not money:
            continue
        stage = "attack" if card in a["defenders"] else "counter"
        hitter = max(by, key=lambda s: a["tests"][stage][s])
        d.emit(MoneyOnBitch(card=card, change=-money, money=0, reason="dropped"), rule="combat: dropped money")
        picker = None
        if hitter not in retired:
            picker = hitter
        else:
            left = [[c for c in side if c not in retired] for side in sides]
            if len(left[0]) != len(left[1]):
                side = left[0] if len(left[0]) > len(left[1]) else left[1]
                picker = side[0] if side else None
        if picker:
            d.emit(
                MoneyOnBitch(
                    card=picker, change=money, money=game.on_bitch.get(picker, 0) + money, reason=f"picked up from {game.cards[card].name}"
                ),
                rule="combat: dropped money",
            )
    for card in retired:
        _retire(d, card, "retired hurt after combat", combat=True)
    d.emit(CombatEnded(retired=retired), rule="combat")


def _retire(d: Decision, card: str, reason: str, *, combat: bool) -> None:
    game = _game(d)
    pimp = game.owner(card)
    to = "retired"
    if combat:
        to = str(_first(d.rules.hook.pimp_retire_to(state=d.state, pimp=pimp, card=card, reason=reason), "retired"))
    money = game.on_bitch.get(card, 0)
    if money:
        d.emit(MoneyOnBitch(card=card, change=-money, money=0, reason="lost with her"), rule="retirement")
    d.emit(BitchRetired(pimp=pimp, card=game.cards[card], to=to, reason=reason), rule="retirement")


# the influence test ------------------------------------------------------------------------


def _influence_test(d: Decision) -> None:
    game = _game(d)
    a = game.activity
    challenger, holder = a["challenger"], a["holder"]
    if "bids" not in a:
        cost = _cost(d, challenger, a["card"])
        for pimp, most in ((challenger, game.pimps[challenger].influence - cost), (holder, game.pimps[holder].influence)):
            if game.pimps[pimp].bid is None and f"t{d.flow.turn}.bid.{pimp}" not in d.flow.requests:
                d.request(
                    pimp,
                    "bid",
                    f"{pimp}, influence test for {game.cards[a['card']].name}: how many influence tokens do you secretly select?",
                    choices=[Choice(label=str(n), args={"tokens": n}) for n in range(max(most, 0) + 1)],
                    sealed=True,
                    id=f"t{d.flow.turn}.bid.{pimp}",
                    rule="escorts: the influence test",
                )
        if d.flow.requests:
            return
        d.emit(
            BidsRevealed(bids={challenger: game.pimps[challenger].bid or 0, holder: game.pimps[holder].bid or 0}),
            rule="escorts: the influence test",
        )
    bids = a["bids"]
    if a.get("purpose") != "influence":
        order = sorted((challenger, holder), key=lambda p: (bids[p], p != challenger))
        _plan(d, "influence", [(p, f"influence:{p}") for p in order])
        return
    totals = {p: bids[p] + _power(game, f"influence:{p}") for p in (challenger, holder)}
    if totals[challenger] != totals[holder]:
        winner = max(totals, key=lambda p: totals[p])
    elif bids[challenger] != bids[holder]:
        winner = max(bids, key=lambda p: bids[p])
    else:
        winner = holder
    card, held = a["card"], a["held"]
    d.emit(
        InfluenceTestDecided(challenger=challenger, holder=holder, name=game.cards[card].name, bids=bids, totals=totals, winner=winner),
        rule="escorts: the influence test",
    )
    for pimp in (challenger, holder):
        _influence(d, pimp, -bids[pimp], "influence test tokens", "escorts: the influence test")
    if winner == challenger:
        money = game.on_bitch.get(held, 0)
        if money:
            d.emit(MoneyOnBitch(card=held, change=-money, money=0, reason="defected"), rule="escorts: if you win")
        d.emit(BitchRetired(pimp=holder, card=game.cards[held], to="retired", reason="lost an influence test"), rule="escorts: if you win")
        cost = _cost(d, challenger, card)
        d.emit(BitchBroughtIntoPlay(pimp=challenger, card=game.cards[card], cost=cost), rule="escorts: if you win")
        _influence(d, challenger, -cost, f"brought {game.cards[card].name} into play", "escorts: if you win")
        if money:
            d.emit(MoneyOnBitch(card=card, change=money, money=money, reason="defected with her cash"), rule="escorts: if you win")
    else:
        d.emit(
            BitchRetired(pimp=challenger, card=game.cards[card], to="retired", reason="lost an influence test"), rule="escorts: if you lose"
        )


def _bid(d: Decision, action: referee.Action) -> None:
    d.emit(InfluenceBid(pimp=action.seat, tokens=int(action.args["tokens"])), rule="escorts: the influence test", visible_to=[action.seat])


# soliciting ------------------------------------------------------------------------------


def _solicit(d: Decision, pimp: str, card: str) -> None:
    tens = d.roll(10, purpose="solicitation table, tens")
    units = d.roll(10, purpose="solicitation table, units")
    roll = d100(tens, units)
    sheet: Sheet = d.rules.hook.pimp_solicitation_sheet(sheet=SHEET) or SHEET
    result = sheet.lookup(roll)
    name = result.encounter if isinstance(result, Encounter) else result.service
    d.emit(
        SolicitationRolled(pimp=pimp, card=card, tens=tens, units=units, roll=roll, result=name), rule="rolling on the solicitation table"
    )
    if isinstance(result, Encounter):
        return
    die = d.roll(10, purpose="punters table")
    d.emit(
        PuntersRolled(die=die, punters=sheet.punters_for(die), service=result.service, price=result.price, stamina=result.stamina),
        rule="rolling on the solicitation table: punters",
    )


def _soliciting(d: Decision) -> None:
    game = _game(d)
    a = game.activity
    result = a["result"]
    if result in _ENCOUNTERS:
        _ENCOUNTERS[result](d)
        return
    if a.get("stage") == "business":
        _business(d)
        return
    service = a["service"]
    if "sent" not in a:
        soliciting = game.cards[a["card"]]
        if offers(soliciting, service):
            d.emit(
                BusinessStarted(card=a["card"], service=service, punters=a["punters"], price=a["price"], stamina=a["stamina"]),
                rule="servicing punters",
            )
            return
        asked = False
        for pimp in game.living():
            eligible = [c for c in game.fresh(game.pimps[pimp].street) if c != a["card"] and offers(game.cards[c], service)]
            if eligible and f"t{d.flow.turn}.send.{pimp}" not in d.flow.requests and pimp not in a.get("sending", {}):
                d.request(
                    pimp,
                    "send",
                    f"{pimp}, punters want {service}: send bitches from the street to their car?",
                    choices=[
                        Choice(label=join_names([game.cards[c].name for c in g]) if g else "nobody", args={"bitches": g})
                        for g in _subsets(eligible, len(eligible))
                    ],
                    sealed=True,
                    id=f"t{d.flow.turn}.send.{pimp}",
                    rule="servicing punters: the offer is put to the street",
                )
                asked = True
        if asked:
            return
        sent = {p: list(b) for p, b in a.get("sending", {}).items() if b}
        d.emit(OfferPutToTheStreet(service=service, sent=sent), rule="servicing punters: the offer is put to the street")
        if not sent:
            d.emit(PuntersDroveAway(service=service, reason="no bitch offers the service"), rule="servicing punters")
            d.emit(ActivityEnded(kind="solicit"), rule="servicing punters")
        return
    if a.get("stage") != "looks":
        contenders = [c for bitches in a["sent"].values() for c in bitches]
        order = sorted(contenders, key=lambda c: (game.cards[c].looks, d.seats.index(game.owner(c))))
        d.emit(
            LooksTestStarted(service=service, punters=a["punters"], price=a["price"], stamina=a["stamina"], order=order),
            rule="servicing punters: looks tests",
        )
        return
    if a.get("purpose") != "looks":
        draws = [(game.owner(c), f"looks:{c}:{i}") for c in a["order"] for i in range(max(1, offers(game.cards[c], service)))]
        _plan(d, "looks", draws)
        return
    for c in a["order"]:
        levels = max(1, offers(game.cards[c], service))
        powers = [_power(game, f"looks:{c}:{i}") for i in range(levels)]
        d.emit(
            LooksTested(card=c, looks=game.cards[c].looks, powers=powers, total=game.cards[c].looks + sum(powers)),
            rule="servicing punters: looks tests",
        )
    best = max(a["order"], key=lambda c: (game.activity["looks"][c], game.cards[c].looks))
    d.emit(PuntersChose(card=best, pimp=game.owner(best)), rule="servicing punters: looks tests")
    d.emit(
        BusinessStarted(card=best, service=service, punters=a["punters"], price=a["price"], stamina=a["stamina"]), rule="doing the business"
    )


def _send(d: Decision, action: referee.Action) -> None:
    from .events import BitchesSent

    d.emit(
        BitchesSent(pimp=action.seat, bitches=list(action.args["bitches"])),
        rule="servicing punters: the offer is put to the street",
        visible_to=[action.seat],
    )


def _business(d: Decision) -> None:
    game = _game(d)
    a = game.activity
    worker = a["worker"]
    done = int(a.get("punter", 0))
    if a.get("failed") or done >= a["punters"]:
        serviced_all = not a.get("failed") or a.get("failed") == a["punters"]
        if serviced_all:
            amount = a["price"] * a["punters"]
            d.emit(PuntersPaid(card=worker, punters=a["punters"], amount=amount), rule="doing the business: payment")
            d.emit(
                MoneyOnBitch(card=worker, change=amount, money=game.on_bitch.get(worker, 0) + amount, reason="paid by punters"),
                rule="doing the business: payment",
            )
        d.emit(ActivityEnded(kind="solicit"), rule="doing the business")
        return
    key = f"stamina:{done + 1}"
    if a.get("purpose") != key:
        _plan(d, key, [(game.owner(worker), key)])
        return
    power = _power(game, key)
    total = game.cards[worker].stamina + power
    passed = total >= a["stamina"]
    d.emit(
        StaminaTested(
            card=worker, punter=done + 1, stamina=game.cards[worker].stamina, power=power, total=total, target=a["stamina"], passed=passed
        ),
        rule="doing the business: stamina test",
    )
    if not passed:
        d.emit(ShaggedOut(card=worker), rule="doing the business: shagged out")


def _psycho(d: Decision) -> None:
    game = _game(d)
    a = game.activity
    card = a["card"]
    owner = game.owner(card)
    if a.get("stage") != "psycho":
        d.emit(
            PsychoPunterRolled(card=card, fight=d.roll(10, purpose="psycho punter's fight"), controller=left_of(d, owner)),
            rule="special encounters: psycho punter",
        )
        return
    if a.get("purpose") != "psycho":
        _plan(d, "psycho", [(owner, f"psycho:{card}"), (a["controller"], "psycho:punter")])
        return
    bitch = _face(d, card).fight + _power(game, f"psycho:{card}") + 1
    punter = a["fight"] + _power(game, "psycho:punter")
    d.emit(
        FightTested(stage="attack", card=card, fight=_face(d, card).fight, power=_power(game, f"psycho:{card}"), bonus=1, total=bitch),
        rule="special encounters: psycho punter",
    )
    if punter > bitch:
        d.emit(HitScored(card=card, by=["psycho punter"]), rule="special encounters: psycho punter")
        _retire(d, card, "beaten by a psycho punter", combat=True)
    d.emit(ActivityEnded(kind="solicit"), rule="special encounters: psycho punter")


def _police(d: Decision) -> None:
    game = _game(d)
    pimp = game.activity["pimp"]
    d.emit(BribeDemanded(pimp=pimp, amount=d.roll(10, purpose="police bribe")), rule="special encounters: police bust")
    d.emit(ActivityEnded(kind="solicit"), rule="special encounters: police bust")


def _crackdown(d: Decision) -> None:
    game = _game(d)
    if game.activity.get("stage") != "crackdown":
        from .events import CrackdownBegan

        d.emit(CrackdownBegan(), rule="special encounters: moral crackdown")
        for pimp in game.living():
            bitches = game.in_play(pimp)
            if not bitches:
                continue
            top = max(game.cards[c].cost for c in bitches)
            tied = [c for c in bitches if game.cards[c].cost == top]
            if len(tied) == 1:
                _retire(d, tied[0], "sacrificed in a moral crackdown", combat=False)
            else:
                d.request(
                    pimp,
                    "sacrifice",
                    f"{pimp}, moral crackdown: sacrifice one of your costliest bitches.",
                    choices=[Choice(label=game.cards[c].name, args={"card": c}) for c in tied],
                    id=f"t{d.flow.turn}.sacrifice.{pimp}",
                    rule="special encounters: moral crackdown",
                )
        if d.flow.requests:
            return
    d.emit(ActivityEnded(kind="solicit"), rule="special encounters: moral crackdown")


def _sacrifice(d: Decision, action: referee.Action) -> None:
    _retire(d, str(action.args["card"]), "sacrificed in a moral crackdown", combat=False)


def _runaway(d: Decision) -> None:
    game = _game(d)
    card = game.activity["card"]
    owner = game.owner(card)
    cost = game.cards[card].cost
    _retire(d, card, "ran away", combat=False)
    _influence(d, owner, -cost, "the shame of a runaway", "special encounters: runaway")
    d.emit(ActivityEnded(kind="solicit"), rule="special encounters: runaway")


def _zero_tolerance(d: Decision) -> None:
    d.emit(ActivityEnded(kind="solicit"), rule="special encounters: zero tolerance")


# trashing, edge slots, looking at the top of the deck ---------------------------------------------


def _trash(d: Decision) -> None:
    game = _game(d)
    a = game.activity
    pimp = d.flow.seat or ""
    if a.get("purpose") != "trash":
        _plan(d, "trash", [(pimp, f"trash:{a['card']}")])
        return
    fight = game.cards[a["card"]].fight
    power = _power(game, f"trash:{a['card']}")
    damage = math.ceil((fight + power) / 5)
    d.emit(
        PadTrashed(pimp=pimp, victim=a["victim"], card=a["card"], fight=fight, power=power, damage=damage),
        rule="trashing an opponent's pad",
    )
    _influence(d, a["victim"], -damage, "pad trashed", "trashing an opponent's pad")


def _edge(d: Decision) -> None:
    game = _game(d)
    pimp = d.flow.seat or ""
    p = game.pimps[pimp]
    top = p.deck[0]
    slots = _edge_slots(d, pimp)
    choices = []
    for slot in range(1, slots + 1):
        current = p.edges[slot - 1] if slot <= len(p.edges) else None
        label = f"edge slot {slot}" + (f" (replacing {game.cards[current].name}, which goes to the bottom)" if current else "")
        choices.append(Choice(label=label, args={"slot": slot}))
    choices.append(Choice(label="the bottom of your deck", args={"slot": None}))
    d.request(
        pimp,
        "slot",
        f"{pimp}, you draw {_card_label(game.cards[top])}. Where does it go?",
        choices=choices,
        id=f"t{d.flow.turn}.slot.{game.actions}",
        rule="putting a card in an edge slot",
    )


def _slot(d: Decision, action: referee.Action) -> None:
    game = _game(d)
    p = game.pimps[action.seat]
    slot = action.args.get("slot")
    replaced = p.edges[int(slot) - 1] if slot is not None and int(slot) <= len(p.edges) else None
    d.emit(
        EdgeSlotLooked(pimp=action.seat, card=p.deck[0], slot=None if slot is None else int(slot), replaced=replaced),
        rule="putting a card in an edge slot",
        visible_to=[action.seat],
    )


def _look_top(d: Decision) -> None:
    game = _game(d)
    pimp = d.flow.seat or ""
    top = game.pimps[pimp].deck[: int(game.activity.get("count", 3))]
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


def _reorder(d: Decision, action: referee.Action) -> None:
    d.emit(
        CardsReordered(pimp=action.seat, cards=list(action.args["order"])), rule="looking at the top of the deck", visible_to=[action.seat]
    )


def _discard(d: Decision, action: referee.Action) -> None:
    d.emit(CardDiscarded(pimp=action.seat, card=_face(d, str(action.args["card"]))), rule="retirement")


def _defend(d: Decision, action: referee.Action) -> None:
    d.emit(DefendersJoined(pimp=action.seat, bitches=list(action.args["bitches"])), rule="combat: evening the numbers")


def _assign(d: Decision, action: referee.Action) -> None:
    side = "attack" if (action.request or "").endswith(".attack") else "counter"
    d.emit(AttacksAnnounced(side=side, attacks=dict(action.args["attacks"])), rule="combat")


_STEPS = {
    "combat": _combat,
    "influence": _influence_test,
    "solicit": _soliciting,
    "trash": _trash,
    "edge": _edge,
    "look-top": _look_top,
}
_ENCOUNTERS = {
    "psycho-punter": _psycho,
    "police-bust": _police,
    "moral-crackdown": _crackdown,
    "runaway": _runaway,
    "zero-tolerance": _zero_tolerance,
}
_ANSWERS = {
    "do": _do,
    "draw": _draw,
    "defend": _defend,
    "assign": _assign,
    "bid": _bid,
    "send": _send,
    "slot": _slot,
    "reorder": _reorder,
    "discard": _discard,
    "sacrifice": _sacrifice,
}


@hookimpl
def referee_idle_reason(state: referee.TableState, seat: str) -> str | None:
    game: PimpGame = state.game
    pimp = game.pimps.get(seat)
    if pimp is not None and pimp.out:
        return f"{seat} is out of the game (pimp)"
    if state.flow.seat and state.flow.seat != seat:
        return f"it is {state.flow.seat}'s turn (pimp: playing the game)"
    return None


__all__ = ["Options", "PHASES", "offers"]
