"""Input a log cannot record, over the web (issue 21): a clear refusal naming the field,
nothing appended, never the game's failure."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (b'{"action": "abandon", "args": {"reason": 1e400}}', "args['reason'] is inf"),
        (b'{"action": "call", "args": {"call": "\\ud800"}}', "args['call'] holds a character that is not UTF-8"),
        (b'{"action": "call", "args": {"\\udcff": 1}}', "args has a key that is not UTF-8"),
    ],
)
def test_unrecordable_args_are_refused_by_name(open_table, body, words) -> None:
    table = open_table("nim", ["Ann", "Bob"])
    before = table.length()
    seat = "Ann"
    response = table.client.post(table.url(seat, "act"), content=body, headers=table.auth(seat))
    assert 400 <= response.status_code < 500, response.text
    assert words in response.text and "failed" not in response.text, response.text
    assert table.length() == before
