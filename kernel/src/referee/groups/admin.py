"""``app.admin``: the store's place and upkeep, and the process's logging."""

from __future__ import annotations

from collections.abc import Callable

from . import Group

__all__ = ["Admin"]


class Admin(Group):
    """Where tables are kept, migrating an older store, logging."""

    @staticmethod
    def default_location() -> str:
        """Where tables are kept when no ``db`` is named ($REFEREE_DB, else the user's data folder)."""
        from ..store import resolve_db

        return resolve_db(None)

    @staticmethod
    def configure_logging(level: str, *, json: bool = False) -> None:
        """Log lines to standard error at ``level`` (debug, info, warning, error); ValueError names a bad level."""
        from ..logging import configure

        configure(level, json=json)

    def store_exists(self) -> bool:
        """Whether the store is there already (a read-only referee refuses to open one that is not)."""
        from ..store import store_exists

        app = self._referee
        return app._store is not None or store_exists(app.location)

    def migrate(self, on_table: Callable[[str, int], None] | None = None) -> list[str]:
        """Copy every table kept in Referee 0.1's layout into this one; returns their ids."""
        from ..upcasting import migrate_store

        return migrate_store(self._referee.store, on_table)
