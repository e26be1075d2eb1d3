#!/usr/bin/env python3
"""Turns layerkit-bench and run-anchors.sh output into the Markdown table of
docs/benchmarks.md. Usage: bench-table.py LAYERKIT_OUTPUT ANCHORS_OUTPUT"""
import datetime
import os
import platform
import re
import sys

ours, mins = {}, {}
for line in open(sys.argv[1]):
    p = line.split()
    if p and p[0] == "RESULT":
        ours[p[1]] = float(p[2])
        mins[p[1]] = float(p[3])
anchors, section = {}, None
for line in open(sys.argv[2]):
    if line.startswith("## "):
        section = line[3:].strip()
        anchors[section] = {}
        continue
    m = re.match(r"(.*?)\s+median\s+([0-9.]+) ms", line)
    if m and section:
        anchors[section][m.group(1).strip()] = float(m.group(2))


def anchor(engine, prefix):
    if prefix is None:
        return None
    for k, v in anchors.get(engine, {}).items():
        if k.startswith(prefix):
            return v
    return None


rows = [
    ("A: 1,000 rounded rects, fill + 1 px border", "A_rrects_fill_stroke", "A rrects"),
    ("A′: the same rects, fill only", "A1_rrects_fill_only", "A' rrects"),
    ("A″: the same rects, border only", "A2_rrects_stroke_only", None),
    ("B: 200 cubic stars, stroke width 3", "B_stars_stroke_w3", "B stars"),
    ("Stars, even-odd fill", "B2_stars_evenodd_fill", "B'' stars"),
    ("Full-frame image SrcOver blit", "E_blit_srcover", "E full-frame"),
    ("Rotated + scaled bilinear image", "E2_blit_affine_bilinear", "E' rotated"),
    ("Blur σ = 10, alpha plane", "F_blur_alpha_sigma10", None),
    ("Blur σ = 10, RGBA", "F2_blur_rgba_sigma10", None),
]


def fmt(v):
    return "—" if v is None else "%.2f" % v


out = [
    "# Rasterizer benchmarks",
    "",
    "Written by `Scripts/bench` on %s (%s, %d cores). Median milliseconds per 1280×720 frame"
    % (datetime.date.today().isoformat(), platform.machine(), os.cpu_count() or 0),
    "(LayerKit's fastest run in brackets), every engine timed in the same run on the same",
    "machine, single-threaded and pinned to one core unless the column says otherwise. The",
    "geometry is `bench-anchors/scene.py`'s seeded scenes, read from the files it writes, so",
    "every engine draws the same shapes. Anchor timings include one Python call per shape;",
    "the machine is shared, so compare ratios within one run, not absolute numbers.",
] + ([
    "",
    "Load average (1, 5, 15 min) on the %d cores while it ran: %s."
    % (os.cpu_count() or 0, os.environ["BENCH_LOAD"]),
] if os.environ.get("BENCH_LOAD") else []) + [
    "",
    "| scene | LayerKit | LayerKit, 2 threads | Blend2D | Skia | Cairo | LayerKit ÷ Blend2D |",
    "|---|---:|---:|---:|---:|---:|---:|",
]
for title, key, prefix in rows:
    v = ours.get(key)
    mt = ours.get("MT2_" + key)
    b = anchor("Blend2D", prefix)
    s = anchor("Skia", prefix)
    c = anchor("Cairo", prefix)
    ratio = "%.2f×" % (v / b) if v is not None and b else "—"
    ours_cell = "%s (%s)" % (fmt(v), fmt(mins.get(key))) if v is not None else "—"
    out.append("| %s | %s | %s | %s | %s | %s | %s |" % (title, ours_cell, fmt(mt), fmt(b), fmt(s), fmt(c), ratio))
print("\n".join(out))
