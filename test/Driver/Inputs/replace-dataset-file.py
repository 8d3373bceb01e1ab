"""Copies the dataset directory SRC to DST (replacing DST) with the file NAME
replaced by WHAT: a device path (a symbolic link to it), "dir" (a directory),
"fifo" (a named pipe) or a size such as "300M" (a sparse file). For
test/Driver/input-files.test."""
import os
import shutil
import sys

src, dst, name, what = sys.argv[1:5]
shutil.rmtree(dst, ignore_errors=True)
shutil.copytree(src, dst)
path = os.path.join(dst, name)
os.remove(path)
if what.startswith("/dev/"):
    os.symlink(what, path)
elif what == "dir":
    os.mkdir(path)
elif what == "fifo":
    os.mkfifo(path)
elif what.endswith("M"):
    with open(path, "wb") as f:
        f.truncate(int(what[:-1]) << 20)
else:
    sys.exit("unknown replacement " + what)
