"""``python -m referee_web --db STORE --port N``: the server, as ``referee serve`` starts it."""

from __future__ import annotations

from .serve import main

main()
