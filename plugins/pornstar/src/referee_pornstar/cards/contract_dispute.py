"""Contract Dispute (Event): a Star of another studio walks out and goes up for auction.

The Auction is the one of unpaid Maintenance: the opening bid is the Star's
Maintenance, its old studio may not bid, the money goes to the bank, and an unsold Star
is shuffled back into the deck.
"""

from __future__ import annotations

from referee import Decision, Event, Extension, hookimpl
from referee_pornstar.api import PlayCard, PlayRules, StarLost, game_of

NAME = "contract-dispute"
RULES = PlayRules(
    target="other-star",
    lasts="",
    text="A Star of another studio walks out and goes up for auction. Also in reply to a Film another studio puts up.",
    reply=True,
)


@hookimpl
def referee_extensions() -> list[Extension]:
    return [PlayCard(name=NAME, title="Contract Dispute", card_type="Event", default=True, rules=RULES, effect=effect)]


def effect(decision: Decision, seat: str, target: str) -> list[Event]:
    owner = game_of(decision).owner_of_star(target) or ""
    return [StarLost(seat=owner, star=target, reason="Contract Dispute")]
