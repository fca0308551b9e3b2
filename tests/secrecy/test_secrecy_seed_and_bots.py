"""The seed commitment hides a guessable seed, and bots cannot be predicted by any seat
(DESIGN 5 "Randomness"; issue 7).  Each test keeps its test of the test: the old scheme
(a plain hash of the seed; bots seeded from public values) falls to the same attacker.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
from pathlib import Path

import msgspec
import pytest
from attacker import Holding
from tables import FIXED_KEY, GAMES, answer, fix_table_key, holding, open_table

from referee import Referee
from referee.log import dump_jsonl, redact_for
from referee.randomness import bot_random, seed_commitment
from referee.upcasting import seed_hash

ROOT = Path(__file__).resolve().parents[2]
SEED_GUESSES = 100_000


def seed_search(hexes: set[bytes], public: list[bytes], limit: int = SEED_GUESSES) -> list[str]:
    """Seeds 0..limit whose plain hash, or HMAC under a public value, is something the seat holds."""
    found = []
    for n in range(limit + 1):
        guess = str(n).encode()
        prints = [hashlib.sha256(guess).digest(), hashlib.sha256(b"seed|" + guess).digest()]
        prints += [hmac.digest(k, b"seed|" + guess, "sha256") for k in public]
        if any(p in hexes for p in prints):
            found.append(str(n))
    return found


def test_a_guessable_seed_is_not_found_from_any_seats_material(tmp_path):
    """Seed "3", a table just opened: trying seeds 0..100,000 against everything any seat
    holds (exports, views, visible entries) finds nothing."""
    with Referee(tmp_path / "tables.sqlite") as ref:
        game = GAMES["cashnguns"]
        table = ref.open(game.name, game.seats, options=dict(game.options), extensions=game.extensions, seed="3")
        commitment = ref.entries(table)[0].event["seed_commitment"]
        hexes: set[bytes] = set()
        for seat in game.seats:
            held = holding(ref, table, seat)
            hexes |= held.hexes()
            assert "3" not in re.findall(r'"seed": ?"([^"]*)"', held.everything())
        assert bytes.fromhex(commitment) in hexes, "the attacker holds the commitment it attacks"
        public = [bytes.fromhex(commitment), table.encode()]
        assert seed_search(hexes, public) == []

        # The test of the test: the legacy commitment (plain SHA-256) falls at once.
        legacy = hexes | {bytes.fromhex(seed_hash("3"))}
        assert seed_search(legacy, public, limit=10) == ["3"]

        # After the game, the reveal opens the commitment for anyone.
        while answer(ref, table):
            pass
        reveal = ref.entries(table)[-1].event
        assert reveal["seed"] == "3" and seed_commitment(reveal["key"], "3") == commitment
        assert ref.audit.verify_table(table).ok


def rng_outputs(rng: random.Random) -> tuple[float, ...]:
    return tuple(rng.random() for _ in range(8))


def predictions(held: Holding, bot: str, seq: int) -> set[tuple[float, ...]]:
    """Every bot generator the seat can build from what it holds: the old scheme's
    ``Random(f"{x}/{seat}/{seq}")`` and today's ``bot_random(x, seat, seq)`` for every
    hex value ``x`` it holds (commitments, hashes, its keys, the seed commitment)."""
    text = held.everything()
    values = set(re.findall(r"(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])", text)) | {e.key for e in held.entries() if e.key}
    guesses = set()
    for x in values:
        guesses.add(rng_outputs(random.Random(f"{x}/{bot}/{seq}")))
        guesses.add(rng_outputs(bot_random(x, bot, seq)))
    return guesses


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_seat_predicts_another_seats_bot(name, tmp_path, monkeypatch):
    fix_table_key(monkeypatch)
    game = GAMES[name]
    with Referee(tmp_path / "tables.sqlite") as ref:
        table = open_table(ref, game)
        for _ in range(5):
            assert answer(ref, table)
        seq = len(ref.entries(table))
        checked = 0
        for seat in game.seats:
            held = holding(ref, table, seat)
            entries = ref.entries(table)
            # The old scheme: the opening published the seed's plain hash, bots drew from it.
            opened = msgspec.structs.replace(
                entries[0], event={**entries[0].event, "seed_hash": seed_hash(game.seed), "seed_commitment": ""}
            )
            old = Holding(seat=seat, export=dump_jsonl(redact_for([opened, *entries[1:]], seat, game_over=False)))
            for bot in game.seats:
                if bot == seat:
                    continue
                actual = rng_outputs(bot_random(FIXED_KEY, bot, seq))
                guesses = predictions(held, bot, seq)
                assert actual not in guesses, f"{seat} predicts {bot}'s next choice"
                checked += 1
                # The test of the test: the same attacker predicts a bot of the old scheme.
                assert rng_outputs(random.Random(f"{seed_hash(game.seed)}/{bot}/{seq}")) in predictions(old, bot, seq)
        assert checked == len(game.seats) * (len(game.seats) - 1)


ALLOWED_RANDOM = {
    ("kernel/src/referee/randomness.py", "random.Random"): "bot_random: seeded from the secret table key",
    ("kernel/src/referee/lookahead.py", "random.Random"): "a searching bot's playouts: drawn from its keyed generator (spawn)",
    ("kernel/src/referee/service.py", "random.uniform"): "backoff between retries of a raced write; no game choice",
    ("kernel/src/referee/testing/noninterference.py", "random.Random"): "the noninterference check's choice of points, fixed per seed",
    ("kernel/src/referee/testing/worlds.py", "random.Random"): "the noninterference check's other answers for a bot, fixed per seed",
}


def test_no_randomness_but_the_table_key_and_the_seed_reaches_a_game():
    """Grep the installed code: every generator of Python's ``random`` module is either the
    bots' (keyed by the table's secret) or the service's retry backoff."""
    pattern = re.compile(
        r"\brandom\.(Random|SystemRandom|random|choice|choices|randint|randrange|shuffle|sample|uniform|seed|getrandbits)\("
    )
    found = {}
    for folder in ("kernel/src", "plugins", "adapters"):
        for path in (ROOT / folder).rglob("*.py"):
            for match in pattern.finditer(path.read_text(encoding="utf-8")):
                found[(path.relative_to(ROOT).as_posix(), f"random.{match.group(1)}")] = match.group(0)
    assert set(found) == set(ALLOWED_RANDOM), f"randomness outside the table's secrets: {sorted(set(found) - set(ALLOWED_RANDOM))}"
    source = (ROOT / "kernel/src/referee/randomness.py").read_text(encoding="utf-8")
    assert 'hmac.new(bytes.fromhex(table_key), f"bot|{seat}|{seq}"' in source


def test_a_person_chosen_seed_is_only_as_secret_as_it_is_hard_to_guess(tmp_path):
    """docs/security.md: ``--seed`` reproduces the outcomes, so public outcomes test guesses
    of it.  A Pimp table opened with seed "3" shows its dice to everyone; a seat that tries
    seeds against them finds "3", and with it every face-down deck order.  The seed
    commitment itself gave nothing away (test above); Referee's own seeds are 256 random bits."""
    from referee.randomness import roll

    with Referee(tmp_path / "tables.sqlite") as ref:
        game = GAMES["pimp"]
        table = ref.open(game.name, game.seats, options=dict(game.options), seed="3")
        while not any(e.type == "referee.RandomDrawn" and e.event and e.event["kind"] == "die" for e in ref.visible_entries(table, "Ada")):
            assert answer(ref, table)
        public = [e.event for e in ref.visible_entries(table, "Ada") if e.type == "referee.RandomDrawn" and e.event is not None]
        guessed = [str(n) for n in range(1_000) if all(roll(str(n), d["draw"], d["kind"], d["spec"]) == d["outcome"] for d in public)]
        assert guessed == ["3"]
        hidden = [e.event for e in ref.entries(table) if e.type == "referee.RandomDrawn" and e.visible_to is not None]
        assert hidden and all(roll("3", d["draw"], d["kind"], d["spec"]) == d["outcome"] for d in hidden)
