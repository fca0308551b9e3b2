"""Choosing bullets and targets: the rulebook's "Each player chooses one bullet card ... face
down" (``round: bullet cards``) and "Each player chooses whom to shoot ... on three,
everyone points" (``round: targets``), with the late choices of The Kid (``late-aim``) and
The Cunning (``late-bullet``)."""

from __future__ import annotations

import referee
from referee import Decision, IllegalAction, Option, Pick

from .components import CARD_NAMES
from .events import BulletChosen, TargetChosen, TargetsRevealed
from .powers import reveal, title
from .rounds import R_BULLET, R_TARGET, _active, _ask, _collect, _game, _subject


def _late_bullet(decision: Decision, gangster: str) -> bool:
    return any(decision.rules.hook.cashnguns_chooses_bullet_late(state=decision.state, gangster=gangster))


def _late_aim(decision: Decision, gangster: str) -> bool:
    return any(decision.rules.hook.cashnguns_aims_late(state=decision.state, gangster=gangster))


def _card_options(cards: list[str]) -> tuple[Option, ...]:
    return tuple(Option(c, f"{CARD_NAMES[c]} ({cards.count(c)} left)") for c in dict.fromkeys(cards))


INSTEAD = "bullet"
"""The group of alternatives (``one_of``) of a bullet request that offers The Cunning: a
bullet card, or the power revealed instead of one."""


def _bullet_answer(cards: list[str], reveals: list[tuple[str, str, bool]]) -> dict[str, referee.Shape]:
    """The bullet request's answer, saying exactly what the rules accept.  A gangster holds
    one power, so the powers offered all go with a card (The Kid, The Insane: the card is
    required, the reveal optional) or all replace it (The Cunning: exactly one of the two).
    Should a house rule offer both kinds at once, the card becomes optional and
    ``_choose_bullet`` checks the pairing."""
    with_card = [r for r in reveals if r[2]]
    instead = [r for r in reveals if not r[2]]
    reveal = tuple(Option(p, label) for p, label, _ in reveals)
    if instead and not with_card:
        return {
            "card": Pick(_card_options(cards), optional=True, one_of=INSTEAD, label="bullet card"),
            "reveal": Pick(reveal, optional=True, one_of=INSTEAD, label="reveal your power instead"),
        }
    answer: dict[str, referee.Shape] = {"card": Pick(_card_options(cards), optional=bool(instead), label="bullet card")}
    if reveals:
        answer["reveal"] = Pick(reveal, optional=True, label="reveal your power")
    return answer


def _open_bullets(decision: Decision, *, late: bool) -> None:
    game = _game(decision)
    for name in _active(decision):
        if _late_bullet(decision, name) != late:
            continue
        reveals = [] if late else _collect(decision.rules.hook.cashnguns_reveal_options(state=decision.state, gangster=name))
        for number, gun in enumerate(g for g in game.guns_of(name) if g.bullets):
            answer = _bullet_answer(gun.bullets, reveals if number == 0 else [])
            which = "" if gun.id == name else f" (the gun taken from {gun.id})"
            _ask(
                decision,
                name,
                "bullet",
                gun.id,
                f"{name}, choose a bullet card{which}, face down.",
                answer=answer,
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
            _ask(
                decision,
                name,
                "aim",
                gun.id,
                f"{name}, whom do you point {'your gun' if gun.id == name else gun.id + chr(39) + 's gun'} at?",
                answer={"target": Pick(tuple(Option(t) for t in targets), label="target")},
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
