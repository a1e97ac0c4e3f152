#!/usr/bin/env python3
"""Rebuilds the Gallery's picture (Sources/GalleryApp/Resources/Assets.xcassets/Picture.imageset):
a made-up photograph, sky gradient, sun (a moon in dark mode) and three hills, 640x360 points, at 1x
and 2x, light and dark. The light drawing is the one MailViewController drew in code before the
picture became a JPEG asset (commit 37784f8); the dark one matches the dark files' colours.
Needs cjpeg (libjpeg-turbo-progs). Usage: scripts/make-gallery-picture.py [output folder]"""
import math, os, subprocess, sys

LOOKS = {
    "light": dict(sky=lambda t: (0.35 + 0.4 * t, 0.55 + 0.3 * t, 0.9 - 0.2 * t), sun=(1, 0.85, 0.35),
                  hills=[(0.2, 0.45, 0.25), (0.25, 0.55, 0.3), (0.15, 0.4, 0.2)]),
    "dark": dict(sky=lambda t: (0.04 + 0.12 * t, 0.06 + 0.11 * t, 0.18 + 0.15 * t), sun=(0.98, 0.96, 0.84),
                 hills=[(0.07, 0.16, 0.1), (0.08, 0.19, 0.12), (0.05, 0.14, 0.12)]),
}

def ridge(index, x):
    """The top of hill `index` at x points: the polyline through samples every 8 points, as drawn."""
    def at(px): return 250 + index * 30 + 30 * math.sin(px / (60 + index * 25) + index)
    left = math.floor(x / 8) * 8
    f = (x - left) / 8
    return at(left) * (1 - f) + at(min(left + 8, 640)) * f

def render(look, scale):
    w, h = 640 * scale, 360 * scale
    rows = bytearray()
    for py in range(h):
        y = (py + 0.5) / scale
        sky = look["sky"](math.floor(y) / 360)
        for px in range(w):
            x = (px + 0.5) / scale
            colour = sky
            if (x - 470) ** 2 + (y - 110) ** 2 <= 46 ** 2: colour = look["sun"]
            for index, hill in enumerate(look["hills"]):
                if y >= ridge(index, x): colour = hill
            rows += bytes(max(0, min(255, round(c * 255))) for c in colour)
    return w, h, bytes(rows)

def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..",
        "Sources/GalleryApp/Resources/Assets.xcassets/Picture.imageset")
    for name, look in LOOKS.items():
        for scale in (1, 2):
            w, h, pixels = render(look, scale)
            ppm = b"P6\n%d %d\n255\n" % (w, h) + pixels
            with open(os.path.join(out, f"picture-{name}@{scale}x.jpg"), "wb") as jpeg:
                subprocess.run(["cjpeg", "-quality", "85", "-optimize"], input=ppm, stdout=jpeg, check=True)

if __name__ == "__main__":
    main()
