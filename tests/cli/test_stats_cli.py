"""``scorekeeper import`` and ``scorekeeper stats --json`` (issue 14): exact figures, errors, idempotent imports.

The hand-computed games of tests/session/test_statistics.py go through files, ``import`` and ``stats --json``; then
a few hundred games (the real tenhou.net sample games and games played out by a seeded generator) are imported and
every player's figures are compared with figures derived from the records themselves: places and points from the
record's expected result (tenhou.net's, for the real games) and every count from the record's hands, each win's
value by the han/fu payment rule written out here (seed 000's table), not by the program's settlement.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.errors import ScorekeeperError
from scorekeeper.session import AbortReason, HanFuWin, Seat, Session, ruleset
from scorekeeper.session.events import AbortiveDraw, Chombo, ExhaustiveDraw, NagashiMangan, Ron, Tsumo
from scorekeeper.session.record import format_record, record_from_session
from tests.session.test_statistics import EXPECTED, sessions

SAMPLES = Path(__file__).parent.parent / "session" / "data" / "tenhou_games_sample.jsonl"


def _write_records(folder: Path, games: list[Session]) -> list[str]:
    paths = []
    for number, session in enumerate(games):
        path = folder / f"game{number}.json"
        path.write_text(json.dumps(format_record(record_from_session(session))), encoding="utf-8")
        paths.append(str(path))
    return paths


def _stats(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    capsys.readouterr()
    assert main(["stats", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_import_then_stats_gives_the_hand_computed_figures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "games.sqlite3")
    paths = _write_records(tmp_path, list(sessions()[:3]))
    assert main(["import", *paths, "--db", db]) == 0
    assert "imported 3 game(s)" in capsys.readouterr().out
    out = _stats(capsys, "--db", db)
    assert list(out) == ["players"]
    assert [p["player"] for p in out["players"]] == ["Aki", "Ben", "Cho", "Eve", "Dan"]  # by points
    assert out["players"] == [EXPECTED[p["player"]] for p in out["players"]]
    assert list(out["players"][0]) == list(EXPECTED["Aki"])  # the keys, in its order


def test_stats_for_one_player_and_a_ruleset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "games.sqlite3")
    main(["import", *_write_records(tmp_path, list(sessions()[:3])), "--db", db])
    assert _stats(capsys, "--db", db, "--player", "eve")["players"] == [EXPECTED["Eve"]]
    ema = _stats(capsys, "--db", db, "--ruleset", "ema2016")["players"]
    assert {p["player"]: p["points"] for p in ema} == {"Ben": 47.0, "Aki": 1.1, "Eve": -17.1, "Cho": -31.0}
    nothing = _stats(capsys, "--db", db, "--player", "Eve", "--ruleset", "tenhou")["players"]
    assert nothing[0]["games"] == 0
    assert nothing[0]["average_place"] is None


def test_importing_the_same_game_twice_changes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "games.sqlite3"
    paths = _write_records(tmp_path, list(sessions()))
    assert main(["import", *paths, "--db", str(db)]) == 0
    before = _stats(capsys, "--db", str(db))
    size = db.stat().st_size
    assert main(["import", *paths, paths[0], "--db", str(db)]) == 0
    assert "imported 0 game(s); 5 already in the store" in capsys.readouterr().out
    assert _stats(capsys, "--db", str(db)) == before
    assert db.stat().st_size == size


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param("{not json", "not a game record", id="not-json"),
        pytest.param('{"format": "other"}', "not a scorekeeper game record", id="other-format"),
        pytest.param(
            '{"format": "scorekeeper-game", "version": 1, "ruleset": "tenhou", "players": ["a", "b", "c", "d"],'
            ' "hands": [{"riichi": [], "result": {"type": "ron", "from": 0,'
            ' "wins": [{"seat": 0, "han": 1, "fu": 30}]}}]}',
            "hand 1",
            id="refused-hand",
        ),
    ],
)
def test_a_bad_file_is_a_clear_error_and_stores_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    db = tmp_path / "games.sqlite3"
    good = _write_records(tmp_path, [sessions()[0]])
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    assert main(["import", *good, str(bad), "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("scorekeeper import: error: ")
    assert str(bad) in err
    assert message in err
    assert "Traceback" not in err
    assert not db.exists()  # every file is read before the database is even opened


def test_stats_errors_are_clear(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(tmp_path / "none.sqlite3"), "--json"]) == 1
    assert "no such database file" in capsys.readouterr().err
    db = str(tmp_path / "games.sqlite3")
    main(["import", *_write_records(tmp_path, [sessions()[0]]), "--db", db])
    assert main(["stats", "--db", db, "--player", "Nobody"]) == 1
    assert "no player named 'Nobody'" in capsys.readouterr().err
    assert main(["stats", "--db", db, "--ruleset", "nonsense"]) == 1
    assert "unknown ruleset 'nonsense'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["stats", "--db", db, "--since", "yesterday"])
    assert "YYYY-MM-DD" in capsys.readouterr().err


def test_stats_without_json_prints_a_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "games.sqlite3")
    main(["import", *_write_records(tmp_path, list(sessions()[:3])), "--db", db])
    capsys.readouterr()
    assert main(["stats", "--db", db]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:2] == ["player", "games"]
    assert lines[1].split()[:5] == ["Aki", "3", "2/1/0/0", "1.333", "+98.1"]


# -- a few hundred games ------------------------------------------------------------------------------------------

NAMES = ("Aki", "Ben", "Cho", "Dan", "Eve", "Fumi", "Goro", "Hana", "Ichi", "Jun", "Kei", "Mio")


def _play(rng: random.Random) -> Session:
    """A tenhou.net game played to its end with plausible hands, all wins called out as han and fu."""
    session = Session(ruleset("tenhou"), rng.sample(NAMES, 4))
    for _ in range(200):
        if session.state.ended:
            break
        riichi = [s for s in Seat if rng.random() < 0.15 and session.state.scores[s] >= 1000]
        for seat in riichi:
            session.declare_riichi(seat)
        try:
            session.apply(_result(rng, riichi))
        except ScorekeeperError:  # a result the table (or the han/fu table) refuses: the hand is played again
            for _seat in riichi:
                session.undo()
    assert session.state.ended
    return session


def _result(rng: random.Random, riichi: list[Seat]) -> Any:
    """A plausible hand result: mostly wins called out as han and fu, some draws, a few aborts, nagashi, chombo."""
    roll = rng.random()
    winner = Seat(rng.randrange(4))
    tsumo = 0.45 <= roll < 0.75
    han = rng.choice([1, 1, 2, 2, 3, 3, 4, 5, 6, 8, 13])
    fu = 20 if tsumo and han > 1 and rng.random() < 0.2 else rng.choice([30, 30, 40, 50])
    if roll < 0.45:
        discarder = Seat((winner + rng.randrange(1, 4)) % 4)
        wins = [HanFuWin(seat=winner, han=han, fu=fu)]
        if rng.random() < 0.05:
            other = next(s for s in Seat if s not in (winner, discarder))
            wins.append(HanFuWin(seat=other, han=2, fu=30))
        return Ron(discarder, tuple(wins))
    if tsumo:
        return Tsumo(HanFuWin(seat=winner, han=han, fu=fu))
    if roll < 0.93:
        return ExhaustiveDraw(tuple(sorted({*riichi, *(s for s in Seat if rng.random() < 0.4)})))
    if roll < 0.96:
        return AbortiveDraw(AbortReason.KYUUSHU)
    if roll < 0.98:
        return NagashiMangan((winner,), tuple(riichi))
    return Chombo(winner)


def _hand_value(han: int, fu: int, *, dealer: bool, tsumo: bool) -> int:
    """A win's value before honba by seed 000's table: base points, limits from mangan, 13+ han a yakuman."""
    if han >= 13:
        base = 8000
    elif han >= 11:
        base = 6000
    elif han >= 8:
        base = 4000
    elif han >= 6:
        base = 3000
    else:
        base = min(fu * 2 ** (2 + han), 2000)

    def up(points: int) -> int:
        return -(-points // 100) * 100

    if not tsumo:
        return up(base * (6 if dealer else 4))
    if dealer:
        return 3 * up(base * 2)
    return up(base * 2) + 2 * up(base)


def _expected_from_records(cases: list[tuple[dict[str, Any], dict[str, Any]]]) -> dict[str, dict[str, Any]]:
    """Every player's figures from the records: their hands, and the final places and points they give."""
    rows: dict[str, dict[str, Any]] = defaultdict(
        lambda: {"games": 0, "places": [0, 0, 0, 0], "points": 0, "busts": 0, "chombo": 0, "hands": 0, "wins": 0,
                 "tsumo_wins": 0, "deal_ins": 0, "riichi": 0, "win_total": 0, "largest_win": 0}
    )  # fmt: skip
    for record, final in cases:
        players = record["players"]
        for seat, name in enumerate(players):
            row = rows[name]
            row["games"] += 1
            row["places"][final["places"][seat] - 1] += 1
            row["points"] += round(final["points"][seat] * 10)
            row["busts"] += final["scores"][seat] < 0
            row["hands"] += len(record["hands"])
        for hand, label in zip(record["hands"], final["labels"], strict=True):
            dealer = "1234".index(label[1])
            result = hand["result"]
            for seat in hand["riichi"]:
                rows[players[seat]]["riichi"] += 1
            if result["type"] == "chombo":
                rows[players[result["seat"]]]["chombo"] += 1
            wins = result["wins"] if result["type"] == "ron" else [result["win"]] if result["type"] == "tsumo" else []
            if result["type"] == "ron" and len(wins) == 3:
                continue  # tenhou.net: a triple ron is an abortive draw
            if result["type"] == "ron":
                rows[players[result["from"]]]["deal_ins"] += 1
            for win in wins:
                row = rows[players[win["seat"]]]
                value = _hand_value(
                    win["han"], win["fu"], dealer=win["seat"] == dealer, tsumo=result["type"] == "tsumo"
                )
                row["wins"] += 1
                row["tsumo_wins"] += result["type"] == "tsumo"
                row["win_total"] += value
                row["largest_win"] = max(row["largest_win"], value)
    return rows


def _places(scores: list[int]) -> list[int]:
    order = sorted(range(4), key=lambda s: (-scores[s], s))  # tenhou.net: ties by seat order
    return [order.index(s) + 1 for s in range(4)]


def test_import_then_stats_over_a_few_hundred_games_gives_the_figures_of_the_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases: list[tuple[dict[str, Any], dict[str, Any]]] = []
    lines = []
    for line in SAMPLES.read_text(encoding="utf-8").splitlines():
        sample = json.loads(line)
        record, expected = sample["record"], sample["expected"]
        scores = expected["final_scores"]
        labels = [h["label"] for h in _labels(record)]
        final = {"places": _places(scores), "points": expected["final_points"], "scores": scores, "labels": labels}
        cases.append((record, final))
        lines.append(json.dumps(record))
    rng = random.Random(14)
    for _ in range(300):
        session = _play(rng)
        state = session.state
        record = format_record(record_from_session(session))
        assert state.final is not None
        final = {
            "places": list(state.final.places),
            "points": list(state.final.points),
            "scores": list(state.final.scores),
            "labels": [h.label for h in state.hands],
        }
        cases.append((record, final))
        lines.append(json.dumps(record))
    games = tmp_path / "games.jsonl"
    games.write_text("\n".join(lines) + "\n", encoding="utf-8")
    db = str(tmp_path / "games.sqlite3")
    assert main(["import", str(games), "--db", db]) == 0
    out = _stats(capsys, "--db", db)["players"]
    expected = _expected_from_records(cases)
    assert sorted(p["player"] for p in out) == sorted(expected)
    assert sum(p["games"] for p in out) == 4 * len(cases)
    for entry in out:
        row = expected[entry["player"]]
        hands, wins = row["hands"], row["wins"]
        assert entry == {
            "player": entry["player"],
            "games": row["games"],
            "places": row["places"],
            "average_place": _round(sum(k * n for k, n in enumerate(row["places"], start=1)), row["games"], 3),
            "points": row["points"] / 10,
            "busts": row["busts"],
            "chombo": row["chombo"],
            "hands": hands,
            "wins": wins,
            "tsumo_wins": row["tsumo_wins"],
            "win_rate": _round(wins, hands, 4),
            "deal_ins": row["deal_ins"],
            "deal_in_rate": _round(row["deal_ins"], hands, 4),
            "riichi": row["riichi"],
            "riichi_rate": _round(row["riichi"], hands, 4),
            "average_win": None if not wins else int(_round(row["win_total"], wins, 0) or 0),
            "largest_win": row["largest_win"],
        }


def _round(numerator: int, denominator: int, places: int) -> float | None:
    """Half away from zero, in integers: numerator / denominator to ``places`` decimals."""
    if not denominator:
        return None
    scale: int = 10**places
    scaled = (abs(numerator) * scale * 2 + denominator) // (2 * denominator)
    signed: int = scaled if numerator >= 0 else -scaled
    return signed / scale


def _labels(record: dict[str, Any]) -> list[dict[str, Any]]:
    from scorekeeper.cli.replay import state_to_json
    from scorekeeper.session.record import parse_record

    hands: list[dict[str, Any]] = state_to_json(parse_record(record).replay())["hands"]
    return hands
