#!/usr/bin/env python3
"""Writes the files `cmake --install` puts next to the binaries, each generated from what the
binaries and the message table already say (nothing written twice by hand):

  OUT/man1/cardfit.1, OUT/man1/cardfit-gui.1   man pages from the --help text of every command
  OUT/completions/cardfit.bash, _cardfit, cardfit.fish   from `cardfit completion SHELL`
  OUT/cardfit.desktop                          desktop entry, name and comment from assets/i18n/ui.json

Usage: gen_install_files.py --cli BIN [--gui BIN] --version V --messages UI_JSON --out OUT"""
import argparse
import json
import os
import re
import subprocess
import sys

EXIT_STATUS = [("0", "success"),
               ("1", "invalid input: a value out of range, an unknown id, a file that cannot be read "
                     "or a catalog overlay with problems; the errors say which field"),
               ("2", "usage error: the command line cannot be read (unknown command or flag, a flag "
                     "given twice, a flag without its value, no command)")]


def run(*cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        sys.exit(f"gen_install_files.py: {' '.join(cmd)} failed ({r.returncode}): {r.stderr.strip()}")
    return r.stdout


def roff(text):
    """Text safe for roff: backslashes, leading dots and quotes, hyphens of options."""
    text = text.replace("\\", "\\e")
    text = re.sub(r"(^|[\s,(])(--?[A-Za-z][\w-]*)", lambda m: m.group(1) + m.group(2).replace("-", "\\-"), text)
    if text.startswith((".", "'")):
        text = "\\&" + text
    return text


def parse_help(text):
    """CLI11's --help -> (description, [(section, [(name, help)])])."""
    lines = text.splitlines()
    description = lines[0].strip() if lines else ""
    sections, current = [], None
    for line in lines[1:]:
        if not line.strip() or line.startswith("Usage:"):
            continue
        if not line.startswith(" ") and line.rstrip().endswith(":"):
            current = (line.strip().rstrip(":"), [])
            sections.append(current)
            continue
        if current is None:
            continue
        m = re.match(r"^\s+(\S.*?)(?:\s{2,}(\S.*))?$", line)
        if not m:
            continue
        name, help_text = m.group(1), m.group(2) or ""
        if help_text == "" and current[1] and line.startswith(" " * 20):  # a wrapped help line
            prev = current[1][-1]
            current[1][-1] = (prev[0], prev[1] + " " + name)
        else:
            current[1].append((name, help_text))
    return description, sections


def options_roff(sections):
    out = []
    for _, items in sections:
        for name, help_text in items:
            out += [".TP", "\\fB" + roff(name) + "\\fR", roff(help_text)]
    return out


def man_head(program, version, description, synopsis, about):
    """.TH, NAME (from the first line of --help), SYNOPSIS and DESCRIPTION of one man page."""
    return [f'.TH {program.upper()} 1 "" "cardfit {version}" "User Commands"',
            ".SH NAME", program + " \\- " + roff(description.split(": ", 1)[-1]),
            ".SH SYNOPSIS", ".B " + program, synopsis, ".SH DESCRIPTION", roff(about)]


def man_cli(cli, version):
    top_help = run(cli, "--help")
    description, sections = parse_help(top_help)
    commands = next((items for title, items in sections if title == "Subcommands"), [])
    out = man_head("cardfit", version, description, "\\fICOMMAND\\fR [\\fIOPTIONS\\fR]",
                   "cardfit answers the question people renting GPUs for large language models ask: does a "
                   "model fit in GPU memory, on how many cards, how fast, at what monthly cost on each "
                   "platform, and which option is just enough. Every figure comes from a documented "
                   "formula or a sourced catalog entry.")
    out += [".PP", roff("Results go to standard output; errors go to standard error, or with --json to "
                        "standard output as {\"schema\", \"ok\": false, \"errors\": [...]}.")]
    out += [".SH OPTIONS"] + options_roff([s for s in sections if s[0] == "Options"])
    out += [".SH COMMANDS"]
    for name, _ in commands:
        sub_description, sub_sections = parse_help(run(cli, name, "--help"))
        out += [f'.SS "cardfit {name}"', roff(sub_description)] + options_roff(sub_sections)
    out += [".SH EXIT STATUS"]
    for code, meaning in EXIT_STATUS:
        out += [".TP", f"\\fB{code}\\fR", roff(meaning)]
    out += [".SH EXAMPLES",
            ".nf", roff("cardfit estimate --model qwen2.5-14b --precision int4 --context 8k --gpu 4090"),
            roff("cardfit plan --model qwen2.5-7b --budget-tier 1000-2000 --json --pretty"),
            roff("cardfit catalog --lang zh"), roff("source <(cardfit completion bash)"), ".fi",
            ".SH SEE ALSO", "\\fBcardfit-gui\\fR(1); the documentation in share/doc/cardfit"]
    return "\n".join(out) + "\n"


def man_gui(gui, version):
    description, sections = parse_help(run(gui, "--help"))
    out = man_head("cardfit-gui", version, description, "[\\fIOPTIONS\\fR]",
                   "The cardfit desktop app: the same inputs, figures and plans as the cardfit command and "
                   "the web page, in Chinese or English. It reopens the last scenario unless --state or "
                   "--fresh is given.")
    out += [".SH OPTIONS"] + options_roff(sections)
    out += [".SH SEE ALSO", "\\fBcardfit\\fR(1)"]
    return "\n".join(out) + "\n"


def generic(title):
    """The app title without the program's name: "cardfit · GPU fit & cost" -> "GPU fit & cost"."""
    return title.split(" · ", 1)[-1]


def desktop(messages):
    with open(messages, encoding="utf-8") as f:
        table = json.load(f)
    title, tagline = table["app.title"], table["app.tagline"]
    return "\n".join([
        "[Desktop Entry]", "Type=Application", "Name=cardfit",
        "GenericName=" + generic(title["en"]), "GenericName[zh_CN]=" + generic(title["zh"]),
        "Comment=" + tagline["en"], "Comment[zh_CN]=" + tagline["zh"],
        "Exec=cardfit-gui", "Icon=cardfit", "Terminal=false",
        "Categories=Development;Science;Utility;", "Keywords=GPU;LLM;VRAM;CUDA;rent;cost;",
    ]) + "\n"


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    old = None
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            old = f.read()
    if old != text:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--gui")
    ap.add_argument("--version", required=True)
    ap.add_argument("--messages", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    write(os.path.join(a.out, "man1", "cardfit.1"), man_cli(a.cli, a.version))
    if a.gui:
        write(os.path.join(a.out, "man1", "cardfit-gui.1"), man_gui(a.gui, a.version))
    for shell, name in (("bash", "cardfit.bash"), ("zsh", "_cardfit"), ("fish", "cardfit.fish")):
        write(os.path.join(a.out, "completions", name), run(a.cli, "completion", shell))
    write(os.path.join(a.out, "cardfit.desktop"), desktop(a.messages))


if __name__ == "__main__":
    main()
