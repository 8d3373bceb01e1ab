//===- clang_check.cpp - cost of kdsl's in-process Clang check -------------===//
//
// Times kdsl::verifyEmittedAfterPrelude (the check kdsl-synth runs on every
// sample's C++ / CUDA C) on one file of emitted code, after the kdsl prelude:
//
//   build/bin/kdsl-bench-clang-check [--cuda] [--runs N] FILE
//
// FILE is a kdsl-synth body (the code after the prelude) or a whole file of
// kdsl-translate --emit=cpp|cuda, whose prelude is then left out. The first
// run also builds the prelude's PCH; the others show the cost of a check. An
// empty body gives the fixed cost of one translation unit. Run by hand
// (bench/README.md has numbers); test/Bench runs it once.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Target/Cpp.h"
#include "kdsl/Target/Verify.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <vector>

using namespace llvm;

static cl::opt<std::string> input(cl::Positional, cl::desc("<file>"), cl::Required);
static cl::opt<unsigned> runs("runs", cl::desc("Timed runs after the first"), cl::init(10));
static cl::opt<bool> cuda("cuda", cl::desc("Check as CUDA C (device side)"), cl::init(false));

static double milliseconds(std::chrono::steady_clock::duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv, "kdsl Clang-check benchmark\n");
  auto buf = MemoryBuffer::getFile(input);
  if (!buf) {
    errs() << input << ": " << buf.getError().message() << "\n";
    return 1;
  }
  std::string prelude = kdsl::cppPrelude();
  StringRef body = (*buf)->getBuffer();
  if (size_t at = body.find(prelude); at != StringRef::npos)
    body = body.drop_front(at + prelude.size());
  auto language = cuda ? kdsl::EmittedLanguage::Cuda : kdsl::EmittedLanguage::Cpp;
  std::vector<double> times;
  for (unsigned r = 0; r <= runs; ++r) {
    auto start = std::chrono::steady_clock::now();
    if (Error e = kdsl::verifyEmittedAfterPrelude(prelude, body, language,
                                                  cuda ? "bench.cu" : "bench.cpp")) {
      errs() << toString(std::move(e));
      return 1;
    }
    times.push_back(milliseconds(std::chrono::steady_clock::now() - start));
  }
  double first = times.front();
  times.erase(times.begin());
  std::sort(times.begin(), times.end());
  outs() << format("%s: first (with the PCH) %.1f ms; median %.1f ms, min %.1f ms over %zu runs\n",
                   input.c_str(), first, times[times.size() / 2], times.front(), times.size());
  return 0;
}
