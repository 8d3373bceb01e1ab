#!/usr/bin/env python3
"""The include graph between kdsl's libraries, and a check that it only points down.

    utils/check_layers.py [ROOT]            # fails (exit 1) listing each upward include
    utils/check_layers.py [ROOT] --graph    # the library graph (and the check)

Every `#include "kdsl/..."` of lib/, include/ and tools/ under ROOT (default:
this checkout) is an edge from the library holding the file to the library
owning the header. A library may include its own headers and those of lower
layers (LAYERS below); an include of a higher layer, or of another library of
the same layer, is reported as

    lib/Dialect/X.cpp:10: Dialect includes Autodiff/AdjointBuilder.h, a higher layer

docs/architecture.md draws the layers and says where each kind of change goes.
"""
import argparse
import os
import re
import sys

# The layers, lowest first: each is a list of libraries that may include the
# headers of the layers below it but not each other's. The order is that of
# the link dependencies of lib/*/CMakeLists.txt (LINK_LIBS):
#   Support        links nothing of kdsl: scalars, identifiers, output files.
#   Dialect        links Support: the kdsl dialect, source names in locations.
#   Frontend       links Dialect: Python source to kdsl IR.
#   Transforms     links Dialect: rewrites and lowerings of kdsl IR.
#   Autodiff       links Dialect and Transforms: adjoint kernels and funcs.
#   Target/Cpp     links Dialect: the C++/CUDA C emitters (print lowered IR).
#   Runtime        links Transforms and Target/Cpp: JIT, C++ and PTX
#                  backends, launch specs, value layouts, kernel ABI.
#   Target/Verify  links Runtime: the in-process Clang check of emitted code,
#                  whose builds run through the Runtime's JIT (KernelJit.h).
#   Driver         links all of the above: the one compile path of the tools.
#   Synth          links Driver: kdsl-synth's library.
#   tools          the mains.
# Frontend and Transforms, and Autodiff and Target/Cpp, share a layer: none
# of them needs the other, so neither may include the other (the driver
# schedules the autodiff steps after the front end).
LAYERS = [
    ["Support"],
    ["Dialect"],
    ["Frontend", "Transforms"],
    ["Autodiff", "Target/Cpp"],
    ["Runtime"],
    ["Target/Verify"],
    ["Driver"],
    ["Synth"],
    ["tools"],
]

# Headers of include/kdsl/Target and the library under lib/Target that
# implements them; a header not listed belongs to Target/Cpp.
TARGET_HEADERS = {"Verify.h": "Target/Verify"}

RANK = {lib: i for i, layer in enumerate(LAYERS) for lib in layer}
SOURCE_SUFFIXES = (".h", ".hpp", ".cpp", ".cc", ".inc", ".def")
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]kdsl/([^">]+)[">]')


def header_library(path):
    """The library owning `kdsl/<path>`: include/kdsl/<Lib>/..., or a file
    generated from dialects/kdsl (kdsl/KdslOps.h.inc: the dialect)."""
    parts = path.split("/")
    if len(parts) == 1:
        return "Dialect"
    if parts[0] == "Target":
        return TARGET_HEADERS.get("/".join(parts[1:]), "Target/Cpp")
    return parts[0]


def file_library(rel):
    """The library holding the source file `rel` (relative to the root)."""
    parts = rel.split("/")
    if parts[0] == "tools":
        return "tools"
    if parts[0] == "include" and len(parts) > 3 and parts[1] == "kdsl":
        return header_library("/".join(parts[2:]))
    if parts[0] == "lib" and len(parts) > 2:
        if parts[1] == "Target" and len(parts) > 3:
            return "Target/" + parts[2]
        return parts[1]
    return None


def includes(root):
    """(file, line, from-library, header, to-library) for each kdsl include."""
    for top in ("include", "lib", "tools"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for name in sorted(filenames):
                if not name.endswith(SOURCE_SUFFIXES):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root).replace(os.sep, "/")
                lib = file_library(rel)
                if lib is None:
                    continue
                with open(path, encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if m:
                            yield rel, number, lib, m.group(1), header_library(m.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?",
                        default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        help="the source tree (default: this checkout)")
    parser.add_argument("--graph", action="store_true",
                        help="print the library graph: each library, the libraries it includes "
                        "and how many includes")
    args = parser.parse_args()
    if not os.path.isdir(os.path.join(args.root, "lib")):
        print(f"check_layers.py: error: {args.root} has no lib/ folder", file=sys.stderr)
        return 2

    problems = []
    # Every library folder has a layer (one with no include of another
    # library yet too, so that its first one is checked).
    for top in ("lib", "include/kdsl"):
        base = os.path.join(args.root, top)
        if not os.path.isdir(base):
            continue
        for name in sorted(os.listdir(base)):
            if not os.path.isdir(os.path.join(base, name)):
                continue
            libs = [name]
            if name == "Target" and top == "lib":
                libs = ["Target/" + sub for sub in sorted(os.listdir(os.path.join(base, name)))
                        if os.path.isdir(os.path.join(base, name, sub))]
            for lib in libs:
                if lib not in RANK and (top == "lib" or name != "Target"):
                    problems.append(f"{top}/{lib}: a library that is not in utils/check_layers.py's "
                                    f"LAYERS (add it to a layer)")
    graph = {}
    for rel, number, lib, header, target in includes(args.root):
        if lib == target:
            continue
        graph.setdefault(lib, {}).setdefault(target, 0)
        graph[lib][target] += 1
        if lib in RANK and target not in RANK:
            problems.append(f"{rel}:{number}: {lib} includes {header}, of no library in "
                            f"utils/check_layers.py's LAYERS")
        elif lib in RANK:
            if RANK[target] > RANK[lib]:
                problems.append(f"{rel}:{number}: {lib} includes {header}, a higher layer")
            elif RANK[target] == RANK[lib]:
                problems.append(f"{rel}:{number}: {lib} includes {header}, a library of the "
                                f"same layer ({target})")

    if args.graph:
        order = sorted(graph, key=lambda l: (RANK.get(l, len(LAYERS)), l))
        for lib in order:
            edges = sorted(graph[lib].items(), key=lambda e: (-RANK.get(e[0], len(LAYERS)), e[0]))
            rank = RANK.get(lib, len(LAYERS))
            shown = []
            for target, count in edges:
                other = RANK.get(target, len(LAYERS))
                mark = "" if other < rank else " (UP)" if other > rank else " (SAME LAYER)"
                shown.append(f"{target} {count}{mark}")
            print(f"{lib} -> " + ", ".join(shown))
    for p in problems:
        print(p)
    if problems:
        print(f"check_layers.py: {len(problems)} problem(s) with the layers "
              f"(docs/architecture.md)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
