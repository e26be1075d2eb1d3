#!/usr/bin/env python3
"""Rewrites the per-sample table of docs/lottie.md from a corpus run.

Usage: Scripts/lottie-table.py [RESULTS] [DOC]
  RESULTS: the report `LottieCorpusTests` writes (default .build/lottie-corpus.txt):
           one line per sample, name then the share (%) at 0/25/50/75/100 %, `!` on a fail.
  DOC:     docs/lottie.md (default). The table between the header line that starts with
           "| sample | LayerKit | ThorVG |" and the "| **total**" row is replaced.

The ThorVG column comes from ../shared/lottie/thorvg-public.txt (beside the repository, or
$LOTTIE_CORPUS/thorvg-public.txt). The "why" of each failing sample is kept from the
table being replaced (the text after the " — "); a sample that fails for the first time
gets "not yet diagnosed".
"""
import os
import re
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
results = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build/lottie-corpus.txt")
doc = sys.argv[2] if len(sys.argv) > 2 else os.path.join(root, "docs/lottie.md")
corpus = os.environ.get("LOTTIE_CORPUS", os.path.join(os.path.dirname(root), "shared/lottie"))
progresses = ["0", "25", "50", "75", "100"]

ours = {}
for line in open(results):
    fields = line.split()
    if len(fields) == 6:
        ours[fields[0]] = fields[1:]

thorvg = {}
for line in open(os.path.join(corpus, "thorvg-public.txt")):
    m = re.match(r"(PASS|FAIL) (\d)/5\s+(\S+)", line)
    if m:
        thorvg[m.group(3)] = int(m.group(2))

text = open(doc).read()
lines = text.split("\n")
head = next(i for i, l in enumerate(lines) if l.startswith("| sample | LayerKit | ThorVG |"))
total = next(i for i in range(head, len(lines)) if lines[i].startswith("| **total**"))
reasons = {}
for l in lines[head + 2 : total]:
    cells = [c.strip() for c in l.strip("|").split("|")]
    if len(cells) >= 4 and " — " in cells[3]:
        reasons[cells[0]] = cells[3].split(" — ", 1)[1]

rows, our_total, thorvg_total = [], 0, 0
for name in sorted(ours):
    shares = ours[name]
    passed = sum(1 for s in shares if not s.endswith("!"))
    our_total += passed
    thorvg_total += thorvg.get(name, 0)
    failing = [f"{p}: {s.rstrip('!')}" for p, s in zip(progresses, shares) if s.endswith("!")]
    why = ""
    if failing:
        why = "; ".join(failing) + " — " + reasons.get(name, "not yet diagnosed")
    rows.append(f"| {name} | {passed}/5 | {thorvg.get(name, 0)}/5 | {why} |")
count = 5 * len(ours)
rows.append(f"| **total** | **{our_total}/{count}** | **{thorvg_total}/{count}** | |")
lines[head + 2 : total + 1] = rows
open(doc, "w").write("\n".join(lines))
print(f"LayerKit {our_total}/{count}, ThorVG {thorvg_total}/{count}")
