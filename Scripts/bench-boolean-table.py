"""Writes the "Boolean operations on self-crossing paths" section of docs/benchmarks.md
from the results Scripts/bench-boolean collected (one line per engine and row:
`engine<TAB>row<TAB>n<TAB>fastest s<TAB>median s<TAB>area`, or `...<TAB>fails<TAB>why`).

Usage: python3 bench-boolean-table.py RESULTS LOAD_BEFORE LOAD_AFTER LIMIT_S
"""
import sys, datetime, platform
res, order = {}, []
for line in open(sys.argv[1]):
    f = line.rstrip("\n").split("\t")
    if len(f) < 5:
        continue
    key = (f[1], int(f[2]))
    if key not in order:
        order.append(key)
    res[(f[0],) + key] = f[3:]
def seconds(t):
    """Three significant digits, without an exponent."""
    digits = max(0, 2 - int(__import__("math").floor(__import__("math").log10(t)))) if t > 0 else 3
    return "%.*f" % (digits, t)
def cell(engine, key):
    r = res.get((engine,) + key)
    if r is None or r[0] == "fails":
        return "fails" + (" (%s)" % r[1] if r and len(r) > 1 else "")
    return "%s (%s)" % (seconds(float(r[1])), seconds(float(r[0])))
def ratio(engine, key):
    a, b = res.get(("layerkit",) + key), res.get((engine,) + key)
    if not a or not b or a[0] == "fails" or b[0] == "fails":
        return "—"
    return seconds(float(a[0]) / float(b[0])) + "×"
def area(key):
    vals = []
    for e in ("layerkit", "clipper", "skia"):
        r = res.get((e,) + key)
        vals.append("—" if r is None or r[0] == "fails" else "%.2f" % float(r[2]))
    return " / ".join(vals)
names = {"star": "star, edges spanning 2.4 rad", "twice": "twice-around star"}
print("## Boolean operations on self-crossing paths\n")
print("Written by `Scripts/bench-boolean` on %s (%s, 2 cores shared with other builds)."
      % (datetime.date.today(), platform.machine()))
print("The union of an n-point star with a square, release build, one thread pinned to one")
print("core, the three engines on the same polygons in the same run: LayerKit's")
print("`CGPath.union`, Clipper 6.4 (pyclipper, coordinates scaled by 10⁶ to integers) and")
print("Skia PathOps (skia-pathops). Median seconds (fastest in brackets) of up to five runs,")
print("fewer when a run is long; the ratios compare the fastest runs. \"fails\": the engine")
print("gave up (an exception), crashed or ran past %s s. Areas are the results' filled areas (the" % sys.argv[4])
print("three engines agree when they do the same work). The star puts point k at angle")
print("2.4·k on a circle of radius 40 around (50, 50), about 0.2·n² crossings, with the")
print("square (20, 20, 60, 60); the twice-around star alternates radii 400 and 250 around")
print("(500, 500) over two turns, about n crossings, with the square (300, 300, 400, 400).")
print("LayerKit's algorithm and its complexity: the Paths article (\"Boolean operations\") and")
print("the issue 31 note below.\n")
print("Load average (1, 5, 15 min): before %s; after %s.\n" % (sys.argv[2], sys.argv[3]))
print("| polygon | n | LayerKit s | Clipper s | Skia PathOps s | ÷ Clipper | ÷ Skia | area (LayerKit / Clipper / Skia) |")
print("|---|---:|---:|---:|---:|---:|---:|---|")
for key in order:
    print("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
        names.get(key[0], key[0]), "{:,}".format(key[1]), cell("layerkit", key),
        cell("clipper", key), cell("skia", key), ratio("clipper", key), ratio("skia", key),
        area(key)))
