#!/usr/bin/env python3
"""Pillow + libraqm (FreeType, HarfBuzz, FriBidi) drawing the strings LayerKit's text
benchmark drew, for the side-by-side table in docs/benchmarks.md.

Usage: bench-text.py STRINGS_FILE RUNS
Prints `ANCHOR <case> <median ms> <best ms> <calls>` per case and
`OVERHEAD <microseconds per call>`: the cost of one Python call with the same arguments
that does nothing, timed on its own, which the table subtracts once per draw call.
Pillow has no font fallback, so each sentence or label is drawn with the font LayerKit's
fallback picks for its script (a separate layout per call)."""
import sys
import time

from PIL import Image, ImageDraw, ImageFont, features

if not features.check("raqm"):
    sys.exit("bench-text.py: Pillow was built without raqm")

FONTS = {
    "latin": ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 0),
    "arabic": ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 0),
    "hebrew": ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 0),
    "devanagari": ("/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf", 0),
    "thai": ("/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf", 0),
    "japanese": ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 0),
}

path, runs = sys.argv[1], int(sys.argv[2])
sentences, labels, height = [], [], 544
for line in open(path, encoding="utf-8").read().split("\n"):
    kind, _, rest = line.partition(" ")
    if kind == "paragraph-height":
        height = int(rest)
    elif kind in ("sentence", "label"):
        script, _, text = rest.partition(" ")
        (sentences if kind == "sentence" else labels).append((script, text))

def fonts(size):
    return {k: ImageFont.truetype(f, size, index=i, layout_engine=ImageFont.Layout.RAQM)
            for k, (f, i) in FONTS.items()}

para_fonts, label_fonts = fonts(16), fonts(14)

def paragraph():
    image = Image.new("RGB", (1000, height), "white")
    draw = ImageDraw.Draw(image)
    x, y = 0, 0
    for script, text in sentences:
        draw.text((x, y), text, font=para_fonts[script], fill="black")
        y = (y + 19) % (height - 19)

def frame():
    image = Image.new("RGB", (1280, 720), "white")
    draw = ImageDraw.Draw(image)
    for i, (script, text) in enumerate(labels):
        draw.text(((i % 10) * 128 + 4, (i // 10) * 72 + 8), text, font=label_fonts[script], fill="black")

def timed(body):
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        body()
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return samples[len(samples) // 2], samples[0]

def nothing(xy, text, font=None, fill=None):
    return None

def overhead(calls=10000):
    font = label_fonts["latin"]
    start = time.perf_counter()
    for i in range(calls):
        nothing(((i % 10) * 128 + 4, 8), "Settings", font=font, fill="black")
    return (time.perf_counter() - start) / calls * 1e6

paragraph(); frame()
for name, body, calls in (("paragraph-layout-draw", paragraph, len(sentences)),
                          ("labels", frame, len(labels))):
    median, best = timed(body)
    print(f"ANCHOR {name} {median:.3f} {best:.3f} {calls}")
print(f"OVERHEAD {overhead():.3f}")
