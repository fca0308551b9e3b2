"""Replay, verify and explain a table's log: how disputes are settled.

* **replay** folds a log to any position and shows the state there;
* **verify** checks the hash chain, the plugin set and the seed commitment, then
  re-decides every action with the installed rules and reports the first entry that
  does not follow from them;
* **explain** shows, for one entry, the action, plugin and rule that produced it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

import msgspec

from .errors import BadLog, IllegalAction, RefereeError
from .events import ActionTaken, Event, TableOpened, decode_event, encode_event
from .log import Entry, chain, check_chain
from .randomness import RandomnessMismatch, RecordedSource, roll, seed_hash
from .registry import Registry, Rules
from .table import Action, Emitted, TableState, apply, decide, open_table

__all__ = ["seal", "decode", "replay", "verify", "explain", "Verdict", "Explanation"]


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def seal(emitted: Sequence[Emitted], *, after: Entry | None, seat: str | None, at: str) -> list[Entry]:
    """Turn one decision's events into chained log entries following ``after``."""
    seq = after.seq if after else 0
    prev = after.hash if after else ""
    cause = seq + 1
    entries = []
    for item in emitted:
        seq += 1
        entry = chain(
            Entry(
                seq=seq,
                type=item.event.__struct_config__.tag,  # type: ignore[arg-type]
                v=type(item.event).version,
                event=encode_event(item.event),
                plugin=item.plugin,
                rule=item.rule,
                seat=seat,
                cause=cause,
                visible_to=None if item.visible_to is None else list(item.visible_to),
                at=at,
            ),
            prev,
        )
        prev = entry.hash
        entries.append(entry)
    return entries


def decode(rules: Rules, entry: Entry) -> Event:
    if entry.event is None:
        raise BadLog(f"entry {entry.seq} ({entry.type}) is hidden in this export and cannot be replayed")
    try:
        event_type = rules.event_types[entry.type]
    except KeyError:
        raise BadLog(f"entry {entry.seq} has event type {entry.type!r}, which no installed plugin of this table declares") from None
    try:
        return decode_event(event_type, entry.event, entry.v)
    except Exception as exc:
        raise BadLog(f"entry {entry.seq} ({entry.type}) cannot be read: {exc}") from None


def opening(entries: Sequence[Entry]) -> TableOpened:
    first = entries[0] if entries else None
    if first is None or first.type != "referee.TableOpened" or first.event is None:
        raise BadLog("a log must begin with the table's TableOpened entry")
    try:
        return decode_event(TableOpened, first.event, first.v)  # type: ignore[return-value]
    except Exception as exc:
        raise BadLog(f"entry 1 (referee.TableOpened) cannot be read: {exc}") from None


def rules_of(registry: Registry, entries: Sequence[Entry]) -> Rules:
    opened = opening(entries)
    return registry.rules_for(opened.game, opened.plugins)


def replay(registry: Registry, entries: Sequence[Entry], to: int | None = None) -> tuple[Rules, TableState]:
    """Fold ``entries`` up to and including entry ``to`` (default: all)."""
    rules = rules_of(registry, entries)
    state = TableState()
    for entry in entries:
        if to is not None and entry.seq > to:
            break
        apply(rules, state, decode(rules, entry))
    return rules, state


@dataclass
class Verdict:
    ok: bool
    checked: int
    message: str
    bad_seq: int | None = None
    notes: list[str] = field(default_factory=list)


def _fail(seq: int | None, message: str, checked: int) -> Verdict:
    return Verdict(ok=False, checked=checked, message=message, bad_seq=seq)


def _differs(recorded: Entry, fresh: Entry) -> str | None:
    for name in ("type", "event", "plugin", "rule", "seat", "cause", "visible_to"):
        a, b = getattr(recorded, name), getattr(fresh, name)
        if a != b:
            if name == "event" and isinstance(a, dict) and isinstance(b, dict):
                keys = [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
                detail = "; ".join(f"{k}: recorded {a.get(k)!r}, the rules give {b.get(k)!r}" for k in keys)
                return f"{recorded.type}: {detail}"
            return f"{name}: recorded {a!r}, the rules give {b!r}"
    return None


def verify(registry: Registry, entries: Sequence[Entry]) -> Verdict:
    """Check a whole log; the verdict names the first entry that does not follow."""
    broken = check_chain(entries)
    if broken:
        return _fail(broken[0], broken[1], broken[0] - 1)
    try:
        opened = opening(entries)
        rules = registry.rules_for(opened.game, opened.plugins)
    except RefereeError as exc:
        return _fail(1, exc.message, 0)
    wrongly_hidden = next((e for e in entries if e.redacted and e.visible_to is None), None)
    if wrongly_hidden is not None:
        seq = wrongly_hidden.seq
        return _fail(seq, f"entry {seq} ({wrongly_hidden.type}) hides an event that every seat could see", seq - 1)
    hidden = sum(1 for e in entries if e.redacted)
    if hidden:
        return Verdict(
            ok=True,
            checked=len(entries),
            message=f"hash chain of {len(entries)} entries holds; {hidden} entries are hidden in this seat's export, "
            "so the decisions were not re-run (verify the full export after the game to re-run them)",
        )
    notes: list[str] = []
    revealed = next((e for e in entries if e.type == "referee.SeedRevealed"), None)
    ended = next((e for e in entries if e.type == "referee.GameEnded"), None)
    if ended is not None and revealed is None:
        missing = ended.seq + 1
        return _fail(missing, f"entry {missing}: the game ended at entry {ended.seq} but its seed was never revealed", ended.seq)
    seed: str | None = None
    if revealed is not None:
        seed = str(revealed.event["seed"])  # type: ignore[index]
        if seed_hash(seed) != opened.seed_hash:
            return _fail(revealed.seq, "the revealed seed does not match the hash published when the table opened", revealed.seq - 1)
    elif not opened.scripted:
        notes.append("the game has not ended, so its seed is still secret: random outcomes were taken as recorded")
    if opened.scripted:
        notes.append("this table's random outcomes were scripted (a test or scenario), not drawn from its seed")
    draws = []
    for e in entries:
        if e.type == "referee.RandomDrawn":
            try:
                body = encode_event(decode(rules, e))
                expected = roll(seed, body["draw"], body["kind"], body["spec"]) if seed is not None and not opened.scripted else None
            except RefereeError as exc:
                return _fail(e.seq, f"entry {e.seq} ({e.type}): {exc.message}", e.seq - 1)
            if expected is not None and expected != body["outcome"]:
                return _fail(
                    e.seq,
                    f"entry {e.seq}: the seed gives {expected!r} for draw {body['draw']} ({body['purpose']}), the log records {body['outcome']!r}",
                    e.seq - 1,
                )
            draws.append((body["kind"], body["spec"], body["purpose"], body["outcome"]))
    source = RecordedSource(draws, seed)

    # Segment the log: the opening, then one segment per recorded action.
    starts = [0] + [i for i, e in enumerate(entries) if e.type == "referee.ActionTaken"]
    state: TableState | None = None
    for n, start in enumerate(starts):
        stop = starts[n + 1] if n + 1 < len(starts) else len(entries)
        segment = entries[start:stop]
        first = segment[0]
        after = entries[start - 1] if start else None
        try:
            if state is None:
                state, emitted = open_table(
                    rules,
                    table_id=opened.table_id,
                    seats=opened.seats,
                    options=opened.options,
                    source=source,
                    seed_hash=opened.seed_hash,
                    scripted=opened.scripted,
                )
                seat = None
            else:
                taken = decode(rules, first)
                assert isinstance(taken, ActionTaken)
                seat = taken.seat
                state, emitted = decide(rules, state, Action(taken.seat, taken.action, taken.args, taken.request), source)
        except (IllegalAction, RandomnessMismatch, RefereeError) as exc:
            return _fail(first.seq, f"entry {first.seq} ({first.type}): the installed rules refuse it: {exc}", first.seq - 1)
        fresh = seal(emitted, after=after, seat=seat, at="")
        for recorded, redone in zip(segment, fresh):
            if recorded.v != redone.v and recorded.type == redone.type:
                # Written under an older schema: compare what it means today.
                recorded = msgspec.structs.replace(recorded, event=encode_event(decode(rules, recorded)), v=redone.v)
            difference = _differs(recorded, redone)
            if difference:
                return _fail(recorded.seq, f"entry {recorded.seq} does not follow from the rules: {difference}", recorded.seq - 1)
        if len(fresh) != len(segment):
            if len(fresh) > len(segment):
                expected = fresh[len(segment)]
                return _fail(
                    expected.seq,
                    f"entry {expected.seq}: the rules give {expected.type} here but the log has {'no entry' if stop == len(entries) else entries[stop].type}",
                    expected.seq - 1,
                )
            extra = segment[len(fresh)]
            return _fail(extra.seq, f"entry {extra.seq} ({extra.type}) does not follow from any action", extra.seq - 1)
    return Verdict(ok=True, checked=len(entries), message=f"all {len(entries)} entries follow from the rules", notes=notes)


@dataclass
class Explanation:
    entry: Entry
    event: Event | None
    description: str
    action: Entry | None
    consequences: list[Entry]


def describe(rules: Rules, event: Event) -> str:
    text = rules.hook.referee_describe(event=event)
    if text:
        return str(text)
    fields = ", ".join(f"{k}={v!r}" for k, v in encode_event(event).items())
    return f"{type(event).__name__}({fields})"


def explain(registry: Registry, entries: Sequence[Entry], seq: int) -> Explanation:
    if not 1 <= seq <= len(entries):
        raise RefereeError(f"the log has entries 1 to {len(entries)}, not {seq}")
    rules = rules_of(registry, entries)
    entry = entries[seq - 1]
    event = None if entry.redacted else decode(rules, entry)
    description = "(hidden in this export)" if event is None else describe(rules, event)
    action = entries[entry.cause - 1] if entry.cause else None
    consequences = [e for e in entries if e.cause == entry.cause] if entry.cause else [entry]
    return Explanation(entry, event, description, action, consequences)
