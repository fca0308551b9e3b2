"""Disputes settled from the players' own copies: a seat's copy against the final log, and
many seats' copies against each other.

``verify`` checks one log alone: that every entry follows from the rules.  It cannot tell
whether that log is the one the seats were shown, since after the reveal anyone holding
the table key can re-seal another history that verifies.  What a seat kept can:

* its **copy** (``referee export --seat``): the header, and so the ``hash``, of every entry
  up to the moment it exported, and the bodies it was shown with their keys;
* its **receipts** (``referee.receipts``): the host's signature on the log's head after
  each of its actions.

``against`` compares one seat's copy and receipts with a final log; ``dispute`` compares
any number of copies (and the final log, if the host offers one) and says whether every
seat was shown one history.  A copy is the seat's word; only what a receipt backs is the
host's: a copy that a seat changed after the reveal (re-sealing is easy then) parts from
its own receipts, and ``dispute`` believes no part of a copy that no receipt backs.
"""

from __future__ import annotations

import hmac
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .errors import BadLog, RefereeError
from .events import ActionTaken, TableOpened, event_tag
from .log import Entry, canonical, check_chain, commitment, entry_key
from .receipts import ForgedReceipt, Receipt, check, host_key_of, short_head
from .words import count

if TYPE_CHECKING:
    from .audit import Verdict
    from .registry import Registry, Rules

__all__ = ["Copy", "Finding", "Consistency", "Dispute", "against", "dispute", "table_of"]

_PARTING = "the copies part at entry "

_HEADER = ("seq", "type", "v", "plugin", "rule", "seat", "cause", "visible_to", "at", "commit", "digest", "prev", "hash")


@dataclass
class Copy:
    """A log as someone kept it, with the receipts they hold."""

    name: str
    """Who holds it, as a report names it ("Ann's copy (ann.jsonl)", "the final log")."""
    entries: list[Entry]
    receipts: list[Receipt] = field(default_factory=list)
    seat: str | None = None
    """The seat whose copy this is (its words tell the story), None for a full log."""


@dataclass
class Finding:
    seq: int | None
    text: str
    against: str
    """``host``: proven on the host's own signature (a receipt it signed, which the log it
    offers contradicts); ``unproven``: the copy and the log part where no receipt backs the
    copy, so it is the holder's word against the host's; ``copy``: the copy (or a receipt
    offered with it) does not stand and is not believed."""
    parts: bool = True
    """Whether it is a place where the copy (or a receipt) and the log part; False for a
    finding about one log alone (the final log does not verify)."""


@dataclass
class Consistency:
    """What ``against`` found."""

    ok: bool
    parted_at: int | None
    """The first entry where the seat's copy (or its receipts) and the final log part."""
    findings: list[Finding]
    compared: int = 0
    bodies: int = 0
    answers: int = 0
    receipts: int = 0
    verdict: Verdict | None = None
    """The final log checked alone (``referee.audit.verify``)."""

    @property
    def message(self) -> str:
        if self.ok:
            return (
                f"the final log holds all {self.compared} entries of the copy unchanged; {count(self.bodies, 'body', 'bodies')} held "
                f"match and open to their commitments; {count(self.answers, 'own answer')} recorded as sent; "
                f"{count(self.receipts, 'receipt')} fit"
            )
        first = next((f for f in self.findings if f.against == "host"), None)
        return (first or next((f for f in self.findings if f.against == "unproven"), None) or self.findings[0]).text

    @property
    def proven(self) -> bool:
        """Whether the host's own signature shows the final log is not what it acknowledged."""
        return any(f.against == "host" for f in self.findings)


def table_of(entries: Sequence[Entry], source: str) -> str:
    """The table a log is of (its first entry's), or BadLog saying ``source`` is no log of one."""
    first = entries[0] if entries else None
    if first is None or first.type != event_tag(TableOpened) or first.event is None or not isinstance(first.event.get("table_id"), str):
        raise BadLog(f"{source} does not begin with its table's opening, so it is no copy of a table's log")
    return str(first.event["table_id"])


def _check_tables(table: str, copies: Sequence[Copy]) -> None:
    for copy in copies:
        other = table_of(copy.entries, copy.name)
        if other != table:
            raise BadLog(f"{copy.name} is a copy of table {other}, not of table {table}")
        for receipt in copy.receipts:
            if receipt.table != table:
                raise BadLog(f"{copy.name} comes with a receipt of table {receipt.table}, not of table {table}")


class Teller:
    """Entries in a reader's words (``referee.story``), or by type where the rules are not installed."""

    def __init__(self, registry: Registry, entries: Sequence[Entry]) -> None:
        from .audit import rules_of

        self.rules: Rules | None
        try:
            self.rules = rules_of(registry, entries)
        except RefereeError:
            self.rules = None

    def say(self, entry: Entry, reader: str | None) -> str:
        if self.rules is not None:
            from .story import line

            try:
                return line(self.rules, entry, reader).text
            except Exception:  # a forged body the rules cannot read is still named
                pass
        return f"a {entry.type} entry" + (" (hidden)" if entry.redacted else "")


def revealed_key(entries: Sequence[Entry]) -> bytes | None:
    """The table key a log's reveal gives, where it matches the opening's commitment."""
    from .audit import _table_key, opening

    try:
        key, _, problem = _table_key(entries, opening(entries))
    except BadLog:
        return None
    return None if problem else key


def seat_of(entries: Sequence[Entry], receipts: Sequence[Receipt]) -> str | None:
    """Whose copy this is: the seat its receipts name, else the one seat shown a private body."""
    seats = {r.seat for r in receipts}
    if len(seats) == 1:
        return seats.pop()
    private = {e.visible_to[0] for e in entries if e.event is not None and e.visible_to is not None and len(e.visible_to) == 1}
    return private.pop() if len(private) == 1 else None


def _differing(a: Entry, b: Entry) -> list[str]:
    return [name for name in _HEADER if getattr(a, name) != getattr(b, name)]


def _chain_problem(entries: Sequence[Entry], key: bytes | None) -> tuple[int, str] | None:
    """Where a copy stops holding together: its chain, or a body that does not open."""
    broken = check_chain(entries, bodies=False)
    if broken is None and any(e.event is not None for e in entries):
        broken = check_chain(entries, key, headers=False)
    return broken


def against(
    registry: Registry,
    final: Sequence[Entry],
    mine: Sequence[Entry],
    receipts: Sequence[Receipt] = (),
    *,
    seat: str | None = None,
    final_source: str = "the final log",
    mine_source: str = "the copy",
) -> Consistency:
    """Whether ``final`` is the log the holder of ``mine`` (and ``receipts``) was shown.

    BadLog (bad input, nothing checked) when the copy or a receipt is of another table."""
    from .audit import verify

    table = table_of(final, final_source)
    _check_tables(table, [Copy(mine_source, list(mine), list(receipts))])
    seat = seat or seat_of(mine, receipts)
    teller = Teller(registry, final)
    you = f"{seat} was" if seat else "the copy's holder was"
    findings: list[Finding] = []
    result = Consistency(ok=True, parted_at=None, findings=findings)

    # The final log's revealed key opens the copy's bodies only if both open alike: another
    # opening commits to another key, and that parting is the host's, not the copy's fault.
    same_opening = bool(final) and bool(mine) and final[0].hash == mine[0].hash
    key = revealed_key(mine) or (revealed_key(final) if same_opening else None)
    broken = _chain_problem(mine, key)
    held = list(mine)
    if broken is not None:
        findings.append(
            Finding(
                broken[0], f"{mine_source} does not hold together at entry {broken[0]}: {broken[1]}; it proves nothing from there", "copy"
            )
        )
        held = held[: broken[0] - 1]

    action_tag = event_tag(ActionTaken)
    for entry in held:
        if entry.seq > len(final):
            findings.append(
                Finding(
                    entry.seq,
                    f"{_PARTING}{entry.seq}: the final log ends at entry {len(final)}, but {you} shown entry {entry.seq}: "
                    f"{teller.say(entry, seat)}",
                    "host",
                )
            )
            break
        theirs = final[entry.seq - 1]
        fields = _differing(entry, theirs)
        if fields:
            findings.append(
                Finding(
                    entry.seq,
                    f'{_PARTING}{entry.seq}: {you} shown "{teller.say(entry, seat)}" ({entry.type}); the final log has '
                    f'"{teller.say(theirs, seat)}" ({theirs.type}) (its header differs in {", ".join(fields)})',
                    "host",
                )
            )
            break
        result.compared += 1
        if entry.event is None:
            continue
        if theirs.event is None or canonical(entry.event) != canonical(theirs.event):
            findings.append(
                Finding(
                    entry.seq,
                    f'{_PARTING}{entry.seq}: {you} shown "{teller.say(entry, seat)}"; the final log\'s body says '
                    f'"{teller.say(theirs, seat) if theirs.event is not None else "nothing (it is hidden)"}"',
                    "host",
                )
            )
            break
        if (
            key is not None
            and entry.commit
            and not hmac.compare_digest(commitment(entry_key(key, entry.seq), canonical(entry.event)), entry.commit)
        ):
            findings.append(
                Finding(entry.seq, f"entry {entry.seq}: the commitment held does not open to the body the reveal gives", "host")
            )
            break
        result.bodies += 1
        if seat is not None and entry.type == action_tag and entry.seat == seat:
            result.answers += 1

    verdict = verify(registry, final)
    result.verdict = verdict
    if not verdict.ok:
        findings.append(Finding(verdict.bad_seq, f"the final log does not verify on its own: {verdict.message}", "host", parts=False))

    findings += _receipt_findings(receipts, final, held, host_key_of(mine), host_key_of(final), result, you)
    _weigh(findings, held, receipts, host_key_of(mine))
    result.ok = not findings
    parted = [f.seq for f in findings if f.parts and f.against in ("host", "unproven") and f.seq is not None]
    result.parted_at = min(parted) if parted else None
    return result


def _weigh(findings: list[Finding], held: Sequence[Entry], receipts: Sequence[Receipt], host_key: str) -> None:
    """A parting the copy shows stands on the host's signature only where a receipt fits
    the copy at or after it (the head it signed chains through that entry): elsewhere it
    is the copy's word, which anyone can re-seal after the reveal."""
    fitting = []
    for receipt in receipts:
        try:
            check(receipt, host_key)
        except ForgedReceipt:
            continue
        if receipt.position <= len(held) and held[receipt.position - 1].hash == receipt.head:
            fitting.append(receipt.position)
    backed = max(fitting, default=0)
    for finding in findings:
        if finding.against == "host" and finding.text.startswith(_PARTING) and (finding.seq or 0) > backed:
            finding.against = "unproven"
            finding.text += "; no receipt the host signed backs the copy there, so this is its holder's word against the host's"


def _receipt_findings(
    receipts: Sequence[Receipt], final: Sequence[Entry], held: Sequence[Entry], mine_key: str, final_key: str, result: Consistency, you: str
) -> list[Finding]:
    findings = []
    for receipt in receipts:
        try:
            check(receipt, mine_key)
        except ForgedReceipt as exc:
            findings.append(Finding(receipt.position, f"{exc.message}; it is not counted", "copy"))
            continue
        if final_key != mine_key:
            findings.append(
                Finding(1, f"the final log's first entry publishes another host key than the one that signed {receipt.describe()}", "host")
            )
            continue
        if receipt.position <= len(held) and held[receipt.position - 1].hash != receipt.head:
            findings.append(
                Finding(
                    receipt.position,
                    f"the copy's entry {receipt.position} does not match the receipt for it ({receipt.describe()}): "
                    "the copy was changed after the receipt was given",
                    "copy",
                )
            )
            continue
        if receipt.position > len(final):
            findings.append(
                Finding(
                    receipt.action,
                    f"the host signed {receipt.describe()}, but the final log ends at entry {len(final)}: an acknowledged action was dropped",
                    "host",
                )
            )
            continue
        theirs = final[receipt.position - 1]
        if theirs.hash != receipt.head:
            findings.append(
                Finding(
                    receipt.position,
                    f"the host signed {receipt.describe()}, but the final log's entry {receipt.position} has head "
                    f"{short_head(theirs.hash)}: the log was changed at or before entry {receipt.position}",
                    "host",
                )
            )
            continue
        started = final[receipt.action - 1]
        if started.type != event_tag(ActionTaken) or started.seat != receipt.seat:
            findings.append(
                Finding(
                    receipt.action,
                    f"the host signed {receipt.describe()}, but entry {receipt.action} is no action of {receipt.seat}'s",
                    "host",
                )
            )
            continue
        result.receipts += 1
    return findings


# -- many copies ---------------------------------------------------------------------


@dataclass
class Standing:
    """How far a copy is believed: up to ``backed`` (a receipt the host signed fits it)."""

    copy: Copy
    backed: int
    valid: list[Receipt]
    notes: list[Finding]


@dataclass
class Dispute:
    table: str
    one_history: bool
    fork: int | None
    """The first entry where two believed histories part (or the final log parts from a receipt)."""
    findings: list[Finding]
    standings: list[Standing]

    @property
    def message(self) -> str:
        if self.one_history:
            return f"every copy was shown one history of table {self.table}, and every receipt fits it"
        host = [f for f in self.findings if f.against == "host"]
        return host[0].text if host else self.findings[0].text


def _standing(copy: Copy, valid: Sequence[Receipt], notes: list[Finding]) -> Standing:
    """How far ``copy`` is believed: up to the furthest signed head it holds."""
    key = revealed_key(copy.entries)
    broken = _chain_problem(copy.entries, key)
    holds = broken[0] - 1 if broken else len(copy.entries)
    if broken:
        notes.append(Finding(broken[0], f"{copy.name} does not hold together at entry {broken[0]}: {broken[1]}", "copy"))
    backed = 0
    for receipt in valid:
        if receipt.position > holds:
            continue
        if copy.entries[receipt.position - 1].hash == receipt.head:
            backed = max(backed, receipt.position)
        elif any(receipt is own for own in copy.receipts):
            notes.append(
                Finding(
                    receipt.position,
                    f"{copy.name} does not match its own receipt at entry {receipt.position} ({receipt.describe()}): "
                    "the copy was changed after the host signed it",
                    "copy",
                )
            )
    if backed < len(copy.entries):
        notes.append(
            Finding(
                backed + 1,
                f"entries {backed + 1} to {len(copy.entries)} of {copy.name} are backed by no receipt the host signed: "
                "they are its holder's word only",
                "unproven",
                parts=False,
            )
        )
    return Standing(copy, backed, [r for r in valid if any(r is own for own in copy.receipts)], notes)


def dispute(registry: Registry, copies: Sequence[Copy], final: Copy | None = None, receipts: Sequence[Receipt] = ()) -> Dispute:
    """Whether every seat was shown one history: the first place two believed copies part,
    two signed heads disagree, or the final log parts from a receipt.  ``receipts``: more
    receipts offered without a copy.  A copy is believed as far as a receipt the host
    signed (anyone's) fits it.  BadLog when a copy or receipt is of another table."""
    if not copies and final is None:
        raise RefereeError("a dispute needs at least one seat's copy")
    first = copies[0] if copies else final
    assert first is not None
    table = table_of(first.entries, first.name)
    _check_tables(table, [*copies, *([final] if final else []), Copy("the receipts offered", first.entries, list(receipts))])
    host_key = host_key_of(final.entries if final is not None else first.entries)
    teller = Teller(registry, (final or first).entries)
    findings: list[Finding] = []
    valid: list[Receipt] = []
    offered = [(r, c.name) for c in copies for r in c.receipts] + [(r, "the receipts offered") for r in receipts]
    holder: dict[int, str] = {}
    for receipt, name in offered:
        try:
            check(receipt, host_key)
        except ForgedReceipt as exc:
            findings.append(Finding(receipt.position, f"{name}: {exc.message}; it is not counted", "copy"))
            continue
        valid.append(receipt)
        holder[id(receipt)] = name
    standings = [_standing(copy, valid, findings) for copy in copies]
    forks: list[int] = []

    def proven(seq: int, text: str) -> None:
        findings.append(Finding(seq, text, "host"))
        forks.append(seq)

    signed: dict[int, Receipt] = {}
    for receipt in sorted(valid, key=lambda r: r.position):
        earlier = signed.setdefault(receipt.position, receipt)
        if earlier.head != receipt.head:
            proven(
                receipt.position,
                f"the host signed two heads for entry {receipt.position}: {short_head(earlier.head)} ({earlier.describe()}, "
                f"held in {holder[id(earlier)]}) and {short_head(receipt.head)} ({receipt.describe()}, held in {holder[id(receipt)]})",
            )
    believed = [(s.copy, s.backed) for s in standings]
    if final is not None:
        believed.append((final, len(final.entries)))
    for copy, backed in believed:
        for receipt in valid:
            if receipt.position <= backed and copy.entries[receipt.position - 1].hash != receipt.head:
                where = _parting(copy.entries, receipt)
                proven(
                    where,
                    f"the host signed {receipt.describe()} (held in {holder[id(receipt)]}), and also {copy.name}, which "
                    f"has head {short_head(copy.entries[receipt.position - 1].hash)} there: two histories, from entry {where} at the latest",
                )
            elif receipt.position > len(copy.entries) and copy is final:
                proven(
                    receipt.action,
                    f"the host signed {receipt.describe()} (held in {holder[id(receipt)]}), but the final log ends at entry "
                    f"{len(copy.entries)}: an acknowledged action was dropped",
                )
    for i, (a, a_backed) in enumerate(believed):
        for b, b_backed in believed[i + 1 :]:
            common = min(len(a.entries), len(b.entries))
            parted = next((n for n in range(1, common + 1) if a.entries[n - 1].hash != b.entries[n - 1].hash), None)
            if parted is None:
                continue
            shown_a = teller.say(a.entries[parted - 1], a.seat)
            shown_b = teller.say(b.entries[parted - 1], b.seat)
            if parted <= a_backed and parted <= b_backed:
                proven(
                    parted,
                    f'{a.name} and {b.name} were shown different histories from entry {parted}: {a.name} has "{shown_a}", '
                    f'{b.name} has "{shown_b}"; the host signed both',
                )
            else:
                unbacked = a if parted > a_backed else b
                findings.append(
                    Finding(
                        parted,
                        f'{a.name} and {b.name} part at entry {parted} ("{shown_a}" against "{shown_b}"), but no receipt backs '
                        f"{unbacked.name} there: it is not believed",
                        "copy",
                    )
                )
    unique = {(f.seq, f.text): f for f in findings}
    ordered = sorted(unique.values(), key=lambda f: (f.against != "host", f.seq or 0))
    return Dispute(table, not forks, min(forks) if forks else None, ordered, standings)


def _parting(entries: Sequence[Entry], receipt: Receipt) -> int:
    """Where a copy parts from a signed head it contradicts: the receipt binds only its
    head, so the copy's own action entries name the place when they are the receipt's."""
    if receipt.action <= len(entries):
        started = entries[receipt.action - 1]
        if started.type != event_tag(ActionTaken) or started.seat != receipt.seat:
            return receipt.action
    return receipt.position
