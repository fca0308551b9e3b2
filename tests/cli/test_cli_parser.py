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
