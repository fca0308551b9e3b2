"""Two card rulings of Pimp: The Backhanding (issue 24): Slippery respects the limit of 7
pimps, and Pickpocket is not offered at the final count, where it would do nothing."""

from __future__ import annotations

import msgspec

from referee import MEMORY, Referee, Registry, TableStore
from referee.testing import fixed_key
from referee_backhanding.abilities import slippery
from referee_backhanding.cards import PIMP_LIMIT

SEATS = ["Ada", "Bert", "Cleo"]


def _games(app: Referee, count: int, prefix: str):
    for n in range(count):
        table = app.open("backhanding", SEATS, seed=f"{prefix}-{n}", key=fixed_key(f"{prefix}-{n}"), options={"bots": "heuristic,random"})
        app.bots.play(table, SEATS)
        assert app.over(table)
        yield table


def test_pickpocket_is_never_offered_at_the_final_count():
    """6.2: "After round three no cards are drawn ... modifiers may be played here too": the
    count's plays are the last of the game, so a card Pickpocket took then could never be
    played.  Ruling: it is offered in macking and backhanding, never at the count."""
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        held_at_count = offered_before = 0
        # Until a Pickpocket is still in a hand at the count (the random bot keeps one at
        # even odds), so that the count's offer is tested with one to offer.
        for table in _games(app, 40, "pickpocket"):
            entries = app.entries(table)
            cards = next(e.event for e in entries if e.type == "backhanding.CardsLaid")["cards"]
            pickpockets = {c["id"] for c in cards if c.get("effect") == "pickpocket"}
            count_started = next(
                i
                for i, e in enumerate(entries)
                if e.type == "referee.PhaseBegan" and e.event["phase"] == "money counting" and e.seq > 0 and _round(entries, i) == 3
            )
            for e in entries:
                if e.type != "backhanding.PlaysOffered":
                    continue
                offered = set(e.event["targets"]) & pickpockets
                if e.seq > entries[count_started].seq:
                    assert not offered, f"Pickpocket offered at the count: {e.event}"
                else:
                    offered_before += bool(offered)
            hands = app.state(table).game.hands
            held_at_count += sum(1 for seat in SEATS for card in hands[seat] if card in pickpockets)
            if held_at_count and offered_before:
                break
        assert offered_before, "Pickpocket is still offered in macking and backhanding"
        assert held_at_count, "no Pickpocket was ever held at the count: the test would pass whatever the rule"


def _round(entries, upto: int) -> int:
    return sum(1 for e in entries[:upto] if e.type == "referee.RoundBegan")


def test_slippery_goes_back_only_to_a_clan_with_room():
    """Card Slippery: "When his ho is eliminated he goes back to his clan, not to the
    temporary discard pile"; rulebook 3: "never exceeding the maximum of 7 pimps".  With the
    clan at 7 he cannot slip back, and goes to the temporary discard pile like any protector."""
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        table = app.open("backhanding", SEATS, seed="slippery", key=fixed_key("slippery"))
        state = app.state(table)
        game = state.game
        greaser = next(c.id for c in game.cards.values() if c.effect == "slippery")
        roomy = msgspec.structs.replace(game, clans={**game.clans, "Ada": ["p"] * (PIMP_LIMIT - 1)})
        full = msgspec.structs.replace(game, clans={**game.clans, "Ada": ["p"] * PIMP_LIMIT})
        assert slippery.backhanding_protector_lost(state=_with(state, roomy), seat="Ada", pimp=greaser) == "clan"
        assert slippery.backhanding_protector_lost(state=_with(state, full), seat="Ada", pimp=greaser) is None, (
            "the game's default: the temporary pile"
        )


def _with(state, game):
    return msgspec.structs.replace(state, game=game)
