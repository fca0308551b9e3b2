"""Where the games run: in this process, on a local Dask cluster, or on a cluster by address.

Work goes out in tasks of whole batches (at least four per worker, of at most 100 games),
and comes back in the order it was submitted, whatever order the workers finish in: a run's
results are the same for the same seed on one worker, two, or a cluster.  Dask rather than Ray: see the README's "Balance lab" section.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager, nullcontext
from typing import Any, TypeVar

from referee import RefereeError

__all__ = ["Engine", "batches", "default_workers"]

T = TypeVar("T")


def default_workers() -> int:
    """One worker per core this process may use."""
    cores = os.process_cpu_count() if hasattr(os, "process_cpu_count") else os.cpu_count()
    return max(1, cores or 1)


def batches(indices: Sequence[int], workers: int) -> list[list[int]]:
    """``indices`` cut into tasks: at least four per worker (games differ in length, and a
    worker left with the longest batch would hold the others up), of at most 100 games
    (10 to 100 in a run of any size, fewer only where there are too few games for four)."""
    n = len(indices)
    if n == 0:
        return []
    if workers <= 1:
        size = min(100, max(10, n // 20))  # only the progress bar sees these
    else:
        size = max(1, min(100, n // (workers * 4)))
    return [list(indices[i : i + size]) for i in range(0, n, size)]


class Engine:
    """Runs tasks on ``workers`` local processes (1: in this process, no Dask at all) or on
    the Dask cluster at ``cluster`` (``tcp://HOST:PORT``), whose workers must have the games
    and house rules installed."""

    def __init__(self, workers: int | None = None, cluster: str | None = None) -> None:
        if workers is not None and workers < 1:
            raise RefereeError(f"--workers takes a number of worker processes, at least 1, not {workers}")
        self.workers = workers or default_workers()
        self.cluster = cluster
        self._held: Any = None
        self._stack: ExitStack | None = None

    def __enter__(self) -> Engine:
        """Keep the cluster (and its workers' imports) up across runs until the ``with`` ends;
        otherwise each run starts and stops its own."""
        if self.cluster or self.workers > 1:
            self._stack = ExitStack()
            self._held = self._stack.enter_context(self._client())
        return self

    def __exit__(self, *exc: object) -> None:
        if self._stack is not None:
            self._stack.close()
        self._stack = self._held = None

    @property
    def where(self) -> str:
        if self.cluster:
            return f"the cluster at {self.cluster}"
        if self.workers == 1:
            return "this process"
        return f"{self.workers} local worker processes"

    def run(
        self,
        function: Callable[..., T],
        tasks: Sequence[tuple[Any, ...]],
        on_done: Callable[[T], None] | None = None,
    ) -> list[T]:
        """``function(*task)`` for each task; the results in the order of ``tasks``.
        ``on_done`` hears of each result as it arrives (in whatever order they finish)."""
        if not tasks:
            return []
        if not self.cluster and self.workers == 1:
            results = []
            for task in tasks:
                results.append(function(*task))
                if on_done:
                    on_done(results[-1])
            return results
        from distributed import as_completed

        with self._client() if self._held is None else nullcontext(self._held) as client:
            # pure=False: two equal tasks (the same batch of two sets that differ in nothing)
            # are still two tasks with their own results.
            futures = [client.submit(function, *task, pure=False) for task in tasks]
            try:
                for future in as_completed(futures):
                    if future.status == "error":
                        future.result()  # raises the task's own error, here
                    if on_done:
                        on_done(future.result())
                return client.gather(futures)
            finally:
                client.cancel(futures)

    @contextmanager
    def _client(self) -> Iterator[Any]:
        from distributed import Client, LocalCluster

        if self.cluster:
            try:
                client = Client(self.cluster, timeout="10s")
            except (OSError, TimeoutError) as exc:
                raise RefereeError(f"cannot reach a Dask scheduler at {self.cluster}: {exc}") from None
            except ValueError as exc:
                raise RefereeError(f"{self.cluster!r} is not a scheduler address (tcp://HOST:PORT): {exc}") from None
            with client:
                yield client
            return
        with (
            LocalCluster(
                n_workers=self.workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",  # a free port of its own: never one a running cluster holds
                silence_logs=logging.ERROR,
            ) as local,
            Client(local) as client,
        ):
            yield client
