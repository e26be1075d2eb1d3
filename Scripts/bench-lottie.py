"""ThorVG's side of Scripts/bench-lottie: loads each Lottie file and renders the frames
LayerKit's bench timed (the plan file: `NAME W H IP CW CH PATH FRAME...` per line, CW × CH the composition's
size in points) at the same
pixel size, with the software canvas on one thread (threads=0).

Prints per file:
  THORVG NAME LOAD_MEDIAN LOAD_BEST FRAME_MEDIAN FRAME_BEST FIRST_FRAME   (ms, raw)
and once:
  OVERHEAD CALL_US FRAME_US
CALL_US is one Python-to-C call of the binding (argtypes set, arguments converted, an
immediate return); FRAME_US is a whole frame's four calls (set_frame to the frame it is
already on, then update, draw and sync of an empty canvas), which return at once. The
table subtracts FRAME_US from each frame and 4 calls plus the JSON copy from each load.
Usage: bench-lottie.py PLAN RUNS PASSES
"""
import ctypes
import statistics
import sys
import time

import thorvg_python as tvg


def ms(t0):
    return (time.perf_counter() - t0) * 1e3


def load(eng, data, w, h, width, height):
    """The load: a new animation, its picture, the JSON parsed, the size set."""
    anim = tvg.LottieAnimation(eng)
    pic = anim.get_picture()
    pic.load_data(data, "lottie", None, True)
    s = min(width / w, height / h)
    pic.set_size(w * s, h * s)
    return anim, pic


def main():
    plan, runs, passes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    eng = tvg.Engine(threads=0)
    for line in open(plan):
        f = line.split()
        name, width, height, ip = f[0], int(f[1]), int(f[2]), float(f[3])
        w, h, path = float(f[4]), float(f[5]), f[6]
        frames = [float(x) - ip for x in f[7:]]
        data = open(path, "rb").read()
        loads = []
        for _ in range(runs):
            t0 = time.perf_counter()
            anim, pic = load(eng, data, w, h, width, height)
            loads.append(ms(t0))
            anim._del()
        canvas = tvg.SwCanvas(eng)
        canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888)
        anim, pic = load(eng, data, w, h, width, height)
        canvas.add(pic)

        def frame(no):
            anim.set_frame(no)
            canvas.update()
            canvas.draw(True)
            canvas.sync()

        t0 = time.perf_counter()
        frame(frames[0])
        first = ms(t0)
        frame(frames[len(frames) // 2])
        times = []
        for _ in range(passes):
            for no in frames:
                t0 = time.perf_counter()
                frame(no)
                times.append(ms(t0))
        canvas.remove(pic)
        anim._del()
        canvas.destroy()
        print("THORVG %s %.3f %.3f %.3f %.3f %.3f" % (
            name, statistics.median(loads), min(loads), statistics.median(times), min(times),
            first), flush=True)

    # The binding's own cost: the same calls returning at once.
    anim = tvg.LottieAnimation(eng)
    anim.set_frame(0)
    empty = tvg.SwCanvas(eng)
    empty.set_target(1, 1, cs=tvg.Colorspace.ABGR8888)

    def calls():
        anim.set_frame(0)
        empty.update()
        empty.draw(True)
        empty.sync()

    def one_call():
        anim.set_frame(0)

    def median_us(fn, batches=60, n=100):
        # The median of many short batches: a batch the scheduler interrupted (the machine
        # is shared) is an outlier, not a shift of the result.
        means = []
        for _ in range(batches):
            t0 = time.perf_counter()
            for _ in range(n):
                fn()
            means.append((time.perf_counter() - t0) * 1e6 / n)
        return statistics.median(means)

    print("OVERHEAD %.3f %.3f" % (median_us(one_call), median_us(calls)), flush=True)


if __name__ == "__main__":
    main()
