"""The log as a story (issue 20, "The log as a story"): each entry in its reader's words,
hidden entries told from their headers, private results shown to their owner, the kernel's
bookkeeping marked to be folded away, each line keeping its rule."""

from __future__ import annotations

import re

from referee import Event, Game, Referee, Registry, hookimpl
from referee.story import story


class Peeked(Event, tag="peek.Peeked"):
    seat: str
    card: str

    def describe(self, words):
        return words.says(self.seat, "peeks at", f"the {self.card}")


class Waved(Event, tag="peek.Waved"):
    seat: str

    def describe(self, words):
        return words.says(self.seat, "waves")


class Peek:
    @hookimpl
    def referee_games(self):
        return [Game(name="peek", title="Peek", events=[Peeked, Waved], initial_state=lambda opened: {})]

    @hookimpl
    def referee_setup(self, decision):
        decision.begin_round()
        decision.emit(Peeked(seat="ann", card="Queen of Spades"), rule="2.1", visible_to=("ann",))
        decision.emit(Waved(seat="bob"), rule="2.2")
        decision.request("ann", "wave", "Wave")
        return True

    @hookimpl
    def referee_describe_hidden(self, entry, words):
        # The header names no seat for what setup deals, so neither does the sentence.
        return f"{words.subject(entry.seat) if entry.seat else 'Someone'} peeks at a card" if entry.type == "peek.Peeked" else None


def _table():
    app = Referee(":memory:", registry=Registry([Peek()], entry_points=False))
    return app, app.open("peek", ["ann", "bob"])


def test_the_owner_reads_a_private_result_and_the_others_only_what_its_header_tells():
    app, table = _table()
    ann = {line.text: line for line in app.audit.story(table, "ann")}
    bob = {line.text: line for line in app.audit.story(table, "bob")}
    assert ann["You peek at the Queen of Spades"].kind == "private"
    assert ann["You peek at the Queen of Spades"].rule == "peek 2.1"
    assert bob["Someone peeks at a card"].kind == "hidden" and bob["Someone peeks at a card"].rule == "peek 2.1"
    assert not any("Queen" in text for text in bob)
    assert bob["You wave"].kind == "play" and ann["bob waves"].kind == "play"


def test_the_kernels_bookkeeping_is_marked_to_be_folded_and_its_play_worded():
    app, table = _table()
    lines = app.audit.story(table, "bob")
    kinds = {line.text: line.kind for line in lines}
    assert kinds["The table opens: Peek for ann and you"] == "play"
    assert kinds["Round 1 begins"] == "play"
    # ann's request is hers alone: bob holds its header, folded away as bookkeeping.
    assert lines[-1].kind == "bookkeeping" and lines[-1].text == "Someone is asked something in private"
    assert app.audit.story(table, "ann")[-1].text == "You are asked: Wave"
    assert [line.seq for line in lines] == sorted(line.seq for line in lines)


def test_a_story_after_a_point_holds_only_the_later_entries():
    app, table = _table()
    whole = app.audit.story(table, None)
    assert app.audit.story(table, None, after=whole[-2].seq) == whole[-1:]


class Roll:
    """A game whose one request is answered from a shape, with a die and a shuffle drawn."""

    @hookimpl
    def referee_games(self):
        return [Game(name="roll", title="Roll!", events=[Waved], initial_state=lambda opened: {})]

    @hookimpl
    def referee_setup(self, decision):
        from referee import Option, Pick

        decision.begin_round()
        decision.roll(6, purpose="who waves first")
        decision.shuffle(["a", "b", "c"], purpose="the deck", visible_to=None)
        decision.request("ann", "wave", "Wave at whom?", answer={"whom": Pick((Option("bob-1", "Bob the Builder"), Option("x", "nobody")))})
        return True

    @hookimpl
    def referee_decide(self, decision, action):
        decision.emit(Waved(seat=action.seat), rule="3")
        return True


def test_bookkeeping_is_worded_too_draws_and_answers_in_a_players_words():
    """Folded lines are read when asked for: a die roll says its sides, an answer names
    the option the request offered (never its value), the opening uses the game's title."""
    app = Referee(":memory:", registry=Registry([Roll()], entry_points=False))
    table = app.open("roll", ["ann", "bob"], seed="words")
    app.act(table, "ann", "wave", {"whom": "bob-1"})
    lines = app.audit.story(table, "ann")
    texts = [line.text for line in lines]
    assert "The table opens: Roll! for you and bob" in texts
    rolled = next(t for t in texts if t.startswith("Rolled"))
    assert re.fullmatch(r"Rolled a six-sided die \(who waves first\): [1-6]", rolled), rolled
    assert "Shuffled 3 items at random (the deck)" in texts
    assert "You answer: Bob the Builder" in texts
    assert not any("bob-1" in t or "{" in t or "sides" in t for t in texts), texts
    # Told a few entries at a time, an answer still finds its request when given it.
    answered = next(line for line in lines if line.text == "You answer: Bob the Builder")
    alone = story(app.rules(table), [e for e in app.visible_entries(table, "ann") if e.seq == answered.seq], "ann")
    assert alone[0].text == "You act: Wave"
