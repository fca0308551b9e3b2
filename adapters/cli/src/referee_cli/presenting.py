"""A game's presentation (``referee.Presentation``) as text for a terminal.

The same zones, cards and counters the browser draws, laid out in lines: a zone's title
and counters on one line, each card on its own line with its numbers, its rules text
indented under it, and hidden cards as counted backs.
"""

from __future__ import annotations

import textwrap

from referee import Card, Place, Presentation, Stat, Zone

_WIDTH = 88


def _stats(stats: tuple[Stat, ...]) -> str:
    return ", ".join(f"{s.label} {s.value}" for s in stats)


def _card(card: Card, indent: str) -> list[str]:
    head = f"{indent}{'' if card.number is None else f'{card.number}) '}{card.name}"
    details = [d for d in (card.kind, _stats(card.stats), *card.notes) if d]
    lines = [head + (f" [{'; '.join(details)}]" if details else "")]
    if card.text:
        pad = indent + "    "
        lines += textwrap.wrap(card.text, width=_WIDTH, initial_indent=pad, subsequent_indent=pad)
    return lines


def _zone(zone: Zone) -> list[str]:
    marker = "> " if zone.active else ""
    counters = _stats(zone.counters)
    lines = [f"{marker}{zone.title}" + (f": {counters}" if counters else "")]
    lines += [f"  {note}" for note in zone.notes]
    for card in zone.cards:
        lines += _card(card, "  ")
    lines += [f"  {backs.count} {backs.label}" for backs in zone.backs if backs.count]
    if len(lines) == 1 and not counters:
        lines.append("  (nothing here)")
    return lines


def text(shown: Presentation) -> str:
    """The whole presentation as lines of text, blank lines between zones."""
    blocks = [[shown.title + (f": {shown.status}" if shown.status else "")]]
    blocks += [_zone(zone) for zone in shown.zones]
    if shown.arrows:
        # A label is what the source does to the target ("aims at"): a sentence, as the page writes it.
        blocks.append([f"{a.source} {a.label} {a.target}" if a.label else f"{a.source} -> {a.target}" for a in shown.arrows])
    if shown.standings:
        blocks.append(["Standings:", *standings(shown.standings)])
    return "\n\n".join("\n".join(block) for block in blocks)


def standings(places: tuple[Place, ...]) -> list[str]:
    """Each place on a line: "  1. Ada: $120,000 (cash $100,000, bonus $20,000)"."""
    lines = []
    for place in places:
        breakdown = _stats(place.breakdown)
        lines.append(f"  {place.place}. {place.seat}: {place.total}" + (f" ({breakdown})" if breakdown else ""))
    return lines
