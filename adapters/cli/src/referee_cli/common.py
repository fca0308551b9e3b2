"""What every ``referee`` command shares: the service, its store, the table named, options read, output."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee import Entry, Referee

UNFINISHED = 3
"""Exit status of a game left unfinished (input ran out, or nobody here can act)."""


class Failed(Exception):
    """A check ran and found a problem: exit status 1."""


class Unfinished(Exception):
    """The game was left before its end: exit status 3."""


def out(args: argparse.Namespace, data: Any, text: str) -> None:
    if args.json:
        import json

        import msgspec

        print(json.dumps(msgspec.to_builtins(data), indent=2, default=str))
    else:
        print(text)


def open_referee(args: argparse.Namespace, read_only: bool = False) -> Referee:
    """The one service every command goes through; its store is opened on first use
    (``read_only``: never created nor written), and plugins are imported as the command
    needs them: a table's own, or every installed one for a question about them all."""
    from referee import Referee, Registry

    return Referee(args.db, read_only=read_only, registry=Registry(lazy=True))


def is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name too long for the file system, or holding a NUL
        return False


def read_file(name: str) -> str:
    from referee import RefereeError, shown

    try:
        return Path(name).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise RefereeError(f"cannot read {shown(name)}: not UTF-8 text ({exc.reason} at byte {exc.start + 1})") from None
    except ValueError:
        raise RefereeError(f"cannot read {shown(name)}: a file name cannot hold a NUL character") from None
    except OSError as exc:
        raise RefereeError(f"cannot read {shown(name)}: {exc.strerror or exc}") from None


def log_entries(args: argparse.Namespace, log: str) -> tuple[Referee, list[Entry], str]:
    """LOG is an exported file, a table id, or ``latest``: a file is read without
    opening any store; a table from a store that must exist already."""
    app = open_referee(args, read_only=True)
    if is_file(Path(log)):
        return app, app.audit.load_log(read_file(log), source=log), log
    table_id = table_named(app, log)
    # The operator's store holds every key: a table that has not ended verifies too.
    return app, app.entries(table_id, keys=True), f"table {table_id}"


def table_named(app: Referee, given: str) -> str:
    from referee import RefereeError, UnknownTable, shown

    if given == "latest":
        return app.latest_table()
    try:
        return app.resolve(given)
    except UnknownTable:
        raise RefereeError(f"{shown(given)} is neither a log file nor a table in {app.location}") from None


def table_options(pairs: Sequence[str]) -> dict[str, Any]:
    import json

    from referee import MAX_NESTING, RefereeError, check_nesting, shown

    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise RefereeError(f"--option takes KEY=VALUE, not {shown(pair)}")
        try:
            options[key] = json.loads(value)
        except RecursionError:
            raise RefereeError(f"--option {shown(key)} nests lists or tables deeper than {MAX_NESTING} levels") from None
        except ValueError:  # not JSON (or a number too long to read): the text itself
            options[key] = value
        check_nesting(options[key], f"--option {shown(key)}")
        options[key] = _read_files(options[key], key)
    return options


def _read_files(value: Any, key: str) -> Any:
    """``value`` with each string ``@PATH`` in it replaced by that file's text (``@@`` is a
    plain ``@``).  The command reads files, never a game: a table opened over a network names
    no path on the host, so a game takes a deck's text, not where to find it."""
    from referee import read_text

    if isinstance(value, dict):
        return {k: _read_files(v, key) for k, v in value.items()}
    if isinstance(value, list):
        return [_read_files(v, key) for v in value]
    if isinstance(value, str) and value.startswith("@@"):
        return value[1:]
    if isinstance(value, str) and value.startswith("@"):
        return read_text(value[1:], f"the --option {key} file")
    return value


def refuse(args: argparse.Namespace, why: str, *names: str) -> None:
    """Refuse options given that do not apply (a default left alone is not given)."""
    from referee import RefereeError

    given = [n for n in names if getattr(args, n.lstrip("-").replace("-", "_"), None) not in (None, False, [], 0)]
    if given:
        raise RefereeError(f"{', '.join(given)} {'does' if len(given) == 1 else 'do'} not apply {why}")


def extension_names(given: str | None) -> list[str] | None:
    """``--extensions``: None (not given) is the game's default; ``none`` asks for none at all."""
    if given is None:
        return None
    if given.strip().casefold() == "none":
        return []
    return given.split(",")


def db_flag(args: argparse.Namespace) -> str:
    import shlex

    return f" --db {shlex.quote(str(args.db))}" if args.db else ""
