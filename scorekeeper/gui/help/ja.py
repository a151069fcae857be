# ruff: noqa: E501 - translation table: one entry per line reads best
"""Japanese text for the help windows, in the shape of ``scorekeeper/gui/translations/ja.py`` (English -> Japanese).

To merge into the app's translation (docs/help.md): in ``translations/ja.py`` add
``from scorekeeper.gui.help.ja import JA_HELP`` and ``JA.update(JA_HELP)``, then run
``python -m scorekeeper.gui.translations.build`` (it already finds the help's strings: ``self.tr`` in its classes
and ``_t`` in modules with a ``_CONTEXT``). Until then :func:`install_help_translator` serves these strings at
run time from this table, for the help's own contexts only.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

from scorekeeper.gui._compat import override

__all__ = ["HELP_CONTEXTS", "JA_HELP", "install_help_translator", "remove_help_translator"]

JA_HELP: dict[str, str] = {
    # menu
    "&Help": "ヘルプ(&H)",
    "&Guide": "使い方ガイド(&G)",
    "Where to tap for riichi, ron, tsumo, draws and undo": "立直・ロン・ツモ・流局・取り消しの押す場所",
    "&Yaku": "役一覧(&Y)",
    "Every yaku with its han and an example hand": "すべての役と翻数、例の手牌",
    "&Score tables": "点数表(&S)",
    "What each han and fu pays, for the rules of this game": "この対局のルールでの翻・符ごとの点数",
    "&About Scorekeeper": "このアプリについて(&A)",
    # common
    "Custom rules": "カスタムルール",
    "Tenhou": "天鳳",
    "M-League": "Mリーグ",
    "EMA 2016": "EMA 2016",
    "EMA 2025": "EMA 2025",
    "WRC 2015": "WRC 2015",
    "WRC 2022": "WRC 2022",
    "Close": "閉じる",
    # guide
    "Getting started": "はじめに",
    "Don't show this guide at start (F1 opens it any time)": "起動時にこのガイドを表示しない (F1 でいつでも開けます)",
    "‹ Back": "‹ 戻る",
    "Previous page (Left arrow)": "前のページ (←キー)",
    "Next page (Right arrow or Enter)": "次のページ (→キーまたは Enter)",
    "Close the guide (Escape)": "ガイドを閉じる (Esc)",
    "Welcome": "ようこそ",
    "This app keeps the score of a riichi mahjong game. The window shows the table from above: each player's seat wind, name and points. Tap a player's panel to see how far they are from the others.": "このアプリはリーチ麻雀の点数を記録します。画面は卓を上から見た形で、各プレイヤーの自風・名前・点数を表示します。プレイヤーの欄をタップすると、他家との点差が見られます。",
    "Riichi": "立直",
    "When a player declares riichi, tap Riichi on that player's panel. The 1,000-point stick goes to the table at once. Keyboard: Ctrl+1 to Ctrl+4.": "立直が宣言されたら、そのプレイヤーの欄の「立直」をタップします。1,000 点棒がすぐ供託に出ます。キーボード: Ctrl+1〜Ctrl+4。",
    "Ron and Tsumo": "ロンとツモ",
    "Someone won? Tap Ron for a win on another player's discard, Tsumo for a tile they drew themselves. Then tap the winner and, for ron, the player who discarded. One tap fewer: Win on the winner's panel, then the panel of the player who dealt in (or Tsumo in the middle).": "和了したら、他家の捨て牌での和了は「ロン」、自分で引いた牌なら「ツモ」をタップします。次に和了者を、ロンなら放銃者もタップします。1 タップ少なく: 和了者の枠の「和了」、次に放銃者の枠 (ツモなら中央の「ツモ」) をタップします。",
    "Enter the hand": "手牌の入力",
    "Give the hand's value on one of three tabs. Tiles: tap the tiles, or type them. Quick: tap the han and fu. Yaku list: tick the yaku and count the dora. The payments show before you confirm.": "3 つのタブのどれかで手の値を入力します。牌: 牌をタップするか文字で入力。翻符: 翻と符をタップ。役一覧: 役にチェックを入れ、ドラを数えます。確定の前に支払いが表示されます。",
    "m = characters, p = circles, s = bamboo, z = winds and dragons; 0 is a red five.": "m = 萬子、p = 筒子、s = 索子、z = 字牌 (風牌と三元牌)、0 は赤五。",
    "No winner": "和了なし",
    "The wall ran out? Tap Draw and tick the players who were ready (tenpai). Abort is for the abortive draws your rules allow, Chombo for a penalty.": "山が尽きたら「流局」をタップし、聴牌していたプレイヤーにチェックを入れます。「途中流局」はルールで認められた途中流局に、「チョンボ」は罰則に使います。",
    "Undo and history": "取り消しと履歴",
    "A mistake? Tap Undo (Ctrl+Z); Redo puts it back. The history lists every hand: double-tap one to correct it. Each hand is saved the moment you confirm it.": "間違えたら「戻す」(Ctrl+Z) をタップします。「やり直す」で元に戻ります。履歴にはすべての局が並び、ダブルタップで修正できます。各局は確定した時点で保存されます。",
    "Help is always here": "ヘルプはいつでもここに",
    "Press F1 for this guide again. The Help menu also has every yaku with an example, the score tables for your rules, and About.": "F1 でこのガイドをもう一度開けます。ヘルプメニューには、例つきの役一覧、ルールに合わせた点数表、このアプリについてがあります。",
    "{n} of {total}": "{n} / {total}",
    "Start playing": "対局を始める",
    "Next ›": "次へ ›",
    # hand picture
    "win": "和了牌",
    "chi": "チー",
    "pon": "ポン",
    "open kan": "明槓",
    "added kan": "加槓",
    "closed kan": "暗槓",
    # yaku reference
    "Yaku": "役",
    "Find a yaku…": "役を検索…",
    "Type part of a yaku's name to shorten the list.": "役名の一部を入力すると一覧が絞り込まれます。",
    "Values under: {rules}": "ルール: {rules}",
    "Example": "例",
    "Double yakuman": "ダブル役満",
    "Double yakuman under these rules": "このルールではダブル役満",
    "Yakuman": "役満",
    "Yakuman: counts as 13 han (no limits)": "役満: 13 翻として数えます (青天井)",
    "Yakuman: the top limit, {points} by ron ({dealer} for the dealer)": "役満: 最高の点数、ロンで {points} 点 (親は {dealer} 点)",
    "{n} han": "{n} 翻",
    "{n} han, closed hand only": "{n} 翻、門前のみ",
    "{n} han, open or closed": "{n} 翻、鳴いても可",
    "{closed} han closed, {open} han open (one less after a call)": "門前 {closed} 翻、鳴くと {open} 翻 (食い下がり)",
    "{closed} han ({open} open)": "{closed} 翻 (鳴き {open})",
    "Not a yaku": "役なし",
    "Not a yaku under these rules (the condition adds nothing)": "このルールでは役になりません (条件は何も加えません)",
    "A mangan, unless the hand is worth more": "満貫 (手がそれ以上の値ならその値)",
    "5 han, adds up with other yaku": "5 翻、他の役と複合",
    "Yakuman under these rules": "このルールでは役満",
    "Not counted under these rules": "このルールでは数えない",
    "Tsumo (self-drawn)": "ツモ (自摸)",
    "Ron (on a discard)": "ロン (他家の捨て牌)",
    "seat {wind}": "自風 {wind}",
    "round {wind}": "場風 {wind}",
    "{han} han {fu} fu": "{han} 翻 {fu} 符",
    "Scored by the engine under {rules}: {yaku} — {value} — {points} points": "{rules} ルールでの計算: {yaku} — {value} — {points} 点",
    # yaku explanations
    "Win by drawing the tile yourself with a closed hand (no calls).": "鳴かずに (門前で) 自分で引いた牌で和了る。",
    "Declare riichi with a closed, ready hand and put a 1,000-point stick on the table.": "門前で聴牌して立直を宣言し、1,000 点棒を供託に出す。",
    "Riichi declared on your very first discard, before anyone called a tile.": "誰も鳴いていない最初の捨て牌で立直する。",
    "Win within one go-round after your riichi, before any call interrupts it.": "立直後、鳴きが入らずに一巡以内に和了る。",
    "Win on the tile another player adds to their pon to make a kan.": "他家がポンに加えて加槓した牌で和了る。",
    "Win with the replacement tile you draw after declaring a kan.": "槓をした後の嶺上牌で和了る。",
    "Win by drawing the very last tile of the wall.": "山の最後の牌をツモって和了る。",
    "Win on the discard that follows the last tile of the wall.": "山の最後の牌の後の捨て牌で和了る。",
    "Closed hand of four runs and a pair that is no dragon, seat wind or round wind, won on a two-sided wait.": "門前で順子 4 つ、雀頭は三元牌・自風・場風以外、両面待ちで和了る。",
    "Only tiles 2 to 8: no 1s, no 9s, no winds, no dragons.": "2〜8 の数牌だけ。一・九牌と字牌なし。",
    "Closed hand with the same run twice in the same suit.": "門前で同じ順子を 2 つ。",
    "Closed hand with two different runs, each twice (counts instead of iipeikou).": "門前で一盃口を 2 組 (一盃口の代わりに数える)。",
    "A set of three (or four) white dragons.": "白の刻子 (または槓子)。",
    "A set of three (or four) green dragons.": "發の刻子 (または槓子)。",
    "A set of three (or four) red dragons.": "中の刻子 (または槓子)。",
    "A set of three (or four) of your own seat wind.": "自風の刻子 (または槓子)。",
    "A set of three (or four) of the round's wind (East in the East round).": "場風の刻子 (東場なら東)。",
    "Seven different pairs, closed.": "異なる 7 つの対子 (門前)。",
    "Every set and the pair hold a 1, a 9 or an honour tile, with at least one run.": "すべての面子と雀頭に一・九牌か字牌を含み、順子が 1 つ以上。",
    "Every set and the pair hold a 1 or a 9, no honour tiles, with at least one run.": "すべての面子と雀頭に一・九牌を含み、字牌なし、順子が 1 つ以上。",
    "The runs 1-2-3, 4-5-6 and 7-8-9 of one suit.": "同じ色で 123・456・789 の順子。",
    "The same run in all three suits.": "三色で同じ順子。",
    "A set of three of the same number in all three suits.": "三色で同じ数の刻子。",
    "Three kans, open or closed.": "槓子 3 つ (明槓・暗槓どちらでも)。",
    "Four sets of three (no runs) and a pair.": "刻子 4 つと雀頭 (順子なし)。",
    "Three sets of three made without calling (a set finished by a ron tile does not count).": "鳴かずに作った刻子 3 つ (ロン牌で完成した刻子は数えない)。",
    "Two dragon sets of three and a pair of the third dragon.": "三元牌の刻子 2 つと残りの三元牌の雀頭。",
    "Only 1s, 9s and honour tiles.": "一・九牌と字牌だけ。",
    "One suit plus honour tiles.": "1 色の数牌と字牌だけ。",
    "One suit only, no honour tiles.": "1 色の数牌だけ、字牌なし。",
    "A non-dealer wins by ron before their first draw, with no call made; its value is a rule.": "子が最初のツモの前に、鳴きのないままロンで和了る。値はルールで決まる。",
    "The dealer's starting fourteen tiles are already a winning hand.": "親の配牌 14 枚がすでに和了形。",
    "A non-dealer wins with their first draw, with no call made before it.": "子が鳴きのないまま最初のツモで和了る。",
    "Sets of three of all three dragons.": "三元牌すべての刻子。",
    "Four sets of three made without calling, won by tsumo.": "鳴かずに作った刻子 4 つ、ツモ和了。",
    "Four concealed sets of three, waiting on the pair (ron is fine too).": "暗刻 4 つで単騎待ち (ロンでも可)。",
    "Only winds and dragons.": "字牌だけ。",
    "Only green tiles: 2, 3, 4, 6, 8 of bamboo and the green dragon.": "緑の牌だけ: 索子の 2・3・4・6・8 と發。",
    "Only 1s and 9s.": "一・九牌だけ。",
    "Closed 1-1-1-2-3-4-5-6-7-8-9-9-9 of one suit plus one more of that suit.": "門前で同じ色の 1112345678999 と同じ色の牌 1 枚。",
    "Nine gates waiting on all nine tiles of the suit.": "九種の牌すべてを待つ九蓮宝燈。",
    "One of each 1, 9, wind and dragon, and a second of one of them.": "一・九牌と字牌を 1 枚ずつ、そのうち 1 種をもう 1 枚。",
    "Thirteen orphans waiting on all thirteen tiles.": "13 種すべてを待つ国士無双。",
    "Sets of three of all four winds.": "四風牌すべての刻子。",
    "Three wind sets of three and a pair of the fourth wind.": "風牌の刻子 3 つと残りの風牌の雀頭。",
    "Four kans.": "槓子 4 つ。",
    "riichi": "立直",
    "double riichi": "ダブル立直",
    "ippatsu": "一発",
    "last tile of the wall": "海底",
    "last discard": "河底",
    "replacement tile after a kan": "嶺上",
    "robbing a kan": "槍槓",
    "dealer's first draw": "親の第一ツモ",
    "first draw": "第一ツモ",
    "before the first draw": "第一ツモの前",
    # score tables
    "Score tables": "点数表",
    "Show the tables of another ruleset": "別のルールの点数表を見る",
    "This game ({rules})": "この対局 ({rules})",
    "Rules": "ルール",
    "Non-dealer": "子",
    "Dealer": "親",
    "Limit hands": "満貫以上",
    "{n} all": "{n} オール",
    "{n} fu": "{n} 符",
    "No hand has this han and fu.": "この翻と符の手はありません。",
    "{han} han {fu} fu: ron {ron}, tsumo {tsumo}": "{han} 翻 {fu} 符: ロン {ron}、ツモ {tsumo}",
    "In each cell: top, ron (the discarder pays it all); bottom, tsumo (each non-dealer / the dealer pays; a dealer's tsumo is paid the same by all three). Shaded cells are mangan. Honba and riichi sticks come on top.": "各欄の上はロン (放銃者が全額払う)、下はツモ (子の支払い / 親の支払い。親のツモは 3 人が同じ額を払う)。色付きの欄は満貫。本場と供託は別に加わります。",
    "Han": "翻",
    "Non-dealer ron": "子のロン",
    "Non-dealer tsumo": "子のツモ",
    "Dealer ron": "親のロン",
    "Dealer tsumo": "親のツモ",
    "yakuman yaku": "役満の役",
    "a double yakuman yaku, or two": "ダブル役満の役、または役満 2 つ",
    "two yakuman yaku": "役満の役 2 つ",
    "{n}+ han": "{n} 翻以上",
    "{a}-{b} han": "{a}〜{b} 翻",
    "No limits under these rules (aotenjou): the figures keep growing with han and fu.": "このルールには上限がありません (青天井): 翻と符に応じて点数が増え続けます。",
    "{han} han from {fu} fu": "{han} 翻 {fu} 符以上",
    "Mangan below 5 han: {list}.": "5 翻未満の満貫: {list}。",
    "Kiriage mangan: 4 han 30 fu and 3 han 60 fu are rounded up to mangan.": "切り上げ満貫: 4 翻 30 符と 3 翻 60 符は満貫になります。",
    "13 han or more without a yakuman yaku counts as a yakuman.": "役満の役がなくても 13 翻以上は役満 (数え役満)。",
    "13 han or more without a yakuman yaku stays a sanbaiman.": "役満の役がない 13 翻以上は三倍満のまま。",
    # about
    "About Scorekeeper": "このアプリについて",
    "Scorekeeper": "点数記録",
    "Version {version}": "バージョン {version}",
    "A riichi mahjong score keeper for the laptop beside the table: it scores each hand and keeps the four players' points to the final table.": "卓の横のノートパソコンで使うリーチ麻雀の点数記録: 各局の点数を計算し、4 人の点数を最終結果まで記録します。",
    "Free software under the MIT License: use, copy, change and share it.": "MIT ライセンスのフリーソフトウェア: 自由に使い、複製し、変更し、配布できます。",
    "Show the license": "ライセンスを表示",
    "Hide the license": "ライセンスを隠す",
    "Where the rules come from": "ルールの出典",
    "EMA Riichi Competition Rules, 2016 edition (European Mahjong Association)": "EMA リーチ競技ルール 2016 年版 (欧州麻雀協会)",
    "EMA Rules for Japanese Mahjong, 2025 edition (European Mahjong Association)": "EMA 日本麻雀ルール 2025 年版 (欧州麻雀協会)",
    "WRC 2022: the World Riichi Championship rules": "WRC 2022: World Riichi Championship ルール",
    "Tenhou.net ranked four-player rules": "天鳳 四人打ち段位戦ルール",
    "M-League rules": "M リーグ ルール",
    "A riichi book's chapter on scoring (seed 000)": "リーチ麻雀の本の点数計算の章 (seed 000)",
    "A beginner's lesson on scoring with its tables (seed 001)": "点数表つき初心者向け点数計算講座 (seed 001)",
    "A wiki page on Japanese mahjong scoring (seed 002)": "日本の麻雀の点数計算に関する wiki ページ (seed 002)",
    "The classical Chinese point-and-double system (seed 003)": "中国古典麻雀の点数と倍数の方式 (seed 003)",
    "WRC 2015: the World Riichi Championship rules' scoring chapter (seed 004)": "WRC 2015: 世界リーチ麻雀選手権ルールの点数計算の章 (seed 004)",
    "Each ruleset's values and their sources are listed in the README and docs/engine.md.": "各ルールの設定値と出典は README と docs/engine.md にあります。",
}

#: The translation contexts of the help's strings (class names for ``self.tr``, ``_CONTEXT`` for ``_t``).
HELP_CONTEXTS = frozenset(
    {
        "AboutDialog",
        "GuideDialog",
        "HandPictureWidget",
        "HelpCommon",
        "HelpMenu",
        "ScoreTablesDialog",
        "YakuHelp",
        "YakuReferenceDialog",
    }
)


class _HelpTranslator(QTranslator):
    """Answers the help's own contexts from :data:`JA_HELP` while the default locale is Japanese; every other
    string goes on to the app's translator."""

    @override
    def translate(self, context: str, source_text: str, disambiguation: str | None = None, n: int = -1) -> str:
        # Only while the app runs in Japanese: ``i18n.install_language(ENGLISH)`` resets the default locale but
        # does not know this translator (the screenshot command switches languages in one process).
        if context in HELP_CONTEXTS and QLocale().language() == QLocale.Language.Japanese:
            found = JA_HELP.get(source_text)
            if found is not None:
                return found
        return None  # type: ignore[return-value]  # a null QString: "not mine", the next translator is asked

    @override
    def isEmpty(self) -> bool:  # noqa: N802 - Qt's name
        return False


_installed: _HelpTranslator | None = None


def install_help_translator() -> None:
    """Install the help's Japanese strings on the running application (once)."""
    global _installed  # noqa: PLW0603 - one translator per process
    if _installed is not None:
        return
    app = QCoreApplication.instance()
    assert app is not None, "create the QApplication first"
    _installed = _HelpTranslator(app)
    QCoreApplication.installTranslator(_installed)


def remove_help_translator() -> None:
    """Take the help's Japanese strings away again (a switch back to English in the same process)."""
    global _installed  # noqa: PLW0603 - one translator per process
    if _installed is not None:
        QCoreApplication.removeTranslator(_installed)
        _installed = None
