# -*- Python -*-
import os
import shutil

import lit.formats
from lit.llvm import llvm_config

config.name = "KDSL"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".py", ".test"]
config.excludes = ["Inputs", "fuzz-corpus", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.kdsl_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%kdsl_src", config.kdsl_src_root))
llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
# kdsl-run's object cache (Runtime/ObjectCache.h) under the build, not in ~/.cache.
config.environment["KDSL_CACHE_DIR"] = os.path.join(config.test_exec_root, "kdsl-cache")
llvm_config.use_default_substitutions()

tool_dirs = [config.kdsl_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(["kdsl-opt", "kdsl-translate"], tool_dirs)

# RUN lines start with LLVM's `not` and `count` (lit expands them only after a
# pipe, and RUN lines go through the external shell), so put LLVM's tools on PATH.
config.environment["PATH"] = os.path.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")]
)

import sys
config.substitutions.append(("%python", sys.executable))
llvm_config.add_tool_substitutions(["kdsl-run", "kdsl-synth"], tool_dirs)
# The benchmarks (bench/): test/Bench runs each once on a tiny input.
llvm_config.add_tool_substitutions(
    ["kdsl-bench-cpu", "kdsl-bench-autodiff", "kdsl-bench-frontend", "kdsl-bench-gpu-latency",
     "kdsl-bench-clang-check", "kdsl-bench-synth-codegen", "kdsl-bench-codegen",
     "kdsl-bench-spatial"], tool_dirs)
# Programs only the tests run (test/lib).
llvm_config.add_tool_substitutions(["kdsl-test-ast-walk", "kdsl-test-nvdb-write"], tool_dirs)
config.substitutions.append(("%kdsl_bin", config.kdsl_tools_dir))
if shutil.which("g++"):
    config.available_features.add("gxx")
# clang-format-22 and git: test/Driver/check-format.test runs utils/check_format.sh on a small repository.
if shutil.which("clang-format-22") and shutil.which("git"):
    config.available_features.add("clang-format-22")

# The CUDA toolkit (nvcc, ptxas) when present: tests that need it REQUIRE: nvcc.
for cuda_bin in [os.environ.get("CUDA_HOME", ""), os.environ.get("CUDA_PATH", ""), "/usr/local/cuda"]:
    nvcc = os.path.join(cuda_bin, "bin", "nvcc") if cuda_bin else ""
    if nvcc and os.path.exists(nvcc):
        config.available_features.add("nvcc")
        config.substitutions.append(("%nvcc", nvcc))
        ptxas = os.path.join(cuda_bin, "bin", "ptxas")
        if os.path.exists(ptxas):
            config.available_features.add("ptxas")
            config.substitutions.append(("%ptxas", ptxas))
        config.substitutions.append(("%cuda_lib_stubs", os.path.join(cuda_bin, "lib64", "stubs")))
        config.substitutions.append(("%libdevice", os.path.join(cuda_bin, "nvvm", "libdevice", "libdevice.10.bc")))
        break

# A usable NVIDIA GPU (driver and device present): tests that launch kernels
# REQUIRE: cuda-gpu. `nvidia-smi -L` lists one line per device.
import subprocess
nvidia_smi = shutil.which("nvidia-smi")
if nvidia_smi:
    try:
        listed = subprocess.run([nvidia_smi, "-L"], capture_output=True, text=True, timeout=20)
        if listed.returncode == 0 and "GPU " in listed.stdout:
            config.available_features.add("cuda-gpu")
    except (OSError, subprocess.SubprocessError):
        pass

# A one-node Slurm (utils/slurm/start.sh) can run here: test/Synth/slurm.test REQUIRES: slurm.
# The daemons are in /usr/sbin, which a non-root PATH may lack; the test starts them as root.
sbin_path = os.path.pathsep.join([config.environment.get("PATH", ""), "/usr/sbin", "/sbin"])
slurm_tools = ["sbatch", "sinfo", "slurmctld", "slurmd", "munged", "mungekey"]
if hasattr(os, "geteuid") and os.geteuid() == 0 and all(shutil.which(t, path=sbin_path) for t in slurm_tools):
    config.available_features.add("slurm")

# DuckDB (npm @duckdb/node-api, installed by utils/install-deps.sh into
# utils/duckdb/node_modules): test/Synth/duckdb.test REQUIRES: duckdb.
duckdb_dir = os.path.join(config.kdsl_src_root, "utils", "duckdb")
if shutil.which("node") and os.path.isdir(os.path.join(duckdb_dir, "node_modules", "@duckdb", "node-api")):
    config.available_features.add("duckdb")
    config.substitutions.append(("%duckdb_load", "node " + os.path.join(duckdb_dir, "load_dataset.mjs")))

# A checkout of NVIDIA Warp (its repository root, holding warp/examples/...), named by
# `lit --param warp_corpus=DIR` or the environment variable KDSL_WARP_CORPUS: the tests of
# test/WarpCorpus run Warp's own, unchanged example files and REQUIRE: warp-corpus (Warp's
# code is never part of this repository; without a checkout they are UNSUPPORTED).
warp_corpus = lit_config.params.get("warp_corpus") or os.environ.get("KDSL_WARP_CORPUS", "")
if warp_corpus and os.path.isdir(os.path.join(warp_corpus, "warp", "examples")):
    config.available_features.add("warp-corpus")
    config.substitutions.append(("%warp_examples", os.path.join(os.path.abspath(warp_corpus), "warp", "examples")))

# PyYAML: test/Synth/k8s-manifest.test parses the manifest with it too when it is there.
try:
    import yaml  # noqa: F401
    config.available_features.add("pyyaml")
except ImportError:
    pass
