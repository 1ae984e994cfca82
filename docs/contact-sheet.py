#!/usr/bin/env python3
"""Contact sheet of PDF pages for looking at every printed page at once (docs/forms.md):
   contact-sheet.py OUT.png COLS FILE.pdf [FILE.pdf …]  — every page at 50 dpi, COLS across.
Uses pdftoppm (PPM output) and writes a PNG with zlib only (no imaging library needed)."""
import subprocess, sys, zlib, struct, tempfile, os, glob

def ppm(path):
    data = open(path, 'rb').read()
    parts, i = [], 0
    while len(parts) < 4:
        while data[i:i+1].isspace(): i += 1
        j = i
        while not data[j:j+1].isspace(): j += 1
        parts.append(data[i:j]); i = j
    i += 1
    w, h = int(parts[1]), int(parts[2])
    return w, h, data[i:i + w * h * 3]

out, cols, pdfs = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
pages = []
with tempfile.TemporaryDirectory() as d:
    for k, pdf in enumerate(pdfs):
        subprocess.run(['pdftoppm', '-r', os.environ.get('DPI', '50'), pdf, f'{d}/p{k:02d}'], check=True)
        pages += [ppm(f) for f in sorted(glob.glob(f'{d}/p{k:02d}*.ppm'))]
cw = max(p[0] for p in pages) + 6
ch = max(p[1] for p in pages) + 6
rows = (len(pages) + cols - 1) // cols
W, H = cw * cols, ch * rows
canvas = bytearray(b'\x80' * (W * H * 3))
for n, (w, h, px) in enumerate(pages):
    x0, y0 = (n % cols) * cw + 3, (n // cols) * ch + 3
    for y in range(h):
        o = ((y0 + y) * W + x0) * 3
        canvas[o:o + w * 3] = px[y * w * 3:(y + 1) * w * 3]
raw = b''.join(b'\x00' + bytes(canvas[y * W * 3:(y + 1) * W * 3]) for y in range(H))
def chunk(t, b): return struct.pack('>I', len(b)) + t + b + struct.pack('>I', zlib.crc32(t + b) & 0xffffffff)
open(out, 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', W, H, 8, 2, 0, 0, 0))
                      + chunk(b'IDAT', zlib.compress(raw, 6)) + chunk(b'IEND', b''))
print(f'{out}: {len(pages)} pages, {W}x{H}')
