"""Bad-input check for the bundle reader: runs PRINTER on every truncation of
BUNDLE_DIR/bundle.bin and expected.bin and on every single-byte corruption
(0xFF) of them. Each run must end with exit status 0 or 2 and, for 2, an
"error:" line; a crash, a sanitizer report or a hang fails."""
import os
import shutil
import subprocess
import sys
import tempfile

printer, source = sys.argv[1], sys.argv[2]
work = tempfile.mkdtemp()
checked = 0
for name in ("bundle.bin", "expected.bin"):
    good = open(os.path.join(source, name), "rb").read()
    # Every cut in the header region, then a sample (the runs are slow under ASan).
    cuts = [n for n in range(len(good)) if n < 96 or n % 11 == 0]
    variants = [good[:n] for n in cuts]
    variants += [good[:i] + b"\xff" + good[i + 1:] for i in range(len(good)) if i < 96 or i % 5 == 0]
    for data in variants:
        for other in ("bundle.bin", "expected.bin"):
            shutil.copy(os.path.join(source, other), os.path.join(work, other))
        with open(os.path.join(work, name), "wb") as f:
            f.write(data)
        r = subprocess.run([printer, work], capture_output=True, timeout=20)
        stderr = r.stderr.decode(errors="replace")
        bad = r.returncode not in (0, 2) or (r.returncode == 2 and "error:" not in stderr) \
            or "Sanitizer" in stderr
        if bad:
            print("FAIL %s (%d bytes): exit %d\n%s" % (name, len(data), r.returncode, stderr[-2000:]))
            sys.exit(1)
        checked += 1
print("corrupt bundles handled: %d" % checked)
