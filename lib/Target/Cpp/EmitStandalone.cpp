//===- EmitStandalone.cpp - host program for the emitted CUDA C -----------===//
#include "kdsl/Support/Mangle.h"
#include "kdsl/Target/Cpp.h"

#include "kdsl/Dialect/Kdsl.h"

using namespace mlir;

static const char *kBundleHost =
#include "BundleHost.inc.str"
    ;
static const char *kStandaloneMain =
#include "StandaloneMain.inc.str"
    ;

std::vector<std::string> kdsl::cudaEntryPoints(ModuleOp module) {
  std::vector<std::string> names;
  for (auto k : module.getOps<KernelOp>())
    names.push_back(mangleName(entryPointName(k, "cuda_kernel")));
  return names;
}

void kdsl::emitStandaloneHost(llvm::ArrayRef<std::string> entries, llvm::raw_ostream &os) {
  os << "\n// ---- host program (kdsl-translate --standalone) ----\n";
  os << kBundleHost << "\n";
  os << "struct KdslEntry {\n  const char *entry;\n  const void *fn;\n};\n";
  os << "static const KdslEntry kdsl_entries[] = {\n";
  for (const std::string &e : entries)
    os << "    {\"" << e << "\", (const void *)&" << e << "},\n";
  os << "};\n\n" << kStandaloneMain;
}

std::string kdsl::standaloneMakefile(llvm::StringRef stem) {
  return ("# Builds the kdsl standalone program with nvcc: make [ARCH=sm_90]\n"
          "# -fmad=false: no a * b + c contracted to an FMA, as in kdsl's CPU backends and\n"
          "# PTX, so results match them bit for bit.\n"
          "NVCC ?= nvcc\nARCH ?= sm_80\n\n" +
          stem + ": " + stem +
          ".cu\n\t$(NVCC) -O2 -std=c++17 -fmad=false -arch=$(ARCH) -o $@ $<\n\n"
          "clean:\n\trm -f " +
          stem + "\n.PHONY: clean\n")
      .str();
}

std::string kdsl::standaloneCMakeLists(llvm::StringRef stem) {
  return ("# Builds the kdsl standalone program:\n"
          "#   cmake -S . -B build [-DCMAKE_CUDA_ARCHITECTURES=90] && cmake --build build\n"
          "cmake_minimum_required(VERSION 3.20)\n"
          "project(" +
          stem +
          " LANGUAGES CXX CUDA)\n"
          "if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)\n"
          "  set(CMAKE_CUDA_ARCHITECTURES 80)\n"
          "endif()\n"
          "set(CMAKE_CUDA_STANDARD 17)\n"
          "add_executable(" +
          stem + " " + stem +
          ".cu)\n"
          "# No FMA contraction, as in kdsl's CPU backends and PTX: identical results.\n"
          "target_compile_options(" +
          stem + " PRIVATE -fmad=false)\n")
      .str();
}
