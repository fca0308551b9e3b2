"""``referee new-plugin``: a plugin distribution whose tests pass as generated.

The templates are package data (``templates/extension`` for a house rule, card or power;
``templates/game`` for a game): each ``*.tmpl`` file is filled in with ``string.Template``
and written without the suffix, and a path part ``PACKAGE`` becomes the import package.
A ``$`` a template does not define is an error here, never a half-filled file there.
"""

from __future__ import annotations

import importlib.metadata
import json
import re
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from string import Template
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee import Referee

KINDS = {"house-rule": "house rule", "card": "card", "power": "power", "game": "game"}
"""Each ``--kind`` and the ``Extension.kind`` it records (free text the games read)."""

NAME_RULE = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
MAX_NAME = 40
MAX_TITLE = 60

SEAT_NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kay", "Lou"]


def _minor_range(version: str) -> str:
    """``>=0.2,<0.3`` for ``0.2.x``: the hooks may change between minor versions before 1.0."""
    parts = [int(p) for p in re.findall(r"\d+", version)[:2]] + [0, 0]
    major, minor = parts[0], parts[1]
    return f">={major}.{minor},<{major}.{minor + 1}" if major == 0 else f">={major}.{minor},<{major + 1}"


def _title(name: str) -> str:
    return " ".join(word.capitalize() for word in name.split("-"))


def _hooks_list(app: Referee, game: str) -> str:
    listed = app.plugins.hooks(game)["hooks"]
    own = [h for h in listed if h["owner"] == game]
    if not own:
        return f"- ({game} declares no hooks of its own: use the kernel's, listed by `referee hooks`)"
    wins = {True: "first result wins", False: "every implementation runs"}
    return "\n".join(f"- `{h['name']}{h['signature']}`: {h['summary']} ({wins[h['firstresult']]})" for h in own)


def _checked_title(title: str | None, name: str) -> str:
    """The title players read: ``--title`` as given (apostrophes and all), else the name's
    words capitalized.  It is written inside double-quoted strings: no ``"`` or backslash."""
    from referee import RefereeError, shown

    if title is None:
        return _title(name)
    if not title.strip() or len(title) > MAX_TITLE or '"' in title or "\\" in title or not title.isprintable():
        raise RefereeError(
            f"--title is 1 to {MAX_TITLE} printable characters without double quotes or backslashes "
            f"(apostrophes are fine: Dead Man's Hand), not {shown(title)}"
        )
    return title.strip()


def _declaration(kind: str, game: str) -> tuple[str, str, str, str]:
    """How the plugin declares itself: ``(imports, code before it, the declaration, the
    kind it records)``.  A game's own declaration where the game has one for the kind (a
    Cash'n'Guns power, a PornStar Play card, a Backhanding Dirty Trick), so the game deals
    it, names it by its title and offers it like its own; anything else a plain
    ``Extension``."""
    if kind == "power" and game == "cashnguns":
        return "from referee_cashnguns import Power\n", "", POWER, "power"
    if kind == "card" and game == "pornstar":
        return PLAY_CARD_IMPORTS, PLAY_CARD_CODE, PLAY_CARD, "card"
    if kind == "card" and game == "backhanding":
        return DIRTY_TRICK_IMPORTS, DIRTY_TRICK_CODE, DIRTY_TRICK, "dirty trick"
    return "", "", EXTENSION, KINDS[kind]


EXTENSION = """        Extension(
            name=NAME,
            game=GAME,
            title=TITLE,
            kind="$kind",
            # Only the game's own distribution may put an extension on by default.
            default=False,
            summary=f"{TITLE} (say in one line what it changes).",
        )"""

POWER = """        # A Cash'n'Guns power card: dealt face down like the game's ten; the game names it by
        # its title and cites its rule (rule 1 of this distribution's README).
        Power(
            name=NAME,
            title=TITLE,
            rule=f"cashnguns.{NAME} 1",
            summary=f"{TITLE} (say in one line what the card does).",
        )"""

PLAY_CARD_IMPORTS = """from referee import Decision, Event
from referee_pornstar import PlayCard
from referee_pornstar.api import PlayRules
"""

PLAY_CARD_CODE = """

def effect(decision: Decision, seat: str, target: str) -> list[Event]:
    \"\"\"What the card does once played (rule 1 of this distribution's README): the events
    it causes, each citing the card's rule.  As generated it does nothing; write your rule.\"\"\"
    return []
"""

PLAY_CARD = """        # A PornStar Play card: its copy joins the Play deck at every table it is at, and
        # the game offers it in production like its ten, by its title and rules text.
        PlayCard(
            name=NAME,
            title=TITLE,
            card_type="Event",
            rules=PlayRules(target="none", lasts="", text=f"{TITLE} (say what the card does)."),
            effect=effect,
            rule=f"pornstar.{NAME} 1",
            copies=("$copy_id",),
            default=False,
        )"""

DIRTY_TRICK_IMPORTS = """from referee import Decision, Event
from referee_backhanding import DirtyTrick
from referee_backhanding.api import contests_of, game_of
"""

DIRTY_TRICK_CODE = """

def targets(state: TableState, seat: str, step: str) -> list[str]:
    \"\"\"What the trick may be played on in ``step``: the hos whose fight ``seat`` rolls in.\"\"\"
    return [fought.ho for fought in contests_of(game_of(state), seat)]


def effect(decision: Decision, seat: str, target: str) -> list[Event]:
    \"\"\"What it does once every sealed play of the step is revealed (rule 1 of this
    distribution's README).  As generated it does nothing; write your rule.\"\"\"
    return []
"""

DIRTY_TRICK = """        # A Dirty Trick of The Backhanding: its copy joins the Draw deck at every table it is
        # at, and the game offers it in the sealed plays of its steps like its own six.
        DirtyTrick(
            name=NAME,
            title=TITLE,
            text=f"{TITLE} (say what the card does).",
            summary=f"{TITLE} (say in one line what the card does).",
            steps=("backhanding",),
            targets=targets,
            effect=effect,
            copies=1,
            rule=f"backhanding.{NAME} 1",
            default=False,
        )"""

DRAW_DECK_SCENARIOS_TEST = """def test_the_games_worked_examples_hold_but_the_one_about_the_whole_draw_deck(registry: Registry) -> None:
    # The card's copy joins the Draw deck.  The game's examples deal their cards by name,
    # so each holds but the one whose subject is the Draw deck running out (ruling R11).
    changed = {"backhanding-defender-wins-ties-loser-to-temporary-pile": f"{plugin.TITLE} is one more card in the Draw deck"}
    check_scenarios(plugin.GAME, [plugin.NAME], expected_changes=changed, registry=registry)
"""

SCENARIOS_TEST = """def test_the_games_worked_examples_still_pass(registry: Registry) -> None:
    check_scenarios(plugin.GAME, [plugin.NAME], registry=registry)
"""

POWER_SCENARIOS_TEST = """def test_the_games_worked_examples_hold_but_those_that_deal_powers(registry: Registry) -> None:
    # A power at the table is dealt: every example that deals powers deals this one too.
    folder = Path(registry.game(plugin.GAME).scenarios)
    dealing = {path.stem: f"{plugin.TITLE} joins the powers dealt" for path in folder.glob("power-*.toml")}
    check_scenarios(plugin.GAME, [plugin.NAME], expected_changes=dealing, registry=registry)
"""


def values(app: Referee, name: str, kind: str, game: str | None, title: str | None = None) -> dict[str, Any]:
    """What the templates are filled in with, after every check of the command's input."""
    from referee import RefereeError, shown

    if kind not in KINDS:
        raise RefereeError(f"--kind is one of {', '.join(KINDS)}, not {shown(kind)}")
    if len(name) > MAX_NAME or not NAME_RULE.fullmatch(name):
        raise RefereeError(
            f"a plugin name is 1 to {MAX_NAME} lowercase letters and digits, words joined by '-', "
            f"starting with a letter (e.g. cheap-palace), not {shown(name)}"
        )
    installed = {g["name"]: g for g in app.plugins.games()["games"]}
    kernel = importlib.metadata.version("referee")
    common = {
        "name": name,
        "ident": name.replace("-", "_"),
        "title": _checked_title(title, name),
        "kernel_requirement": f"referee{_minor_range(kernel)}",
    }
    if kind == "game":
        if game is not None:
            raise RefereeError("--game does not apply to --kind game: the new game is NAME itself")
        if name in installed:
            raise RefereeError(f"a game named {name} is installed already ({installed[name]['distribution']}); choose another name")
        distribution = f"referee-{name}"
        return {**common, "kind": "game", "distribution": distribution, "package": distribution.replace("-", "_"), "entry_point": name}
    if game is None:
        raise RefereeError(f"a {KINDS[kind]} extends a game: name it with --game (installed: {', '.join(sorted(installed)) or 'none'})")
    if game not in installed:
        raise RefereeError(
            f"no game named {shown(game)} is installed (installed: {', '.join(sorted(installed)) or 'none'}); "
            "install it first, so the generated tests can play it"
        )
    offered = installed[game]
    if any(e["name"] == name for e in offered["extensions"]):
        raise RefereeError(f"{game} has an extension named {name} already; choose another name")
    distribution = f"referee-{game}-{name}"
    imported, code, declared, recorded = _declaration(kind, game)
    # Names a declaration needs from ``referee`` join the template's one import of it.
    names = {"Extension", "TableState", "hookimpl"}
    for line in imported.splitlines():
        if line.startswith("from referee import "):
            names.update(n.strip() for n in line.removeprefix("from referee import ").split(","))
    imported = "".join(f"{line}\n" for line in imported.splitlines() if not line.startswith("from referee import "))
    power = kind == "power" and game == "cashnguns"
    copy_id = re.sub(r"[^A-Z0-9]", "", name.upper())[:10] + "1"
    scenarios_test = SCENARIOS_TEST
    if power:
        scenarios_test = POWER_SCENARIOS_TEST
    elif game == "backhanding" and kind == "card":
        scenarios_test = DRAW_DECK_SCENARIOS_TEST
    seats = max(2, int(re.match(r"\d+", offered["seats"]).group()))  # type: ignore[union-attr]
    return {
        **common,
        "kind": recorded,
        "game": game,
        "game_title": offered["title"],
        "game_requirement": f"{offered['distribution']}{_minor_range(offered['version'])}",
        "game_hooks": _hooks_list(app, game),
        "distribution": distribution,
        "package": distribution.replace("-", "_"),
        "entry_point": f"{game}-{name}",
        "seats": seats,
        "seat_names": json.dumps(SEAT_NAMES[:seats]),
        "referee_names": ", ".join(sorted(names)),
        "declaration_import": imported,
        "declaration_code": code,
        "declaration": Template(declared).substitute(kind=recorded, copy_id=copy_id),
        "tests_import": "\nfrom pathlib import Path\n" if power else "",
        "scenarios_test": scenarios_test,
    }


def _templates(folder: Traversable, at: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], str]]:
    found = []
    for item in sorted(folder.iterdir(), key=lambda t: t.name):
        if item.is_dir():
            found += _templates(item, (*at, item.name))
        elif item.name.endswith(".tmpl"):
            found.append(((*at, item.name.removesuffix(".tmpl")), item.read_text(encoding="utf-8")))
    return found


def generate(app: Referee, name: str, kind: str, game: str | None, folder: str | None, title: str | None = None) -> tuple[Path, list[Path]]:
    """Write the distribution; returns its folder and the files written."""
    from referee import RefereeError, shown

    filled = values(app, name, kind, game, title)
    target = Path(folder) if folder else Path(filled["distribution"])
    try:
        if target.exists() and (not target.is_dir() or any(target.iterdir())):
            raise RefereeError(f"{shown(str(target))} exists and is not an empty folder; name another with --dir")
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise RefereeError(f"cannot use {shown(str(target))}: {getattr(exc, 'strerror', None) or exc}") from None
    source = files("referee_cli") / "templates" / ("game" if kind == "game" else "extension")
    planned = []
    for parts, text in _templates(source):
        path = target.joinpath(*(filled["package"] if p == "PACKAGE" else p for p in parts))
        try:
            planned.append((path, Template(text).substitute(filled)))
        except (KeyError, ValueError) as exc:  # a template's own bug: nothing is written
            raise RefereeError(f"template {'/'.join(parts)} cannot be filled in ({type(exc).__name__}: {exc})") from None
    written = []
    try:
        for path, text in planned:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            written.append(path)
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise RefereeError(f"cannot write {shown(str(target))}: {reason}; {len(written)} of {len(planned)} files were written") from None
    return target, written
