"""Run one ``referee`` command with the bench's counts taken, in a process of its own.

    python tests/bench/probe.py OUT.json [referee arguments...]

Writes what ``counting.Counting`` found (plugin managers built, store reads, copies) to
OUT.json and exits with the command's status.  The kernel's modules are imported before
the counts start, so every name is wrapped before the command's own imports copy it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

# The package's folder, not this file's: its modules' names are not to shadow anything.
sys.path[0] = str(Path(__file__).resolve().parents[1])

import referee.audit  # noqa: E402  (before counting starts: see above)
import referee.service  # noqa: E402
import referee.store  # noqa: E402, F401
from bench.counting import Counting  # noqa: E402
from referee_cli.main import main  # noqa: E402


def probe(out: Path, arguments: list[str]) -> int:
    status: int | str | None = 0
    with Counting() as counting:
        try:
            main(arguments)
        except SystemExit as exit_:
            status = exit_.code
    found = counting.snapshot()
    found["totals"] = {kind: counting.total(kind) for kind in counting.counts}
    found["status"] = status
    out.write_text(json.dumps(found))
    return status if isinstance(status, int) else 1


if __name__ == "__main__":
    sys.exit(probe(Path(sys.argv[1]), sys.argv[2:]))
