"""Of readings worth the same, the one with the most fu before rounding is shown (its breakdown adds up to more).

"The highest-scoring possibility must always be chosen" (EMA, seed 004, 6.1) decides the value; when two readings
pay the same, the breakdown shown is the one a player counting fu by hand would reach first: the larger raw total.
"""

from scorekeeper.engine.jsonio import score_json


def test_equal_readings_show_the_larger_raw_fu_111123456789m44p_ron_on_1m() -> None:
    """111m as a concealed triplet with 1m finishing 123m (38 fu) beats 111m finished by the shanpon (34 fu).

    Both round to 40 fu with ittsu; the breakdown shown is 20 + closed triplet of terminals 8 + closed ron 10.
    """
    answer = score_json({"hand": "111123456789m44p", "win": "1m", "seat_wind": "S", "round_wind": "E"})
    assert answer["ok"]
    assert answer["fu"] == 40
    items = {item["reason"]: item["fu"] for item in answer["fu_breakdown"]}
    assert sum(item["fu"] for item in answer["fu_breakdown"]) == 38
    assert items["closed_triplet_terminal_or_honor"] == 8
