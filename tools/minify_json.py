#!/usr/bin/env python3
"""Copies JSON files without the whitespace between tokens (strings, numbers and key order
untouched, byte for byte), for embedding: the loader reads the same document in less space.
Usage: minify_json.py OUT_DIR FILE..."""
import os
import sys


def minify(text):
    out = []
    in_string = escaped = False
    for c in text:
        if in_string:
            out.append(c)
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
            out.append(c)
        elif c not in " \t\r\n":
            out.append(c)
    return "".join(out)


out_dir, *inputs = sys.argv[1:]
os.makedirs(out_dir, exist_ok=True)
for path in inputs:
    with open(path, encoding="utf-8") as f:
        text = minify(f.read())
    target = os.path.join(out_dir, os.path.basename(path))
    old = None
    if os.path.exists(target):
        with open(target, encoding="utf-8") as f:
            old = f.read()
    if old != text:  # unchanged files keep their time: nothing downstream rebuilds
        with open(target, "w", encoding="utf-8") as f:
            f.write(text)
