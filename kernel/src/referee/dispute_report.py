"""A dispute report a person can read: one questioned entry, everything that bears on it.

For entry *N*: what it records and the action and rule behind it, the random draws of that
action with their commitments (and what the revealed seed gives), what each seat could see
at that moment, what each copy offered holds there, and the verdict of each check.  As
text (``referee dispute --entry N``) and as a page that stands alone (no script, no link
out), which the web server shows and anyone can save.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import msgspec

from .disputes import Copy, Dispute, Teller, dispute, revealed_key
from .errors import RefereeError
from .events import RandomDrawn, SeedRevealed, TableOpened, event_tag
from .log import check_chain
from .receipts import Receipt, short_head

if TYPE_CHECKING:
    from .registry import Registry

__all__ = ["EntryReport", "entry_report"]


@dataclass
class EntryReport:
    table: str
    seq: int
    title: str
    sections: list[tuple[str, list[str]]] = field(default_factory=list)

    def text(self) -> str:
        lines = [self.title]
        for heading, items in self.sections:
            lines += ["", f"{heading}:"] + [f"  - {item}" for item in items]
        return "\n".join(lines) + "\n"

    def html(self) -> str:
        parts = [
            "<!doctype html>",
            '<html lang="en"><head><meta charset="utf-8">',
            f"<title>{html.escape(self.title)}</title>",
            "<style>body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;line-height:1.45}"
            "h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:1.6rem}li{margin:.25rem 0}code{font-size:.95em}</style>",
            "</head><body>",
            f"<h1>{html.escape(self.title)}</h1>",
        ]
        for heading, items in self.sections:
            parts.append(f"<h2>{html.escape(heading)}</h2><ul>")
            parts += [f"<li>{html.escape(item)}</li>" for item in items]
            parts.append("</ul>")
        parts.append("</body></html>")
        return "\n".join(parts) + "\n"


def entry_report(registry: Registry, copies: Sequence[Copy], final: Copy | None, seq: int, receipts: Sequence[Receipt] = ()) -> EntryReport:
    """The report on entry ``seq``, from the final log if offered, else the copy believed furthest."""
    from .audit import verify
    from .randomness import rolls

    settled: Dispute = dispute(registry, copies, final, receipts)
    if final is not None:
        source = final
    else:
        best = max(settled.standings, key=lambda s: (s.backed >= seq, len(s.copy.entries)))
        source = best.copy
    entries = source.entries
    if not 1 <= seq <= len(entries):
        raise RefereeError(f"{source.name} has entries 1 to {len(entries)}, not {seq}")
    teller = Teller(registry, entries)
    entry = entries[seq - 1]
    report = EntryReport(settled.table, seq, f"Entry {seq} of table {settled.table}: {teller.say(entry, None)}")

    what = [
        f"recorded in {source.name}",
        f"{entry.type}, by {entry.plugin}" + (f", under rule {entry.rule}" if entry.rule else ""),
        f"at {entry.at or 'an unrecorded time'}; head hash {short_head(entry.hash)}",
    ]
    action = entries[entry.cause - 1] if entry.cause and 1 <= entry.cause <= len(entries) else None
    if action is not None and action.seq != seq:
        what.append(f"because of entry {action.seq}: {teller.say(action, None)}")
    report.sections.append(("What the entry records", what))

    draws = []
    revealed = next((e for e in entries if e.type == event_tag(SeedRevealed) and e.event is not None), None)
    roll = rolls(str(revealed.event["seed"])) if revealed is not None and revealed.event is not None else None
    for other in entries:
        if other.type != event_tag(RandomDrawn) or other.cause != entry.cause:
            continue
        line = f"entry {other.seq}: {teller.say(other, None)}; commitment {other.commit[:16]}"
        if other.event is not None and roll is not None:
            try:
                expected = roll(other.event["draw"], other.event["kind"], other.event["spec"])
            except Exception:  # a forged draw the seed cannot give at all
                line += "; the revealed seed cannot give this draw"
            else:
                line += (
                    "; the revealed seed gives the same"
                    if expected == other.event.get("outcome")
                    else f"; the revealed seed gives {expected!r}"
                )
        elif roll is None:
            line += "; the seed is not revealed yet, so the outcome cannot be checked"
        draws.append(line)
    report.sections.append(("Random draws of that action", draws or ["none"]))

    seats: list[str] = []
    if entries[0].event is not None and entries[0].type == event_tag(TableOpened):
        seats = [str(s) for s in entries[0].event.get("seats", [])]
    seen = []
    for seat in seats:
        if entry.visible(seat):
            seen.append(f"{seat}: shown it")
        else:
            hidden = msgspec.structs.replace(entry, event=None, key="")
            seen.append(f"{seat}: its header only ({teller.say(hidden, seat)})")
    report.sections.append(("What each seat could see then", seen or ["(the seats are not known)"]))

    held = []
    for standing in settled.standings:
        copy = standing.copy
        if seq > len(copy.entries):
            held.append(f"{copy.name}: ends at entry {len(copy.entries)}, before this one")
            continue
        theirs = copy.entries[seq - 1]
        agrees = "the same entry" if theirs.hash == entry.hash else f"ANOTHER entry (head {short_head(theirs.hash)})"
        body = teller.say(theirs, copy.seat) if theirs.event is not None else "its header only"
        backed = "backed by a receipt the host signed" if standing.backed >= seq else "backed by no receipt"
        held.append(f"{copy.name}: {agrees}: {body}; {backed}")
    report.sections.append(("What each copy holds there", held or ["no seat's copy was offered"]))

    checks = []
    broken = (
        check_chain(entries[:seq], revealed_key(entries), bodies=True)
        if not any(e.redacted for e in entries[:seq])
        else check_chain(entries[:seq], bodies=False)
    )
    checks.append("the chain up to this entry holds" if broken is None else f"FAILS: {broken[1]}")
    if final is not None:
        verdict = verify(registry, final.entries)
        if verdict.ok:
            checks.append(f"the final log verifies: {verdict.message}")
        elif verdict.bad_seq is not None and verdict.bad_seq > seq:
            checks.append(f"entries up to this one follow from the rules; the final log fails later: {verdict.message}")
        else:
            checks.append(f"FAILS: the final log does not verify: {verdict.message}")
    checks.append(("PASSES: " if settled.one_history else "FAILS: ") + settled.message)
    label = {"host": "FAILS", "unproven": "unbacked", "copy": "not believed"}
    checks += [f"{label.get(f.against, f.against)}: {f.text}" for f in settled.findings if f.seq is None or f.seq <= seq]
    report.sections.append(("Checks", checks))
    return report
