"""``python -m referee_pimp.cards DECK.toml...``: check deck files from a shell."""

import sys

from .command import main

sys.exit(main())
