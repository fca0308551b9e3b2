"""Sessions beside tox's test matrix: lint, type checks, benchmarks.

nox -s lint        ruff over every distribution and the tests
nox -s typecheck   mypy over the distributions
nox -s bench       benchmarks, reported as ratios to baselines measured in the same run
nox -s tests       the test suite, as tox runs it
nox -s web_bench   the web server under load over loopback (actions/s, p50/p95/p99 of updates)
"""

from __future__ import annotations

import nox

nox.options.sessions = ["lint", "typecheck", "tests"]
nox.options.reuse_existing_virtualenvs = True

DISTRIBUTIONS = [
    "-e",
    "kernel",
    "-e",
    "plugins/pigsty",
    "-e",
    "plugins/pigsty-harvest",
    "-e",
    "plugins/example-nim",
    "-e",
    "plugins/example-cashnguns-medic",
    "-e",
    "plugins/example-cashnguns-heavy-shame",
    "-e",
    "plugins/example-pimp-street-cred",
    "-e",
    "plugins/example-pimp-deep-pockets",
    "-e",
    "plugins/example-pigsty-palace-tithe",
    "-e",
    "plugins/example-pornstar-paparazzi",
    "-e",
    "plugins/example-backhanding-sucker-punch",
    "-e",
    "plugins/cashnguns",
    "-e",
    "plugins/pimp",
    "-e",
    "plugins/backhanding",
    "-e",
    "adapters/cli",
    "-e",
    "adapters/balance",
    "-e",
    "plugins/pornstar",
]


@nox.session
def lint(session: nox.Session) -> None:
    session.install("ruff>=0.6")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", "--diff", ".", success_codes=[0, 1])


@nox.session
def typecheck(session: nox.Session) -> None:
    session.install("mypy>=1.10", *DISTRIBUTIONS)
    session.run("mypy")


@nox.session
def tests(session: nox.Session) -> None:
    session.install("pytest>=8", "hypothesis>=6.100", *DISTRIBUTIONS)
    session.run("pytest", *session.posargs)


@nox.session
def bench(session: nox.Session) -> None:
    """Speed as ratios and work as counts: each next to a baseline or floor taken in the same
    run (tests/bench/README.md).  ``nox -s bench -- --quick`` for a run of about 2 minutes."""
    # The web server is driven in this process (Starlette's TestClient, which needs httpx)
    # to count what its update path reads.
    session.install(*DISTRIBUTIONS, "-e", "adapters/web", "eventsourcing[postgres]>=9.5,<10", "httpx")
    # Editable installs leave no compiled modules, and this machine's environment may say
    # not to write any: compile once, as installing a wheel would, so the CLI rows measure
    # start-up rather than the compiler.
    session.run("python", "-m", "compileall", "-q", "kernel/src", "plugins", "adapters/cli/src", "adapters/web/src", "adapters/balance/src")
    session.run("python", "tests/bench/run.py", *session.posargs, env={"PYTHONDONTWRITEBYTECODE": ""})


@nox.session(name="web_bench")
def web_bench(session: nox.Session) -> None:
    """The web server under load over loopback: actions/s, p50/p99 of an answer and
    p50/p95/p99 of the update reaching the other pages, for 1, 10 and 100 tables saturated
    and 100 people-paced, on SQLite (and PostgreSQL with REFEREE_TEST_POSTGRES), one and two
    processes, ending with the ratio of 2 processes to 1 per load (``-- --stores postgresql``: that
    store only); ``-- --baseline CHECKOUT`` measures another checkout row by row in the same run;
    ``-- --routing tables``: each table's seats on its own process.  Every table's log is verified
    after its row; the figures go to bench-results/web.json and a picture to bench-results/web.png."""
    session.install(*DISTRIBUTIONS, "-e", "adapters/web", "eventsourcing[postgres]>=9.5,<10", "httpx", "httpx2", "matplotlib>=3.8")
    session.run("python", "-m", "compileall", "-q", "kernel/src", "plugins", "adapters/cli/src", "adapters/web/src")
    session.run("python", "tests/bench/web.py", *session.posargs, env={"PYTHONDONTWRITEBYTECODE": ""})
