"""What one action costs the table runtime, counted rather than timed, and verify against its floor.

    python tests/bench/runtime.py            # counts per action, verify vs floor (6-seat Pimp)
    python tests/bench/runtime.py --reps 7

Counts (store reads, full state copies) come from wrapping the store's recorder and the
state copier; the verify floor is what no verifier can skip: decoding every line, SHA-256
and HMAC over every byte, and the rules' own decisions re-run over the recorded actions.
Nothing here is collected by pytest.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import time
from typing import Any

import msgspec

import referee.table
from referee import MEMORY, Referee, Registry, TableStore
from referee.audit import verify
from referee.events import ActionTaken, RandomDrawn, TableOpened, event_tag
from referee.log import Entry, entry_keys
from referee.randomness import RecordedSource
from referee.table import Action, decide, open_table


class Counter:
    def __init__(self) -> None:
        self.reads = 0
        self.copies = 0


def counted(app: Referee, counter: Counter) -> None:
    recorder = app.store.recorder
    select = recorder.select_events

    def select_events(*args: Any, **kwargs: Any) -> Any:
        counter.reads += 1
        return select(*args, **kwargs)

    recorder.select_events = select_events  # type: ignore[method-assign]
    copier = getattr(referee.table, "_copy", None)
    if copier is not None:

        def copy(value: Any) -> Any:
            if isinstance(value, referee.table.Flow):
                counter.copies += 1  # one per full copy_state: the flow is copied once in each
            return copier(value)

        referee.table._copy = copy  # type: ignore[attr-defined]


def per_action(registry: Registry, together: bool = False) -> dict[str, float]:
    """One play step (act + view + requests + visible entries + a bot answer), each question
    asked on its own or (``together``) inside one ``Referee.reading``."""
    app = Referee(registry=registry, store=TableStore(MEMORY))
    seats = [f"p{n}" for n in range(6)]
    table = app.open("pimp", seats, seed="bench", key="ab" * 32)
    counter = Counter()
    counted(app, counter)
    actions = 0
    start = time.perf_counter()
    while actions < 200 and not app.over(table):
        with app.reading(table) if together else contextlib.nullcontext():
            request = app.requests(table)[0]
            answer = app.bots.answer(table, request)
            seen = app.act(table, request.seat, request.action, answer, request=request.id)[-1].seq
            app.view(table, request.seat)
            app.visible_entries(table, request.seat, after=max(0, seen - 5))
        actions += 1
    elapsed = time.perf_counter() - start
    return {"reads": counter.reads / actions, "copies": counter.copies / actions, "us": elapsed / actions * 1e6, "actions": actions}


def web_action(registry: Registry) -> dict[str, float]:
    """What the web hub does for one seat's action and that seat's page update."""
    from referee_web.hub import Hub

    hub = Hub(MEMORY, registry=registry)
    app = hub._w_app
    seats = [f"p{n}" for n in range(6)]
    table = app.open("pimp", seats, seed="bench", key="cd" * 32)
    counter = Counter()
    counted(app, counter)
    hub._w_update(table, seats[0], 0)
    counter.reads = counter.copies = 0
    actions = 0
    after = 0
    while actions < 100 and not app.over(table):
        request = app.requests(table)[0]
        answer = app.bots.answer(table, request)
        hub._w_act(table, request.seat, {"action": request.action, "args": answer, "request": request.id})
        after = hub._w_update(table, request.seat, after)["length"]
        actions += 1
    return {"reads": counter.reads / actions, "copies": counter.copies / actions, "actions": actions}


def floor(registry: Registry, texts: list[str], lines: list[bytes]) -> float:
    # The rules' own decisions run bare: every emitted event folded as it is, never encoded.
    name = "canonical_event" if hasattr(referee.table, "canonical_event") else "_canonical_event"  # before: private
    canonical = getattr(referee.table, name)
    setattr(referee.table, name, lambda event: (event, b""))
    try:
        return _floor(registry, texts, lines)
    finally:
        setattr(referee.table, name, canonical)


def _floor(registry: Registry, texts: list[str], lines: list[bytes]) -> float:
    start = time.perf_counter()
    # The log as verify is given it: exported text, one line per entry.
    decoded = [msgspec.json.decode(line, type=Entry) for line in texts]
    key_of = entry_keys(bytes(32))
    for line in lines:
        hashlib.sha256(line).digest()
        mac = key_of(1)
        hashlib.sha256(mac + hashlib.sha256(mac + line).digest()).digest()
    opened = msgspec.convert(decoded[0].event, TableOpened)
    rules = registry.rules_for(opened.game, opened.plugins)
    draws = [
        (d.kind, d.spec, d.purpose, d.outcome)
        for d in (msgspec.convert(e.event, RandomDrawn) for e in decoded if e.type == event_tag(RandomDrawn))
    ]
    source = RecordedSource(draws)
    state, _ = open_table(
        rules,
        table_id=opened.table_id,
        seats=opened.seats,
        options=opened.options,
        source=source,
        seed_commitment=opened.seed_commitment,
        plugins=opened.plugins,
    )
    for e in decoded:
        if e.type == event_tag(ActionTaken):
            taken = msgspec.convert(e.event, ActionTaken)
            state, _ = decide(rules, state, Action(taken.seat, taken.action, taken.args, taken.request), source)
    return time.perf_counter() - start


def verify_ratio(registry: Registry, reps: int) -> dict[str, float]:
    app = Referee(registry=registry, store=TableStore(MEMORY))
    seats = [f"p{n}" for n in range(6)]
    table = app.open("pimp", seats, seed="bench-verify", key="ef" * 32)
    app.bots.play(table, seats)
    text = app.export(table)
    texts = text.splitlines()
    lines = [line.encode() for line in texts]
    entries = app.audit.load_log(text)
    verify(registry, entries)
    floor(registry, texts, lines)
    verifies, floors = [], []
    for _ in range(reps):
        start = time.perf_counter()
        verdict = verify(registry, app.audit.load_log(text))
        verifies.append(time.perf_counter() - start)
        assert verdict.ok, verdict.message
        floors.append(floor(registry, texts, lines))
    # The fastest of each: the machine is shared, and load only ever adds time.
    v, f = min(verifies), min(floors)
    return {"entries": len(lines), "verify_ms": v * 1000, "floor_ms": f * 1000, "ratio": v / f}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--verify-only", action="store_true")
    args = parser.parse_args()
    registry = Registry()
    if not args.verify_only:
        print("per action (referee):", per_action(registry))
        if hasattr(Referee, "reading"):
            print("per action (referee, one reading):", per_action(registry, together=True))
        print("per action (web hub):", web_action(registry))
    print("verify (6-seat pimp):", verify_ratio(registry, args.reps))


if __name__ == "__main__":
    main()
