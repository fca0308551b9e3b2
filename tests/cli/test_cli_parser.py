"""A run builds the parser of its own command only: that parser reads every command
line exactly as the whole one does (help, values, refusals)."""

from __future__ import annotations

import argparse
import contextlib
import io

import pytest

from referee_cli.main import COMMANDS, parser


def _subparsers(built: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in built._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def _read(built: argparse.ArgumentParser, argv: list[str]) -> tuple[object, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            result: object = vars(built.parse_args(argv))
        except SystemExit as exc:
            result = exc.code
    return result, out.getvalue(), err.getvalue()


def test_every_command_is_named_once() -> None:
    assert set(_subparsers(parser())) == COMMANDS


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_commands_own_parser_reads_as_the_whole_one(command: str) -> None:
    whole, alone = parser(), parser(only=command)
    assert list(_subparsers(alone)) == [command]
    assert _subparsers(alone)[command].format_help() == _subparsers(whole)[command].format_help()
    for argv in (
        [command, "--help"],
        [command],
        [command, "x", "y", "z", "--json"],
        ["--db", "s.sqlite", "--json", command, "latest", "Bill", "orders", "I 5"],
        ["--log-level=debug", command, "run", "a.toml", "--seat", "Ted", "--bots", "3", "--to", "x"],
        [command, "--no-such-option"],
    ):
        assert _read(alone, argv) == _read(whole, argv), argv


def test_serve_takes_the_servers_own_options_and_defaults() -> None:
    from referee_web import Limits
    from referee_web.limits import WORK_TIMEOUT

    help_text = " ".join(_subparsers(parser(only="serve"))["serve"].format_help().split())
    for option in ("--host", "--port", "--rate", "--burst", "--bot-pause", "--watch SECONDS", "--work-timeout", "--bot-actions"):
        assert option in help_text, option
    assert f"(default {Limits.rate:g})" in help_text and f"(default {WORK_TIMEOUT:g})" in help_text
    read, _out, _err = _read(parser(only="serve"), ["serve", "--port", "9000", "--work-timeout", "3"])
    assert isinstance(read, dict) and read["port"] == 9000 and read["work_timeout"] == 3.0
    assert read["rate"] == Limits.rate and read["bot_actions"] == Limits.bot_actions


def test_serve_help_names_the_package_to_install_when_the_server_is_missing(monkeypatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "referee_web.serve", None)
    code, out, _err = _read(parser(only="serve"), ["serve", "--help"])
    assert code == 0 and "pip install referee-web" in " ".join(out.split())  # the help text is wrapped
