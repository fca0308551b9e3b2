"""Issue 10: requests say the shape of an answer, so logs stay small whatever the seats
choose: no stored entry over 16 KB in any game, and the SQLite store no larger than 1 KB
per entry on average (lines, snapshots, index and the database's own overhead)."""

from __future__ import annotations

import hashlib

import pytest

from referee import Referee

LONG_GAMES = {
    "pigsty": (["Ada", "Bert", "Cleo", "Dino", "Edna"], None, None),
    "cashnguns": (["Ada", "Bert", "Cleo", "Dino", "Edna", "Fritz"], None, ["all"]),
    "pimp": (["Ada", "Bert", "Cleo", "Dino", "Edna", "Fritz"], {"turns": 20}, None),
}


@pytest.mark.parametrize("game", sorted(LONG_GAMES))
def test_long_bot_games_keep_entries_and_the_store_small(game, tmp_path):
    seats, options, extensions = LONG_GAMES[game]
    folder = tmp_path / "store"
    folder.mkdir()
    with Referee(folder / "referee.sqlite") as app:
        table = app.open(game, seats, seed="size", options=options, extensions=extensions, key=hashlib.sha256(b"size").hexdigest())
        app.bots.play(table, seats)
        assert app.over(table)
        lines = app.export(table).encode().splitlines()
    assert len(lines) > 400, "a long game"
    assert max(len(line) for line in lines) < 16 * 1024
    stored = sum(path.stat().st_size for path in folder.iterdir())
    assert stored / len(lines) < 1024, f"{stored:,} bytes for {len(lines)} entries"
