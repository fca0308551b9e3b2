"""The rulebook's numbers, and the names its parts go by in the log.

The rulebook (``shared/seeds/004``) has no numbered sections: a rule is cited by the
heading it stands under (RULES.md maps each to the code that implements it).
"""

from __future__ import annotations

START_MONEY = 300
HAND = 5
EXTRA_CARD = 10
MOST_EXTRA = 3
"""Your Turn: "$10 for each card past the first, to a maximum of three (for $30 total)": three
extra cards at $10 each, four in all (0.2 allowed two)."""
AD_STEP = 10
MOST_AD = 30
DEALS_A_TURN = 3

R_SETUP = "The Setup"
R_MULLIGAN = "The Setup: no Star in the opening hand"
R_PLACING = "The Setup: the free placing of Stars"
R_ORDER = "The Setup: the youngest goes first"
R_RESIDUALS = "Playing the Game: Residuals"
R_DRAW = "Your Turn: the draw"
R_STARS = "Your Turn: Stars into play"
R_PRODUCTION = "Your Turn: production"
"""The production menu, what the studio chose there and the sealed request that follows the
choice: one rule whatever was chosen, so no header tells another studio which it was."""
R_PRODUCE = "Producing a Film"
R_ROLL = "Producing a Film: the Production roll"
R_RECRUIT = "Producing a Film: recruiting a Star"
R_LOSE = "Producing a Film: losing a Star"
R_MAINTENANCE = "Maintaining Your Stars"
R_AUCTION = "Maintaining Your Stars: the Auction"
R_PLAY = "Play Cards"
R_REPLY = "Producing a Film: Play cards in reply"
"""The other studios' replies to a Film put up, before its roll ("If another player uses an
Event card to make your Film unproduceable at this time, return it to your hand")."""
R_DEALS = "Wheelin' and Dealin'"
R_CASH = "Cashflow Problems"
R_END = "Victory!"
R_FINAL = "Victory!: once more around the table"


REVEALS = {
    "referee.PhaseEnded": f"pornstar {R_PRODUCTION}: ending production, the studio goes on to Maintenance",
    "referee.RandomDrawn": f"pornstar {R_ROLL}: the dice are rolled in the open",
    "pornstar.FilmPutUp": f"pornstar {R_PRODUCE}: new Films are played face up for all to see, with their Stars, before the roll",
    "pornstar.FilmProduced": f"pornstar {R_PRODUCE}: new Films are played face up for all to see",
    "pornstar.PlayCardPlayed": f"pornstar {R_PLAY}: a Play card is played face up",
    "pornstar.DealProposed": f"pornstar {R_DEALS}: a deal is proposed at the table, its terms between its parties",
    "pornstar.DealMade": f"pornstar {R_DEALS}: a deal the other party accepts takes effect",
    "pornstar.DealRefused": f"pornstar {R_DEALS}: the other party refuses",
    "pornstar.HandCardsPassed": f"pornstar {R_DEALS}: cards from hand pass between the deal's parties, who see them",
}
"""Where the rules make a studio's sealed choice public (``Game.reveals``): its production
choice when the Film is put up or produced, the card played (on the player's turn or in
reply) or the deal put to its party, or when it
ends production; a party's answer to a deal when it is made or refused, and the cards
from hand it gives to the other party."""


def asked(rule: str) -> str:
    """The rule a request is opened under (requests name their game)."""
    return f"pornstar {rule}"
