#!/usr/bin/env python3
"""Turns layerkit-bench and run-anchors.sh output into the Markdown table of
docs/benchmarks.md. Usage: bench-table.py LAYERKIT_OUTPUT ANCHORS_OUTPUT [LAYERKIT_CPU
BLEND2D_CPU]: the optional pair is the same scenes timed on the threads' CPU clocks
(`layerkit-bench --cpu-time`, `anchor-cpu-clock.py bench_blend2d.py`), possibly several
alternating passes each (the median of the passes' medians is used)."""
import datetime
import os
import platform
import re
import sys

def read_ours(path):
    """`RESULT key median min runs` lines; a key timed in several passes keeps every
    pass's median and minimum."""
    medians, minimums = {}, {}
    for line in open(path):
        p = line.split()
        if p and p[0] == "RESULT":
            medians.setdefault(p[1], []).append(float(p[2]))
            minimums.setdefault(p[1], []).append(float(p[3]))
    return medians, minimums


def read_anchors(path, section=None):
    """`name  median X ms` lines per `## Engine` section (or all in `section`)."""
    out = {} if section is None else {section: {}}
    for line in open(path):
        if line.startswith("## "):
            section = line[3:].strip()
            out.setdefault(section, {})
            continue
        m = re.match(r"(.*?)\s+median\s+([0-9.]+) ms", line)
        if m and section:
            out[section].setdefault(m.group(1).strip(), []).append(float(m.group(2)))
    return out


def median(values):
    v = sorted(values)
    return v[len(v) // 2] if len(v) % 2 else (v[len(v) // 2 - 1] + v[len(v) // 2]) / 2


medians, minimums = read_ours(sys.argv[1])
ours = {k: median(v) for k, v in medians.items()}
mins = {k: min(v) for k, v in minimums.items()}
anchors = {e: {k: median(v) for k, v in d.items()} for e, d in read_anchors(sys.argv[2]).items()}


def anchor(engine, prefix, table=None):
    if prefix is None:
        return None
    for k, v in (anchors if table is None else table).get(engine, {}).items():
        if k.startswith(prefix):
            return v
    return None


# The anchors make one Python call per shape (and one per style change); Blend2D's script
# times that cost on its own line: scene A's 2,000 fill and stroke calls (each after its
# style is set) with everything clipped away. Net figures subtract it per draw call.
OVERHEAD = "  (python+clip-reject"
OVERHEAD_CALLS = 2000
CALLS = {"A rrects": 2000, "A' rrects": 1000, "B stars": 200, "B'' stars": 200, "E full-frame": 1,
         "E' rotated": 1}


def net(engine, prefix, table=None):
    """The anchor's time less its Python calls' overhead (None without an overhead line)."""
    raw = anchor(engine, prefix, table)
    per_call = anchor(engine, OVERHEAD.strip(), table)
    if raw is None or per_call is None or prefix not in CALLS:
        return None
    return raw - per_call / OVERHEAD_CALLS * CALLS[prefix]


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
    "The Blend2D net column subtracts the anchor's per-call Python overhead (its own",
    "\"python+clip-reject overhead\" line: %s ms for scene A's 2,000 calls, prorated per draw"
    % fmt(anchor("Blend2D", OVERHEAD.strip())),
    "call); the ratios are LayerKit's single-threaded median over Blend2D's, raw and net.",
    "",
    "| scene | LayerKit | LayerKit, 2 threads | Blend2D | Blend2D net | Skia | Cairo "
    "| ÷ Blend2D | ÷ Blend2D net |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
]


def ratio(a, b):
    return "%.2f×" % (a / b) if a is not None and b else "—"


for title, key, prefix in rows:
    v = ours.get(key)
    mt = ours.get("MT2_" + key)
    b = anchor("Blend2D", prefix)
    bn = net("Blend2D", prefix)
    s = anchor("Skia", prefix)
    c = anchor("Cairo", prefix)
    ours_cell = "%s (%s)" % (fmt(v), fmt(mins.get(key))) if v is not None else "—"
    out.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s |"
               % (title, ours_cell, fmt(mt), fmt(b), fmt(bn), fmt(s), fmt(c), ratio(v, b), ratio(v, bn)))

if len(sys.argv) > 4:
    cm, cmins = read_ours(sys.argv[3])
    cpu = {k: median(v) for k, v in cm.items()}
    cpu_min = {k: min(v) for k, v in cmins.items()}
    b2 = {e: {k: median(v) for k, v in d.items()}
          for e, d in read_anchors(sys.argv[4], "Blend2D").items()}
    passes = max(len(v) for v in cm.values())
    out += [
        "",
        "The same scenes on each thread's CPU clock (`layerkit-bench --cpu-time`; Blend2D's",
        "script with its timer switched to `time.thread_time` by `Scripts/anchor-cpu-clock.py`),",
        "%d passes each, LayerKit and Blend2D taking turns; medians of the passes' medians"
        % passes,
        "(LayerKit's fastest frame in brackets). On a loaded machine the wall clock also",
        "counts the time a process waits for a core; the CPU clock leaves that out.",
        "",
        "| scene, CPU clock | LayerKit | Blend2D | Blend2D net | ÷ Blend2D | ÷ Blend2D net |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for title, key, prefix in rows:
        b = anchor("Blend2D", prefix, b2)
        v = cpu.get(key)
        if v is None or b is None:
            continue
        bn = net("Blend2D", prefix, b2)
        out.append("| %s | %s (%s) | %s | %s | %s | %s |"
                   % (title, fmt(v), fmt(cpu_min.get(key)), fmt(b), fmt(bn), ratio(v, b), ratio(v, bn)))
print("\n".join(out))
