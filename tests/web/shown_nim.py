"""Nim with a presentation, for the page's drawing of one: an extension of the installed Nim
that declares ``referee_present`` with every part a game may use (a hand of cards with
numbers, rules text, notes and tones; the seat's area; each other seat with a hidden call as
a card back; the board's counters; arrows; standings with a breakdown at the end).

It lives with the tests so the page is tested on a presentation that cannot change under
it while the games' own presentations grow."""

from __future__ import annotations

from typing import Any

from referee import Arrow, Backs, Card, Extension, Place, Presentation, Registry, Stat, Zone, hookimpl
from referee.words import count

TAKE_TEXT = "Take 1 to {most} stones from this heap on your turn. Whoever takes the last stone wins."
CALL_TEXT = "If the start die shows {call}, you may start; if everybody or nobody called it, lots decide."


class ShownNim:
    @hookimpl
    def referee_present(self, view: dict[str, Any], seat: str | None) -> Presentation:
        game = view["view"]
        most = game["max_take"]
        numbered = {}
        for request in view.get("requests") or []:
            heaps = (request.get("answer") or {}).get("heap")
            for number, option in enumerate((heaps or {}).get("options", ()), start=1):
                numbered[option["value"]] = number
        heaps = tuple(
            Card(
                name=f"Heap {name}",
                kind="heap",
                stats=(Stat("Stones", str(n)),),
                text=TAKE_TEXT.format(most=most),
                notes=() if n else ("empty",),
                number=numbered.get(name),
                tone="heap",
            )
            for name, n in game["heaps"].items()
        )
        board = Zone(
            title="The heaps",
            counters=(Stat("Stones left", str(sum(game["heaps"].values())), hint="in all the heaps together"),),
            cards=heaps,
        )
        zones = [board]
        others = [s for s in view["seats"] if s != seat]
        if seat in view["seats"]:
            call = game["calls"].get(seat)
            hand = (
                (
                    Card(
                        name=call.capitalize(),
                        kind="call",
                        text=CALL_TEXT.format(call=call),
                        notes=("face down until all have called",),
                        tone=call,
                    ),
                )
                if call
                else ()
            )
            zones.insert(0, Zone(title="Your hand", role="hand", owner=seat, cards=hand, notes=() if call else ("no call made yet",)))
            zones.insert(1, Zone(title="You", role="mine", owner=seat, counters=(Stat("Stones taken", str(game["taken"].get(seat, 0))),)))
        for other in others:
            call = game["calls"].get(other)
            shown = (Card(name=call.capitalize(), kind="call", text=CALL_TEXT.format(call=call), tone=call),) if call else ()
            hidden = (Backs("call, face down", 1),) if other in game["called"] and not call else ()
            zones.append(
                Zone(
                    title=other,
                    role="opponent",
                    owner=other,
                    active=view["active"] == other,
                    counters=(Stat("Stones taken", str(game["taken"].get(other, 0))),),
                    cards=shown,
                    backs=hidden,
                )
            )
        order = list(view["seats"])
        arrows = (
            tuple(Arrow(source=s, target=order[(i + 1) % len(order)], label="passes to") for i, s in enumerate(order))
            if game["starter"]
            else ()
        )
        standings: tuple[Place, ...] = ()
        if view["result"]:
            standings = tuple(
                Place(
                    place=s["place"],
                    seat=s["seat"],
                    total=count(game["taken"].get(s["seat"], 0), "stone"),
                    breakdown=(
                        Stat("Stones taken", str(game["taken"].get(s["seat"], 0))),
                        Stat("Last stone", "yes" if s["place"] == 1 else "no"),
                    ),
                )
                for s in view["result"]["standings"]
            )
        active = view["active"]
        status = (
            "Game over"
            if view["result"]
            else f"Round {view['round']}: " + (f"{active}'s turn to take stones" if active else "everybody calls odd or even")
        )
        return Presentation(title="Nim, shown", status=status, zones=tuple(zones), arrows=arrows, standings=standings)


class _Offer:
    @hookimpl
    def referee_extensions(self) -> list[Extension]:
        return [Extension(name="shown", game="nim", title="Nim, shown", plugin=ShownNim(), kind="presentation")]


def registry() -> Registry:
    """The installed games, the ``shown`` extension of Nim, and Tally (a game that declares
    no presentation, ``plain_game``)."""
    from plain_game import TallyGame

    return Registry([_Offer(), TallyGame()])
