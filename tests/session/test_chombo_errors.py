"""A chombo records which error it was (issue 25, 3): the errors the EMA texts punish with a chombo (the 2025 annex's
penalty summary and the sections it rests on; RCR 2016 3.4.6's list), each cited by its own text's section, kept by
the event, the record, the store and the after-uma penalty's reason, and read back by the reason's one parser."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scorekeeper.errors import GameRecordError
from scorekeeper.session import Chombo, EndGame, ReasonCode, Session, event_from_json, event_to_json, read_reason
from scorekeeper.session.chombo_errors import (
    CHOMBO_ERROR_RULES,
    ChomboError,
    RuleText,
    chombo_choices,
    chombo_errors,
    chombo_section,
)
from scorekeeper.session.reasons import format_reason, word_reason
from scorekeeper.session.record import format_record, parse_record, record_from_session
from scorekeeper.session.rules import ruleset
from scorekeeper.session.sheet import game_sheet
from scorekeeper.storage.record_words import record_translator
from scorekeeper.storage.records import read_game_record_file, write_game_record_file
from scorekeeper.storage.store import GameStore
from tests.session.builders import PLAYERS, S0, S1, S2, game

_RULES = Path(__file__).resolve().parents[3] / "shared" / "rules"
_TEXTS = {RuleText.RCR2016: "Riichi-rules-2016-EN.txt", RuleText.EMA2025: "Riichi-rules-2025-EN.txt"}

#: What each section says of the error, in the text's own words (lower case, spaces as one).
_SAYS: dict[tuple[ChomboError, RuleText], str] = {
    (
        ChomboError.TOO_MANY_TILES_EXPOSED,
        RuleText.RCR2016,
    ): "if the game cannot continue, the offending player receives a chombo",
    (ChomboError.INVALID_WIN, RuleText.RCR2016): "invalidly declaring a win and showing the tiles",
    (
        ChomboError.CALL_WITH_DEAD_HAND,
        RuleText.RCR2016,
    ): "attempting to claim a tile after the hand has been declared a dead hand",
    (ChomboError.NOTEN_RIICHI, RuleText.RCR2016): "declaring riichi on a hand that is not waiting",
    (
        ChomboError.INVALID_QUAD_AFTER_RIICHI,
        RuleText.RCR2016,
    ): "making an invalid concealed kong after declaring riichi",
    (ChomboError.PLAY_CANNOT_CONTINUE, RuleText.RCR2016): "play cannot continue due to a mistake of a player",
    (
        ChomboError.TOO_MANY_TILES_EXPOSED,
        RuleText.EMA2025,
    ): "if the play cannot continue, the offending player is punished with a chombo",
    (
        ChomboError.DEAD_WALL_DRAW,
        RuleText.EMA2025,
    ): "drawing a tile from the wrong part of the dead wall is punished with a chombo",
    (
        ChomboError.DRAW_FROM_OPPONENT,
        RuleText.EMA2025,
    ): "drawing a tile from an opponent’s hand is punished with a chombo",
    (
        ChomboError.INVALID_WIN,
        RuleText.EMA2025,
    ): "a player who invalidly declares a win and reveals their tiles is punished with a chombo",
    (
        ChomboError.CALL_WITH_DEAD_HAND,
        RuleText.EMA2025,
    ): "with a previously declared dead hand is punished with a chombo",
    (
        ChomboError.RIICHI_WITH_DEAD_HAND,
        RuleText.EMA2025,
    ): "“riichi”, “chii”, “pon” or “kan” with a previously declared dead hand",
    (
        ChomboError.NOTEN_RIICHI,
        RuleText.EMA2025,
    ): "if a player has declared riichi with a noten hand, they are punished with a chombo",
    (
        ChomboError.INVALID_QUAD_AFTER_RIICHI,
        RuleText.EMA2025,
    ): "has declared an invalid concealed quad, they are punished with a chombo",
    (ChomboError.DISCARD_AFTER_RIICHI, RuleText.EMA2025): "discards a tile other than the drawn tile",
    (
        ChomboError.CALL_AFTER_RIICHI,
        RuleText.EMA2025,
    ): "the mistake cannot be corrected and the player is punished with a chombo",
    (
        ChomboError.PLAY_CANNOT_CONTINUE,
        RuleText.EMA2025,
    ): "unfixable errors that prevent the play from continuing fairly are punished with a chombo",
}


def _section_text(text: RuleText, section: str) -> str:
    """The body of ``section`` in ``text`` (its heading after the table of contents, to the next heading), in lower
    case with runs of white space as one space."""
    lines = (_RULES / _TEXTS[text]).read_text(encoding="utf-8").splitlines()
    heading = re.compile(r"\s*(\d+(?:\.\d+)+)\s+\S")
    starts = [k for k, line in enumerate(lines) if (m := heading.match(line)) and m.group(1) == section]
    assert starts, f"{text} has no section {section}"
    start = starts[-1]  # the first is the table of contents'
    end = next(
        (k for k in range(start + 1, len(lines)) if (m := heading.match(lines[k])) and m.group(1) != section),
        len(lines),
    )
    return " ".join(" ".join(lines[start:end]).lower().split())


@pytest.mark.parametrize("text", list(RuleText), ids=lambda t: t.name)
def test_each_error_is_cited_by_the_section_of_its_text_that_punishes_it_with_a_chombo(text: RuleText) -> None:
    cited = {error: chombo_section(error, text) for error in ChomboError}
    named = {error for (error, in_text) in _SAYS if in_text is text}
    assert {error for error, section in cited.items() if section is not None} == named
    for error in named:
        section = cited[error]
        assert section is not None
        body = _section_text(text, section)
        assert "chombo" in body, (error, section)
        assert _SAYS[error, text] in body, (error, section)


def test_the_ema2025_annex_chombo_column_has_a_kind_each_and_rcr2016_has_its_3_4_6_list_and_5_2() -> None:
    assert len(chombo_errors(RuleText.EMA2025)) == 11  # the annex's chombo column: 11 rows
    assert [chombo_section(e, RuleText.RCR2016) for e in chombo_errors(RuleText.RCR2016)] == [
        "5.2",
        "3.4.6",
        "3.4.6",
        "3.4.6",
        "3.4.6",
        "3.4.6",
    ]
    assert chombo_errors(None) == tuple(rule.error for rule in CHOMBO_ERROR_RULES)  # a game that follows no text
    assert dict(chombo_choices(ruleset("ema2025")))[ChomboError.INVALID_WIN] == "EMA 2025 6.8"
    assert dict(chombo_choices(ruleset("tenhou")))[ChomboError.INVALID_WIN] == ""


def test_the_chombo_event_writes_its_error_only_when_said() -> None:
    said = Chombo(S1, error=ChomboError.NOTEN_RIICHI)
    assert event_to_json(said) == {"type": "chombo", "seat": 1, "error": "noten_riichi"}
    assert event_from_json(json.loads(json.dumps(event_to_json(said)))) == said
    assert event_to_json(Chombo(S1)) == {"type": "chombo", "seat": 1}  # as every older log and record has it
    assert event_from_json({"type": "chombo", "seat": 1}) == Chombo(S1)


@pytest.mark.parametrize("error", ["mistake", 3, None, ""], ids=["unknown", "number", "null", "empty"])
def test_a_chombo_error_the_program_does_not_know_is_refused(error: object) -> None:
    with pytest.raises(GameRecordError, match=r"event chombo: .*error"):
        event_from_json({"type": "chombo", "seat": 1, "error": error})


@pytest.mark.parametrize(
    ("preset", "reason"),
    [
        ("ema2016", "chombo in E1 (invalid win shown, RCR 2016 3.4.6)"),
        ("ema2025", "chombo in E1 (invalid win shown, EMA 2025 6.8)"),
        ("mleague", "chombo in E1 (invalid win shown)"),
    ],
)
def test_the_after_uma_penalty_says_the_error_and_the_section_of_the_games_text(preset: str, reason: str) -> None:
    session = Session(ruleset(preset), PLAYERS, [Chombo(S2, error=ChomboError.INVALID_WIN), Chombo(S0)])
    session.apply(EndGame("time limit"))
    first, second = game_sheet(session.state).penalties
    assert (first.reason, second.reason) == (reason, "chombo in E1")
    read = read_reason(first.reason)
    assert (read.code, read.hand, read.error) == (ReasonCode.CHOMBO, "E1", ChomboError.INVALID_WIN)
    row = game_sheet(session.state).hands[0]
    assert row.chombo_error is ChomboError.INVALID_WIN


def test_a_kind_the_games_text_does_not_name_is_kept_without_a_section() -> None:
    session = Session(ruleset("ema2016"), PLAYERS, [Chombo(S2, error=ChomboError.DRAW_FROM_OPPONENT)])
    session.apply(EndGame(""))
    (penalty,) = game_sheet(session.state).penalties
    assert penalty.reason == "chombo in E1 (drew from an opponent's hand)"


@pytest.mark.parametrize("text", [None, *RuleText], ids=["none", "rcr2016", "ema2025"])
def test_every_chombo_reason_reads_back_with_its_hand_error_and_section(text: RuleText | None) -> None:
    for rule in CHOMBO_ERROR_RULES:
        section = None if text is None else chombo_section(rule.error, text)
        cited = "" if text is None or section is None else f"{text.value} {section}"
        for hand in ("E1", "S4", ""):
            written = format_reason(ReasonCode.CHOMBO, hand=hand, error=rule.error, cited=cited)
            read = read_reason(written)
            assert (read.code, read.hand, read.error, read.cited) == (ReasonCode.CHOMBO, hand, rule.error, cited)


@pytest.mark.parametrize("text", ["chombo", "chombo (a mistake)", "chombo in E2 (invalid win shown, EMA 2025 6.8.)"])
def test_a_typed_reason_that_only_looks_like_a_chombos_stays_as_typed(text: str) -> None:
    assert read_reason(text).code is None


def test_the_documents_word_the_error_in_japanese_and_keep_the_section() -> None:
    ja = record_translator("ja")
    assert word_reason("chombo in S3 (riichi on a noten hand, EMA 2025 6.6.2)", ja) == (
        "S3 のチョンボ (ノーテンリーチ, EMA 2025 6.6.2)"
    )
    assert word_reason("chombo (invalid win shown)", ja) == "チョンボ (誤和了 (手牌を公開))"


def test_the_error_survives_the_record_the_file_and_the_store(tmp_path: Path) -> None:
    session = game("ema2025")
    session.chombo(S1, ChomboError.CALL_AFTER_RIICHI)
    session.chombo(S2)
    record = format_record(record_from_session(session))
    assert record["hands"][0]["result"] == {"type": "chombo", "seat": 1, "error": "call_after_riichi"}
    assert record["hands"][1]["result"] == {"type": "chombo", "seat": 2}
    assert parse_record(json.loads(json.dumps(record))).replay().hands == session.state.hands
    write_game_record_file(tmp_path / "game.json", session)
    assert read_game_record_file(tmp_path / "game.json").state == session.state
    with GameStore.open(tmp_path / "games.sqlite3") as store:
        game_id = store.create_game(players=PLAYERS, ruleset="ema2025")
        for event in session.events:
            store.append(game_id, event, at=store.position(game_id))
    with GameStore.open(tmp_path / "games.sqlite3") as store:
        loaded = store.load(game_id).events
    assert loaded == session.events
    assert Session(session.rules, PLAYERS, loaded).state == session.state
