"""A seat's view of Pimp: The Backhanding laid out as the table it sits at.

From the top: the reader's hand (every Draw card with its rules text), the reader's clan
and hos, each opponent's clan and hos with their hand as counted backs, then the street
(the hos up for grabs) and the decks and piles.  A fight is shown where it is: the pimps
beside a ho on the street (macking), or the attacker in front of a held ho (backhanding,
also drawn as an arrow from attacker to defender).  Cards a prompt numbers (a pimp to
place, a ho, a card to play and its targets) carry that number.  Built from the view
alone, so it shows nothing the view does not.
"""

from __future__ import annotations

from typing import Any

from referee import Arrow, Backs, Card, Place, Presentation, Stat, Words, Zone, hookimpl
from referee.presentation import once_each
from referee.words import count, listing, money

from .cards import KINDS, PIMP_LIMIT, ho_text
from .rounds import PASS, ROUNDS

TITLE = "Pimp: The Backhanding"

PHASES = {
    "setup": "Setup",
    "macking": "Macking",
    "macking plays": "Macking plays",
    "backhanding": "Backhanding",
    "backhanding plays": "Backhanding plays",
    "money counting": "Money counting",
}


def _numbers(requests: list[dict[str, Any]]) -> dict[str, int]:
    """Card id -> the number the reader's open prompt gives it (its position in a field's list)."""
    numbers: dict[str, int] = {}
    for request in requests:
        for shape in (request.get("answer") or {}).values():
            for key in ("options", "items", "targets"):
                for n, option in enumerate(shape.get(key) or (), start=1):
                    if option["value"] != PASS:
                        numbers.setdefault(option["value"], n)
    return numbers


def _cards_by_id(game: dict[str, Any]) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    """Every card the view shows, by id, and the seat each pimp or held ho belongs to."""
    found: dict[str, dict[str, Any]] = {c["id"]: c for c in game["street"]}
    owners: dict[str, str] = {}
    for p in game["players"]:
        for c in p["clan"] + p.get("hand", []):
            found[c["id"]] = c
        for h in p["hos"]:
            found[h["id"]] = h
            if h["protector"]:
                found[h["protector"]["id"]] = h["protector"]
        for c in p["clan"] + p["hos"] + [h["protector"] for h in p["hos"] if h["protector"]]:
            owners[c["id"]] = p["name"]
    return found, owners


def _stats(card: dict[str, Any]) -> tuple[Stat, ...]:
    kind = card["kind"]
    if kind == "pimp":
        return (Stat("Macking", str(card["macking"])), Stat("Backhanding", str(card["backhanding"])))
    if kind == "ho":
        stats = [Stat("Money", money(card["money"]))]
        if card.get("backhanding"):
            stats.append(Stat("Backhanding", str(card["backhanding"]), "helps the pimp protecting her"))
        return tuple(stats)
    # A modifier's figure, unless its rules text already opens with it ("+3 backhanding for
    # your side..."): a card says it once.
    text = str(card.get("text", ""))
    if kind == "value" and not text.startswith(f"+{card['bonus']} "):
        return (Stat("Value", f"+/-{card['bonus']}"),)
    if kind != "value" and card.get("bonus") and not text.startswith(f"+{card['bonus']} "):
        return (Stat(kind.capitalize(), f"+{card['bonus']}"),)
    return ()


def _face(card: dict[str, Any], notes: list[str], numbers: dict[str, int], stats: tuple[Stat, ...] = ()) -> Card:
    kind = KINDS.get(card["kind"], card["kind"])
    if card.get("ability"):
        kind += f", {card['ability']}"
    text = card.get("text", "")
    if card["kind"] == "ho" and text == ho_text(card.get("backhanding", 0)):
        # Said by her Backhanding's hint; a ho's own words (Big Bertha's) stay.
        text = ""
    return Card(
        name=card["name"],
        kind=kind,
        stats=_stats(card) + stats,
        text=text,
        notes=tuple(notes),
        number=numbers.get(card["id"]),
        tone=card["kind"],
    )


def _protector(ho: dict[str, Any]) -> Stat:
    """A held ho's protector as one short stat beside her numbers, not a note under them."""
    guard = ho["protector"]
    if guard is None:
        # The "defender" reading of ruling R3: a pimp is assigned when she is attacked.
        return Stat("Protector", "when attacked", "her holder assigns a pimp not used in macking when she is attacked")
    return Stat(
        "Protector", f"{guard['name']} ({guard['backhanding']})", f"{guard['name']} protects her with backhanding {guard['backhanding']}"
    )


class _Table:
    """The view and the reader's words, with the lookups every zone needs."""

    def __init__(self, view: dict[str, Any], seat: str | None) -> None:
        self.view = view
        self.game: dict[str, Any] = view["view"]
        self.seat = seat
        self.words = Words(seat)
        self.cards, self.owners = _cards_by_id(self.game)
        self.counting = view.get("phase") == "money counting"
        self.numbers = _numbers(view.get("requests") or [])
        self.playing = any(r.get("action") == "play" for r in view.get("requests") or [])

    def name(self, card: str) -> str:
        found = self.cards.get(card)
        return found["name"] if found else "a card"

    def target(self, target: str) -> str:
        """A sealed play's target: a fight (macking, backhanding), someone's ho (the count) or pimp, a seat."""
        if target not in self.cards:
            return self.words.name(target)
        card = self.cards[target]
        if card["kind"] == "ho" and not self.counting:
            return f"the fight for {card['name']}"
        owner = self.owners.get(target)
        return f"{self.words.possessive(owner)} {card['name']}" if owner else card["name"]

    def targets(self, targets: list[str]) -> str:
        """Where a card may go: "the fight for Bambi, Ginger or Chastity", "Bob's Iceberg Slick or your Candy"."""
        fights = [self.cards[t]["name"] for t in targets if self.cards.get(t, {}).get("kind") == "ho" and not self.counting]
        if len(fights) == len(targets):
            return f"the fight for {listing(fights, 'or')}"
        return listing([self.target(t) for t in targets], "or")

    def pimp_notes(self, pimp: dict[str, Any]) -> list[str]:
        at = [c["ho"] for c in self.game["contests"] if pimp["id"] in c["pimps"].values()]
        if at:
            doing = "beside" if self.game["contests"][0]["phase"] == "macking" else "in front of"
            return [f"placed {doing} {self.name(at[0])}"]
        return ["used in macking"] if pimp.get("spent") else []

    def ho_notes(self, ho: dict[str, Any]) -> list[str]:
        w = self.words
        notes = []
        for contest in self.game["contests"]:
            if contest["ho"] == ho["id"]:
                for seat, pimp in contest["pimps"].items():
                    card = self.cards.get(pimp, {})
                    notes.append(f"attacked by {w.possessive(seat)} {self.name(pimp)} (backhanding {card.get('backhanding', 0)})")
        return notes

    def area(self, player: dict[str, Any]) -> Zone:
        w, seat = self.words, player["name"]
        mine = seat == self.seat
        counters = [
            Stat(
                "Hos",
                money(player["money"]),
                f"{count(len(player['hos']), 'ho')} held, worth {money(player['money'])} before the final count",
            ),
            Stat("Pimps", f"{len(player['clan'])} of {PIMP_LIMIT}"),
        ]
        if mine:
            counters.append(Stat("Hand", count(player["hand_size"], "card")))
        notes = []
        if self.game["first"] == seat:
            notes.append(w.says(seat, "is", "the first player this round"))
        if player["passed"] and self.game["step"] == "placing":
            notes.append(w.says(seat, "has", "passed"))
        if player["chose"] and not mine:
            notes.append(w.says(seat, "has", "chosen what to play, sealed"))
        cards = [_face(p, self.pimp_notes(p), self.numbers) for p in player["clan"]]
        cards += [_face(h, self.ho_notes(h), self.numbers, (_protector(h),)) for h in player["hos"]]
        backs = () if mine else (Backs("cards in hand", player["hand_size"]),)
        waiting = self.view.get("waiting_for") or []
        return Zone(
            title="You" if mine else seat,
            role="mine" if mine else "opponent",
            owner=seat,
            active=self.view.get("active") == seat or (not self.view.get("active") and seat in waiting),
            counters=tuple(counters),
            cards=tuple(cards),
            backs=backs,
            notes=tuple(notes),
        )

    def hand(self, player: dict[str, Any]) -> Zone:
        may = player.get("may_play") or {}
        chosen = player.get("chosen") or {}
        hand = player.get("hand", [])
        # Where several cards may go alike (every value modifier on every ho at the count),
        # the hand says it once.
        alike: dict[str, list[str]] = {}
        for card in hand:
            if self.playing and card["id"] not in chosen and may.get(card["id"]):
                alike.setdefault(self.targets(may[card["id"]]), []).append(card["name"])
        shared = {where: names for where, names in alike.items() if len(names) > 1}
        cards = []
        unplayable = 0
        for card in hand:
            if card["id"] in chosen:
                notes = [f"to be played on {self.target(chosen[card['id']])}, sealed"]
            elif self.playing and may.get(card["id"]):
                where = self.targets(may[card["id"]])
                notes = [] if where in shared else [f"may go on {where}"]
            else:
                notes = []
                unplayable += self.playing
            cards.append(_face(card, notes, self.numbers))
        said = ["No cards in your hand."] if not cards else []
        said += [f"{listing(list(dict.fromkeys(names)))} may go on {where}" for where, names in shared.items()]
        if unplayable:
            # Once for the hand, not on each card: the playable ones say where they may go.
            said.append(
                "A card that names no target cannot be played now."
                if unplayable < len(cards)
                else "No card in your hand can be played now."
            )
        return Zone(title="Your hand", role="hand", owner=player["name"], cards=once_each(cards), notes=tuple(said))

    def street(self) -> Zone:
        """The hos up for grabs, with the decks and piles beside them (as counters, backs and
        a note): one zone keeps the common table on as few lines as it needs."""
        w = self.words
        cards = []
        for ho in self.game["street"]:
            beside = [
                f"{w.possessive(seat)} {self.name(pimp)} (macking {self.cards.get(pimp, {}).get('macking', 0)})"
                for contest in self.game["contests"]
                if contest["ho"] == ho["id"]
                for seat, pimp in contest["pimps"].items()
            ]
            cards.append(_face(ho, [f"beside her: {listing(beside)}"] if beside else [], self.numbers))
        empty = () if cards else ("No ho is left on the street.",)
        counters, backs, piles = self.piles()
        return Zone(title="The street", role="board", counters=counters, cards=tuple(cards), backs=backs, notes=empty + piles)

    def piles(self) -> tuple[tuple[Stat, ...], tuple[Backs, ...], tuple[str, ...]]:
        """The decks as backs, the discard pile and eliminated hos counted, and who waits on
        the temporary discard pile."""
        game, w = self.game, self.words
        decks = game["decks"]
        backs = (
            Backs("cards in the Pimp deck", decks["pimps"]),
            Backs("cards in the Ho deck", decks["hos"]),
            Backs("cards in the Draw deck", decks["draws"]),
        )
        piles = game.get("piles") or {}
        counters = (
            Stat("Discard pile", count(len(game["discard"]), "card")),
            Stat("Hos eliminated", str(len(game["eliminated"]))),
        )
        temporary = piles.get("temporary", [])
        # The pimps there matter (a Bail Out brings them back); the modifiers lost with them are counted.
        waiting = [f"{w.possessive(c['owner'])} {c['name']}" for c in temporary if c["kind"] == "pimp" and c.get("owner")]
        lost = len(temporary) - len(waiting)
        if lost:
            waiting.append(count(lost, "other card"))
        notes = (f"Temporary discard pile: {listing(waiting)}",) if waiting else ()
        return counters, backs, notes

    def status(self) -> str:
        view, w = self.view, self.words
        result = view.get("result")
        if result:
            winners = result.get("winners") or []
            best = max((s["score"] for s in result.get("standings") or []), default=0)
            return f"Game over: {w.subjects(winners, 'win', f'with {money(best)}')}" if winners else "Game over"
        phase = view.get("phase") or ""
        said = PHASES.get(phase, phase.capitalize())
        head = said if phase == "setup" else f"Round {view.get('round') or 1} of {ROUNDS}, {said}"
        active = view.get("active")
        if active and self.game["step"] == "placing":
            return f"{head}: {w.possessive(active)} turn to place a pimp or pass"
        waiting = view.get("waiting_for") or []
        if waiting:
            sealed = ", sealed" if self.game["step"] == "playing" else ""
            return f"{head}{sealed}: waiting for {w.names(waiting)}"
        return head

    def standings(self) -> tuple[Place, ...]:
        result = self.view.get("result") or {}
        counted = self.game.get("count") or {}
        places = []
        for row in result.get("standings") or []:
            breakdown = []
            for line in counted.get(row["seat"], []):
                how = [money(line["money"])]
                if line["modifiers"]:
                    how.append(f"{line['modifiers']:+d} from cards")
                if line["abilities"]:
                    how.append(f"{line['abilities']:+d} from her protector")
                breakdown.append(Stat(line["ho"]["name"], money(line["value"]), " ".join(how) if len(how) > 1 else ""))
            places.append(Place(place=row["place"], seat=row["seat"], total=money(row["score"]), breakdown=tuple(breakdown)))
        return tuple(places)

    def arrows(self) -> tuple[Arrow, ...]:
        out = []
        for contest in self.game["contests"]:
            if contest["phase"] == "backhanding" and contest["owner"]:
                for seat, pimp in contest["pimps"].items():
                    # Read as a sentence, the target last: "Bob sends Moneybags Mel after Sapphire, held by Ada".
                    label = f"sends {self.name(pimp)} after {self.name(contest['ho'])}, held by"
                    out.append(Arrow(seat, contest["owner"], label))
        return tuple(out)


@hookimpl
def referee_present(view: dict[str, Any], seat: str | None) -> Presentation | None:
    game = view.get("view") or {}
    if view.get("game") != "backhanding" or "players" not in game:
        return None
    table = _Table(view, seat)
    players = {p["name"]: p for p in game["players"]}
    zones: list[Zone] = []
    me = players.get(seat or "")
    if me is not None:
        zones += [table.hand(me), table.area(me)]
    order = list(game.get("order") or players)
    if me is not None and seat in order:
        at = order.index(seat)
        order = order[at + 1 :] + order[:at]
    zones += [table.area(players[s]) for s in order if s in players and s != seat]
    zones.append(table.street())
    return Presentation(title=TITLE, status=table.status(), zones=tuple(zones), arrows=table.arrows(), standings=table.standings())
