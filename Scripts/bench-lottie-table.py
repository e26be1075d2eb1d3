"""Writes the Speed section of docs/lottie.md from the two halves of Scripts/bench-lottie.
Usage: bench-lottie-table.py LAYERKIT.txt THORVG.txt SETTINGS LOAD_BEFORE LOAD_AFTER"""
import datetime
import math
import platform
import statistics
import sys

lk_path, tvg_path, settings, load_before, load_after = sys.argv[1:6]
lk, tvg, call_us, frame_us = {}, {}, 0.0, 0.0
for line in open(lk_path):
    f = line.split()
    if f and f[0] == "LOTTIE":
        parse, build, load, _, frame, _, first, whole = map(float, f[4:12])
        lk[f[1]] = dict(size="%s×%s" % (f[2], f[3]), parse=parse, build=build, load=load,
                        frame=frame, first=first, whole=whole)
for line in open(tvg_path):
    f = line.split()
    if f and f[0] == "THORVG":
        load, _, frame, _, first = map(float, f[2:7])
        tvg[f[1]] = dict(load=load, frame=frame, first=first)
    if f and f[0] == "OVERHEAD":
        call_us, frame_us = float(f[1]), float(f[2])
# ThorVG's load is four binding calls (new animation, its picture, load, size); a frame four
# (set_frame, update, draw, sync). Their Python cost is taken off; never below zero.
for t in tvg.values():
    t["load_net"] = max(t["load"] - 4 * call_us / 1000, 0.0)
    t["frame_net"] = max(t["frame"] - frame_us / 1000, 0.0)
    t["first_net"] = max(t["first"] - frame_us / 1000, 0.0)
names = sorted(n for n in lk if n in tvg)


def ratio(a, b):
    return a / b if b > 0 else float("inf")


def gmean(xs):
    xs = [x for x in xs if 0 < x < float("inf")]
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")


frame_ratios = [ratio(lk[n]["whole"], tvg[n]["frame_net"]) for n in names]
incremental_ratios = [ratio(lk[n]["frame"], tvg[n]["frame_net"]) for n in names]
start_ratios = [ratio(lk[n]["load"] + lk[n]["first"], tvg[n]["load_net"] + tvg[n]["first_net"])
                for n in names]
faster = sum(1 for r in frame_ratios if r <= 1.0)


def total(engine, key):
    return sum(engine[n][key] for n in names)


def med(engine, key):
    return statistics.median(engine[n][key] for n in names)


print("## Speed\n")
print("Written by `Scripts/bench-lottie` on %s (%s, 2 cores shared with other builds; %s)."
      % (datetime.date.today(), platform.machine(), settings))
print("Both engines run on one thread pinned to one core, one after the other in the same run,")
print("over the %d corpus samples at their snapshot size (Apple's framing, `LottieStage`)." % len(names))
print("**Load**: LayerKit parses the JSON and builds the layer tree (`LottieAnimation(data:)`")
print("then `LottieStage`, embedded images decoded); ThorVG's `load_data` + `set_size` (ThorVG")
print("may leave part of its work to the first frame, so the fair comparison of starting up")
print("is **load + first frame**). **Frame**: the animation is built")
print("once and each frame seeks to a new frame (evenly spaced over the timeline), evaluates")
print("and renders. The headline is the **whole frame**, the same work as ThorVG's: LayerKit")
print("`LottieLayer.currentFrame`, `CAContext.commit()` and `CARenderer.render(width:height:")
print("scale:)`, every pixel drawn into a fresh bitmap (`LottieStage.renderWhole`); ThorVG")
print("`set_frame`, `update`, `draw(clear)`, `sync`. Beside it, LayerKit's **incremental**")
print("frame, `CARenderer.render(in:)` into a bitmap kept between frames, which redraws only")
print("what changed (what a LayerKit app pays while playing; a frame where nothing moved")
print("costs almost nothing). ThorVG's times are shown raw and net of the binding's")
print("Python cost (one call %.2f µs, a frame's four calls %.2f µs, timed on their own when"
      % (call_us, frame_us))
print("they return at once). Medians in milliseconds; the machine is shared, so compare")
print("ratios within one run.\n")
print("Load average (1, 5, 15 min): before %s; after %s.\n" % (load_before, load_after))
print("| over %d samples | LayerKit | ThorVG raw | ThorVG net | LayerKit ÷ ThorVG net |" % len(names))
print("|---|---:|---:|---:|---:|")
for title, key, tkey, tnet in [
    ("load, median", "load", "load", "load_net"),
    ("first frame after load, median", "first", "first", "first_net"),
    ("**whole frame**, median of the samples' medians", "whole", "frame", "frame_net"),
    ("incremental frame, median of the samples' medians", "frame", "frame", "frame_net"),
]:
    print("| %s | %.2f | %.2f | %.2f | %.2f× |" % (
        title, med(lk, key), med(tvg, tkey), med(tvg, tnet), ratio(med(lk, key), med(tvg, tnet))))
for title, key, tkey, tnet in [
    ("load, sum over the samples", "load", "load", "load_net"),
    ("whole frame, sum of the samples' medians", "whole", "frame", "frame_net"),
]:
    print("| %s | %.1f | %.1f | %.1f | %.2f× |" % (
        title, total(lk, key), total(tvg, tkey), total(tvg, tnet),
        ratio(total(lk, key), total(tvg, tnet))))
print("\nPer whole frame, LayerKit ÷ ThorVG (net) has a geometric mean of %.2f× over the"
      % gmean(frame_ratios))
print("samples (LayerKit as fast or faster on %d of %d); incremental %.2f×; load + first"
      % (faster, len(names), gmean(incremental_ratios)))
print("frame %.2f×.\n" % gmean(start_ratios))
goals = [
    ("whole frame, median ≤ 1.0× ThorVG", ratio(med(lk, "whole"), med(tvg, "frame_net")), 1.0),
    ("load, median ≤ 2× ThorVG", ratio(med(lk, "load"), med(tvg, "load_net")), 2.0),
    ("first frame, median ≤ 1.5× ThorVG", ratio(med(lk, "first"), med(tvg, "first_net")), 1.5),
]
print("| goal (issue 30) | this run | met |")
print("|---|---:|---|")
for title, r, limit in goals:
    print("| %s | %.2f× | %s |" % (title, r, "yes" if r <= limit else "**no**"))
print()
print("| sample | pixels | LayerKit load (parse + build) | LayerKit first | LayerKit whole frame "
      "| LayerKit incremental | ThorVG load | ThorVG first | ThorVG frame raw | ThorVG frame net "
      "| whole ÷ |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for n, r in zip(names, frame_ratios):
    a, b = lk[n], tvg[n]
    print("| %s | %s | %.2f (%.2f + %.2f) | %.2f | %.3f | %.3f | %.2f | %.2f | %.3f | %.3f | %.2f× |"
          % (n, a["size"], a["load"], a["parse"], a["build"], a["first"], a["whole"], a["frame"],
             b["load_net"], b["first_net"], b["frame"], b["frame_net"], r))
print("\nA scrub costs one frame, not a replay: the whole file is one timeline whose")
print("`timeOffset` the seek sets, and LayerKit's timing engine evaluates every animation at")
print("that time directly. `LottieScrubTests` counts the work (presentation frames evaluated")
print("and animation values computed, `CAContext`'s counters): a jump of 1 frame and one of")
print("9,998 frames of a 10,000-frame file cost the same, and seeking to the frame shown")
print("costs nothing.")
