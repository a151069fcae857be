"""The table as it was left: a picture of the table window's contents, kept when the app closes and shown at the
next start while the live window is built (issue 24: the cold start).

Building the live window takes the core (the session's fold, the store), PySide6's set-up of some forty widget
classes and ~120 styled widgets: about twice what a bare PySide6 window costs (``benchmarks/bench_gui.py``). What
the players want first is to see their table. So the app keeps, beside the database, the last picture of the
window's contents, and at the next start shows it in the window's frame (title, menu titles, place on the screen)
before any of that is imported; once it is on screen the live window is built in the same frame and takes its place.
A tap during those moments waits in the window system's queue and reaches the live widget under it.

The picture is shown only when nothing it shows can have changed since it was taken (:func:`read_picture`):

- the database file and its journal have the size and modification time they had when the window closed (any
  write since, by this program, the command line or another copy, changes them; on a file system that keeps
  whole seconds, such as FAT on a USB stick, a write in the same second might not, so none is shown there; and the
  key is taken at least 50 ms after the files last changed, so that a write after it falls in a later tick of the
  file system's clock);
- the settings file has the same bytes (language, theme, the View menu's choices, where the window was);
- the same program version wrote it, and the window's contents area and pixel ratio are the picture's when it is
  painted (otherwise the frame stays plain until the live window is built).

It is not kept (and an older one is removed) when the window closes read-only, without a game, with a message or
a results screen showing, or as a tournament table (whose sync status is live). With the theme set to follow the
system, the picture's theme is assumed until the live window knows the system's: a switch between two starts shows
for the moment of the build. What the picture cannot hold (where the history was scrolled, which button had the
focus) is as the live window makes it once built.

File: one line of JSON (the key and the image's layout), then the pixels as they are (4 MB for a 1366x768 window,
mapped into memory at the start rather than read: decompressing even zlib's fastest level took ~8 ms of CPU, a sixth
of what the first paint may add to a bare window's), or compressed with zlib's fastest level when they are more
than 16 MB (a large screen at a high pixel ratio). A torn or altered file is not shown.
"""

from __future__ import annotations

import contextlib
import json
import mmap
import os
import time
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QWidget

from scorekeeper import __version__
from scorekeeper.gui._compat import override

if TYPE_CHECKING:
    from PySide6.QtGui import QPaintEvent

__all__ = [
    "PICTURE_FILE",
    "Picture",
    "PictureView",
    "forget_picture",
    "keep_picture",
    "read_picture",
]

#: The picture's file, in the data folder beside the database.
PICTURE_FILE = "table-picture.bin"
_FORMAT = 1
#: Larger than any picture a screen gives (8K at 32 bits, compressed: far less): more is not ours.
_MAX_BYTES = 256 * 1024 * 1024
_MAX_HEADER = 8192
#: How long after the files' last change the key is taken: a file system stamps times from a clock that moves in
#: ticks (4 ms on Linux, whole seconds on FAT), and a write in the tick of the key's stamp would not change it.
_CLOCK_MARGIN_NS = 50_000_000
#: Pixels up to this size are kept as they are, larger ones compressed.
_RAW_UP_TO = 16 * 1024 * 1024


@dataclass(frozen=True)
class Picture:
    """A kept picture: its pixels (zlib-compressed when ``compressed``, else as a QImage reads them), their layout,
    and the window's title and theme then."""

    width: int
    height: int
    stride: int
    pixel_format: int
    ratio: float
    theme: str
    title: str
    compressed: bool
    pixels: memoryview
    mapping: mmap.mmap | None = None


def _stamp(path: Path) -> list[int] | None:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return [status.st_size, status.st_mtime_ns]


def _database_stamps(database: Path) -> dict[str, list[int] | None]:
    """The stamps of the database file and of its two journals (None where a file is not there)."""
    return {
        "database": _stamp(database),
        "wal": _stamp(database.with_name(database.name + "-wal")),
        "journal": _stamp(database.with_name(database.name + "-journal")),
    }


def _key(database: Path, settings_file: Path) -> dict[str, Any]:
    """What must not have changed for the picture to be the table: the program, the database and its journals,
    the settings' bytes."""
    try:
        settings: int | None = zlib.crc32(settings_file.read_bytes())
    except OSError:
        settings = None
    return {
        "format": _FORMAT,
        "version": __version__,
        **_database_stamps(database),
        "settings": settings,
    }


def _coarse(key: dict[str, Any]) -> bool:
    """Whether the database's file system keeps whole seconds at best (FAT on a USB stick keeps two): a write in the
    same second as the close, of the same size, would not change the stamp; no picture is shown there."""
    stamp = key["database"]
    return stamp is None or stamp[1] % 1_000_000_000 == 0


def read_picture(folder: Path, database: Path, settings_file: Path) -> Picture | None:
    """The picture kept in ``folder`` if it still shows the table of ``database`` under ``settings_file``, else
    None (none kept, another version's, the database or the settings changed since, a torn or foreign file)."""
    if (folder / "tournament-login.json").exists():
        return None  # a tournament table: its sync status is live (and the server may have changed the game)
    try:
        with open(folder / PICTURE_FILE, "rb") as handle:
            mapping = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):  # ValueError: an empty file cannot be mapped
        return None
    data = memoryview(mapping)
    end = bytes(data[:_MAX_HEADER]).find(b"\n")
    if end < 0 or len(data) > _MAX_BYTES:
        return None
    try:
        header = json.loads(bytes(data[:end]))
    except (ValueError, RecursionError):
        return None
    key = _key(database, settings_file)
    if not isinstance(header, dict) or header.get("key") != key or _coarse(key):
        return None
    try:
        picture = Picture(
            width=_number(header, "width", int),
            height=_number(header, "height", int),
            stride=_number(header, "stride", int),
            pixel_format=_number(header, "pixel_format", int),
            ratio=float(_number(header, "ratio", float)),
            theme=_text(header, "theme"),
            title=_text(header, "title"),
            compressed=header.get("compressed") is True,
            pixels=data[end + 1 :],
            mapping=mapping,
        )
    except ValueError:
        return None
    if not (0 < picture.width <= 16384 and 0 < picture.height <= 16384 and picture.stride >= picture.width):
        return None
    return picture if 0.5 <= picture.ratio <= 8 else None


def _number(header: dict[str, Any], name: str, kind: type) -> Any:
    value = header.get(name)
    if isinstance(value, bool) or not isinstance(value, int | float) or (kind is int and not isinstance(value, int)):
        raise ValueError(name)
    return value


def _text(header: dict[str, Any], name: str) -> str:
    value = header.get(name)
    if not isinstance(value, str):
        raise ValueError(name)
    return value


def keep_picture(contents: QWidget, folder: Path, database: Path, settings_file: Path, *, theme: str) -> None:
    """Keep a picture of ``contents`` (the window's central widget, as shown now) for the next start, keyed to
    ``database`` and ``settings_file`` as they are now: call it once the store is closed and the settings written.

    A failure to write is not the table's concern: the next start builds the window as it would without one.
    """
    # Opaque, as the window's backing store is: drawn back as a plain copy, not blended pixel by pixel.
    image = contents.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    pixels = bytes(image.constBits())
    compressed = len(pixels) > _RAW_UP_TO
    _wait_past_last_change(database)
    header = {
        "key": _key(database, settings_file),
        "width": image.width(),
        "height": image.height(),
        "stride": image.bytesPerLine(),
        "pixel_format": image.format().value,
        "ratio": image.devicePixelRatio(),
        "theme": theme,
        "title": contents.window().windowTitle(),
        "compressed": compressed,
    }
    body = zlib.compress(pixels, 1) if compressed else pixels
    target = folder / PICTURE_FILE
    temporary = target.with_name(f".{PICTURE_FILE}.{os.getpid()}")
    try:
        with open(temporary, "wb") as handle:
            handle.write(json.dumps(header, ensure_ascii=False).encode("utf-8") + b"\n" + body)
        os.replace(temporary, target)
    except OSError:
        temporary.unlink(missing_ok=True)
        forget_picture(folder)


def _wait_past_last_change(database: Path) -> None:
    """Wait, if need be, until the database's files last changed ``_CLOCK_MARGIN_NS`` ago (at most that long): a
    write by another program after the key is taken then always lands in a later tick of the file system's clock, so
    it changes the stamps (the close's own checkpoint has just written the file, as git's "racy clean" files)."""
    stamps = _database_stamps(database).values()
    newest = max((stamp[1] for stamp in stamps if stamp is not None), default=0)
    wait = newest + _CLOCK_MARGIN_NS - time.time_ns()
    if wait > 0:
        time.sleep(min(wait, _CLOCK_MARGIN_NS) / 1e9)


def forget_picture(folder: Path) -> None:
    """Remove the kept picture, if any (the window closed in a state the next start would not show)."""
    # A folder gone read-only keeps it: its key (the database's and the settings' stamps) still guards it.
    with contextlib.suppress(OSError):
        (folder / PICTURE_FILE).unlink(missing_ok=True)


class PictureView(QWidget):
    """Paints a kept picture where the live contents will be, when the area is the picture's size (else nothing:
    the window's background)."""

    def __init__(self, image: QImage, pixels: bytes | memoryview, mapping: mmap.mmap | None = None) -> None:
        super().__init__()
        self._image = image
        self._pixels = pixels  # the QImage reads from these bytes (the file's mapping)
        self._mapping = mapping
        self.painted = False

    def release(self) -> None:
        """Let go of the picture's pixels and unmap its file (the live window has taken its place): a mapped file
        cannot be replaced on every system, and the close keeps a new picture in its place."""
        self._image = QImage()
        if isinstance(self._pixels, memoryview):
            self._pixels.release()
        if self._mapping is not None:
            with contextlib.suppress(BufferError):  # another view of it still alive: unmapped when that goes
                self._mapping.close()

    @classmethod
    def of(cls, picture: Picture) -> PictureView | None:
        """The view of ``picture``, or None when its pixels do not decode."""
        try:
            pixels = zlib.decompress(picture.pixels) if picture.compressed else picture.pixels
            pixel_format = QImage.Format(picture.pixel_format)
        except (zlib.error, ValueError):
            return None
        if len(pixels) != picture.stride * picture.height:
            return None
        image = QImage(pixels, picture.width, picture.height, picture.stride, pixel_format)
        if image.isNull():
            return None
        image.setDevicePixelRatio(picture.ratio)
        return cls(image, pixels, None if picture.compressed else picture.mapping)

    def fits(self) -> bool:
        """Whether the area and its pixel ratio are the picture's."""
        image = self._image
        if image.isNull():
            return False
        ratio = image.devicePixelRatio()
        return (
            abs(self.devicePixelRatioF() - ratio) < 0.01
            and round(image.width() / ratio) == self.width()
            and round(image.height() / ratio) == self.height()
        )

    @override
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        if self.fits():
            QPainter(self).drawImage(0, 0, self._image)
            self.painted = True
