"""The HTML report: one page, readable offline (no script, no link, plots inline as SVG
drawn by matplotlib's Agg backend)."""

from __future__ import annotations

import html
import io
import math
from typing import Any

from referee import words

from .lab import Measured, Set
from .report import _interval, _num, _pct, describe, difference_line, setup_line
from .stats import Share

__all__ = ["page"]

_STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; max-width: 62rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: .5rem 0 1rem; } td, th { padding: .15rem .6rem; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; } tr:nth-child(even) { background: #f5f5f5; }
.flag { color: #a40000; font-weight: bold; } figure { margin: 1rem 0; } svg { max-width: 100%; height: auto; }
"""


def _svg(figure: Any) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    import matplotlib.pyplot as plt

    plt.close(figure)
    svg = buffer.getvalue()
    return svg[svg.index("<svg") :]


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "referee-balance"  # the same page for the same figures
    import matplotlib.pyplot as plt

    return plt


def _ratio_plot(title: str, rows: dict[str, list[Share | None]], labels: list[str]) -> str:
    """Win share against fair (1.0), with 95% intervals, one marker per set."""
    plt = _pyplot()
    names = list(rows)
    figure, axes = plt.subplots(figsize=(7.5, 0.45 * len(names) + 1.2))
    for which, label in enumerate(labels):
        offset = (which - (len(labels) - 1) / 2) * 0.25
        for y, name in enumerate(names):
            share = rows[name][which]
            if share is None:
                continue
            r = share.ratio
            low, high = (r.low, r.high) if math.isfinite(r.low) else (r.value, r.value)
            axes.errorbar(r.value, y + offset, xerr=[[r.value - low], [high - r.value]], fmt="o", color=f"C{which}", capsize=3)
        axes.plot([], [], "o", color=f"C{which}", label=label)
    axes.axvline(1.0, color="#888", linestyle="--", linewidth=1)
    axes.set_yticks(range(len(names)), names)
    axes.invert_yaxis()
    axes.set_xlabel("win share / fair share (1.0 is fair), 95% interval")
    axes.set_title(title)
    if len(labels) > 1:
        axes.legend(loc="best", fontsize="small")
    return _svg(figure)


def _length_plot(sets: list[Set]) -> str:
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(7.5, 2.8))
    lengths = [[r.actions for r in s.records] for s in sets]
    top = max(max(values, default=0) for values in lengths)
    bins = min(40, max(5, top // 5 + 1))
    for which, (played, values) in enumerate(zip(sets, lengths, strict=True)):
        axes.hist(values, bins=bins, range=(0, top + 1), alpha=0.55, color=f"C{which}", label=played.label)
    axes.set_xlabel("actions per game")
    axes.set_ylabel("games")
    axes.set_title("Game length")
    if len(sets) > 1:
        axes.legend(fontsize="small")
    return _svg(figure)


def _table(head: list[str], rows: list[list[str]], numeric_from: int = 1) -> str:
    out = ["<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"]
    for row in rows:
        cells = [f"<td{' class=n' if i >= numeric_from else ''}>{html.escape(c)}</td>" for i, c in enumerate(row)]
        out.append("<tr>" + "".join(cells) + "</tr>")
    return "\n".join(out) + "</table>"


def _share_table(shares: list[Share], what: str) -> str:
    return _table(
        [what, "win share", "95% interval", "against fair", "games"],
        [[s.name, _pct(s.share.value), _interval(s.share), f"{s.ratio.value:.2f}x", str(s.share.n)] for s in shares],
    )


def _set_section(played: Set, setup: dict[str, Any]) -> str:
    s = played.summary
    parts = [f"<h2>{html.escape(played.label)}</h2>", f"<p>{s.games} games; {html.escape(setup_line(setup))}.</p>"]
    parts += ["<h3>Win share by seat</h3>", _share_table(s.seats, "seat")]
    if len(s.bots) > 1:
        parts += ["<h3>Win share by bot kind</h3>", _share_table(s.bots, "bot")]
    if s.held:
        rows = [
            [
                f"{t.kind}: {t.name}",
                _pct(t.wins.share.value),
                f"{t.wins.ratio.value:.2f}x",
                _pct(t.used.value),
                _num(t.uses.value),
                str(t.wins.share.n),
            ]
            for t in s.held
        ]
        parts += [
            "<h3>Held</h3>",
            _table(["what", "holder's win share", "against fair", "used at least once", "uses per game", "held"], rows),
        ]
    if s.uses:
        parts += [
            "<h3>Used (per game, by anyone)</h3>",
            _table(["what", "per game", "95% interval"], [[k, _num(e.value), _interval(e, _num)] for k, e in s.uses.items()]),
        ]
    parts += [
        "<h3>Length and endings</h3>",
        f"<p>{_num(s.length.value)} actions per game {_interval(s.length, _num)}; {_num(s.rounds.value)} rounds {_interval(s.rounds, _num)}.</p>",
        _table(["how the game ended", "share", "95% interval"], [[shape, _pct(e.value), _interval(e)] for shape, e in s.endings.items()]),
    ]
    if s.actions:
        parts += [
            "<h3>Actions per game</h3>",
            _table(
                ["action", "per game", "95% interval"], [[words.title(a), _num(e.value), _interval(e, _num)] for a, e in s.actions.items()]
            ),
        ]
    return "\n".join(parts)


def page(measured: Measured, plugins: tuple[object, ...] = ()) -> str:
    sets = [measured.base] + ([measured.against] if measured.against else [])
    setups = [describe(s.setup, plugins) for s in sets]
    labels = [s.label for s in sets]
    title = f"Balance of {setups[0]['game']}: {measured.base.summary.games} games" + (" per set" if len(sets) > 1 else "")
    seats = {
        share.name: [next((x for x in s.summary.seats if x.name == share.name), None) for s in sets] for share in sets[0].summary.seats
    }
    body = [
        f"<h1>{html.escape(title)}</h1>",
        f"<p>Seed {html.escape(measured.base.setup.seed)!s}; every figure with its 95% confidence interval.</p>",
    ]
    body.append(f"<figure>{_ratio_plot('Win share by seat', seats, labels)}</figure>")
    held_names = sorted({f"{t.kind}: {t.name}" for s in sets for t in s.summary.held})
    if held_names:
        held = {n: [next((t.wins for t in s.summary.held if f"{t.kind}: {t.name}" == n), None) for s in sets] for n in held_names}
        body.append(f"<figure>{_ratio_plot('Win share holding each', held, labels)}</figure>")
    body.append(f"<figure>{_length_plot(sets)}</figure>")
    if measured.against is not None:
        body.append(f"<h2>{html.escape(measured.against.label)} against {html.escape(measured.base.label)}</h2>")
        body.append(
            "<p>Paired over the same games (same seeds, same table keys). Flagged: significant after Holm's correction for all the figures compared at once (each figure's own 95% interval is shown; with many figures, some intervals leave out 0 by chance alone, and those are not flagged).</p>"
        )
        rows = []
        for d in measured.differences:
            line = difference_line(d, 0).strip()
            rows.append(["significant" if d.significant else "", d.figure, line[len(d.figure) :].strip()])
        table = _table(
            ["", "figure", f"{measured.base.label} -> {measured.against.label}, difference [95% interval]"], rows, numeric_from=3
        )
        body.append(table.replace("<td>significant</td>", '<td class="flag">significant</td>'))
    for played, setup in zip(sets, setups, strict=True):
        body.append(_set_section(played, setup))
    return (
        f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f"<style>{_STYLE}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n"
    )
