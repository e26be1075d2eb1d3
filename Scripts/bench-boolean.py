"""The anchors of Scripts/bench-boolean: Clipper (pyclipper, Clipper 6.4, Vatti's scanbeams,
integer coordinates scaled by 1e6) and Skia PathOps (skia-pathops) taking the union of the
same polygons as layerkit-boolean-bench, timed the same way (fastest and median of up to
five runs, fewer when one run takes long). Prints one line per row:
`engine<TAB>row<TAB>n<TAB>fastest s<TAB>median s<TAB>area`, or `engine<TAB>row<TAB>n<TAB>fails<TAB>why`.

Usage: python bench-boolean.py clipper|skia ROW:N [ROW:N ...]
"""
import math
import sys
import time


def polygon(row, n):
    if row == "twice":
        pts = []
        for k in range(n):
            a = k * 4 * math.pi / n
            r = 400.0 if k % 2 == 0 else 250.0
            pts.append((500 + r * math.cos(a), 500 + r * math.sin(a)))
        return pts, (300.0, 300.0, 400.0, 400.0)
    pts = [(50 + 40 * math.cos(2.4 * k), 50 + 40 * math.sin(2.4 * k)) for k in range(n)]
    return pts, (20.0, 20.0, 60.0, 60.0)


def rect_points(r):
    x, y, w, h = r
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def clipper_union(pts, rect):
    import pyclipper
    scale = 1e6
    star = [(round(x * scale), round(y * scale)) for x, y in pts]
    square = [(round(x * scale), round(y * scale)) for x, y in rect_points(rect)]

    def run():
        c = pyclipper.Pyclipper()
        c.AddPath(star, pyclipper.PT_SUBJECT, True)
        c.AddPath(square, pyclipper.PT_CLIP, True)
        return c.Execute(pyclipper.CT_UNION, pyclipper.PFT_NONZERO, pyclipper.PFT_NONZERO)

    def area(result):
        return sum(pyclipper.Area(p) for p in result) / (scale * scale)

    return run, area


def skia_union(pts, rect):
    import pathops
    star = pathops.Path()
    star.moveTo(*pts[0])
    for p in pts[1:]:
        star.lineTo(*p)
    star.close()
    square = pathops.Path()
    q = rect_points(rect)
    square.moveTo(*q[0])
    for p in q[1:]:
        square.lineTo(*p)
    square.close()

    def run():
        return pathops.op(star, square, pathops.PathOp.UNION)

    def area(result):
        return abs(result.area)

    return run, area


def main():
    engine = sys.argv[1]
    make = clipper_union if engine == "clipper" else skia_union
    for spec in sys.argv[2:]:
        row, n = spec.split(":")
        n = int(n)
        pts, rect = polygon(row, n)
        run, area = make(pts, rect)
        times, spent, result = [], 0.0, None
        try:
            while len(times) < 5 and (spent < 20 if len(times) < 2 else spent < 5):
                t0 = time.perf_counter()
                result = run()
                t = time.perf_counter() - t0
                times.append(t)
                spent += t
        except Exception as e:  # Skia PathOps gives up on some inputs.
            print("%s\t%s\t%d\tfails\t%s" % (engine, row, n, type(e).__name__), flush=True)
            continue
        times.sort()
        print("%s\t%s\t%d\t%.6f\t%.6f\t%.4f"
              % (engine, row, n, times[0], times[len(times) // 2], area(result)), flush=True)


main()
