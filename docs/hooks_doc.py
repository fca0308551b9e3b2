"""Write docs/hooks.md from the hookspec modules, so the reference cannot drift from the code.

python docs/hooks_doc.py          rewrite docs/hooks.md
python docs/hooks_doc.py --check  exit 1 if docs/hooks.md is out of date (a test runs this)
"""

from __future__ import annotations

import inspect
import sys
from pathlib import Path
from types import ModuleType

import referee.hookspecs
import referee_backhanding.hookspecs
import referee_cashnguns.hookspecs
import referee_pigsty.hookspecs
import referee_pimp.hookspecs
import referee_pornstar.hookspecs

TARGET = Path(__file__).with_name("hooks.md")

INTRO = """\
# Hooks

Every extension point of Referee is a pluggy hook.  Hook names carry their owner's prefix:
`referee_*` for the kernel's, `pigsty_*` (and in general `<game>_*`) for a game's own.
Implement them with `@referee.hookimpl` in a module or object that your distribution names
in the `referee` entry-point group (see [writing-plugins.md](writing-plugins.md)).

Hooks are called with keyword arguments only; an implementation may accept any subset of
the arguments.  Implementations run last-registered first: on a table the kernel's built-in
plugin is registered first, then the game, then its extensions (cards, powers, house rules)
in the order the table names them.  So for a hook marked *first result wins*, an
extension's answer replaces the game's; for the others every implementation runs.

Two plugin managers use these specs.  The *discovery* manager loads every installed plugin
and asks the discovery hooks; each *table* gets a manager of its own holding only its game,
the extensions chosen for it and the game's own hookspecs, so one game's hooks never fire at
another game's table.

`referee hooks [GAME]` lists the same specs for the games installed on your machine, with
the plugins that implement each.

This page is generated from the hookspec modules by `docs/hooks_doc.py`; edit the
docstrings there, not this page.
"""

SECTIONS: list[tuple[str, ModuleType]] = [
    ("Kernel hooks (`referee.hookspecs`)", referee.hookspecs),
    ("Pigsty to Palace hooks (`referee_pigsty.hookspecs`)", referee_pigsty.hookspecs),
    ("Cash'n'Guns hooks (`referee_cashnguns.hookspecs`)", referee_cashnguns.hookspecs),
    ("Pimp hooks (`referee_pimp.hookspecs`)", referee_pimp.hookspecs),
    ("Pimp: The Backhanding hooks (`referee_backhanding.hookspecs`)", referee_backhanding.hookspecs),
    ("PornStar hooks (`referee_pornstar.hookspecs`)", referee_pornstar.hookspecs),
]


def specs(module: ModuleType) -> list[tuple[str, object]]:
    found = [(name, fn) for name, fn in vars(module).items() if inspect.isfunction(fn) and hasattr(fn, "referee_spec")]
    return sorted(found, key=lambda item: inspect.getsourcelines(item[1])[1])  # type: ignore[arg-type]


def render() -> str:
    parts = [INTRO]
    for title, module in SECTIONS:
        parts.append(f"## {title}\n")
        for name, fn in specs(module):
            options = fn.referee_spec  # type: ignore[attr-defined]
            signature = str(inspect.signature(fn)).replace("'", "")  # type: ignore[arg-type]
            rule = "First result wins." if options.get("firstresult") else "Every implementation runs."
            parts.append(f"### `{name}{signature}`\n\n*{rule}*\n\n{inspect.cleandoc(fn.__doc__ or '')}\n")
    return "\n".join(parts)


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        if not TARGET.exists() or TARGET.read_text(encoding="utf-8") != text:
            print(f"{TARGET} is out of date: run python docs/hooks_doc.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
