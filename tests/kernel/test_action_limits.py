"""An action whose entries the log cannot take is refused with a clear message, nothing is
appended, and the table plays on (issue 9: one oversized action left a table stuck for good)."""

from __future__ import annotations

import flood
import pytest

from referee import MEMORY, Referee, RefereeError, Registry, TableStore
from referee.log import MAX_LINE_BYTES
from referee.service import MAX_ENTRIES_PER_ACTION


@pytest.fixture(params=["memory", "sqlite"])
def app(request, tmp_path):
    store = TableStore(MEMORY if request.param == "memory" else tmp_path / "limits.sqlite")
    with Referee(registry=Registry([flood], entry_points=False), store=store) as referee:
        yield referee


@pytest.mark.parametrize(
    ("args", "named"),
    [
        ({"drops": MAX_ENTRIES_PER_ACTION}, f"more than the {MAX_ENTRIES_PER_ACTION:,} one action may"),
        ({"drops": 1, "size": MAX_LINE_BYTES}, f"more than the {MAX_LINE_BYTES:,} a log line may"),
    ],
    ids=["too-many-entries", "entry-too-large"],
)
def test_an_action_the_log_cannot_take_is_refused_and_the_table_plays_on(app, args, named):
    table = app.open("flood", ["Ann", "Bob"], seed="s")
    before = app.entries(table)
    with pytest.raises(RefereeError) as refused:
        app.act(table, "Ann", "pour", args)
    message = refused.value.message
    assert named in message and "Ann's 'pour'" in message and "nothing was recorded" in message
    assert "\n" not in message
    assert app.entries(table) == before
    appended = app.act(table, "Ann", "pour", {"drops": 1})
    assert [e.type for e in appended] == ["referee.ActionTaken", "flood.DropFell", "referee.RequestOpened"]
    assert app.view(table, None)["view"]["drops"] == {"Ann": 1}
    assert app.audit.verify_table(table).ok
