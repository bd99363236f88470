#!/usr/bin/env python3
"""Compiles the message table (assets/i18n/*.json) into C++: every sentence a user reads, in
English and Chinese, with named placeholders. Writes OUT_DIR/messages.hpp (enum MsgId and one
builder function per message, msg::<id>(args...), so a wrong id or a missing argument does not
compile) and OUT_DIR/messages_table.cpp (the templates).

A file is {"schema": "cardfit.messages/1", "<id>": {"en": "...", "zh": "..."}, ...}.
Ids are lowercase dotted words ("warn.tight_fit" -> MsgId::warn_tight_fit). Placeholders are
{name} ({{ and }} are literal braces); both languages must use the same names, unless the
entry lists them in "args" (then each language may use any of them). "comment" is ignored.
The build fails, naming file and id, on anything else.

Usage: gen_messages.py OUT_DIR FILE..."""
import json
import re
import sys

ID = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$")
NAME = re.compile(r"[a-z_][a-z0-9_]*")
MARK = "\x1a"  # placeholder i is stored as MARK + chr(ord('A') + i)
CXX_KEYWORDS = {"default", "new", "delete", "int", "double", "char", "class", "private", "public", "for",
                "do", "if", "else", "return", "switch", "case", "auto", "short", "long", "float", "this"}


def fail(msg):
    sys.exit(f"gen_messages.py: {msg}")


def placeholders(where, text):
    """The placeholder names of `text`, in order of appearance."""
    names, i = [], 0
    while i < len(text):
        c = text[i]
        if c == "{":
            if text.startswith("{{", i):
                i += 2
                continue
            end = text.find("}", i)
            name = text[i + 1:end] if end > 0 else ""
            if not NAME.fullmatch(name):
                fail(f"{where}: bad placeholder at {text[i:i + 20]!r} (use {{name}}, {{{{ for a literal brace)")
            names.append(name)
            i = end + 1
        elif c == "}":
            if not text.startswith("}}", i):
                fail(f"{where}: lone '}}' (write }}}} for a literal brace)")
            i += 2
        else:
            if ord(c) < 0x20 and c != "\n":
                fail(f"{where}: control character U+{ord(c):04X}")
            i += 1
    return names


def encode(text, order):
    """The stored template: literal braces unescaped, placeholders as MARK + index letter."""
    def repl(m):
        if m.group(0) == "{{":
            return "{"
        if m.group(0) == "}}":
            return "}"
        return MARK + chr(ord("A") + order.index(m.group(1)))
    return re.sub(r"\{\{|\}\}|\{([a-z_][a-z0-9_]*)\}", repl, text)


def cxx_string(s):
    out = []
    for b in s.encode("utf-8"):
        if b in (0x22, 0x5C):
            out.append("\\" + chr(b))
        elif b == 0x0A:
            out.append("\\n")
        elif b < 0x20 or b >= 0x7F or chr(b) == "?":
            out.append(f"\\{b:03o}")
        else:
            out.append(chr(b))
    return '"' + "".join(out) + '"'


def main():
    out_dir, *files = sys.argv[1:]
    entries = {}
    for path in files:
        with open(path, encoding="utf-8") as f:
            try:
                doc = json.load(f, object_pairs_hook=lambda pairs: dict_no_dupes(path, pairs))
            except json.JSONDecodeError as e:
                fail(f"{path}: {e}")
        if doc.get("schema") != "cardfit.messages/1":
            fail(f'{path}: "schema" must be "cardfit.messages/1"')
        for key, value in doc.items():
            if key in ("schema", "comment"):
                continue
            where = f"{path}: {key}"
            if not ID.fullmatch(key):
                fail(f"{where}: ids are lowercase dotted words")
            if key in entries:
                fail(f"{where}: defined twice (also in {entries[key]['file']})")
            if not isinstance(value, dict) or set(value) - {"en", "zh", "args", "comment"}:
                fail(f"{where}: an entry is {{\"en\", \"zh\"[, \"args\", \"comment\"]}}")
            if not isinstance(value.get("en"), str) or not isinstance(value.get("zh"), str):
                fail(f"{where}: needs string \"en\" and \"zh\"")
            if not value["en"].strip() or not value["zh"].strip():
                fail(f"{where}: empty text")
            en = placeholders(where + " (en)", value["en"])
            zh = placeholders(where + " (zh)", value["zh"])
            if "args" in value:
                order = value["args"]
                if not all(isinstance(a, str) and NAME.fullmatch(a) for a in order) or len(set(order)) != len(order):
                    fail(f'{where}: "args" lists distinct placeholder names')
                stray = (set(en) | set(zh)) - set(order)
                if stray:
                    fail(f'{where}: placeholders not in "args": {sorted(stray)}')
            else:
                if set(en) != set(zh):
                    fail(f"{where}: en uses {sorted(set(en))}, zh uses {sorted(set(zh))}")
                order = list(dict.fromkeys(en))
            if len(order) > 26:
                fail(f"{where}: at most 26 placeholders")
            for name in order:
                if name in CXX_KEYWORDS:
                    fail(f"{where}: placeholder {{{name}}} is a C++ keyword; rename it")
            entries[key] = {"file": path, "en": encode(value["en"], order), "zh": encode(value["zh"], order),
                            "args": order}
    keys = sorted(entries)
    enum_names = {k: k.replace(".", "_") for k in keys}
    if len(set(enum_names.values())) != len(keys):
        fail("two ids differ only in '.' vs '_'")

    hpp = ["// Generated by tools/gen_messages.py from assets/i18n/*.json. Do not edit.",
           "#pragma once", "", "#include <cstddef>", "#include <cstdint>", "#include <utility>", "",
           '#include "message.hpp"', "", "namespace cardfit {", "",
           "enum class MsgId : std::uint16_t {", "  none,"]
    hpp += [f"  {enum_names[k]},  // {k}" for k in keys]
    hpp += ["};", f"inline constexpr std::size_t kMessageCount = {len(keys) + 1};  // with MsgId::none", "",
            "namespace msg {", ""]
    for k in keys:
        args = entries[k]["args"]
        params = ", ".join(f"Arg {a}" for a in args)
        moved = ", ".join(f"std::move({a})" for a in args)
        body = f"Message(MsgId::{enum_names[k]}, {{{moved}}})" if args else f"Message(MsgId::{enum_names[k]})"
        hpp.append(f"inline Message {enum_names[k]}({params}) {{ return {body}; }}")
    hpp += ["", "}  // namespace msg", "}  // namespace cardfit", ""]

    # One packed text: every entry's key, then every entry's en text, zh text and placeholder
    # names, each ending in a NUL, in MsgId order (entry 0, MsgId::none, empty texts). Each
    # language together compresses better than entry by entry (0.8 KB gzip of the page).
    # message.cpp indexes it on first use; a table of 4 pointers per entry was 17.8 KB of the
    # page's data, 6.9 KB of its gzip bytes (docs/web.md).
    cpp = ["// Generated by tools/gen_messages.py from assets/i18n/*.json. Do not edit.",
           '#include "messages.hpp"', "", "#if defined(__GNUC__)",
           '#pragma GCC diagnostic ignored "-Woverlength-strings"', "#endif", "",
           "namespace cardfit::detail {", "",
           "// The keys, the en texts, the zh texts, the placeholder names (\"field,min,max\"): each",
           "// column in MsgId order, each text followed by \\0.",
           "extern const char kMessageText[] ="]
    columns = ([k for k in keys], [entries[k]["en"] for k in keys], [entries[k]["zh"] for k in keys],
               [",".join(entries[k]["args"]) for k in keys])
    total = 0
    for column in columns:
        cpp.append('    "\\0"')  # entry 0's
        total += 1
        for t in column:
            total += len(t.encode("utf-8")) + 1
            cpp.append("    " + cxx_string(t) + ' "\\0"')
    cpp[-1] += ";"
    cpp += [f"extern const std::size_t kMessageTextSize = {total};", "", "}  // namespace cardfit::detail", ""]

    for name, lines in (("messages.hpp", hpp), ("messages_table.cpp", cpp)):
        text = "\n".join(lines)
        path = f"{out_dir}/{name}"
        try:
            with open(path, encoding="utf-8") as f:
                if f.read() == text:
                    continue
        except FileNotFoundError:
            pass
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def dict_no_dupes(path, pairs):
    seen = {}
    for k, v in pairs:
        if k in seen:
            fail(f"{path}: key {k!r} given twice")
        seen[k] = v
    return seen


if __name__ == "__main__":
    main()
