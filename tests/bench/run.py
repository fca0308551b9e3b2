"""Referee benchmarks: every figure next to a baseline or floor measured in the same run.

    nox -s bench                  # the full run
    nox -s bench -- --quick       # about 2 minutes on 2 cores
    python tests/bench/run.py --help

The rows live in the ``bench`` package beside this file (see README.md); this script only
puts ``tests/`` on the path and runs ``bench.runner``.
"""

from __future__ import annotations

import sys
from pathlib import Path

# The package's parent folder, not this file's: the package's module names are not to
# shadow anything imported by the code measured.
sys.path[0] = str(Path(__file__).resolve().parents[1])

from bench.runner import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
