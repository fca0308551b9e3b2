"""What a referee answers without a table store: the installed games and hooks, scenario
files, and logs given as text (loaded, walked, replayed, verified, explained).

``Referee`` has these through ``Offline``; they need only its ``registry``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import msgspec

from .errors import BadLog, RefereeError
from .events import GameEnded, event_tag
from .limits import shown
from .log import Entry, load_jsonl, redact_for
from .registry import Registry, Rules
from .table import TableState, view

if TYPE_CHECKING:
    from .audit import Explanation, Verdict
    from .scenario import ScenarioResult

__all__ = ["Offline", "ReplayView"]


@dataclass(frozen=True)
class ReplayView:
    """A log walked up to one entry, as ``Referee.replay_view`` gives it."""

    rules: Rules
    entries: list[Entry]
    """The entries up to and including the last one walked, as the seat may hold them."""
    to: int
    view: dict[str, Any] | None
    """What the seat saw after the last entry walked; None when the log hides entries
    from its holder (a seat's export), so no state can be rebuilt from it."""
    result: str | None
    """How the game ended, where it had ended by then."""


class Offline:
    """The store-free half of ``Referee``."""

    if TYPE_CHECKING:

        @property
        def registry(self) -> Registry: ...

    @staticmethod
    def default_location() -> str:
        """Where tables are kept when no ``db`` is named ($REFEREE_DB, else the user's data folder)."""
        from .store import resolve_db

        return resolve_db(None)

    @staticmethod
    def configure_logging(level: str, *, json: bool = False) -> None:
        """Log lines to standard error at ``level`` (debug, info, warning, error); ValueError names a bad level."""
        from .logging import configure

        configure(level, json=json)

    @staticmethod
    def describe(rules: Rules, entry: Entry) -> str:
        """One entry in words (the game's, or a generic rendering)."""
        from .audit import describe

        return describe(rules, rules.decode(entry)) if not entry.redacted else "(hidden)"

    # -- installed games ----------------------------------------------------------
    def games(self) -> dict[str, Any]:
        """Every installed game with its extensions, each with the distribution and version
        that offers it, plus plugins that could not be used and why (``broken``) and what a
        plugin asked for and did not get (``warnings``): plain data, ready for JSON."""
        registry = self.registry
        games = []
        for game in sorted(registry.games.values(), key=lambda g: g.name):
            dist, version = registry._dist[id(game.plugin)]
            games.append(
                {
                    "name": game.name,
                    "title": game.title,
                    "seats": f"{game.min_seats}-{game.max_seats}" if game.max_seats else f"{game.min_seats}+",
                    "distribution": dist,
                    "version": version,
                    "summary": game.summary,
                    # The options a table takes, with their defaults (a form can be built from them).
                    "options": msgspec.to_builtins(game.options()) if game.options is not None else {},
                    "extensions": [
                        {
                            "name": e.name,
                            "kind": e.kind,
                            "title": e.title,
                            "default": e.default,
                            **dict(zip(("distribution", "version"), registry._dist[id(e.plugin)], strict=True)),
                        }
                        for e in registry.extensions_of(game.name)
                    ],
                }
            )
        return {"games": games, "broken": dict(registry.broken), "warnings": list(registry.warnings)}

    def hooks(self, game: str | None = None) -> dict[str, Any]:
        """Every hook spec of the kernel and, with ``game``, of that game's own hookspecs:
        its signature, the first paragraph of its docstring, whether the first result wins,
        and which installed plugins implement it (with distribution and version); plus
        ``problems`` (a game whose extensions cannot share a table): plain data, ready for JSON."""
        specs, problems = self.registry.hooks(game)
        return {
            "game": game,
            "hooks": [
                {
                    "name": spec.name,
                    "owner": spec.owner,
                    "module": spec.module,
                    "signature": spec.signature,
                    "summary": spec.summary,
                    "firstresult": spec.firstresult,
                    "implemented_by": [
                        {"plugin": plugin, "distribution": dist, "version": version} for plugin, dist, version in spec.implemented_by
                    ],
                }
                for spec in specs
            ],
            "problems": problems,
        }

    def check_files(self, game: str, files: Sequence[str]) -> list[dict[str, Any]]:
        """Check data files ``game`` reads (e.g. deck files): ``{"file", "problems"}`` for each."""
        rules = self.registry.rules(game, [])
        results = []
        for file in files:
            problems = rules.hook.referee_check_file(path=file)
            if problems is None:
                raise RefereeError(f"{game} reads no data files to check")
            results.append({"file": file, "problems": list(problems)})
        return results

    def run_scenarios(
        self, files: Sequence[str], *, game: str | None = None, extensions: Sequence[str] | None = None
    ) -> list[ScenarioResult]:
        """Run scenario files (and, with ``game``, the suite the game ships), each on a
        fresh table; ``extensions`` are added to each file's own (see ``referee.scenario``)."""
        from pathlib import Path

        from .scenario import load_scenario, run_scenario

        files = list(files)
        if game:
            folder = self.registry.game(game).scenarios
            if not folder or not Path(folder).is_dir():
                raise RefereeError(f"{game} ships no scenario files")
            files += sorted(str(p) for p in Path(folder).glob("*.toml"))
        if not files:
            raise RefereeError("name scenario files, or a game for its own suite")
        return [run_scenario(load_scenario(file), self.registry, extensions=extensions) for file in files]

    # -- logs given as text -------------------------------------------------------
    # The read side (verify, explain, replay) lives in referee.audit, imported when used.
    def load_log(self, text: str, *, source: str = "log") -> list[Entry]:
        """Entries of an exported log (JSON Lines), or BadLog naming the line at fault."""
        return load_jsonl(text.splitlines(), source=source)

    @staticmethod
    def is_over(entries: Sequence[Entry]) -> bool:
        """Whether a log records the end of its game."""
        tag = event_tag(GameEnded)
        return any(e.type == tag for e in entries)

    def seat_view_of_log(self, entries: Sequence[Entry], seat: str | None) -> list[Entry]:
        """A log as ``seat`` may hold it (``None``: a spectator): hidden bodies blanked
        until the log's game has ended."""
        return redact_for(entries, seat, game_over=self.is_over(entries))

    def log_rules(self, entries: Sequence[Entry]) -> Rules:
        """The installed rules a log was played under (from its first entry)."""
        from .audit import replay

        return replay(self.registry, entries[:1])[0]

    def replay_view(self, entries: Sequence[Entry], to: int | None = None, seat: str | None = None) -> ReplayView:
        """A log walked up to and including entry ``to`` (default: all), as ``seat`` saw it
        (``None``: a spectator)."""
        from .audit import replay

        if not entries:
            raise BadLog("the log is empty")
        if to is not None and not 1 <= to <= len(entries):
            raise RefereeError(f"the log has entries 1 to {len(entries)}; {to} is outside")
        upto = [e for e in entries if to is None or e.seq <= to]
        shown_entries = self.seat_view_of_log(upto, seat) if seat else list(upto)
        if any(e.redacted for e in upto):
            return ReplayView(replay(self.registry, entries[:1])[0], shown_entries, upto[-1].seq, None, None)
        rules, state = replay(self.registry, upto)
        if seat is not None and seat not in state.seats:
            raise RefereeError(f"{shown(seat)} has no seat in this log (seats: {', '.join(state.seats)})")
        return ReplayView(
            rules, shown_entries, upto[-1].seq, view(rules, state, seat), state.result.reason if state.result is not None else None
        )

    # The read side (verify, explain, replay) lives in referee.audit, imported when used.
    def verify(self, entries: Sequence[Entry]) -> Verdict:
        """Check a log: chain, commitments, seed, and every decision re-run (see ``referee.audit``)."""
        from .audit import verify

        return verify(self.registry, entries)

    def explain(self, entries: Sequence[Entry], seq: int) -> Explanation:
        """The action, plugin and rule behind entry ``seq``."""
        from .audit import explain

        return explain(self.registry, entries, seq)

    def replay(self, entries: Sequence[Entry], to: int | None = None) -> tuple[Rules, TableState]:
        """The table a log gives, up to and including entry ``to``."""
        from .audit import replay

        return replay(self.registry, entries, to)
