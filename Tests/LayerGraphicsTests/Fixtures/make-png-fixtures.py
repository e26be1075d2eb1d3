#!/usr/bin/env python3
"""Writes the PNG files PNGCodecTests decodes: every colour type, bit depths 1 to 16, tRNS,
Adam7, all five row filters, and stored, fixed and dynamic DEFLATE blocks (Python's zlib).

The pixel formulas are repeated in PNGCodecTests.swift, which checks every decoded pixel.
Run from this folder: python3 make-png-fixtures.py
"""
import struct
import zlib


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filter_rows(rows, bpp):
    """Filters row y with filter y % 5, so every filter type appears."""
    out = bytearray()
    prev = bytes(len(rows[0])) if rows else b""
    for y, row in enumerate(rows):
        f = y % 5
        out.append(f)
        for i, v in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            pred = [0, a, b, (a + b) >> 1, paeth(a, b, c)][f]
            out.append((v - pred) & 0xFF)
        prev = row
    return bytes(out)


def pack(samples, depth):
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    out, acc, n = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        n += depth
        if n == 8:
            out.append(acc)
            acc, n = 0, 0
    if n:
        out.append(acc << (8 - n))
    return bytes(out)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def write(name, w, h, depth, ctype, pixel, channels, interlaced=False, level=9, extra=b""):
    bpp = max(1, channels * depth // 8)
    passes = ADAM7 if interlaced else [(0, 0, 1, 1)]
    raw = b""
    for x0, y0, dx, dy in passes:
        xs = list(range(x0, w, dx))
        ys = list(range(y0, h, dy))
        if not xs or not ys:
            continue
        rows = [pack([s for x in xs for s in pixel(x, y)], depth) for y in ys]
        raw += filter_rows(rows, bpp)
    ihdr = struct.pack(">IIBBBBB", w, h, depth, ctype, 0, 0, 1 if interlaced else 0)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra
    data += chunk(b"IDAT", zlib.compress(raw, level)) + chunk(b"IEND", b"")
    with open(name, "wb") as f:
        f.write(data)


write("gray1-adam7-13x11.png", 13, 11, 1, 0, lambda x, y: [1 if (x * 3 + y * 5) % 7 < 3 else 0], 1,
      interlaced=True)
palette = b"".join(bytes([i * 23 % 256, i * 51 % 256, i * 97 % 256]) for i in range(11))
write("palette4-trns-13x11.png", 13, 11, 4, 3, lambda x, y: [(x + 2 * y) % 11], 1,
      extra=chunk(b"PLTE", palette) + chunk(b"tRNS", bytes(i * 50 for i in range(5))))
rgb16 = lambda x, y: [(x * 4099 + y * 7) & 0xFFFF, (x * 257 * y) & 0xFFFF, (65535 - x * 1000) & 0xFFFF]
write("rgb16-trns-adam7-13x11.png", 13, 11, 16, 2, rgb16, 3, interlaced=True,
      extra=chunk(b"tRNS", struct.pack(">HHH", *rgb16(0, 0))))
write("grayalpha16-13x11.png", 13, 11, 16, 4, lambda x, y: [(x * 5000) & 0xFFFF, (y * 6000) & 0xFFFF], 2)
rgba = lambda x, y: [(x * 7 + y) % 256, (y * 13) % 256, (x * y) % 256, 255 if (x + y) % 3 else (x * 9) % 256]
write("rgba8-stored-13x11.png", 13, 11, 8, 6, rgba, 4, level=0)
write("rgba8-dynamic-64x64.png", 64, 64, 8, 6, rgba, 4, level=9)
