"""score_lifetime.py KDSL_SYNTH DATASET CANDS: kills `kdsl-synth score` while
its sandbox runs a candidate that sleeps, and checks that the sandbox dies
with it (PR_SET_PDEATHSIG) and that score left no temporary file behind."""
import glob, os, signal, subprocess, sys, tempfile, time

exe, dataset, cands = sys.argv[1:4]
tmp = tempfile.mkdtemp()
env = dict(os.environ, TMPDIR=tmp)
score = subprocess.Popen([exe, "score", dataset, cands, "--timeout", "60", "--test-allow-inline-asm"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)


def sandboxes():
    found = []
    for d in glob.glob("/proc/[0-9]*"):
        try:
            with open(d + "/cmdline", "rb") as f:
                args = f.read().split(b"\0")
            with open(d + "/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if b"--kdsl-score-sandbox" in args and ppid == score.pid:
            found.append(int(d[6:]))
    return found


deadline = time.time() + 30
children = []
while time.time() < deadline and not children:
    children = sandboxes()
    time.sleep(0.05)
print("sandbox started:", bool(children))
time.sleep(1.0)  # the candidate is asleep by now
score.send_signal(signal.SIGKILL)
score.wait()
time.sleep(1.0)
alive = [p for p in children if os.path.exists("/proc/%d" % p) and
         open("/proc/%d/stat" % p).read().rsplit(")", 1)[1].split()[0] != "Z"]
print("sandbox alive after score was killed:", bool(alive))
print("files left in TMPDIR:", len(os.listdir(tmp)))
for p in alive:
    os.kill(p, signal.SIGKILL)
