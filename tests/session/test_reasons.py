"""The reasons the program writes (an after-uma chombo's penalty, the time limit, the referee's end) read back as
stable codes with their fields, so a window can word them in its language; records keep the English text."""

from __future__ import annotations

import pytest

from scorekeeper.session import (
    Chombo,
    EndGame,
    LastHandCalled,
    ReasonCode,
    Seat,
    Session,
    format_reason,
    read_reason,
    round_label,
    ruleset,
    word_reason,
)
from scorekeeper.session.sheet import game_sheet
from scorekeeper.storage.record_words import record_translator
from scorekeeper.tournament import TimeLimitRule, time_limit_end


@pytest.mark.parametrize(
    ("code", "hand", "text"),
    [
        (ReasonCode.CHOMBO, "E2", "chombo in E2"),
        (ReasonCode.CHOMBO, "W1", "chombo in W1"),
        (ReasonCode.TIME_LIMIT, "", "time limit"),
        (ReasonCode.REFEREE, "", "ended by the referee"),
    ],
    ids=["chombo-e2", "chombo-west", "time-limit", "referee"],
)
def test_every_reason_the_program_writes_reads_back_as_its_code(code: ReasonCode, hand: str, text: str) -> None:
    assert format_reason(code, hand=hand) == text  # the English a record keeps, as before
    reason = read_reason(text)
    assert (reason.code, reason.hand, reason.text) == (code, hand, text)


@pytest.mark.parametrize("text", ["late to the table", "Time limit", "chombo in the toilet", "chombo in E2 ", ""])
def test_a_reason_a_referee_typed_stays_as_typed(text: str) -> None:
    reason = read_reason(text)
    assert (reason.code, reason.text) == (None, text)
    assert word_reason(text, record_translator("ja")) == text


def test_an_after_uma_chombo_penalty_names_its_hand_by_code() -> None:
    game = Session(ruleset("ema2016"), ["Ann", "Bo", "Cy", "Di"], [Chombo(Seat.SEAT_2), EndGame("time limit")])
    (penalty,) = game_sheet(game.state).penalties
    assert penalty.reason == "chombo in E1"
    reason = read_reason(penalty.reason)
    assert (reason.code, reason.hand) == (ReasonCode.CHOMBO, "E1")


def test_the_time_limit_writes_its_code() -> None:
    state = Session(ruleset("ema2016"), ["Ann", "Bo", "Cy", "Di"]).state
    for rule in TimeLimitRule:
        (event,) = time_limit_end(state, rule)
        assert isinstance(event, EndGame | LastHandCalled)
        assert read_reason(event.reason).code is ReasonCode.TIME_LIMIT


def test_the_documents_word_the_programs_reasons_in_japanese() -> None:
    ja = record_translator("ja")
    assert word_reason("chombo in S3", ja) == "S3 のチョンボ"
    assert word_reason("time limit", ja) == "時間切れ"
    assert word_reason("ended by the referee", ja) == "審判による終了"
    assert word_reason("chombo in S3", record_translator("en")) == "chombo in S3"


def test_a_chombo_in_any_hand_reads_back_with_its_label() -> None:
    for round_index in range(8):  # East to North, and past North where a custom ruleset's extensions wrap
        for dealer in Seat:
            label = round_label(round_index, dealer)
            reason = read_reason(format_reason(ReasonCode.CHOMBO, hand=label))
            assert (reason.code, reason.hand) == (ReasonCode.CHOMBO, label)
