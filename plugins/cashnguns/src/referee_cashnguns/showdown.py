"""The showdown: cowards shamed and guns lowered (``round: cowards``), Bang! Bang! Bang!
first and then every other card (``round: shooting``), wounds and deaths (``end``: "A
player who collects three wounds dies"), and The Specialist taking a spent Bang! Bang!
Bang! back (the ``reload`` step)."""

from __future__ import annotations

import referee
from referee import Decision, IllegalAction, Option, Pick

from .components import CARD_NAMES
from .events import AimLowered, BulletDiscarded, CowardShamed, GangsterDied, ShotFired
from .powers import reveal, wound
from .rounds import R_COWARD, R_END, R_SHOTS, _ask, _collect, _game, _last_round, _subject, components
from .state import CashNGuns


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


def spent(decision: Decision | referee.TableState) -> dict[str, str]:
    """The guns whose card this round was spent without showing that it was not Bang! Bang!
    Bang! (gun -> card): every card discarded face down, and every Bang! Bang! Bang! fired.
    A fired Click! or Bang! is public and not Bang! Bang! Bang!; a card discarded face down
    may have been anything."""
    r = _game_of(decision).round
    return {**r.discarded, **{gun: card for gun, card in r.fired.items() if card == "bbb"}}


def _game_of(source: Decision | referee.TableState) -> CashNGuns:
    game: CashNGuns = source.game
    return game


def _open_reloads(decision: Decision) -> None:
    """The Specialist "may use the Bang! Bang! Bang! card twice. Revealed when the BBB card is
    used": a Bang! Bang! Bang! played is used, fired or discarded unfired (bullet cards are
    "single use": a card discarded face down is as spent as one fired).  Whoever may have
    spent one is asked, so the question tells nobody who holds the power, nor which card a
    gangster discarded face down."""
    game = _game(decision)
    if _last_round(decision) or not any(decision.rules.hook.cashnguns_pending_reloads(state=decision.state)):
        return
    for gun, card in spent(decision).items():
        owner = game.guns[gun].owner
        if not game.gangsters[owner].alive:
            continue
        options = _collect(decision.rules.hook.cashnguns_reload_options(state=decision.state, gangster=owner, gun=gun))
        which = "" if gun == owner else f" (the gun taken from {gun})"
        _ask(
            decision,
            owner,
            "reload",
            gun,
            f"{owner}, your {CARD_NAMES[card]}{which} is spent.",
            # Every gangster who may have spent one is asked, holder or not, so the question
            # itself tells nobody who The Specialist is; leaving the field out keeps the cards.
            answer={
                "discard": Pick(
                    tuple(Option(c, label) for _, c, label in options), optional=True, label="card to give up; leave out to keep your cards"
                )
            },
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
