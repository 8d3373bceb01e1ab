"""Runs kdsl-translate --verify-emitted (Clang in process) over the C++ and
CUDA C of every kernel file of the repository: test/**/*.py and
examples/*.py, less the files that are meant to be rejected
(test/Frontend/errors, fuzz-regressions) and those the front end rejects
(checked with --emit=mlir when the C++ fails; their count is printed), and
those with tile operations, which only --emit=mlir lowers so far
(docs/design/tiles.md; counted apart, and checked as soon as they lower).

usage: verify_all_emitted.py KDSL_TRANSLATE SOURCE_ROOT SCRATCH_FILE
Prints one line per failure and exits 1 when there is any."""
import concurrent.futures
import glob
import os
import re
import subprocess
import sys

translate, root, scratch = sys.argv[1:4]
files = sorted(glob.glob(os.path.join(root, "test", "**", "*.py"), recursive=True))
files += sorted(glob.glob(os.path.join(root, "examples", "*.py")))
files = [f for f in files
         if os.sep + "errors" + os.sep not in f and "fuzz-regressions" not in f
         and os.sep + "Inputs" + os.sep + "verify_all_emitted.py" not in f]


def check(index_and_file):
    index, f = index_and_file
    out = "%s.%d" % (scratch, index)
    run = lambda *args: subprocess.run([translate, f, *args, "-o", out],
                                       capture_output=True, text=True)
    for emit in ("cpp", "cuda"):
        r = run("--emit=" + emit, "--verify-emitted")
        if r.returncode != 0 and emit == "cpp" and run("--emit=mlir").returncode != 0:
            return f, "skipped", ""
        # kdsl-lower-tiles refuses the tile ops (and tiles of structs) it does
        # not lower yet: "error: 'kdsl.tile_view' is not lowered yet".
        if r.returncode != 0 and re.search(r"error: .* (is|are) not lowered yet", r.stderr):
            return f, "tiles", ""
        if r.returncode != 0 and "cannot differentiate" in r.stderr:
            # A kernel made not to be differentiable: its forward code only.
            r = run("--emit=" + emit, "--verify-emitted", "--forward-only")
        if r.returncode != 0:
            return f, "fail " + emit, r.stderr[:2000]
    return f, "ok", ""


failures = skipped = tiles = checked = 0
with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    for f, status, detail in pool.map(check, enumerate(files)):
        if status == "skipped":
            skipped += 1
        elif status == "tiles":
            tiles += 1
        elif status == "ok":
            checked += 1
        else:
            failures += 1
            print("FAIL (%s): %s\n%s" % (status, os.path.relpath(f, root), detail))
print("checked %d files, %d rejected by the front end, %d with tiles not lowered yet, %d failures"
      % (checked, skipped, tiles, failures))
sys.exit(1 if failures else 0)
