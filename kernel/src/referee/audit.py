"""Replay, verify and explain a table's log: how disputes are settled.

* **replay** folds a log to any position and shows the state there;
* **verify** checks the hash chain and every commitment, the plugin set and the seed,
  then re-decides every action with the installed rules and reports the first entry that
  does not follow from them;
* **explain** shows, for one entry, the action, plugin and rule that produced it.

What a log says about itself never lowers these checks.  A finished game's log must
show every body (a hidden one is refused, never passed over); a table whose randomness
was scripted is a test's, checked by the scenario runner, and is refused here; every
body is read with its event's own types, so ``true`` or ``1.0`` recorded where the rules
wrote ``1`` is a forgery like any other edit.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Sequence
from dataclasses import dataclass, field

import msgspec

from .errors import BadLog, IllegalAction, RefereeError
from .events import ActionTaken, Event, GameEnded, RandomDrawn, RequestOpened, SeedRevealed, TableOpened, encode_event, event_tag
from .limits import plain, shown
from .log import Entry, canonical, check_chain
from .logging import get_logger
from .randomness import RandomnessMismatch, RecordedSource, check_outcome, rolls, seed_commitment
from .registry import Registry, Rules, decode_as
from .table import Action, Emitted, TableState, decide, fold_entries, open_table
from .upcasting import old_credit, seed_hash
from .words import Words

log = get_logger("referee")

__all__ = ["decode", "replay", "verify", "explain", "Verdict", "Explanation"]


def decode(rules: Rules, entry: Entry) -> Event:
    """The entry's event, read with its type's own field types (strictly)."""
    return rules.decode(entry)


def _typed_exactly(event: Event, entry: Entry) -> str | None:
    """Where the recorded body differs from its own typed reading (``true`` for ``1``)."""
    assert entry.event is not None
    if entry.v != type(event).version:
        return None  # an upcast body is compared by meaning when it is re-decided
    fresh = encode_event(event)
    if canonical(fresh) == canonical(entry.event):
        return None
    keys = sorted(k for k in set(fresh) | set(entry.event) if canonical({k: fresh.get(k)}) != canonical({k: entry.event.get(k)}))
    # A forged body may hold any key: shown as given only when it is short printable text.
    return ", ".join(f"{plain(k)} is recorded as {shown(entry.event.get(k))}" for k in keys) or "its fields"


def opening(entries: Sequence[Entry]) -> TableOpened:
    first = entries[0] if entries else None
    if first is None or first.type != event_tag(TableOpened) or first.event is None:
        raise BadLog("a log must begin with the table's TableOpened entry")
    event = decode_as(TableOpened, first)
    assert isinstance(event, TableOpened)
    return event


def rules_of(registry: Registry, entries: Sequence[Entry]) -> Rules:
    opened = opening(entries)
    return registry.rules_for(opened.game, opened.plugins)


def replay(registry: Registry, entries: Sequence[Entry], to: int | None = None) -> tuple[Rules, TableState]:
    """Fold ``entries`` up to and including entry ``to`` (default: all)."""
    rules = rules_of(registry, entries)
    return rules, fold_entries(rules, entries, to)


@dataclass
class Verdict:
    ok: bool
    checked: int
    message: str
    bad_seq: int | None = None
    notes: list[str] = field(default_factory=list)


_CONTROLS = {c: f"\\x{c:02x}" for c in (*range(0x20), 0x7F)} | {ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t"}


def _fail(seq: int | None, message: str, checked: int) -> Verdict:
    # One line, whatever a crafted log or a rule's refusal quotes: a verdict is printed and
    # compared as a line.
    return Verdict(ok=False, checked=checked, message=message.translate(_CONTROLS), bad_seq=seq)


def _differs(recorded: Entry, fresh: Entry) -> str | None:
    for name in ("type", "plugin", "rule", "seat", "cause", "visible_to"):
        a, b = getattr(recorded, name), getattr(fresh, name)
        if a != b:
            return f"{name}: recorded {a!r}, the rules give {b!r}"
    a_body, b_body = recorded.event or {}, fresh.event or {}
    if canonical(a_body) != canonical(b_body):
        keys = [k for k in sorted(set(a_body) | set(b_body)) if canonical({k: a_body.get(k)}) != canonical({k: b_body.get(k)})]
        detail = "; ".join(f"{k}: recorded {a_body.get(k)!r}, the rules give {b_body.get(k)!r}" for k in keys)
        return f"{recorded.type}: {detail}"
    return None


def _table_key(entries: Sequence[Entry], opened: TableOpened) -> tuple[bytes | None, SeedRevealed | None, str | None]:
    """The revealed table key and seed, checked against the opening's commitment."""
    tag = event_tag(SeedRevealed)
    found = [e for e in entries if e.type == tag]
    if not found:
        return None, None, None
    entry = found[0]
    if entry.event is None:
        return None, None, f"entry {entry.seq} ({entry.type}): the seed reveal is hidden"
    try:
        revealed = decode_as(SeedRevealed, entry)
    except BadLog as exc:
        return None, None, exc.message
    assert isinstance(revealed, SeedRevealed)
    if opened.seed_commitment:
        try:
            key = bytes.fromhex(revealed.key)
        except ValueError:
            return None, revealed, f"entry {entry.seq} ({entry.type}): the revealed table key is not hexadecimal"
        if len(key) != 32 or seed_commitment(revealed.key, revealed.seed) != opened.seed_commitment:
            return (
                None,
                revealed,
                f"entry {entry.seq} ({entry.type}): the revealed seed and key do not match the commitment published when the table opened",
            )
        return key, revealed, None
    if opened.seed_hash and seed_hash(revealed.seed) == opened.seed_hash:
        return None, revealed, None
    return None, revealed, f"entry {entry.seq} ({entry.type}): the revealed seed does not match the hash published when the table opened"


def verify(registry: Registry, entries: Sequence[Entry], *, scripted_ok: bool = False) -> Verdict:
    """Check a whole log; the verdict names the first entry that does not follow.

    ``scripted_ok`` is for the scenario runner and tests, which know the log came from a
    scripted table they made: the log's own ``scripted`` flag never switches a check off.
    """
    try:
        return _verify(registry, entries, scripted_ok)
    except RecursionError:
        return _fail(None, "the log is nested too deeply to be checked", 0)


def _verify(registry: Registry, entries: Sequence[Entry], scripted_ok: bool) -> Verdict:
    broken = check_chain(entries, bodies=False)
    if broken:
        return _fail(broken[0], broken[1], broken[0] - 1)
    try:
        opened = opening(entries)
    except BadLog as exc:
        return _fail(1, exc.message, 0)
    if opened.scripted and not scripted_ok:
        return _fail(
            1,
            "this table's random outcomes were scripted (a test or scenario): such a log proves nothing about its dice "
            "and is checked by `referee scenario run`, not verified as a table",
            0,
        )
    table_key, revealed, problem = _table_key(entries, opened)
    if problem:
        seq = next(e.seq for e in entries if e.type == event_tag(SeedRevealed))
        return _fail(seq, problem, seq - 1)
    ended = next((e for e in entries if e.type == event_tag(GameEnded)), None)
    if ended is not None and revealed is None:
        missing = ended.seq + 1
        return _fail(missing, f"entry {missing}: the game ended at entry {ended.seq} but its seed was never revealed", ended.seq)
    # The headers held in the first pass.  Every body's canonical bytes, encoded here to
    # check its commitment, are kept to compare with the bytes the rules give below.
    bodies: list[bytes | None] = []
    broken = check_chain(entries, table_key, headers=False, canonical_bodies=bodies)
    if broken:
        return _fail(broken[0], broken[1], broken[0] - 1)
    try:
        rules = registry.rules_for(opened.game, opened.plugins)
    except RefereeError as exc:
        return _fail(1, exc.message, 0)
    wrongly_hidden = next((e for e in entries if e.redacted and e.visible_to is None), None)
    if wrongly_hidden is not None:
        seq = wrongly_hidden.seq
        return _fail(seq, f"entry {seq} ({wrongly_hidden.type}) hides an event that every seat could see", seq - 1)
    hidden = [e for e in entries if e.redacted]
    if hidden:
        # Finished is what the log proves, not what it claims: a revealed seed is published
        # only at the end, so a log holding one is finished whatever else it lacks (dropping
        # or retyping its GameEnded must not turn the re-run off).
        if ended is not None or revealed is not None:
            seq = hidden[0].seq
            return _fail(
                seq,
                f"entry {seq} ({hidden[0].type}) is hidden, but the game has ended (its seed is revealed): a finished "
                "game's log must show every body, so that every decision can be re-run",
                seq - 1,
            )
        return Verdict(
            ok=True,
            checked=len(entries),
            message=f"hash chain of {len(entries)} entries holds and every body shown matches its commitment; "
            f"{len(hidden)} entries are hidden in this seat's export, so the decisions were not re-run "
            "(verify the full log after the game to re-run them)",
        )
    notes: list[str] = []
    if revealed is None:
        notes.append("the game has not ended, so its seed is still secret: random outcomes were taken as recorded")
    notes += rules.installation_notes(opened.plugins)

    draws = []
    drawn_tag = event_tag(RandomDrawn)
    roll = rolls(revealed.seed) if revealed is not None and not opened.scripted else None
    for e in entries:
        if e.type == drawn_tag:
            try:
                drawn = decode_as(RandomDrawn, e)
                assert isinstance(drawn, RandomDrawn)
                check_outcome(drawn.kind, drawn.spec, drawn.outcome)
            except (BadLog, RefereeError) as exc:
                return _fail(e.seq, f"entry {e.seq} ({e.type}): {exc}", e.seq - 1)
            if roll is not None:
                expected = roll(drawn.draw, drawn.kind, drawn.spec)
                if canonical({"o": expected}) != canonical({"o": drawn.outcome}):
                    return _fail(
                        e.seq,
                        f"entry {e.seq}: the seed gives {expected!r} for draw {drawn.draw} ({drawn.purpose}), the log records {drawn.outcome!r}",
                        e.seq - 1,
                    )
            draws.append((drawn.kind, drawn.spec, drawn.purpose, drawn.outcome))
    source = RecordedSource(draws, revealed.seed if revealed else None, revealed.key if revealed else "")

    action_tag = event_tag(ActionTaken)
    starts = [0] + [i for i, e in enumerate(entries) if e.type == action_tag]
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
                    seed_commitment=opened.seed_commitment,
                    seed_hash=opened.seed_hash,
                    plugins=opened.plugins,
                    scripted=opened.scripted,
                    host_key=opened.host_key,
                    edition=opened.edition,
                )
                seat = None
            else:
                taken = decode(rules, first)
                assert isinstance(taken, ActionTaken)
                seat = taken.seat
                state, emitted = decide(rules, state, Action(taken.seat, taken.action, taken.args, taken.request), source)
        except BadLog as exc:
            return _fail(first.seq, exc.message, first.seq - 1)
        except (IllegalAction, RandomnessMismatch, RefereeError) as exc:
            return _fail(first.seq, f"entry {first.seq} ({first.type}): the installed rules refuse it: {exc}", first.seq - 1)
        except Exception as exc:  # a plugin's own failure on a crafted log is a refusal, not a crash
            return _fail(
                first.seq, f"entry {first.seq} ({first.type}): the rules failed on it ({type(exc).__name__}: {exc})", first.seq - 1
            )
        if _follows(segment, bodies, start, emitted, seat, (after.seq if after else 0) + 1):
            continue
        fresh = _reseal(emitted, after, seat)
        for recorded, redone, item in zip(segment, fresh, emitted):
            if old_credit(recorded, item.declared):
                redone = msgspec.structs.replace(redone, plugin=recorded.plugin, rule=recorded.rule)
            upcast = recorded.v != redone.v and recorded.type == redone.type
            if upcast:
                # Written under an older schema: compare what it means today.
                try:
                    recorded = msgspec.structs.replace(recorded, event=encode_event(decode(rules, recorded)), v=redone.v)
                except BadLog as exc:
                    return _fail(recorded.seq, exc.message, recorded.seq - 1)
            difference = _differs(recorded, redone)
            if difference is None:
                continue
            # A body equal to the rules' own canonical bytes is typed exactly (JSON tells
            # true from 1 and 1.0 from 1), so only a differing one is read to say why.
            if not upcast:
                try:
                    typed = _typed_exactly(decode(rules, recorded), recorded)
                except BadLog as exc:
                    return _fail(recorded.seq, exc.message, recorded.seq - 1)
                if typed:
                    return _fail(
                        recorded.seq, f"entry {recorded.seq} ({recorded.type}): a value has the wrong type: {typed}", recorded.seq - 1
                    )
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


def _follows(
    segment: Sequence[Entry], bodies: Sequence[bytes | None], start: int, emitted: Sequence[Emitted], seat: str | None, cause: int
) -> bool:
    """Whether the recorded entries are exactly the ones the rules give: the same number,
    every header field that is re-decided equal, every body the very bytes the rules
    encoded.  The recorded bodies' bytes are the canonical ones the chain check committed
    to (a JSON ``true`` or ``1.0`` where the rules give ``1`` is other bytes), so equal
    bytes are an equal, exactly typed body.  Anything else, an upcast body included, is
    left to the full comparison, which names the difference."""
    if len(segment) != len(emitted):
        return False
    for offset, (recorded, item) in enumerate(zip(segment, emitted)):
        kind = type(item.event)
        stamp = _stamps.get(kind)
        if stamp is None:
            stamp = _stamps[kind] = (event_tag(kind), kind.version)
        visible_to = recorded.visible_to
        if (
            bodies[start + offset] != item.body
            or recorded.type != stamp[0]
            or recorded.v != stamp[1]
            or ((recorded.plugin != item.plugin or recorded.rule != item.rule) and not old_credit(recorded, item.declared))
            or recorded.seat != seat
            or recorded.cause != cause
            or (item.visible_to is not None if visible_to is None else item.visible_to is None or tuple(visible_to) != item.visible_to)
        ):
            return False
    return True


_stamps: dict[type[Event], tuple[str, int]] = {}
"""Each event type's tag and schema version, as ``_follows`` compares them."""


def _reseal(emitted: Sequence[Emitted], after: Entry | None, seat: str | None) -> list[Entry]:
    """The entries the rules give, to compare with the recorded ones.  The chain check has
    already bound every recorded body to its commitment, so equal bodies mean equal
    commitments."""
    seq = after.seq if after else 0
    fresh = []
    for item in emitted:
        seq += 1
        fresh.append(
            Entry(
                seq=seq,
                type=event_tag(type(item.event)),
                v=type(item.event).version,
                event=msgspec.json.decode(item.body),
                plugin=item.plugin,
                rule=item.rule,
                seat=seat,
                cause=(after.seq if after else 0) + 1,
                visible_to=None if item.visible_to is None else list(item.visible_to),
            )
        )
    return fresh


@dataclass
class Explanation:
    entry: Entry
    event: Event | None
    description: str
    action: Entry | None
    consequences: list[Entry]


def describe(rules: Rules, event: Event, reader: str | None = None) -> str:
    """The event in words for ``reader`` (None: a spectator): a ``referee_describe``
    implementation's (the first non-None, so a house rule may reword anything), else the
    event's own ``describe``, else its fields."""
    words = Words(reader)
    try:
        text = rules.hook.referee_describe(event=event, words=words)
    except Exception:  # a plugin's failure to describe must not hide the event itself
        text = None
    if not text:
        try:
            text = event.describe(words) if _describes_for_reader(type(event)) else event.describe()
        except Exception as exc:
            log.warning("an event failed to describe itself", type=event_tag(type(event)), error=f"{type(exc).__name__}: {exc}")
            text = None
    if text:
        return str(text)
    fields = ", ".join(f"{k}={v!r}" for k, v in encode_event(event).items())
    return f"{type(event).__name__}({fields})"


def describe_hidden(rules: Rules, entry: Entry, reader: str | None = None) -> str:
    """What ``reader`` may know of an entry hidden from them: a ``referee_describe_hidden``
    implementation's words from the header alone, else the kernel's."""
    words = Words(reader)
    try:
        text = rules.hook.referee_describe_hidden(entry=entry, words=words)
    except Exception:  # a plugin's failure to word a hidden entry must not hide that it is there
        text = None
    if text:
        return str(text)
    # The header's seat is the one whose action the entry follows from, not the one a
    # request is put to: only a hidden answer is that seat's own doing.
    if entry.type == event_tag(ActionTaken) and entry.seat:
        return words.says(entry.seat, "answers", "in secret")
    if entry.type == event_tag(RequestOpened):
        return "Someone is asked something in private"
    return "Something hidden from you happens"


@functools.cache
def _describes_for_reader(kind: type[Event]) -> bool:
    """Whether an event's own ``describe`` takes the reader's ``Words`` (older ones do not)."""
    return len(inspect.signature(kind.describe).parameters) > 1


def explain(registry: Registry, entries: Sequence[Entry], seq: int) -> Explanation:
    if not 1 <= seq <= len(entries):
        raise RefereeError(f"the log has entries 1 to {len(entries)}, not {seq}")
    rules = rules_of(registry, entries)
    entry = entries[seq - 1]
    event = None if entry.redacted else decode(rules, entry)
    description = "(hidden in this export)" if event is None else describe(rules, event)
    action = entries[entry.cause - 1] if entry.cause and 1 <= entry.cause <= len(entries) else None
    consequences = [e for e in entries if e.cause == entry.cause] if entry.cause else [entry]
    return Explanation(entry, event, description, action, consequences)
