"""The fixtures an author's tests get from the pytest plugin: ``referee_app`` (referees on
in-memory stores) and ``referee_cli`` (the ``referee`` command run in-process)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from ..registry import Registry
    from ..service import Referee

from .play import CheckFailed


@pytest.fixture
def referee_app() -> Iterator[Callable[..., Referee]]:
    """A factory: ``referee_app(*plugins, entry_points=True)`` -> a ``Referee`` on an in-memory store.

    ``plugins`` are plugin objects (modules or instances with ``@referee.hookimpl``
    methods) registered beside the installed ones; ``entry_points=False`` leaves the
    installed ones out, so a test sees only the plugins it names.  After the test every
    referee made is closed and the plugins it was given are unregistered.
    """
    from .. import MEMORY, Referee, Registry, TableStore

    made: list[tuple[Referee, Registry, tuple[object, ...]]] = []

    def make(*plugins: object, entry_points: bool = True) -> Referee:
        registry = Registry(plugins, entry_points=entry_points)
        app = Referee(registry=registry, store=TableStore(MEMORY))
        made.append((app, registry, plugins))
        return app

    yield make
    for app, registry, plugins in made:
        app.close()
        for plugin in plugins:
            if registry.pm.is_registered(plugin):
                registry.pm.unregister(plugin)


@dataclass(frozen=True)
class CliResult:
    """What one ``referee`` command did: its exit status and what it wrote."""

    code: int
    out: str
    err: str

    def json(self) -> Any:
        """The standard output read as JSON (for commands run with ``--json``)."""
        return json.loads(self.out)


@pytest.fixture
def referee_cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Callable[..., CliResult]:
    """``referee_cli("play", "nim", "--bots", "2")`` -> :class:`CliResult`: the ``referee``
    command run in-process.

    Every command of one test uses the same store, a file in the test's ``tmp_path``
    (``$REFEREE_DB``), never the user's own.  Needs the ``referee-cli`` distribution.
    """
    try:
        from referee_cli.main import main
    except ImportError:
        raise CheckFailed("referee_cli needs the referee-cli distribution installed (pip install referee-cli)") from None
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "referee-cli.sqlite"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))

    def run(*argv: object) -> CliResult:
        capsys.readouterr()
        code = 0
        try:
            main([str(a) for a in argv])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        out, err = capsys.readouterr()
        return CliResult(code, out, err)

    return run
