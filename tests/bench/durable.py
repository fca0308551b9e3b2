"""Bot games on a SQLite file against raw ``sqlite3`` writing the same lines."""

from __future__ import annotations

import sqlite3
import time
import uuid
from pathlib import Path
from typing import Any

from referee import Referee, Registry, TableStore

from .common import Comparison, PlayedGame, Scratch, Settings, compare, grouped, play_game

SYNCHRONOUS = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}


def eventsourcing_pragmas(scratch: Scratch) -> dict[str, Any]:
    """``journal_mode`` and ``synchronous`` as eventsourcing's own SQLite connection has them."""
    with scratch.file("pragmas") as path, TableStore(path) as store:
        datastore = store.recorder.datastore  # type: ignore[attr-defined]
        with datastore.transaction(commit=False) as cursor:
            cursor.execute("PRAGMA journal_mode")
            journal = str(cursor.fetchone()[0]).lower()
            cursor.execute("PRAGMA synchronous")
            synchronous = int(cursor.fetchone()[0])
    return {"journal_mode": journal, "synchronous": synchronous}


def raw_inserts(game: PlayedGame, path: Path, pragmas: dict[str, Any]) -> float:
    """The game's lines with plain sqlite3, one commit per action; actions/s."""
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute(f"PRAGMA journal_mode={pragmas['journal_mode']}")
        connection.execute(f"PRAGMA synchronous={pragmas['synchronous']}")
        connection.execute(
            "CREATE TABLE log (stream BLOB NOT NULL, position INTEGER NOT NULL, topic TEXT NOT NULL, state BLOB NOT NULL,"
            " PRIMARY KEY (stream, position))"
        )
        insert = "INSERT INTO log (stream, position, topic, state) VALUES (?, ?, ?, ?)"
        stream = uuid.uuid4().bytes
        position = 0
        start = time.perf_counter()
        for group in game.groups:
            rows = [(stream, position + n, "t", line) for n, line in enumerate(group, start=1)]
            connection.execute("BEGIN")
            connection.executemany(insert, rows)
            connection.execute("COMMIT")
            position += len(group)
        return game.actions / (time.perf_counter() - start)
    finally:
        connection.close()


def measure_durable(registry: Registry, settings: Settings, game: PlayedGame, scratch: Scratch, pragmas: dict[str, Any]) -> Comparison:
    # The bots draw from each table's own secret key, so every game played differs: the raw
    # side writes the very lines the last game on SQLite stored, grouped as it appended them.
    last: list[PlayedGame] = []

    def kernel() -> float:
        with scratch.file("durable") as path, Referee(path, registry=registry) as app:
            start = time.perf_counter()
            actions = play_game(app, game.spec, settings.max_actions)
            elapsed = time.perf_counter() - start
            stored = app.entries(game.table_id)
        last[:] = [PlayedGame(game.spec, game.table_id, [], stored, grouped(stored))]
        if len(last[0].groups) - 1 != actions:
            raise RuntimeError(f"{game.spec.name}: {actions} actions played but {len(last[0].groups) - 1} stored")
        return actions / elapsed

    def raw() -> float:
        # Far quicker than a game and fsync-bound: looped on fresh files, so that one slow
        # flush of a shared disk does not decide the sample.
        seconds, runs = 0.0, 0
        while seconds < settings.min_time:
            with scratch.file("raw") as path:
                seconds += last[0].actions / raw_inserts(last[0], path, pragmas)
            runs += 1
        return runs * last[0].actions / seconds

    sync = SYNCHRONOUS.get(pragmas["synchronous"], str(pragmas["synchronous"]))
    result = compare(
        f"durable/{game.spec.name}",
        f"{game.spec.name} bot game on SQLite / raw sqlite3, same lines, one commit per action"
        + (f" (its first {settings.max_actions} actions)" if settings.max_actions else ""),
        "ratio >= 0.5",
        settings,
        "actions/s",
        ("Referee.open + play_bots (SQLite)", kernel),
        (f"raw sqlite3 ({pragmas['journal_mode']}, synchronous {sync})", raw),
    )
    result.notes.append(f"both sides journal_mode={pragmas['journal_mode']}, synchronous={sync} (read from eventsourcing's connection)")
    return result
