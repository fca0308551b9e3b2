"""The events the Harvest Festival adds to a Pigsty log.

The tag (``harvest.HarvestShared``) is what the log stores: never change it once logs
exist.  To change the fields, raise ``version`` and add ``upcast_v1_v2`` (see
``referee.events``) so that old logs still replay.
"""

from __future__ import annotations

from referee import Event, Words

__all__ = ["EVENT_TYPES", "HarvestShared"]


class HarvestShared(Event, tag="harvest.HarvestShared"):
    """The festival after turn ``turn`` gave one Pig to each farmer in ``farmers`` (house rule 1).

    ``farmers`` are the Honest farmers still in the game, in seat order; it is empty
    when nobody was Honest, so the log shows the festival was held and why nobody
    got a Pig.
    """

    turn: int
    farmers: tuple[str, ...]

    def describe(self, words: Words | None = None) -> str:
        return f"Harvest Festival after turn {self.turn}: {self.shared(words)}"

    def shared(self, words: Words | None = None) -> str:
        """Who got a Pig, in words for ``words``' reader ("you get 1 Pig"); the turn report
        lists it under its own heading."""
        w = words or Words()
        names = self.farmers
        if not names:
            return "nobody is Honest, so nobody gets a Pig"
        if len(names) == 1:
            return f"{w.name(names[0])} {w.verb(names[0], 'gets')} 1 Pig"
        return f"{w.names(names)} each get 1 Pig"


EVENT_TYPES: tuple[type[Event], ...] = (HarvestShared,)
"""Every event type of this plugin, for ``Extension(events=...)``."""
