"""``scorekeeper waits`` in the test's own process: each wait's value as a person reads it, a wait without a yaku
named as such, melds given with their kind, and a meld without one refused with an example."""

from __future__ import annotations

import pytest

from scorekeeper.cli import main


def _waits(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["waits", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_wait_without_a_yaku_on_a_ron_says_it_cannot_win_and_the_tsumo_still_counts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 123m 456p 789s 11z 222z as the dealer in the East round: on 1z (a triplet of the double East) the ron is
    # yakuhai; on 2z (South, nobody's wind) only menzen tsumo gives a yaku.
    status, out, _ = _waits(capsys, "123m456p789s1122z")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "1z: ron 3,900 (2 han 40 fu); tsumo 6,000 (3 han 30 fu)"
    assert lines[1].startswith("2z: ron cannot win: ") and "has no yaku" in lines[1]
    assert lines[1].endswith("; tsumo 2,100 (1 han 40 fu)")


def test_a_dealer_with_three_wind_pons_names_the_mangan_of_each_wait(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _waits(capsys, "2345m", "111z+pon", "222z+pon", "333z+pon")
    assert status == 0
    assert out.splitlines() == [
        "2m: ron 12,000 (4 han 40 fu, mangan); tsumo 12,000 (4 han 40 fu, mangan)",
        "5m: ron 12,000 (4 han 40 fu, mangan); tsumo 12,000 (4 han 40 fu, mangan)",
    ]


def test_a_meld_without_its_kind_is_refused_with_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _waits(capsys, "234m567p11s", "345s")
    assert (status, out) == (1, "")
    assert "meld '345s' needs its kind after '+', e.g. 345s+chi or 1111z+ankan" in err
