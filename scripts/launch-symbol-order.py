#!/usr/bin/env python3
"""Writes scripts/launch-symbol-order.txt: the functions a launch of the Gallery runs, for the linker.

    make symbol-order          # or: python3 scripts/launch-symbol-order.py [.build/release/Gallery]

The statically linked executables (`staticSwiftRuntime` in Package.swift) are linked by lld with
`--symbol-ordering-file` naming this file, so the functions a launch runs sit together at the start of
the text instead of spread over its 18 MB. The kernel maps a file's pages 64 KB around each page touched
(fault-around), so code run sparsely costs a whole 64 KB block per function: ordered, a launch's code is
a few MB of contiguous pages (docs/BENCHMARKS.md, `peers`).

How: the release Gallery runs under valgrind's callgrind on a private Xvfb + openbox, as
`Benchmarks peers` launches it (fresh state and settings, the symbol raster cache warmed by a launch
before), until both start windows are drawn and it has been idle a while (the sessions saved, the
windows at rest), then opens a third window with Ctrl+N (xdotool) and waits until idle again; then
callgrind dumps the functions run so far. Every function of the executable (and of
libstdc++, linked into it statically) in that dump is written, one mangled name a line,
in the order of the executable's current layout so that what the linker already kept together stays so,
but for names that several files of the toolchain's archives define as local symbols: lld would move
every section holding one. Those are written to scripts/launch-sections.ld instead, by the names of the
sections that hold such a function alone (`.text.NAME`, which only a function built in a section of its
own has), and gathered with the functions that have no symbol before the rest of the text.

A stale file only costs memory: names that no longer exist are ignored (`--no-warn-symbol-ordering`),
and functions not named keep the linker's usual place after the named ones. Needs valgrind, Xvfb and
openbox (`make symbol-order` installs them).
"""
import collections, json, os, re, shutil, signal, subprocess, sys, tempfile, time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
executable = os.path.realpath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build/release/Gallery"))
output = os.path.join(root, "scripts/launch-symbol-order.txt")
sections = os.path.join(root, "scripts/launch-sections.ld")
SECTIONS_HEADER = """/* Written by scripts/launch-symbol-order.py (`make symbol-order`), with launch-symbol-order.txt: the
   functions a launch runs that the order list cannot name, gathered before the rest of the text by the
   static executables' link (Package.swift, `staticSwiftRuntime`). Those without a symbol (`.text..L*`:
   closures' context destroyers, unnamed helpers of SceneHost's modules, built with -function-sections),
   and those whose name several files define as a local symbol (`block_copy_helper.N`, merged `…Tm`
   functions, outlined copies, the runtime's static C++ functions and `.cold` parts), which lld would
   look up in every file: each is taken here by its own section's name. Left in place, each one a launch
   runs kept a 64 KB block of cold code around it resident (ARCHITECTURE.md, "How the executables are
   linked"). */
"""
# Objects whose functions are named: the executable, and the C++ runtime that is linked into it statically.
wanted = re.compile(r"(^%s$)|/libstdc\+\+\.so" % re.escape(executable))


def start_display(work):
    """A private Xvfb with openbox (the Gallery's windows are managed, as on a desktop)."""
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                            pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(read, 16)
        if not chunk:
            sys.exit("Xvfb did not start")
        number += chunk
    os.close(read)
    display = ":" + number.decode().strip()
    wm = subprocess.Popen(["openbox", "--sm-disable"], env=dict(os.environ, DISPLAY=display),
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        probe = subprocess.run(["xprop", "-display", display, "-root", "_NET_SUPPORTING_WM_CHECK"], capture_output=True, text=True)
        if "window id" in probe.stdout:
            break
        time.sleep(0.05)
    time.sleep(0.3)
    return display, [wm, xvfb]


def environment(display, work, name):
    home = os.path.join(work, name)
    os.makedirs(home, exist_ok=True)
    return dict(os.environ, DISPLAY=display, HOME=home, XDG_STATE_HOME=home, XDG_CONFIG_HOME=home,
                XDG_CACHE_HOME=os.path.join(work, "cache"))


def windows_of(display, pid):
    """The process's managed top-level windows, oldest first (_NET_CLIENT_LIST, _NET_WM_PID)."""
    listing = subprocess.run(["xprop", "-display", display, "-root", "_NET_CLIENT_LIST"], capture_output=True, text=True).stdout
    windows = []
    for window in re.findall(r"0x[0-9a-f]+", listing):
        owner = subprocess.run(["xprop", "-display", display, "-id", window, "_NET_WM_PID"], capture_output=True, text=True).stdout
        if re.search(r"= %d$" % pid, owner.strip()):
            windows.append(window)
    return windows


def windows_shown(display, pid):
    return len(windows_of(display, pid))


def cpu_ticks(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def archive_symbols():
    """Every name defined in the toolchain's static archives that the executable is linked from."""
    info = json.loads(subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True).stdout)
    folder = os.path.join(os.path.dirname(info["paths"]["runtimeResourcePath"]), "swift_static", "linux")
    names = set()
    for archive in sorted(os.listdir(folder)):
        if archive.endswith(".a"):
            listing = subprocess.run(["nm", "--defined-only", os.path.join(folder, archive)], capture_output=True,
                                     text=True, errors="replace").stdout
            names.update(parts[2] for parts in (line.split() for line in listing.splitlines()) if len(parts) == 3)
    return names


def main():
    for tool in ("valgrind", "callgrind_control", "Xvfb", "openbox", "xprop"):
        if not shutil.which(tool):
            sys.exit(f"missing {tool}: make symbol-order installs valgrind, xvfb, openbox and x11-utils")
    if not os.path.exists(executable):
        sys.exit(f"no {executable}: swift build -c release --product Gallery")
    work = tempfile.mkdtemp(prefix="scenehost-order-")
    display, helpers = start_display(work)
    try:
        # A launch first, as a person's earlier one: it keeps the symbols' rasters in $XDG_CACHE_HOME, so
        # the measured launch draws them without librsvg, as `Benchmarks peers` measures it.
        warm = subprocess.Popen([executable], env=environment(display, work, "warm"), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(4)
        warm.terminate()
        warm.wait()
        dump = os.path.join(work, "callgrind.out")
        traced = subprocess.Popen(["valgrind", "--tool=callgrind", "--demangle=no", "--dump-instr=no", "--dump-line=no",
                                   "--compress-strings=no", "--compress-pos=no", "--callgrind-out-file=" + dump, executable],
                                  env=environment(display, work, "traced"), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 300
        while windows_shown(display, traced.pid) < 2:
            if time.time() > deadline or traced.poll() is not None:
                sys.exit("the Gallery did not open its two windows under valgrind")
            time.sleep(1)
        # Idle: no CPU for five seconds in a row (both windows drawn, sessions saved, windows at rest).
        def settle():
            quiet, last = 0, cpu_ticks(traced.pid)
            while quiet < 5 and time.time() < deadline:
                time.sleep(1)
                now = cpu_ticks(traced.pid)
                quiet = quiet + 1 if now - last <= 2 else 0
                last = now
        settle()
        # Then a further window, as `Benchmarks peers` opens them (Ctrl+N in the Mail window): its code
        # joins the list too, or each window opened later faults in cold pages around it.
        if shutil.which("xdotool"):
            mail = windows_of(display, traced.pid)[0]
            subprocess.run(["xdotool", "windowactivate", "--sync", mail, "key", "ctrl+n"], env=dict(os.environ, DISPLAY=display),
                           capture_output=True)
            while windows_shown(display, traced.pid) < 3 and time.time() < deadline:
                time.sleep(1)
            settle()
        subprocess.run(["callgrind_control", "--dump", str(traced.pid)], capture_output=True)
        dumps = [f for f in os.listdir(work) if f.startswith("callgrind.out.")]
        traced.kill()
        traced.wait()
        if not dumps:
            sys.exit("callgrind wrote no dump")
        run = set()
        obj = None
        for line in open(os.path.join(work, sorted(dumps)[0]), errors="replace"):
            if line.startswith("ob="):
                obj = line[3:].strip()
            elif line.startswith("fn=") and obj and wanted.search(obj):
                name = re.sub(r"'\d+$", "", line[3:].strip())  # callgrind marks recursion levels as 'N
                if not name.startswith("0x") and not name.startswith("("):
                    run.add(name)
        # In the executable's present order: what it already keeps together stays together. A name that
        # several files define as a local symbol (outlined copies, closures' thunks, `block_copy_helper`,
        # `.cold` parts) is listed only when none of those files is in the toolchain's static archives:
        # lld moves every section holding one, and an archive's file keeps such functions in one section
        # with the rest of its code, where SceneHost's modules, built with `-function-sections`, give each
        # its own.
        symbols = subprocess.run(["nm", "--defined-only", "-n", executable], capture_output=True, text=True, errors="replace").stdout
        rows = [line.split() for line in symbols.splitlines()]
        count = collections.Counter(row[2] for row in rows if len(row) == 3)
        archived = archive_symbols()
        def listed(name):
            return count[name] <= 1 or name not in archived
        order = []
        for parts in rows:
            if len(parts) == 3 and parts[2] in run and listed(parts[2]):
                order.append(parts[2])
                run.discard(parts[2])
        order += sorted(name for name in run if listed(name))  # the C++ runtime's, when it was a shared library in the run traced
        with open(output, "w") as file:
            file.write("\n".join(order) + "\n")
        # The rest, which the list cannot name, go by their sections' names instead: a function built in a
        # section of its own (SceneHost's modules, the runtime's C++ files) is in `.text.NAME`, its cold part
        # in `.text.unlikely.NAME`; a name in one of the archives' whole-file `.text` matches no pattern.
        unnamed = {name for name in run if not listed(name) and re.fullmatch(r"[\w$.]+", name)}
        # Those the file named before stay while the executable still has them: two runs under valgrind
        # do not always reach the same code (27 of 46 once), and one too many costs only its bytes.
        if os.path.exists(sections):
            unnamed |= {name for name in re.findall(r"\*\(\.text\.([\w$.]+) ", open(sections).read()) if count[name]}
        unnamed = sorted(unnamed)
        with open(sections, "w") as file:
            file.write(SECTIONS_HEADER)
            file.write("SECTIONS {\n  .text.unnamed : {\n    *(.text..L*)\n")
            file.writelines(f"    *(.text.{name} .text.unlikely.{name})\n" for name in unnamed)
            file.write("  }\n} INSERT BEFORE .text;\n")
        print(f"{len(order)} functions written to {os.path.relpath(output, root)}, {len(unnamed)} by section to "
              f"{os.path.relpath(sections, root)}")
    finally:
        for helper in helpers:
            helper.terminate()
            helper.wait()
        shutil.rmtree(work, ignore_errors=True)


main()
