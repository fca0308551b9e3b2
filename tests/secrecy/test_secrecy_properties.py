"""Properties over random games (issue 7, "Done when"): before the game ends, nothing a seat
receives lets it derive another seat's hidden body, a commitment's opening (an entry key)
or a bot's choice; after the end, ``verify`` checks every commitment and catches an edited
hidden body.

Hypothesis draws the game, the number of seats, the Cash'n'Guns powers in play (and
Pigsty's Harvest Festival house rule, or not), the seed,
the table key and how far the game is played before the seats' material is examined.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
from unittest import mock

import msgspec
from budgets import examples
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from tables import REGISTRY, holding

from referee import MEMORY, Referee, TableStore, verify
from referee.log import canonical, entry_key
from referee.randomness import bot_random

SEATS = ["Ada", "Bert", "Cleo", "Dino", "Edna", "Fritz"]
SIZES = {"pigsty": (3, 5), "cashnguns": (4, 6), "pimp": (2, 4), "pornstar": (2, 4)}
OPTIONS = {"pigsty": {"turn_limit": 5}, "cashnguns": {}, "pimp": {"turns": 4}, "pornstar": {"round_limit": 3}}
# The ten, which only the game's own distribution may put on by default: the attacker
# guesses among them, and other installed extensions (the examples) are not theirs.
POWERS = [e.name for e in REGISTRY.extensions_of("cashnguns") if e.default]


@st.composite
def tables(draw):
    game = draw(st.sampled_from(sorted(SIZES)))
    low, high = SIZES[game]
    seats = SEATS[: draw(st.integers(low, high))]
    extensions = None
    if game == "cashnguns":
        extensions = draw(st.lists(st.sampled_from(POWERS), unique=True, min_size=len(seats), max_size=len(POWERS)))
    elif game == "pigsty":
        extensions = draw(st.sampled_from([[], ["harvest-festival"]]))
    seed = f"seed-{draw(st.integers(0, 10**6))}"
    key = draw(st.binary(min_size=32, max_size=32)).hex()
    stop = draw(st.integers(0, 80))
    edit = draw(st.integers(0, 10**6))
    return game, seats, extensions, seed, key, stop, edit


def play(ref: Referee, table: str, actions: int) -> int:
    done = 0
    while done < actions and not ref.over(table):
        request = ref.requests(table)[0]
        ref.act(table, request.seat, request.action, ref.bots.answer(table, request), request=request.id)
        done += 1
    return done


def outputs(rng: random.Random) -> tuple[float, ...]:
    return tuple(rng.random() for _ in range(4))


@settings(max_examples=examples(16), derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_nothing_a_seat_receives_opens_what_it_may_not_see(drawn):
    game, seats, extensions, seed, key, stop, edit = drawn
    event(f"{game} {len(seats)} seats" + (" with the Harvest Festival" if extensions == ["harvest-festival"] else ""))
    with mock.patch("referee.service.new_table_key", lambda: key), Referee(registry=REGISTRY, store=TableStore(MEMORY)) as ref:
        table = ref.open(game, seats, options=dict(OPTIONS[game]), extensions=extensions, seed=seed)
        taken = play(ref, table, stop)
        if ref.over(table):
            # Same seed, same key: the same game again, stopped before its last action.
            table = ref.open(game, seats, options=dict(OPTIONS[game]), extensions=extensions, seed=seed)
            play(ref, table, taken - 1)
        assert not ref.over(table)
        event("examined at the opening" if taken == 0 else "examined during play")
        full = ref.entries(table)
        table_key = bytes.fromhex(key)
        for seat in seats:
            held = holding(ref, table, seat)
            everything = held.everything()
            assert key not in everything and seed not in everything, f"{seat} holds the table key or the seed"
            exported = held.entries()
            hidden = [e for e in full if not e.visible(seat)]
            for mine, real in zip(exported, full, strict=True):
                assert mine.commit == real.commit and mine.hash == real.hash
                if real.visible(seat):
                    assert mine.event == real.event and mine.key == entry_key(table_key, real.seq).hex()
                else:
                    assert mine.event is None and mine.key == "", f"{seat} holds entry {real.seq} ({real.type}) or its key"
            keys = held.keys()
            assert set(keys) == {e.seq for e in full if e.visible(seat)}
            hexes = held.hexes()
            shown = {canonical(e.event) for e in exported if e.event is not None}
            for e in hidden:
                body = canonical(e.event)
                assert entry_key(table_key, e.seq) not in keys.values()
                assert entry_key(table_key, e.seq).hex() not in everything, f"{seat} holds the opening of entry {e.seq}"
                assert hashlib.sha256(body).digest() not in hexes
                assert not any(hmac.digest(k, body, "sha256") == bytes.fromhex(e.commit) for k in keys.values())
                if len(body) > 40 and body not in shown:  # a revealed power repeats its dealt body
                    assert body.decode() not in everything, f"{seat} holds the body of entry {e.seq} as text"
            # Bots: the generator of every other seat's next choice is built from nothing the seat holds.
            values = {h.hex() for h in hexes} | {json.dumps(v, sort_keys=True) for v in held.views}
            for bot in seats:
                if bot == seat:
                    continue
                secret = hmac.new(table_key, f"bot|{bot}|{len(full)}".encode(), hashlib.sha256).hexdigest()
                assert secret not in everything
                actual = outputs(bot_random(key, bot, len(full)))
                assert all(outputs(random.Random(f"{v}/{bot}/{len(full)}")) != actual for v in values)

        # After the end: every commitment checks, and an edited hidden body is refused.
        play(ref, table, 100_000)
        assert ref.over(table)
        full = ref.entries(table)
        assert verify(REGISTRY, full).ok
        hidden = [e for e in full if e.visible_to is not None]
        target = hidden[edit % len(hidden)]
        forged = list(full)
        forged[target.seq - 1] = msgspec.structs.replace(target, event={**target.event, "edited": True})
        verdict = verify(REGISTRY, forged)
        assert not verdict.ok and verdict.bad_seq == target.seq and "edited after it was recorded" in verdict.message
