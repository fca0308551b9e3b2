"""Measure how Pimp plays with the shipped data: bot games, and what happened in them.

    python tests/pimp/pimp_balance.py [GAMES] [--bots heuristic|random|mixed] [--seats 2-6]

Prints how often an offer put to the street is taken (some bitch goes to the punters'
car) and how often the punters drive away, how games end (zero tolerance, the 20th turn,
the last pimp standing), how often a game ends with every pimp on $0, and what the
money piles, the actions and the encounters look like.  DATA.md quotes its numbers
(section 10).  ``measure`` is the same as a function, for tests.
"""

from __future__ import annotations

import argparse
import collections
import statistics
from collections.abc import Iterable
from typing import Any

from referee import MEMORY, Entry, Referee, Registry, TableStore
from referee.testing import fixed_key

SEATS = ("Ada", "Bert", "Cleo", "Dino", "Edna", "Fritz")
MIXES = {"heuristic": "heuristic", "random": "random", "mixed": "heuristic,random,heuristic,random,heuristic,random"}


def ending(reason: str) -> str:
    """The kind of ending a GameEnded reason names."""
    if reason.startswith("zero tolerance"):
        return "zero tolerance"
    if reason.startswith("turn "):
        return "turn limit"
    if "only pimp left" in reason:
        return "last pimp standing"
    return "nobody left"


def tally(entries: Iterable[Entry], stats: dict[str, Any]) -> None:
    """Add one finished game's log to ``stats``."""
    counted: dict[str, int] = {}
    deck_of: dict[str, str] = {}
    for entry in entries:
        event = entry.event or {}
        kind = entry.type
        if kind == "pimp.OfferPutToTheStreet":
            stats["offers"] += 1
            stats["offers taken"] += bool(event["sent"])
        elif kind == "pimp.SolicitationRolled":
            stats["solicitations"][event["result"]] += 1
        elif kind == "pimp.BusinessStarted":
            stats["business"] += 1
        elif kind == "pimp.PuntersPaid":
            stats["paid"] += 1
            stats["takings"] += event["amount"]
        elif kind == "pimp.ActionBegan":
            stats["actions"][event["action"]] += 1
        elif kind == "pimp.InfluenceTestBegan":
            stats["influence tests"] += 1
        elif kind == "pimp.DeckListed":
            stats["decks"][event["deck"]] += 1
            deck_of[event["pimp"]] = event["deck"]
        elif kind == "pimp.MoneyCounted":
            counted[event["pimp"]] = event["money"]
        elif kind == "pimp.ShaggedOut":
            stats["shagged out"] += 1
        elif kind == "referee.RequestOpened" and event["request"]["action"] == "send":
            stats["asked to send"] += 1
        elif kind == "pimp.PimpOut":
            stats["pimps out"] += 1
        elif kind == "referee.GameEnded":
            stats["endings"][ending(event["reason"])] += 1
            for winner in event["winners"]:
                stats["wins"][deck_of[winner]] += 1 / len(event["winners"])
        elif kind == "referee.RoundBegan":
            stats["rounds"] += 1
    stats["games"] += 1
    stats["all broke"] += not any(counted.values())
    stats["winning money"].append(max(counted.values(), default=0))
    stats["money"].extend(counted.values())


def measure(games: int, bots: str = "heuristic", seats: tuple[int, int] = (2, 6), turns: int = 20, seed: str = "balance") -> dict[str, Any]:
    stats: dict[str, Any] = collections.defaultdict(int)
    for key in ("solicitations", "actions", "endings", "decks", "wins"):
        stats[key] = collections.Counter()
    for key in ("winning money", "money"):
        stats[key] = []
    registry = Registry()
    low, high = seats
    for n in range(games):
        names = list(SEATS[: low + n % (high - low + 1)])
        with Referee(registry=registry, store=TableStore(MEMORY)) as app:
            chosen = ",".join(MIXES.get(bots, bots).split(",")[: len(names)])
            table = app.open("pimp", names, seed=f"{seed}-{n}", key=fixed_key(f"{seed}-{n}"), options={"bots": chosen, "turns": turns})
            app.bots.play(table, names)
            tally(app.entries(table), stats)
    return stats


def report(stats: dict[str, Any]) -> str:
    games = stats["games"]
    offers = stats["offers"]
    rolls = sum(stats["solicitations"].values())
    lines = [
        f"{games} games",
        f"offers put to the street: {offers}, taken {stats['offers taken']} ({100 * stats['offers taken'] / max(1, offers):.0f}%), "
        f"punters drove away {offers - stats['offers taken']} ({100 * (offers - stats['offers taken']) / max(1, offers):.0f}%)",
        "endings: " + ", ".join(f"{k} {v} ({100 * v / games:.0f}%)" for k, v in stats["endings"].most_common()),
        f"games ending with every pimp on $0: {stats['all broke']} ({100 * stats['all broke'] / games:.0f}%)",
        f"winner's money pile: median ${statistics.median(stats['winning money'])}, mean ${statistics.mean(stats['winning money']):.0f}; "
        f"every pimp's: mean ${statistics.mean(stats['money']):.0f}",
        f"solicitations: {rolls} ({rolls / games:.1f} a game): "
        + ", ".join(f"{k} {100 * v / max(1, rolls):.0f}%" for k, v in stats["solicitations"].most_common()),
        f"punters serviced: {stats['business']} encounters, {stats['paid']} paid, ${stats['takings']} in all; "
        f"{stats['shagged out']} bitches shagged out; pimps asked to send bitches to a car: {stats['asked to send']}",
        f"influence tests: {stats['influence tests']}; pimps out: {stats['pimps out']}",
        "actions: " + ", ".join(f"{k} {v}" for k, v in stats["actions"].most_common()),
        "decks (games played, share of wins): "
        + ", ".join(f"{k} {v}, {100 * stats['wins'][k] / v:.0f}%" for k, v in sorted(stats["decks"].items())),
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=200)
    parser.add_argument("--bots", default="heuristic", help="heuristic, random or mixed")
    parser.add_argument("--seats", default="2-6", help="seat counts, cycled: 2-6 or 4")
    parser.add_argument("--turns", type=int, default=20)
    args = parser.parse_args()
    low, _, high = args.seats.partition("-")
    print(report(measure(args.games, args.bots, (int(low), int(high or low)), args.turns)))


if __name__ == "__main__":
    main()
