"""The floor under the web server's saturated rows (``web.py``): what one accepted action
costs in the kernel and the game alone, in CPU time, with no server around it.

    python tests/bench/web_floor.py --game cashnguns

Per action, played as the load client plays (the plainest legal answer, tables taken in
turn): the decision with its sealing and receipt on an in-memory store; the same on a
SQLite file, one commit an action and then 50 actions to a commit (the server's group
commit); and for every seat's page, what the server works out for it: the seat's view,
the game's presentation of it, the new log entries as that seat's story, and the update
encoded.  CPU time (``time.process_time``), the median of three runs, so a busy shared
machine weighs on it less than on a clock.  Compare a row's ``srv cpu`` (server CPU ms per
action) with the sum: the rest is HTTP, WebSocket and the hand-overs between threads.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent))

from web import GAMES, _answer

from referee import Referee, short_head
from referee_web.showing import entry_shown, presented

clock = time.process_time
encode = msgspec.json.Encoder().encode


def _acted(app: Referee, tables: list[str], actions: int, after: Callable[[Referee, str], None] | None = None, group: int = 1) -> float:
    """CPU ms per action of ``app.act`` over ``actions`` actions taken at ``tables`` in turn
    (``group``: actions committed together); ``after`` runs after each action, untimed."""
    spent, done = 0.0, 0
    while done < actions:
        acted = []
        began = clock()
        with app.store.together():
            for _ in range(group):
                table = tables[done % len(tables)]
                request = app.requests(table)[0]
                app.act(table, request.seat, request.action, _answer(msgspec.to_builtins(request.answer)), request=request.id)
                acted.append(table)
                done += 1
        spent += clock() - began
        if after is not None:
            for table in acted:
                after(app, table)
    return 1000 * spent / done


class Pages:
    """What the server works out for every seat's page after an action, timed by part."""

    def __init__(self, seats: list[str]) -> None:
        self.seats = seats
        self.held: dict[tuple[str, str], int] = {}
        self.clear()

    def clear(self) -> None:
        self.spent = dict.fromkeys(["view", "presentation", "story", "encode"], 0.0)
        self.entries = 0

    def __call__(self, app: Referee, table: str) -> None:
        rules = app.rules(table)
        for seat in self.seats:
            after = self.held.get((table, seat), 0)
            a = clock()
            view = app.view(table, seat)
            b = clock()
            drawn = presented(rules, view)
            c = clock()
            new = app.visible_entries(table, seat, after=after)
            shown = [entry_shown(rules, e, seat) for e in new]
            d = clock()
            encode({"type": "update", "view": view, "presentation": drawn, "entries": shown, "head": short_head(app.head(table))})
            e = clock()
            self.held[table, seat] = after + len(new)
            self.entries += len(new)
            for name, took in zip(self.spent, (b - a, c - b, d - c, e - d), strict=True):
                self.spent[name] += took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--game", default="cashnguns", choices=sorted(GAMES))
    parser.add_argument("--actions", type=int, default=600, help="actions a run (default 600)")
    options = parser.parse_args()
    seats, table_options = GAMES[options.game]
    scratch = tempfile.TemporaryDirectory(prefix="referee-web-floor-")

    def tables(app: Referee) -> list[str]:
        # Fresh tables each run: the game's own cost depends on how far a table has gone.
        return [app.open(options.game, seats, options=table_options) for _ in range(50)]

    runs: dict[str, list[float]] = {}
    for run in range(3):
        memory = Referee(":memory:")
        disk = Referee(str(Path(scratch.name) / f"floor-{run}.sqlite"))
        runs.setdefault("decide", []).append(_acted(memory, tables(memory), options.actions))
        runs.setdefault("commit each", []).append(_acted(disk, tables(disk), options.actions))
        runs.setdefault("commit 50", []).append(_acted(disk, tables(disk), options.actions, group=50))
        memory = Referee(":memory:")
        opened = tables(memory)
        pages = Pages(seats)
        for table in opened:
            pages(memory, table)  # each page's first update (the whole log) is not a change's
        pages.clear()
        _acted(memory, opened, options.actions, after=pages)
        for name, took in pages.spent.items():
            runs.setdefault(name, []).append(1000 * took / options.actions / len(seats))
        runs.setdefault("entries", []).append(pages.entries / options.actions / len(seats))
    floor = {name: statistics.median(values) for name, values in runs.items()}
    page = sum(floor[name] for name in ("view", "presentation", "story", "encode"))
    print(f"{options.game}, {len(seats)} seats, CPU ms per accepted action (median of 3 runs of {options.actions}):")
    print(f"  decide, seal, sign (in memory)       {floor['decide']:.3f}")
    print(f"  and append + commit, one a commit    {floor['commit each']:.3f}")
    print(f"  and append + commit, 50 a commit     {floor['commit 50']:.3f}")
    print(
        f"  a page ({floor['entries']:.1f} new entries): view {floor['view']:.3f}, presentation {floor['presentation']:.3f}, "
        f"story {floor['story']:.3f}, encode {floor['encode']:.3f}; all {page:.3f}"
    )
    print(f"  floor: 50 a commit + {len(seats)} pages  {floor['commit 50'] + len(seats) * page:.3f}")
    scratch.cleanup()


if __name__ == "__main__":
    main()
