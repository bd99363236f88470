#!/usr/bin/env python3
"""Writes printable ASCII plus every other character used by the message table
(assets/i18n/*.json) and the catalog to OUT, one line, so fontTools.subset keeps exactly the
glyphs cardfit shows (the subset is the UI's only font: Latin glyphs included).
Usage: font_chars.py OUT FILE..."""
import sys

out, *inputs = sys.argv[1:]
chars = set(chr(c) for c in range(0x20, 0x7F))
for path in inputs:
    with open(path, encoding="utf-8") as f:
        chars.update(c for c in f.read() if ord(c) > 0x7E)
# Punctuation the UI formats at run time (full-width forms, arrows, degree of fit marks).
chars.update("，。：；（）、《》“”‘’…—→←↑↓✓✗±×÷≈≤≥Σ·")
with open(out, "w", encoding="utf-8") as f:
    f.write("".join(sorted(chars)) + "\n")
