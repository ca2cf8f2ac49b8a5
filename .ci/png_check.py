#!/usr/bin/env python3
"""Checks that a PNG screenshot has the expected size and is not blank.

usage: png_check.py FILE WIDTH HEIGHT [MIN_COLOURS]

Reads the PNG with the standard library alone (zlib), undoes the scanline filters, and
counts the distinct colours: a page that failed to render is one or two colours (white, or
white and an error glyph), a picture has many. It also fails when one colour covers nearly
all of the image.
"""
import struct
import sys
import zlib


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG file")
    pos, idat, header = 8, [], None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or colour_type not in (2, 6) or interlace != 0:
        raise ValueError(f"{path}: PNG kind not handled (depth {depth}, type {colour_type})")
    bpp = 3 if colour_type == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def main():
    path, want_w, want_h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    min_colours = int(sys.argv[4]) if len(sys.argv) > 4 else 6
    width, height, bpp, rows = read_png(path)
    if (width, height) != (want_w, want_h):
        print(f"{path}: {width}x{height}, expected {want_w}x{want_h}")
        return 1
    counts = {}
    # Every second pixel of every second row: enough to see the colours, and quick.
    for row in rows[::2]:
        for x in range(0, width * bpp, 2 * bpp):
            px = row[x : x + 3]
            counts[px] = counts.get(px, 0) + 1
    total = sum(counts.values())
    top = max(counts.values())
    if len(counts) < min_colours or top > 0.985 * total:
        print(f"{path}: looks blank: {len(counts)} colours, the commonest covers {100 * top / total:.1f}%")
        return 1
    print(f"{path}: {width}x{height}, {len(counts)} colours, the commonest covers {100 * top / total:.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
