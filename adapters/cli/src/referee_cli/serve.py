"""``referee serve``: the store's tables to browsers, through the referee-web distribution."""

from __future__ import annotations

import argparse

WEB_MISSING = (
    "the web server (referee-web), which is not installed: pip install ./adapters/web from a clone of "
    "the repository (as the README does), or pip install referee-web where a package index offers it"
)


def cmd_serve(args: argparse.Namespace) -> int:
    from referee import RefereeError

    try:
        from referee_web.serve import run
    except ImportError:
        raise RefereeError(f"serving tables to browsers needs {WEB_MISSING}") from None
    run(args)
    return 0
