"""Spectator links (issue 23): opening a table gives a read-only link that shows what every
seat may see (nobody's seat's view, the log as public), pushed live; it opens no seat and
acts for nobody, and no seat's credential opens it."""

from __future__ import annotations

from typing import Any

from referee import Referee


def _opened(server: Any) -> tuple[Any, dict[str, Any]]:
    client = server()
    response = client.post("/api/tables", json={"game": "cashnguns", "seats": ["Ann", "Bob", "Cleo", "Dino"]})
    assert response.status_code == 201, response.text
    return client, response.json()


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_web_a_spectator_link_shows_what_every_seat_sees_and_nothing_sealed(server, web_db: str) -> None:
    client, created = _opened(server)
    table, token = created["table"], created["spectators"]
    state = client.get(f"/api/tables/{table}/spectators/state", headers=_auth(token))
    assert state.status_code == 200, state.text
    shown = state.json()
    with Referee(web_db) as oracle:
        assert shown["view"] == oracle.view(table, None)
        public = oracle.visible_entries(table, None)
    assert shown["role"] == "spectator" and "invitations" not in shown and "pasteable" not in shown
    assert [e["seq"] for e in shown["entries"]] == [e.seq for e in public]
    assert [e["hidden"] for e in shown["entries"]] == [e.redacted for e in public]


def test_web_a_spectator_link_opens_no_seat_and_no_seat_opens_it(server, web_db: str) -> None:
    client, created = _opened(server)
    table, token = created["table"], created["spectators"]
    for seat in ["Ann", "gamesmaster"]:
        assert client.get(f"/api/tables/{table}/seats/{seat}/state", headers=_auth(token)).status_code == 403
        acted = client.post(f"/api/tables/{table}/seats/{seat}/act", json={"action": "abandon", "args": {}}, headers=_auth(token))
        assert acted.status_code == 403
    for other in [created["tokens"]["gamesmaster"], created["invitations"]["Ann"], "x" * 32]:
        refused = client.get(f"/api/tables/{table}/spectators/state", headers=_auth(other))
        assert refused.status_code == 403 and "not a spectator link" in refused.json()["error"]
    assert client.get(f"/api/tables/{table}/spectators/state").status_code == 401
    # Another table's link and no table at all are refused alike.
    assert client.get("/api/tables/nosuch-table/spectators/state", headers=_auth(token)).status_code == 403
    assert client.post(f"/api/tables/{table}/spectators/act", json={}, headers=_auth(token)).status_code in (404, 405)
    with Referee(web_db) as oracle:
        assert oracle.length(table) == len(client.get(f"/api/tables/{table}/spectators/state", headers=_auth(token)).json()["entries"])


def test_web_a_spectators_live_page_is_pushed_every_change(server, web_db: str) -> None:
    client, created = _opened(server)
    table, token = created["table"], created["spectators"]
    gm = created["tokens"]["gamesmaster"]
    with client.websocket_connect(f"/api/tables/{table}/spectators/live") as socket:
        socket.send_json({"token": token, "after": 0})
        first = socket.receive_json()
        assert first["type"] == "update" and first["role"] == "spectator"
        response = client.post(
            f"/api/tables/{table}/seats/gamesmaster/act",
            json={"action": "automate", "args": {"seats": ["Ann", "Bob", "Cleo", "Dino"]}},
            headers=_auth(gm),
        )
        assert response.status_code == 200, response.text
        pushed = socket.receive_json()
        assert pushed["type"] == "update" and pushed["after"] == first["length"] and pushed["length"] > first["length"]
    with client.websocket_connect(f"/api/tables/{table}/spectators/live") as socket:
        socket.send_json({"token": created["tokens"]["gamesmaster"], "after": 0})
        refused = socket.receive_json()
        assert refused["status"] == 403 and "spectator link" in refused["error"]
