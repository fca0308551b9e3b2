"""Verify, timed: against decoding the same lines, against its floor, and through the CLI.

The floor of verify is what any check of a finished log must do at least: read every line
(``msgspec.json.decode(line, type=Entry)``), hash every byte (SHA-256) and key-hash every
byte (HMAC-SHA256 under the revealed table key), and run the game's own deciding code on
the recorded actions.  That last part is ``referee.table.open_table`` then
``referee.table.decide`` for each recorded action, on one state folded as it goes, with the
recorded random outcomes handed back by ``referee.randomness.RecordedSource``: the kernel's
decide path with nothing of verify's around it (no chain, no commitments, no sealing, no
comparison with the log).  It includes what ``decide`` itself does per event (reading the
event back with its own types, folding it): there is no barer way to run a game's rules.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

import msgspec

from referee import Entry, Registry, verify

from .common import Comparison, Missing, PlayedGame, Scratch, Settings, compare, looped, progress, timed
from .processes import referee_command, run_process


def measure_verify(registry: Registry, settings: Settings, game: PlayedGame) -> Comparison:
    """``referee.verify`` of the decoded entries against decoding the lines; entries/s."""
    lines, entries = game.lines, game.entries
    verdict = verify(registry, entries)
    if not verdict.ok:
        raise RuntimeError(f"the recorded {game.spec.name} game does not verify: {verdict.message}")
    seconds: list[float] = []

    def run_verify() -> float:
        start = time.perf_counter()
        verify(registry, entries)
        elapsed = time.perf_counter() - start
        seconds.append(elapsed)
        return len(entries) / elapsed

    def run_decode() -> int:
        for line in lines:
            msgspec.json.decode(line, type=Entry)
        return len(lines)

    result = compare(
        f"verify/{game.spec.name}",
        f"verify one {game.spec.seats}-seat {game.spec.name} bot game ({len(entries):,} entries, {game.actions} actions)",
        "ratio >= 0.25" + ("; one verify < 100 ms" if game.spec.name == "pimp" else ""),
        settings,
        "entries/s",
        ("referee.verify", run_verify),
        ("msgspec.json.decode(line, type=Entry)", lambda: looped(run_decode, settings.min_time)),
    )
    ms = statistics.median(seconds[1:]) * 1000
    result.extra["verify_ms"] = ms
    result.notes.append(f"one verify of the whole game: {ms:,.0f} ms (median)")
    return result


class Floor:
    """One pass of verify's floor over a recorded game, each part timed."""

    def __init__(self, registry: Registry, game: PlayedGame) -> None:
        from referee.events import ActionTaken, RandomDrawn, SeedRevealed, TableOpened
        from referee.randomness import RecordedSource
        from referee.registry import decode_as
        from referee.table import Action, decide, open_table

        self.lines = game.lines
        entries = game.entries
        opened = decode_as(TableOpened, entries[0])
        assert isinstance(opened, TableOpened)
        self.rules = registry.rules_for(opened.game, opened.plugins)
        events = [self.rules.decode(e) for e in entries]
        revealed = next(e for e in events if isinstance(e, SeedRevealed))
        self.key = bytes.fromhex(revealed.key)
        self.actions = [Action(e.seat, e.action, e.args, e.request) for e in events if isinstance(e, ActionTaken)]
        self.draws = [(e.kind, e.spec, e.purpose, e.outcome) for e in events if isinstance(e, RandomDrawn)]
        self.parts: dict[str, list[float]] = {"decode": [], "sha256": [], "hmac": [], "decide": []}

        def opening(source: Any) -> Any:
            return open_table(
                self.rules,
                table_id=opened.table_id,
                seats=opened.seats,
                options=opened.options,
                source=source,
                seed_commitment=opened.seed_commitment,
                seed_hash=opened.seed_hash,
                plugins=opened.plugins,
                scripted=opened.scripted,
            )

        def decide_all() -> int:
            source = RecordedSource(self.draws, revealed.seed, revealed.key)
            state, emitted = opening(source)
            count = len(emitted)
            for action in self.actions:
                state, emitted = decide(self.rules, state, action, source)
                count += len(emitted)
            return count

        self._decide: Callable[[], int] = decide_all
        decided = decide_all()
        if decided != len(entries):
            raise RuntimeError(f"the bare decide path gives {decided} entries for the {len(entries)} of the {game.spec.name} log")

    def run(self) -> float:
        """One pass; its seconds (the parts are kept in ``parts``)."""
        lines, key = self.lines, self.key
        start = time.perf_counter()
        for line in lines:
            msgspec.json.decode(line, type=Entry)
        decoded = time.perf_counter()
        for line in lines:
            hashlib.sha256(line).digest()
        hashed = time.perf_counter()
        for line in lines:
            hmac.digest(key, line, "sha256")
        keyed = time.perf_counter()
        self._decide()
        end = time.perf_counter()
        for part, seconds in zip(self.parts, (decoded - start, hashed - decoded, keyed - hashed, end - keyed)):
            self.parts[part].append(seconds)
        return end - start


def measure_floor(registry: Registry, settings: Settings, game: PlayedGame) -> Comparison | Missing:
    """Decoding the lines + ``referee.verify`` against the floor; verifies/s."""
    key = f"verify-floor/{game.spec.name}"
    title = f"decode + verify of the {game.spec.name} log / its floor (decode + sha256 + HMAC of every byte + bare decide)"
    try:
        floor = Floor(registry, game)
    except Exception as exc:  # the kernel changed under the bench: this row is n/a, the others go on
        progress(f"[{key}] no bare decide path: {type(exc).__name__}: {exc}")
        return Missing(key, title, f"no bare decide path ({type(exc).__name__}: {exc})")
    lines = game.lines

    def decode_and_verify() -> None:
        verify(registry, [msgspec.json.decode(line, type=Entry) for line in lines])

    result = compare(
        key,
        title,
        "ratio -> 1 (verify costs its floor)",
        settings,
        "runs/s",
        ("decode + referee.verify", lambda: timed(decode_and_verify, settings.min_time)),
        ("floor", lambda: looped(lambda: (floor.run(), 1)[1], settings.min_time)),
    )
    parts = {part: statistics.median(seconds) * 1000 for part, seconds in floor.parts.items()}
    result.extra["floor_ms"] = parts
    result.extra["verify_ms"] = 1000 / result.subject.median
    result.notes.append(
        f"one decode + verify {1000 / result.subject.median:,.1f} ms; floor {1000 / result.baseline.median:,.1f} ms = "
        + " + ".join(f"{part} {ms:,.1f}" for part, ms in parts.items())
        + " (each part its own median)"
    )
    return result


def measure_cli_verify(settings: Settings, game: PlayedGame, scratch: Scratch) -> Comparison:
    """``referee verify FILE`` (a new process) against decoding the file's lines in this one."""
    path = scratch.new(f"{game.spec.name}-verify", ".jsonl")
    path.write_bytes(b"".join(line + b"\n" for line in game.lines))
    argv = [*referee_command(), "--log-level", "error", "verify", str(path)]
    env = dict(os.environ)
    lines = game.lines

    def cli() -> float:
        runs = [run_process(argv, env) for _ in range(settings.cli_runs)]
        return 1 / statistics.median(r.seconds for r in runs)

    def decode() -> int:
        for line in lines:
            msgspec.json.decode(line, type=Entry)
        return 1

    result = compare(
        f"cli-verify/{game.spec.name}",
        f"referee verify FILE of the {game.spec.name} log ({len(lines):,} lines) / msgspec.json.decode of each line in one process",
        "reported",
        settings,
        "runs/s",
        ("referee verify FILE", cli),
        ("msgspec.json.decode(line, type=Entry)", lambda: looped(decode, settings.min_time)),
        warm_up=not settings.quick,
    )
    result.notes.append(
        f"one `referee verify` {1000 / result.subject.median:,.0f} ms; decoding the lines {1000 / result.baseline.median:,.2f} ms"
    )
    return result
