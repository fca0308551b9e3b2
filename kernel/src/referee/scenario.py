"""Scenario files: rulebook examples and conformance suites, written as data.

A scenario is a TOML file (the full guide is docs/scenarios.md)::

    title = "4.4 example: Bill steals from Ted, who has one Guard"
    game = "pigsty"
    seats = ["Bill", "Ted", "Charlie"]
    options = {}              # table options (optional)
    extensions = []           # cards, powers, house rules (optional; default: the game's;
                              # ["+name", "-name"]: the game's defaults plus or minus one)
    random = [4, 2]           # scripted random outcomes, in order (optional)
    deal = { Bill = ["F20"] } # named cards dealt where the game deals each seat (optional)

    [[step]]                  # one action per step, in order
    seat = "Bill"             # or "gamesmaster"
    action = "orders"
    args = { text = "S 8 Ted" }
    request = "r1.bullet.Ann" # optional: which open request this answers, where a seat has several
    expect_error = "10.1"     # optional: the action must be refused with this text in the message

    [[step.expect]]           # optional: events the step must produce, in this order
    type = "pigsty.PigsTaken" # each a subset: only the fields given are compared
    event = { thief = "Bill", taken = 3 }
    rule = "pigsty 4.4.5"     # optional: the entry's rule, exactly
    visible_to = ["Bill"]     # optional: the seats that may see the body before the end, exactly
                              # ([] nobody; leave it out to accept any visibility)

    [[step.absent]]           # optional: events the step must NOT produce
    type = "pigsty.PigsTaken" # any entry of this type whose fields match the subset fails
    event = { victim = "Charlie" }

    [step.state]              # optional: a subset of a view after the step
    seat = "Ted"              # whose view (default: a spectator's); "gamesmaster" too
    view = { bandits = 1 }

``deal`` names the cards a seat (or a place the game deals to, such as a street) is dealt
when the table is laid out: each goes where the game's shuffle deals that seat
(``Game.deals``), the rest of the deck keeps its listed order, and that shuffle takes no
outcome from ``random``.  So an example changes only when its own cards do, not when a
new card joins the deck.  A card no shuffle dealt, or more cards than the game deals a
seat, is refused by name.

Top-level ``[[expect]]``, ``[[absent]]`` and ``[state]`` check the table right after it
opened.  Subsets compare recursively: tables by the keys given; lists item by item in
order, each expected item matching some later actual item.  An empty list or table
below the top (``winners = []``, ``shares = {}``) matches only an empty one, so that a
field can be asserted empty.  Expected events must appear in the given order, with any
other events between them.  A failure names the path of the field that differs
(``event.taken: expected 3, got 4``).

``extensions`` given to :func:`run_scenario` (``referee scenario run --extensions``) are
added to the file's own (or, when the file names none, to the game's defaults): a house
rule re-runs a suite whose scenarios still get the cards and powers they name; ``-name``
among them takes one away.  ``["all"]`` plays every installed extension of the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from .errors import RefereeError
from .limits import parse_toml, read_text
from .log import Entry
from .registry import Registry
from .service import Referee
from .store import MEMORY, TableStore

__all__ = ["Scenario", "ScenarioResult", "load_scenario", "run_scenario", "subset_mismatch"]


class ExpectedEvent(msgspec.Struct, forbid_unknown_fields=True):
    type: str
    event: dict[str, Any] = {}
    rule: str | None = None
    visible_to: list[str] | None = None


class Step(msgspec.Struct, forbid_unknown_fields=True):
    seat: str
    action: str
    args: dict[str, Any] = {}
    request: str | None = None
    expect_error: str | None = None
    expect: list[ExpectedEvent] = []
    absent: list[ExpectedEvent] = []
    state: dict[str, Any] = {}
    note: str = ""


class Scenario(msgspec.Struct, forbid_unknown_fields=True):
    title: str
    game: str
    seats: list[str]
    options: dict[str, Any] = {}
    extensions: list[str] | None = None
    random: list[Any] | None = None
    deal: dict[str, list[str]] | None = None
    rule: str = ""
    expect: list[ExpectedEvent] = []
    absent: list[ExpectedEvent] = []
    state: dict[str, Any] = {}
    step: list[Step] = []
    source: str = ""


@dataclass
class ScenarioResult:
    scenario: Scenario
    ok: bool
    failures: list[str] = field(default_factory=list)
    table_id: str = ""

    def summary(self) -> str:
        head = f"{'PASS' if self.ok else 'FAIL'} {self.scenario.source or self.scenario.title}: {self.scenario.title}"
        return "\n".join([head] + [f"    {line}" for failure in self.failures for line in failure.splitlines()])


def load_scenario(path: str | Path) -> Scenario:
    """The scenario in the TOML file ``path``, within the limits of ``referee.limits``
    (``MAX_FILE_BYTES``, UTF-8 text, ``MAX_NESTING``); anything else is refused by name."""
    path = Path(path)
    data = parse_toml(read_text(path, "scenario"), f"scenario {path}")
    try:
        scenario = msgspec.convert(data, Scenario)
    except msgspec.ValidationError as exc:
        raise RefereeError(f"scenario {path}: {exc}") from None
    return msgspec.structs.replace(scenario, source=str(path))


def subset_mismatch(expected: Any, actual: Any, where: str = "") -> str | None:
    """Why ``expected`` is not a subset of ``actual`` (None when it is), naming the path
    of the first field that differs.  An empty list or table matches only an empty one."""
    here = where or "value"
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{here}: expected a table {expected!r}, got {actual!r}"
        if not expected and actual:
            return f"{here}: expected it empty, got {actual!r}"
        for key, value in expected.items():
            path = f"{where}.{key}" if where else str(key)
            if key not in actual:
                return f"{path}: no such field (has {', '.join(map(str, actual)) or 'none'})"
            problem = subset_mismatch(value, actual[key], path)
            if problem:
                return problem
        return None
    if isinstance(expected, list):
        if not isinstance(actual, (list, tuple)):
            return f"{here}: expected a list, got {actual!r}"
        if not expected and actual:
            return f"{here}: expected it empty, got {list(actual)!r}"
        position = 0
        for number, item in enumerate(expected):
            start = position
            while position < len(actual) and subset_mismatch(item, actual[position]) is not None:
                position += 1
            if position == len(actual):
                if len(actual) == len(expected) and start < len(actual):
                    # Same length: the lists were meant item for item, so name the item.
                    return subset_mismatch(item, actual[start], f"{here}[{start}]")
                return f"{here}[{number}]: no item matching {item!r} (in order) among {list(actual)!r}"
            position += 1
        return None
    if expected != actual or (type(expected) is bool and type(actual) is not bool):
        return f"{here}: expected {expected!r}, got {actual!r}"
    return None


def _json(value: Any) -> str:
    return msgspec.json.encode(value).decode()


def _differs(wanted: ExpectedEvent, entry: Entry) -> str | None:
    """Why ``entry`` is not the event ``wanted`` describes, by the field that differs."""
    if entry.type != wanted.type:
        return f"type: expected {wanted.type}, got {entry.type}"
    if wanted.rule is not None and entry.rule != wanted.rule:
        return f"rule: expected {wanted.rule!r}, got {entry.rule!r}"
    if wanted.visible_to is not None and (entry.visible_to is None or list(entry.visible_to) != wanted.visible_to):
        return f"visible_to: expected {wanted.visible_to!r}, got {entry.visible_to!r} (None: everyone)"
    if not wanted.event:
        return None  # no field given: any event of the type
    if entry.event is None:
        return "event: hidden in this log"
    return subset_mismatch(wanted.event, entry.event, "event")


def _match_events(expected: Sequence[ExpectedEvent], entries: Sequence[Entry], label: str) -> list[str]:
    position = 0
    for wanted in expected:
        start = position
        while position < len(entries):
            entry = entries[position]
            position += 1
            if _differs(wanted, entry) is None:
                break
        else:
            same = [e for e in entries[start:] if e.type == wanted.type]
            got = (
                "\n".join(f"  got {e.type} {_json(e.event)} ({e.rule})\n    {_differs(wanted, e)}" for e in same)
                or f"  no {wanted.type} at all after that point"
            )
            return [f"{label}: expected {wanted.type} {_json(wanted.event)}" + (f" ({wanted.rule})" if wanted.rule else "") + "\n" + got]
    return []


def _match_absent(absent: Sequence[ExpectedEvent], entries: Sequence[Entry], label: str) -> list[str]:
    failures = []
    for unwanted in absent:
        found = next((e for e in entries if _differs(unwanted, e) is None), None)
        if found is not None:
            failures.append(
                f"{label}: expected no {unwanted.type} {_json(unwanted.event)}"
                + (f" ({unwanted.rule})" if unwanted.rule else "")
                + f"\n  got entry {found.seq}: {found.type} {_json(found.event)} ({found.rule})"
            )
    return failures


def _check_state(referee: Referee, table_id: str, expected: dict[str, Any], label: str) -> list[str]:
    if not expected:
        return []
    seat = expected.get("seat")
    try:
        view = referee.view(table_id, seat)
    except RefereeError as exc:
        return [f"{label}: state: {exc.message}"]
    wanted = {k: v for k, v in expected.items() if k != "seat"}
    problem = subset_mismatch(wanted, msgspec.json.decode(msgspec.json.encode(view)), "state") if wanted else None
    return [f"{label}: {problem}" + (f" (the view of {seat})" if seat else "")] if problem else []


def run_scenario(scenario: Scenario, registry: Registry | None = None, *, extensions: Sequence[str] | None = None) -> ScenarioResult:
    """Play ``scenario`` on an in-memory table.

    ``extensions`` (house rules) are added to the file's own, or to the game's defaults
    where the file names none; only one written ``-name`` removes an extension.  ``["all"]``
    is every installed extension of the game."""
    registry = registry or Registry()
    referee = Referee(registry=registry, store=TableStore(MEMORY))
    failures: list[str] = []
    chosen = scenario.extensions
    if extensions and list(extensions) == ["all"]:
        chosen = ["all"]  # every installed extension of the game: the file's among them
    elif extensions:
        try:
            base = registry.extension_names(scenario.game, chosen)
            # Each house rule is added (a plain name or +name); -name takes one away.
            added = [e if e[:1] in ("+", "-") else f"+{e}" for e in extensions]
            chosen = [*base, *(e[1:] for e in added if e[0] == "+" and e[1:] not in base)]
            chosen = [e for e in chosen if f"-{e}" not in added]
        except RefereeError as exc:
            return ScenarioResult(scenario, False, [exc.message])
    try:
        table_id = referee.open(
            scenario.game,
            scenario.seats,
            options=scenario.options,
            extensions=chosen,
            script=scenario.random if scenario.random is not None else [],
            deal=scenario.deal,
        )
    except RefereeError as exc:
        return ScenarioResult(scenario, False, [f"the table could not open: {exc.message}"])
    opened = referee.entries(table_id)
    failures += _match_events(scenario.expect, opened, "opening")
    failures += _match_absent(scenario.absent, opened, "opening")
    failures += _check_state(referee, table_id, scenario.state, "opening")
    for number, step in enumerate(scenario.step, start=1):
        label = f"step {number} ({step.seat} {step.action}{': ' + step.note if step.note else ''})"
        before = len(referee.entries(table_id))
        try:
            entries = referee.act(table_id, step.seat, step.action, step.args, request=step.request)
        except RefereeError as exc:
            if step.expect_error is None:
                failures.append(f"{label}: refused: {exc.message}")
                break
            if step.expect_error not in exc.message:
                failures.append(f"{label}: refused as expected, but the message lacks {step.expect_error!r}: {exc.message}")
            if len(referee.entries(table_id)) != before:
                failures.append(f"{label}: a refused action appended entries")
            continue
        if step.expect_error is not None:
            failures.append(f"{label}: expected a refusal mentioning {step.expect_error!r}, but it was accepted")
            break
        failures += _match_events(step.expect, entries, label)
        failures += _match_absent(step.absent, entries, label)
        failures += _check_state(referee, table_id, step.state, label)
    referee.close()
    return ScenarioResult(scenario, not failures, failures, table_id)
