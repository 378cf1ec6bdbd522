#!/usr/bin/env python3
"""Checks a PNG screenshot: its width and height, and that it has at least
N distinct colours (an empty page or an error page has a handful).
Decodes 8-bit RGB/RGBA PNGs (what Chromium writes) with zlib alone.

Usage: png_colours.py FILE WIDTH HEIGHT MIN_COLOURS
"""
import struct
import sys
import zlib


def main():
    path, width, height, need = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat, ihdr = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype = ihdr[0], ihdr[1], ihdr[2], ihdr[3]
    if (w, h) != (width, height):
        sys.exit(f"{path}: {w}x{h}, expected {width}x{height}")
    if depth != 8 or ctype not in (2, 6):
        sys.exit(f"{path}: bit depth {depth}, colour type {ctype}: not 8-bit RGB(A)")
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = w * bpp
    prev = bytearray(stride)
    colours = set()
    at = 0
    for _ in range(h):
        f = raw[at]
        line = bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        for i in range(0, stride, bpp * 4):
            colours.add(bytes(line[i:i + 3]))
        prev = line
    if len(colours) < need:
        sys.exit(f"{path}: {len(colours)} colours, expected at least {need}")
    print(f"{path}: {w}x{h}, {len(colours)} colours")


if __name__ == "__main__":
    main()
