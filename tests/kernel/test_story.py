"""The log as a story (issue 20, "The log as a story"): each entry in its reader's words,
hidden entries told from their headers, private results shown to their owner, the kernel's
bookkeeping marked to be folded away, each line keeping its rule."""

from __future__ import annotations

from referee import Event, Game, Referee, Registry, hookimpl


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
    assert kinds["The table opens: Peek for ann and bob"] == "play"
    assert kinds["Round 1 begins"] == "play"
    # ann's request is hers alone: bob holds its header, folded away as bookkeeping.
    assert lines[-1].kind == "bookkeeping" and lines[-1].text == "Someone is asked something in private"
    assert app.audit.story(table, "ann")[-1].text == "You are asked: Wave"
    assert [line.seq for line in lines] == sorted(line.seq for line in lines)


def test_a_story_after_a_point_holds_only_the_later_entries():
    app, table = _table()
    whole = app.audit.story(table, None)
    assert app.audit.story(table, None, after=whole[-2].seq) == whole[-1:]
