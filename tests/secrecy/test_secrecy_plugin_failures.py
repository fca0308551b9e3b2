"""A plugin's own failure is refused cleanly without its words (issue 7, "refusal messages").

A plugin decides and shows the table looking at the whole state, other seats' secrets
included, so the text of its exception may quote them.  The seat that acted (or asked to
see the table) is told which kind of failure it was; the traceback, words and all, goes to
the operator's diagnostic log.
"""

from __future__ import annotations

import highroll
import pytest
from throwaway import extension

from referee import RefereeError, hookimpl


class NosyTally:
    """A house rule with a bug: adding up bids, it fails quoting every sealed bid it saw."""

    @hookimpl
    def referee_evolve(self, state, event):
        if isinstance(event, highroll.BidMade) and any(seat != event.seat for seat in state.game.bids):
            raise ValueError(f"cannot add up {state.game.bids}")


class NosyView:
    """A house rule with a bug in what it shows: it fails quoting the sealed bids."""

    @hookimpl
    def referee_view(self, state, seat):
        if state.game.bids:
            raise KeyError(f"no view of {state.game.bids}")


@pytest.mark.parametrize(("plugin", "doing"), [(NosyTally(), "act"), (NosyView(), "view")])
def test_a_plugins_failure_does_not_quote_other_seats_secrets(memory_referee, plugin, doing):
    app = memory_referee(highroll, extension("highroll", plugin, "nosy"))
    table = app.open("highroll", ["Ann", "Bob"], seed="s", extensions=["nosy"])
    app.act(table, "Ann", "bid", {"chips": 3})
    before = len(app.entries(table))
    with pytest.raises(RefereeError) as refused:
        if doing == "act":
            app.act(table, "Bob", "bid", {"chips": 1})
        else:
            app.view(table, "Bob")
    message = refused.value.message
    assert "'Ann': 3" not in message and "{" not in message, message
    assert ("ValueError" if doing == "act" else "KeyError") in message and "logged" in message
    assert len(app.entries(table)) == before
    assert "'Ann': 3" in str(refused.value.__cause__), "the plugin's own words stay with the traceback"
