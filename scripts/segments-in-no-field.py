#!/usr/bin/env python3
"""Share of the neural reader's segments that end in no field (dev time only).

A segment is one dumped line (`nutrilens scan --dump-lines DIR`: one TextLine per recognised PP-OCR box); it ends in a
field when its text (whitespace folded, lower case) is part of some field's `source_text` (the row the grammar read
it from) in the scan's JSON Lines. Photos without any field are left out. An upper bound of what skipping boxes could
save: headers the grammar needs to place columns ("per 100 g") end in no field too, and a segment the grammar split
differently from its row text counts as unused.

Usage: scripts/segments-in-no-field.py DUMP_DIR RESULTS.jsonl [CORPUS_ROOT]
  e.g. nutrilens scan --jsonl --ocr-budget 0 -q --no-barcode --no-classifier --dump-lines /tmp/dl \
         ../shared/corpus/labels > /tmp/scan.jsonl
       scripts/segments-in-no-field.py /tmp/dl /tmp/scan.jsonl
"""
import json, os, re, sys, collections
dump, results = sys.argv[1], sys.argv[2]
root = os.path.abspath(sys.argv[3] if len(sys.argv) > 3 else os.path.join(os.path.dirname(__file__), '..', '..', 'shared', 'corpus', 'labels')) + '/'
def norm(t): return re.sub(r'\s+', ' ', t).strip().lower()
tot = used = 0; per = collections.Counter(); perused = collections.Counter(); photos = []
for line in open(results):
    r = json.loads(line)
    path = r.get('path', '')
    rel = os.path.relpath(os.path.abspath(path), root) if path else ''
    name = os.path.splitext(rel.replace('/', '__'))[0]
    f = os.path.join(dump, name + '.lines.json')
    if not os.path.exists(f): continue
    fields = (r.get('nutrition') or {}).get('fields') or {}
    sources = [norm(v.get('source_text', '')) for v in fields.values()]
    if not sources: continue   # photos with no table say nothing about which boxes a table needs
    lines = json.load(open(f))
    n = u = 0
    for l in lines:
        t = norm(l['text'])
        if not t: continue
        n += 1
        if any(t in s for s in sources): u += 1
    folder = rel.split('/')[0]
    tot += n; used += u; per[folder] += n; perused[folder] += u
    photos.append(1 - u / n if n else 0)
print('segments %d in photos with fields; in a field row %d (%.3f); in no field %.3f' % (tot, used, used / tot, 1 - used / tot))
photos.sort(); print('per photo share in no field: median %.3f p90 %.3f' % (photos[len(photos)//2], photos[int(.9*(len(photos)-1))]))
for k in sorted(per): print('  %-42s %4d segments, in no field %.3f' % (k, per[k], 1 - perused[k] / per[k]))
