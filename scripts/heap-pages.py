#!/usr/bin/env python3
"""What keeps the heap's freed pages resident after `Benchmarks storm`.

    SCENEHOST_STORM_DUMP=/tmp/storm .build/release/Benchmarks storm
    python3 scripts/heap-pages.py /tmp/storm .build/release/Benchmarks

Walks glibc's main-arena heap (the app keeps glibc to one arena) in the core file the benchmark took at
the end, with the page map it saved: for each resident page, the bytes of live chunks on it; for the
pages holding little (1 KB or less), what their chunks are, by first word. A Swift object's first word
is its class (named by gdb), a libdispatch continuation's its flags (0x104, 0x114) or vtable, a C
string's its first characters. Chunks that tcache holds count as live (a few hundred bytes at most).

A second table lists the live chunks above where the heap ended at launch (`smaps-launch`): what the
storm made and left alive, each kind with the pages it shares. A chain of libdispatch continuations
(first word 0x104 or 0x114, linked by their third word) is a thread's continuation cache.
"""
import collections, glob, struct, subprocess, sys

folder, binary = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None
sparse = int(sys.argv[3]) if len(sys.argv) > 3 else 1024
corepath = glob.glob(f"{folder}/core-end*")[0]
data = open(corepath, "rb").read()
phoff, = struct.unpack_from("<Q", data, 0x20)
phnum, = struct.unpack_from("<H", data, 0x38)
segments = []
for i in range(phnum):
    kind, _, offset, address, _, size, _, _ = struct.unpack_from("<IIQQQQQQ", data, phoff + i * 56)
    if kind == 1:
        segments.append((address, address + size, offset))

def word(address):
    for start, end, offset in segments:
        if start <= address and address + 8 <= end:
            return struct.unpack_from("<Q", data, offset + address - start)[0]
    return None

pagemap = open(f"{folder}/pagemap-end", "rb").read()
newline = pagemap.index(b"\n")
heap = int(pagemap[:newline], 16)
entries = pagemap[newline + 1:]
pages = len(entries) // 8
resident = [struct.unpack_from("<Q", entries, i * 8)[0] >> 63 & 1 for i in range(pages)]
heap_end = heap + pages * 4096

chunks = []  # address, size, live
address = heap
while address < heap_end - 16:
    size = (word(address + 8) or 0) & ~7
    if size == 0 or address + size > heap_end:
        break
    chunks.append([address, size, False])
    address += size
for chunk in chunks[:-1]:
    following = word(chunk[0] + chunk[1] + 8)
    chunk[2] = bool(following & 1) if following is not None else False

live_bytes = collections.defaultdict(int)
on_page = collections.defaultdict(list)
for address, size, live in chunks:
    if not live:
        continue
    start, end = address + 16, address + size
    for page in range((start - heap) // 4096, (end - 1 - heap) // 4096 + 1):
        low, high = max(start, heap + page * 4096), min(end, heap + page * 4096 + 4096)
        live_bytes[page] += high - low
        on_page[page].append(address)

print(f"heap: {pages} pages, {sum(resident) * 4 / 1024:.1f} MB resident, "
      f"{sum(c[1] for c in chunks if c[2]) / 1e6:.2f} MB in {sum(1 for c in chunks if c[2])} live chunks")
empty = sum(1 for p in range(pages) if resident[p] and not live_bytes.get(p))
few = [p for p in range(pages) if resident[p] and live_bytes.get(p, 0) <= sparse]
print(f"resident pages with nothing live: {empty}; with at most {sparse} bytes live: {len(few)} ({len(few) * 4 / 1024:.1f} MB)")

# Each sparse page is shared among the chunks on it.
share = collections.Counter()
for page in few:
    for address in on_page.get(page, []):
        share[word(address + 16) or 0] += 1 / len(on_page[page])

def show(top, chunks_of=None):
    names = {}
    if binary:
        commands = []
        for value, _ in top:
            commands += ["-ex", f"info symbol {value:#x}"]
        output = subprocess.run(["gdb", "-batch", "-nx", binary, corepath] + commands, capture_output=True, text=True).stdout
        lines = [l for l in output.splitlines() if " in section " in l or l.startswith("No symbol")]
        names = dict(zip((value for value, _ in top), lines))
    print("pages  " + ("chunks " if chunks_of else "") + "first word")
    for value, count in top:
        text = value.to_bytes(8, "little")
        printable = text.decode("ascii") if all(32 <= b < 127 for b in text) else ""
        counted = f"{chunks_of[value]:6d} " if chunks_of else ""
        print(f"{count:6.1f} {counted}{value:#018x} {printable or names.get(value, '')[:110]}")

show(share.most_common(30))

# What the storm made and left: live chunks above the heap's end at launch.
launch_end = None
for line in open(f"{folder}/smaps-launch"):
    if line.rstrip().endswith("[heap]"):
        launch_end = int(line.split()[0].split("-")[1], 16)
if launch_end:
    above = [c for c in chunks if c[2] and c[0] >= launch_end]
    later = collections.Counter()
    count = collections.Counter()
    for address, size, _ in above:
        value = word(address + 16) or 0
        count[value] += 1
        start, end = address + 16, address + size
        for page in range((start - heap) // 4096, (end - 1 - heap) // 4096 + 1):
            later[value] += 1 / len(on_page[page])
    first = (launch_end - heap) // 4096
    print(f"\nabove the heap's end at launch: {sum(resident[first:])} resident pages, "
          f"{sum(c[1] for c in above) / 1e6:.2f} MB in {len(above)} live chunks")
    show(later.most_common(20), count)
    # libdispatch continuation caches: chains of continuations linked by do_next (third word).
    continuations = {c[0] + 16: word(c[0] + 32) for c in chunks if c[2] and word(c[0] + 16) in (0x104, 0x114)}
    pointed = set(continuations.values())
    chains = []
    for head in continuations:
        if head in pointed:
            continue
        length, link = 0, head
        while link in continuations and length < 5000:
            length += 1
            link = continuations[link]
        chains.append(length)
    longest = sorted(chains, reverse=True)[:5]
    print(f"\nblock and function continuations: {len(continuations)}; longest chains (a thread's cache): {longest}")
