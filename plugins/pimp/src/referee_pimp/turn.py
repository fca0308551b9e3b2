"""Setting up, and the turn: Pay Dues, Recruitment, Doing Shit (its four actions are
offered from ``menu``), Retirement; then the next pimp's turn, or the game's end.

The turns are declared (``FLOW``), and the kernel runs them: a phase ends once nobody is
asked anything in it, a turn once its phases are over, a round once every pimp still in
has had a turn."""

from __future__ import annotations

import itertools

import referee
from referee import Decision, IllegalAction, Phase, Pick, Rounds, Turns
from referee.results import join_names, rank

from .cards import DataError
from .common import (
    ACTIONS_PER_TURN,
    DUES,
    STARTING_HAND,
    card_label,
    dollars,
    draw_to_hand,
    face,
    game_of,
    hand_limit,
    influence,
    money,
    named,
    options,
    total,
)
from .decks import faces_for, ready_made_name, ready_made_names
from .events import (
    BribePaid,
    CardDiscarded,
    CardFace,
    DeckListed,
    DeckShuffled,
    FirstPimpChosen,
    GirlfriendClashed,
    GirlfriendDrawn,
    MoneyCounted,
    PimpOut,
    ShaggedOutCleared,
)
from .menu import action_fields
from .specials import specials_of


def set_up(d: Decision) -> None:
    chosen = d.options.get("decks", {})
    # One deck named alone is every seat's deck.
    decks = dict.fromkeys(d.seats, chosen) if isinstance(chosen, str) else dict(chosen)
    strangers = sorted(set(decks) - set(d.seats))
    if strangers:
        raise IllegalAction(
            f"decks are given for {', '.join(strangers)}, who {'has' if len(strangers) == 1 else 'have'} no seat (seats: {', '.join(d.seats)})",
            "pimp setting up",
        )
    bots = d.options.get("bots", "heuristic")
    if isinstance(bots, dict):
        strangers = sorted(set(bots) - set(d.seats))
        if strangers:
            raise IllegalAction(
                f"bots are given for {', '.join(strangers)}, who {'has' if len(strangers) == 1 else 'have'} no seat (seats: {', '.join(d.seats)})",
                "pimp setting up",
            )
    elif len(bots.split(",")) > len(d.seats):
        raise IllegalAction(f"bots: {len(bots.split(','))} bots are named for {len(d.seats)} seats", "pimp setting up")
    dealt = _deal(d, decks)
    try:
        specials = specials_of(d.rules)
    except DataError as exc:
        raise referee.RefereeError(f"a special card at this table is declared wrongly: {exc}") from None
    for seat in d.seats:
        name, faces = faces_for(seat, decks.get(seat) or dealt[seat], specials, d.edition)
        texts = {f.special: specials.specials[f.special].text for f in faces if f.special in specials.specials}
        d.emit(DeckListed(pimp=seat, deck=name, cards=faces, texts=texts), rule="setting up: the deck", visible_to=[seat])
        order = d.shuffle([f.id for f in faces], purpose=f"{seat} shuffles their deck")
        d.emit(DeckShuffled(pimp=seat, order=order), rule="setting up: shuffling", visible_to=[])
    for seat in d.seats:
        for _ in range(STARTING_HAND):
            draw_to_hand(d, seat, "starting hand")
    _girlfriends(d)


def _deal(d: Decision, chosen: dict[str, str]) -> dict[str, str]:
    """A ready-made deck for each seat without a chosen one: the decks are shuffled and dealt
    so that no two seats share one (nor take a ready-made deck another seat chose) while
    there are decks enough; past that they are dealt round again."""
    unchosen = [seat for seat in d.seats if not chosen.get(seat)]
    if not unchosen:
        return {}
    # The table's edition: a log of an earlier one deals its own decks again when verified.
    decks = ready_made_names(d.edition)
    taken = {ready_made_name(choice, d.edition) for choice in chosen.values() if choice}
    order = d.shuffle(decks, purpose="dealing the ready-made decks")
    free = [deck for deck in order if deck not in taken] or order
    return {seat: free[i % len(free)] for i, seat in enumerate(unchosen)}


def _girlfriends(d: Decision) -> None:
    """Each pimp turns up their top card; the best girlfriend's pimp goes first; ties draw again."""
    game = game_of(d)
    drawing = list(d.seats)
    for round_number in itertools.count(1):
        best: dict[str, int] = {}
        turned: dict[str, CardFace] = {}
        for seat in drawing:
            deck = game.pimps[seat].deck
            if not deck:
                continue
            card = game.cards[deck[0]]
            d.emit(GirlfriendDrawn(pimp=seat, card=card, round=round_number), rule="setting up: girlfriends")
            if card.bitch:
                turned[seat] = card
        for seat, card in turned.items():
            if _clashes(d, seat, card, turned):
                continue
            best[seat] = card.cost
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


def _clashes(d: Decision, seat: str, card: CardFace, turned: dict[str, CardFace]) -> bool:
    """ "A named escort is unique. There can be only one bitch of a particular name in play at
    any one time."  Ruling: a girlfriend whose name an escort already in play has (a girlfriend
    of an earlier draw), or that another pimp turned up in the same draw, goes into her pimp's
    hand: girlfriends come free, so nobody "originally had" her, and the rulebook's way for
    two pimps to settle a name (the influence test when bringing her into play) stays open
    from the hand."""
    if card.kind != "escort":
        return False
    game = game_of(d)
    same = [
        other
        for other in d.seats
        if other != seat
        and (
            any(game.cards[c].kind == "escort" and game.cards[c].name == card.name for c in game.in_play(other) if c not in _faces(turned))
            or (other in turned and turned[other].kind == "escort" and turned[other].name == card.name)
        )
    ]
    if not same:
        return False
    d.emit(GirlfriendClashed(pimp=seat, card=card, others=same), rule="setting up: girlfriends")
    return True


def _faces(turned: dict[str, CardFace]) -> set[str]:
    return {face.id for face in turned.values()}


def _turn_order(d: Decision) -> list[str]:
    seats = list(d.seats)
    start = game_of(d).first or seats[0]
    i = seats.index(start)
    return seats[i:] + seats[:i]


def _pay_dues(d: Decision) -> None:
    game = game_of(d)
    pimp = d.flow.seat or ""
    shagged = [c for c in game.in_play(pimp) if c in game.shagged]
    if shagged:
        d.emit(named(d, ShaggedOutCleared(pimp=pimp, bitches=shagged)), rule="doing the business: shagged out")
    dues = (DUES if game.in_play(pimp) else 0) + total(d.rules.hook.pimp_dues(state=d.state, pimp=pimp))
    if dues:
        influence(d, pimp, dues, "pay dues", "pay dues")


def _recruit(d: Decision) -> None:
    draw_to_hand(d, d.flow.seat or "", "recruitment")


def offer_actions(d: Decision) -> None:
    """The next action of Doing Shit; none once the pimp is out or has taken the last."""
    game = game_of(d)
    pimp = d.flow.seat or ""
    if game.zero_tolerance or d.state.over:
        return
    if game.pimps[pimp].out or game.ended or game.actions >= ACTIONS_PER_TURN:
        return  # nothing asked: the phase ends (_pay_bribe)
    d.request(
        pimp,
        "do",
        f"{pimp}, action {game.actions + 1} of {ACTIONS_PER_TURN}: what shit do you do?",
        answer=action_fields(d, pimp),
        id=f"t{d.flow.turn}.do.{game.actions + 1}",
        rule="doing shit",
    )


def _pay_bribe(d: Decision) -> None:
    """The end of Doing Shit: a police bribe is paid now, or the pimp is out."""
    game = game_of(d)
    pimp = d.flow.seat or ""
    p = game.pimps[pimp]
    if p.bribe and not p.out:
        if p.money >= p.bribe:
            amount = p.bribe
            d.emit(BribePaid(pimp=pimp, amount=amount), rule="police bust")
            money(d, pimp, -amount, "police bribe", "police bust")
        else:
            d.emit(PimpOut(pimp=pimp, reason=f"could not pay the {dollars(p.bribe)} police bribe"), rule="police bust")


def retirement(d: Decision) -> None:
    """Retirement: a card to retire while the hand is over its limit."""
    game = game_of(d)
    pimp = d.flow.seat or ""
    p = game.pimps[pimp]
    if not p.out and len(p.hand) > hand_limit(d, pimp):
        d.request(
            pimp,
            "discard",
            f"{pimp}, your hand holds {len(p.hand)} cards; retire one (hand limit {hand_limit(d, pimp)}).",
            answer={"card": Pick(options((c, card_label(game.cards[c])) for c in p.hand), label="the card retired")},
            id=f"t{d.flow.turn}.discard.{len(p.hand)}",
            rule="retirement",
        )


def _zero_influence(d: Decision) -> None:
    game = game_of(d)
    pimp = d.flow.seat or ""
    p = game.pimps[pimp]
    if not p.out and p.influence == 0:
        d.emit(PimpOut(pimp=pimp, reason="ended their retirement phase on zero influence"), rule="ending a turn on 0 influence")


def answer_discard(d: Decision, action: referee.Action) -> None:
    d.emit(CardDiscarded(pimp=action.seat, card=face(d, str(action.args["card"]))), rule="retirement")


def _first(d: Decision) -> str | None:
    """A round's first turn: the first pimp still in, from the one who went first."""
    game = game_of(d)
    return next((s for s in _turn_order(d) if not game.pimps[s].out), None)


def _following(d: Decision, current: str) -> str | None:
    """The next pimp still in after ``current``; None: the round is over."""
    game = game_of(d)
    order = _turn_order(d)
    return next((s for s in order[order.index(current) + 1 :] if not game.pimps[s].out), None)


def _last_pimp_standing(d: Decision) -> None:
    living = game_of(d).living()
    if len(living) <= 1:
        end_game(d, "last pimp standing" if living else "nobody is left")


def _last_turn(d: Decision) -> None:
    if d.flow.round and d.flow.round >= int(d.options.get("turns", 20)):
        end_game(d, f"turn {d.flow.round}, the last, is over")


def end_game(d: Decision, how: str) -> None:
    game = game_of(d)
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
        reason = f"{how}: {join_names(winners)} {'has' if len(winners) == 1 else 'have'} the most money ({dollars(best)})"
    standings = rank((p.name, p.money, not p.out, "out of the game" if p.out else "") for p in game.pimps.values())
    d.end_game(winners, reason, standings, rule="winning / ending the game")


FLOW = Rounds(
    turns=Turns(
        first=_first,
        following=_following,
        phases=(
            Phase("pay dues", begin=_pay_dues),
            Phase("recruitment", begin=_recruit),
            Phase("doing shit", begin=offer_actions, end=_pay_bribe),
            Phase("retirement", begin=retirement, end=_zero_influence),
        ),
        ends=_last_pimp_standing,
    ),
    ends=_last_turn,
)
"""A round of the kernel is a game turn: every pimp still in takes a turn of four phases,
from the one who went first; the game ends with one pimp left, or after the last turn."""
