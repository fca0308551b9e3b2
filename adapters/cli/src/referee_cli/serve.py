"""``referee serve``: the store's tables to browsers, through the referee-web distribution."""

from __future__ import annotations

import argparse


def cmd_serve(args: argparse.Namespace) -> int:
    from referee import RefereeError

    try:
        from referee_web.serve import run
    except ImportError:
        raise RefereeError("serving tables to browsers needs the web server: pip install referee-web") from None
    run(args)
    return 0
