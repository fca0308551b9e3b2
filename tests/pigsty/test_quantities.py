"""Events per decision, not per unit (DESIGN, Events; issue 9): a table where quantities grow
huge keeps a log that grows with the number of turns, not with the numbers in play."""

from __future__ import annotations

from collections import Counter

import referee_pigsty.plugin
from referee import MEMORY, Referee, Registry, TableStore
from referee_pigsty.events import BanditJoined, YeomanJoined

FARMERS = ["Ann", "Bob", "Cid", "Dee", "Eve"]


def test_11_2_and_4_6_a_palace_of_10_15_pigs_plays_to_the_end_with_one_event_per_decision():
    """8, 11.2, 4.6: with `palace_pigs=10**15` a game logged one BanditJoined per Bandit
    (4.2 million entries in 104 turns, then a store that refused every action).  Bandits and
    Yeomen now join by the hundred in one event each, and the game plays to its end.
    The farmers start with 10**12 Pigs: the heuristic bots guard against the Bandits and
    steal a share of the leader's Pigs, so the Pigs lost (and the Bandits they attract)
    grow with the numbers in play only when the numbers start large."""
    with Referee(registry=Registry([referee_pigsty.plugin], entry_points=False), store=TableStore(MEMORY)) as app:
        table = app.open("pigsty", FARMERS, options={"palace_pigs": 10**15, "starting_pigs": 10**12}, seed="huge")
        biggest = 0

        def step(_request, appended):
            nonlocal biggest
            biggest = max(biggest, len(appended))

        app.bots.play(table, FARMERS, on_step=step)
        state = app.state(table)
        assert state.over
        turns = state.game.board.turn
        types = Counter(e.type for e in app.entries(table))
        assert types["pigsty.BanditJoined"] <= turns and types["pigsty.YeomanJoined"] <= turns * len(FARMERS)
        joined = [e for _, e in app.audit.decoded(table) if isinstance(e, BanditJoined | YeomanJoined)]
        # The numbers did grow: thousands of Bandits joined at once, and one event said so.
        assert max(e.joined for e in joined if isinstance(e, BanditJoined)) > 1_000
        assert biggest < 200, f"one action appended {biggest} entries"
        assert app.audit.verify_table(table).ok
