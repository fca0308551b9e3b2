"""The lobby's extensions are changes to the game's defaults (issue 24, "Defaults plus
one"): the form sends only what was ticked or unticked (``+name``, ``-name``), and the
table gets the game as it comes plus or minus those."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from web_live import Live, live_server


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Live]:
    with live_server(str(tmp_path / "lobby.sqlite")) as server:
        yield server


def _recorded(live: Live, table: str) -> set[str]:
    with live.referee as app:
        opened = app.entries(table)[0].event
    assert opened is not None
    return {p["name"] for p in opened["plugins"]}


def test_web_lobby_sends_unticked_defaults_and_ticked_extras_as_changes(browser: Browser, live: Live) -> None:
    page = browser.new_page()
    try:
        page.goto(f"{live.url}/")
        page.select_option("#game", "cashnguns")
        rows = page.locator("#seat-list > li")
        while rows.count() < 4:
            page.click("#add-seat")
        for i, name in enumerate(["Ann", "Bob", "Cleo", "Dino"]):
            rows.nth(i).locator(".seat-name").fill(name)
        page.locator("#extensions input[value='the-kid']").set_checked(False)
        page.locator("#extensions input[value='the-medic']").set_checked(True)
        with page.expect_request(lambda r: r.url.endswith("/api/tables") and r.method == "POST") as sent:
            page.click("#create button[type=submit]")
        body = json.loads(sent.value.post_data or "{}")
        assert body["extensions"] == ["-the-kid", "+the-medic"]
        expect(page.locator("#links")).to_be_visible()
        table = page.locator("#link-list a").first.get_attribute("href") or ""
        table_id = table.split("table=")[1].split("&")[0]
        recorded = _recorded(live, table_id)
        assert "cashnguns.the-medic" in recorded and "cashnguns.the-kid" not in recorded
        assert "cashnguns.the-insane" in recorded  # the other defaults stay
    finally:
        page.close()


def test_web_lobby_left_as_it_comes_sends_no_extensions(browser: Browser, live: Live) -> None:
    page = browser.new_page()
    try:
        page.goto(f"{live.url}/")
        page.select_option("#game", "nim")
        with page.expect_request(lambda r: r.url.endswith("/api/tables") and r.method == "POST") as sent:
            page.click("#create button[type=submit]")
        assert "extensions" not in json.loads(sent.value.post_data or "{}")
    finally:
        page.close()
