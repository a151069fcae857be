"""``scorekeeper score`` run in the test's own process (the other score tests start a process each, which the
core's coverage run does not see): one hand from the command line as a person reads it, the JSON Lines form from a
caller's stdin, and refusals that name the problem."""

from __future__ import annotations

import io
import json

import pytest

from scorekeeper.cli import main
from scorekeeper.cli.score import answer_line


def _score(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["score", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_riichi_pinfu_ron_prints_its_yaku_fu_and_payment(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _score(capsys, "234m567p11s345678s", "--win", "2m", "--ron", "--riichi", "--seat", "S")
    assert (status, err) == (0, "")
    assert "riichi      1 han" in out and "pinfu       1 han" in out
    assert "value: 2 han, 30 fu" in out
    assert "points: 2,000 (ron 2,000)" in out


def test_a_dealers_tsumo_with_an_open_meld_and_dora_prints_each_players_payment(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 234m 567p 678s 55z and a pon of chun: the dealer's tsumo on 2m, chun (and haku as the pair) for one han.
    status, out, _ = _score(
        capsys, "234m567p678s55z", "777z+pon", "--win", "2m", "--tsumo", "--seat", "E", "--dora", "6z"
    )
    assert status == 0
    # chun 1 + dora 3 (the 6z indicator makes 7z the dora: three of them); 20 + 4 (pon of honours) + 2 (dragon
    # pair) + 2 (tsumo) = 28 -> 30 fu; the dealer's 4 han 30 fu tsumo is 3,900 all.
    assert "yakuhai_chun                    1 han" in out and "dora                            3 han" in out
    assert "value: 4 han, 30 fu" in out
    assert "points: 11,700 (tsumo 3,900 all)" in out


def test_a_hand_with_the_wrong_number_of_tiles_is_refused_with_the_count(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _score(capsys, "234m567p11s", "--win", "2m")
    assert (status, out) == (1, "")
    assert "wrong tile count" in err and "14 concealed tiles" in err


def test_a_meld_without_its_kind_is_refused_with_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _score(capsys, "234m567p11s", "345s+chi", "678s", "--win", "2m")
    assert status == 1
    assert "needs its kind after '+'" in err


def test_json_lines_from_a_callers_text_stdin_answer_each_line_in_order(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = [
        {"hand": "234m567p11s345678s", "win": "2m", "riichi": True, "seat_wind": "S", "round_wind": "E"},
        "not json",
        {"hand": "234m567p11s345678s", "win": "2m", "ron": True},
        {
            "hand": "234m567p11s345678s",
            "win": "2m",
            "tsumo": True,
            "seat_wind": "E",
            "round_wind": "E",
            "ruleset": "ema2025",
        },
    ]
    text = "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    out_bytes = io.BytesIO()

    class _Out(io.TextIOWrapper):
        pass

    stdout = _Out(out_bytes, encoding="utf-8", write_through=True)
    monkeypatch.setattr("sys.stdout", stdout)
    status = main(["score", "--json"])
    stdout.flush()
    answers = [json.loads(line) for line in out_bytes.getvalue().decode("utf-8").splitlines()]
    assert status == 0
    assert [a["ok"] for a in answers] == [True, False, False, True]
    assert "unknown field(s) ['ron']" in answers[2]["error"]
    assert answers[0]["han"] == 2


@pytest.mark.parametrize("jobs", ["0", "two", "-3"])
def test_jobs_must_be_a_whole_number_of_processes(capsys: pytest.CaptureFixture[str], jobs: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["score", "--json", "--jobs", jobs])
    assert stopped.value.code == 2
    assert f"--jobs takes a whole number of processes, 1 or more, not '{jobs}'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("line", "said"),
    [
        (b"\xff{}", "line is not UTF-8 text (byte 0xff at position 0)"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("{} extra", "line is not JSON"),
        (
            json.dumps({"hand": "1m", "win": "1m", "seat_wind": "E", "round_wind": "E", "ruleset": "nope"}),
            "unknown ruleset 'nope'",
        ),
    ],
)
def test_a_line_that_is_no_hand_gets_an_answer_that_names_why(line: str | bytes, said: str) -> None:
    answer = answer_line(line)
    assert answer["ok"] is False
    assert said in answer["error"]


@pytest.mark.parametrize("ruleset", ["classical", {"preset": "classical"}])
def test_a_classical_line_goes_to_the_classical_scorer(ruleset: object) -> None:
    # The classical scorer reads it (and names the bad tiles), not the riichi one.
    answer = answer_line(json.dumps({"ruleset": ruleset, "hand": "nonsense"}))
    assert (answer["ok"], answer["kind"]) == (False, "TileParseError")
    assert "unexpected character 'n' at position 0 in 'nonsense'" in answer["error"]
