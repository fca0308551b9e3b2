"""A live server on a free port and Debian's Chromium driven by Playwright, for the end-to-end
tests; and a table as the tests drive it (``Table``, ``claimed``).

The browser is the system's (``/usr/bin/chromium``, or ``REFEREE_CHROMIUM``): Playwright
never downloads one here.  Screenshots go to ``web-screenshots/`` at the top of the
checkout (or ``REFEREE_SCREENSHOTS``).
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import uvicorn

from referee import Referee
from referee_web import Limits, create_app

CHROMIUM = os.environ.get("REFEREE_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(os.environ.get("REFEREE_SCREENSHOTS", Path(__file__).resolve().parents[2] / "web-screenshots"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Live:
    url: str
    app: Any
    db: str
    registry: Any = None

    @property
    def referee(self) -> Any:
        """A ``Referee`` of its own on the server's store: the tests' oracle for what each
        seat may see (the server's own is busy on its worker thread)."""
        return Referee(self.db, registry=self.registry)


@contextmanager
def live_server(db: str, **options: Any) -> Iterator[Live]:
    app = create_app(db, limits=Limits(rate=10_000, burst=10_000), tick=0.1, **options)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", ws="auto", lifespan="on"))
    thread = threading.Thread(target=server.run, name="referee-web-test", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield Live(f"http://127.0.0.1:{port}", app, db, options.get("registry"))
    finally:
        server.should_exit = True
        thread.join(20)


@dataclass
class Table:
    id: str
    tokens: dict[str, str]
    client: Any
    """A ``TestClient`` of the server."""
    seats: list[str] = field(default_factory=list)
    invitations: dict[str, str] = field(default_factory=dict)
    """Each person's seat's invitation, as the table was opened (claimed since, unless ``claim=False``)."""

    def auth(self, role: str, token: str | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[role] if token is None else token}"}

    def url(self, role: str, what: str) -> str:
        return f"/api/tables/{self.id}/seats/{role}/{what}"

    def state(self, role: str, after: int = 0) -> dict[str, Any]:
        response = self.client.get(self.url(role, "state"), params={"after": after}, headers=self.auth(role))
        assert response.status_code == 200, response.text
        return response.json()

    def act(self, role: str, action: str, args: dict[str, Any] | None = None, request: str | None = None, **extra: Any) -> Any:
        body: dict[str, Any] = {"action": action, "args": args or {}, **extra}
        if request is not None:
            body["request"] = request
        return self.client.post(self.url(role, "act"), json=body, headers=self.auth(role))

    def length(self) -> int:
        """Entries in the log, as the gamesmaster counts them."""
        return int(self.state("gamesmaster")["length"])

    def requests(self, role: str) -> list[dict[str, Any]]:
        return list(self.state(role)["view"]["requests"])

    def wait(self, done: Callable[[], bool], timeout: float = 30.0) -> None:
        """Bots and deadlines run on the server: wait for them, without a fixed sleep."""
        end = time.monotonic() + timeout
        while not done():
            assert time.monotonic() < end, "the server did not get there in time"
            time.sleep(0.02)


def claimed(client: Any, created: dict[str, Any], base: str = "") -> dict[str, str]:
    """Every role's token at a table just opened: the gamesmaster's, and each seat's
    credential got by claiming its invitation (as each player's browser would)."""
    tokens = dict(created["tokens"])
    for seat, invitation in created["invitations"].items():
        response = client.post(
            f"{base}/api/tables/{created['table']}/seats/{seat}/claim", headers={"Authorization": f"Bearer {invitation}"}
        )
        assert response.status_code == 200, response.text
        tokens[seat] = response.json()["credential"]
    return tokens


def fill_and_send(page: Any, attempt: int = 0) -> None:
    """Answer the first request form on ``page`` as a person would, through its controls:
    the ``attempt``-th option of each choice (optional ones left out or given as the bits
    of ``attempt`` say), the least amount, the fewest boxes."""
    form = page.locator("form.request").first
    for summary in form.locator("details:not([open]) > summary").all():
        summary.click()  # a long form's folded list, opened as a person would
    optional = 0
    for group in form.locator("fieldset.choices").all():
        radios = group.locator("input[type=radio]")
        count = radios.count()
        if count:
            real = [i for i in range(count) if radios.nth(i).get_attribute("value") != ""]
            if len(real) < count:
                # An optional field: the attempts go through every mix of left out and given.
                optional += 1
                if not (attempt >> (optional - 1)) & 1:
                    continue
            if real:
                radios.nth(real[attempt % len(real)]).check()
            continue
        boxes = group.locator("input[type=checkbox]")
        need = int(group.get_attribute("data-min") or 0)
        for i in range(min(need, boxes.count())):
            boxes.nth(i).check()
    for select in form.locator("div.field > select").all():
        options = [o.get_attribute("value") or "" for o in select.locator("option").all()]
        # Its first option is "choose": left alone on every third attempt.
        select.select_option(options[(attempt // 3 + 1) % len(options)] if attempt % 3 else options[0])
    for number in form.locator("input[type=number]").all():
        if not number.input_value():
            number.fill(number.get_attribute("min") or "0")
    form.locator("button[type=submit]").click()
