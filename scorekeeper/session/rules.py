"""Table rules: every knob that decides how a table settles hands and ends a game, and the named presets.

A :class:`Ruleset` pairs these :class:`TableRules` with the engine's :class:`~scorekeeper.engine.rules.HandRules`
under the same preset names (``ema2016``, ``ema2025``, ``wrc2015``, ``wrc2022``, ``tenhou``, ``mleague``,
``custom``).

Sources, cited per value below:
  [issue3]  the issue text (tenhou.net's four-player hanchan, and the EMA presets' summary of the EMA rules).
  [issue9]  issue 9, which corrects issue 3: tenhou.net's game end (section 1), the two EMA texts (section 2).
  RCR 2016  EMA Riichi Competition Rules, 2016 edition (``ema2016``), cited by section (../shared/rules/).
  EMA 2025  EMA Rules for Japanese Mahjong, 2025 edition, version 1.1 (``ema2025``), cited by section.
  seed 004  the text ``wrc2015`` follows, cited by section: WRC 2015's scoring chapter beside RCR 2012 (issue 9
            took it for the later EMA text; docs/sources.md).
  [WRC]     World Riichi Championship rules 2022 (no seed: values from the issue and general knowledge, marked
            "unverified" where no text we hold confirms them).
  [ML]      M-League rules (no seed: general knowledge, marked "unverified").
Where sources disagree, the comment says so and which value the preset takes.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import Any, assert_never

from scorekeeper.engine.knobs import coerce_knob
from scorekeeper.engine.rules import PRESET_NAMES, HandRules, hand_rules
from scorekeeper.errors import ErrorCode, InvalidRulesetError
from scorekeeper.session.classical_rules import CLASSICAL_PRESET_NAMES, ClassicalGameRules, classical_game_rules
from scorekeeper.session.events import AbortReason, LastHandCalled

__all__ = [
    "CLASSICAL_PRESET_NAMES",
    "LIABLE_YAKUMAN",
    "PRESET_NAMES",
    "ChomboSettlement",
    "Family",
    "GameLength",
    "HonbaSplit",
    "LeftoverSticks",
    "PaoScope",
    "PointsRounding",
    "RiichiRules",
    "Ruleset",
    "StickSplit",
    "TableRules",
    "TieBreak",
    "TimeLimitRule",
    "TripleRon",
    "last_hand_call",
    "ruleset",
    "table_rules",
]


class GameLength(enum.StrEnum):
    """How many rounds the game has before any extension."""

    HANCHAN = "hanchan"  # East and South rounds
    TONPUUSEN = "tonpuusen"  # East round only


class TripleRon(enum.StrEnum):
    """What happens when three players ron the same discard."""

    ALLOWED = "allowed"  # all three are paid
    ABORT = "abort"  # an abortive draw (sanchahou)
    HEAD_BUMP = "head_bump"  # only the winner nearest the discarder's right wins (atamahane)


class HonbaSplit(enum.StrEnum):
    """Who gets the honba on a multiple ron."""

    EACH = "each"  # every winner is paid the honba by the discarder
    NEAREST = "nearest"  # only the winner nearest the discarder's right


class StickSplit(enum.StrEnum):
    """Who gets the riichi sticks on the table on a multiple ron."""

    NEAREST = "nearest"  # all of them to the winner nearest the discarder's right
    OWN_BACK = "own_back"  # each winner who declared riichi this hand takes back their stick; the rest to the nearest


class ChomboSettlement(enum.StrEnum):
    """How a chombo is paid."""

    REVERSE_MANGAN = "reverse_mangan"  # at once, as if the others won a mangan tsumo from the offender
    AFTER_UMA = "after_uma"  # a fixed penalty (``chombo_points``) taken from the plus-minus after uma


class LeftoverSticks(enum.StrEnum):
    """Where the riichi sticks still on the table at the end of the game go."""

    FIRST = "first"  # to first place (ties already broken by the tie rule)
    SPLIT_FIRST = "split_first"  # split between the players tied for the most points (odd 100s to the earlier seat)
    # Split between the tied leaders, each share rounded down to the point (EMA 2025 3.7: "any decimals are rounded
    # down"): 1,000 among three is 333 each, and the odd point leaves the game.
    SPLIT_FIRST_ROUND_DOWN = "split_first_round_down"
    LOST = "lost"  # nobody: they leave the game


class TieBreak(enum.StrEnum):
    """How equal final scores are placed."""

    SEAT_ORDER = "seat_order"  # the earlier seat (seat 0 first) takes the higher place
    SPLIT = "split"  # tied players share the place and split its uma (and oka)


class PointsRounding(enum.StrEnum):
    """How final scores become plus-minus points."""

    EXACT = "exact"  # (score - return) / 1000 + uma (+ oka), exact to 0.1
    TENHOU = "tenhou"  # score / 1000 rounded half away from zero, minus return/1000, plus uma; first takes the rest


class PaoScope(enum.StrEnum):
    """What a liable player covers when the hand has other yakuman besides the liable one."""

    LIABLE_ONLY = "liable_only"  # only the liable yakuman; the rest is paid as usual (Japanese rules)
    FULL = "full"  # the whole hand (seed 004 6.2: "still liable even if the hand also qualifies for another yakuman")
    # The whole hand on a tsumo, only the liable yakuman on a ron (tenhou.net: a real 2019 hanchan, issue 25 section
    # 4: a non-dealer's tsumo of a double yakuman, one of them liable, charged the liable player 64,000 plus the
    # counters; what tenhou.net does on a ron of such a hand is not seen in the games held here).
    FULL_ON_TSUMO = "full_on_tsumo"


class TimeLimitRule(enum.StrEnum):
    """What a time signal (time called in a timed session) leaves of a game.

    A knob of the table rules (``TableRules.time_limit``), each preset's the rule of its text; a tournament plays
    its ruleset's unless its settings say otherwise.
    """

    # The hand in play when time is called is finished, then the game ends (a chombo ends it too).
    FINISH_HAND = "finish_hand"
    # Time ends the game at once (some club leagues): the referee ends every game when time is called.
    STOP_NOW = "stop_now"
    # RCR 2016 5.9: "the current hand is finished, and one more hand is played"; a hand begins when the dice are
    # thrown (a signal before them leaves only that hand: the table says so), and "In case of chombo there is a
    # complete re-deal, i.e. it does not count as a hand played".
    ONE_MORE_HAND = "one_more_hand"
    # EMA 2025 7.4: the current hand and one more; a hand starts the moment the previous one ends, and "A chombo
    # after the time signal is treated as one of the remaining hands".
    ONE_MORE_HAND_CHOMBO_COUNTS = "one_more_hand_chombo_counts"

    @property
    def asks_about_the_dice(self) -> bool:
        """Whether the table must say if the dice of the hand in play were thrown when time was called (RCR 2016
        5.9: "If the dice have not been thrown yet when the time signal sounds, the players will play only the
        current hand"); EMA 2025 7.4 starts a hand as soon as the previous one ends."""
        return self is TimeLimitRule.ONE_MORE_HAND


def last_hand_call(rule: TimeLimitRule, reason: str = "", *, hand_started: bool = True) -> LastHandCalled:
    """The call a time signal makes under ``rule`` (for ``stop_now`` the caller ends the game instead; the call is
    then ``finish_hand``'s).

    ``hand_started`` is RCR 2016 5.9's "A hand begins when the dice are thrown": a signal between hands, before the
    dice of the next, leaves only that hand (the table says which). EMA 2025 7.4 starts a hand as soon as the
    previous ends, so it does not ask.
    """
    match rule:
        case TimeLimitRule.FINISH_HAND | TimeLimitRule.STOP_NOW:
            return LastHandCalled(reason)
        case TimeLimitRule.ONE_MORE_HAND:
            return LastHandCalled(reason, more=1 if hand_started else 0, chombo_counts=False)
        case TimeLimitRule.ONE_MORE_HAND_CHOMBO_COUNTS:
            return LastHandCalled(reason, more=1, chombo_counts=True)
        case _:
            assert_never(rule)


def _default_aborts() -> frozenset[AbortReason]:
    return frozenset()


#: Big three dragons and big four winds: the liability yakuman of seed 004 6.2 and of Japanese rules.
_PAO_YAKUMAN = frozenset({"daisangen", "daisuushii"})


def _default_pao() -> frozenset[str]:
    return _PAO_YAKUMAN


#: The yakuman some rulesets make liable (issue 3), the choices of ``TableRules.pao_yakuman`` in the order a
#: ruleset editor lists them: the two of seed 004 plus four kans, all honours, all green and all terminals.
LIABLE_YAKUMAN: tuple[str, ...] = ("daisangen", "daisuushii", "suukantsu", "tsuuiisou", "ryuuiisou", "chinroutou")
_LIABLE_CANDIDATES = frozenset(LIABLE_YAKUMAN)


@dataclass(frozen=True, slots=True, kw_only=True)
class TableRules:
    """The knobs that decide how a table settles hands and ends the game.

    Attributes:
        name: the preset this came from (``custom`` once overridden).
        start_points: each player's score at the start.
        return_points: the score subtracted at the end (genten); oka = 4 x (return - start) to first place.
        uma: plus-minus points added by place (1st..4th), in thousands of points; must sum to zero.
        length: hanchan or tonpuusen.
        honba_points: what one honba adds to a win: paid by the discarder on ron, a third by each payer on tsumo.
        riichi_below_1000: riichi may be declared with under 1000 points (the score may go negative).
        double_ron: two players may both ron one discard; otherwise head bump (only the nearest wins).
        triple_ron: what three rons on one discard do.
        multiple_ron_honba: who gets the honba on a multiple ron.
        multiple_ron_sticks: who gets the riichi sticks on a multiple ron.
        noten_payment: the total paid by noten to tenpai players at an exhaustive draw (0: none).
        nagashi: nagashi mangan is recognised (paid as a mangan tsumo with no honba, sticks stay).
        abortive_draws: the abortive draws the ruleset allows.
        renchan_on_tenpai: the dealer repeats when tenpai at an exhaustive draw.
        renchan_on_abort: the dealer repeats after an abortive draw.
        chombo: how a chombo is paid.
        chombo_points: the fixed chombo penalty in points (used with ``AFTER_UMA``).
        chombo_returns_riichi: the riichi sticks declared in a chombo hand go back to their owners.
        pao_scope: what the liable player covers with compound yakuman.
        pao_yakuman: the yakuman (engine ``Yaku`` values) a feeding player can be liable for.
        bust: a score strictly below zero ends the game at once.
        extension: when the dealership passes in the last regular hand and nobody has ``target_points``, play on
            into extension rounds in sudden death: the game ends after any hand in which someone has the target
            (unless the dealer stays, see ``dealer_repeat_priority``), and when the dealership passes in the last
            extension round's fourth hand whatever the scores.
        extension_rounds: how many extension rounds there may be (1: West only, no North round).
        target_points: the score that ends the game in the extension (and that agari-yame and tenpai-yame need
            with an extension).
        agari_yame: in the last regular hand and in every extension hand, a dealer who wins (and so stays) and is
            then first (ties by seat order) with ``target_points`` or more (with an extension) ends the game.
        tenpai_yame: the same for a dealer who stays by being tenpai at an exhaustive draw or a nagashi.
        dealer_repeat_priority: in the last regular hand and the extension, a dealer who stays and is not stopped
            by agari-yame or tenpai-yame plays on, even when another player reached the target. Without it, a
            dealer's repeat ends the game whenever a pass would.
        abortive_draw_ends: an abortive draw can end the game (when it passes the dealership in the last hand);
            without it an abortive draw never ends the game.
        leftover_sticks: where the sticks left on the table at the end go.
        ties: how equal final scores are placed.
        rounding: how final scores become plus-minus points.
        time_limit: what a time signal in a timed session leaves of the game (the rule of the preset's text).
    """

    name: str
    start_points: int
    return_points: int
    uma: tuple[int, int, int, int]
    length: GameLength = GameLength.HANCHAN
    honba_points: int = 300
    riichi_below_1000: bool = False
    double_ron: bool = True
    triple_ron: TripleRon = TripleRon.ALLOWED
    multiple_ron_honba: HonbaSplit = HonbaSplit.EACH
    multiple_ron_sticks: StickSplit = StickSplit.OWN_BACK
    noten_payment: int = 3000
    nagashi: bool = False
    abortive_draws: frozenset[AbortReason] = dataclasses.field(default_factory=_default_aborts)
    renchan_on_tenpai: bool = True
    renchan_on_abort: bool = True
    chombo: ChomboSettlement = ChomboSettlement.AFTER_UMA
    chombo_points: int = 20000
    chombo_returns_riichi: bool = True
    pao_scope: PaoScope = PaoScope.FULL
    pao_yakuman: frozenset[str] = dataclasses.field(default_factory=_default_pao)
    bust: bool = False
    extension: bool = False
    extension_rounds: int = 1
    target_points: int = 30000
    agari_yame: bool = False
    tenpai_yame: bool = False
    dealer_repeat_priority: bool = True
    abortive_draw_ends: bool = True
    leftover_sticks: LeftoverSticks = LeftoverSticks.SPLIT_FIRST
    ties: TieBreak = TieBreak.SPLIT
    rounding: PointsRounding = PointsRounding.EXACT
    time_limit: TimeLimitRule = TimeLimitRule.FINISH_HAND

    def __post_init__(self) -> None:
        object.__setattr__(self, "uma", tuple(self.uma))
        object.__setattr__(self, "abortive_draws", frozenset(AbortReason(r) for r in self.abortive_draws))
        object.__setattr__(self, "pao_yakuman", frozenset(self.pao_yakuman))
        unknown = sorted(str(y) for y in self.pao_yakuman if str(y) not in _LIABLE_CANDIDATES)
        if unknown:
            known = ", ".join(sorted(_LIABLE_CANDIDATES))
            raise InvalidRulesetError(f"pao_yakuman: {unknown[0]!r} is not a yakuman that can be fed; known: {known}")
        for knob in ("start_points", "return_points", "target_points"):
            value = getattr(self, knob)
            if not 0 < value <= 10_000_000 or value % 100:
                raise InvalidRulesetError(
                    f"{knob} must be a positive multiple of 100, got {value!r}",
                    code=ErrorCode.RULES_NOT_A_MULTIPLE,
                    fields={"knob": knob, "value": value, "step": 100},
                )
        if len(self.uma) != 4 or sum(self.uma) != 0 or any(abs(u) > 1000 for u in self.uma):
            raise InvalidRulesetError(
                f"uma must be four numbers (1st..4th, in thousands) summing to 0, got {self.uma}",
                code=ErrorCode.RULES_UMA_SUM,
                fields={"uma": self.uma},
            )
        if list(self.uma) != sorted(self.uma, reverse=True):
            raise InvalidRulesetError(
                f"uma must not rise with a lower place, got {self.uma}",
                code=ErrorCode.RULES_UMA_ORDER,
                fields={"uma": self.uma},
            )
        if self.honba_points < 0 or self.honba_points % 300 or self.honba_points > 100_000:
            raise InvalidRulesetError(
                f"honba_points must be a multiple of 300 (a third from each payer on tsumo), got {self.honba_points}",
                code=ErrorCode.RULES_NOT_A_MULTIPLE,
                fields={"knob": "honba_points", "value": self.honba_points, "step": 300},
            )
        if self.noten_payment < 0 or self.noten_payment % 300 or self.noten_payment > 100_000:
            raise InvalidRulesetError(
                f"noten_payment must be a multiple of 300 (split 1-3 ways evenly), got {self.noten_payment}",
                code=ErrorCode.RULES_NOT_A_MULTIPLE,
                fields={"knob": "noten_payment", "value": self.noten_payment, "step": 300},
            )
        if self.chombo_points <= 0 or self.chombo_points % 100 or self.chombo_points > 1_000_000:
            raise InvalidRulesetError(
                f"chombo_points must be a positive multiple of 100, got {self.chombo_points}",
                code=ErrorCode.RULES_NOT_A_MULTIPLE,
                fields={"knob": "chombo_points", "value": self.chombo_points, "step": 100},
            )
        most = 4 - (2 if self.length is GameLength.HANCHAN else 1)
        if type(self.extension_rounds) is not int or not 1 <= self.extension_rounds <= most:
            raise InvalidRulesetError(
                f"extension_rounds must be 1 to {most} (the winds left after the regular rounds),"
                f" got {self.extension_rounds!r}"
            )
        if self.triple_ron is TripleRon.ALLOWED and not self.double_ron:
            raise InvalidRulesetError(
                "triple_ron 'allowed' needs double_ron: a table without double ron head-bumps",
                code=ErrorCode.RULES_TRIPLE_RON_NEEDS_DOUBLE,
            )

    @property
    def oka(self) -> int:
        """The points first place takes for the difference of return and start (4 x (return - start))."""
        return 4 * (self.return_points - self.start_points)

    @property
    def regular_rounds(self) -> int:
        """How many round winds the game has before any extension: 2 for a hanchan, 1 for a tonpuusen."""
        return 2 if self.length is GameLength.HANCHAN else 1


_TENHOU = TableRules(
    name="tenhou",
    start_points=25000,  # [issue3] tenhou.net: 25,000 start
    return_points=30000,  # [issue3] 30,000 return: first place gets the 20,000 oka
    uma=(20, 10, -10, -20),  # [issue3] uma +20/+10/-10/-20
    honba_points=300,  # [issue3] 300 per honba, 100 from each on tsumo
    riichi_below_1000=False,  # [issue3] riichi refused below 1000 points
    double_ron=True,  # [issue3] double ron allowed
    triple_ron=TripleRon.ABORT,  # [issue3] triple ron is an abortive draw
    multiple_ron_honba=HonbaSplit.NEAREST,  # [issue3] honba only to the winner nearest the discarder
    multiple_ron_sticks=StickSplit.NEAREST,  # [issue3] all riichi sticks to the nearest winner
    noten_payment=3000,  # [issue3] 3000 split between tenpai and noten
    nagashi=True,  # [issue3] nagashi mangan, as a mangan tsumo with no honba; sticks stay; honba +1
    abortive_draws=frozenset(AbortReason),  # [issue3] kyuushu, suufon, suucha riichi, suukaikan, sanchahou
    renchan_on_tenpai=True,  # [issue3] the dealer repeats if tenpai
    renchan_on_abort=True,  # [issue3] abortive draws: the dealer repeats, honba +1, sticks stay
    chombo=ChomboSettlement.REVERSE_MANGAN,  # tenhou.net has no chombo (the software prevents fouls); we take the
    # common Japanese table custom of a reverse mangan, so a live table under this preset can still record one
    chombo_points=20000,
    chombo_returns_riichi=True,
    pao_scope=PaoScope.FULL_ON_TSUMO,  # tenhou.net (issue 25, 4: a real 2019 game): on a tsumo the liable player pays
    # the whole of a compound yakuman and the counters; on a ron, as Japanese rules, only the liable yakuman
    pao_yakuman=_PAO_YAKUMAN,  # tenhou.net: pao for daisangen and daisuushii only (suukantsu pao is not used)
    bust=True,  # [issue3], [issue9] 1: a score strictly below zero ends the game at once
    extension=True,  # [issue9] 1: a pass at South 4 ends the game if anyone has 30,000, else the West round; in
    # the West round a pass ends it if anyone has 30,000 (noten payments count), and after West 4 always
    extension_rounds=1,  # [issue9] 1: there is no North round
    target_points=30000,  # [issue3], [issue9] 1
    agari_yame=True,  # [issue9] 1: at South 4 and every West hand, a dealer who wins and is first (seat order)
    # with 30,000+ ends the game
    tenpai_yame=True,  # [issue9] 1: likewise a dealer tenpai at a draw or a nagashi (today's tenhou.net; issue 3's
    # "no tenpai-yame" was early 2009's and is corrected there)
    dealer_repeat_priority=True,  # [issue9] 1: a dealer who stays but is not first with 30,000 plays on, even when
    # another player reached 30,000 in that hand (a double ron, noten payments)
    abortive_draw_ends=False,  # [issue9] 1: an abortive draw never ends the game
    leftover_sticks=LeftoverSticks.FIRST,  # [issue3] leftover sticks to first place
    ties=TieBreak.SEAT_ORDER,  # [issue3] placement ties broken by seat order
    rounding=PointsRounding.TENHOU,  # [issue3] rounded half away from zero; newer games print 0.1 (``exact``)
)

# EMA "Riichi Competition Rules", 2016 edition ("RCR 2016", ../shared/rules/Riichi-rules-2016-EN.pdf). Every value
# is read in that text and cites its section; docs/session.md lists them.
_EMA2016 = TableRules(
    name="ema2016",
    start_points=30000,  # RCR 2016 1.4: "Players begin with 30,000 points"
    return_points=30000,  # RCR 2016 3.6: players "subtract the 30,000 points they began the game with" (no oka)
    uma=(15, 5, -5, -15),  # RCR 2016 3.6.1: 15,000, 5,000, -5,000 and -15,000
    honba_points=300,  # RCR 2016 3.4.10: a counter adds 300, 100 from each opponent on a self-draw
    riichi_below_1000=True,  # RCR 2016 3.3.14 asks a concealed waiting hand and four tiles in the wall, no score;
    # 3.6: below zero "the game continues without any changes" and the player borrows sticks
    double_ron=True,  # RCR 2016 3.3.1: "It is possible for several players to win on the same discard"; 3.4
    triple_ron=TripleRon.ALLOWED,  # RCR 2016 3.3.1, 3.4.9: likewise for three; 3.4.3: no abortive draws
    multiple_ron_honba=HonbaSplit.EACH,  # RCR 2016 4.1: "Each winner receives the value of the hand including the
    # value of counters in play"
    multiple_ron_sticks=StickSplit.OWN_BACK,  # RCR 2016 4.1: "Riichi declarers that win, always get their riichi
    # bet back"; the others' bets go "to the winner closest to the discarder's right" (3.3.14 likewise)
    noten_payment=3000,  # RCR 2016 3.4.2: "The total noten penalty amounts to 3,000 points"
    nagashi=False,  # RCR 2016 4.2.6 Obsolete hands: Nagashi Mangan "is no longer used in EMA riichi rules"
    abortive_draws=frozenset(),  # RCR 2016 3.4.3: "Abortive draws are no longer used in EMA riichi rules"
    renchan_on_tenpai=True,  # RCR 2016 3.4.11: "East stays East if he declares a win or if he is tenpai when there
    # is an exhaustive draw"
    renchan_on_abort=True,  # RCR 2016 3.4.3: no abortive draws, the knob is never used
    chombo=ChomboSettlement.AFTER_UMA,  # RCR 2016 3.4.6: "In a tournament the chombo penalty is 20,000 points which
    # are deducted ... after the uma is added" (outside tournaments a reverse mangan: knob ``chombo``)
    chombo_points=20000,  # RCR 2016 3.4.6: 20,000
    chombo_returns_riichi=True,  # RCR 2016 3.4.6: "After a chombo riichi bets are returned to the players who
    # declared riichi"
    pao_scope=PaoScope.FULL,  # RCR 2016 3.3.9: the liable player "must pay the full value of the hand" on a
    # self-draw and shares it with the discarder; 4.2: "Yakuman are not cumulative", so the scope never splits
    pao_yakuman=_PAO_YAKUMAN,  # RCR 2016 3.3.9: "Third melded dragon pung and fourth melded wind pung": Big Three
    # Dragons and Big Four Winds only
    bust=False,  # RCR 2016 3.6: "There is no bankruptcy rule"
    extension=False,  # RCR 2016 3.5: the game ends when the first East is East again after the south round
    agari_yame=False,  # RCR 2016 3.6: "Agari yame is not allowed"
    tenpai_yame=False,  # RCR 2016 3.5: the game ends only after the south round (3.6 names no early end)
    leftover_sticks=LeftoverSticks.SPLIT_FIRST,  # RCR 2016 3.6: "Any riichi bets remaining on the table are
    # collected by the winner; the points are split in case of a tie" (odd hundreds: the text does not say; to the
    # earlier seat)
    ties=TieBreak.SPLIT,  # RCR 2016 3.6: "Ties may occur"; 3.6.1: "the points for the relevant places are split
    # between the tied players"
    rounding=PointsRounding.EXACT,  # RCR 2016 3.6: final scores are the points less 30,000 plus uma, "sometimes
    # divided by 1,000" (no rounding)
    time_limit=TimeLimitRule.ONE_MORE_HAND,  # RCR 2016 5.9: after the signal the current hand and one more; a
    # chombo "does not count as a hand played"
)

# EMA "Rules for Japanese Mahjong", 2025 edition, version 1.1 ("EMA 2025", ../shared/rules/Riichi-rules-2025-EN.pdf,
# in force for EMA tournaments from 1 January 2026). Every value is read in that text and cites its section.
_EMA2025 = TableRules(
    name="ema2025",
    start_points=30000,  # EMA 2025 1.4: "Players begin with 30,000 points"
    return_points=30000,  # EMA 2025 3.7: the players count their scores "and subtract 30,000 points" (no oka)
    uma=(15, 5, -5, -15),  # EMA 2025 3.7.1: 15,000, 5,000, -5,000 and -15,000
    honba_points=300,  # EMA 2025 3.4.4: "Each counter on the table increases the value of a winning hand by 300"
    riichi_below_1000=True,  # EMA 2025 3.3.10 asks a concealed tenpai hand and a tile in the wall, no score; 4.1.4:
    # below zero "the play continues without any changes" and the player borrows sticks
    double_ron=True,  # EMA 2025 3.3.1: "Several players may declare a win on the same discard"
    triple_ron=TripleRon.ALLOWED,  # EMA 2025 3.3.1, 3.4: likewise for three; the text has no abortive draw
    multiple_ron_honba=HonbaSplit.EACH,  # EMA 2025 3.4.4: "the discarder pays 300 for each counter to every winner"
    multiple_ron_sticks=StickSplit.OWN_BACK,  # EMA 2025 3.3.10, 4.1: winners who declared riichi get their bets of
    # the current hand back; the rest go to "the winner first in turn order after the discarder"
    noten_payment=3000,  # EMA 2025 3.4.2: "The total noten penalty amounts to 3,000 points"
    nagashi=False,  # EMA 2025 3.4: a hand ends by exhaustive draw or by a win; 4.2 lists no nagashi mangan
    abortive_draws=frozenset(),  # EMA 2025 3.4: "A hand can end in two ways: by exhaustive draw ... or by one or
    # more players declaring a win"
    renchan_on_tenpai=True,  # EMA 2025 3.4.5: "East remains East if they declare a win or are tenpai at the time of
    # an exhaustive draw"
    renchan_on_abort=True,  # EMA 2025 3.4: no abortive draws, the knob is never used
    chombo=ChomboSettlement.AFTER_UMA,  # EMA 2025 3.4.6: "In a tournament, the chombo penalty is 20,000 points ...
    # deducted ... after the uma is applied" (outside tournaments a reverse mangan: knob ``chombo``)
    chombo_points=20000,  # EMA 2025 3.4.6: 20,000
    chombo_returns_riichi=True,  # EMA 2025 3.4.6: "riichi bets from the current hand are returned"
    pao_scope=PaoScope.FULL,  # EMA 2025 3.3.7: "the liable player alone pays the full value of the yakuman"; 4.2:
    # "Yakuman are not cumulative", so the scope never splits
    pao_yakuman=_PAO_YAKUMAN,  # EMA 2025 3.3.7: "Third called dragon set and fourth called wind set"
    bust=False,  # EMA 2025 3.7: "There is no bankruptcy rule"; 4.1.4
    extension=False,  # EMA 2025 3.5: the game ends when the first East is East again after the south round
    agari_yame=False,  # EMA 2025 3.5, 3.7: the game ends after the south round or on time (7.4), not earlier
    tenpai_yame=False,  # EMA 2025 3.5, 3.7: likewise
    leftover_sticks=LeftoverSticks.SPLIT_FIRST_ROUND_DOWN,  # EMA 2025 3.7: "collected by the winner; the points are
    # split in case of a tie (any decimals are rounded down)"
    ties=TieBreak.SPLIT,  # EMA 2025 3.7: "Ties may occur"; 3.7.1: the tied places' uma "added together and evenly
    # split among them"
    rounding=PointsRounding.EXACT,  # EMA 2025 3.7: the final score "may be divided by 1,000 for simplicity"
    time_limit=TimeLimitRule.ONE_MORE_HAND_CHOMBO_COUNTS,  # EMA 2025 7.4: the current hand and one more; "A chombo
    # after the time signal is treated as one of the remaining hands"
)

# Seed 004: the WRC 2015 rule book's scoring chapter (6), shown beside the RCR 2012 text on ooyamaneko.net
# (docs/sources.md); ``ema2025`` followed it until issue 25, and ``wrc2015`` keeps its values. The seed holds that
# chapter only: what it says is cited; every other knob is RCR 2016's and says so.
_WRC2015 = dataclasses.replace(
    _EMA2016,
    name="wrc2015",
    honba_points=300,  # seed 004 6.1: 100 per counter on a self-draw, 300 on a discard
    riichi_below_1000=True,  # seed 004 6.1: below zero a player "can declare riichi"
    bust=False,  # seed 004 6.1: "If a player's score goes below zero, the game continues"
    pao_scope=PaoScope.FULL,  # seed 004 6.2: "still liable even if the hand also qualifies for another yakuman"
    pao_yakuman=_PAO_YAKUMAN,  # seed 004 6.2: big three dragons, big four winds; "no liability for ... Four Kongs"
    time_limit=TimeLimitRule.FINISH_HAND,  # not in seed 004 (chapter 6 only): the hand in play ends the game
    # Not in seed 004, as RCR 2016: start and return, uma, multiple ron, noten payment, nagashi, abortive draws,
    # renchan, chombo, game end, leftover sticks, ties, rounding.
)

_PRESETS: dict[str, TableRules] = {
    "tenhou": _TENHOU,
    "ema2016": _EMA2016,
    "ema2025": _EMA2025,
    "wrc2015": _WRC2015,
    # WRC 2022: like EMA (30,000 start, no oka, uma +15/+5/-5/-15 averaged on ties, no nagashi, no abortive draws,
    # no agari-yame: WRC rules 2015 5.7 and 5.9.1 as quoted by riichi.wiki and ooyamaneko.net), but a hand "can end
    # ... by one player winning" (WRC 2015 5.7): head bump, not multiple ron; and the chombo penalty is 30,000 after
    # uma [issue3]. Unverified: no bust (riichi.wiki's summary says a negative score ends the game; we keep EMA's
    # play-on until a rule text says otherwise) and riichi below 1000 (taken from EMA).
    "wrc2022": dataclasses.replace(
        _EMA2016,
        name="wrc2022",
        chombo_points=30000,
        double_ron=False,
        triple_ron=TripleRon.HEAD_BUMP,
        time_limit=TimeLimitRule.FINISH_HAND,  # unverified: no WRC text held here speaks of the time signal
    ),
    # M-League (no seed; riichi.wiki's summary of the official rules and match reports): 25,000 start, 30,000
    # return, uma +30/+10/-10/-30 (with the oka: +50/+10/-10/-30); atamahane (head bump); ties split the bonus
    # evenly; pao for daisangen, daisuushii and suukantsu; chombo a 20-point penalty after uma. Unverified (kept
    # from tenhou): nagashi and the abortive draws; no bust, no extension and no agari-yame or tenpai-yame; leftover
    # sticks split between the tied leaders (consistent with split ties).
    "mleague": dataclasses.replace(
        _TENHOU,
        name="mleague",
        uma=(30, 10, -10, -30),
        double_ron=False,
        triple_ron=TripleRon.HEAD_BUMP,
        chombo=ChomboSettlement.AFTER_UMA,
        chombo_points=20000,
        pao_yakuman=frozenset({*_PAO_YAKUMAN, "suukantsu"}),
        pao_scope=PaoScope.LIABLE_ONLY,  # Japanese rules: the liable player covers only the liable yakuman
        bust=False,
        extension=False,
        agari_yame=False,
        tenpai_yame=False,
        leftover_sticks=LeftoverSticks.SPLIT_FIRST,
        ties=TieBreak.SPLIT,
        rounding=PointsRounding.EXACT,
    ),
}


def _coerce(knob: str, current: object, value: object) -> object:
    """The engine's knob reading (``coerce_knob``), plus the table's sets of names (pao yakuman, abortive draws)."""
    if isinstance(current, frozenset):
        if not isinstance(value, (list, tuple, set, frozenset)) or not all(isinstance(v, str) for v in value):
            raise InvalidRulesetError(f"{knob} must be a list of names, got {value!r}")
        if knob == "pao_yakuman":
            return frozenset(value)
        try:
            return frozenset(AbortReason(v) for v in value)
        except ValueError:
            allowed = ", ".join(r.value for r in AbortReason)
            raise InvalidRulesetError(f"{knob} lists an unknown abortive draw in {value!r}; known: {allowed}") from None
    return coerce_knob(knob, current, value)


def table_rules(name: str, overrides: dict[str, Any] | None = None) -> TableRules:
    """The table rules of a named preset, optionally with overrides (the result is named ``custom``).

    ``custom`` alone is the Tenhou preset renamed, as for the hand rules (``scorekeeper.engine.rules``).

    Raises:
        InvalidRulesetError: for an unknown preset or knob, or a value out of range.
    """
    if name == "custom":
        rules = dataclasses.replace(_TENHOU, name="custom")
    else:
        try:
            rules = _PRESETS[name]
        except KeyError:
            known = ", ".join((*PRESET_NAMES, *CLASSICAL_PRESET_NAMES))
            raise InvalidRulesetError(f"unknown ruleset {name!r}; known rulesets: {known}") from None
    if not overrides:
        return rules
    fields = {f.name for f in dataclasses.fields(rules)}
    changes: dict[str, Any] = {}
    for knob, value in overrides.items():
        if knob == "name" or knob not in fields:
            raise InvalidRulesetError(f"unknown table knob {knob!r}")
        changes[knob] = _coerce(knob, getattr(rules, knob), value)
    return dataclasses.replace(rules, name="custom", **changes)


def _knob_to_json(value: object) -> object:
    """A knob's value in a hashable JSON-like form (tuples stand for JSON lists until written out)."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, frozenset):
        return tuple(sorted(str(v) for v in value))
    return value


class Family(enum.StrEnum):
    """A family of rules: how hands are valued and how the table settles them; persisted by value."""

    RIICHI = "riichi"  # the Japanese family (seeds 000, 001, 002, 004): han and fu, honba, riichi sticks, uma
    CLASSICAL = "classical"  # the classical Chinese point-and-double family (seed 003)


@dataclass(frozen=True, slots=True, kw_only=True)
class RiichiRules:
    """A riichi game's rules: how a hand is valued (engine) and how the table settles it (session).

    Attributes:
        hand: the hand-scoring rules (engine).
        table: the table rules (session).
    """

    hand: HandRules
    table: TableRules


@dataclass(frozen=True, slots=True, kw_only=True)
class Ruleset:
    """A game's rules: the preset it names, the overrides given, and the family's rules they make.

    The preset's name selects the family (``classical`` and ``classical-doubles`` are the classical family, every
    other preset riichi); ``game`` holds that family's own pair of hand and table rules, side by side, and the
    game state folds each family's events with that family's settlement (``scorekeeper.session.state``).

    Attributes:
        preset: the preset name the game record gives.
        overrides: the overridden knobs, as sorted (knob, JSON value) pairs (hand and table knobs together).
        game: the family's rules: :class:`RiichiRules` or :class:`ClassicalGameRules`.
    """

    preset: str
    overrides: tuple[tuple[str, Any], ...]
    game: RiichiRules | ClassicalGameRules

    @property
    def family(self) -> Family:
        """The family of rules this game is played by."""
        return Family.CLASSICAL if isinstance(self.game, ClassicalGameRules) else Family.RIICHI

    @property
    def hand(self) -> HandRules:
        """The riichi hand-scoring rules.

        Raises:
            InvalidRulesetError: for a game of another family (its own rules are in :attr:`game`).
        """
        return self._riichi("hand-scoring").hand

    @property
    def table(self) -> TableRules:
        """The riichi table rules.

        Raises:
            InvalidRulesetError: for a game of another family (its own rules are in :attr:`game`).
        """
        return self._riichi("table").table

    def _riichi(self, what: str) -> RiichiRules:
        if isinstance(self.game, RiichiRules):
            return self.game
        raise InvalidRulesetError(
            f"ruleset {self.preset!r} is of the {self.family.value} family: it has no riichi {what} rules"
        )

    @property
    def time_limit(self) -> TimeLimitRule:
        """What a time signal leaves of the game: the riichi table knob, ``finish_hand`` for other families."""
        table = self.game.table
        return table.time_limit if isinstance(table, TableRules) else TimeLimitRule.FINISH_HAND

    @property
    def start_points(self) -> int:
        """Each player's score at the start, in either family."""
        return self.game.table.start_points

    @property
    def name(self) -> str:
        """The preset's name, or ``custom`` when anything was overridden."""
        return self.preset if not self.overrides else "custom"

    def overrides_dict(self) -> dict[str, Any]:
        """The overrides as the record format's ``{knob: value}`` object."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self.overrides}

    def to_json(self) -> str | dict[str, Any]:
        """The record format's ``ruleset`` value: the preset's name, or ``{"preset": ..., "overrides": {...}}``."""
        if not self.overrides:
            return self.preset
        return {"preset": self.preset, "overrides": self.overrides_dict()}

    @classmethod
    def from_json(cls, value: object) -> Ruleset:
        """The ruleset from the record format's ``ruleset`` value; the one reader (records, the store, the GUI).

        ``Ruleset.from_json(rules.to_json()) == rules`` for every ruleset (tests/session/test_rules.py).

        Raises:
            InvalidRulesetError: for anything but a preset name or ``{"preset": name, "overrides": {knob: value}}``
                with a known preset, known knobs and good values.
        """
        if isinstance(value, str):
            return ruleset(value)
        if isinstance(value, dict):
            unknown = sorted(str(key) for key in set(value) - {"preset", "overrides"})
            if unknown:
                raise InvalidRulesetError(f"unknown key {unknown[0]!r}: not a preset name or {{preset, overrides}}")
            preset = value.get("preset")
            overrides = value.get("overrides", {})
            if not isinstance(preset, str):
                raise InvalidRulesetError(f"'preset' is not a preset name: {preset!r:.80}")
            if not isinstance(overrides, dict):
                raise InvalidRulesetError(f"'overrides' must be an object of knob: value, got {overrides!r:.80}")
            return ruleset(preset, overrides)
        raise InvalidRulesetError(f"not a preset name or {{preset, overrides}}: {value!r:.80}")


def ruleset(name: str = "tenhou", overrides: dict[str, Any] | None = None) -> Ruleset:
    """The ruleset of a preset, with overrides of hand knobs and table knobs in one object.

    ``classical`` and ``classical-doubles`` make a game of the classical family (seed 003; knobs in
    ``scorekeeper.engine.classical.ClassicalRules`` and :class:`ClassicalTableRules`); every other preset is riichi.

    Raises:
        InvalidRulesetError: for an unknown preset or knob, or a bad value.
    """
    overrides = dict(overrides or {})
    if name in CLASSICAL_PRESET_NAMES:
        classical = classical_game_rules(name, overrides)
        normalised = {
            k: _knob_to_json(getattr(classical.table if hasattr(classical.table, k) else classical.hand, k))
            for k in overrides
        }
        return Ruleset(preset=name, overrides=tuple(sorted(normalised.items())), game=classical)
    hand_knobs = {f.name for f in dataclasses.fields(HandRules)} - {"name"}
    table_knobs = {f.name for f in dataclasses.fields(TableRules)} - {"name"}
    for knob in overrides:
        if not isinstance(knob, str) or knob not in hand_knobs | table_knobs:
            raise InvalidRulesetError(f"unknown ruleset knob {knob!r}")
    hand = hand_rules(name, {k: v for k, v in overrides.items() if k in hand_knobs} or None)
    table = table_rules(name, {k: v for k, v in overrides.items() if k in table_knobs} or None)
    normalised = {
        k: _knob_to_json(getattr(table, k)) if k in table_knobs else _knob_to_json(getattr(hand, k)) for k in overrides
    }
    return Ruleset(preset=name, overrides=tuple(sorted(normalised.items())), game=RiichiRules(hand=hand, table=table))
