"""Play cards in reply: a Film is put up for all to see, every other studio may answer it with
a Play card, then it is rolled, or goes back to its studio's hand.

Producing a Film: "If another player uses an Event card to make your Film unproduceable at
this time, return it to your hand for later use - do not discard the Film card."  That
Event is played on someone else's turn, between the Film going face up ("New Films are
played face-up for all to see and verify that you have the proper arrangement of Stars")
and its roll.  So once a studio has cast a Film, the Film, its cast and its Advertising
are put up (``FilmPutUp``, public) and every other studio in business is asked, sealed,
whether it plays a card in reply, one after another in seat order (each sees the replies
before its own, as at a table): all of them, the same way, whether or not they hold one,
so being asked tells nobody anything.  The cards that may answer are those whose
``PlayRules.reply`` says so.
"""

from __future__ import annotations

from referee import Decision, Pick, Shape

from .rulebook import R_REPLY, asked
from .table import cards, game_of, label, legal_targets, options_of, play_rules, rotation


def reply_cards(decision: Decision, seat: str) -> list[str]:
    """The Play cards in ``seat``'s hand it may play in reply now (with a legal target)."""
    known = cards(decision)
    found = []
    for card in game_of(decision).studios[seat].hand:
        rules = play_rules(decision, known.plays.get(card, ""))
        if rules is not None and rules.reply and legal_targets(decision, seat, card):
            found.append(card)
    return found


def ask_reply(decision: Decision) -> bool:
    """Ask the next studio that has not yet replied to the Film put up (sealed), in seat order
    after its producer; False once every studio in business has been asked."""
    game = game_of(decision)
    put_up = game.put_up
    assert put_up is not None
    waiting = [s for s in rotation(game, put_up.seat)[1:] if s not in put_up.replied]
    if not waiting:
        return False
    seat = waiting[0]
    hand = reply_cards(decision, seat)
    targets = list(dict.fromkeys(t for card in hand for t in legal_targets(decision, seat, card) if t))
    answer: dict[str, Shape] = {}
    if hand:
        answer["card"] = Pick(options_of(decision, hand, seat), optional=True, label="a Play card in reply (none: let it roll)")
    if targets:
        answer["target"] = Pick(options_of(decision, targets, seat), optional=True, label="what the card is played on")
    prompt = f"{put_up.seat} puts up {label(decision, put_up.film, seat)}." + (
        " Play a Play card in reply before the roll, or let it roll." if hand else " You hold no card to reply with: let it roll."
    )
    decision.request(seat, "reply", f"{seat}: {prompt}", answer=answer, sealed=True, rule=asked(R_REPLY))
    return True
