"""One line of plain text for every Pimp event, in the rulebook's words."""

from __future__ import annotations

from referee import Event, RoundBegan, TurnBegan, hookimpl

from . import events as e


def describe(event: Event) -> str | None:
    match event:
        case RoundBegan():
            return f"turn {event.round} begins"
        case TurnBegan():
            return f"{event.seat}'s turn"
        case e.DeckListed():
            return f"{event.pimp} plays the deck {event.deck!r} ({len(event.cards)} cards)"
        case e.DeckShuffled():
            return f"{event.pimp} shuffles his deck and lets the others cut it"
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
            return f"{event.pimp} {'gains' if event.change > 0 else 'pays'} ${abs(event.change)} ({event.reason}): ${event.money}"
        case e.ActionBegan():
            return f"{event.pimp}'s action {event.number}: {event.label}"
        case e.SpecialPlayed():
            return f"{event.pimp} plays {event.card.name}"
        case e.BitchBroughtIntoPlay():
            return f"{event.pimp} brings {event.card.name} into play for {event.cost} influence"
        case e.BitchMoved():
            return f"{event.pimp} moves a bitch to the {event.to}"
        case e.MoneyTransferred():
            return f"{event.pimp} takes ${event.amount} off a bitch in his pad"
        case e.PowerCardDrawn():
            card = f"{event.card.name}, power {event.power}" if event.card else "no card, power 0"
            return f"{event.pimp} draws a power card from {event.source}: {card}"
        case e.InfluenceTestDecided():
            return f"influence test for {event.name}: {event.totals}; {event.winner} wins"
        case e.BitchRetired():
            return f"{event.card.name} ({event.pimp}) {'goes back to the hand' if event.to == 'hand' else 'is retired'}: {event.reason}"
        case e.AttackDeclared():
            return f"{event.pimp}'s bitches attack {event.victim}'s bitch in the {event.where}"
        case e.FightTested():
            bonus = f" +{event.bonus}" if event.bonus else ""
            return f"fight test: {event.fight} + power {event.power}{bonus} = {event.total}"
        case e.HitScored():
            return "a bitch takes a hit"
        case e.PadTrashed():
            return f"{event.pimp} trashes {event.victim}'s pad: ({event.fight} + {event.power}) / 5, rounded up = {event.damage} influence"
        case e.SolicitationRolled():
            return f"{event.pimp} rolls on the solicitation table: {event.roll}, {event.result}"
        case e.PuntersRolled():
            return f"{event.punters} punter{'s' if event.punters != 1 else ''} (d10 {event.die}) wanting {event.service}"
        case e.LooksTested():
            return f"looks test: {event.looks} + {' + '.join(map(str, event.powers))} = {event.total}"
        case e.PuntersDroveAway():
            return f"the punters drive away ({event.reason})"
        case e.StaminaTested():
            return f"stamina test for punter {event.punter}: {event.stamina} + {event.power} = {event.total} against {event.target}: {'passed' if event.passed else 'failed'}"
        case e.ShaggedOut():
            return "she is shagged out"
        case e.PuntersPaid():
            return f"{event.punters} punter{'s' if event.punters != 1 else ''} pay ${event.amount}"
        case e.PsychoPunterRolled():
            return f"a psycho punter with fight {event.fight}, played by {event.controller}"
        case e.BribeDemanded():
            return f"police bust: {event.pimp} must pay a ${event.amount} bribe by the end of Doing Shit"
        case e.BribePaid():
            return f"{event.pimp} pays the police ${event.amount}"
        case e.PimpOut():
            return f"{event.pimp} is out of the game: {event.reason}"
        case e.CardDiscarded():
            return f"{event.pimp} retires {event.card.name} from his hand"
        case e.ShaggedOutCleared():
            return f"{event.pimp}'s shagged out counters come off"
        case e.InfluenceBought():
            return f"{event.pimp} buys {event.amount} influence"
        case e.EdgeSlotLooked():
            return (
                f"{event.pimp} puts the card in edge slot {event.slot}"
                if event.slot
                else f"{event.pimp} puts the card at the bottom of his deck"
            )
        case e.CardsReordered():
            return f"{event.pimp} puts the top {len(event.cards)} cards back in a new order"
        case e.DrawsPlanned():
            return "power cards to draw: " + ", ".join(draw.pimp for draw in event.draws)
        case e.DefendersJoined():
            return f"{event.pimp} sends {len(event.bitches)} more bitch{'es' if len(event.bitches) != 1 else ''} to even the numbers"
        case e.AttacksAnnounced():
            return f"{'the attackers' if event.side == 'attack' else 'the defenders'} announce their attacks ({len(event.attacks)})"
        case e.CombatEnded():
            return f"the police turn up; {len(event.retired)} bitch{'es' if len(event.retired) != 1 else ''} retire hurt"
        case e.InfluenceTestBegan():
            return f"{event.challenger} wants {event.name}, who works for {event.holder}: an influence test"
        case e.InfluenceBid():
            return f"{event.pimp} selects {event.tokens} influence tokens"
        case e.BidsRevealed():
            return "influence bids revealed: " + ", ".join(f"{p} {n}" for p, n in event.bids.items())
        case e.OfferPutToTheStreet():
            return f"the offer ({event.service}) goes to the street: " + (
                ", ".join(f"{p} sends {len(b)}" for p, b in event.sent.items()) or "nobody comes forward"
            )
        case e.BitchesSent():
            return f"{event.pimp} sends {len(event.bitches)} to the punters' car"
        case e.LooksTestStarted():
            return f"looks tests for {event.punters} punter{'s' if event.punters != 1 else ''} wanting {event.service}, lowest looks first"
        case e.PuntersChose():
            return f"the punters choose {event.pimp}'s bitch"
        case e.BusinessStarted():
            return f"doing the business: {event.punters} punter{'s' if event.punters != 1 else ''}, {event.service}, ${event.price} each, stamina target {event.stamina}"
        case e.MoneyOnBitch():
            return f"${abs(event.change)} {'onto' if event.change > 0 else 'off'} a bitch ({event.reason}): ${event.money} on her"
        case e.CrackdownBegan():
            return "moral crackdown: every pimp sacrifices his costliest bitch"
        case e.ActivityEnded():
            return "that action is over"
        case e.MoneyCounted():
            return f"{event.pimp}: ${event.money} in the money pile" + (" (out)" if event.out else "")
    return None


@hookimpl
def referee_describe(event: Event) -> str | None:
    return describe(event)
