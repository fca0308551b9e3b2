"""Combat: bitches attacking a bitch in the street or in an opponent's pad, the defenders
evening the numbers and striking back, hits and dropped money; and trashing a pad."""

from __future__ import annotations

import math

import referee
from referee import Assign, Decision, Pick, Subset
from referee.results import join_names

from .common import activity_as, card_name, dollars, face, game_of, influence, named, options, retire
from .draws import plan, power
from .events import AttacksAnnounced, CombatEnded, DefendersJoined, FightTested, HitScored, MoneyOnBitch, PadTrashed
from .state import Combat, PimpGame, Trash


def _combat(d: Decision) -> Combat:
    a = activity_as(d, Combat)
    return a


def combat_step(d: Decision) -> None:
    game = game_of(d)
    a = _combat(d)
    attacker, defender = a.attacker, a.defender
    attackers = a.attackers
    home = game.pimps[defender].street if a.where == "street" else game.pimps[defender].pad
    if not a.joined:
        helpers = [c for c in game.fresh(home) if c != a.target]
        if len(attackers) > 1 and helpers:
            d.request(
                defender,
                "defend",
                f"{defender}, {join_names([card_name(game, c) for c in attackers])} attack your {game.cards[a.target].shown}: "
                f"bring up to {min(len(attackers) - 1, len(helpers))} others to even the numbers?",
                answer={
                    "bitches": Subset(
                        options((c, game.cards[c].shown) for c in helpers),
                        max=len(attackers) - 1,
                        label="the bitches who join the fight",
                    )
                },
                id=f"t{d.flow.turn}.defend",
                rule="combat: evening the numbers",
            )
            return
        d.emit(named(d, DefendersJoined(pimp=defender, bitches=[])), rule="combat: evening the numbers")
    defenders = a.defenders
    if a.attack is None:
        if len(defenders) == 1:
            d.emit(named(d, AttacksAnnounced(side="attack", attacks=dict.fromkeys(attackers, defenders[0]))), rule="combat")
        else:
            _ask_assignment(d, attacker, attackers, defenders, "attack")
            return
    assert a.attack is not None
    if a.purpose not in ("attack", "counter"):
        attacked = sorted(set(a.attack.values()), key=defenders.index)
        plan(
            d,
            "attack",
            [(attacker, f"attack:{c}", f"{card_name(game, c)}'s attack") for c in attackers]
            + [(defender, f"defend:{c}", f"{card_name(game, c)}'s defence") for c in attacked],
        )
        return
    if not a.attack_tests:
        bonus = 1 if a.where == "street" else 2
        for c in attackers:
            _fight(d, "attack", c, power(d, f"attack:{c}"), 0)
        for c in sorted(set(a.attack.values()), key=defenders.index):
            _fight(d, "attack", c, power(d, f"defend:{c}"), bonus)
    if a.counter is None:
        if len(attackers) == 1:
            d.emit(named(d, AttacksAnnounced(side="counter", attacks=dict.fromkeys(defenders, attackers[0]))), rule="combat")
        else:
            _ask_assignment(d, defender, defenders, attackers, "counter")
            return
    assert a.counter is not None
    if a.purpose != "counter":
        attacked = sorted(set(a.counter.values()), key=attackers.index)
        plan(
            d,
            "counter",
            [(defender, f"counter:{c}", f"{card_name(game, c)}'s counter-attack") for c in defenders]
            + [(attacker, f"counter-defend:{c}", f"{card_name(game, c)}'s defence against the counter-attack") for c in attacked],
        )
        return
    if not a.counter_tests:
        for c in defenders:
            _fight(d, "counter", c, power(d, f"counter:{c}"), 0)
        for c in sorted(set(a.counter.values()), key=attackers.index):
            _fight(d, "counter", c, power(d, f"counter-defend:{c}"), 0)
    _resolve(d)


def _ask_assignment(d: Decision, pimp: str, strikers: list[str], targets: list[str], side: str) -> None:
    game = game_of(d)
    d.request(
        pimp,
        "assign",
        f"{pimp}, announce which bitch each of yours attacks.",
        answer={
            "attacks": Assign(
                options((c, game.cards[c].shown) for c in strikers),
                options((c, card_name(game, c)) for c in targets),
                min=len(strikers),
                label="each of your bitches: the bitch she attacks",
            )
        },
        id=f"t{d.flow.turn}.assign.{side}",
        rule="combat",
    )


def answer_defend(d: Decision, action: referee.Action) -> None:
    d.emit(named(d, DefendersJoined(pimp=action.seat, bitches=list(action.args["bitches"]))), rule="combat: evening the numbers")


def answer_assign(d: Decision, action: referee.Action) -> None:
    side = "attack" if _combat(d).attack is None else "counter"
    d.emit(named(d, AttacksAnnounced(side=side, attacks=dict(action.args["attacks"]))), rule="combat")


def _fight(d: Decision, stage: str, card: str, drawn: int, bonus: int) -> None:
    fight = face(d, card).fight
    d.emit(
        named(d, FightTested(stage=stage, card=card, fight=fight, power=drawn, bonus=bonus, total=fight + drawn + bonus)),
        rule="combat: the fight test",
    )


def _hits(a: Combat) -> dict[str, list[str]]:
    """Each bitch hit -> the bitches who hit her, in the order they were announced."""
    hits: dict[str, list[str]] = {}
    for stage in ("attack", "counter"):
        tests = a.tests(stage)
        for striker, target in (a.announced(stage) or {}).items():
            if tests[striker] > tests[target]:
                hits.setdefault(target, []).append(striker)
    return hits


def pickers(game: PimpGame, a: Combat, card: str) -> list[str]:
    """Who may pick up the money ``card`` drops: "the bitch who scored the hit" if she is
    not retired (of several hitters, those not retired, the highest scoring first); else
    "any bitch on the side which has the most bitches left"; else nobody."""
    hits = _hits(a)
    retired = set(hits)
    tests = a.tests("attack" if card in a.defenders else "counter")
    standing = sorted((s for s in hits[card] if s not in retired), key=lambda s: -tests[s])
    if standing:
        return standing
    left = [[c for c in side if c not in retired] for side in (a.attackers, a.defenders)]
    if len(left[0]) == len(left[1]):
        return []
    return left[0] if len(left[0]) > len(left[1]) else left[1]


def _resolve(d: Decision) -> None:
    game = game_of(d)
    a = _combat(d)
    hits = _hits(a)
    if hits and not a.scored:
        for card, by in hits.items():
            d.emit(named(d, HitScored(card=card, by=by)), rule="combat: taking a hit")
        return
    for card in hits:
        # Money still on a bitch who was hit has not been dropped yet; one drop at a time,
        # since her pimp's rival may have to choose who picks it up.
        if not game.on_bitch.get(card, 0):
            continue
        choice = pickers(game, a, card)
        if len(choice) > 1:
            pimp = game.owner(choice[0])
            d.request(
                pimp,
                "pickup",
                f"{pimp}, {card_name(game, card)} drops {dollars(game.on_bitch[card])}: which of your bitches picks it up?",
                answer={"card": Pick(options((c, game.cards[c].shown) for c in choice), label="the bitch who picks up the money")},
                id=f"t{d.flow.turn}.pickup.{card}",
                rule="combat: dropped money",
            )
            return
        drop(d, card, choice[0] if choice else None)
        return
    retired = list(hits)
    for card in retired:
        retire(d, card, "retired hurt after combat", combat=True)
    d.emit(named(d, CombatEnded(retired=retired)), rule="combat")


def drop(d: Decision, card: str, picker: str | None) -> None:
    """``card`` drops her money; ``picker`` picks it up (None: "the money simply disappears")."""
    game = game_of(d)
    dropped = game.on_bitch.get(card, 0)
    d.emit(named(d, MoneyOnBitch(card=card, change=-dropped, money=0, reason="dropped")), rule="combat: dropped money")
    if picker:
        d.emit(
            named(
                d,
                MoneyOnBitch(
                    card=picker,
                    change=dropped,
                    money=game.on_bitch.get(picker, 0) + dropped,
                    reason=f"picked up from {game.cards[card].shown}",
                ),
            ),
            rule="combat: dropped money",
        )


def answer_pickup(d: Decision, action: referee.Action) -> None:
    # The request names the bitch who dropped the money: t<turn>.pickup.<card>.
    card = str(action.request).split(".pickup.", 1)[1]
    drop(d, card, str(action.args["card"]))


def trash_step(d: Decision) -> None:
    game = game_of(d)
    a = activity_as(d, Trash)
    pimp = d.flow.seat or ""
    if a.purpose != "trash":
        plan(d, "trash", [(pimp, f"trash:{a.card}", f"{card_name(game, a.card)} trashing {a.victim}'s pad")])
        return
    fight = game.cards[a.card].fight
    drawn = power(d, f"trash:{a.card}")
    damage = math.ceil((fight + drawn) / 5)
    d.emit(
        named(d, PadTrashed(pimp=pimp, victim=a.victim, card=a.card, fight=fight, power=drawn, damage=damage)),
        rule="trashing an opponent's pad",
    )
    influence(d, a.victim, -damage, "pad trashed", "trashing an opponent's pad")
