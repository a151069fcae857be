"""Player statistics (issue 14): every figure of three small games worked out by hand, and the sum property.

The games (all arithmetic below is by hand from the rules the presets cite, not read back from the program):

Game 1, tenhou, seats Aki Ben Cho Dan, ends by a bust.
  E1    Ben riichi (24000). Aki (dealer) deals in to Cho 3 han 30 fu (3900) and Dan 2 han 30 fu (2000): a double
        ron; the stick goes to Cho, nearest the discarder's right. 19100 24000 29900 27000.
  E2    abortive draw (kyuushu): dealer Ben repeats, 1 honba.
  E2-1  Aki riichi; Dan chombo: a reverse mangan, 4000 to the dealer Ben and 2000 to each other; Aki's stick is
        returned. 21100 28000 31900 19000. The hand is replayed.
  E2-1  Cho nagashi mangan, Ben (dealer) tenpai: Ben pays 4000, Aki and Dan 2000 each: not a win.
        19100 24000 39900 17000. Ben repeats, 2 honba.
  E2-2  Aki tsumo yakuman (daisangen) with Dan liable (pao): Dan pays the whole 32000 and the 600 honba.
        51700 24000 39900 -15600: Dan is below zero, the game ends.
  Points (tenhou.net rounding): Cho 39.9 -> 40 - 30 + 10 = +20; Ben 24 - 30 - 10 = -16; Dan -15.6 -> -16 - 30 - 20
  = -66; Aki takes the rest, +62.
Game 2, ema2016, seats Ben Aki Eve Cho, ended by the referee after two hands.
  E1    Eve riichi, rons Aki with 234567m34555p678s on 8s: riichi, pinfu, tanyao, 3 han 30 fu = 3900, plus her
        stick. 30000 26100 33900 30000.
  E2    Ben rons Eve with a yakuman, Cho liable: EMA 6.2, Eve and Cho pay 16000 each. 62000 26100 17900 14000.
  Points (exact, uma 15/5/-5/-15, no oka): Ben +47.0, Aki -3.9 + 5 = +1.1, Eve -12.1 - 5 = -17.1, Cho -16 - 15 = -31.0.
Game 3, tenhou, seats Aki, a guest, Ben, Dan: one noten draw, then the referee ends it. All on 25000, places by
  seat order: the guest +5 (2nd), Ben -15, Dan -25, Aki the rest, +35.
Game 4 is not finished and counts for nobody.
"""

from __future__ import annotations

import contextlib
import datetime
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cli.stats import player_json
from scorekeeper.errors import IllegalActionError, ScorekeeperError
from scorekeeper.session import AbortReason, HandWin, HanFuWin, Seat, Session, YakumanWin, ruleset
from scorekeeper.session.statistics import (
    GameLines,
    PlayerTotals,
    Selection,
    club_totals,
    format_lines,
    game_lines,
    head_to_head,
    league_table,
    moving_average,
    parse_lines,
    player_history,
    player_statistics,
    round_half_up,
    seat_totals,
)
from tests.session.strategies import results

S0, S1, S2, S3 = Seat.SEAT_0, Seat.SEAT_1, Seat.SEAT_2, Seat.SEAT_3
DAYS = (datetime.date(2026, 1, 10), datetime.date(2026, 2, 1), datetime.date(2026, 3, 5), datetime.date(2026, 3, 6))


def game_1() -> Session:
    session = Session(ruleset("tenhou"), ("Aki", "Ben", "Cho", "Dan"))
    session.declare_riichi(S1)
    session.ron(S0, [HanFuWin(seat=S2, han=3, fu=30), HanFuWin(seat=S3, han=2, fu=30)])
    session.abort(AbortReason.KYUUSHU)
    session.declare_riichi(S0)
    session.chombo(S3)
    session.nagashi([S2], tenpai=[S1])
    session.tsumo(YakumanWin(seat=S0, yakuman=1, pao=S3))
    return session


EVE_HAND = {"hand": "234567m34555p678s", "win": "8s", "riichi": True}


def game_2() -> Session:
    session = Session(ruleset("ema2016"), ("Ben", "Aki", "Eve", "Cho"))
    session.declare_riichi(S2)
    session.ron(S1, [HandWin.from_input(S2, EVE_HAND)])
    session.ron(S2, [YakumanWin(seat=S0, yakuman=1, pao=S3)])
    session.end_game("time")
    return session


def game_3() -> Session:
    session = Session(ruleset("tenhou"), ("Aki", "", "Ben", "Dan"))
    session.draw([])
    session.end_game("time")
    return session


def game_4() -> Session:
    session = Session(ruleset("tenhou"), ("Aki", "Ben", "Cho", "Dan"))
    session.ron(S1, [HanFuWin(seat=S0, han=1, fu=30)])
    return session


def sessions() -> tuple[Session, Session, Session, Session]:
    return (game_1(), game_2(), game_3(), game_4())


def finished_lines() -> list[GameLines]:
    out = []
    for number, session in enumerate(sessions()[:3], start=1):
        players = [p or None for p in session.players]
        out.append(game_lines(session.state, game_id=number, played=DAYS[number - 1], players=players))
    return out


def _player(name: str, games: int, places: list[int], average_place: float | None, points: float, **rest: Any) -> Any:
    base: dict[str, Any] = {
        "player": name,
        "games": games,
        "places": places,
        "average_place": average_place,
        "points": points,
        "busts": 0,
        "chombo": 0,
        "hands": 0,
        "wins": 0,
        "tsumo_wins": 0,
        "win_rate": None,
        "deal_ins": 0,
        "deal_in_rate": None,
        "riichi": 0,
        "riichi_rate": None,
        "average_win": None,
        "largest_win": 0,
    }
    base.update(rest)
    return base


#: Every figure of the issue's JSON, worked out by hand from the games above.
EXPECTED: dict[str, Any] = {
    "Aki": _player(
        "Aki", 3, [2, 1, 0, 0], 1.333, 98.1, hands=8, wins=1, tsumo_wins=1, win_rate=0.125, deal_ins=2,
        deal_in_rate=0.25, riichi=1, riichi_rate=0.125, average_win=32000, largest_win=32000,
    ),
    "Ben": _player(
        "Ben", 3, [1, 0, 2, 0], 2.333, 16.0, hands=8, wins=1, win_rate=0.125, deal_in_rate=0.0, riichi=1,
        riichi_rate=0.125, average_win=32000, largest_win=32000,
    ),
    "Cho": _player(
        "Cho", 2, [0, 1, 0, 1], 3.0, -11.0, hands=7, wins=1, win_rate=0.1429, deal_in_rate=0.0, riichi_rate=0.0,
        average_win=3900, largest_win=3900,
    ),
    "Dan": _player(
        "Dan", 2, [0, 0, 0, 2], 4.0, -91.0, busts=1, chombo=1, hands=6, wins=1, win_rate=0.1667, deal_in_rate=0.0,
        riichi_rate=0.0, average_win=2000, largest_win=2000,
    ),
    "Eve": _player(
        "Eve", 1, [0, 0, 1, 0], 3.0, -17.1, hands=2, wins=1, win_rate=0.5, deal_ins=1, deal_in_rate=0.5, riichi=1,
        riichi_rate=0.5, average_win=3900, largest_win=3900,
    ),
}  # fmt: skip


def test_every_figure_of_the_small_games_is_the_hand_computed_one() -> None:
    table = league_table(finished_lines())
    assert {name: player_json(name, totals) for name, totals in table.items()} == EXPECTED


def test_a_guest_seat_counts_for_nobody_but_its_game_counts_for_the_others() -> None:
    table = league_table(finished_lines())
    assert "" not in table
    assert None not in table
    assert table["Aki"].games == 3


def test_an_unfinished_game_has_no_statistics() -> None:
    with pytest.raises(IllegalActionError, match="finished games only"):
        seat_totals(game_4().state)


def test_nagashi_is_not_a_win_and_a_chombo_hand_is_a_hand_played() -> None:
    cho, dan = seat_totals(game_1().state)[2:]
    assert cho.wins == 1  # the double ron only, not the nagashi
    assert cho.hands == dan.hands == 5  # the abort and the chombo hand count
    assert dan.chombo == 1


def test_a_pao_win_counts_its_whole_value_and_the_liable_player_did_not_deal_in() -> None:
    aki_1, _, _, dan_1 = seat_totals(game_1().state)  # tsumo pao: Dan paid all 32000
    ben_2, _, eve_2, cho_2 = seat_totals(game_2().state)  # ron pao: Eve and Cho paid 16000 each
    assert aki_1.win_points == ben_2.win_points == 32000
    assert dan_1.deal_ins == 0
    assert cho_2.deal_ins == 0
    assert eve_2.deal_ins == 1


def test_a_double_ron_is_one_deal_in_and_two_wins() -> None:
    aki, _, cho, dan = seat_totals(game_1().state)
    assert aki.deal_ins == 1
    assert (cho.wins, dan.wins) == (1, 1)
    assert (cho.win_points, dan.win_points) == (3900, 2000)  # the riichi stick Cho took is not in it


def test_yaku_han_fu_and_dora_come_from_the_hands_entered_as_tiles() -> None:
    table = league_table(finished_lines())
    eve = table["Eve"]
    assert eve.detailed_wins == 1
    assert eve.yaku_frequencies() == (
        ("pinfu", 1, Fraction(1)),
        ("riichi", 1, Fraction(1)),
        ("tanyao", 1, Fraction(1)),
    )
    assert (eve.average_han, eve.average_fu, eve.dora_per_win) == (Fraction(3), Fraction(30), Fraction(0))
    # Cho's and Dan's wins were called out as han and fu: they have han and fu, but no yaku or dora.
    cho, dan = table["Cho"], table["Dan"]
    assert (cho.average_han, cho.average_fu, cho.dora_per_win) == (Fraction(3), Fraction(30), None)
    assert (dan.average_han, dan.average_fu) == (Fraction(2), Fraction(30))
    # A yakuman called out as a count has no han and fu reading.
    assert table["Aki"].average_han is None


def test_selections_by_day_and_ruleset() -> None:
    games = finished_lines()
    ema = player_statistics(games, "Aki", Selection(ruleset="ema2016"))
    assert (ema.games, ema.points_tenths, ema.hands) == (1, 11, 2)
    spring = player_statistics(games, "Aki", Selection(since=DAYS[1], until=DAYS[2]))
    assert (spring.games, spring.points_tenths) == (2, 11 + 350)
    assert player_statistics(games, "Aki", Selection(until=DAYS[0] - datetime.timedelta(days=1))) == PlayerTotals()
    with_eve = player_statistics(games, "Aki", Selection(opponents=frozenset({"Eve"})))
    assert with_eve.games == 1


def test_head_to_head_against_each_opponent_met_often_enough() -> None:
    rows = {h.opponent: h for h in head_to_head(finished_lines(), "Aki", min_games=2)}
    assert set(rows) == {"Ben", "Cho", "Dan"}  # Eve met once
    assert rows["Ben"].totals.games == 3
    assert rows["Ben"].totals.average_place == Fraction(4, 3)
    assert rows["Dan"].totals.points_tenths == 620 + 350
    assert rows["Dan"].opponent_totals.points_tenths == -660 - 250
    assert rows["Cho"].totals.average_place == Fraction(3, 2)


def test_history_is_in_the_order_played() -> None:
    history = player_history(finished_lines(), "Aki")
    assert [(g.game_id, g.place, g.points_tenths) for g in history] == [(1, 1, 620), (2, 2, 11), (3, 1, 350)]


def test_lines_round_trip_through_json_and_rows() -> None:
    game = game_lines(game_2().state, played=DAYS[1])
    assert parse_lines(format_lines(game.rows, game.yaku)) == (game.rows, game.yaku, (0, 1, 2, 3))
    assert parse_lines(format_lines(game.rows, ((), (), (), ()))) == (game.rows, ((), (), (), ()), (0, 1, 2, 3))
    five = (*game.rows, game.rows[1])
    assert parse_lines(format_lines(five, (), (0, 1, 1, 2, 3))) == (five, ((),) * 5, (0, 1, 1, 2, 3))
    for line in seat_totals(game_2().state):
        assert PlayerTotals.from_row(line.to_row(), line.yaku) == line
    no_yaku = format_lines(game.rows, ((), (), (), ()))
    first, second, *rest = no_yaku.split(";")
    moved, _, kept = second.partition(",")
    shifted = ";".join([f"{first},{moved}", kept, *rest])  # every number there, one line too long, one too short
    for bad in (
        shifted,
        "1,2;3",
        "x",
        "1;2;3;4|[",
        no_yaku + '|[["a"]]',
        no_yaku + "@0,1,2",
        no_yaku + "@0,1,3,2",
        no_yaku + "@x",
    ):
        with pytest.raises(IllegalActionError, match="statistics lines"):
            parse_lines(bad)


def test_the_club_is_every_seat_guests_included() -> None:
    club = club_totals(finished_lines())
    assert (club.games, club.hands, club.wins, club.deal_ins) == (12, 4 * 5 + 4 * 2 + 4 * 1, 5, 3)
    assert club.points_tenths == 0  # plus-minus points sum to zero in every game


def test_moving_average_over_the_last_games() -> None:
    assert moving_average([10, 20, 60, -30], 3) == (Fraction(10), Fraction(15), Fraction(30), Fraction(50, 3))
    with pytest.raises(IllegalActionError, match="window of at least 1"):
        moving_average([1], 0)


def test_rounding_is_half_away_from_zero() -> None:
    assert str(round_half_up(Fraction(1, 8), 2)) == "0.13"
    assert str(round_half_up(Fraction(-1, 8), 2)) == "-0.13"
    assert str(round_half_up(Fraction(2, 3), 3)) == "0.667"


# -- the sum property --------------------------------------------------------------------------------------------


@st.composite
def finished_games(draw: st.DrawFn) -> GameLines:
    """A finished game folded from random results (refused ones skipped), ended by the referee if need be."""
    names = draw(st.permutations(["Aki", "Ben", "Cho", "Dan", "Eve"]))[:4]
    session = Session(ruleset(draw(st.sampled_from(["tenhou", "ema2016"]))), names)
    for result in draw(st.lists(results(full_hands=False), max_size=12)):
        if session.state.ended:
            break
        for seat in draw(st.sets(st.sampled_from(list(Seat)), max_size=2)):
            with contextlib.suppress(ScorekeeperError):
                session.declare_riichi(seat)
        try:
            session.apply(result)
        except ScorekeeperError:
            continue
    if not session.state.ended:
        session.end_game("")
    day = draw(st.dates(datetime.date(2026, 1, 1), datetime.date(2026, 12, 31)))
    return game_lines(session.state, game_id=draw(st.integers(1, 10_000)), played=day)


@settings(max_examples=40, deadline=None)
@given(games=st.lists(finished_games(), min_size=1, max_size=6), cut=st.integers(0, 6), data=st.data())
def test_statistics_over_a_selection_equal_the_sums_over_its_parts(
    games: list[GameLines], cut: int, data: st.DataObject
) -> None:
    first, second = games[:cut], games[cut:]
    for player in ("Aki", "Ben", "Cho", "Dan", "Eve"):
        whole = player_statistics(games, player)
        assert whole == player_statistics(first, player) + player_statistics(second, player)
        assert whole == league_table(games).get(player, PlayerTotals())
    day = data.draw(st.dates(datetime.date(2026, 1, 1), datetime.date(2026, 12, 31)))
    before, after = Selection(until=day - datetime.timedelta(days=1)), Selection(since=day)
    for player in ("Aki", "Eve"):
        assert player_statistics(games, player) == player_statistics(games, player, before) + player_statistics(
            games, player, after
        )


def test_rates_per_hand_of_the_hand_computed_games() -> None:
    table = league_table(finished_lines())
    assert table["Aki"].tsumo_rate == Fraction(1, 8)  # one tsumo win (game 1's daisangen) in Aki's 8 hands
    assert table["Dan"].chombo_rate == Fraction(1, 6)  # one chombo (game 1) in Dan's 6 hands
    assert table["Ben"].yaku_frequencies() == ()  # Ben's one win is a yakuman count: no yaku known
    assert PlayerTotals().tsumo_rate is None  # no hands, no rate


def test_totals_add_only_to_totals() -> None:
    with pytest.raises(TypeError):
        _ = PlayerTotals() + 1  # type: ignore[operator]


def test_a_game_has_a_line_of_counts_and_an_identity_per_seat() -> None:
    (line, *_) = finished_lines()
    with pytest.raises(IllegalActionError, match="a line of 21 counts per seat and substitute"):
        GameLines(game_id=1, played=DAYS[0], ruleset="tenhou", players=line.players, rows=line.rows[:3])
    with pytest.raises(IllegalActionError, match=r"every seat 0 to 3 in order, got \(0, 1, 2\)"):
        GameLines(game_id=1, played=DAYS[0], ruleset="tenhou", players=line.players, rows=line.rows, seats=(0, 1, 2))
    with pytest.raises(
        IllegalActionError, match=r"this game has 4 lines \(seats and substitutes\), got 3 player identities"
    ):
        game_lines(game_1().state, played=DAYS[0], players=["Aki", "Ben", "Cho"])
    assert [t.games for t in line.lines] == [1, 1, 1, 1]
