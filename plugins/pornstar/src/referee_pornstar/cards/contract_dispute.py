"""Contract Dispute (Event): a Star of another studio walks out and goes up for auction.

The Auction is the one of unpaid Maintenance: the opening bid is the Star's
Maintenance, its old studio may not bid, the money goes to the bank, and an unsold Star
is shuffled back into the deck.
"""

from __future__ import annotations

from referee import Decision, hookimpl
from referee_pornstar.api import PlayRules, StarLost, card_hooks, game_of, rule

NAME = "contract-dispute"
RULES = PlayRules(
    target="other-star",
    lasts="",
    text="A Star of another studio walks out and goes up for auction. Also in reply to a Film another studio puts up.",
    reply=True,
)


referee_extensions, pornstar_play_rules = card_hooks(NAME, RULES)


@hookimpl
def pornstar_play_card(decision: Decision, seat: str, card: str, kind: str, target: str) -> None:
    if kind == NAME:
        owner = game_of(decision).owner_of_star(target) or ""
        decision.emit(StarLost(seat=owner, star=target, reason="Contract Dispute"), rule=rule(NAME))
