"""A live server on a free port and Debian's Chromium driven by Playwright, for the end-to-end tests.

The browser is the system's (``/usr/bin/chromium``, or ``REFEREE_CHROMIUM``): Playwright
never downloads one here.  Screenshots go to ``web-screenshots/`` at the top of the
checkout (or ``REFEREE_SCREENSHOTS``).
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
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


def fill_and_send(page: Any, attempt: int = 0) -> None:
    """Answer the first request form on ``page`` as a person would, through its controls:
    the ``attempt``-th option of each choice (optional ones left out or given as the bits
    of ``attempt`` say), the least amount, the fewest boxes."""
    form = page.locator("form.request").first
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
