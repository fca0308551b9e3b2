"""Throwaway plugins for the balance lab's tests: a house rule with a real effect (the first
seat always wins), and facts a game would say through ``referee_balance_facts``."""

from __future__ import annotations

from throwaway import extension

from referee import ActionTaken, Held, RoundBegan, TableOpened, TableState, Used, hookimpl


class Kingmaker:
    """Ends Pigsty as its second round begins, the first seat the winner."""

    @hookimpl(trylast=True)
    def referee_round_began(self, decision, round):
        if round == 2:
            decision.end_game((decision.seats[0],), f"the Kingmaker crowns {decision.seats[0]}")


class Lucky:
    """Facts as a game says them: the first seat holds the power Lucky and uses it at each
    of its actions, the others hold Plain and never use it; the deck turns up the card
    Weather (nobody's) at every round."""

    @hookimpl
    def referee_balance_facts(self, state: TableState, event):
        if isinstance(event, TableOpened):
            return [Held(seat, "power", "Lucky" if seat == state.seats[0] else "Plain") for seat in state.seats]
        if isinstance(event, ActionTaken) and event.seat == state.seats[0]:
            return [Used(event.seat, "power", "Lucky")]
        if isinstance(event, RoundBegan):
            return [Used(None, "card", "Weather")]
        return None


KINGMAKER = extension("pigsty", Kingmaker(), "kingmaker")
LUCKY = extension("pigsty", Lucky(), "lucky")
