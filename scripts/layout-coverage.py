#!/usr/bin/env python3
"""Per-photo coverage of the pre-LSTM table locator (docs/ocr.md, "Session 8").

Input: PREFIX.json and PREFIX.trace from
  OMP_THREAD_LIMIT=1 NUTRILENS_OCR_TRACE=1 NUTRILENS_OCR_LOCATE=measure NUTRILENS_OCR_HYPOTHESES=first \
    nutrilens eval --jobs 1 --ocr-budget 0 DIR --report PREFIX.json > PREFIX.txt 2> PREFIX.trace
Prints the classes (holds/partial/miss/none: keys the first reading parses inside the candidate vs in all) for all
photos, the text-heavy ones (first page pass > 150 words) and the rest, with the layout CPU; -v one line per photo.
Usage: layout-coverage.py PREFIX [-v]
"""
import json,re,sys
prefix=sys.argv[1]
d=json.load(open(prefix+'.json'))
L=[l for l in open(prefix+'.trace') if l.startswith('ocr-layout')]
T=[l for l in open(prefix+'.trace') if l.startswith('ocr-trace')]
rows=[]
for x,l,t in zip(d['image_scores'],L,T):
    kv=dict(re.findall(r'(\w+)=(\S+)',l))
    ki,ka=map(int,kv['keys'].split('/'))
    rows.append(dict(name=x['path'].split('/')[-1][:28],cand=kv['cand']!='-',share=float(kv['share']) if kv['share']!='-' else None,
        cover=float(kv['cover']),ki=ki,ka=ka,ms=int(kv['layoutMs']),glyphs=int(kv.get('glyphs',0)),pw=int(kv['pageWords']),
        located=kv['located']!='-',tess=kv['tess']!='-',tc=float(kv['tessCover']),cols=int(kv['cols'])))
def cls(r):
    if r['ka']==0: return 'noKeys+cand' if r['cand'] else 'noKeys+none'
    if not r['cand']: return 'none'
    if r['ki']>=r['ka']: return 'holds'
    if r['ki']==0: return 'miss'
    return 'partial'
from collections import Counter
for sub,name in ((rows,'all'),([r for r in rows if r['pw']>150],'>150 words'),([r for r in rows if r['pw']<=150],'<=150 words')):
    c=Counter(cls(r) for r in sub); ms=sorted(r['ms'] for r in sub if r['ms']>0)
    print(name,len(sub),dict(c),'layout ms median',ms[len(ms)//2] if ms else '-','p95',ms[int(len(ms)*.95)] if ms else '-','sum',sum(ms)/1000)
    cov=[r['cover'] for r in sub if r['cand'] and r['located']]
    print('   area cover of located table (cand & located):', 'n',len(cov),'>=0.9',sum(c>=0.9 for c in cov),'0.5-0.9',sum(0.5<=c<0.9 for c in cov),'<0.5',sum(c<0.5 for c in cov))
    tc=[r['tc'] for r in sub if r['tess']]
    print('   tess PT_TABLE present',len(tc))
if '-v' in sys.argv:
    for r in rows: print(f"{r['name']:28s} {cls(r):12s} keys {r['ki']}/{r['ka']} cover {r['cover']:.2f} share {r['share']} cols {r['cols']} ms {r['ms']} glyphs {r['glyphs']} words {r['pw']}")
