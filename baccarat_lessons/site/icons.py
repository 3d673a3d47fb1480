"""The site's icons, drawn here as PNG files: a gold practice chip on the green felt.

A phone that installs the site (its web app manifest) shows one of them on the home screen; they are
drawn by this module rather than kept as binary files, at the sizes the manifest names.

>>> data = chip_png(48)
>>> data[:8] == b"\\x89PNG\\r\\n\\x1a\\n", len(data) < 2_000
(True, True)
"""

from __future__ import annotations

import struct
import zlib

FELT, EDGE, GOLD, INK = (15, 94, 58), (10, 64, 41), (227, 179, 65), (27, 27, 27)
SIZES = (192, 512)


def _pixel(x: float, y: float) -> tuple[int, int, int]:
    """The colour at (x, y), both from -1 to 1: felt, a gold chip with a dark ring and a gold centre."""
    radius = (x * x + y * y) ** 0.5
    if radius > 0.78:
        return EDGE if max(abs(x), abs(y)) > 0.94 else FELT
    if 0.52 < radius < 0.62:
        return INK
    return GOLD


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def chip_png(size: int) -> bytes:
    """A ``size``×``size`` RGB PNG of the chip."""
    rows = bytearray()
    for row in range(size):
        rows.append(0)  # no filter
        y = 2 * (row + 0.5) / size - 1
        for column in range(size):
            rows.extend(_pixel(2 * (column + 0.5) / size - 1, y))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + _chunk(b"IEND", b"")
