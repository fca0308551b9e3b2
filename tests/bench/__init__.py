"""Referee's benchmarks: ratios to baselines measured in the same run (see README.md).

``run.py`` is the entry point (``nox -s bench``); ``runner`` puts the rows together, one
module per group of rows: ``counts`` (store reads, copies, encodes, plugin managers),
``verifying`` (verify against decoding and against its floor), ``durable`` (bot games on
SQLite against raw sqlite3), ``long`` (tables of many entries), ``processes`` (the CLI as
a new process), ``postgres`` (concurrent opens).  ``counting`` wraps the kernel's names to
count calls; ``probe`` runs one CLI command with those counts taken.
"""
