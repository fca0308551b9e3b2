"""One line of plain text for every Pimp event, in the rulebook's words."""

from __future__ import annotations

from typing import Any

from referee import Event, RoundBegan, TurnBegan, hookimpl
from referee.results import join_names

from . import events as e


def _n(event: Any, card: str) -> str:
    """A card as the event names it ("Ann's Vicky"); its id in logs recorded before names."""
    names: dict[str, str] = getattr(event, "names", {})
    return names.get(card, card)


def _all(event: Any, cards: list[str]) -> str:
    return join_names([_n(event, c) for c in cards]) or "nobody"


def _money(amount: int) -> str:
    return f"${amount:,}"


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else plural or word + 's'}"


def describe(event: Event) -> str | None:
    match event:
        case RoundBegan():
            return f"turn {event.round} begins"
        case TurnBegan():
            return f"{event.seat}'s turn"
        case e.DeckListed():
            return f"{event.pimp} plays the deck {event.deck!r} ({len(event.cards)} cards)"
        case e.DeckShuffled():
            return f"{event.pimp} shuffles their deck and lets the others cut it"
        case e.CardDrawn():
            return f"{event.pimp} draws a card ({event.reason})"
        case e.GirlfriendDrawn():
            what = (
                f"girlfriend {event.card.name} (cost {event.card.cost})"
                if event.card.bitch
                else f"{event.card.name}, a special card: no girlfriend"
            )
            return f"{event.pimp} turns up {what}"
        case e.FirstPimpChosen():
            return f"{event.pimp} has the best girlfriend and goes first"
        case e.InfluenceChanged():
            return (
                f"{event.pimp} {'gains' if event.change > 0 else 'loses'} {abs(event.change)} influence ({event.reason}): {event.influence}"
            )
        case e.MoneyChanged():
            return f"{event.pimp} {'gains' if event.change > 0 else 'pays'} {_money(abs(event.change))} ({event.reason}): {_money(event.money)}"
        case e.ActionBegan():
            return f"{event.pimp}'s action {event.number}: {event.label}"
        case e.SpecialPlayed():
            return f"{event.pimp} plays {event.card.name}"
        case e.BitchBroughtIntoPlay():
            return f"{event.pimp} brings {event.card.name} into play for {event.cost} influence"
        case e.BitchMoved():
            where = "the street" if event.to == "street" else f"{event.pimp}'s pad"
            return f"{_n(event, event.card)} moves to {where}"
        case e.MoneyTransferred():
            return f"{event.pimp} takes {_money(event.amount)} off {_n(event, event.card)} in their pad"
        case e.PowerCardDrawn():
            card = f"{event.card.name}, power {event.power}" if event.card else "no card, power 0"
            return f"{event.pimp} draws a power card from {event.source}: {card}"
        case e.InfluenceTestDecided():
            totals = ", ".join(f"{p} {n}" for p, n in event.totals.items())
            return f"influence test for {event.name}: {totals}; {event.winner} wins"
        case e.BitchRetired():
            where = "goes back to the hand" if event.to == "hand" else "is retired"
            return f"{event.pimp}'s {event.card.name} {where}: {event.reason}"
        case e.AttackDeclared():
            where = "the street" if event.where == "street" else f"{event.victim}'s pad"
            verb = "attacks" if len(event.attackers) == 1 else "attack"
            return f"{_all(event, event.attackers)} {verb} {_n(event, event.target)} in {where}"
        case e.FightTested():
            bonus = f" +{event.bonus}" if event.bonus else ""
            return f"{_n(event, event.card)}'s fight test: {event.fight} + power {event.power}{bonus} = {event.total}"
        case e.HitScored():
            return f"{_n(event, event.card)} takes a hit from {_all(event, event.by)}"
        case e.PadTrashed():
            return (
                f"{_n(event, event.card)} trashes {event.victim}'s pad: ({event.fight} + {event.power}) / 5, "
                f"rounded up = {event.damage} influence"
            )
        case e.SolicitationRolled():
            return f"{_n(event, event.card)} solicits: {event.roll} on the solicitation table, {event.result}"
        case e.PuntersRolled():
            return f"{_plural(event.punters, 'punter')} (d10 {event.die}) wanting {event.service}"
        case e.LooksTested():
            return f"{_n(event, event.card)}'s looks test: {event.looks} + {' + '.join(map(str, event.powers))} = {event.total}"
        case e.PuntersDroveAway():
            return f"the punters drive away ({event.reason})"
        case e.StaminaTested():
            return (
                f"{_n(event, event.card)}'s stamina test for punter {event.punter}: {event.stamina} + {event.power} = {event.total} "
                f"against {event.target}: {'passed' if event.passed else 'failed'}"
            )
        case e.ShaggedOut():
            return f"{_n(event, event.card)} is shagged out"
        case e.PuntersPaid():
            return f"{_plural(event.punters, 'punter')} pay {_n(event, event.card)} {_money(event.amount)}"
        case e.PsychoPunterRolled():
            return f"a psycho punter with fight {event.fight} picks {_n(event, event.card)}; {event.controller} draws for the punter"
        case e.BribeDemanded():
            return f"police bust: {event.pimp} must pay a {_money(event.amount)} bribe by the end of Doing Shit"
        case e.BribePaid():
            return f"{event.pimp} pays the police {_money(event.amount)}"
        case e.PimpOut():
            return f"{event.pimp} is out of the game: {event.reason}"
        case e.CardDiscarded():
            return f"{event.pimp} retires {event.card.name} from their hand"
        case e.ShaggedOutCleared():
            return f"the shagged out counters come off {_all(event, event.bitches)}"
        case e.InfluenceBought():
            return f"{event.pimp} buys {event.amount} influence for {_money(event.amount)}"
        case e.EdgeSlotLooked():
            return (
                f"{event.pimp} puts the card in edge slot {event.slot}"
                if event.slot
                else f"{event.pimp} puts the card at the bottom of their deck"
            )
        case e.CardsReordered():
            return f"{event.pimp} puts the top {len(event.cards)} cards back in a new order"
        case e.DrawsPlanned():
            return "power cards to draw: " + "; ".join(f"{draw.pimp} for {draw.about}" if draw.about else draw.pimp for draw in event.draws)
        case e.DefendersJoined():
            return f"{event.pimp} sends {_all(event, event.bitches)} to even the numbers"
        case e.AttacksAnnounced():
            side = "the attackers" if event.side == "attack" else "the defenders"
            return f"{side} announce their attacks: " + "; ".join(
                f"{_n(event, s)} attacks {_n(event, t)}" for s, t in event.attacks.items()
            )
        case e.CombatEnded():
            return "the police turn up; " + (f"{_all(event, event.retired)} retire hurt" if event.retired else "nobody retires hurt")
        case e.InfluenceTestBegan():
            return f"{event.challenger} wants {event.name}, who works for {event.holder}: an influence test"
        case e.InfluenceBid():
            return f"{event.pimp} selects {event.tokens} influence tokens"
        case e.BidsRevealed():
            return "influence bids revealed: " + ", ".join(f"{p} {n}" for p, n in event.bids.items())
        case e.OfferPutToTheStreet():
            return f"the offer ({event.service}) goes to the street: " + (
                "; ".join(f"{p} sends {_all(event, b)}" for p, b in event.sent.items()) or "nobody comes forward"
            )
        case e.BitchesSent():
            return f"{event.pimp} sends {_all(event, event.bitches)} to the punters' car"
        case e.LooksTestStarted():
            return f"looks tests for {_plural(event.punters, 'punter')} wanting {event.service}, lowest looks first: {_all(event, event.order)}"
        case e.PuntersChose():
            return f"the punters choose {_n(event, event.card)}"
        case e.BusinessStarted():
            return (
                f"{_n(event, event.card)} does the business: {_plural(event.punters, 'punter')}, {event.service}, "
                f"{_money(event.price)} each, stamina target {event.stamina}"
            )
        case e.MoneyOnBitch():
            return f"{_money(abs(event.change))} {'onto' if event.change > 0 else 'off'} {_n(event, event.card)} ({event.reason}): {_money(event.money)} on her"
        case e.CrackdownBegan():
            return "moral crackdown: every pimp sacrifices their costliest bitch"
        case e.ActivityEnded():
            return "that action is over"
        case e.MoneyCounted():
            return f"{event.pimp}: {_money(event.money)} in the money pile" + (" (out)" if event.out else "")
    return None


@hookimpl
def referee_describe(event: Event) -> str | None:
    return describe(event)
