"""Measure how Pimp: The Backhanding plays with the shipped card set: bot games and their logs.

    python tests/backhanding/backhanding_balance.py [GAMES] [--bots heuristic|random|mixed]

Prints how often each pimp wins the contests he rolls in (macking and backhanding), how
often each ho is recruited, attacked and eliminated, how often the side playing each Draw
card wins the contest it was played on, how often each Dirty Trick and ability comes into
play, and who wins: the first player of round 1, the seat listed first, the player dealt
the strongest pimps, the heuristic bot against the random one.  DATA.md quotes its
numbers ("Balance").  ``measure`` is the same as a function, for tests.
"""

from __future__ import annotations

import argparse
import collections
from collections.abc import Iterable
from typing import Any

from referee import MEMORY, Entry, Referee, Registry, TableStore
from referee.testing import fixed_key

SEATS = ("Ada", "Bert", "Cleo", "Dino", "Edna", "Fritz")
MIXES = {"heuristic": "heuristic", "random": "random", "mixed": "heuristic,random,heuristic,random,heuristic,random"}
"""Bots by seat; in "mixed" games the kinds alternate, starting with the heuristic bot in
even games and the random one in odd games, so that no seat is always the stronger bot."""


def bots_of(mix: str, n: int) -> str:
    if mix != "mixed":
        return MIXES[mix]
    kinds = ["heuristic", "random"] if n % 2 == 0 else ["random", "heuristic"]
    return ",".join(kinds[i % 2] for i in range(len(SEATS)))


TRICK_EVENTS = {
    "PimpsBailedOut": "bail-out",
    "PimpWithdrawn": "snitch",
    "PocketPicked": "pickpocket",
    "CopBribed": "crooked-cop",
    "DiceLoaded": "loaded-dice",
    "PimpFramed": "frame-up",
}


def new_stats() -> dict[str, Any]:
    return {
        "games": 0,
        "pimp": collections.defaultdict(lambda: [0, 0]),  # id -> [contests rolled, won]
        "ho": collections.defaultdict(lambda: [0, 0, 0]),  # id -> [recruited, attacked, eliminated]
        "card": collections.defaultdict(lambda: [0, 0]),  # name -> [played on a contest, that side won]
        "effects": collections.Counter(),
        "events": collections.Counter(),
        "first_player": [0, 0],  # [games, won]
        "first_seat": [0, 0],
        "strongest_hand": [0, 0],
        "kind": collections.defaultdict(lambda: [0, 0]),  # bot kind -> [seats, wins]
        "fair": 0.0,  # the share of wins a seat would have by chance, summed over games
        "totals": [],
    }


def tally(entries: Iterable[Entry], stats: dict[str, Any], bots: dict[str, str]) -> None:
    """Add one finished game's log to ``stats``."""
    entries = list(entries)
    cards: dict[str, dict[str, Any]] = {}
    first = ""
    seats: list[str] = []
    dealt: dict[str, int] = {}
    played: list[tuple[str, str, str]] = []  # (seat, card, target) of the current step
    winners: tuple[str, ...] = ()
    for e in entries:
        body = e.event or {}
        kind = e.type.split(".", 1)[1]
        stats["events"][kind] += 1
        if e.type == "referee.TableOpened":
            seats = list(body["seats"])
        elif kind == "CardsLaid":
            cards = {c["id"]: c for c in body["cards"]}
        elif kind == "PimpsDealt":
            dealt[body["seat"]] = sum(cards[p]["macking"] + cards[p]["backhanding"] for p in body["pimps"])
        elif kind == "FirstPlayerChosen" and not first:
            first = body["seat"]
        elif kind == "PlaysRevealed":
            played = [(seat, card, target) for seat, plays in body["plays"].items() for card, target in plays.items()]
        elif kind == "ContestRolled":
            top = max(r["total"] for r in body["rolls"].values())
            final = not body["tied"] or body.get("tie_broken_by")
            for seat, roll in body["rolls"].items():
                won = final and (
                    seat == body.get("tie_broken_by")
                    or (not body.get("tie_broken_by") and roll["total"] == top and body["phase"] == "macking")
                )
                if body["phase"] == "backhanding":
                    other = next(r for s, r in body["rolls"].items() if s != seat)
                    defender = roll["ho"] > 0 or seat not in _attackers(entries, e.seq, body["ho"])
                    won = roll["total"] >= other["total"] if defender else roll["total"] > other["total"]
                if final:
                    stats["pimp"][roll["pimp"]][0] += 1
                    stats["pimp"][roll["pimp"]][1] += int(bool(won))
                    for s, card, target in played:
                        if s == seat and target == body["ho"] and cards[card]["kind"] in ("macking", "backhanding"):
                            stats["card"][cards[card]["name"]][0] += 1
                            stats["card"][cards[card]["name"]][1] += int(bool(won))
            if final:
                for s, card, target in played:
                    if target == body["ho"] and cards[card]["kind"] == "trick":
                        mine = s in body["rolls"] and (
                            (body["phase"] == "macking" and body["rolls"][s]["total"] == top)
                            or body["rolls"][s]["total"] >= max(r["total"] for x, r in body["rolls"].items() if x != s)
                        )
                        stats["card"][cards[card]["name"]][0] += 1
                        stats["card"][cards[card]["name"]][1] += int(mine)
        elif kind == "HoRecruited":
            stats["ho"][body["ho"]][0] += 1
        elif kind == "PimpPlaced" and body["phase"] == "backhanding":
            stats["ho"][body["ho"]][1] += 1
        elif kind == "HoEliminated":
            stats["ho"][body["ho"]][2] += 1
        elif kind in TRICK_EVENTS:
            stats["effects"][TRICK_EVENTS[kind]] += 1
        elif e.type == "referee.GameEnded":
            winners = tuple(body["winners"])
        elif kind == "MoneyCounted":
            stats["totals"].extend(body["totals"].values())
    for e in entries:
        if e.type == "backhanding.ContestRolled":
            for roll in e.event["rolls"].values():
                if roll["ability"]:
                    stats["effects"][cards[roll["pimp"]]["effect"]] += 1
                if len(roll["dice"]) > 1:
                    stats["effects"]["extra dice"] += 1
            if e.event.get("tie_broken_by"):
                stats["effects"]["smooth-operator"] += 1
        elif e.type == "backhanding.HoEliminated" and e.event["protector_to"] == "clan":
            stats["effects"]["slippery"] += 1
        elif e.type == "backhanding.DrawCardsDealt" and e.event["reason"] == "The Fixer":
            stats["effects"]["the-fixer"] += 1
        elif e.type == "backhanding.HoValued" and e.event["bonus"]:
            stats["effects"]["sugar-daddy"] += 1
    stats["games"] += 1
    share = 1 / len(winners) if winners else 0
    stats["fair"] += 1 / len(seats)
    stats["first_player"][0] += 1
    stats["first_player"][1] += share if first in winners else 0
    stats["first_seat"][0] += 1
    stats["first_seat"][1] += share if seats[0] in winners else 0
    strongest = max(dealt.values())
    best = [s for s in seats if dealt[s] == strongest]
    stats["strongest_hand"][0] += 1
    stats["strongest_hand"][1] += share * len(set(best) & set(winners)) / len(best)
    for seat in seats:
        stats["kind"][bots[seat]][0] += 1
        stats["kind"][bots[seat]][1] += share if seat in winners else 0


def _attackers(entries: list[Entry], upto: int, ho: str) -> set[str]:
    return {
        e.event["seat"]
        for e in entries[:upto]
        if e.type == "backhanding.PimpPlaced" and e.event["phase"] == "backhanding" and e.event["ho"] == ho
    }


def measure(games: int, bots: str = "mixed", seat_counts: tuple[int, ...] = (2, 3, 4, 5, 6)) -> dict[str, Any]:
    stats = new_stats()
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        for n in range(games):
            seats = list(SEATS[: seat_counts[n % len(seat_counts)]])
            table = app.open("backhanding", seats, seed=f"balance-{n}", key=fixed_key(f"balance-{n}"), options={"bots": bots_of(bots, n)})
            app.bots.play(table, seats)
            kinds = app.view(table, None)["view"]["bots"]
            tally(app.entries(table), stats, kinds)
    return stats


def rate(pair: list[float]) -> str:
    return f"{pair[1] / pair[0]:.0%} of {pair[0]:.0f}" if pair[0] else "never"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=200)
    parser.add_argument("--bots", choices=sorted(MIXES), default="mixed")
    args = parser.parse_args()
    stats = measure(args.games, args.bots)
    fair = stats["fair"] / stats["games"]
    print(f"{stats['games']} games, bots {args.bots}; a seat's fair share of wins {fair:.0%}")
    print(f"first player of round 1 wins {rate(stats['first_player'])}")
    print(f"first seat listed wins {rate(stats['first_seat'])}")
    print(f"player dealt the strongest pimps wins {rate(stats['strongest_hand'])}")
    for kind, pair in sorted(stats["kind"].items()):
        print(f"{kind} bot wins {rate(pair)} seats")
    print("\npimps (contests won):")
    for pimp, pair in sorted(stats["pimp"].items(), key=lambda kv: -kv[1][1] / max(1, kv[1][0])):
        print(f"  {pimp:22} {rate(pair)}")
    print("\nhos (recruited / attacked / eliminated):")
    for ho, (rec, att, eli) in sorted(stats["ho"].items(), key=lambda kv: -kv[1][0]):
        print(f"  {ho:12} {rec:5} {att:5} {eli:5}")
    print("\nDraw cards (contests the side playing it won):")
    for card, pair in sorted(stats["card"].items()):
        print(f"  {card:18} {rate(pair)}")
    print("\neffects that came into play:", dict(sorted(stats["effects"].items())))
    print("events:", {k: v for k, v in sorted(stats["events"].items()) if not k[0].islower()})


if __name__ == "__main__":
    main()
