"""A progress bar on standard error for long runs: tqdm's where it is installed, else a
line of its own redrawn at most five times a second."""

from __future__ import annotations

import sys
import time
from typing import Any, TextIO

__all__ = ["Progress"]


class Progress:
    """``Progress(total, "games")``; ``advance(n)`` as work finishes; ``close()`` at the end."""

    def __init__(self, total: int, unit: str, stream: TextIO | None = None) -> None:
        self.total, self.unit, self.done = total, unit, 0
        self.stream = stream or sys.stderr
        self._bar: Any = None
        try:
            from tqdm import tqdm
        except ImportError:
            self._started = self._shown = time.monotonic()
            self._draw()
        else:
            self._bar = tqdm(total=total, unit=f" {unit}", file=self.stream, dynamic_ncols=True)

    def advance(self, n: int) -> None:
        self.done += n
        if self._bar is not None:
            self._bar.update(n)
        elif time.monotonic() - self._shown >= 0.2 or self.done >= self.total:
            self._draw()

    def _draw(self) -> None:
        self._shown = time.monotonic()
        elapsed = self._shown - self._started
        share = self.done / self.total if self.total else 1.0
        filled = int(share * 30)
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = f", {int((self.total - self.done) / rate)} s left" if rate > 0 and self.done < self.total else ""
        line = f"\r{self.done}/{self.total} {self.unit} [{'#' * filled}{'.' * (30 - filled)}] {share:4.0%} {rate:,.1f} {self.unit}/s{left} "
        self.stream.write(line)
        self.stream.flush()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
        else:
            self.stream.write("\n")
            self.stream.flush()
