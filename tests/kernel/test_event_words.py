"""An event's words beside its fields (``Event.describe``), and ``referee_describe`` rewording
them, through ``Referee.audit.explain`` and ``referee.audit.describe``."""

from __future__ import annotations

from referee import Event, Extension, Game, Referee, Registry, RoundBegan, hookimpl
from referee.audit import describe


class Rang(Event, tag="bell.Rang"):
    seat: str
    times: int

    def describe(self) -> str:
        return f"{self.seat} rang the bell {self.times} time{'s' if self.times != 1 else ''}"


class Hummed(Event, tag="bell.Hummed"):
    """No words of its own: shown as its fields."""

    seat: str


class Cracked(Event, tag="bell.Cracked"):
    seat: str

    def describe(self) -> str:
        raise KeyError(self.seat)


class Bell:
    @hookimpl
    def referee_games(self):
        return [Game(name="bell", title="Bell", events=[Rang, Hummed, Cracked], initial_state=lambda opened: {})]

    @hookimpl
    def referee_setup(self, decision):
        decision.begin_round()
        decision.emit(Rang(seat=decision.seats[0], times=1), rule="1")
        decision.emit(Rang(seat=decision.seats[1], times=3), rule="1")
        decision.emit(Hummed(seat=decision.seats[0]), rule="2")
        decision.emit(Cracked(seat=decision.seats[1]), rule="3")
        decision.request(decision.seats[0], "ring", "Ring")
        return True


class Loud:
    """A house rule rewording the game's event (and only that one)."""

    @hookimpl
    def referee_extensions(self):
        return [Extension(name="loud", game="bell", title="Loud", plugin=LoudWords())]


class LoudWords:
    @hookimpl
    def referee_describe(self, event):
        if isinstance(event, Rang) and event.times > 1:
            return f"{event.seat} RANG {event.times} TIMES"
        return None


def _lines(*plugins, extensions=None) -> list[str]:
    app = Referee(":memory:", registry=Registry([Bell(), *plugins], entry_points=False))
    table = app.open("bell", ["ann", "bob"], extensions=extensions)
    entries = app.entries(table)
    return [app.audit.explain(entries, e.seq).description for e in entries]


def test_an_event_says_what_happened_itself_and_the_kernels_events_too():
    lines = _lines()
    assert "ann rang the bell 1 time" in lines
    assert "bob rang the bell 3 times" in lines
    assert "round 1 begins" in lines
    assert "ann is asked: Ring" in lines


def test_an_event_without_words_is_shown_as_its_fields():
    assert "Hummed(seat='ann')" in _lines()


def test_an_event_whose_words_fail_is_shown_as_its_fields_and_the_failure_logged(capsys):
    Referee.admin.configure_logging("warning")
    assert "Cracked(seat='bob')" in _lines()
    logged = capsys.readouterr().err
    assert "an event failed to describe itself" in logged and "bell.Cracked" in logged


def test_a_house_rule_rewords_an_event_through_the_hook_first_answer_winning():
    lines = _lines(Loud(), extensions=["loud"])
    assert "bob RANG 3 TIMES" in lines
    # None from the hook: the event's own words stand.
    assert "ann rang the bell 1 time" in lines


def test_the_hook_may_reword_a_kernel_event():
    class Turns:
        @hookimpl
        def referee_describe(self, event):
            return f"turn {event.round} begins" if isinstance(event, RoundBegan) else None

    registry = Registry([Bell(), Turns()], entry_points=False)
    rules = registry.rules("bell")
    assert describe(rules, RoundBegan(round=2)) == "round 2 begins"  # Turns is no plugin of the table
    rules.pm.register(Turns())
    assert describe(rules, RoundBegan(round=2)) == "turn 2 begins"


# --- Words for one reader (issue 20, "The log as a story") ---------------------------


class Dealt(Event, tag="bell.Dealt"):
    seat: str
    cards: int

    def describe(self, words):
        return words.says(self.seat, "was dealt", f"{self.cards} cards")


def test_an_event_speaks_to_its_reader_as_you_and_of_others_by_name():
    rules = Registry([Bell()], entry_points=False).rules("bell")
    assert describe(rules, Dealt(seat="ann", cards=3), reader="ann") == "You were dealt 3 cards"
    assert describe(rules, Dealt(seat="ann", cards=3), reader="bob") == "ann was dealt 3 cards"
    assert describe(rules, Dealt(seat="ann", cards=3)) == "ann was dealt 3 cards"


def test_the_describe_hook_is_given_the_readers_words():
    class Polite:
        @hookimpl
        def referee_describe(self, event, words):
            return words.says(event.seat, "rings", "politely") if isinstance(event, Rang) else None

    rules = Registry([Bell(), Polite()], entry_points=False).rules("bell")
    rules.pm.register(Polite())
    assert describe(rules, Rang(seat="bob", times=1), reader="bob") == "You ring politely"


def test_a_hidden_entry_is_told_from_its_header_in_the_games_words_or_the_kernels():
    from referee.audit import describe_hidden
    from referee.log import Entry

    header = Entry(seq=7, type="bell.Dealt", plugin="bell", seat="ann", rule="1")
    rules = Registry([Bell()], entry_points=False).rules("bell")
    assert describe_hidden(rules, header, reader="bob") == "Something hidden from you happens"
    answer = Entry(seq=8, type="referee.ActionTaken", plugin="referee", seat="ann", rule="1")
    assert describe_hidden(rules, answer, reader="bob") == "ann answers in secret"
    assert describe_hidden(rules, answer, reader="ann") == "You answer in secret"

    class Discreet:
        @hookimpl
        def referee_describe_hidden(self, entry, words):
            return words.says(entry.seat, "was dealt", "cards") if entry.type == "bell.Dealt" else None

    rules.pm.register(Discreet())
    assert describe_hidden(rules, header, reader="bob") == "ann was dealt cards"


def test_a_game_presents_a_seats_view_through_the_facade():
    from referee import Card, Presentation, Zone

    class Shown:
        @hookimpl
        def referee_view(self, state, seat):
            return {"bells": 2}

        @hookimpl
        def referee_present(self, view, seat):
            return Presentation(
                title="Bell",
                status=f"Round {view['round']}",
                zones=(Zone(title="The tower", cards=(Card(name="Bell"),) * view["view"]["bells"]),),
            )

    class Offer:
        @hookimpl
        def referee_extensions(self):
            return [Extension(name="shown", game="bell", title="Shown", plugin=Shown())]

    app = Referee(":memory:", registry=Registry([Bell(), Offer()], entry_points=False))
    table = app.open("bell", ["ann", "bob"], extensions=["shown"])
    shown = app.present(table, "ann")
    assert shown is not None and shown.status == "Round 1" and len(shown.zones[0].cards) == 2
    plain = Referee(":memory:", registry=Registry([Bell()], entry_points=False))
    assert plain.present(plain.open("bell", ["ann", "bob"]), "ann") is None  # nothing declared: the adapter lays it out
