"""The words of the records people read (the PDF documents and the readable CSV) in each language, Qt-free.

``scorekeeper.documents`` and :func:`scorekeeper.storage.records.format_game_csv` pass every word through a
``translate`` callable. The command line gets it from :func:`record_translator` (``export --lang ja``); the app
passes Qt's translator with the context ``Documents``, whose Japanese comes from :data:`JA_RECORDS` too
(``scorekeeper/gui/translations/build.py`` merges it into ``ja.ts``), so both say the same words. Placeholders in
braces stay as they are. Mahjong terms are the usual Japanese table words (the GUI's ``translations/ja.py``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable

from scorekeeper.session.chombo_errors import CHOMBO_ERROR_RULES

__all__ = ["JA_RECORDS", "RECORD_WORDS_DYNAMIC", "RecordLanguage", "record_translator"]


class RecordLanguage(enum.StrEnum):
    """A language the records can be written in."""

    ENGLISH = "en"
    JAPANESE = "ja"


#: Words translated through a variable rather than a literal (seat winds, limit names, result types, abort
#: reasons): the build cannot find them by reading the code, so they are listed here for it and for the tests.
RECORD_WORDS_DYNAMIC: tuple[str, ...] = (
    "East",
    "South",
    "West",
    "North",
    "Mangan",
    "Haneman",
    "Baiman",
    "Sanbaiman",
    "Yakuman",
    "mangan",
    "haneman",
    "baiman",
    "sanbaiman",
    "yakuman",
    "ron",
    "tsumo",
    "draw",
    "nagashi",
    "abort",
    "chombo",
    "kyuushu",
    "suufon",
    "suucha riichi",
    "suukaikan",
    "sanchahou",
    "suucha_riichi",
    # the reasons the program writes (scorekeeper.session.reasons.word_reason)
    "chombo in {hand}",
    "time limit",
    "ended by the referee",
    # a chombo's error (scorekeeper.session.chombo_errors.CHOMBO_ERROR_RULES' words)
    *(rule.words for rule in CHOMBO_ERROR_RULES),
)

JA_RECORDS: dict[str, str] = {
    # the game record (PDF): scorekeeper/documents/_game.py
    "Game record": "対局記録",
    "Venue: {venue}": "会場: {venue}",
    "Table: {table}": "卓: {table}",
    "Ruleset: {name}": "ルール: {name}",
    "Changed from {preset}: {knobs}": "{preset} からの変更: {knobs}",
    "Players": "参加者",
    "Seat": "席",
    "First wind": "開始時の風",
    "Player": "プレイヤー",
    "Start": "開始点",
    "Final table": "最終結果",
    "Standings (the game has not ended)": "途中経過 (対局は終了していません)",
    "Place": "順位",
    "Score": "持ち点",
    "Uma/oka": "ウマ・オカ",
    "Penalties": "罰符",
    "Points": "ポイント",
    "Riichi sticks left on the table at the end: {n}.": "終局時に卓に残った立直棒: {n} 本。",
    "Penalties after uma": "ウマの後の罰符",
    "Reason": "理由",
    "Hands": "局",
    "#": "#",
    "Hand": "局",
    "Result": "結果",
    "Sticks": "供託",
    "Riichi: {names}": "立直: {names}",
    "Dead hand: {names}": "アガリ放棄: {names}",
    "Each player's change over the hand (riichi sticks put down included); Sticks: left on the table.": (
        "各プレイヤーのその局の増減 (出した立直棒を含む)。供託: 卓に残った立直棒。"
    ),
    "Each player's change over the hand.": "各プレイヤーのその局の増減。",
    "No hands were played.": "まだ 1 局も記録されていません。",
    "Scores over the game": "点数の推移",
    "{points} points": "{points} 点",
    "Yakuman": "役満",
    "{n}x yakuman": "{n} 倍役満",
    "{limit} ({han} han)": "{limit} ({han} 翻)",
    "{han} han {fu} fu": "{han} 翻 {fu} 符",
    "{value}, pao {name}": "{value}、包 {name}",
    "Ron: {winners} from {discarder}": "ロン: {winners} (放銃 {discarder})",
    "Tsumo: {winner}": "ツモ: {winner}",
    "Draw: all noten": "流局: 全員ノーテン",
    "Draw: tenpai {seats}": "流局: 聴牌 {seats}",
    "Nagashi mangan: {seats}": "流し満貫: {seats}",
    "Abortive draw: {reason}": "途中流局: {reason}",
    "Chombo: {name} ({amount})": "チョンボ: {name} ({amount})",
    "{points} after uma": "ウマの後 {points}",
    "{label} (replay)": "{label} (やり直し)",
    "East": "東",
    "South": "南",
    "West": "西",
    "North": "北",
    "Mangan": "満貫",
    "Haneman": "跳満",
    "Baiman": "倍満",
    "Sanbaiman": "三倍満",
    "kyuushu": "九種九牌",
    "suufon": "四風連打",
    "suucha riichi": "四家立直",
    "suucha_riichi": "四家立直",
    "suukaikan": "四開槓",
    "sanchahou": "三家和",
    # a seat a substitute took during the game: scorekeeper/documents/_game.py, storage/records.py
    "{name} (from hand {first})": "{name} ({first} 局目から)",
    "Players credited": "各プレイヤーの獲得ポイント",
    "From hand": "開始局",
    "players credited": "各プレイヤーの獲得ポイント",
    "first hand": "開始局",
    # tournament documents (PDF): scorekeeper/documents/tournament.py
    "Standings": "順位表",
    "{finished} games finished, {running} running": "終了 {finished} 対局、進行中 {running} 対局",
    "Rank": "順位",
    "Games": "対局",
    "S{k}": "{k}回戦",
    "Teams": "チーム",
    "Team": "チーム",
    "Members": "メンバー",
    "For": "対象",
    "session {k}": "第 {k} 回戦",
    "tournament": "大会全体",
    "Session": "回戦",
    "Table": "卓",
    "State": "状態",
    "finished": "終了",
    "running": "進行中",
    "Seats, scores and points": "席・持ち点・ポイント",
    "hands {first}-{last}, left": "{first}-{last} 局目、途中退席",
    "hand {first}, left": "{first} 局目、途中退席",
    "from hand {first}": "{first} 局目から",
    "no hand played, left": "1 局も打たずに退席",
    "Session {k}": "第 {k} 回戦",
    "Wall sheet": "掲示用の座席表",
    "Wind": "風",
    "Table cards": "卓ごとの座席カード",
    "Table {t}": "{t} 番卓",
    "Seating quality, sessions 1-{k}": "座席の質 (第 1〜{k} 回戦)",
    "Measure": "項目",
    "This seating": "この座席",
    "A random seating": "無作為な座席",
    "Pairs met twice or more": "2 回以上対戦した組",
    "Most meetings of a pair": "同じ組の最多対戦",
    "Winds per player (min-max)": "1 人の同じ風の回数 (最少-最多)",
    "Table revisits": "同じ卓番号への再着席",
    "Fewest common opponents of a pair never met": "未対戦の組の共通の対戦相手 (最少)",
    "Meetings of players kept apart": "離すべき選手同士の対戦",
    "Byes per player (min-max)": "1 人の抜け番の回数 (最少-最多)",
    "Byes: {names}": "抜け番: {names}",
    "all met": "全組が対戦済み",
    # the score sheets and all-last sheets: scorekeeper/documents/tournament.py
    "Score sheets": "点数表",
    "All-last sheets": "オーラス用紙",
    "left": "途中退席",
    "Final count": "最終持ち点",
    "Uma": "ウマ",
    "Final score": "最終スコア",
    "Signature": "署名",
    "Signed by the players (recorded by the referee).": "全員が署名済み (審判が記録)。",
    "Not signed yet: a sheet that is not signed is not valid (EMA 2025 7.5).": (
        "未署名: 署名のない点数表は無効です (EMA 2025 7.5)。"
    ),
    "No game recorded for this table: fill in by hand.": "この卓の対局は記録されていません: 手書きで記入してください。",
    "The game is still running: the figures are as it stands.": "対局は進行中です: 数字は現時点のものです。",
    "Each zone: the seat's wind and its score (total, or the difference from the start: all four alike).": (
        "各欄: 席の風と持ち点 (合計、または開始点との差。4 人とも同じ書き方で)。"
    ),
    # the readable CSV: scorekeeper/storage/records.py, format_game_csv
    "hand": "番号",
    "label": "局",
    "honba": "本場",
    "replay": "やり直し",
    "result": "結果",
    "winners": "和了者",
    "discarder": "放銃者",
    "han": "翻",
    "fu": "符",
    "yakuman": "役満",
    "limit": "満貫以上の区分",
    "classical value": "点数 (クラシック)",
    "pao": "包",
    "riichi": "立直",
    "tenpai": "聴牌",
    "abort": "途中流局",
    "chombo": "チョンボ",
    "chombo points": "チョンボの点数",
    "{name} change": "{name} 増減",
    "{name} score": "{name} 持ち点",
    "riichi sticks": "供託",
    "yes": "はい",
    "ron": "ロン",
    "tsumo": "ツモ",
    "draw": "流局",
    "nagashi": "流し満貫",
    "mangan": "満貫",
    "haneman": "跳満",
    "baiman": "倍満",
    "sanbaiman": "三倍満",
    "final table": "最終結果",
    "standings (game not ended)": "途中経過 (対局は終了していません)",
    "place": "順位",
    "seat": "席",
    "player": "プレイヤー",
    "score": "持ち点",
    "uma/oka": "ウマ・オカ",
    "penalties": "罰符",
    "points": "ポイント",
    "penalties after uma": "ウマの後の罰符",
    "reason": "理由",
    # the reasons the program writes (scorekeeper.session.reasons)
    "chombo in {hand}": "{hand} のチョンボ",
    "too many tiles exposed": "牌の露出が多すぎる",
    "drew from the dead wall": "王牌からのツモ",
    "drew from an opponent's hand": "他家の手牌からのツモ",
    "invalid win shown": "誤和了 (手牌を公開)",
    "call or win with a dead hand": "アガリ放棄後の鳴き・和了",
    "riichi with a dead hand": "アガリ放棄後のリーチ",
    "riichi on a noten hand": "ノーテンリーチ",
    "invalid quad after riichi": "リーチ後の不正な暗槓",
    "discard from the hand after riichi": "リーチ後の手出し",
    "call for a set after riichi": "リーチ後の鳴き",
    "play cannot continue": "続行不能",
    "time limit": "時間切れ",
    "ended by the referee": "審判による終了",
}


def _same(text: str) -> str:
    return text


def record_translator(language: RecordLanguage | str) -> Callable[[str], str]:
    """The ``translate`` callable for records in ``language`` ("en" or "ja"); a word without a translation stays.

    Raises:
        ValueError: an unknown language (the command line offers only the known ones).
    """
    if RecordLanguage(language) is RecordLanguage.JAPANESE:
        return lambda text: JA_RECORDS.get(text, text)
    return _same
