#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Prints the structure of a run directory: its files, the keys and value types of summary.json and
requests.jsonl, the columns of results.csv and the headings of report.md, without any figure.

Two builds that must write the same files (a refactor) give the same output:
    tokenscope-cli demo --out /tmp/a; other/tokenscope-cli demo --out /tmp/b
    diff <(python3 tests/structure/exportshape.py /tmp/a) <(python3 tests/structure/exportshape.py /tmp/b)
"""
import json,sys,csv,os
def shape(v):
    if isinstance(v,dict): return {k:shape(x) for k,x in sorted(v.items())}
    if isinstance(v,list):
        out=None
        for x in v:
            s=shape(x)
            out = s if out is None else merge(out,s)
        return [out]
    return type(v).__name__ if not isinstance(v,(int,float)) or isinstance(v,bool) else 'num'
def merge(a,b):
    if isinstance(a,dict) and isinstance(b,dict):
        return {k:merge(a.get(k),b.get(k)) if k in a and k in b else (a.get(k) or b.get(k)) for k in sorted(set(a)|set(b))}
    return a if a==b else (a if b is None else b if a is None else f"{a}|{b}")
d=sys.argv[1]
res={}
res['summary.json']=shape(json.load(open(os.path.join(d,'summary.json'))))
lines=[json.loads(l) for l in open(os.path.join(d,'requests.jsonl'))]
res['requests.jsonl']=shape(lines)
res['results.csv']=next(csv.reader(open(os.path.join(d,'results.csv'))))
res['files']=sorted(os.listdir(d))
md=open(os.path.join(d,'report.md')).read().split('\n')
res['report.md headings']=[l for l in md if l.startswith('#')]
print(json.dumps(res,indent=1,sort_keys=True))
