"""Cash'n'Guns as a Referee game: setup, the round's steps, the showdown, the split, the end.

A round is a kernel round and each of its steps a phase:

    bullets -> aim -> late-aim (The Kid) -> late-bullet (The Cunning) -> nerve
            -> showdown -> reload (The Specialist) -> claim (It Doesn't Even Hurt!)
            -> guns (You Don't Need It Anymore...)

Every secret choice is a sealed request, answered by everyone before anything is
revealed.  The round is declared (``FLOW``): the kernel ends a step when its last request
is answered (or expires), whoever answered it (a power's own request too), then runs the
steps that need nobody's answer until one does.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import msgspec

import referee
from referee import GAMESMASTER, Decision, Event, Flag, Game, IllegalAction, Option, Phase, Pick, Rounds, hookimpl
from referee.bots import bots_by_seat as by_seat
from referee.bots import check_kinds, check_seats
from referee.results import join_names, rank

from . import hookspecs
from .bot import BOT_KINDS, DEFAULT_BOT
from .components import CARD_NAMES, STANDARD, Components, dollars
from .events import (
    EVENT_TYPES,
    AimLowered,
    BulletChosen,
    BulletDiscarded,
    CowardShamed,
    GangsterDied,
    GangstersArmed,
    LootShuffled,
    MoneyCounted,
    NerveShown,
    NervesRevealed,
    PotRevealed,
    PotSplit,
    PowerDealt,
    SatOut,
    ShotFired,
    TargetChosen,
    TargetsRevealed,
)
from .powers import POWERS, Power, reveal, title, wound
from .split import split
from .state import CashNGuns, Gangster, evolve

_HERE = Path(__file__).parent

STAY_DOWN = "stay-down"
"""The claim answer of a fallen gangster who does not join the split."""

R_SETUP = "setup"
R_POT = "round: the pot"
R_BULLET = "round: bullet cards"
R_TARGET = "round: targets"
R_DELAY = "round: delaying"
R_NERVE = "round: cowards or brave"
R_NERVE_LATE = "round: withdrawing late"
R_COWARD = "round: cowards"
R_SHOTS = "round: shooting"
R_SPLIT = "round: the split"
R_END = "end"


class Options(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    deadline: float = 0
    """Seconds each gangster has for a choice (the leader's count); 0: no limit, as in hot-seat play."""

    bots: str | list[str] | dict[str, str] = DEFAULT_BOT
    """Which bot plays a seat the table lets bots play: one kind for every seat
    ("heuristic", "random"), kinds in seat order (a list, or a comma-separated string
    such as "heuristic,random,random,heuristic"), or a mapping of seat to kind (seats
    left out get "heuristic").  It chooses nothing for a seat a person plays."""

    def __post_init__(self) -> None:
        if self.deadline < 0:
            raise ValueError("deadline cannot be negative")
        check_kinds(self.bots, BOT_KINDS)


def bots_by_seat(options: dict[str, Any], seats: Iterable[str]) -> dict[str, str]:
    """Each seat's bot kind, from the table option ``bots`` (checked at setup)."""
    return by_seat(options.get("bots", DEFAULT_BOT), seats, DEFAULT_BOT)


@hookimpl
def referee_games() -> list[Game]:
    return [
        Game(
            name="cashnguns",
            title="Cash'n'Guns",
            min_seats=4,
            max_seats=6,
            summary="Eight rounds of standoffs: choose a bullet, point your gun, keep your nerve, split the loot.",
            options=Options,
            hookspecs=[hookspecs],
            rules_document=str(_HERE / "RULES.md"),
            scenarios=str(_HERE / "scenarios"),
            events=EVENT_TYPES,
            initial_state=lambda opened: CashNGuns(gangsters={seat: Gangster(name=seat) for seat in opened.seats}),
            evolve=_evolve,
            flow=FLOW,
        )
    ]


def _evolve(state: referee.TableState, event: Event) -> None:
    if isinstance(event, EVENT_TYPES):
        evolve(state.game, event)


# --- helpers -------------------------------------------------------------------------


def components(decision: Decision) -> Components:
    """The published components, unless a house rule replaces them."""
    found: Components | None = decision.rules.hook.cashnguns_components(components=STANDARD)
    return found or STANDARD


def _game(decision: Decision) -> CashNGuns:
    game: CashNGuns = decision.game
    return game


def _collect(results: Iterable[list[Any] | None]) -> list[Any]:
    return [item for result in results if result for item in result]


def _deadline(decision: Decision) -> float | None:
    seconds = float(decision.options.get("deadline", 0))
    return seconds or None


def _active(decision: Decision) -> list[str]:
    """Living gangsters taking part in this round's choices."""
    game = _game(decision)
    return [n for n in game.living() if n not in game.round.sat_out]


def _rid(decision: Decision, step: str, subject: str) -> str:
    return f"r{decision.flow.round}.{step}.{subject}"


def _subject(request_id: str | None, decision: Decision, step: str) -> str:
    prefix = f"r{decision.flow.round}.{step}."
    if not request_id or not request_id.startswith(prefix):
        raise IllegalAction(f"no {step} choice is open for this round", R_SETUP)
    return request_id.removeprefix(prefix)


# --- setup and rounds ------------------------------------------------------------------


@hookimpl
def referee_setup(decision: Decision) -> bool:
    check_seats(decision.options.get("bots", DEFAULT_BOT), decision.seats)
    parts = components(decision)
    decision.emit(GangstersArmed(guns={seat: seat for seat in decision.seats}, bullets=parts.deck(), rounds=parts.rounds), rule=R_SETUP)
    notes = decision.shuffle(parts.notes(), purpose="the loot, face down")
    decision.emit(LootShuffled(notes=notes), rule=R_SETUP, visible_to=())
    powers = sorted(e.name for e in decision.rules.extensions if e.kind == "power")
    if powers:
        dealt = decision.shuffle(powers, purpose="special powers, dealt face down")
        for seat, power in zip(decision.seats, dealt):
            decision.emit(PowerDealt(gangster=seat, power=power), rule="special powers", visible_to=[seat])
    return True


def _reveal_pot(decision: Decision) -> None:
    game = _game(decision)
    notes = game.loot[: components(decision).notes_per_round]
    decision.emit(PotRevealed(round=decision.flow.round, notes=notes, pot=[*game.pot, *notes]), rule=R_POT)


def _last_round(decision: Decision) -> bool:
    """This round ends the game: the last of the rounds, or at most one gangster alive."""
    return decision.flow.round >= components(decision).rounds or len(_game(decision).living()) <= 1


def _end_if_over(decision: Decision) -> None:
    """Between rounds: the game ends after the last round, or with one gangster left."""
    if decision.flow.round and _last_round(decision):
        _end_game(decision)


# --- bullets -------------------------------------------------------------------------


def _late_bullet(decision: Decision, gangster: str) -> bool:
    return any(decision.rules.hook.cashnguns_chooses_bullet_late(state=decision.state, gangster=gangster))


def _late_aim(decision: Decision, gangster: str) -> bool:
    return any(decision.rules.hook.cashnguns_aims_late(state=decision.state, gangster=gangster))


def _card_options(cards: list[str]) -> tuple[Option, ...]:
    return tuple(Option(c, f"{CARD_NAMES[c]} ({cards.count(c)} left)") for c in dict.fromkeys(cards))


def _open_bullets(decision: Decision, *, late: bool) -> None:
    game = _game(decision)
    for name in _active(decision):
        if _late_bullet(decision, name) != late:
            continue
        reveals = [] if late else _collect(decision.rules.hook.cashnguns_reveal_options(state=decision.state, gangster=name))
        for number, gun in enumerate(g for g in game.guns_of(name) if g.bullets):
            # A power revealed "instead of" the bullet (The Cunning) makes the card optional;
            # _choose_bullet then checks the pairing, which no single field can say.
            instead = number == 0 and any(not bullet_now for _, _, bullet_now in reveals)
            answer: dict[str, referee.Shape] = {"card": Pick(_card_options(gun.bullets), optional=instead, label="bullet card")}
            if number == 0 and reveals:
                answer["reveal"] = Pick(tuple(Option(p, label) for p, label, _ in reveals), optional=True, label="reveal your power")
            which = "" if gun.id == name else f" (the gun taken from {gun.id})"
            decision.request(
                name,
                "bullet",
                f"Round {decision.flow.round}: {name}, choose a bullet card{which}, face down.",
                answer=answer,
                sealed=True,
                deadline=_deadline(decision),
                id=_rid(decision, "bullet", gun.id),
                rule=R_BULLET,
            )


def _choose_bullet(decision: Decision, action: referee.Action) -> None:
    gun = _subject(action.request, decision, "bullet")
    power = action.args.get("reveal")
    card = action.args.get("card")
    if power:
        late = [
            p
            for p, _, bullet_now in _collect(decision.rules.hook.cashnguns_reveal_options(state=decision.state, gangster=action.seat))
            if not bullet_now
        ]
        if power in late and card:
            raise IllegalAction(
                f"revealing {title(decision, str(power))} puts off your bullet card until the targets are known: send no card with it",
                R_BULLET,
            )
        if power not in late and not card:
            raise IllegalAction(f"choose a bullet card to go with {title(decision, str(power))}", R_BULLET)
    elif not card:
        raise IllegalAction("choose a bullet card (or reveal a power that lets you choose it later)", R_BULLET)
    if power:
        reveal(decision, action.seat, str(power))
        if _late_bullet(decision, action.seat):
            for rid, request in list(decision.flow.requests.items()):
                if request.seat == action.seat and request.action == "bullet":
                    decision.withdraw(rid, f"{action.seat} now chooses bullets after the targets are known", rule=R_BULLET)
    if card:
        decision.emit(BulletChosen(gangster=action.seat, gun=gun, card=str(card)), rule=R_BULLET, visible_to=[action.seat])


# --- targets ------------------------------------------------------------------------


def _open_aims(decision: Decision, *, late: bool) -> None:
    game = _game(decision)
    r = game.round
    for name in _active(decision):
        if _late_aim(decision, name) != late:
            continue
        chooses_later = _late_bullet(decision, name)
        targets = [t for t in game.living() if t != name]
        for gun in game.guns_of(name):
            if gun.id not in r.bullets and not (chooses_later and gun.bullets):
                continue
            decision.request(
                name,
                "aim",
                f"Round {decision.flow.round}: {name}, whom do you point {'your gun' if gun.id == name else gun.id + chr(39) + 's gun'} at?",
                answer={"target": Pick(tuple(Option(t) for t in targets), label="target")},
                sealed=True,
                deadline=_deadline(decision),
                id=_rid(decision, "aim", gun.id),
                rule=R_TARGET,
            )


def _choose_target(decision: Decision, action: referee.Action) -> None:
    gun = _subject(action.request, decision, "aim")
    decision.emit(TargetChosen(gangster=action.seat, gun=gun, target=str(action.args["target"])), rule=R_TARGET, visible_to=[action.seat])


def _reveal_targets(decision: Decision) -> None:
    r = _game(decision).round
    new = {gun: target for gun, target in r.targets.items() if gun not in r.shown}
    if new:
        game = _game(decision)
        holders = {gun: game.guns[gun].owner for gun in new if game.guns[gun].owner != gun}
        decision.emit(TargetsRevealed(targets=new, holders=holders), rule=R_TARGET)


# --- nerve ------------------------------------------------------------------------------


def _open_nerve(decision: Decision) -> None:
    for name in _active(decision):
        decision.request(
            name,
            "nerve",
            f"Round {decision.flow.round}: {name}, on three: stay in, or back down (a shame token)?",
            answer={"brave": Flag(label="stay in; no backs down for a shame token")},
            sealed=True,
            deadline=_deadline(decision),
            id=_rid(decision, "nerve", name),
            rule=R_NERVE,
        )


def _show_nerve(decision: Decision, action: referee.Action) -> None:
    decision.emit(NerveShown(gangster=action.seat, brave=bool(action.args["brave"])), rule=R_NERVE, visible_to=[action.seat])


def _reveal_nerves(decision: Decision) -> None:
    r = _game(decision).round
    decision.emit(
        NervesRevealed(brave=[n for n, b in r.nerve.items() if b], cowards=[n for n, b in r.nerve.items() if not b]),
        rule=R_NERVE,
    )


# --- the showdown ---------------------------------------------------------------------


def _wound_limit(decision: Decision, gangster: str) -> int:
    found = decision.rules.hook.cashnguns_wound_limit(state=decision.state, gangster=gangster)
    return int(found) if found is not None else components(decision).wound_limit


def _discard(decision: Decision, gun: str, reason: str) -> None:
    game = _game(decision)
    owner = game.guns[gun].owner
    card = game.round.bullets.get(gun)
    if card:
        decision.emit(BulletDiscarded(gangster=owner, gun=gun, card=card, reason=reason), rule=R_SHOTS, visible_to=[owner])


def _showdown(decision: Decision) -> None:
    game = _game(decision)
    r = game.round
    for coward in r.cowards:
        decision.emit(CowardShamed(gangster=coward, shame=game.gangsters[coward].shame + 1), rule=R_COWARD)
        for coward_gun in game.guns_of(coward):
            _discard(decision, coward_gun.id, "backed down")
    out = set(r.cowards) | set(r.sat_out)
    for gun, target in list(r.shown.items()):
        shooter = game.guns[gun].owner
        if shooter not in out and target in out:
            decision.emit(AimLowered(gun=gun, gangster=shooter, target=target), rule=R_COWARD)
            _discard(decision, gun, f"aimed at {target}, who is out of the round")
    ready = {gun: target for gun, target in r.shown.items() if gun in r.bullets and game.guns[gun].owner not in out and target not in out}
    # "First any Bang! Bang! Bang! cards are revealed. Players hit by these do not get to
    # shoot back: they take a wound token": their wounds come before any other card, so a
    # grenade they set off ends the round before the other cards are fired.
    volley = {gun: target for gun, target in ready.items() if r.bullets[gun] == "bbb"}
    for gun, target in volley.items():
        _fire(decision, gun, target)
    struck = set(volley.values())
    _take_wounds(decision)
    if r.ended_early:
        for gun in list(r.bullets):
            _discard(decision, gun, "the round ended there, before this card was fired")
    else:
        for gun, target in ready.items():
            if gun not in r.bullets:
                continue
            if game.guns[gun].owner in struck:
                _discard(decision, gun, "hit by Bang! Bang! Bang! before shooting")
            else:
                _fire(decision, gun, target)
        for gun in list(r.bullets):
            _discard(decision, gun, "not fired")
        _take_wounds(decision)
    for gangster in list(game.gangsters.values()):
        if gangster.alive and gangster.wounds >= _wound_limit(decision, gangster.name):
            decision.emit(GangsterDied(gangster=gangster.name, wounds=gangster.wounds), rule=R_END)


def _take_wounds(decision: Decision) -> None:
    """Turn the hits not yet wounded this round into wounds, gangster by gangster."""
    game = _game(decision)
    r = game.round
    for name in list(game.gangsters):
        hits = r.hits.get(name, 0) - r.wounded_hits.get(name, 0)
        if hits <= 0:
            continue
        changed = decision.rules.hook.cashnguns_wounds_from_hits(decision=decision, gangster=name, hits=hits)
        wound(decision, name, hits=hits, wounds=hits if changed is None else int(changed), rule=R_SHOTS)


def _fire(decision: Decision, gun: str, target: str) -> None:
    game = _game(decision)
    shooter, card = game.guns[gun].owner, game.round.bullets[gun]
    decision.emit(ShotFired(gun=gun, gangster=shooter, target=target, card=card), rule=R_SHOTS)
    decision.rules.hook.cashnguns_bullet_fired(decision=decision, gangster=shooter, gun=gun, card=card)


# --- taking Bang! Bang! Bang! back ---------------------------------------------------


def _open_reloads(decision: Decision) -> None:
    game = _game(decision)
    if _last_round(decision) or not any(decision.rules.hook.cashnguns_pending_reloads(state=decision.state)):
        return
    for gun, card in game.round.fired.items():
        owner = game.guns[gun].owner
        if card != "bbb" or not game.gangsters[owner].alive:
            continue
        options = _collect(decision.rules.hook.cashnguns_reload_options(state=decision.state, gangster=owner, gun=gun))
        which = "" if gun == owner else f" (the gun taken from {gun})"
        decision.request(
            owner,
            "reload",
            f"Round {decision.flow.round}: {owner}, your Bang! Bang! Bang!{which} is spent.",
            # Every gangster who fired one is asked, holder or not, so the question itself
            # tells nobody who The Specialist is; leaving the field out keeps the cards.
            answer={
                "discard": Pick(
                    tuple(Option(c, label) for _, c, label in options), optional=True, label="card to give up; leave out to keep your cards"
                )
            },
            sealed=True,
            deadline=_deadline(decision),
            id=_rid(decision, "reload", gun),
            rule=R_SHOTS,
        )


def _reload(decision: Decision, action: referee.Action) -> None:
    gun = _subject(action.request, decision, "reload")
    card = action.args.get("discard")
    if card is None:
        return
    options = _collect(decision.rules.hook.cashnguns_reload_options(state=decision.state, gangster=action.seat, gun=gun))
    power = next((p for p, c, _ in options if c == card), None)
    if power is None:
        raise IllegalAction(f"{action.seat} cannot give up {CARD_NAMES.get(str(card), card)} for Bang! Bang! Bang! now", R_SHOTS)
    reveal(decision, action.seat, power)
    decision.rules.hook.cashnguns_power_chosen(
        decision=decision, gangster=action.seat, power=power, step="reload", args={"gun": gun, "discard": card}
    )


# --- the split ------------------------------------------------------------------------


def _fallen(decision: Decision) -> list[str]:
    game = _game(decision)
    standing = set(game.standing())
    return [n for n in game.living() if n not in standing]


def _open_claims(decision: Decision) -> None:
    game = _game(decision)
    fallen = _fallen(decision)
    if game.round.ended_early or not game.pot or not fallen:
        return
    if not any(decision.rules.hook.cashnguns_pending_claims(state=decision.state)):
        return
    for name in fallen:
        options = _collect(decision.rules.hook.cashnguns_claim_options(state=decision.state, gangster=name))
        decision.request(
            name,
            "claim",
            f"Round {decision.flow.round}: {name}, you are down. The pot is being split.",
            answer={"claim": Pick((Option(STAY_DOWN, "stay down"), *(Option(p, label) for p, label in options)))},
            sealed=True,
            deadline=_deadline(decision),
            id=_rid(decision, "claim", name),
            rule=R_SPLIT,
        )


def _claim(decision: Decision, action: referee.Action) -> None:
    claim = action.args["claim"]
    # Tables stored before answer shapes may still have a claim open that lists its
    # choices: {"claim": false} or {"claim": true, "power": ...}.
    power = (str(action.args["power"]) if claim else STAY_DOWN) if isinstance(claim, bool) else str(claim)
    if power != STAY_DOWN:
        reveal(decision, action.seat, power)
        decision.rules.hook.cashnguns_power_chosen(decision=decision, gangster=action.seat, power=power, step="claim", args={})


def _split_pot(decision: Decision) -> None:
    game = _game(decision)
    r = game.round
    if r.ended_early:
        return
    sharers = [n for n in game.living() if n in set(game.standing()) | set(r.claimants)]
    share, bundles, left = split(game.pot, len(sharers))
    decision.emit(PotSplit(share=share, shares=dict(zip(sharers, bundles)), left=left), rule=R_SPLIT)


# --- a dead gangster's gun ------------------------------------------------------------


def _open_gun_offers(decision: Decision) -> None:
    game = _game(decision)
    dead = list(game.round.dead)
    if not dead or _last_round(decision) or not any(decision.rules.hook.cashnguns_pending_gun_offers(state=decision.state)):
        return
    for name in game.living():
        options: list[Option] = []
        for fallen in dead:
            offers = _collect(decision.rules.hook.cashnguns_gun_offers(state=decision.state, gangster=name, dead=fallen))
            # A gangster holds one power, so one offer per dead gangster at most is ever made.
            options += [Option(fallen, label) for _, label in offers[:1]]
        decision.request(
            name,
            "take-gun",
            f"Round {decision.flow.round}: {', '.join(dead)} {'is' if len(dead) == 1 else 'are'} dead.",
            # Values are gangsters' names, so "leave the guns" is the field left out rather
            # than an option that a gangster's name could collide with.
            answer={"take": Pick(tuple(options), optional=True, label="whose gun to take; leave out to take none")},
            sealed=True,
            deadline=_deadline(decision),
            id=_rid(decision, "take-gun", name),
            rule=R_END,
        )


def _take_gun(decision: Decision, action: referee.Action) -> None:
    take = action.args.get("take")
    # Tables stored before answer shapes may still have a gun offer open that lists its
    # choices: {"take": false} or {"take": true, "power": ..., "dead": ...}.
    if take is None or take is False:
        return
    dead = str(action.args["dead"]) if take is True else str(take)
    offers = _collect(decision.rules.hook.cashnguns_gun_offers(state=decision.state, gangster=action.seat, dead=dead))
    if not offers:
        raise IllegalAction(f"{action.seat} can no longer take {dead}'s gun", R_END)
    power = str(offers[0][0])
    reveal(decision, action.seat, power)
    decision.rules.hook.cashnguns_power_chosen(decision=decision, gangster=action.seat, power=power, step="take-gun", args={"dead": dead})


# --- the end --------------------------------------------------------------------------


def _end_game(decision: Decision) -> None:
    game = _game(decision)
    decision.rules.hook.cashnguns_game_ending(decision=decision)
    penalty = components(decision).shame_penalty
    for g in list(game.gangsters.values()):
        notes = sum(g.notes)
        bonus = sum(b for b in decision.rules.hook.cashnguns_bonus(decision=decision, gangster=g.name) if b)
        total = notes - penalty * g.shame + bonus
        decision.emit(MoneyCounted(gangster=g.name, notes=notes, shame=g.shame, bonus=bonus, total=total, alive=g.alive), rule=R_END)
    standings = rank((g.name, g.total or 0, g.alive, "" if g.alive else "dead") for g in game.gangsters.values())
    living = [g for g in game.gangsters.values() if g.alive]
    best = max((g.total or 0 for g in living), default=None)
    winners = [g.name for g in living if g.total == best]
    if not winners:
        reason = "every gangster is dead; nobody wins"
    elif len(winners) == 1:
        reason = f"{winners[0]} is the richest living gangster with {dollars(best or 0)}"
    else:
        reason = f"{join_names(winners)} tie as the richest living gangsters with {dollars(best or 0)}"
    decision.end_game(winners, reason, standings, rule=R_END)


FLOW = Rounds(
    begin=_reveal_pot,
    phases=(
        Phase("bullets", begin=lambda d: _open_bullets(d, late=False)),
        Phase("aim", begin=lambda d: _open_aims(d, late=False), end=_reveal_targets),
        Phase("late-aim", begin=lambda d: _open_aims(d, late=True), end=_reveal_targets),
        Phase("late-bullet", begin=lambda d: _open_bullets(d, late=True)),
        Phase("nerve", begin=_open_nerve, end=_reveal_nerves),
        Phase("showdown", begin=_showdown),
        Phase("reload", begin=_open_reloads),
        Phase("claim", begin=_open_claims, end=_split_pot),
        Phase("guns", begin=_open_gun_offers),
    ),
    ends=_end_if_over,
)
"""A round: the pot, then its steps; each opens its sealed requests (or needs none), and
the ones ending in a reveal reveal once every answer is in."""

PHASES = tuple(phase.name for phase in FLOW.phases)
_ANSWERS = {
    "bullet": _choose_bullet,
    "aim": _choose_target,
    "nerve": _show_nerve,
    "reload": _reload,
    "claim": _claim,
    "take-gun": _take_gun,
}


@hookimpl
def referee_decide(decision: Decision, action: referee.Action) -> bool | None:
    answer = _ANSWERS.get(action.action)
    if answer is None or action.seat == GAMESMASTER:
        return None
    answer(decision, action)
    return True


@hookimpl
def referee_request_expired(decision: Decision, request: referee.Request) -> bool:
    """The leader's count ran out.

    A gangster who delays his bullet or his aim sits the round out; one who lets the nerve
    count run out has not backed down in time, and "a player who withdraws only after
    seeing others' decisions does not count as withdrawn and is still in".
    """
    game = _game(decision)
    seat = request.seat
    decision.withdraw(request.id, f"{seat} did not choose in time", rule=R_DELAY)
    if request.action == "nerve" and seat not in game.round.sat_out:
        decision.emit(NerveShown(gangster=seat, brave=True), rule=R_NERVE_LATE, visible_to=[seat])
    elif request.action in ("bullet", "aim") and seat not in game.round.sat_out:
        decision.emit(SatOut(gangster=seat, reason=f"delayed the {request.action} choice"), rule=R_DELAY)
        for rid, other in list(decision.flow.requests.items()):
            if other.seat == seat:
                decision.withdraw(rid, f"{seat} sits the round out", rule=R_DELAY)
        for gun in game.guns_of(seat):
            _discard(decision, gun.id, "sat the round out")
    return True


@hookimpl
def referee_idle_reason(state: referee.TableState, seat: str) -> str | None:
    game: CashNGuns = state.game
    gangster = game.gangsters.get(seat)
    if gangster is not None and not gangster.alive:
        return f"{seat} is dead (cashnguns end)"
    if seat in game.round.sat_out:
        return f"{seat} sits this round out for delaying (cashnguns round: delaying)"
    return None


__all__ = ["PHASES", "POWERS", "Options", "Power", "bots_by_seat", "components"]
