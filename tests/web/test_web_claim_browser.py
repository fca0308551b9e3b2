"""Seats claimed, not handed out (issue 21), in headless Chromium: a player's browser claims
its seat by opening the invitation from the lobby and keeps it across reloads; the host's
browser opening the same link gets the claim page with the time; the gamesmaster's console
re-issues the invitation, the player's page says it lost the seat, and the new link claims
it again."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from web_live import SCREENSHOTS, Live, live_server


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Live]:
    with live_server(str(tmp_path / "claims.sqlite")) as server:
        yield server


def _open_nim(lobby: Page, live: Live) -> dict[str, str]:
    """Nim for Ann and Bob, opened through the lobby's form; each role's link."""
    lobby.goto(f"{live.url}/")
    lobby.select_option("#game", "nim")
    rows = lobby.locator("#seat-list > li")
    for i, name in enumerate(["Ann", "Bob"]):
        rows.nth(i).locator(".seat-name").fill(name)
        rows.nth(i).locator(".seat-bot").set_checked(False)
    lobby.click("#create button[type=submit]")
    expect(lobby.locator("#links")).to_be_visible()
    return {
        li.get_attribute("data-role") or "": li.locator("a").get_attribute("href") or "" for li in lobby.locator("#link-list > li").all()
    }


def test_web_browser_a_player_claims_a_seat_the_host_cannot_and_a_reissue_takes_it_back(browser: Browser, live: Live) -> None:
    lobby = browser.new_context().new_page()
    links = _open_nim(lobby, live)
    assert "&invite=" in links["Ann"] and "&token=" in links["gamesmaster"], links
    ann_browser = browser.new_context()
    ann = ann_browser.new_page()
    ann.goto(links["Ann"])
    expect(ann.locator("#status")).to_have_text("connected")
    expect(ann.locator("#who")).to_have_text("You are Ann")
    # The credential stays in Ann's browser: a reload, or her link again, finds it.
    ann.reload()
    expect(ann.locator("#status")).to_have_text("connected")
    again = ann_browser.new_page()
    again.goto(links["Ann"])
    expect(again.locator("#status")).to_have_text("connected")
    again.close()
    # The host opens the same link: the claim page, with the time, and nothing of the table.
    lobby.goto(links["Ann"])
    expect(lobby.locator("#claim h2")).to_have_text("This invitation cannot be used")
    expect(lobby.locator("#claim .error")).to_contain_text("Ann's seat was already claimed at ")
    expect(lobby.locator("#claim .error")).to_contain_text("ask the host to re-issue the invitation")
    expect(lobby.locator("#requests")).to_have_count(0)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    lobby.screenshot(path=str(SCREENSHOTS / "claimed-already.png"), full_page=True)
    # The gamesmaster sees who has claimed, re-issues Ann's invitation, and gets a new link.
    gm = browser.new_context().new_page()
    gm.goto(links["gamesmaster"])
    row = gm.locator("#invitations li[data-seat=Ann]")
    expect(row).to_contain_text("claimed at")
    expect(gm.locator("#invitations li[data-seat=Bob]")).to_contain_text("not claimed yet")
    row.locator("button", has_text="Re-issue Ann's invitation").click()
    expect(row.locator("code.invitation")).to_contain_text("&invite=")
    fresh = row.locator("code.invitation").inner_text()
    assert fresh != links["Ann"]
    expect(gm.locator("#log")).to_contain_text("re-issued Ann's invitation")
    expect(row).to_contain_text("Ann: not claimed yet")
    gm.locator("#console").screenshot(path=str(SCREENSHOTS / "gamesmaster-invitations.png"))
    # Ann's page is told at once, and acts no more.
    expect(ann.locator("#seat-banner")).to_contain_text("the gamesmaster re-issued Ann's invitation at")
    expect(ann.locator("#seat-banner")).to_contain_text("this browser no longer plays Ann")
    expect(ann.locator("#status")).to_have_text("not joined")
    expect(ann.locator("form.request")).to_be_hidden()
    ann.screenshot(path=str(SCREENSHOTS / "seat-reissued.png"), full_page=True)
    # The new invitation claims the seat anew, in this browser too; the old one stays spent.
    ann.goto(fresh)
    ann.reload()
    expect(ann.locator("#status")).to_have_text("connected")
    expect(ann.locator("#seat-banner")).to_be_hidden()
    expect(ann.locator("form.request")).to_be_visible()
    stale = browser.new_context().new_page()
    stale.goto(links["Ann"])
    expect(stale.locator("#claim .error")).to_contain_text("was replaced by a new one at")
    expect(gm.locator("#log")).to_contain_text("Ann's seat was claimed through its invitation")


def test_web_browser_a_mistyped_invitation_gets_a_clear_page(browser: Browser, live: Live) -> None:
    lobby = browser.new_context().new_page()
    links = _open_nim(lobby, live)
    page = browser.new_context().new_page()
    page.goto(links["Bob"].replace("&invite=", "&invite=x"))
    expect(page.locator("#claim .error")).to_contain_text("this is not an invitation to Bob's seat")
    page.goto(links["Bob"].replace("seat=Bob", "seat=Zed"))
    page.reload()
    expect(page.locator("#claim .error")).to_contain_text("no seat 'Zed'")
