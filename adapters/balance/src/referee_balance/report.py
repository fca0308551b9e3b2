"""A measure told to people: the terminal summary (``text``) and the JSON document
(``document``); the HTML page is ``page``.  Everything is named as players read it: the
game's and extensions' titles, seats, bot kinds, the rulebook's names of what was held."""

from __future__ import annotations

import math
from typing import Any

import msgspec

from referee import words

from .lab import Measured, Set
from .runs import Setup, registry_for
from .stats import Difference, Estimate, Share, Summary

__all__ = ["FORMAT", "describe", "document", "labels", "text"]

FORMAT = 1
"""The JSON document's format: raised when a field changes meaning or goes away."""


def describe(setup: Setup, plugins: tuple[object, ...] = ()) -> dict[str, Any]:
    """A setup in words: the game's and each extension's title (all of them, then those
    added to and taken from the game's defaults), seats, bots, options, seed."""
    registry = registry_for(plugins)
    titles = {e.name: e.title for e in registry.extensions_of(setup.game)}
    chosen = registry.extension_names(setup.game, list(setup.extensions) if setup.extensions is not None else None)
    defaults = registry.extension_names(setup.game)
    return {
        "game": registry.game(setup.game).title,
        "seats": list(setup.seats),
        "bots": setup.options.get("bots", "the game's own"),
        "extensions": [titles.get(name, name) for name in chosen],
        "added": [titles.get(name, name) for name in chosen if name not in defaults],
        "removed": [titles.get(name, name) for name in defaults if name not in chosen],
        "options": {k: v for k, v in setup.options.items() if k != "bots"},
        "seed": setup.seed,
    }


def labels(base: Setup, against: Setup, plugins: tuple[object, ...] = ()) -> tuple[str, str]:
    """What a reader calls the two sets of a comparison: by what differs ("without The
    Medic" and "with The Medic"; "bots heuristic" and "bots random"; "rounds=5")."""
    a, b = describe(base, plugins), describe(against, plugins)
    mine: list[str] = []
    theirs: list[str] = []
    added = [t for t in b["extensions"] if t not in a["extensions"]]
    dropped = [t for t in a["extensions"] if t not in b["extensions"]]
    if added:
        mine.append("without " + ", ".join(added))
        theirs.append("with " + ", ".join(added))
    if dropped:
        mine.append("with " + ", ".join(dropped))
        theirs.append("without " + ", ".join(dropped))
    if a["bots"] != b["bots"]:
        mine.append(f"bots {_listed(a['bots'])}")
        theirs.append(f"bots {_listed(b['bots'])}")
    for key in sorted({*a["options"], *b["options"]}):
        if a["options"].get(key) != b["options"].get(key):
            mine.append(f"{key}={a['options'].get(key, 'default')}")
            theirs.append(f"{key}={b['options'].get(key, 'default')}")
    if not theirs:
        return "as given", "the same again"
    return "; ".join(mine), "; ".join(theirs)


def _listed(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{seat}: {kind}" for seat, kind in value.items())
    return value if isinstance(value, str) else ", ".join(map(str, value))


def _finite(value: Any) -> Any:
    """JSON has no NaN or infinity: an interval that cannot be given is null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value


def _set_document(played: Set, plugins: tuple[object, ...]) -> dict[str, Any]:
    return {
        "label": played.label,
        "setup": describe(played.setup, plugins),
        "summary": msgspec.to_builtins(played.summary),
        "games": msgspec.to_builtins(played.records),
    }


def document(measured: Measured, plugins: tuple[object, ...] = ()) -> dict[str, Any]:
    """Everything measured, as JSON data: the same for the same seed wherever it ran."""
    sets = [measured.base] + ([measured.against] if measured.against else [])
    made: dict[str, Any] = {"format": FORMAT, "games": measured.base.summary.games, "sets": [_set_document(s, plugins) for s in sets]}
    if measured.against is not None:
        made["comparison"] = [msgspec.to_builtins(d) for d in measured.differences]
    return _finite(made)


# -- the terminal summary -------------------------------------------------------------------


def _pct(x: float) -> str:
    return "-" if math.isnan(x) else f"{x * 100:.1f}%"


def _interval(e: Estimate, show=_pct) -> str:
    if e.n < 2 or not (math.isfinite(e.low) and math.isfinite(e.high)):
        return ""
    return f"[{show(e.low)}, {show(e.high)}]"


def _num(x: float) -> str:
    return "-" if math.isnan(x) else f"{x:,.2f}"


def _share_rows(shares: list[Share], width: int) -> list[str]:
    return [
        f"  {s.name:<{width}} {_pct(s.share.value):>6} {_interval(s.share):<17} {s.ratio.value:.2f}x fair"
        f" [{s.ratio.low:.2f}-{s.ratio.high:.2f}]  ({s.share.n} games)"
        for s in shares
    ]


def setup_line(setup: dict[str, Any]) -> str:
    bits = [f"bots {_listed(setup['bots'])}"]
    changes = [f"+{t}" for t in setup["added"]] + [f"-{t}" for t in setup["removed"]]
    bits.append("the game's own extensions" + (" " + ", ".join(changes) if changes else ""))
    if setup["options"]:
        bits.append("options " + ", ".join(f"{k}={v}" for k, v in setup["options"].items()))
    return "; ".join(bits)


def _summary_lines(label: str, summary: Summary, setup: dict[str, Any]) -> list[str]:
    fair = summary.seats[0].fair if summary.seats else math.nan
    width = max([len(s.name) for s in summary.seats + summary.bots] + [8])
    lines = [f"== {label}: {summary.games} games ({setup_line(setup)})", f"win share by seat (fair {_pct(fair)}):"]
    lines += _share_rows(summary.seats, width)
    if len(summary.bots) > 1:
        lines += ["win share by bot kind:", *_share_rows(summary.bots, width)]
    if summary.held:
        named = max(len(f"{t.kind}: {t.name}") for t in summary.held)
        lines.append("held (win share against fair; holders who used it at least once; their uses per game):")
        for thing in summary.held:
            w, u = thing.wins, thing.used
            lines.append(
                f"  {thing.kind + ': ' + thing.name:<{named}} {_pct(w.share.value):>6} {w.ratio.value:.2f}x"
                f" [{w.ratio.low:.2f}-{w.ratio.high:.2f}]  used {_pct(u.value)} {_interval(u)}"
                f"  {_num(thing.uses.value)}/game  ({w.share.n} held)"
            )
    loose = {label: e for label, e in summary.uses.items() if not any(label == f"{t.kind}: {t.name}" for t in summary.held)}
    if loose:
        lines.append("used, by anyone (per game):")
        lines += [f"  {label:<{max(map(len, loose))}} {_num(e.value):>8} {_interval(e, _num)}" for label, e in loose.items()]
    lines.append(
        f"length: {_num(summary.length.value)} actions per game {_interval(summary.length, _num)}, "
        f"{_num(summary.rounds.value)} rounds {_interval(summary.rounds, _num)}"
    )
    lines.append("how the games ended:")
    lines += [f"  {_pct(e.value):>6} {_interval(e):<17} {shape}" for shape, e in summary.endings.items()]
    if summary.actions:
        lines.append("actions per game:")
        named = max(len(words.title(a)) for a in summary.actions)
        lines += [f"  {words.title(action):<{named}} {_num(e.value):>8} {_interval(e, _num)}" for action, e in summary.actions.items()]
    return lines


def difference_line(d: Difference, width: int) -> str:
    share = d.figure.startswith("win share")
    if share:
        change = f"{_pct(d.base)} -> {_pct(d.against)}"
        diff = d.difference
        by = f"{diff.value * 100:+.1f} points [{diff.low * 100:+.1f}, {diff.high * 100:+.1f}]" if diff.n > 1 else ""
    else:
        change = f"{_num(d.base)} -> {_num(d.against)}"
        diff = d.difference
        by = f"{diff.value:+,.2f} [{diff.low:+,.2f}, {diff.high:+,.2f}]" if diff.n > 1 else ""
    return f"  {d.figure:<{width}} {change:<20} {by}  ({diff.n} games)"


def text(measured: Measured, plugins: tuple[object, ...] = (), where: str = "") -> str:
    """The terminal summary: each set's figures, then what the comparison flags."""
    sets = [measured.base] + ([measured.against] if measured.against else [])
    head = f"{describe(measured.base.setup, plugins)['game']}: {measured.base.summary.games} games"
    head += f" per set, seed {measured.base.setup.seed!r}" + (f", on {where}" if where else "")
    lines = [head, "(each figure with its 95% confidence interval)", ""]
    for played in sets:
        lines += [*_summary_lines(played.label, played.summary, describe(played.setup, plugins)), ""]
    if measured.against is not None:
        flagged = [d for d in measured.differences if d.significant]
        lines.append(f"== {measured.against.label} against {measured.base.label}, paired over the same games")
        if flagged:
            lines.append(f"significant (after Holm's correction for the {len(measured.differences)} figures compared):")
            width = max(len(d.figure) for d in flagged)
            lines += [difference_line(d, width) for d in flagged]
        else:
            lines.append("no figure differs significantly")
        rest = len(measured.differences) - len(flagged)
        lines.append(f"not significant: {rest} other figure{'s' if rest != 1 else ''} (every one is in the JSON and HTML reports)")
    return "\n".join(lines).rstrip() + "\n"
