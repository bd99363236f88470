#!/usr/bin/env python3
"""The longest C++ functions under the given folders or files, longest first: lines from the
signature to the closing brace, found by brace matching with comments, strings and digit
separators skipped (lizard is not installed here). Lambdas count toward their function.
Usage: tools/longest_functions.py [-n 15] core   (issue 25: the before/after lists)"""
import os, re, sys

def strip(text):
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i); j = n if j < 0 else j; out.append(' ' * (j - i)); i = j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2); j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j])); i = j
        elif text.startswith('R"', i):
            m = re.match(r'R"([^(]*)\(', text[i:]); end = ')' + m.group(1) + '"'
            j = text.find(end, i); j = n if j < 0 else j + len(end)
            out.append(re.sub(r'[^\n]', ' ', text[i:j])); i = j
        elif c == "'" and i > 0 and text[i-1].isalnum() and i + 1 < n and text[i+1].isalnum():
            out.append(c); i += 1  # a digit separator: 1'000
        elif c in '"\'':
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == '\\' else 1
            out.append(c + ' ' * (j - i - 1) + c if j < n else ''); i = j + 1
        else:
            out.append(c); i += 1
    return ''.join(out)

def functions(path):
    text = strip(open(path, encoding='utf-8', errors='replace').read())
    res, stack, start = [], [], 0  # stack: (kind, name, open_pos)
    for i, c in enumerate(text):
        if c == '{':
            head = text[start:i]
            kind, name = 'block', ''
            inside_fn = any(k == 'fn' for k, _, _ in stack)
            h = head.strip()
            if not inside_fn:
                if re.match(r'^(template\s*<.*>\s*)?(namespace|struct|class|union|enum)\b', h, re.S) or h.startswith('extern'):
                    kind = 'scope'
                elif ')' in h and not re.search(r'=\s*$', h) and not h.endswith(','):
                    m = re.search(r'([~\w:<>=!+\-*/\[\]]+|operator\s*\S+)\s*\((?:[^()]|\([^()]*\))*\)[^()]*$', h, re.S)
                    if m:
                        kind, name = 'fn', m.group(1)
            stack.append((kind, name, start + len(head) - len(head.lstrip())))
            start = i + 1
        elif c == '}':
            if stack:
                kind, name, pos = stack.pop()
                if kind == 'fn':
                    l0 = text.count('\n', 0, pos) + 1; l1 = text.count('\n', 0, i) + 1
                    res.append((l1 - l0 + 1, f'{path}:{l0}', name))
            start = i + 1
        elif c == ';':
            start = i + 1
    return res

args = sys.argv[1:]; top = 15
if args[:1] == ['-n']: top = int(args[1]); args = args[2:]
all_fns = []
for d in args:
    if os.path.isfile(d):
        all_fns += functions(d)
        continue
    for root, _, files in os.walk(d):
        for f in files:
            if f.endswith(('.cpp', '.hpp', '.h')):
                all_fns += functions(os.path.join(root, f))
for n, where, name in sorted(all_fns, reverse=True)[:top]:
    print(f'{n:5d}  {where:40s} {name}')
