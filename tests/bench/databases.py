"""A fresh PostgreSQL database for one measurement, on the server ``REFEREE_TEST_POSTGRES``
names, so that no measurement reads tables an earlier one left (a server looks at every
table it opened when it starts)."""

from __future__ import annotations

import uuid


def fresh_database(url: str) -> str:
    """A new, empty database on ``url``'s server: its address."""
    import psycopg

    name = f"referee_bench_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return url.rsplit("/", 1)[0] + "/" + name


def drop_database(url: str, name_url: str) -> None:
    """Drop the database at ``name_url`` (made by ``fresh_database`` on ``url``'s server)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name_url.rsplit('/', 1)[1]} WITH (FORCE)")
