"""Rolling on the solicitation table: punters and the offer put to the street, looks
tests, doing the business (stamina tests and payment), and the special encounters."""

from __future__ import annotations

import referee
from referee import Decision, Pick, Subset

from .common import activity_as, card_name, face, game_of, influence, left_of, named, offers, options, retire
from .draws import plan, power
from .events import (
    ActivityEnded,
    BitchesSent,
    BribeDemanded,
    BusinessStarted,
    CrackdownBegan,
    FightTested,
    HitScored,
    LooksTested,
    LooksTestStarted,
    MoneyOnBitch,
    OfferPutToTheStreet,
    PsychoPunterRolled,
    PuntersChose,
    PuntersDroveAway,
    PuntersPaid,
    PuntersRolled,
    ShaggedOut,
    SolicitationRolled,
    StaminaTested,
)
from .solicitation import SHEET, Encounter, Sheet, d100
from .state import Business, Crackdown, LooksTests, PsychoPunter, Soliciting
from .state import Encounter as EncounterUnderWay


def solicit(d: Decision, pimp: str, card: str) -> None:
    tens = d.roll(10, purpose="solicitation table, tens")
    units = d.roll(10, purpose="solicitation table, units")
    roll = d100(tens, units)
    sheet: Sheet = d.rules.hook.pimp_solicitation_sheet(sheet=SHEET) or SHEET
    result = sheet.lookup(roll)
    name = result.encounter if isinstance(result, Encounter) else result.service
    d.emit(
        named(d, SolicitationRolled(pimp=pimp, card=card, tens=tens, units=units, roll=roll, result=name)),
        rule="rolling on the solicitation table",
    )
    if isinstance(result, Encounter):
        return
    die = d.roll(10, purpose="punters table")
    d.emit(
        PuntersRolled(die=die, punters=sheet.punters_for(die), service=result.service, price=result.price, stamina=result.stamina),
        rule="rolling on the solicitation table: punters",
    )


def offer_step(d: Decision) -> None:
    """The soliciting bitch offers the service, or the offer is put to the street."""
    game = game_of(d)
    a = activity_as(d, Soliciting)
    service = a.service
    if a.sent is None:
        if offers(game.cards[a.card], service):
            d.emit(
                named(d, BusinessStarted(card=a.card, service=service, punters=a.punters, price=a.price, stamina=a.stamina)),
                rule="servicing punters",
            )
            return
        asked = False
        for pimp in game.living():
            eligible = [c for c in game.fresh(game.pimps[pimp].street) if c != a.card and offers(game.cards[c], service)]
            open_already = any(r.seat == pimp and r.action == "send" for r in d.flow.requests.values())
            if eligible and not open_already and pimp not in a.sending:
                d.request(
                    pimp,
                    "send",
                    f"{pimp}, punters want {service}: send bitches from the street to their car?",
                    answer={
                        "bitches": Subset(options((c, game.cards[c].shown) for c in eligible), label="the bitches sent to the punters' car")
                    },
                    sealed=True,
                    id=f"t{d.flow.turn}.send.{pimp}",
                    rule="servicing punters: the offer is put to the street",
                )
                asked = True
        if asked:
            return
        sent = {p: list(b) for p, b in a.sending.items() if b}
        d.emit(named(d, OfferPutToTheStreet(service=service, sent=sent)), rule="servicing punters: the offer is put to the street")
        if not sent:
            d.emit(PuntersDroveAway(service=service, reason="no bitch offers the service"), rule="servicing punters")
            d.emit(ActivityEnded(kind="solicit"), rule="servicing punters")
        return
    contenders = [c for bitches in a.sent.values() for c in bitches]
    order = sorted(contenders, key=lambda c: (game.cards[c].looks, d.seats.index(game.owner(c))))
    d.emit(
        named(d, LooksTestStarted(service=service, punters=a.punters, price=a.price, stamina=a.stamina, order=order)),
        rule="servicing punters: looks tests",
    )


def answer_send(d: Decision, action: referee.Action) -> None:
    d.emit(
        named(d, BitchesSent(pimp=action.seat, bitches=list(action.args["bitches"]))),
        rule="servicing punters: the offer is put to the street",
        visible_to=[action.seat],
    )


def looks_step(d: Decision) -> None:
    game = game_of(d)
    a = activity_as(d, LooksTests)
    if a.purpose != "looks":
        draws = [
            (game.owner(c), f"looks:{c}:{i}", f"{card_name(game, c)}'s looks test")
            for c in a.order
            for i in range(max(1, offers(game.cards[c], a.service)))
        ]
        plan(d, "looks", draws)
        return
    for c in a.order:
        levels = max(1, offers(game.cards[c], a.service))
        powers = [power(d, f"looks:{c}:{i}") for i in range(levels)]
        d.emit(
            named(d, LooksTested(card=c, looks=game.cards[c].looks, powers=powers, total=game.cards[c].looks + sum(powers))),
            rule="servicing punters: looks tests",
        )
    best = max(a.order, key=lambda c: (a.looks[c], game.cards[c].looks))
    d.emit(named(d, PuntersChose(card=best, pimp=game.owner(best))), rule="servicing punters: looks tests")
    d.emit(
        named(d, BusinessStarted(card=best, service=a.service, punters=a.punters, price=a.price, stamina=a.stamina)),
        rule="doing the business",
    )


def business_step(d: Decision) -> None:
    game = game_of(d)
    a = activity_as(d, Business)
    worker = a.worker
    done = a.punter
    if a.failed or done >= a.punters:
        serviced_all = not a.failed or a.failed == a.punters
        if serviced_all:
            amount = a.price * a.punters
            d.emit(named(d, PuntersPaid(card=worker, punters=a.punters, amount=amount)), rule="doing the business: payment")
            d.emit(
                named(d, MoneyOnBitch(card=worker, change=amount, money=game.on_bitch.get(worker, 0) + amount, reason="paid by punters")),
                rule="doing the business: payment",
            )
        d.emit(ActivityEnded(kind="solicit"), rule="doing the business")
        return
    key = f"stamina:{done + 1}"
    if a.purpose != key:
        plan(d, key, [(game.owner(worker), key, f"{card_name(game, worker)}'s stamina test for punter {done + 1}")])
        return
    drawn = power(d, key)
    stamina = game.cards[worker].stamina
    total = stamina + drawn
    passed = total >= a.stamina
    d.emit(
        named(d, StaminaTested(card=worker, punter=done + 1, stamina=stamina, power=drawn, total=total, target=a.stamina, passed=passed)),
        rule="doing the business: stamina test",
    )
    if not passed:
        d.emit(named(d, ShaggedOut(card=worker)), rule="doing the business: shagged out")


# special encounters --------------------------------------------------------------------------

PUNTER = "psycho punter"
"""How fight tests and hits name the psycho punter, who is no card."""


def psycho_step(d: Decision) -> None:
    a = activity_as(d, PsychoPunter)
    card = a.card
    owner = game_of(d).owner(card)
    if not a.controller:
        d.emit(
            named(d, PsychoPunterRolled(card=card, fight=d.roll(10, purpose="psycho punter's fight"), controller=left_of(d, owner))),
            rule="special encounters: psycho punter",
        )
        return
    if a.purpose != "psycho":
        # "Resolved as with personal combat": the punter attacks, so his controller draws
        # first, before the bitch's owner draws for her defence (combat's order of draws).
        contest = f"the psycho punter's fight with {card_name(game_of(d), card)}"
        plan(d, "psycho", [(a.controller, "psycho:punter", contest + " (for the punter)"), (owner, f"psycho:{card}", contest)])
        return
    drawn = power(d, "psycho:punter")
    punter = a.fight + drawn
    d.emit(
        named(d, FightTested(stage="attack", card=PUNTER, fight=a.fight, power=drawn, bonus=0, total=punter)),
        rule="special encounters: psycho punter",
    )
    fight = face(d, card).fight
    drawn = power(d, f"psycho:{card}")
    bitch = fight + drawn + 1
    d.emit(
        named(d, FightTested(stage="attack", card=card, fight=fight, power=drawn, bonus=1, total=bitch)),
        rule="special encounters: psycho punter",
    )
    if punter > bitch:
        d.emit(named(d, HitScored(card=card, by=[PUNTER])), rule="special encounters: psycho punter")
        retire(d, card, "beaten by a psycho punter", combat=True)
    d.emit(ActivityEnded(kind="solicit"), rule="special encounters: psycho punter")


def crackdown_step(d: Decision) -> None:
    game = game_of(d)
    a = activity_as(d, Crackdown)
    if not a.began:
        d.emit(CrackdownBegan(), rule="special encounters: moral crackdown")
        for pimp in game.living():
            bitches = game.in_play(pimp)
            if not bitches:
                continue
            top = max(game.cards[c].cost for c in bitches)
            tied = [c for c in bitches if game.cards[c].cost == top]
            if len(tied) == 1:
                retire(d, tied[0], "sacrificed in a moral crackdown", combat=False)
            else:
                d.request(
                    pimp,
                    "sacrifice",
                    f"{pimp}, moral crackdown: sacrifice one of your costliest bitches.",
                    answer={"card": Pick(options((c, game.cards[c].shown) for c in tied), label="the bitch sacrificed")},
                    id=f"t{d.flow.turn}.sacrifice.{pimp}",
                    rule="special encounters: moral crackdown",
                )
        if d.flow.requests:
            return
    d.emit(ActivityEnded(kind="solicit"), rule="special encounters: moral crackdown")


def answer_sacrifice(d: Decision, action: referee.Action) -> None:
    retire(d, str(action.args["card"]), "sacrificed in a moral crackdown", combat=False)


def encounter_step(d: Decision) -> None:
    """A police bust, a runaway or zero tolerance: settled at once."""
    game = game_of(d)
    a = activity_as(d, EncounterUnderWay)
    if a.result == "police-bust":
        d.emit(BribeDemanded(pimp=a.pimp, amount=d.roll(10, purpose="police bribe")), rule="special encounters: police bust")
        d.emit(ActivityEnded(kind="solicit"), rule="special encounters: police bust")
    elif a.result == "runaway":
        owner = game.owner(a.card)
        shame = game.cards[a.card].cost
        retire(d, a.card, "ran away", combat=False)
        influence(d, owner, -shame, "the shame of a runaway", "special encounters: runaway")
        d.emit(ActivityEnded(kind="solicit"), rule="special encounters: runaway")
    else:
        d.emit(ActivityEnded(kind="solicit"), rule="special encounters: zero tolerance")
