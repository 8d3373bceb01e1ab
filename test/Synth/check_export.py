"""check_export.py DATASET OUT: OUT is `kdsl-synth export DATASET OUT
--layout=dirs` (docs/synth.md, Export): one folder per record, NNNNNN (the id,
six digits), holding exactly k<id>.py (the source), k<id>.cu (a comment line,
then the manifest's prelude + cuda_types + cuda_forward + cuda_backward, then
the standalone host program with an entry for the forward and the backward
kernel), k<id>.cpp (prelude + cpp_types + cpp_forward + cpp_backward),
bundle.bin (with a geometry record's objects), a Makefile building k<id> from k<id>.cu with $(NVCC) and $(ARCH)
(default nvcc, sm_80), and metadata.json (the record without its texts).
Prints the number of folders checked."""
import glob
import json
import os
import sys

TEXTS = {"source", "cpp_types", "cpp_forward", "cpp_backward", "cuda_types", "cuda_forward",
         "cuda_backward", "ptx_forward", "ptx_backward", "mlir"}


def read(path):
    with open(path) as f:
        return f.read()


def check(record, folder, prelude):
    stem = record["kernel_name"]
    names = sorted(os.listdir(folder))
    want = sorted([stem + ".py", stem + ".cu", stem + ".cpp", "Makefile", "metadata.json", "bundle.bin"])
    assert names == want, f"{folder}: {names}, expected {want}"
    assert read(f"{folder}/{stem}.py") == record["source"], folder
    cu = read(f"{folder}/{stem}.cu")
    first, rest = cu.split("\n", 1)[0], cu[cu.index("\n") + 1:]
    assert first.startswith("// kdsl-synth export of record %d " % record["id"]), first
    rest = rest[rest.index("\n") + 1:]  # the second comment line
    unit = prelude + record["cuda_types"] + record["cuda_forward"] + record.get("cuda_backward", "")
    assert rest.startswith(unit), f"{folder}/{stem}.cu: not the record's CUDA C after the prelude"
    host = rest[len(unit):]
    assert "int main(int argc, char **argv)" in host, folder
    # The host program launches the adjoint only when the record has one
    # (generate --no-backward: none).
    for kind in ("forward", "backward"):
        entry = f"{stem}_cuda_kernel_{kind}"
        present = f'{{"{entry}", (const void *)&{entry}}}' in host
        assert present == (kind == "forward" or "cuda_backward" in record), \
            f"{folder}: host entry {entry} {'present' if present else 'missing'}"
    cpp = prelude + record["cpp_types"] + record["cpp_forward"] + record.get("cpp_backward", "")
    assert read(f"{folder}/{stem}.cpp") == cpp, folder
    make = read(f"{folder}/Makefile")
    assert "NVCC ?= nvcc\n" in make and "ARCH ?= sm_80\n" in make, folder
    assert f"\n{stem}: {stem}.cu\n\t$(NVCC) " in make and "-arch=$(ARCH)" in make, folder
    meta = json.loads(read(f"{folder}/metadata.json"))
    assert meta == {k: v for k, v in record.items() if k not in TEXTS}, folder
    assert not TEXTS & set(meta), folder
    with open(f"{folder}/bundle.bin", "rb") as f:
        assert f.read(8) == b"KDSLBND5", folder


def main():
    dataset, out = sys.argv[1], sys.argv[2]
    prelude = json.load(open(f"{dataset}/manifest.json"))["cpp_prelude"]
    records = [json.loads(line) for path in sorted(glob.glob(f"{dataset}/shard-*.jsonl"))
               for line in open(path)]
    folders = sorted(d for d in os.listdir(out) if d != "export.json")
    assert folders == ["%06d" % r["id"] for r in records], (folders, [r["id"] for r in records])
    summary = json.load(open(f"{out}/export.json"))
    assert summary["samples"] == len(records) and summary["layout"] == "dirs", summary
    # Records with objects (the geometry category) are exported like the
    # others, and counted; synth specs rebuild nothing, so none is skipped.
    with_objects = sum(1 for r in records if r.get("spec", {}).get("objects"))
    assert summary.get("with_objects", 0) == with_objects, (summary, with_objects)
    assert "skipped_with_rebuilds" not in summary, summary
    for r in records:
        check(r, f"{out}/{r['id']:06d}", prelude)
    print(f"export folders checked: {len(records)}")


main()
