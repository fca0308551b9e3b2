"""Everything that can happen at a Pigsty to Palace table, as domain events.

Each event records an outcome in the rulebook's own words (Pork, Pigs, Thieves,
Guards, Yeomen, Bandits, Honest, Reputation, Punishment, Palace), so a log reads like
the Gamesmaster's turn report.  Events carry the numbers needed both to fold the state
(``resolution.evolve``) and to explain the outcome to players without re-deriving it:
a theft records how many Thieves each defence stopped, not only the Pigs that went.

Tags are stable (``pigsty.<Name>``) and must never change once logs exist.
"""

from __future__ import annotations

from typing import Any, ClassVar

from referee import Entry, Words, hookimpl
from referee.events import Event
from referee.words import count
from referee_pigsty.order_cards import ORDER_NAMES, orders_words
from referee_pigsty.orders import Order

__all__ = [
    "BANDITS",
    "EVENT_TYPES",
    "BanditJoined",
    "BecameDishonest",
    "BecameHonest",
    "FarmerEliminated",
    "GuardsHired",
    "LostPigsCounted",
    "OrderCancelled",
    "OrderCut",
    "OrdersRevealed",
    "OrdersWritten",
    "PalaceBought",
    "PigTraded",
    "PigsBred",
    "PigsReturned",
    "PigsTaken",
    "PorkAllotted",
    "PorkIndustryDestroyed",
    "PunishmentImposed",
    "TheftAttempted",
    "TradeCancelled",
    "TurnResolved",
    "YeomanJoined",
    "YeomenFunded",
]


def _w(words: Words | None) -> Words:
    return words or Words()


def _their(w: Words, farmer: str) -> str:
    return "your" if w.is_reader(farmer) else "their"


def _thief(w: Words, thief: str) -> str:
    return "The Bandits" if thief == BANDITS else w.subject(thief)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


BANDITS = "Bandits"
"""The thief's name on thefts by the Bandits (rule 11.3); no farmer may take it."""


class PorkAllotted(Event, tag="pigsty.PorkAllotted"):
    """A farmer's Pork for this turn: one per Pig, less last turn's Punishment (rule 4)."""

    farmer: str
    pigs: int
    punishment: int
    pork: int

    def describe(self, words: Words | None = None) -> str:
        less = f" less {self.punishment} Punishment" if self.punishment else ""
        return f"{_w(words).says(self.farmer, 'has', count(self.pigs, 'Pig'))}{less}: {self.pork:,} Pork to spend"


class OrdersWritten(Event, tag="pigsty.OrdersWritten"):
    """A farmer's parsed orders, sealed until every farmer has written (rule 4, 9)."""

    farmer: str
    orders: tuple[Order, ...]
    stated_total: int | None

    def describe(self, words: Words | None = None) -> str:
        w = _w(words)
        if not self.orders:
            return w.says(self.farmer, "wrote", "no orders: no Pork spent")
        return w.says(self.farmer, "wrote", f"orders: {orders_words(self.orders, w)}")


class OrdersRevealed(Event, tag="pigsty.OrdersRevealed"):
    """A farmer's orders made public once all are in (rule 9)."""

    farmer: str
    orders: tuple[Order, ...]
    stated_total: int | None

    def describe(self, words: Words | None = None) -> str:
        w = _w(words)
        if not self.orders:
            return w.says(self.farmer, "gave", "no orders: no Pork spent")
        return f"{_capital(w.possessive(self.farmer))} orders: {orders_words(self.orders, w)}"


class OrderCut(Event, tag="pigsty.OrderCut"):
    """The first order of an overspend, reduced to the Pork left (rule 10.2)."""

    farmer: str
    line: int
    kind: str
    target: str | None
    written: int
    paid: int

    def describe(self, words: Words | None = None) -> str:
        return _w(words).says(self.farmer, "could not pay", f"line {self.line} in full: {self.written:,} Pork cut to {self.paid:,}")


class OrderCancelled(Event, tag="pigsty.OrderCancelled"):
    """An order below an overspent one, not carried out (rule 10.2)."""

    farmer: str
    line: int
    kind: str
    target: str | None
    written: int

    def describe(self, words: Words | None = None) -> str:
        owner = _capital(_w(words).possessive(self.farmer))
        return f"{owner} line {self.line} ({ORDER_NAMES[self.kind]}, {self.written:,} Pork) is cancelled: no Pork left"


class BecameHonest(Event, tag="pigsty.BecameHonest"):
    """Spending on Yeomen made a farmer Honest (rules 4.6.4.1, 12.2).

    ``reputation`` is the (unchanged) Reputation the spending had to match.
    """

    farmer: str
    yeomen_pork: int
    reputation: int

    def describe(self, words: Words | None = None) -> str:
        w = _w(words)
        return f"{w.says(self.farmer, 'paid', f'{self.yeomen_pork:,} Pork to the Yeomen')} and {w.verb(self.farmer, 'is')} now Honest"


class YeomenFunded(Event, tag="pigsty.YeomenFunded"):
    """Pork paid into the Yeoman Fund (rule 4.6).

    ``fund`` is the Fund just after this payment, before any Yeoman it buys joins;
    the ``YeomanJoined`` events that follow carry what remains.
    """

    farmer: str
    pork: int
    fund: int

    def describe(self, words: Words | None = None) -> str:
        return _w(words).says(self.farmer, "paid", f"{self.pork:,} Pork into the Yeoman Fund (now {self.fund:,})")


class YeomanJoined(Event, tag="pigsty.YeomanJoined"):
    """The Fund reached its target and ``joined`` more Yeomen entered play (rule 4.6).

    ``yeomen`` is the number in play now and ``fund`` what is left in the Fund.  One
    payment that covers the target several times brings them all in one event.
    """

    version: ClassVar[int] = 2

    joined: int
    yeomen: int
    fund: int

    @staticmethod
    def upcast_v1_v2(body: dict[str, Any]) -> dict[str, Any]:
        # Version 1 logged one event per Yeoman.
        return {**body, "joined": 1}

    def describe(self, words: Words | None = None) -> str:
        arrived = "A new Yeoman enters" if self.joined == 1 else f"{self.joined} new Yeomen enter"
        return f"{arrived} play: {count(self.yeomen, 'Yeoman', 'Yeomen')} in play"


class GuardsHired(Event, tag="pigsty.GuardsHired"):
    """Guards protecting a farmer for this turn only (rule 4.3)."""

    farmer: str
    guards: int

    def describe(self, words: Words | None = None) -> str:
        return _w(words).says(self.farmer, "hired", count(self.guards, "Guard"))


class TheftAttempted(Event, tag="pigsty.TheftAttempted"):
    """Thieves sent against a farmer and what stopped them (rules 4.4.1-4.4.4, 11.3).

    ``thief`` is a farmer or ``"Bandits"``; ``pigs_wanted`` is what the Thieves who got
    through would take if the victim had the Pigs (rule 4.4.7 decides who goes short).
    """

    thief: str
    victim: str
    thieves: int
    stopped_by_guards: int
    stopped_by_yeomen: int
    pigs_wanted: int

    def describe(self, words: Words | None = None) -> str:
        w = _w(words)
        stopped = []
        if self.stopped_by_guards:
            stopped.append(f"{self.stopped_by_guards} stopped by Guards")
        if self.stopped_by_yeomen:
            stopped.append(f"{self.stopped_by_yeomen} stopped by Yeomen")
        extra = f" ({', '.join(stopped)})" if stopped else ""
        sent = f"{_thief(w, self.thief)} sent {count(self.thieves, 'Thief', 'Thieves')} against {w.name(self.victim)}"
        return f"{sent}{extra}: {count(self.pigs_wanted, 'Pig')} at risk"


class PigsTaken(Event, tag="pigsty.PigsTaken"):
    """Pigs taken from a victim by one thief (rules 4.4.5, 4.4.7, 11.4).

    ``taken`` = ``lost`` + ``stolen``; the thief receives ``stolen`` (never the
    Bandits, whose Pigs are all lost).  ``short`` is how many wanted Pigs were not
    there to take.
    """

    thief: str
    victim: str
    taken: int
    lost: int
    stolen: int
    short: int

    def describe(self, words: Words | None = None) -> str:
        w = _w(words)
        short = f" ({self.short} short: Overkill)" if self.short else ""
        return f"{_thief(w, self.thief)} took {count(self.taken, 'Pig')} from {w.name(self.victim)}: {self.lost} lost, {self.stolen} stolen{short}"


class PigsReturned(Event, tag="pigsty.PigsReturned"):
    """The Yeomen bringing lost Pigs back to an Honest owner after a theft (rule 4.6.2)."""

    farmer: str
    thief: str
    pigs: int
    yeomen: int

    def describe(self, words: Words | None = None) -> str:
        return f"The Yeomen returned {count(self.pigs, 'lost Pig')} to {_w(words).name(self.farmer)}"


class TradeCancelled(Event, tag="pigsty.TradeCancelled"):
    """A Trade that gives the receiver nothing because of Stealing (rule 4.5.5).

    ``reason`` is ``"trader-robbed"`` (the trader had Pigs taken) or
    ``"receiver-stole"`` (the receiver Stole from the trader).  The Pork still
    breeds Pigs for the trader as Investment.
    """

    trader: str
    receiver: str
    pork: int
    reason: str

    def describe(self, words: Words | None = None) -> str:
        w = _w(words)
        they, them = ("you", "you") if w.is_reader(self.trader) else ("they", "them")
        why = f"{they} had Pigs taken" if self.reason == "trader-robbed" else f"{w.name(self.receiver)} stole from {them}"
        trade = f"{_capital(w.possessive(self.trader))} Trade of {self.pork:,} Pork to {w.name(self.receiver)}"
        return f"{trade} is cancelled because {why}; it counts as Investment"


class PigTraded(Event, tag="pigsty.PigTraded"):
    """A Trade that gave its receiver one Pig (rules 4.5, 4.5.4)."""

    trader: str
    receiver: str
    pork: int

    def describe(self, words: Words | None = None) -> str:
        w = _w(words)
        return w.says(self.trader, "traded", f"{self.pork:,} Pork to {w.name(self.receiver)}, who {w.verb(self.receiver, 'gets')} a Pig")


class PigsBred(Event, tag="pigsty.PigsBred"):
    """Pigs bred from Investment and Trade Pork together (rules 4.2, 4.5, 10.3)."""

    farmer: str
    pork: int
    pigs: int

    def describe(self, words: Words | None = None) -> str:
        return _w(words).says(self.farmer, "bred", f"{count(self.pigs, 'Pig')} from {self.pork:,} Pork")


class PunishmentImposed(Event, tag="pigsty.PunishmentImposed"):
    """Pork a thief will lose from next turn's allowance (rules 4.1, 4.6.3).

    ``pork`` = ``by_victim`` (the victim's own Punishment) + ``by_yeomen`` (one level
    per two Yeomen when the victim is Honest).
    """

    thief: str
    victim: str
    pork: int
    by_victim: int
    by_yeomen: int

    def describe(self, words: Words | None = None) -> str:
        w = _w(words)
        return f"{w.says(self.thief, 'is', f'Punished for Stealing from {w.name(self.victim)}')}: {self.pork:,} Pork less next turn"


class BecameDishonest(Event, tag="pigsty.BecameDishonest"):
    """A punished thief turned Dishonest at the end of the turn (rules 4.6.4.2, 12.1).

    ``reputation`` is his bad Reputation after the point this earns him.
    """

    farmer: str
    reputation: int

    def describe(self, words: Words | None = None) -> str:
        return _w(words).says(self.farmer, "is", f"Dishonest (Reputation {self.reputation})")


class LostPigsCounted(Event, tag="pigsty.LostPigsCounted"):
    """This turn's lost Pigs the Yeomen did not return, added up for the Bandits (rule 11.2).

    ``lost`` is this turn's lost Pigs not returned, ``returned`` those the Yeomen
    brought back, ``lost_total`` the game's running total of lost, unreturned Pigs.
    """

    lost: int
    returned: int
    lost_total: int

    def describe(self, words: Words | None = None) -> str:
        return f"{count(self.lost, 'Pig')} lost this turn, {self.returned} returned; {self.lost_total:,} lost in all"


class BanditJoined(Event, tag="pigsty.BanditJoined"):
    """Lost Pigs attracted ``joined`` more Bandits (rule 11.2); ``bandits`` is the count now.

    However many Pigs were lost, the Bandits they attract join in one event.
    """

    version: ClassVar[int] = 2

    joined: int
    bandits: int
    lost_total: int

    @staticmethod
    def upcast_v1_v2(body: dict[str, Any]) -> dict[str, Any]:
        # Version 1 logged one event per Bandit.
        return {**body, "joined": 1}

    def describe(self, words: Words | None = None) -> str:
        arrived = "another Bandit" if self.joined == 1 else f"{self.joined} more Bandits"
        return f"The lost Pigs attract {arrived}: {count(self.bandits, 'Bandit')}"


class FarmerEliminated(Event, tag="pigsty.FarmerEliminated"):
    """A farmer with no Pigs left is out of the game (rule 7)."""

    farmer: str

    def describe(self, words: Words | None = None) -> str:
        w = _w(words)
        return f"{w.says(self.farmer, 'has', f'lost all {_their(w, self.farmer)} Pigs')} and {w.verb(self.farmer, 'is')} out of the game"


class PorkIndustryDestroyed(Event, tag="pigsty.PorkIndustryDestroyed"):
    """Fewer than 5 Pigs per farmer left in play: the game ends and everyone loses (rule 7.1)."""

    pigs_in_play: int
    farmers: int

    def describe(self, words: Words | None = None) -> str:
        return f"Only {count(self.pigs_in_play, 'Pig')} for {self.farmers} farmers: M.A.D., everyone loses"


class PalaceBought(Event, tag="pigsty.PalaceBought"):
    """A farmer ended the turn with enough Pigs for a Palace and wins (rule 8)."""

    farmer: str
    pigs: int

    def describe(self, words: Words | None = None) -> str:
        return _w(words).says(self.farmer, "has", f"{count(self.pigs, 'Pig')} and can afford a Palace!")


class TurnResolved(Event, tag="pigsty.TurnResolved"):
    """The end of a turn's results: every farmer's Pigs (rule 9).

    ``turn`` is the 1-based number of the turn just resolved.
    """

    turn: int
    pigs: dict[str, int]

    def describe(self, words: Words | None = None) -> str:
        w = _w(words)
        return f"Turn {self.turn} resolved. Pigs: " + ", ".join(f"{w.name(k)} {v:,}" for k, v in self.pigs.items())


EVENT_TYPES: tuple[type[Event], ...] = (
    PorkAllotted,
    OrdersWritten,
    OrdersRevealed,
    OrderCut,
    OrderCancelled,
    BecameHonest,
    YeomenFunded,
    YeomanJoined,
    GuardsHired,
    TheftAttempted,
    PigsTaken,
    PigsReturned,
    TradeCancelled,
    PigTraded,
    PigsBred,
    PunishmentImposed,
    BecameDishonest,
    LostPigsCounted,
    BanditJoined,
    FarmerEliminated,
    PorkIndustryDestroyed,
    PalaceBought,
    TurnResolved,
)
"""Every pigsty event type, for registering with the kernel."""


@hookimpl
def referee_describe_hidden(entry: Entry, words: Words) -> str | None:
    """A farmer's sealed orders, to the others: only that they were written (rule 9: "You
    PM me your orders")."""
    owners = entry.visible_to or []
    if entry.type == "pigsty.OrdersWritten" and len(owners) == 1:
        return words.says(owners[0], "wrote", f"{_their(words, owners[0])} orders, sealed until every farmer's are in")
    return None
