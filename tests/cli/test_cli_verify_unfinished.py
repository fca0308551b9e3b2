"""`referee verify TABLE` on a stored table that has not ended (issue 24): the operator's
store holds every key, so it verifies, as its export does."""

from __future__ import annotations

import io


def test_verify_of_a_stored_unfinished_table_passes_like_its_export(cli, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    saved = cli("play", "pigsty", "--seats", "Bill", "--bots", "3", "--seed", "not-over", "--quiet")
    assert saved.code == 3, saved.err  # waiting for Bill: the table has not ended
    table = saved.table
    verified = cli("verify", table)
    assert verified.code == 0, verified.out + verified.err
    assert "OK" in verified.out
    path = tmp_path / "partial.jsonl"
    assert cli("export", table, "-o", path).code == 0
    assert cli("verify", path).code == 0
