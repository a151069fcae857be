"""Each family of rules declares what it has (issue 24; python-chess's variants): the GUI asks, never tells apart."""

from __future__ import annotations

import pytest

from scorekeeper.session import family_of
from scorekeeper.session.rules import ruleset


@pytest.mark.parametrize("preset", ["tenhou", "ema2016", "classical", "classical-doubles"])
def test_a_family_says_what_it_has(preset: str) -> None:
    rules = ruleset(preset)
    family = family_of(rules)
    riichi = not preset.startswith("classical")
    # Seed 003: the classical family has no riichi, no honba, no chombo result, no abortive draws, no tenpai at a
    # draw, and values a win in table points; the riichi family has all of these and values in han and fu.
    assert family.has_riichi is riichi
    assert family.has_honba is riichi
    assert family.has_chombo is riichi
    assert family.has_abortive_draw_results is riichi
    assert family.has_tenpai_at_draw is riichi
    assert family.values_in_han_fu is riichi
    assert (family.table_rules(rules) is not None) is riichi
    if riichi:
        assert family.table_rules(rules) == rules.table


@pytest.mark.parametrize(
    ("preset", "overrides", "winners"),
    [
        pytest.param("tenhou", {}, 2, id="tenhou-double-ron-triple-aborts"),
        pytest.param("ema2016", {}, 3, id="ema-triple-ron-paid"),
        pytest.param("tenhou", {"double_ron": False, "triple_ron": "head_bump"}, 1, id="head-bump"),
        pytest.param("classical", {}, 1, id="classical-one-winner"),
    ],
)
def test_the_most_players_who_may_ron_one_discard(preset: str, overrides: dict[str, object], winners: int) -> None:
    rules = ruleset(preset, overrides)
    assert family_of(rules).most_ron_winners(rules) == winners


def test_abortive_draws_follow_the_table_rules_in_the_riichi_family() -> None:
    rules = ruleset("tenhou", {"abortive_draws": []})
    assert family_of(rules).has_abortive_draw_results
    assert not family_of(rules).has_abortive_draws(rules)
    assert family_of(ruleset("tenhou")).has_abortive_draws(ruleset("tenhou"))
    assert not family_of(ruleset("classical")).has_abortive_draws(ruleset("classical"))
