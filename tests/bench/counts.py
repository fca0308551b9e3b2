"""Counted rows: store reads and full state copies per action (bot play and the web server),
encodes per event appended, plugin managers built per verify.

Counts do not depend on the machine, so each is taken once per game, on an in-memory store
for bot play and a SQLite file for the web server (as it runs).  Each row sets its count
against the floor the design names ("the table runtime: each thing done once").
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from referee import MEMORY, Entry, Referee, Registry, TableStore, verify

from .common import NAMES, CountRow, GameSpec, PlayedGame, open_game, progress
from .counting import Counting, per

READS_FLOOR = 1.0
"""One read per change: the table is checked against the log's position once per action."""
ENCODES_FLOOR = 1.0
"""Each event encoded once into the canonical bytes that are committed, hashed and stored."""
COPIES_FLOOR = 0.0
"""Views and bots read the live state, never a copy."""
RULES_FLOOR = 1.0
"""One plugin manager per (game, extensions)."""


def play_counts(registry: Registry, spec: GameSpec) -> dict[str, Any]:
    """A bot game played as ``referee play`` plays it: per action, inside one
    ``Referee.reading`` (one look at the table), the open requests, the acting seat's view,
    the bot's answer, the action.  Whether the game is over is looked up between actions
    uncounted (the loop's own test)."""
    with Referee(registry=registry, store=TableStore(MEMORY)) as app:
        table_id = open_game(app, spec, f"count-{spec.name}")
        with Counting() as counting:
            while True:
                with counting.paused():
                    if app.over(table_id):
                        break
                with app.reading(table_id):
                    request = app.requests(table_id)[0]
                    app.view(table_id, request.seat)
                    answer = app.bots.answer(table_id, request)
                    app.act(table_id, request.seat, request.action, answer, request=request.id)
    return _summary(counting)


def web_counts(registry: Registry, spec: GameSpec, db: Path, max_actions: int = 0) -> dict[str, Any]:
    """A game played through the web server in this process (Starlette's TestClient, no
    socket): every seat is a person with an open page.  Per action: the acting seat's
    ``POST .../act`` (the server decides and appends, then looks for bots to move), then
    every seat's page reading what changed (``GET .../state?after=N``: the update the live
    WebSocket pushes, through the same ``Hub._w_update``).  The answers are chosen by a
    bot, uncounted, through a second ``Referee`` on the same file."""
    from starlette.testclient import TestClient

    from referee_web.app import Limits, create_app

    seats = list(NAMES[: spec.seats])
    server = create_app(str(db), registry=registry, limits=Limits(rate=1e9, burst=1_000_000_000))
    with TestClient(server) as client, Referee(db, registry=registry) as chooser:
        body = {"game": spec.name, "seats": seats, "options": {}}
        if spec.extensions is not None:
            body["extensions"] = spec.extensions
        created = client.post("/api/tables", json=body)
        created.raise_for_status()
        table_id, tokens = created.json()["table"], dict(created.json()["tokens"])

        def page(seat: str) -> str:
            return f"/api/tables/{table_id}/seats/{seat}"

        # Each seat's page claims its invitation first, as a player's browser does (uncounted).
        for seat, invitation in created.json()["invitations"].items():
            claimed = client.post(f"{page(seat)}/claim", headers={"Authorization": f"Bearer {invitation}"})
            claimed.raise_for_status()
            tokens[seat] = claimed.json()["credential"]

        def headers(seat: str) -> dict[str, str]:
            return {"Authorization": f"Bearer {tokens[seat]}"}

        after = {seat: client.get(f"{page(seat)}/state", headers=headers(seat)).json()["length"] for seat in seats}
        hub = server.state.hub
        with Counting() as counting:
            while True:
                with counting.paused():
                    if chooser.over(table_id) or 0 < max_actions <= counting.actions:
                        break
                    request = chooser.requests(table_id)[0]
                    answer = chooser.bots.answer(table_id, request)
                acted = client.post(
                    f"{page(request.seat)}/act",
                    json={"action": request.action, "args": answer, "request": request.id},
                    headers=headers(request.seat),
                )
                acted.raise_for_status()
                for seat in seats:
                    update = client.get(f"{page(seat)}/state", params={"after": after[seat]}, headers=headers(seat))
                    update.raise_for_status()
                    after[seat] = update.json()["length"]
            _settle(hub)
    return _summary(counting)


def _settle(hub: Any) -> None:
    """Wait for the server's own follow-up work (bots looked for after each change)."""
    deadline = time.monotonic() + 10
    while getattr(hub, "_tasks", None) and time.monotonic() < deadline:
        time.sleep(0.01)


def verify_counts(registry: Registry, entries: Sequence[Entry]) -> dict[str, Any]:
    with Counting() as counting:
        verify(registry, entries)
    return _summary(counting)


def _summary(counting: Counting) -> dict[str, Any]:
    found = counting.snapshot()
    found["totals"] = {kind: counting.total(kind) for kind in counting.counts}
    return found


def rows_for_game(registry: Registry, game: PlayedGame, db: Path, *, web: bool = True, max_actions: int = 0) -> list[CountRow]:
    """Every counted row of one game."""
    spec = game.spec
    progress(f"[counts/{spec.name}] bot play, counted")
    played = play_counts(registry, spec)
    rows = [
        _per_action(
            "reads/play", spec, played, "reads", "store reads per action in bot play (requests + view + bot answer + act, in one reading)"
        ),
        _per_action("copies/play", spec, played, "copies", "full state copies per action in bot play"),
        _encodes(spec, played),
    ]
    if web:
        progress(f"[counts/{spec.name}] the web server's update path, counted")
        served = web_counts(registry, spec, db, max_actions)
        rows.insert(1, _per_action("reads/web", spec, served, "reads", f"store reads per web action ({spec.seats} pages open)"))
        rows.insert(3, _per_action("copies/web", spec, served, "copies", f"full state copies per web action ({spec.seats} pages open)"))
    progress(f"[counts/{spec.name}] one verify, counted")
    checked = verify_counts(registry, game.entries)
    rules = checked["totals"]["rules"]
    rows.append(
        CountRow(
            f"rules/verify/{spec.name}",
            f"plugin managers (Rules) built by one verify of the {spec.name} game",
            "verify",
            None if rules is None else float(rules),
            RULES_FLOOR,
            "1",
            missing=checked["missing"].get("rules", []),
        )
    )
    return rows


def _per_action(prefix: str, spec: GameSpec, found: dict[str, Any], kind: str, title: str) -> CountRow:
    actions = found["actions"]
    floor = COPIES_FLOOR if kind == "copies" else READS_FLOOR
    row = CountRow(
        f"{prefix}/{spec.name}",
        title,
        "action",
        per(found["totals"][kind], actions),
        floor,
        "0" if kind == "copies" else "1 (one read per change)",
        breakdown={label: n / actions for label, n in found["counts"][kind].items()} if actions else {},
        missing=found["missing"].get(kind, []),
    )
    if kind == "reads" and found["totals"]["queries"] is not None and actions:
        row.notes.append(f"store queries (recorder select_*) per action: {found['totals']['queries'] / actions:.2f}")
    if kind == "copies" and found["totals"]["round_trips"] is not None and actions:
        row.notes.append(
            f"msgspec round-trip copies of parts of the state (_copy) per action: {found['totals']['round_trips'] / actions:.2f}"
        )
    row.notes.append(f"{actions} actions, {found['appended']} entries appended")
    return row


def _encodes(spec: GameSpec, found: dict[str, Any]) -> CountRow:
    events = found["appended"]
    row = CountRow(
        f"encodes/{spec.name}",
        "msgspec encodes by the kernel per event appended (inside Referee.act)",
        "event",
        per(found["totals"]["encodes"], events),
        ENCODES_FLOOR,
        "1 (the canonical body)",
        breakdown={label: n / events for label, n in sorted(found["counts"]["encodes"].items())} if events else {},
        missing=found["missing"].get("encodes", []),
    )
    row.notes.append(f"{events} entries appended by {found['actions']} actions")
    return row
