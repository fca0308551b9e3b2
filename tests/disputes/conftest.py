"""Fixtures for the dispute tests: the ``referee`` command run in-process on a store of the test's own."""

from __future__ import annotations

from cli_runner import TABLE_ID, Run, _no_ambient_store, cli, db  # noqa: F401  (fixtures of every command-line test)
