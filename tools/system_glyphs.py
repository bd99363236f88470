#!/usr/bin/env python3
"""Writes the characters of CHARS (font_chars.py's list) that the Latin font subset LATIN has no
glyph for, one line, UTF-8: the web page draws these (the Chinese text) with the browser's own
fonts into the font atlas instead of carrying a CJK font (ui/fonts.cpp).
Usage: system_glyphs.py OUT LATIN_TTF CHARS"""
import sys

from fontTools.ttLib import TTFont

out, latin, chars_path = sys.argv[1:]
cmap = TTFont(latin)["cmap"].getBestCmap()
with open(chars_path, encoding="utf-8") as f:
    chars = f.read().rstrip("\n")
missing = "".join(c for c in chars if 0x7E < ord(c) < 0x10000 and ord(c) not in cmap)  # ImWchar: BMP
text = missing + "\n"
try:
    with open(out, encoding="utf-8") as f:
        old = f.read()
except OSError:
    old = None
if old != text:
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
