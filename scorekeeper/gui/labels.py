"""How numbers, winds and names read at the table: the GUI's only formatting of core values.

Points are ints in the core (STYLE 3); "25,000", "+8,000" and "東" are made only here, translated.
"""

from __future__ import annotations

from typing import assert_never

from PySide6.QtCore import QCoreApplication

from scorekeeper.session.chombo_errors import ChomboError, chombo_error_words
from scorekeeper.session.names import MAX_NAME, NameProblem, NameProblemKind
from scorekeeper.session.reasons import ReasonCode, read_reason
from scorekeeper.session.seats import Seat, seat_wind

__all__ = [
    "abort_name",
    "chombo_error_name",
    "chombo_error_text",
    "elide_name",
    "format_points",
    "format_signed",
    "knob_names",
    "limit_name",
    "name_problem_text",
    "reason_text",
    "round_name",
    "seat_winds",
    "short_label",
    "wind_name",
    "yaku_name",
]


_CONTEXT = "Labels"


def _t(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def seat_winds(dealer: int) -> tuple[str, str, str, str]:
    """Each seat's wind letter when ``dealer`` deals, as the session has it (``seat_wind``: the dealer is East)."""
    seat_0, seat_1, seat_2, seat_3 = (seat_wind(seat, Seat(dealer)).value for seat in Seat)
    return seat_0, seat_1, seat_2, seat_3


def format_points(points: int) -> str:
    """``25,000``; a negative score keeps its minus sign."""
    return f"{points:,}"


def format_signed(points: int) -> str:
    """``+8,000``, ``-3,900`` or ``±0``."""
    if points == 0:
        return "±0"
    return f"{points:+,}"


def wind_name(wind: str) -> str:
    """A wind's name from its letter E, S, W or N."""
    names = {"E": _t("East"), "S": _t("South"), "W": _t("West"), "N": _t("North")}
    return names.get(wind, wind)


def short_label(label: str, honba: int = 0) -> str:
    """A hand's short label as the history shows it: ``E1``, ``S3-2`` (``東1``, ``南3-2`` in Japanese)."""
    winds = {"E": _t("E"), "S": _t("S"), "W": _t("W"), "N": _t("N")}
    text = f"{winds.get(label[:1], label[:1])}{label[1:]}" if label else label
    return f"{text}-{honba}" if honba else text


def round_name(label: str) -> str:
    """``East 1`` for the label ``E1``."""
    if len(label) >= 2 and label[0] in "ESWN":
        return _t("{wind} {number}").format(wind=wind_name(label[0]), number=label[1:])
    return label


def limit_name(limit: str) -> str:
    """The translated name of a limit (mangan, haneman...)."""
    names = {
        "mangan": _t("Mangan"),
        "haneman": _t("Haneman"),
        "baiman": _t("Baiman"),
        "sanbaiman": _t("Sanbaiman"),
        "yakuman": _t("Yakuman"),
    }
    return names.get(limit, limit)


def abort_name(reason: str) -> str:
    """The translated name of an abortive draw."""
    names = {
        "kyuushu": _t("Nine terminals (kyuushu kyuuhai)"),
        "suufon": _t("Four winds (suufon renda)"),
        "suucha_riichi": _t("Four riichi (suucha riichi)"),
        "suukaikan": _t("Four kans (suukaikan)"),
        "sanchahou": _t("Triple ron (sanchahou)"),
    }
    return names.get(reason, reason)


def chombo_error_name(error: ChomboError) -> str:
    """The translated name of a chombo's error (``scorekeeper.session.chombo_errors``)."""
    match error:
        case ChomboError.INVALID_WIN:
            return _t("Invalid win shown")
        case ChomboError.NOTEN_RIICHI:
            return _t("Riichi on a noten hand")
        case ChomboError.INVALID_QUAD_AFTER_RIICHI:
            return _t("Invalid quad after riichi")
        case ChomboError.CALL_WITH_DEAD_HAND:
            return _t("Call or win with a dead hand")
        case ChomboError.RIICHI_WITH_DEAD_HAND:
            return _t("Riichi with a dead hand")
        case ChomboError.TOO_MANY_TILES_EXPOSED:
            return _t("Too many tiles exposed")
        case ChomboError.DEAD_WALL_DRAW:
            return _t("Drew from the dead wall")
        case ChomboError.DRAW_FROM_OPPONENT:
            return _t("Drew from an opponent's hand")
        case ChomboError.DISCARD_AFTER_RIICHI:
            return _t("Discard from the hand after riichi")
        case ChomboError.CALL_AFTER_RIICHI:
            return _t("Call for a set after riichi")
        case ChomboError.PLAY_CANNOT_CONTINUE:
            return _t("Play cannot continue")
        case _:
            assert_never(error)


def chombo_error_text(error: ChomboError, cited: str) -> str:
    """A chombo's error as the History and a reason say it: its name, and where the game's text gives it."""
    name = chombo_error_name(error)
    return _t("{error} ({section})").format(error=name, section=cited) if cited else name


def elide_name(name: str, limit: int = MAX_NAME) -> str:
    """``name`` as drawn where its room is counted in characters: cut to ``limit`` with an ellipsis when longer.

    A new name has at most ``MAX_NAME`` characters; a stored game, an imported record or a tournament table may
    carry longer ones (issue 24: they pushed the History's point columns behind a scroll bar and ran past the
    question on the table). Where the room is measured in pixels, ``ElidedLabel`` (gui/widgets/elided.py) cuts by
    the font instead. The full name stays in the tooltip.
    """
    return name if len(name) <= limit else name[: max(limit - 1, 1)].rstrip() + "…"


def name_problem_text(problem: NameProblem) -> str:
    """Why the session refuses a player's name (``scorekeeper.session.names``), worded for the field it is under."""
    match problem.kind:
        case NameProblemKind.EMPTY | NameProblemKind.NOT_TEXT:
            return _t("Every player needs a name.")
        case NameProblemKind.CONTROL:
            return _t("One line of text: no line breaks, tabs or control characters.")
        case NameProblemKind.SPACES:
            return _t("No spaces at the start or the end.")
        case NameProblemKind.TOO_LONG:
            return _t("At most {n} characters.").format(n=MAX_NAME)
        case NameProblemKind.DUPLICATE:
            return _t("Another player has this name (case is ignored).")
        case _:
            assert_never(problem.kind)


def reason_text(text: str) -> str:
    """A penalty's or an ending's reason in the window's language: a reason the program wrote (``chombo in E2``,
    ``time limit``: ``scorekeeper.session.reasons``) by its code, anything typed by a referee as it was typed."""
    reason = read_reason(text)
    match reason.code:
        case None:
            return text
        case ReasonCode.CHOMBO:
            chombo = _t("chombo in {hand}").format(hand=short_label(reason.hand)) if reason.hand else _t("chombo")
            if reason.error is None:
                return chombo
            # the error in the records' words (the Documents context: English reads as stored), the section as is
            said = QCoreApplication.translate("Documents", chombo_error_words(reason.error))
            return f"{chombo} ({said}, {reason.cited})" if reason.cited else f"{chombo} ({said})"
        case ReasonCode.TIME_LIMIT:
            return _t("time limit")
        case ReasonCode.REFEREE:
            return _t("ended by the referee")
        case _:
            assert_never(reason.code)


_YAKU = {
    "menzen_tsumo": "Menzen tsumo",
    "riichi": "Riichi",
    "double_riichi": "Double riichi",
    "ippatsu": "Ippatsu",
    "chankan": "Chankan",
    "rinshan_kaihou": "Rinshan kaihou",
    "haitei": "Haitei",
    "houtei": "Houtei",
    "pinfu": "Pinfu",
    "tanyao": "Tanyao",
    "iipeikou": "Iipeikou",
    "ryanpeikou": "Ryanpeikou",
    "yakuhai_haku": "Yakuhai: white dragon",
    "yakuhai_hatsu": "Yakuhai: green dragon",
    "yakuhai_chun": "Yakuhai: red dragon",
    "yakuhai_seat_wind": "Yakuhai: seat wind",
    "yakuhai_round_wind": "Yakuhai: round wind",
    "chiitoitsu": "Chiitoitsu",
    "chanta": "Chanta",
    "junchan": "Junchan",
    "ittsu": "Ittsu",
    "sanshoku_doujun": "Sanshoku doujun",
    "sanshoku_doukou": "Sanshoku doukou",
    "sankantsu": "Sankantsu",
    "toitoi": "Toitoi",
    "sanankou": "Sanankou",
    "shousangen": "Shousangen",
    "honroutou": "Honroutou",
    "honitsu": "Honitsu",
    "chinitsu": "Chinitsu",
    "renhou": "Renhou",
    "tenhou": "Tenhou",
    "chiihou": "Chiihou",
    "daisangen": "Daisangen",
    "suuankou": "Suuankou",
    "suuankou_tanki": "Suuankou tanki",
    "tsuuiisou": "Tsuuiisou",
    "ryuuiisou": "Ryuuiisou",
    "chinroutou": "Chinroutou",
    "chuuren_poutou": "Chuuren poutou",
    "junsei_chuuren_poutou": "Junsei chuuren poutou",
    "kokushi_musou": "Kokushi musou",
    "kokushi_musou_13": "Kokushi musou, 13-sided wait",
    "daisuushii": "Daisuushii",
    "shousuushii": "Shousuushii",
    "suukantsu": "Suukantsu",
}


def yaku_name(name: str) -> str:
    """The translated display name of a yaku (its engine name, e.g. ``yakuhai_haku``)."""
    return _t(_YAKU[name]) if name in _YAKU else name


def knob_names() -> dict[str, str]:
    """Each ruleset knob's name as the New game dialog shows it, translated (unknown knobs show their field name);
    error messages name knobs with it too."""
    return {
        "red_fives": QCoreApplication.translate("NewGameDialog", "Red fives count as dora"),
        "red_fives_per_suit": QCoreApplication.translate("NewGameDialog", "Red fives in the set (man, pin, sou)"),
        "open_tanyao": QCoreApplication.translate("NewGameDialog", "Open tanyao (kuitan)"),
        "kiriage_mangan": QCoreApplication.translate("NewGameDialog", "Kiriage mangan (4 han 30 fu, 3 han 60 fu)"),
        "kazoe": QCoreApplication.translate("NewGameDialog", "13+ han without a yakuman is worth"),
        "double_yakuman": QCoreApplication.translate("NewGameDialog", "Double yakuman hands"),
        "compound_yakuman": QCoreApplication.translate("NewGameDialog", "Several yakuman add up"),
        "double_wind_pair_fu": QCoreApplication.translate("NewGameDialog", "Fu for a double-wind pair"),
        "renhou": QCoreApplication.translate("NewGameDialog", "Renhou is worth"),
        "aotenjou": QCoreApplication.translate("NewGameDialog", "Aotenjou (no limits)"),
        "start_points": QCoreApplication.translate("NewGameDialog", "Starting points"),
        "return_points": QCoreApplication.translate("NewGameDialog", "Return points (oka to first)"),
        "uma": QCoreApplication.translate("NewGameDialog", "Uma, 1st to 4th (thousands)"),
        "length": QCoreApplication.translate("NewGameDialog", "Game length"),
        "honba_points": QCoreApplication.translate("NewGameDialog", "Points per honba"),
        "riichi_below_1000": QCoreApplication.translate("NewGameDialog", "Riichi allowed below 1,000 points"),
        "double_ron": QCoreApplication.translate("NewGameDialog", "Double ron"),
        "triple_ron": QCoreApplication.translate("NewGameDialog", "Triple ron"),
        "multiple_ron_honba": QCoreApplication.translate("NewGameDialog", "Honba on a multiple ron go to"),
        "multiple_ron_sticks": QCoreApplication.translate("NewGameDialog", "Riichi sticks on a multiple ron go to"),
        "noten_payment": QCoreApplication.translate("NewGameDialog", "Noten payment in total"),
        "nagashi": QCoreApplication.translate("NewGameDialog", "Nagashi mangan"),
        "abortive_draws": QCoreApplication.translate("NewGameDialog", "Abortive draws"),
        "renchan_on_tenpai": QCoreApplication.translate("NewGameDialog", "Dealer repeats when tenpai at a draw"),
        "renchan_on_abort": QCoreApplication.translate("NewGameDialog", "Dealer repeats after an abortive draw"),
        "chombo": QCoreApplication.translate("NewGameDialog", "Chombo is paid"),
        "chombo_points": QCoreApplication.translate("NewGameDialog", "Chombo penalty (points)"),
        "chombo_returns_riichi": QCoreApplication.translate("NewGameDialog", "Chombo returns the riichi sticks"),
        "pao_scope": QCoreApplication.translate("NewGameDialog", "Pao covers, with several yakuman"),
        "pao_yakuman": QCoreApplication.translate("NewGameDialog", "Yakuman with pao"),
        "bust": QCoreApplication.translate("NewGameDialog", "Bust ends the game (below zero)"),
        "extension": QCoreApplication.translate("NewGameDialog", "Extension round when nobody reaches the target"),
        "extension_rounds": QCoreApplication.translate("NewGameDialog", "Extension rounds at most (1: West only)"),
        "target_points": QCoreApplication.translate("NewGameDialog", "Target points"),
        "agari_yame": QCoreApplication.translate("NewGameDialog", "Agari-yame (leading dealer may stop)"),
        "tenpai_yame": QCoreApplication.translate("NewGameDialog", "Tenpai-yame"),
        "dealer_repeat_priority": QCoreApplication.translate(
            "NewGameDialog", "A dealer who stays in the last hand plays on, even past the target"
        ),
        "abortive_draw_ends": QCoreApplication.translate("NewGameDialog", "An abortive draw can end the game"),
        "leftover_sticks": QCoreApplication.translate("NewGameDialog", "Leftover riichi sticks go to"),
        "ties": QCoreApplication.translate("NewGameDialog", "Tied final scores"),
        "rounding": QCoreApplication.translate("NewGameDialog", "Plus-minus rounding"),
        "time_limit": QCoreApplication.translate("NewGameDialog", "When time is called"),
    }
