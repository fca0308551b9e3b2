"""The rules of a round: macking, backhanding and money counting, three times (rulebook 2, 4, 5, 6).

The flow is declared (``FLOW``) and the kernel runs it: setup (``setup``) is a phase before
the first round, each round is a kernel round and each of its three parts a phase.  Macking
and backhanding each run three steps: placement in turns (``PLACEMENT``: one seat at a time,
clockwise from the first player, until everyone has passed), then the sealed plays, a step
of its own (every player with a hand chooses Draw cards at once, revealed together), whose
end rolls the contests (no one's answer needed).  Money counting deals and asks about the
limit of 7 pimps, then fills the street; after the last round it asks for the last sealed
plays instead, then counts the money, and the game ends.  An answer handler only records
its answer: once nothing is asked, the kernel goes on to the next step.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import referee
from referee import Assign, Decision, IllegalAction, Option, Phase, Pick, Rounds, Turns, Words
from referee.results import join_names, rank
from referee.words import money, ordinal

from .common import (
    R_BH_CONTEST,
    R_BH_MODS,
    R_BH_OUTCOME,
    R_BH_PLACE,
    R_COUNT,
    R_MACK_CONTEST,
    R_MACK_LEFT,
    R_MACK_MODS,
    R_MACK_PLACE,
    R_MACK_UNCONTESTED,
    R_MONEY_DRAW,
    R_WIN,
    STEPS,
    contests_of,
    game_of,
    total,
)
from .declarations import trick_played, trick_targets
from .events import (
    CardsDiscarded,
    ContestRolled,
    DefendersChosen,
    DefendersRevealed,
    FirstPlayerChosen,
    HoDefended,
    HoEliminated,
    HoRecruited,
    HoValued,
    MoneyCounted,
    PhaseCleared,
    PimpPlaced,
    PlacementPassed,
    PlaysChosen,
    PlaysOffered,
    PlaysRevealed,
    RecruiterStays,
    Roll,
)
from .setup import DRAWS_DEALT, deal_draws, fill_street, open_excess, pimp_label, rule, set_up
from .state import Backhanding, Contest

ROUNDS = 3
PASS = "pass"
"""The ``pimp`` answer of a player who places no more pimps this phase."""
MAX_ATTEMPTS = 50
"""Re-rolls of one tie before the tied are drawn by lot (a die never ties forever, but a scripted one could)."""
REFS = {"macking": R_MACK_MODS, "backhanding": R_BH_MODS, "count": R_COUNT}
"""The rule of each step's sealed plays."""


# --- the round ---------------------------------------------------------------------------------


def defenders_assigned(d: Decision) -> bool:
    """Ruling R3 read the other way (table option ``protector = "defender"``): the holder of an
    attacked ho assigns a pimp not used in macking to defend her; the recruiter stays in the clan."""
    return d.options.get("protector", "recruiter") == "defender"


def choose_first_player(d: Decision) -> None:
    game = game_of(d)
    seats = list(d.seats)
    if d.flow.round == 1:
        first = d.pick(seats, purpose="the first player")
        how = "at random"
    else:
        first = seats[(seats.index(game.first) + 1) % len(seats)]
        how = "clockwise from the last round's first player (ruling R1)"
    at = seats.index(first)
    d.emit(FirstPlayerChosen(seat=first, order=tuple(seats[at:] + seats[:at]), how=how), rule=R_MACK_PLACE)


# --- placement ---------------------------------------------------------------------------------


def placements(game: Backhanding, seat: str, phase: str) -> tuple[list[str], list[str]]:
    """The pimps ``seat`` may place now and the hos they may place one beside."""
    pimps = game.free_pimps(seat, phase)
    if phase == "macking":
        hos = [h for h in game.street if seat not in (game.contests.get(h) or Contest(h, phase)).pimps]
    else:
        hos = [h for s in game.order if s != seat for h in game.hos[s] if h not in game.contests]
    return (pimps, hos) if pimps and hos else ([], [])


def ho_label(game: Backhanding, ho: str, seat: str) -> str:
    """A ho as ``seat`` reads her in a prompt: name, money, fighting value, who holds her."""
    c = game.cards[ho]
    owner = game.owner_of_ho(ho)
    details = [money(c.money)]
    if c.backhanding:
        details.append(f"backhanding {c.backhanding}")
    if owner:
        details.append(f"held by {Words(seat).name(owner)}")
    return f"{c.name} ({', '.join(details)})"


def next_to_place(d: Decision, seat: str) -> str | None:
    """The next seat clockwise from ``seat`` (``seat`` last) who has not passed; None: all have."""
    game = game_of(d)
    order = game.order
    at = order.index(seat)
    return next((s for i in range(1, len(order) + 1) if (s := order[(at + i) % len(order)]) not in game.passed), None)


def ask_placement(d: Decision) -> None:
    """Ask the seat in turn to place a pimp; one with nothing to place passes (ruling R2)."""
    game = game_of(d)
    seat, phase = d.flow.seat or "", d.flow.phase or ""
    ref = R_MACK_PLACE if phase == "macking" else R_BH_PLACE
    pimps, hos = placements(game, seat, phase)
    if not pimps:
        d.emit(PlacementPassed(seat=seat, phase=phase, forced=True), rule=f"{ref} (ruling R2)")
        return
    what = "beside a ho on the street to recruit her" if phase == "macking" else "in front of an opponent's ho to eliminate her"
    where = "beside which ho" if phase == "macking" else "in front of which ho"
    n = sum(len(c.pimps) for c in game.contests.values()) + len(game.passed)
    d.request(
        seat,
        "place",
        f"{phase.capitalize()}: place a pimp {what}, or pass",
        answer={
            "pimp": Pick(
                (*(Option(p, pimp_label(game, p)) for p in pimps), Option(PASS, "pass: place no more pimps this phase")),
                label="pimp to place, or pass",
            ),
            # Optional only because a pass names no ho; a placement without one is refused by name.
            "ho": Pick(tuple(Option(h, ho_label(game, h, seat)) for h in hos), optional=True, label=f"{where}, not needed to pass"),
        },
        id=f"r{d.flow.round}.{phase}.place.{n}.{seat}",
        rule=rule(ref),
    )


def first_to_place(d: Decision) -> str | None:
    return next_to_place(d, game_of(d).order[-1])


PLACEMENT = Turns(first=first_to_place, following=next_to_place, begin=ask_placement)
"""Placement (4.1, 5.1): a turn is one placement or pass, clockwise from the first player until everyone has passed."""


def answer_place(d: Decision, seat: str, args: dict[str, Any]) -> None:
    game = game_of(d)
    phase = d.flow.phase or ""
    ref = R_MACK_PLACE if phase == "macking" else R_BH_PLACE
    pimp, ho = args["pimp"], args.get("ho")
    if pimp == PASS:
        if ho is not None:
            raise IllegalAction("a pass places no pimp: leave out the ho", rule(ref))
        d.emit(PlacementPassed(seat=seat, phase=phase, forced=False), rule=ref)
    else:
        if ho is None:
            raise IllegalAction(f"name the ho to place {game.cards[pimp].name} beside", rule(ref))
        d.emit(PimpPlaced(seat=seat, pimp=pimp, ho=ho, phase=phase), rule=ref)


# --- sealed plays -------------------------------------------------------------------------------


def legal_targets(d: Decision, seat: str, card: str, step: str) -> list[str]:
    """Where ``seat`` may play ``card`` at ``step`` (empty: not now)."""
    game = game_of(d)
    c = game.cards[card]
    if c.kind == "macking":
        return [x.ho for x in contests_of(game, seat)] if step == "macking" else []
    if c.kind == "backhanding":
        return [x.ho for x in contests_of(game, seat)] if step == "backhanding" else []
    if c.kind == "value":
        return [h for s in game.order for h in game.hos[s]] if step == "count" else []
    if c.kind == "trick":
        return trick_targets(d, seat, card, step)
    return []


def target_label(game: Backhanding, seat: str, target: str, step: str) -> str:
    """A sealed play's target as ``seat`` reads it: a fight, a ho at the count, a pimp, a seat."""
    w = Words(seat)
    if target not in game.cards:
        return "yourself" if target == seat else w.name(target)
    c = game.cards[target]
    if c.kind == "ho":
        if step == "count":
            return ho_label(game, target, seat)
        return f"the fight for {c.name} ({money(c.money)})"
    owner = game.owner_of_pimp(target)
    at = next((game.cards[x.ho].name for x in game.contests.values() if target in x.pimps.values()), "")
    return f"{w.possessive(owner)} {c.name} ({'at ' + at if at else 'in the clan'})"


def card_label(game: Backhanding, card: str, hand: list[str]) -> str:
    """A Draw card in ``hand`` as its player reads it; two of one name told apart by their order in the hand."""
    c = game.cards[card]
    what = "Dirty Trick" if c.kind == "trick" else f"+{c.bonus} {c.kind}" if c.kind != "value" else f"+/-{c.bonus} value"
    twins = [x for x in hand if game.cards[x].name == c.name]
    if len(twins) > 1:
        what += f", {ordinal(twins.index(card) + 1)}"
    return f"{c.name} ({what})"


def open_plays(d: Decision) -> None:
    """Every player holding Draw cards chooses, sealed, which to play and on what."""
    game = game_of(d)
    step = STEPS[d.flow.phase or ""]
    ref = REFS[step]
    for seat in game.order:
        hand = game.hands[seat]
        defend = _defence(d, seat, step)
        if not hand and not defend:
            continue
        offered = {card: tuple(legal_targets(d, seat, card, step)) for card in hand}
        offered = {card: targets for card, targets in offered.items() if targets}
        d.emit(PlaysOffered(seat=seat, targets=offered), rule=ref, visible_to=(seat,))
        targets = list(dict.fromkeys(t for ts in offered.values() for t in ts))
        d.request(
            seat,
            "play",
            {
                "macking": "Play macking modifiers on your placed pimps, and Dirty Tricks (sealed; a card left unplayed stays in your hand)",
                "backhanding": "Play backhanding modifiers on your fights, and Dirty Tricks (sealed; a card left unplayed stays in your hand)",
                "count": "Play value modifiers on hos (+ on yours, - on an opponent's), and Dirty Tricks (sealed)",
            }[step],
            answer={
                "plays": Assign(
                    tuple(Option(c, card_label(game, c, hand)) for c in offered),
                    tuple(Option(t, target_label(game, seat, t, step)) for t in targets),
                    min=0,
                    allowed=offered,
                    label="cards to play",
                ),
                **defend,
            },
            sealed=True,
            id=f"r{d.flow.round}.{step}.play.{seat}",
            rule=rule(ref),
        )


def _defence(d: Decision, seat: str, step: str) -> dict[str, Assign]:
    """With ``protector = "defender"``: the field assigning a defender to each of ``seat``'s
    attacked hos, among the pimps not used in macking and not attacking (ruling R3)."""
    if step != "backhanding" or not defenders_assigned(d):
        return {}
    game = game_of(d)
    attacked = [c.ho for c in game.contests.values() if c.owner == seat and c.pimps]
    if not attacked:
        return {}
    free = game.free_pimps(seat, "backhanding")
    return {
        "defend": Assign(
            tuple(Option(h, ho_label(game, h, seat)) for h in attacked),
            tuple(Option(p, pimp_label(game, p)) for p in free),
            min=0,
            optional=True,
            label="a pimp not used in macking to defend each attacked ho (one each; left out: she defends alone)",
        )
    }


def answer_play(d: Decision, seat: str, args: dict[str, Any]) -> None:
    game = game_of(d)
    ref = REFS[STEPS[d.flow.phase or ""]]
    plays: dict[str, str] = dict(args["plays"])
    offered = game.offered.get(seat, {})
    step = STEPS[d.flow.phase or ""]
    for card, target in plays.items():
        if target not in offered.get(card, ()):
            where = "; ".join(target_label(game, seat, t, step) for t in offered.get(card, ())) or "nowhere now"
            shown = target_label(game, seat, target, step) if target in game.cards or target in game.seats else "that"
            raise IllegalAction(f"{game.cards[card].name} cannot be played on {shown} (it may go on: {where})", rule(ref))
    defend: dict[str, str] = dict(args.get("defend") or {})
    if len(set(defend.values())) < len(defend):
        raise IllegalAction("a pimp defends one ho: name a different pimp for each", rule(ref))
    d.emit(PlaysChosen(seat=seat, plays=plays), rule=ref, visible_to=(seat,))
    if "defend" in args:
        d.emit(DefendersChosen(seat=seat, defenders=defend), rule=f"{ref} (ruling R3)", visible_to=(seat,))


def reveal_plays(d: Decision) -> None:
    """Reveal every sealed play at once, then carry out the Dirty Tricks in play order."""
    game = game_of(d)
    step = STEPS[d.flow.phase or ""]
    ref = REFS[step]
    plays = {seat: game.chosen[seat] for seat in game.order if seat in game.chosen}
    d.emit(PlaysRevealed(step=step, plays=plays), rule=ref)
    if step == "backhanding" and defenders_assigned(d):
        chosen = {ho: pimp for seat in game.order for ho, pimp in game.defending.get(seat, {}).items()}
        d.emit(DefendersRevealed(defenders=chosen), rule=f"{ref} (ruling R3)")
    for seat, card, target in list(game.played):
        if game.cards[card].kind != "trick":
            continue
        if not trick_played(d, seat, card, target):
            raise referee.RefereeError(f"no plugin carries out {game.cards[card].name} ({game.cards[card].effect})")


# --- contests ----------------------------------------------------------------------------------


def _by_value(game: Backhanding, hos: Iterable[str]) -> list[str]:
    """Hos from the highest value down; equal values in street (or holding) order (ruling R4)."""
    listed = list(hos)
    return sorted(listed, key=lambda h: (-game.cards[h].money, listed.index(h)))


def _bonus_cards(game: Backhanding, seat: str, kind: str, ho: str) -> int:
    return sum(game.cards[c].bonus for s, c, t in game.played if s == seat and t == ho and game.cards[c].kind == kind)


def roll_contest(d: Decision, contest: Contest) -> str:
    """Roll the contest for ``contest.ho`` until it has a winner; return the winning seat."""
    game = game_of(d)
    phase = contest.phase
    sides = contest.sides(game)
    rolling = [s for s in game.order if s in sides]
    ref = R_MACK_CONTEST if phase == "macking" else R_BH_CONTEST
    attempt = 0
    while True:
        attempt += 1
        rolls: dict[str, Roll] = {}
        for seat in rolling:
            pimp = sides[seat]
            card = game.cards.get(pimp)
            value = 0 if card is None else card.macking if phase == "macking" else card.backhanding
            cards = _bonus_cards(game, seat, phase, contest.ho)
            ho = game.cards[contest.ho].backhanding if phase == "backhanding" and seat == contest.owner else 0
            ability = total(d.rules.hook.backhanding_bonus(state=d.state, contest=contest, seat=seat, pimp=pimp))
            extra = total(d.rules.hook.backhanding_dice(state=d.state, contest=contest, seat=seat))
            dice = tuple(d.roll(6, purpose=f"{phase} for {game.cards[contest.ho].name}: {seat}") for _ in range(1 + abs(extra)))
            die = max(dice) if extra >= 0 else min(dice)
            rolls[seat] = Roll(
                pimp=pimp, value=value, cards=cards, ho=ho, ability=ability, dice=dice, die=die, total=value + cards + ho + ability + die
            )
        if phase == "backhanding":
            # The defender keeps her on an equal or higher total: no tie to re-roll.
            attacker = next(s for s in rolling if s != contest.owner)
            won = contest.owner if rolls[contest.owner].total >= rolls[attacker].total else attacker
            d.emit(ContestRolled(ho=contest.ho, phase=phase, attempt=attempt, rolls=rolls, tied=()), rule=ref)
            return won
        best = max(r.total for r in rolls.values())
        top = [s for s in rolling if rolls[s].total == best]
        if len(top) == 1:
            d.emit(ContestRolled(ho=contest.ho, phase=phase, attempt=attempt, rolls=rolls, tied=()), rule=ref)
            return top[0]
        smooth = [s for s in top if any(d.rules.hook.backhanding_wins_ties(state=d.state, contest=contest, seat=s, pimp=sides[s]))]
        if len(smooth) == 1:
            d.emit(
                ContestRolled(ho=contest.ho, phase=phase, attempt=attempt, rolls=rolls, tied=tuple(top), tie_broken_by=smooth[0]), rule=ref
            )
            return smooth[0]
        d.emit(ContestRolled(ho=contest.ho, phase=phase, attempt=attempt, rolls=rolls, tied=tuple(top)), rule=f"{ref} (ruling R5)")
        if attempt >= MAX_ATTEMPTS:
            return str(d.pick(top, purpose=f"a tie for {game.cards[contest.ho].name} that never broke"))
        rolling = top


def resolve_macking(d: Decision) -> None:
    """The end of the macking plays: reveal them, then each contested ho, from the richest
    down, goes to the winner of its contest, an uncontested one to her only pimp."""
    reveal_plays(d)
    game = game_of(d)
    for ho in _by_value(game, [h for h in game.street if h in game.contests]):
        contest = game.contests.get(ho)
        if contest is None:
            continue
        if len(contest.pimps) == 1:
            seat, pimp = next(iter(contest.pimps.items()))
            d.emit(HoRecruited(seat=seat, pimp=pimp, ho=ho, contested=False), rule=R_MACK_UNCONTESTED)
        else:
            seat = roll_contest(d, contest)
            pimp = contest.pimps[seat]
            d.emit(HoRecruited(seat=seat, pimp=pimp, ho=ho, contested=True), rule=R_MACK_CONTEST)
        if defenders_assigned(d):
            d.emit(RecruiterStays(seat=seat, pimp=pimp, ho=ho), rule=f"{R_MACK_CONTEST} (ruling R3)")
        d.rules.hook.backhanding_ho_recruited(decision=d, seat=seat, pimp=pimp, ho=ho)


def resolve_backhanding(d: Decision) -> None:
    """The end of the backhanding plays: reveal them, then each attacked ho, from the
    richest down, is defended or eliminated."""
    reveal_plays(d)
    game = game_of(d)
    attacked = [h for s in game.order for h in game.hos[s] if h in game.contests]
    for ho in _by_value(game, attacked):
        contest = game.contests.get(ho)
        if contest is None or not contest.pimps:
            continue
        attacker, pimp = next(iter(contest.pimps.items()))
        owner = contest.owner
        protector = contest.sides(game)[owner]
        if roll_contest(d, contest) == owner:
            d.emit(HoDefended(ho=ho, owner=owner, protector=protector, attacker=attacker, pimp=pimp), rule=R_BH_OUTCOME)
            continue
        to = d.rules.hook.backhanding_protector_lost(state=d.state, seat=owner, pimp=protector) or "temporary"
        # Ruling R8: the losing side's bonus cards go with her protector; the winning
        # attacker's go to the discard pile, as a winner's do everywhere else (R7).
        cards = tuple(c for s, c, t in game.played if t == ho and s == owner and game.cards[c].kind == "backhanding")
        d.emit(
            HoEliminated(ho=ho, owner=owner, protector=protector, attacker=attacker, pimp=pimp, protector_to=to, cards=cards),
            rule=R_BH_OUTCOME,
        )


def _clear(d: Decision, phase: str, ref: str) -> None:
    """The end of macking or backhanding: the cards played go to the discard pile, the
    pimps placed go home, and the hos nobody recruited stay on the street."""
    game = game_of(d)
    if game.played:
        d.emit(CardsDiscarded(cards=tuple(c for _, c, _ in game.played), step=phase), rule=ref)
    d.emit(PhaseCleared(phase=phase, unrecruited=tuple(game.street)), rule=ref)


def clear_macking(d: Decision) -> None:
    _clear(d, "macking", R_MACK_LEFT)


def clear_backhanding(d: Decision) -> None:
    _clear(d, "backhanding", R_BH_OUTCOME)


# --- money counting ----------------------------------------------------------------------------


def money_counting(d: Decision) -> None:
    """After rounds 1 and 2, five Draw cards to each player and the limit of 7 asked for
    (6.1); after the last round, the last sealed plays instead (6.2)."""
    game = game_of(d)
    if d.flow.round < ROUNDS:
        for seat in game.order:
            deal_draws(d, seat, DRAWS_DEALT, "money counting", R_MONEY_DRAW)
        open_excess(d)
    else:
        open_plays(d)


def end_money_counting(d: Decision) -> None:
    """Five new hos on the street for the next round (6.1), or the final count (6.2)."""
    if d.flow.round < ROUNDS:
        fill_street(d, R_MONEY_DRAW)
    else:
        reveal_plays(d)
        final_count(d)


def final_count(d: Decision) -> None:
    game = game_of(d)
    totals: dict[str, int] = {}
    for seat in game.order:
        totals[seat] = 0
        for ho in game.hos[seat]:
            mods = sum(
                game.cards[c].bonus * (1 if s == seat else -1) for s, c, t in game.played if t == ho and game.cards[c].kind == "value"
            )
            bonus = total(d.rules.hook.backhanding_ho_value(state=d.state, seat=seat, ho=ho))
            money = game.cards[ho].money
            value = max(0, money + mods + bonus)
            d.emit(HoValued(seat=seat, ho=ho, money=money, modifiers=mods, bonus=bonus, value=value), rule=R_COUNT)
            totals[seat] += value
    if game.played:
        d.emit(CardsDiscarded(cards=tuple(c for _, c, _ in game.played), step="count"), rule=R_COUNT)
    counts = {seat: len(game.hos[seat]) for seat in game.order}
    d.emit(MoneyCounted(totals=totals, hos=counts), rule=R_COUNT)


def end_after_the_last_round(d: Decision) -> None:
    """The game ends once the last round's money is counted: the most money wins (6.3),
    the most hos break a tie (ruling R12)."""
    if d.flow.round < ROUNDS:
        return
    game = game_of(d)
    totals = game.values
    counts = {seat: len(game.hos[seat]) for seat in game.order}
    best = max(totals.values())
    top = [s for s in game.order if totals[s] == best]
    most = max(counts[s] for s in top)
    winners = [s for s in top if counts[s] == most]
    standings = rank((s, totals[s], True, f"{counts[s]} ho{'' if counts[s] == 1 else 's'}") for s in d.seats)
    if len(top) == 1:
        reason = f"{winners[0]} has the most money: {money(best)}"
    elif len(winners) == 1:
        reason = f"{join_names(top)} tie on {money(best)}; {winners[0]} holds the most hos (ruling R12)"
    else:
        reason = f"{join_names(winners)} tie on {money(best)} with {most} hos each and share the win (ruling R12)"
    d.end_game(winners, reason, standings, rule=R_WIN)


# --- the flow ----------------------------------------------------------------------------------

FLOW = Rounds(
    opening=(Phase("setup", begin=set_up),),
    begin=choose_first_player,
    phases=(
        Phase("macking", turns=PLACEMENT, steps=(Phase("macking plays", begin=open_plays, end=resolve_macking),), end=clear_macking),
        Phase(
            "backhanding",
            turns=PLACEMENT,
            steps=(Phase("backhanding plays", begin=open_plays, end=resolve_backhanding),),
            end=clear_backhanding,
        ),
        Phase("money counting", begin=money_counting, end=end_money_counting),
    ),
    ends=end_after_the_last_round,
)
"""Setup, then rounds of macking, backhanding and money counting until the last is counted (2)."""
