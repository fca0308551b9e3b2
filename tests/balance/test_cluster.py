"""The balance lab on a real Dask cluster started by its command line (issue 25): a scheduler
and two worker processes, a small comparison run through ``--cluster``, its JSON the same as
the local run's."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from referee.testing import check_bot_games

DASK = Path(sys.executable).with_name("dask")


def _dask(command: str, *args: str) -> list[str]:
    """``dask scheduler ...`` or ``dask worker ...`` as an operator types it; where the
    ``dask`` script is not beside this Python (a Python run without its venv's bin on the
    path), the same command through its module."""
    if DASK.exists():
        return [str(DASK), command, *args]
    return [sys.executable, "-m", f"distributed.cli.dask_{command}", *args]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def test_a_comparison_on_a_two_worker_cluster_equals_the_local_run(referee, tmp_path: Path) -> None:
    from distributed import Client

    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    # The workers import the games as this process does: the same import path.
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p and Path(p).is_dir())}
    logs = (tmp_path / "dask.log").open("wb")
    started = [
        subprocess.Popen(
            _dask("scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"), env=env, stdout=logs, stderr=logs
        )
    ]
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.2)
        for _ in range(2):
            worker = _dask("worker", address, "--nworkers", "1", "--nthreads", "1", "--no-dashboard")
            started.append(subprocess.Popen(worker, env=env, stdout=logs, stderr=logs))
        with Client(address, timeout="30s") as client:
            client.wait_for_workers(2, timeout=60)
            assert len(client.scheduler_info()["workers"]) == 2
        comparison = ["balance", "cashnguns", "--games", 10, "--seats", 4, "--against-extensions", "+the-medic", "--quiet"]
        code, out, err = referee(*comparison, "--cluster", address, "--json", tmp_path / "cluster.json")
        assert code == 0, err
        assert f"on the cluster at {address}" in out
        code, _, err = referee(*comparison, "--workers", 1, "--json", tmp_path / "local.json")
        assert code == 0, err
        assert (tmp_path / "cluster.json").read_text() == (tmp_path / "local.json").read_text()
        assert '"patch-up"' in (tmp_path / "cluster.json").read_text()  # the Medic played on the workers
        # An archive verifies on the same cluster; its logs travel with the tasks.
        (tmp_path / "logs").mkdir()
        for number, text in enumerate(check_bot_games("pigsty", ["Ann", "Bob", "Cat"], games=2)):
            (tmp_path / "logs" / f"{number}.jsonl").write_text(text, encoding="utf-8")
        code, out, err = referee("verify", tmp_path / "logs", "--cluster", address)
        assert code == 0 and "OK: 2 of 2 logs" in out, err
    finally:
        for process in reversed(started):
            _stop(process)
        logs.close()
