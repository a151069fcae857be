"""The text of a PDF, for tests: poppler's ``pdftotext`` when installed, else our own reader of Qt's PDFs.

The own reader understands what QPdfWriter writes (it is not a general PDF parser): Flate-compressed streams,
Type0 fonts with a ToUnicode CMap (``bfchar`` and ``bfrange``, both forms) and hex glyph strings shown with
``Tj`` / ``TJ`` inside ``BT`` ... ``ET``. Each text object becomes one line. It keeps the PDF tests free of skips
on a machine without poppler-utils.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import zlib
from pathlib import Path

__all__ = ["pdf_text", "read_pdf_text"]

_OBJECT = re.compile(rb"(\d+) 0 obj(.*?)endobj", re.S)
_STREAM = re.compile(rb"stream\r?\n(.*?)endstream", re.S)
_HEX = re.compile(rb"<([0-9A-Fa-f]+)>")


def _stream(body: bytes) -> bytes:
    found = _STREAM.search(body)
    if found is None:
        return b""
    raw = found.group(1)
    if b"/FlateDecode" in body[: found.start()]:
        # The stream ends where the compressed data says; the end-of-line before "endstream" is left over. (Cutting
        # an optional "\r" off with the pattern cut the data itself when its last byte was 0x0d.)
        return zlib.decompressobj().decompress(raw)
    return raw.removesuffix(b"\n").removesuffix(b"\r")


def _cmap(text: bytes) -> dict[int, str]:
    out: dict[int, str] = {}

    def chars(hexes: bytes) -> str:
        return bytes.fromhex(hexes.decode()).decode("utf-16-be")

    for block in re.findall(rb"beginbfchar(.*?)endbfchar", text, re.S):
        for src, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            out[int(src, 16)] = chars(dst)
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", text, re.S):
        for lo, hi, rest in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(\[[^\]]*\]|<[0-9A-Fa-f]+>)", block):
            start, end = int(lo, 16), int(hi, 16)
            if rest.startswith(b"["):
                for offset, dst in enumerate(_HEX.findall(rest)):
                    out[start + offset] = chars(dst)
            else:
                first = int(rest[1:-1], 16)
                for code in range(start, end + 1):
                    out[code] = chr(first + code - start)
    return out


def read_pdf_text(data: bytes) -> str:
    """The text of a PDF that QPdfWriter wrote, one line per text object."""
    objects = {int(m.group(1)): m.group(2) for m in _OBJECT.finditer(data)}
    maps: dict[int, dict[int, str]] = {}
    for number, body in objects.items():
        found = re.search(rb"/ToUnicode (\d+) 0 R", body)
        if found:
            maps[number] = _cmap(_stream(objects[int(found.group(1))]))
    names: dict[bytes, int] = {}
    for body in objects.values():
        for block in re.findall(rb"/Font\s*<<(.*?)>>", body, re.S):
            for name, number in re.findall(rb"/(\w+) (\d+) 0 R", block):
                names[name] = int(number)
    lines: list[str] = []
    for number, body in sorted(objects.items()):
        if not re.search(rb"/Contents " + str(number).encode() + rb" 0 R", data):
            continue
        content = _stream(body)
        for text_object in re.findall(rb"BT(.*?)ET", content, re.S):
            font: dict[int, str] = {}
            line: list[str] = []
            for token in re.finditer(rb"/(\w+) [\d.]+ Tf|<([0-9A-Fa-f]+)>", text_object):
                if token.group(1) is not None:
                    font = maps.get(names.get(token.group(1), -1), {})
                    continue
                codes = bytes.fromhex(token.group(2).decode())
                line.extend(
                    font.get(int.from_bytes(codes[k : k + 2], "big"), "").replace("\t", " ")
                    for k in range(0, len(codes), 2)
                )
            lines.append("".join(line))
    return "\n".join(lines)


def pdf_text(path: Path) -> str:
    """The text of a PDF file: ``pdftotext`` (poppler-utils) if installed, else :func:`read_pdf_text`."""
    tool = shutil.which("pdftotext")
    if tool is None:
        return read_pdf_text(path.read_bytes())
    done = subprocess.run([tool, str(path), "-"], capture_output=True, check=True, timeout=60)
    return done.stdout.decode("utf-8")
