"""``scorekeeper ratings --json`` (issue 28) over a corpus of games equals openskill's own computation.

The corpus: the real tenhou.net sample games, a few hundred games played out by the seeded generator of
tests/cli/test_stats_cli.py, and EMA games ended with all four on equal points (a tie EMA shares). They are imported
with ``scorekeeper import``; the test then rates them itself, from the records alone: each game's places from its
final scores (tenhou.net's expected scores for the real games; ties broken by seat under tenhou.net's rules, shared
under EMA's), the games in the order imported, openskill's ``PlackettLuce().rate`` called directly, and tenhou.net's
R by its published formula written out here. Every figure must agree to 1e-6.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce, PlackettLuceRating

from scorekeeper.cli import main
from scorekeeper.session import Session, ruleset
from scorekeeper.session.record import format_record, record_from_session
from tests.cli.test_stats_cli import SAMPLES, _play
from tests.session.test_statistics import sessions


def _ratings(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    capsys.readouterr()
    assert main(["ratings", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _places(scores: list[int], *, shared: bool) -> list[int]:
    if shared:  # EMA: equal scores share the better place
        return [1 + sum(other > score for other in scores) for score in scores]
    order = sorted(range(4), key=lambda s: (-scores[s], s))  # tenhou.net: ties by seat order
    return [order.index(s) + 1 for s in range(4)]


def _tied_ema_game(names: list[str]) -> Session:
    session = Session(ruleset("ema2016"), names)
    session.draw([])
    session.end_game("time")
    return session


def _corpus() -> list[tuple[dict[str, Any], list[int]]]:
    """(record, places) for every game, in the order they are imported."""
    cases: list[tuple[dict[str, Any], list[int]]] = []
    for line in SAMPLES.read_text(encoding="utf-8").splitlines():
        sample = json.loads(line)
        cases.append((sample["record"], _places(sample["expected"]["final_scores"], shared=False)))
    rng = random.Random(28)
    for number in range(240):
        if number % 40 == 39:
            session = _tied_ema_game(rng.sample(["Aki", "Ben", "Cho", "Dan", "Eve", "Fumi"], 4))
        else:
            session = _play(rng)
        assert session.state.final is not None
        scores = list(session.state.final.scores)
        cases.append(
            (format_record(record_from_session(session)), _places(scores, shared=session.rules.preset != "tenhou"))
        )
    return cases


def _tenhou(cases: list[tuple[dict[str, Any], list[int]]]) -> dict[str, float]:
    """tenhou.net's R by its formula: R += factor x (place value + (table average - R) / 40)."""
    values = (30, 10, -10, -30)
    rating: dict[str, float] = {}
    games: dict[str, int] = {}
    for record, places in cases:
        names = record["players"]
        before = [rating.get(n, 1500.0) for n in names]
        average = sum(before) / 4
        for seat, name in enumerate(names):
            tied = places.count(places[seat])
            value = sum(values[places[seat] - 1 : places[seat] - 1 + tied]) / tied
            n = games.get(name, 0)
            factor = 1 - 0.002 * n if n < 400 else 0.2
            rating[name] = before[seat] + factor * (value + (average - before[seat]) / 40)
            games[name] = n + 1
    return rating


def test_ratings_json_equals_openskills_own_computation_over_a_corpus_of_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = _corpus()
    games = tmp_path / "games.jsonl"
    games.write_text("".join(json.dumps(record) + "\n" for record, _ in cases), encoding="utf-8")
    db = str(tmp_path / "games.sqlite3")
    assert main(["import", str(games), "--db", db]) == 0
    out = _ratings(capsys, "--db", db)["players"]

    model = PlackettLuce()
    own: dict[str, PlackettLuceRating] = {}
    played: dict[str, int] = {}
    for record, places in cases:
        names = record["players"]
        teams = [[own.get(n) or model.rating()] for n in names]
        for name, team in zip(names, model.rate(teams, ranks=[float(p) for p in places]), strict=True):
            own[name] = team[0]
            played[name] = played.get(name, 0) + 1
    tenhou = _tenhou(cases)

    assert sorted(p["player"] for p in out) == sorted(own)
    assert [list(p) for p in out] == [["player", "games", "mu", "sigma", "ordinal", "tenhou_rating"]] * len(out)
    for entry in out:
        mine = own[entry["player"]]
        assert entry["games"] == played[entry["player"]]
        assert entry["mu"] == pytest.approx(mine.mu, abs=1e-6)
        assert entry["sigma"] == pytest.approx(mine.sigma, abs=1e-6)
        assert entry["ordinal"] == pytest.approx(mine.ordinal(), abs=1e-6)
        assert entry["tenhou_rating"] == pytest.approx(tenhou[entry["player"]], abs=1e-6)
    assert [p["ordinal"] for p in out] == sorted((p["ordinal"] for p in out), reverse=True)


def _write(folder: Path, games: list[Session]) -> str:
    path = folder / "games.jsonl"
    path.write_text("".join(json.dumps(format_record(record_from_session(s))) + "\n" for s in games), encoding="utf-8")
    return str(path)


def test_ratings_filters_and_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "games.sqlite3")
    assert main(["import", _write(tmp_path, list(sessions()[:3])), "--db", db]) == 0
    everyone = _ratings(capsys, "--db", db)["players"]
    assert {p["player"] for p in everyone} == {"Aki", "Ben", "Cho", "Dan", "Eve"}  # the guest is not rated
    ema = _ratings(capsys, "--db", db, "--ruleset", "ema2016")["players"]
    assert sorted(p["player"] for p in ema) == ["Aki", "Ben", "Cho", "Eve"]
    with_eve = _ratings(capsys, "--db", db, "--opponent", "eve")["players"]
    assert with_eve == ema
    assert _ratings(capsys, "--db", db, "--since", "2999-01-01") == {"players": []}
    capsys.readouterr()
    assert main(["ratings", "--db", db, "--ruleset", "nonsense"]) == 1
    assert "unknown ruleset 'nonsense'" in capsys.readouterr().err
    assert main(["ratings", "--db", db, "--opponent", "Nobody"]) == 1
    assert "no player named 'Nobody'" in capsys.readouterr().err
    assert main(["ratings", "--db", str(tmp_path / "none.sqlite3")]) == 1
    assert "no such database file" in capsys.readouterr().err
    assert main(["ratings", "--db", db]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split() == ["player", "games", "mu", "sigma", "ordinal", "tenhou", "R"]
    assert len(table) == 6
