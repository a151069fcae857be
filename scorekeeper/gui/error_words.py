"""A refusal of the core worded in the window's language (core errors were shown English in a Japanese window).

The core's errors (:class:`~scorekeeper.errors.ScorekeeperError`) carry an English sentence, which records, logs
and the command line keep, and for the refusals a user meets at the table a stable code
(:class:`~scorekeeper.errors.ErrorCode`) with the values it names (``fields``). :func:`error_text` is what every
window shows for one: in an English window the core's own sentence (it quotes the input exactly), in another
language the code worded from the translation table with the fields filled in. An error without a code there is
led by a plain sentence for its kind, the core's words after it.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication, QLocale

from scorekeeper.errors import (
    ErrorCode,
    IllegalActionError,
    InvalidContextError,
    InvalidHandError,
    NothingToUndoError,
    SaveFileError,
    ScorekeeperError,
    TournamentError,
    TournamentServerError,
)

__all__ = ["error_detail", "error_text"]

_CONTEXT = "Errors"


def _t(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def _english_window() -> bool:
    """Whether the window shows English (``i18n.install_language`` sets the default locale with the language)."""
    return QLocale().language() in (QLocale.Language.English, QLocale.Language.C)


def error_text(error: ScorekeeperError) -> str:
    """What a window shows for ``error``: the core's sentence in English, worded from its code in other languages."""
    if _english_window():
        return str(error)
    return _worded(error)


def error_detail(error: ScorekeeperError) -> str:
    """The error alone, for a sentence of the caller's that leads it ("This hand cannot exist: ..."): its code worded
    in a window of another language than English, else the core's sentence."""
    if not _english_window() and error.code is not None:
        inner = error.fields.get("error")
        if error.code is ErrorCode.CORRECTION_REFUSED and isinstance(inner, ScorekeeperError):
            return error_detail(inner)  # the caller's sentence already says the correction is refused
        text = _code_text(error.code, error.fields)
        if text is not None:
            return text.rstrip(".。")
    return str(error)


def _worded(error: ScorekeeperError) -> str:
    from scorekeeper.session.names import PlayerNameError

    if isinstance(error, PlayerNameError):
        from scorekeeper.gui.labels import name_problem_text

        # The reason alone: a game's dialog says it under the field, a rename or a substitute has one name.
        return name_problem_text(error.problems[0])
    code = error.code
    fields = error.fields
    if code is not None:
        text = _code_text(code, fields)
        if text is not None:
            return text
    return _kind_text(error).format(detail=str(error))


def _nested(fields: Mapping[str, object]) -> str:
    inner = fields.get("error")
    return _worded(inner) if isinstance(inner, ScorekeeperError) else str(inner)


def _tile_fields(fields: Mapping[str, object]) -> dict[str, object]:
    text = str(fields.get("text", ""))
    position = fields.get("position")
    index = position if isinstance(position, int) else 0
    char = text[index : index + 1]
    letter = next((c for c in text[index:] if not c.isdigit() and not c.isspace()), "")
    return {"text": text, "position": index + 1, "char": char, "tile": f"{char}{letter}"}


def _code_text(code: ErrorCode, fields: Mapping[str, object]) -> str | None:
    """The code worded with its fields, or None for a code this table does not word."""
    values = dict(fields)
    match code:
        case ErrorCode.TILE_UNEXPECTED_CHARACTER:
            template = _t(
                'Character {position} of "{text}" ({char}) is not tile notation: tiles are digits followed by m, p, s '
                "or z."
            )
            values = _tile_fields(fields)
        case ErrorCode.TILE_NO_DIGITS:
            template = _t('"{char}" (character {position} of "{text}") has no digits before it.')
            values = _tile_fields(fields)
        case ErrorCode.TILE_NO_SUCH_TILE:
            template = _t('There is no tile {tile} (character {position} of "{text}").')
            values = _tile_fields(fields)
        case ErrorCode.TILE_NO_SUIT:
            template = _t('The digits at the end of "{text}" have no letter after them (m, p, s, z; f for flowers).')
            values = _tile_fields(fields)
        case ErrorCode.TILE_NOT_ONE_TILE:
            template = _t('"{text}" is not one tile but {count}.')
        case ErrorCode.GAME_ENDED:
            template = _t("The game has already ended, after {hands} hands.")
        case ErrorCode.RIICHI_ALREADY_DECLARED:
            template = _t("{player} has already declared riichi this hand.")
        case ErrorCode.RIICHI_TOO_FEW_POINTS:
            template = _t("{player} has {points} points: riichi needs 1,000.")
            values["points"] = f"{fields.get('points', 0):,}"
        case ErrorCode.RIICHI_NOT_IN_FAMILY:
            template = _t("The {ruleset} rules have no riichi.")
        case ErrorCode.NOTHING_TO_UNDO:
            template = _t("Nothing to undo.")
        case ErrorCode.NOTHING_TO_REDO:
            template = _t("Nothing to redo.")
        case ErrorCode.HAND_UNCHANGED:
            template = _t("Hand {hand} is unchanged: there is nothing to correct.")
        case ErrorCode.NO_SUCH_HAND:
            template = _t("There is no hand {hand}: the game has {hands} finished hands.")
        case ErrorCode.LAST_HAND_ALREADY_CALLED:
            template = _t("Time was already called in {hand}.")
        case ErrorCode.RIICHI_DEAD_HAND:
            template = _t("{player}'s hand was declared dead: a dead hand cannot declare riichi.")
        case ErrorCode.DEAD_HAND_ALREADY:
            template = _t("{player}'s hand was already declared dead this hand.")
        case ErrorCode.DEAD_HAND_REFUSED:
            template = _t("{player}'s hand was declared dead: a dead hand cannot win and is never tenpai.")
        case ErrorCode.SUBSTITUTE_ALREADY_SEATED:
            template = _t("{player} already sits at this table: the substitute for {leaving} must be someone else.")
        case ErrorCode.SUBSTITUTE_SAME_PLAYER:
            template = _t("{player} already sits at that seat: there is nobody to replace.")
        case ErrorCode.SUBSTITUTE_STRANDED:
            template = _t(
                "The game would end after hand {hands}, before {player} came in for {leaving} (hand {hand}): take that"
                " substitution out first, then correct the hand."
            )
        case ErrorCode.NO_SUCH_SUBSTITUTION:
            template = _t("{player} did not come in at {leaving}'s seat: there is no substitution to take out.")
        case ErrorCode.REGISTRY_NAME_CLASH:
            template = _t(
                "Game {game} would have two players called {name} (the other: {other}): each player of a game needs"
                " a name of their own."
            )
        case ErrorCode.REGISTRY_TWO_SEATS:
            template = _t("{other} and {name} sat at two different seats of game {game}: they are two people.")
        case ErrorCode.RON_FROM_OWN_DISCARD:
            template = _t("A player cannot win on their own discard.")
        case ErrorCode.PAO_OWN_WIN:
            template = _t("A player cannot be liable (pao) for their own win.")
        case ErrorCode.HAN_FU_IMPOSSIBLE:
            if fields.get("tsumo") is None:  # the engine's check of a bare combination (by either way)
                template = _t("No win has {han} han {fu} fu.")
            elif fields.get("tsumo"):
                template = _t("No hand wins by tsumo with {han} han {fu} fu.")
            else:
                template = _t("No hand wins by ron with {han} han {fu} fu.")
        case ErrorCode.CHI_NOT_A_RUN:
            template = _t("{tiles} is not a chi: a chi is three tiles in a row of one number suit.")
        case ErrorCode.HAND_REFUSED:
            return f"{fields.get('hand', '')}: {_nested(fields)}"
        case ErrorCode.CORRECTION_REFUSED:
            return _t("This correction cannot be made: {reason}").format(reason=_nested(fields))
        case ErrorCode.RULES_NOT_A_MULTIPLE:
            template = _t("{knob}: the value must be a positive multiple of {step} (not {value}).")
            values["knob"] = _knob_name(str(fields.get("knob", "")))
        case ErrorCode.RULES_UMA_SUM:
            template = _t("{knob}: the four numbers must add up to 0 (not {uma}).")
            values |= {"knob": _knob_name("uma"), "uma": _numbers(fields.get("uma"))}
        case ErrorCode.RULES_UMA_ORDER:
            template = _t("{knob}: a lower place cannot get more than a higher one ({uma}).")
            values |= {"knob": _knob_name("uma"), "uma": _numbers(fields.get("uma"))}
        case ErrorCode.RULES_TRIPLE_RON_NEEDS_DOUBLE:
            template = _t("Triple ron needs double ron.")
        case ErrorCode.STALE_WRITE:
            template = _t(
                "Another window or program changed this game meanwhile, so nothing was written. Open the game again "
                "and repeat the change."
            )
        case ErrorCode.DATABASE_LOCKED:
            template = _t("The games file is in use by another running copy of Scorekeeper.")
        case ErrorCode.FILE_UNREADABLE:
            template = _t("{path}: the file cannot be read.")
        case ErrorCode.DISK_FULL:
            template = _t(
                "The disk holding {folder} is full ({free} bytes free): nothing was written. Free some space and "
                "try again."
            )
            values["free"] = f"{fields.get('free', 0):,}"
        case ErrorCode.FILE_TOO_LARGE:
            template = _t("{path}: the file is too large (at most {bytes} bytes).")
            values["bytes"] = f"{fields.get('bytes', 0):,}"
        case ErrorCode.FILE_NOT_UTF8:
            template = _t("{path}: the file must be UTF-8 text (byte {byte} is not).")
        case ErrorCode.TOURNAMENT_NAME_EMPTY:
            template = _t("The tournament needs a name.")
        case ErrorCode.SERVER_UNREACHABLE:
            template = _t("Cannot reach the tournament server {server}. The server said: {detail}")
            values["detail"] = " ".join(str(fields.get("detail", "")).split())  # libpq's lines and tabs
        case ErrorCode.SERVER_NO_ANSWER:
            template = _t("The tournament server {server} did not answer.")
        case ErrorCode.SERVER_UNKNOWN_HOST:
            template = _t("The tournament server {server}: no computer of that name was found.")
        case ErrorCode.SERVER_CONNECTION_REFUSED:
            template = _t("The tournament server {server}: nothing accepts connections at that address and port.")
        case ErrorCode.SERVER_LOGIN_REFUSED:
            template = _t("The tournament server {server} refused the login.")
        case ErrorCode.SERVER_WRONG_TABLE:
            template = _t("This code belongs to table {code_table}, not table {table}.")
        case ErrorCode.SERVER_TABLE_NOT_SEATED:
            template = _t("Table {table} is not seated in session {session} yet.")
        case ErrorCode.REFEREE_NO_SEATING_FILE:
            template = _t("Choose a seating CSV file.")
        case ErrorCode.REFEREE_OTHER_RULESET:
            template = _t("{file} was not played under the tournament's ruleset.")
        case ErrorCode.REFEREE_NO_GAME:
            template = _t("Session {session} table {table} has no game yet.")
        case ErrorCode.REFEREE_GAME_MOVED:
            template = _t(
                "Session {session} table {table} changed meanwhile (a table sent hands, or another referee wrote), "
                "so nothing was written. Look at the game again and make the change anew."
            )
        case _:
            return _hand_text(code, fields)
    return template.format(**values)


def _hand_text(code: ErrorCode, fields: Mapping[str, object]) -> str | None:
    """The engine's refusals of a hand (its tiles, melds and win conditions) worded, or None for another code."""
    values = dict(fields)
    match code:
        case ErrorCode.HAND_FIFTH_COPY:
            template = _t("{copies} copies of {tile}: a set has four of each tile.")
        case ErrorCode.HAND_TOO_MANY_MELDS:
            template = _t("{melds} melds: a hand has at most four.")
        case ErrorCode.HAND_WRONG_TILE_COUNT:
            template = _t(
                "{count} concealed tiles with {melds} melds: a winning hand has {expected} concealed tiles, the "
                "winning tile included."
            )
        case ErrorCode.HAND_WAITING_WRONG_TILE_COUNT:
            template = _t("{count} concealed tiles with {melds} melds: a hand waiting to win has {expected}.")
        case ErrorCode.HAND_WIN_NOT_IN_HAND:
            template = _t("The winning tile {win} is not in the hand {tiles}.")
        case ErrorCode.HAND_WIN_OTHER_FIVE:
            if str(fields.get("win", "")).startswith("0"):
                template = _t("The winning tile {win} is not in the hand {tiles}: the hand holds an ordinary five.")
            else:
                template = _t("The winning tile {win} is not in the hand {tiles}: the hand holds the red five.")
        case ErrorCode.HAND_INDICATOR_FIFTH_COPY:
            if fields.get("indicator") == "ura":
                template = _t(
                    "The ura dora indicator {tile} would be a fifth copy: the hand and its melds hold {held}, and a "
                    "set has four."
                )
            else:
                template = _t(
                    "The dora indicator {tile} would be a fifth copy: the hand and its melds hold {held}, and a set "
                    "has four."
                )
        case ErrorCode.HAND_TOO_MANY_RED_FIVES:
            indicators = fields.get("indicators")
            if indicators:
                template = _t(
                    "{count} red fives {tile}, counting the red indicators: the {ruleset} set has {allowed} (rule "
                    "setting red_fives_per_suit)."
                )
            else:
                template = _t(
                    "{count} red fives {tile}: the {ruleset} set has {allowed} (rule setting red_fives_per_suit)."
                )
        case ErrorCode.HAND_RED_NOT_A_FIVE:
            template = _t("Only a five of a number suit can be red, not {tile}.")
        case ErrorCode.HAND_NO_RED_FIVES:
            template = _t("Red fives {tiles}: the classical family plays without them.")
        case ErrorCode.HAND_NO_WINNING_TILE:
            template = _t("No winning tile: only a player holding all eight extra tiles wins without one.")
        case ErrorCode.EXTRA_TILE_REPEATED:
            template = _t("Extra tile {extras} more than once: each extra tile is unique.")
        case ErrorCode.EXTRA_TILES_NOT_PLAYED:
            template = _t("Extra tiles {extras} held, but these rules play without them.")
        case ErrorCode.MELD_UNKNOWN_TYPE:
            template = _t('There is no meld type "{meld}": the types are chi, pon, minkan, shouminkan and ankan.')
        case ErrorCode.MELD_WRONG_SIZE:
            template = _t("{tiles} is not a {meld}: a {meld} has {size} tiles, not {count}.")
            values["meld"] = _meld_name(fields.get("meld"))
        case ErrorCode.MELD_NOT_ONE_KIND:
            template = _t("{tiles} is not a {meld}: a {meld} is {size} tiles of one kind.")
            values["meld"] = _meld_name(fields.get("meld"))
        case _:
            return _condition_text(code, fields)
    return template.format(**values)


def _condition_text(code: ErrorCode, fields: Mapping[str, object]) -> str | None:
    """Win conditions that contradict each other or the hand, worded; None for another code."""
    values = dict(fields)
    for key in ("condition", "other_condition"):
        if key in fields:
            values[key] = _condition_name(str(fields[key]))
    match code:
        case ErrorCode.CONDITION_UNKNOWN:
            template = _t("Unknown win conditions: {conditions}.")
        case ErrorCode.CONDITION_RIICHI_OPEN_HAND:
            template = _t("Riichi with an open hand: riichi needs a concealed hand.")
        case ErrorCode.CONDITION_IPPATSU_WITHOUT_RIICHI:
            template = _t("Ippatsu without riichi: ippatsu is a win within one turn of declaring riichi.")
        case ErrorCode.CONDITION_IPPATSU_WITH_RINSHAN:
            template = _t("Ippatsu with rinshan: a kong, even a concealed one, ends ippatsu.")
        case ErrorCode.CONDITION_CHANKAN_WITH_TSUMO:
            template = _t("Chankan with tsumo: robbing a kong is a win on another player's tile.")
        case ErrorCode.CONDITION_CHANKAN_TILE_HELD:
            template = _t("Chankan on {tile} while the hand holds {copies} of it: the robbed kong holds the others.")
        case ErrorCode.CONDITION_HAITEI_WITH_RON:
            template = _t(
                "Haitei with ron: haitei is a self-draw of the last tile (a win on the last discard is houtei)."
            )
        case ErrorCode.CONDITION_HOUTEI_WITH_TSUMO:
            template = _t(
                "Houtei with tsumo: houtei is a win on the last discard (a self-draw of the last tile is haitei)."
            )
        case ErrorCode.CONDITION_HAITEI_WITH_RINSHAN:
            template = _t("Haitei with rinshan: a kong's replacement tile is never the last tile of the wall.")
        case ErrorCode.CONDITION_CHANKAN_ON_LAST_TILE:
            template = _t("Chankan with haitei or houtei: no kong can be declared on the last tile.")
        case ErrorCode.CONDITION_RINSHAN_WITH_RON:
            template = _t("Rinshan with ron: rinshan is a self-draw of a kong's replacement tile.")
        case ErrorCode.CONDITION_RINSHAN_WITHOUT_KONG:
            template = _t("Rinshan without a kong: the replacement tile comes after declaring a kong.")
        case ErrorCode.CONDITION_FIRST_TURN_NOT_DEALER:
            template = _t("{condition} for a non-dealer: {condition} is the dealer's win on the first draw.")
        case ErrorCode.CONDITION_FIRST_TURN_DEALER:
            template = _t("{condition} for the dealer: {condition} is a non-dealer's win.")
        case ErrorCode.CONDITION_FIRST_TURN_WITH_RON:
            template = _t("{condition} with ron: {condition} is a self-draw.")
        case ErrorCode.CONDITION_FIRST_TURN_WITH_TSUMO:
            template = _t("{condition} with tsumo: {condition} is a win on a discard before the first draw.")
        case ErrorCode.CONDITION_FIRST_TURN_WITH_MELDS:
            template = _t("{condition} with melds: no call or kong can come before {condition}.")
        case ErrorCode.CONDITION_FIRST_TURN_WITH_RIICHI:
            template = _t("{condition} with riichi: there is no turn to declare riichi before {condition}.")
        case ErrorCode.CONDITION_FIRST_TURN_WITH_OTHER:
            template = _t("{condition} with {other_condition}: {other_condition} cannot happen on the first turn.")
        case ErrorCode.CONDITION_FIRST_TURN_EXCLUSIVE:
            template = _t("Tenhou, chiihou and renhou exclude each other: a win has one of them at most.")
        case ErrorCode.CONDITION_TOO_MANY_DORA:
            template = _t("{count} dora indicators: there are at most five (one and four kan dora).")
        case ErrorCode.CONDITION_TOO_MANY_URA:
            template = _t("{count} ura dora indicators: there are at most five.")
        case ErrorCode.CLASSICAL_ROBBING_SELF_DRAWN:
            template = _t("Robbing the kong with self-drawing: the robbed tile is another player's.")
        case ErrorCode.CLASSICAL_NEEDS_SELF_DRAW:
            template = _t("{condition} without self-drawing: the winning tile is drawn.")
        case ErrorCode.CLASSICAL_REPLACEMENT_WITHOUT_KONG:
            template = _t("A replacement tile with no kong: it is drawn only after declaring a kong.")
        case ErrorCode.CLASSICAL_LAST_TILE_AND_REPLACEMENT:
            template = _t("The last tile of the wall together with a replacement tile: a win is drawn from one place.")
        case ErrorCode.CLASSICAL_HEAVENLY_WITH_MELDS:
            template = _t("A heavenly hand with melds: nothing can be called before the first draw.")
        case ErrorCode.CLASSICAL_HEAVENLY_WITH_OTHER_DRAW:
            template = _t("A heavenly hand with another way of drawing the winning tile.")
        case _:
            return None
    return template.format(**values)


def _meld_name(kind: object) -> str:
    """A meld kind (its engine value, ``chi``) as the hand entry's buttons name it."""
    from scorekeeper.gui.widgets.entry_words import target_label
    from scorekeeper.session.draft import EntryTarget

    try:
        target = EntryTarget(str(kind))
    except ValueError:
        return str(kind)
    return target_label(target, classical=False)


def _condition_name(name: str) -> str:
    """A win condition (its engine name, ``rinshan``) by its yaku's name, in the window's language; the classical
    family's (``last_tile_of_wall``) as its entry names it."""
    from scorekeeper.engine.classical import CLASSICAL_CONDITION_NAMES
    from scorekeeper.gui.labels import yaku_name
    from scorekeeper.gui.widgets.entry_words import condition_name

    if name in CLASSICAL_CONDITION_NAMES:
        return condition_name(name)
    return yaku_name({"rinshan": "rinshan_kaihou"}.get(name, name))


def _knob_name(knob: str) -> str:
    """A ruleset knob as the New game dialog names it (in the window's language)."""
    from scorekeeper.gui.labels import knob_names

    return knob_names().get(knob, knob.replace("_", " "))


def _numbers(value: object) -> str:
    return ", ".join(str(item) for item in value) if isinstance(value, tuple | list) else str(value)


def _kind_text(error: ScorekeeperError) -> str:
    """A plain lead for an error without a worded code, by its kind; ``{detail}`` is the core's sentence."""
    if isinstance(error, InvalidContextError):
        return _t("These win conditions cannot go together: {detail}")
    if isinstance(error, InvalidHandError):
        return _t("This hand cannot be recorded: {detail}")
    if isinstance(error, IllegalActionError | NothingToUndoError):
        return _t("This cannot be done now: {detail}")
    if isinstance(error, TournamentServerError):
        return _t("The tournament server: {detail}")
    if isinstance(error, TournamentError):
        return _t("The tournament does not allow this: {detail}")
    if isinstance(error, SaveFileError):
        return _t("A file cannot be read or written: {detail}")
    return _t("This cannot be done: {detail}")
