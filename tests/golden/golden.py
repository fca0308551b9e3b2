"""Golden playthroughs: whole games recorded once, replayed and re-played by every test run.

A golden log pins the rules' behaviour end to end, the way OpenSpiel's playthroughs do:
any change in what the rules decide shows as a difference from the recorded game.
When a change is intended (a ruling changed, a plugin's version moved), regenerate
the files and review the diff in the commit:

    python tests/golden/golden.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from referee import MEMORY, Referee, Registry, TableStore, load_jsonl
from referee.receipts import Receipt, dump_receipts

HERE = Path(__file__).parent

GAMES = {
    "pigsty-five-bots": {"game": "pigsty", "seats": ["Ada", "Bert", "Cleo", "Dino", "Edna"], "seed": "golden-1"},
    "pigsty-three-bots-harsh": {
        "game": "pigsty",
        "seats": ["Ada", "Bert", "Cleo"],
        "seed": "golden-2",
        "options": {"starting_pigs": 6, "pigs_lost_per_bandit": 3},
    },
    "cashnguns-five-bots": {"game": "cashnguns", "seats": ["Ada", "Bert", "Cleo", "Dino", "Edna"], "seed": "golden-3"},
    "cashnguns-six-bots-all-powers": {
        "game": "cashnguns",
        "seats": ["Ada", "Bert", "Cleo", "Dino", "Edna", "Fritz"],
        "seed": "golden-4",
        # The ten powers by name, sorted as "all" would give them: "all" would also take
        # whatever other extensions are installed (the example distributions among them).
        "extensions": sorted(
            [
                "dragon-skin",
                "it-doesnt-even-hurt",
                "six-feet-under",
                "super-coward",
                "the-cunning",
                "the-insane",
                "the-kid",
                "the-specialist",
                "the-unbreakable",
                "you-dont-need-it-anymore",
            ]
        ),
    },
    # Recorded under Pimp's edition 1 (the ready-made decks before the rebalance, DATA.md
    # "Editions"): it is played again under edition 1, and its log verifies under the
    # installed newest edition; it is the proof that old logs keep verifying.
    "pimp-three-bots": {"game": "pimp", "seats": ["Ada", "Bert", "Cleo"], "seed": "golden-5", "options": {"turns": 6}, "edition": 1},
    # Recorded under edition 1 of the card set, and played again under it (Game.edition).
    "backhanding-four-bots": {
        "game": "backhanding",
        "seats": ["Ada", "Bert", "Cleo", "Dino"],
        "seed": "golden-6",
        "options": {"bots": "heuristic,random"},
        "edition": 1,
    },
}


HOST_KEY = "9f" * 32
"""The private host key every golden game is signed with.  It is published here, so anyone
can sign receipts as these tables' host: they are fixtures, not evidence."""


def play(name: str, registry: Registry, key: str | None = None, receipts: list[Receipt] | None = None) -> Referee:
    """Play golden game ``name`` afresh with bots in every seat; returns the app holding it.

    Bots draw from the table's secret key: ``key`` (the one a recorded game revealed at its
    end) makes them choose as they did.  ``receipts`` receives the host's receipt for every
    action, in order."""
    spec = GAMES[name]
    app = Referee(registry=registry, store=TableStore(MEMORY))
    table = app.open(
        spec["game"],
        spec["seats"],
        seed=spec["seed"],
        options=spec.get("options"),
        extensions=spec.get("extensions"),
        table_id=name,
        key=key,
        host_key=HOST_KEY,
        edition=spec.get("edition"),
    )

    def keep(_request: object, entries: list) -> None:
        if receipts is not None and getattr(entries, "receipt", None) is not None:
            receipts.append(entries.receipt)

    app.bots.play(table, spec["seats"], on_step=keep)
    return app


def path_of(name: str) -> Path:
    return HERE / f"{name}.jsonl"


def receipts_of(name: str) -> Path:
    """The receipts file beside a golden log, as a seat's are kept beside its copy."""
    return HERE / f"{name}.receipts.jsonl"


def recorded_key(name: str) -> str | None:
    """The table key a recorded golden game revealed, so that recording it again plays the same game."""
    if not path_of(name).exists():
        return None
    last = load_jsonl(path_of(name).read_text(encoding="utf-8").splitlines(), source=name)[-1]
    return (last.event or {}).get("key")


def main() -> None:
    registry = Registry()
    for name in GAMES:
        receipts: list[Receipt] = []
        app = play(name, registry, key=recorded_key(name), receipts=receipts)
        path_of(name).write_text(app.export(name), encoding="utf-8")
        receipts_of(name).write_text(dump_receipts(receipts), encoding="utf-8")
        print(f"wrote {path_of(name)} ({len(app.entries(name))} entries)", file=sys.stderr)


if __name__ == "__main__":
    main()
