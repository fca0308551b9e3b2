"""The rules: setup, then three rounds of macking, backhanding and money counting.

A round is a kernel round and each of its three parts a phase.  Macking and backhanding
each run three steps: placement (one request at a time, clockwise from the first player,
until everyone has passed), sealed plays (every player with a hand chooses Draw cards at
once, revealed together) and the contests (no one's answer needed).  ``next_placement``,
``open_plays`` and ``after_plays`` chain them; every answer handler ends by calling the
next of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import referee
from referee import Assign, Decision, IllegalAction, Option, Pick, Subset
from referee.results import join_names, rank

from . import cards as card_data
from .cards import PIMP_LIMIT, CardError, build
from .common import (
    R_BH_CONTEST,
    R_BH_MODS,
    R_BH_OUTCOME,
    R_BH_PLACE,
    R_CARDS,
    R_COUNT,
    R_MACK_CONTEST,
    R_MACK_LEFT,
    R_MACK_MODS,
    R_MACK_PLACE,
    R_MACK_UNCONTESTED,
    R_MONEY_DRAW,
    R_SETUP,
    R_SETUP_LIMIT,
    R_WIN,
    STEPS,
    contests_of,
    game_of,
    total,
)
from .events import (
    CardsDiscarded,
    CardsLaid,
    ContestRolled,
    DecksShuffled,
    DiscardsShuffled,
    DrawCardsDealt,
    DrawCountDealt,
    DrawPimpsJoined,
    FirstPlayerChosen,
    HoDefended,
    HoEliminated,
    HoRecruited,
    HoValued,
    MoneyCounted,
    PhaseCleared,
    PimpPlaced,
    PimpsDealt,
    PimpsDiscarded,
    PlacementPassed,
    PlaysChosen,
    PlaysOffered,
    PlaysRevealed,
    Roll,
    StreetFilled,
)
from .state import Backhanding, Contest

ROUNDS = 3
HOS_PER_ROUND = 5
PIMPS_DEALT = 5
DRAWS_DEALT = 5
PASS = "pass"
"""The ``pimp`` answer of a player who places no more pimps this phase."""
MAX_ATTEMPTS = 50
"""Re-rolls of one tie before the tied are drawn by lot (a die never ties forever, but a scripted one could)."""


def rule(ref: str) -> str:
    return f"backhanding {ref}"


# --- the card set -----------------------------------------------------------------------------


def card_set(d: Decision) -> tuple[dict[str, card_data.Card], str]:
    """The cards this table plays with: the table's set (or the shipped one) and the cards
    plugins add, less those whose effect no plugin of the table carries out."""
    text = d.options.get("cards") or ""
    entries = card_data.parse(text, "the table's card set") if text else card_data.DEFAULT_ENTRIES
    entries = {k: list(v) for k, v in entries.items()}
    added = 0
    for more in d.rules.hook.backhanding_more_cards():
        for entry in more or ():
            entry = dict(entry)
            kind = entry.get("kind")
            if kind == "pimp":
                entry.pop("kind")
                entries.setdefault("pimps", []).append(entry)
            elif kind == "ho":
                entry.pop("kind")
                entries.setdefault("hos", []).append(entry)
            else:
                entries.setdefault("draws", []).append(entry)
            added += 1
    try:
        cards = build(entries)
    except CardError as exc:
        raise referee.RefereeError(f"the card set cannot be played: {exc}") from None
    effects = {e for found in d.rules.hook.backhanding_effects() for e in found or ()}
    kept = {cid: c for cid, c in cards.items() if not c.effect or c.effect in effects}
    source = "the table's own card set" if text else "the shipped card set (the project's own design)"
    if added:
        source += f", with {added} card entr{'y' if added == 1 else 'ies'} from plugins"
    dropped = len(cards) - len(kept)
    if dropped:
        source += f"; {dropped} card{'' if dropped == 1 else 's'} left out (no plugin at this table carries out their effect)"
    return kept, source


# --- setup -------------------------------------------------------------------------------------


def set_up(d: Decision) -> None:
    game = game_of(d)
    d.begin_phase("setup")
    cards, source = card_set(d)
    d.emit(CardsLaid(cards=tuple(cards.values()), source=source), rule=R_CARDS)
    pimps = [c.id for c in cards.values() if c.deck == "pimp"]
    hos = [c.id for c in cards.values() if c.deck == "ho"]
    draws = [c.id for c in cards.values() if c.deck == "draw"]
    need = PIMPS_DEALT * len(d.seats)
    if len(pimps) < need:
        raise referee.RefereeError(f"the card set's Pimp deck has {len(pimps)} pimps; {len(d.seats)} players need {need}")
    if len(hos) < HOS_PER_ROUND:
        raise referee.RefereeError(f"the card set's Ho deck has {len(hos)} hos; the street needs {HOS_PER_ROUND}")
    d.emit(
        DecksShuffled(
            pimps=tuple(d.shuffle(pimps, purpose="the Pimp deck")),
            hos=tuple(d.shuffle(hos, purpose="the Ho deck")),
            draws=tuple(d.shuffle(draws, purpose="the Draw deck")),
        ),
        rule=R_SETUP,
        visible_to=(),
    )
    fill_street(d, R_SETUP)
    for seat in d.seats:
        d.emit(PimpsDealt(seat=seat, pimps=tuple(game.pimp_deck[:PIMPS_DEALT])), rule=R_SETUP)
    for seat in d.seats:
        deal_draws(d, seat, DRAWS_DEALT, "setup", R_SETUP)
    if not open_excess(d):
        d.end_phase()
        start_round(d)


def fill_street(d: Decision, ref: str) -> None:
    game = game_of(d)
    hos = tuple(game.ho_deck[:HOS_PER_ROUND])
    d.emit(StreetFilled(hos=hos, street=(*game.street, *hos)), rule=ref)


def deal_draws(d: Decision, seat: str, count: int, reason: str, ref: str) -> list[str]:
    """Deal ``count`` Draw cards to ``seat`` (reshuffling the discard pile's Draw cards when
    the deck runs out); pimps among them join the clan face up at once."""
    game = game_of(d)
    dealt: list[str] = []
    while len(dealt) < count:
        if not game.draw_deck:
            pile = [c for c in game.discard if game.cards[c].deck == "draw"]
            if not pile:
                break
            order = d.shuffle(pile, purpose="the discard pile, into a new Draw deck")
            d.emit(DiscardsShuffled(cards=tuple(order)), rule=f"{R_MONEY_DRAW} (ruling R11)", visible_to=())
        chunk = tuple(game.draw_deck[: count - len(dealt)])
        d.emit(DrawCardsDealt(seat=seat, cards=chunk, reason=reason), rule=ref, visible_to=(seat,))
        dealt.extend(chunk)
    d.emit(DrawCountDealt(seat=seat, count=len(dealt), reason=reason), rule=ref)
    pimps = tuple(c for c in dealt if game.cards[c].is_pimp)
    if pimps:
        d.emit(DrawPimpsJoined(seat=seat, pimps=pimps), rule=R_SETUP)
    return dealt


def open_excess(d: Decision) -> bool:
    """Ask every player over the limit of 7 pimps which to discard; True if anyone was asked."""
    game = game_of(d)
    asked = False
    for seat in game.order or d.seats:
        excess = len(game.clans[seat]) - PIMP_LIMIT
        if excess > 0:
            options = tuple(Option(p, pimp_label(game, p)) for p in game.clans[seat])
            d.request(
                seat,
                "discard",
                f"You have {len(game.clans[seat])} pimps; the limit is {PIMP_LIMIT}: discard {excess}",
                answer={"pimps": Subset(options, min=excess, max=excess)},
                id=f"r{d.flow.round}.{d.flow.phase}.discard.{seat}",
                rule=rule(R_SETUP_LIMIT),
            )
            asked = True
    return asked


def answer_discard(d: Decision, seat: str, args: dict[str, Any]) -> None:
    d.emit(PimpsDiscarded(seat=seat, pimps=tuple(args["pimps"])), rule=R_SETUP_LIMIT)
    if d.flow.requests:
        return
    if d.flow.phase == "setup":
        d.end_phase()
        start_round(d)
    else:
        finish_money_counting(d)


# --- rounds ------------------------------------------------------------------------------------


def start_round(d: Decision) -> None:
    game = game_of(d)
    d.begin_round()
    seats = list(d.seats)
    if d.flow.round == 1:
        first = d.pick(seats, purpose="the first player")
        how = "at random"
    else:
        first = seats[(seats.index(game.first) + 1) % len(seats)]
        how = "clockwise from the last round's first player (ruling R1)"
    at = seats.index(first)
    d.emit(FirstPlayerChosen(seat=first, order=tuple(seats[at:] + seats[:at]), how=how), rule=R_MACK_PLACE)
    d.begin_phase("macking")
    next_placement(d)


def placements(game: Backhanding, seat: str, phase: str) -> tuple[list[str], list[str]]:
    """The pimps ``seat`` may place now and the hos they may place one beside."""
    pimps = game.free_pimps(seat, phase)
    if phase == "macking":
        hos = [h for h in game.street if seat not in (game.contests.get(h) or Contest(h, phase)).pimps]
    else:
        hos = [h for s in game.order if s != seat for h in game.hos[s] if h not in game.contests]
    return (pimps, hos) if pimps and hos else ([], [])


def pimp_label(game: Backhanding, pimp: str) -> str:
    c = game.cards[pimp]
    ability = f", {c.effect}" if c.effect else ""
    return f"{c.name} (macking {c.macking}, backhanding {c.backhanding}{ability})"


def ho_label(game: Backhanding, ho: str) -> str:
    c = game.cards[ho]
    owner = game.owner_of_ho(ho)
    fights = f", backhanding {c.backhanding}" if c.backhanding else ""
    return f"{c.name} (${c.money}{fights}{', ' + owner + chr(39) + 's' if owner else ''})"


def next_placement(d: Decision) -> None:
    """Ask the next player clockwise who has not passed to place a pimp; when everyone has
    passed, the sealed plays of the phase follow."""
    game = game_of(d)
    phase = d.flow.phase or ""
    order = game.order
    start = order.index(game.last) + 1 if game.last else 0
    ref = R_MACK_PLACE if phase == "macking" else R_BH_PLACE
    for i in range(len(order)):
        seat = order[(start + i) % len(order)]
        if seat in game.passed:
            continue
        pimps, hos = placements(game, seat, phase)
        if not pimps:
            d.emit(PlacementPassed(seat=seat, phase=phase, forced=True), rule=f"{ref} (ruling R2)")
            continue
        what = "beside a ho on the street to recruit her" if phase == "macking" else "in front of an opponent's ho to eliminate her"
        n = sum(len(c.pimps) for c in game.contests.values()) + len(game.passed)
        d.request(
            seat,
            "place",
            f"{phase.capitalize()}: place a pimp {what}, or pass",
            answer={
                "pimp": Pick((*(Option(p, pimp_label(game, p)) for p in pimps), Option(PASS, "pass: place no more pimps this phase"))),
                "ho": Pick(tuple(Option(h, ho_label(game, h)) for h in hos), optional=True),
            },
            id=f"r{d.flow.round}.{phase}.place.{n}.{seat}",
            rule=rule(ref),
        )
        return
    open_plays(d)


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
    next_placement(d)


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
        found = d.rules.hook.backhanding_trick_targets(state=d.state, seat=seat, card=card, step=step)
        return sorted({t for targets in found for t in targets or ()})
    return []


def _target_label(game: Backhanding, target: str) -> str:
    # Worded unlike the placement labels, so that no label of one seat's request reads
    # like a fragment of another's.
    if target in game.cards:
        c = game.cards[target]
        if c.kind == "ho":
            return f"the fight for {c.name} (worth {c.money})"
        return f"{game.owner_of_pimp(target) or 'nobody'}'s pimp {c.name} [{c.macking}/{c.backhanding}]"
    return f"the player {target}"


def card_label(game: Backhanding, card: str) -> str:
    c = game.cards[card]
    if c.kind == "trick":
        return f"{c.name} (Dirty Trick: {c.text})" if c.text else f"{c.name} (Dirty Trick)"
    return f"{c.name} ({c.kind} +{c.bonus})"


def open_plays(d: Decision) -> None:
    """Every player holding Draw cards chooses, sealed, which to play and on what."""
    game = game_of(d)
    step = STEPS[d.flow.phase or ""]
    ref = {"macking": R_MACK_MODS, "backhanding": R_BH_MODS, "count": R_COUNT}[step]
    asked = False
    for seat in game.order:
        hand = game.hands[seat]
        if not hand:
            continue
        offered = {card: tuple(legal_targets(d, seat, card, step)) for card in hand}
        offered = {card: targets for card, targets in offered.items() if targets}
        d.emit(PlaysOffered(seat=seat, targets=offered), rule=ref, visible_to=(seat,))
        targets = sorted({t for ts in offered.values() for t in ts})
        d.request(
            seat,
            "play",
            {
                "macking": "Play macking modifiers on your placed pimps, and Dirty Tricks (sealed)",
                "backhanding": "Play backhanding modifiers on your fights, and Dirty Tricks (sealed)",
                "count": "Play value modifiers on hos (+ on yours, - on an opponent's), and Dirty Tricks (sealed)",
            }[step],
            answer={
                "plays": Assign(
                    tuple(Option(c, card_label(game, c)) for c in offered),
                    tuple(Option(t, _target_label(game, t)) for t in targets),
                    min=0,
                )
            },
            sealed=True,
            id=f"r{d.flow.round}.{step}.play.{seat}",
            rule=rule(ref),
        )
        asked = True
    if not asked:
        after_plays(d)


def answer_play(d: Decision, seat: str, args: dict[str, Any]) -> None:
    game = game_of(d)
    step = STEPS[d.flow.phase or ""]
    ref = {"macking": R_MACK_MODS, "backhanding": R_BH_MODS, "count": R_COUNT}[step]
    plays: dict[str, str] = dict(args["plays"])
    offered = game.offered.get(seat, {})
    for card, target in plays.items():
        if target not in offered.get(card, ()):
            where = ", ".join(offered.get(card, ())) or "nowhere now"
            raise IllegalAction(f"{game.cards[card].name} cannot be played on {target} (it may go on: {where})", rule(ref))
    d.emit(PlaysChosen(seat=seat, plays=plays), rule=ref, visible_to=(seat,))
    if not d.flow.requests:
        after_plays(d)


def after_plays(d: Decision) -> None:
    """Reveal every sealed play at once, carry out the Dirty Tricks in play order, then the contests."""
    game = game_of(d)
    step = STEPS[d.flow.phase or ""]
    ref = {"macking": R_MACK_MODS, "backhanding": R_BH_MODS, "count": R_COUNT}[step]
    plays = {seat: game.chosen[seat] for seat in game.order if seat in game.chosen}
    d.emit(PlaysRevealed(step=step, plays=plays), rule=ref)
    for seat, card, target in list(game.played):
        if game.cards[card].kind != "trick":
            continue
        if not d.rules.hook.backhanding_trick_played(decision=d, seat=seat, card=card, target=target):
            raise referee.RefereeError(f"no plugin carries out {game.cards[card].name} ({game.cards[card].effect})")
    if step == "macking":
        resolve_macking(d)
    elif step == "backhanding":
        resolve_backhanding(d)
    else:
        final_count(d)


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
            card = game.cards[pimp]
            value = card.macking if phase == "macking" else card.backhanding
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
        d.rules.hook.backhanding_ho_recruited(decision=d, seat=seat, pimp=pimp, ho=ho)
    _clear(d, R_MACK_LEFT)
    d.begin_phase("backhanding")
    next_placement(d)


def resolve_backhanding(d: Decision) -> None:
    game = game_of(d)
    attacked = [h for s in game.order for h in game.hos[s] if h in game.contests]
    for ho in _by_value(game, attacked):
        contest = game.contests.get(ho)
        if contest is None or not contest.pimps:
            continue
        attacker, pimp = next(iter(contest.pimps.items()))
        owner = contest.owner
        protector = game.hos[owner][ho]
        if roll_contest(d, contest) == owner:
            d.emit(HoDefended(ho=ho, owner=owner, protector=protector, attacker=attacker, pimp=pimp), rule=R_BH_OUTCOME)
            continue
        to = d.rules.hook.backhanding_protector_lost(state=d.state, seat=owner, pimp=protector) or "temporary"
        cards = tuple(c for _, c, t in game.played if t == ho and game.cards[c].kind == "backhanding")
        d.emit(
            HoEliminated(ho=ho, owner=owner, protector=protector, attacker=attacker, pimp=pimp, protector_to=to, cards=cards),
            rule=R_BH_OUTCOME,
        )
    _clear(d, R_BH_OUTCOME)
    money_counting(d)


def _clear(d: Decision, ref: str) -> None:
    game = game_of(d)
    if game.played:
        d.emit(CardsDiscarded(cards=tuple(c for _, c, _ in game.played), step=STEPS[d.flow.phase or ""]), rule=ref)
    d.emit(PhaseCleared(phase=d.flow.phase or "", unrecruited=tuple(game.street)), rule=ref)
    d.end_phase()


# --- money counting ----------------------------------------------------------------------------


def money_counting(d: Decision) -> None:
    game = game_of(d)
    d.begin_phase("money counting")
    if d.flow.round < ROUNDS:
        for seat in game.order:
            deal_draws(d, seat, DRAWS_DEALT, "money counting", R_MONEY_DRAW)
        if not open_excess(d):
            finish_money_counting(d)
    else:
        open_plays(d)


def finish_money_counting(d: Decision) -> None:
    fill_street(d, R_MONEY_DRAW)
    d.end_phase()
    d.end_round()
    start_round(d)


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
    d.end_phase()
    d.end_round()
    best = max(totals.values())
    top = [s for s in game.order if totals[s] == best]
    most = max(counts[s] for s in top)
    winners = [s for s in top if counts[s] == most]
    standings = rank((s, totals[s], True, f"{counts[s]} ho{'' if counts[s] == 1 else 's'}") for s in d.seats)
    if len(top) == 1:
        reason = f"{winners[0]} has the most money: ${best}"
    elif len(winners) == 1:
        reason = f"{join_names(top)} tie on ${best}; {winners[0]} holds the most hos (ruling R12)"
    else:
        reason = f"{join_names(winners)} tie on ${best} with {most} hos each and share the win (ruling R12)"
    d.end_game(winners, reason, standings, rule=R_WIN)
