#!/usr/bin/env python3
# Overlays that touch every field of every catalog section (wrong types, values outside their
# rules, keys dropped or unknown, nested objects, lists and flags broken, removals, duplicates),
# the defaults and the custom tier, plus the JSON files of tests/. For before/after checks of the
# catalog reader and checker: tools/catalog_outputs.sh runs a cardfit binary over them (issue 28).
# usage (from the repository root): tools/catalog_overlays.py build/native/cardfit OUTDIR
import json, subprocess, sys, os, copy, glob, shutil
B, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)
cat = json.loads(subprocess.run([B, 'catalog', '--json'], capture_output=True).stdout)
schema = cat['schema']
n = [0]
def emit(doc, tag):
    p = os.path.join(OUT, f'{n[0]:04d}-{tag}.json'); n[0] += 1
    with open(p, 'w') as f:
        if isinstance(doc, str): f.write(doc)
        else: json.dump(doc, f)
def bad_type(v):
    if isinstance(v, bool): return "yes"
    if isinstance(v, int): return 1.5
    if isinstance(v, float): return "12"
    if isinstance(v, str): return 7
    if isinstance(v, list): return {"a": 1}
    if isinstance(v, dict): return [1]
    return 3
def bad_value(v, k):
    if isinstance(v, bool): return None
    if isinstance(v, int): return -5 if k != 'memory_mib' else 10**19
    if isinstance(v, float): return 1e30 if hash(k) % 2 else -0.5
    if isinstance(v, str): return "Bad Id!" if k in ('id','precision','engine','model','gpu','platform','kind','released_precision','condition','metric') else ("2026-13-40" if 'date' in k or 'as_of' in k else ("EUR" if 'currency' in k else ("not a url" if 'url' in k or 'repo' in k else "")))
    if isinstance(v, list):
        if v and isinstance(v[0], dict): return [5, {}, {"zz": 1}] + [dict(v[0], **{kk: bad_type(vv) for kk, vv in v[0].items()})]
        if v and isinstance(v[0], str): return [5, "Bad Id", v[0], v[0], "nope"]
        return [5]
    if isinstance(v, dict): return {kk: bad_value(vv, kk) for kk, vv in v.items()}
    return None
def pick(entries):  # the richest entries: most keys, nested objects
    by = sorted(entries, key=lambda e: -len(json.dumps(e)))
    return [entries[0], by[0]] + ([entries[-1]] if len(entries) > 2 else [])
secs = [k for k in cat if isinstance(cat[k], list) and cat[k] and isinstance(cat[k][0], dict) and 'id' in cat[k][0]]
for s in secs:
    for e in pick(cat[s]):
        i0 = e['id']; rep = dict(e, replaces=True)
        emit({'schema': schema, s: [{k: bad_type(v) if k not in ('id',) else v for k, v in rep.items() if k != 'replaces'} | {'replaces': True}]}, f'{s}-types')
        emit({'schema': schema, s: [{k: (bad_value(v, k) if k not in ('id', 'replaces', 'source') else v) for k, v in rep.items()}]}, f'{s}-values')
        emit({'schema': schema, s: [{'id': i0 + '-fresh'}]}, f'{s}-empty-new')
        emit({'schema': schema, s: [{'id': i0[:-1] + 'q'}]}, f'{s}-empty-near')
        keys = [k for k in e if k != 'id']
        for k in keys[::3]:
            d = {kk: vv for kk, vv in e.items() if kk != k}; d['id'] = i0 + '-new'
            emit({'schema': schema, s: [d]}, f'{s}-drop-{k}')
        emit({'schema': schema, s: [dict(e, id=i0 + '-new2', **{k + 'x': 1 for k in keys[:4]}, comment='c')]}, f'{s}-unknown')
        for k, v in e.items():
            if isinstance(v, dict):
                for alt in (None, {}, 5, {'zz': 1}, {kk: bad_type(vv) for kk, vv in v.items()}):
                    emit({'schema': schema, s: [dict(rep, **{k: alt})]}, f'{s}-obj-{k}')
                emit({'schema': schema, s: [dict(e, id=i0 + '-n3', **{k: {}})]}, f'{s}-objnew-{k}')
            if isinstance(v, list) and v and isinstance(v[0], str) and s == 'weight_precisions' or (isinstance(v, list) and k in ('unquantized', 'fp8_parts')):
                for alt in (["nope"], [v[0] if v else "embeddings"] * 2, 5, [5], []):
                    emit({'schema': schema, s: [dict(rep, **{k: alt})]}, f'{s}-flags-{k}')
        # single field changes, one per file, on the replaced entry
        for k, v in list(e.items())[:40]:
            if k in ('id',): continue
            emit({'schema': schema, s: [dict(rep, **{k: bad_value(v, k)})]}, f'{s}-one-{k}')
        emit({'schema': schema, s: [rep, dict(rep)]}, f'{s}-dup')
        emit({'schema': schema, s: [{'id': i0, 'remove': True}]}, f'{s}-remove')
# defaults and custom
d = cat.get('defaults')
if isinstance(d, dict):
    emit({'schema': schema, 'defaults': {k: bad_type(v) for k, v in d.items()}}, 'defaults-types')
    emit({'schema': schema, 'defaults': {k: bad_value(v, k) for k, v in d.items() if k != 'source'}}, 'defaults-values')
    emit({'schema': schema, 'defaults': {'headroom': 0.5, 'tight_headroom': 0.9, 'zz': 1}}, 'defaults-cross')
    emit({'schema': schema, 'default_usd_cny': 9999, 'usd_cny_source': 5}, 'usd')
emit({'schema': schema, 'custom': {'id': 'Bad', 'name_zh': 5}}, 'custom')
emit({'schema': schema, 'custom': {'id': 'mine', 'name_zh': 'x', 'name_en': 'y'}}, 'custom-ok')
emit({'schema': 'nope', 'gpuz': []}, 'doc')
emit('[1,2]', 'notobj'); emit('{"schema": ', 'trunc')
# fixtures of the tests
for f in sorted(glob.glob('tests/**/*.json', recursive=True)):
    if '/config/' in f or 'hf-configs' in f: continue
    shutil.copy(f, os.path.join(OUT, f'{n[0]:04d}-fx-' + os.path.basename(f))); n[0] += 1
print('files', n[0])
