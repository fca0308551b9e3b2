"""One documented way to declare (docs/writing-plugins.md, section 2): ``Game(events=,
initial_state=, evolve=)`` and ``Extension(events=, evolve=)``.  The same by hand, through the
hooks ``referee_event_types`` and ``referee_evolve``, still works for plugins written against
0.2 and warns, naming the plugin and the declaration to use; ``referee_initial_state`` does not."""

from __future__ import annotations

import warnings

import msgspec
import pytest

from referee import Event, Extension, Game, Referee, Registry, hookimpl


class Noted(Event, tag="notes.Noted"):
    seat: str


class Notes(msgspec.Struct):
    count: int = 0


class ByHand:
    """A 0.2 game: its events and its mutator through the hooks, not declared."""

    @hookimpl
    def referee_games(self):
        return [Game(name="notes", title="Notes", initial_state=lambda opened: Notes())]

    @hookimpl
    def referee_event_types(self):
        return [Noted]

    @hookimpl
    def referee_evolve(self, state, event):
        if isinstance(event, Noted):
            state.game.count += 1

    @hookimpl
    def referee_setup(self, decision):
        decision.emit(Noted(seat=decision.seats[0]), rule="1")
        return True


class Declared:
    """The same game declared."""

    @hookimpl
    def referee_games(self):
        return [Game(name="notes", title="Notes", events=[Noted], initial_state=lambda opened: Notes(), evolve=self.evolve)]

    @staticmethod
    def evolve(state, event):
        if isinstance(event, Noted):
            state.game.count += 1

    @hookimpl
    def referee_setup(self, decision):
        decision.emit(Noted(seat=decision.seats[0]), rule="1")
        return True


def _registered(*plugins: object) -> tuple[Registry, list[warnings.WarningMessage]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        registry = Registry(list(plugins), entry_points=False)
    return registry, [w for w in caught if issubclass(w.category, DeprecationWarning)]


def test_a_game_declaring_by_hand_still_plays_and_is_told_the_declarations_to_use():
    registry, caught = _registered(ByHand())
    assert sorted(str(w.message) for w in caught) == [
        "the referee_event_types hook (implemented by plugin ByHand, for 'notes') is deprecated: use Game(events=...)",
        "the referee_evolve hook (implemented by plugin ByHand, for 'notes') is deprecated: use Game(evolve=...)",
    ]
    # Each warning points at the hook implementation to change.
    assert {w.filename for w in caught} == {__file__}
    app = Referee(":memory:", registry=registry)
    assert app.state(app.open("notes", ["ann", "bob"])).game.count == 1


def test_an_extension_declaring_by_hand_is_told_to_use_extension_evolve():
    class Doubler:
        @hookimpl
        def referee_extensions(self):
            return [Extension(name="doubler", game="notes", title="Doubler")]

        @hookimpl
        def referee_evolve(self, state, event):
            if isinstance(event, Noted):
                state.game.count += 1

    registry, caught = _registered(Declared(), Doubler())
    [warning] = caught
    assert str(warning.message).startswith("the referee_evolve hook (implemented by plugin ")
    assert str(warning.message).endswith("Doubler, for 'doubler') is deprecated: use Extension(evolve=...)")
    app = Referee(":memory:", registry=registry)
    assert app.state(app.open("notes", ["ann", "bob"], extensions=["doubler"])).game.count == 2


def test_declarations_and_an_initial_state_hook_do_not_warn():
    class Fresh:
        @hookimpl
        def referee_extensions(self):
            return [Extension(name="fresh", game="notes", title="Fresh")]

        @hookimpl
        def referee_initial_state(self, opened):
            return Notes(count=10)

    registry, caught = _registered(Declared(), Fresh())
    assert caught == []
    app = Referee(":memory:", registry=registry)
    assert app.state(app.open("notes", ["ann", "bob"], extensions=["fresh"])).game.count == 11


def test_no_installed_plugin_declares_by_hand():
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        registry = Registry()
        for game in registry.games:
            registry.rules(game, [e.split(".", 1)[1] for e in registry.extensions if e.startswith(f"{game}.")])
    assert registry.games and not registry.broken


@pytest.mark.parametrize("plugin", [ByHand(), Declared()], ids=["by hand", "declared"])
def test_both_ways_give_the_same_log(plugin):
    app = Referee(":memory:", registry=_registered(plugin)[0])
    entries = app.entries(app.open("notes", ["ann", "bob"], seed="same", key="ab" * 32, table_id="notes-1"))
    assert [(e.type, e.plugin, e.rule, e.event) for e in entries[1:]] == [("notes.Noted", "notes", "notes 1", {"seat": "ann"})]
