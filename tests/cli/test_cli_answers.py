"""Issue 10, the CLI: `referee act` takes an answer the way `view` shows it (a number, a
label, field=value pairs, or --args JSON), `view` says how to answer, and the hot seat
re-asks a refused answer without printing the whole view again."""

from __future__ import annotations

import io
import json
import re

import pytest

CASHNGUNS_TABLE = re.compile(r"\btable (cashnguns-[0-9a-f]+)")


def opened_cashnguns(cli, seats: str = "Ann,Bob,Cat,Dan") -> str:
    result = cli("new", "cashnguns", "--seats", seats, "--seed", "answers")
    assert result.code == 0, result.err
    found = CASHNGUNS_TABLE.search(result.out)
    assert found, result.out
    return found.group(1)


def answers_of(entries_of, table: str) -> list[tuple[str, str, dict]]:
    return [(e["event"]["seat"], e["event"]["action"], e["event"]["args"]) for e in entries_of(table) if e["type"] == "referee.ActionTaken"]


def test_view_lists_the_request_and_how_to_answer_it(cli) -> None:
    table = opened_cashnguns(cli)
    shown = cli("view", table, "--seat", "Ann")
    assert shown.code == 0, shown.err
    lines = shown.out.splitlines()
    prompt = lines.index("Round 1: Ann, choose a bullet card, face down.")
    assert lines[prompt + 1] == "  card (bullet card): one of 1) Click! (5 left); 2) Bang! (2 left); 3) Bang! Bang! Bang! (1 left)"
    assert lines[prompt + 2] == f"  answer with: referee act {table} Ann bullet ANSWER"
    data = cli("view", table, "--seat", "Ann", "--json").json()
    [request] = data["requests"]
    assert request["answer"]["card"]["kind"] == "pick"
    assert [o["value"] for o in request["answer"]["card"]["options"]] == ["click", "bang", "bbb"]
    assert request["how"] == "card (bullet card): one of 1) Click! (5 left); 2) Bang! (2 left); 3) Bang! Bang! Bang! (1 left)"
    assert request["command"] == f"referee act {table} Ann bullet ANSWER"
    assert "choices" not in request
    # A spectator is asked nothing, so is shown no request.
    assert "answer with" not in cli("view", table).out


def test_act_takes_a_number_a_label_field_pairs_or_json(cli, entries_of) -> None:
    table = opened_cashnguns(cli)
    assert cli("act", table, "Ann", "bullet", "2").code == 0
    assert cli("act", table, "Bob", "bullet", "Bang!", "Bang!", "Bang!", "(1", "left)").code == 0
    assert cli("act", table, "Cat", "bullet", "card=click").code == 0
    assert cli("act", table, "Dan", "bullet", "--args", '{"card": "bang"}').code == 0
    assert cli("act", table, "Ann", "aim", "target=Bob").code == 0
    assert cli("act", table, "Bob", "aim", "cat").code == 0
    assert answers_of(entries_of, table) == [
        ("Ann", "bullet", {"card": "bang"}),
        ("Bob", "bullet", {"card": "bbb"}),
        ("Cat", "bullet", {"card": "click"}),
        ("Dan", "bullet", {"card": "bang"}),
        ("Ann", "aim", {"target": "Bob"}),
        ("Bob", "aim", {"target": "Cat"}),
    ]
    assert cli("act", table, "Cat", "aim", "1").code == 0
    assert cli("act", table, "Dan", "aim", "Ann").code == 0
    assert cli("act", table, "Ann", "nerve", "Stay", "in").code == 0
    assert cli("act", table, "Bob", "nerve", "nerve=2").code == 0
    assert answers_of(entries_of, table)[-4:] == [
        ("Cat", "aim", {"target": "Ann"}),
        ("Dan", "aim", {"target": "Ann"}),
        ("Ann", "nerve", {"nerve": "stay-in"}),
        ("Bob", "nerve", {"nerve": "back-down"}),
    ]


@pytest.mark.parametrize(
    ("answer", "problem"),
    [
        (
            ["4"],
            'referee: bullet card: "4" is not one of the choices; choose 1 to 3: 1) Click! (5 left); 2) Bang! (2 left); '
            "3) Bang! Bang! Bang! (1 left)\n",
        ),
        (
            ["Boom!"],
            'referee: bullet card: "Boom!" is not one of the choices; choose 1 to 3: 1) Click! (5 left); 2) Bang! (2 left); '
            "3) Bang! Bang! Bang! (1 left)\n",
        ),
        ([], "referee: bullet card: missing; one of 1) Click! (5 left); 2) Bang! (2 left); 3) Bang! Bang! Bang! (1 left)\n"),
        (["--args", '{"card": "click", "aim": "Bob"}'], "referee: aim: no such field in this answer (it takes card)\n"),
        (["1", "--args", '{"card": "click"}'], "referee: give the answer either as words or as --args JSON, not both\n"),
        (
            ["1", "--request", "r1.bullet.Bob"],
            "referee: request 'r1.bullet.Bob' is not open for Ann: answered, withdrawn or never asked of Ann (flow)\n",
        ),
        (
            ["1", "--request", "r1.bullet.Nobody"],
            "referee: request 'r1.bullet.Nobody' is not open for Ann: answered, withdrawn or never asked of Ann (flow)\n",
        ),
    ],
)
def test_act_refuses_a_misshapen_answer_in_one_line_naming_the_field(cli, entries_of, answer, problem) -> None:
    table = opened_cashnguns(cli)
    before = entries_of(table)
    result = cli("act", table, "Ann", "bullet", *answer)
    assert (result.code, result.err) == (2, problem)
    assert entries_of(table) == before


def test_act_for_a_request_not_yet_open_says_what_is_asked(cli) -> None:
    table = opened_cashnguns(cli)
    result = cli("act", table, "Ann", "nerve", "Stay", "in")
    assert (result.code, result.err) == (2, "referee: Ann is asked for 'bullet', not 'nerve' (flow)\n")
    for seat in ("Ann", "Bob", "Cat", "Dan"):
        assert cli("act", table, seat, "bullet", "1").code == 0
    for seat, target in (("Ann", "Bob"), ("Bob", "Cat"), ("Cat", "Dan"), ("Dan", "Ann")):
        assert cli("act", table, seat, "aim", target).code == 0
    # JSON is taken as it is: 1 is not the first option's value, though the prompt numbers it 1.
    result = cli("act", table, "Ann", "nerve", "--args", '{"nerve": 1}')
    assert (result.code, result.err) == (2, "referee: nerve: 1 is not offered (Stay in, Back down)\n")


def test_pigsty_orders_left_out_are_refused_and_empty_orders_are_said_with_text_equals(cli, entries_of) -> None:
    result = cli("new", "pigsty", "--seats", "Bill,Ted,Zed")
    table = re.search(r"\btable (pigsty-[0-9a-f]+)", result.out).group(1)
    left_out = cli("act", table, "Bill", "orders")
    assert left_out.code == 2
    assert left_out.err.startswith("referee: orders: missing; your orders, one per line or separated by ';'")
    assert "\n" not in left_out.err.rstrip("\n")
    assert not [e for e in entries_of(table) if e["type"] == "referee.ActionTaken"]
    assert cli("act", table, "Bill", "orders", "text=").code == 0
    assert cli("act", table, "Ted", "orders", "I", "5;", "G", "5").code == 0
    assert answers_of(entries_of, table) == [("Bill", "orders", {"text": ""}), ("Ted", "orders", {"text": "I 5; G 5"})]
    view = cli("view", table, "--seat", "Zed").out
    assert "  text (orders): your orders, one per line" in view
    assert f"  answer with: referee act {table} Zed orders ANSWER" in view


def test_hotseat_shows_the_shape_and_reasks_a_refused_answer_without_the_whole_view(cli, entries_of, monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("9\nBang!\n"))
    result = cli("play", "cashnguns", "--seats", "Ann", "--bots", "3", "--seed", "hotseat-shapes")
    assert result.code == 3, result.err  # input runs out before the game ends
    out = result.out
    asked = out.index("Round 1: Ann, choose a bullet card, face down.")
    assert out[asked:].splitlines()[1].startswith("  card (bullet card): one of 1) Click! (5 left); 2) Bang! (2 left)")
    refusal = out.index(
        '  not allowed: bullet card: "9" is not one of the choices; choose 1 to 3: 1) Click! (5 left); 2) Bang! (2 left); '
        "3) Bang! Bang! Bang! (1 left)"
    )
    again = out.index("Ann> ", refusal)
    # Between the refusal and the prompt asked again: nothing of the view, nothing at all.
    assert out[refusal:again].count("\n") == 1
    assert out.count("Round 1: Ann, choose a bullet card, face down.") == 1
    assert out.count("\nYour hand\n") == 2, "the view: once for the bullet, once for the aim, never for the retry"
    mine = [a for a in answers_of(entries_of, result_table(out)) if a[0] == "Ann"]
    assert mine == [("Ann", "bullet", {"card": "bang"})]


def test_hotseat_says_how_to_send_empty_orders(cli, entries_of, monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\ntext=\n"))
    result = cli("play", "pigsty", "--seats", "Bill", "--bots", "2", "--seed", "empty-orders")
    assert result.code == 3, result.err  # input runs out before the game ends
    assert "  not allowed: orders: missing; your orders" in result.out
    assert "  (to send empty orders, type: text=)" in result.out
    bills = [a for a in answers_of(entries_of, result.table) if a[0] == "Bill"]
    assert bills == [("Bill", "orders", {"text": ""})]


def result_table(out: str) -> str:
    found = CASHNGUNS_TABLE.search(out)
    assert found, out
    return found.group(1)


def test_bots_may_be_named_by_kind_per_seat(cli) -> None:
    """Issue 11: bots are chosen per seat on the command line (``--bots heuristic,random``),
    recorded as the table's option ``bots`` for the bot seats."""
    result = cli("play", "pigsty", "--bots", "heuristic,random,random", "--json", "--quiet")
    assert result.code == 0, result.err
    table = result.json()["table"]
    shown = cli("export", table)
    opened = json.loads(shown.out.splitlines()[0])
    assert opened["event"]["options"]["bots"] == {"Ada": "heuristic", "Bert": "random", "Cleo": "random"}
    refused = cli("play", "pigsty", "--bots", "heuristic,,random")
    assert refused.code == 2 and "--bots takes a number or bot kinds" in refused.err
    clash = cli("play", "pigsty", "--bots", "random,random", "--option", "bots=random")
    assert clash.code == 2 and "not both" in clash.err
