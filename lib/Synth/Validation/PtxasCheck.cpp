//===- PtxasCheck.cpp - ptxas on many samples' PTX at once -----------------===//
//
// ptxas costs about 10 ms to start and 25 ms per kernel at its default
// optimization level; one process per sample and direction made it the
// slowest stage of `kdsl-synth --targets ptx`. Several input files per
// ptxas run crash ptxas 13 (segmentation fault), hence one combined module.
// It runs at -O0: the same parse, type and register checks and code
// generation to SASS, without -O3's unrolling of the tile kernels' element
// loops, which took 5-10x longer (200-600 ms per tile record), or -O1's
// optimizations (a third of ptxas's time on a batch); docs/synth.md says
// how the levels were compared.
//
//===----------------------------------------------------------------------===//
#include "PtxasCheck.h"
#include "kdsl/Synth/Validation/Sample.h"

#include "kdsl/Synth/Validation/StageTimes.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <regex>

using namespace kdsl::synth;

llvm::Error kdsl::synth::runPtxas(llvm::StringRef ptxas, llvm::StringRef ptx,
                                  llvm::StringRef arch) {
  StageScope timer(Stage::Ptxas);
  llvm::SmallString<128> in, out, log;
  if (auto ec = llvm::sys::fs::createTemporaryFile("kdsl-synth", "ptx", in))
    return llvm::createStringError(ec, "cannot create a temporary file");
  llvm::sys::fs::createTemporaryFile("kdsl-synth", "cubin", out);
  llvm::sys::fs::createTemporaryFile("kdsl-synth", "log", log);
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(in, ec);
    os << ptx;
  }
  std::string archFlag = ("-arch=" + arch).str();
  llvm::StringRef args[] = {ptxas, archFlag, "-O0", in, "-o", out};
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, log.str(), log.str()};
  int rc = llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects);
  std::string message;
  if (rc != 0)
    if (auto buf = llvm::MemoryBuffer::getFile(log))
      message = (*buf)->getBuffer().str();
  for (auto &f : {in, out, log})
    llvm::sys::fs::remove(f);
  if (rc != 0)
    return llvm::createStringError("ptxas failed: " + message);
  return llvm::Error::success();
}

namespace {
/// The text after the module header (.version, .target, .address_size).
std::pair<std::string, std::string> splitHeader(const std::string &ptx) {
  static const std::regex header(R"(\.address_size\s+\d+[^\n]*\n)");
  std::smatch m;
  if (!std::regex_search(ptx, m, header))
    return {"", ptx};
  size_t end = size_t(m.position(0) + m.length(0));
  return {ptx.substr(0, end), ptx.substr(end)};
}
} // namespace

std::string kdsl::synth::combinePtx(llvm::ArrayRef<std::string> modules) {
  // Module-scope definitions: variables, funcs and entries. Records name
  // their kernels for what they do, so two modules of a batch may both
  // define `.entry integrate_cuda_kernel_forward`: every name gets its
  // module's suffix.
  static const std::regex variable(
      R"(^(?:\.visible\s+|\.weak\s+)?\.(?:global|const|shared)\s[^\n;=\[]*?([A-Za-z_$%][\w$]*)\s*(?:\[|=|;))",
      std::regex::multiline);
  static const std::regex func(
      R"(^(?:\.visible\s+|\.weak\s+)?\.func\s*(?:\([^)]*\)\s*)?([A-Za-z_$%][\w$]*))",
      std::regex::multiline);
  static const std::regex entry(R"(^(?:\.visible\s+|\.weak\s+)?\.entry\s+([A-Za-z_$%][\w$]*))",
                                std::regex::multiline);
  std::string out;
  for (auto [i, module] : llvm::enumerate(modules)) {
    auto [header, body] = splitHeader(module);
    if (i == 0)
      out += header;
    llvm::StringSet<> names;
    for (const std::regex *re : {&variable, &func, &entry})
      for (std::sregex_iterator it(body.begin(), body.end(), *re), end; it != end; ++it)
        names.insert((*it)[1].str());
    for (llvm::StringRef name : names.keys()) {
      std::regex use("(^|[^\\w$%])" +
                     std::regex_replace(name.str(), std::regex(R"([$%])"), R"(\$&)") +
                     "(?![\\w$])");
      std::string renamed = std::regex_replace(name.str(), std::regex(R"(\$)"), "$$$$");
      body = std::regex_replace(body, use, "$1" + renamed + "_kdsl" + std::to_string(i));
    }
    out += body;
    out += "\n";
  }
  return out;
}

std::vector<std::string> kdsl::synth::checkPtxBatch(llvm::StringRef ptxas,
                                                    llvm::ArrayRef<std::string> modules,
                                                    llvm::StringRef arch) {
  std::vector<std::string> complaints(modules.size());
  if (modules.empty())
    return complaints;
  llvm::Error e = modules.size() == 1 ? runPtxas(ptxas, modules[0], arch)
                                      : runPtxas(ptxas, combinePtx(modules), arch);
  if (!e)
    return complaints;
  if (modules.size() == 1) {
    complaints[0] = llvm::toString(std::move(e));
    return complaints;
  }
  llvm::consumeError(std::move(e));
  for (auto [i, module] : llvm::enumerate(modules))
    if (llvm::Error one = runPtxas(ptxas, module, arch))
      complaints[i] = llvm::toString(std::move(one));
  return complaints;
}

std::string kdsl::synth::findPtxas() {
  if (auto p = llvm::sys::findProgramByName("ptxas"))
    return *p;
  if (auto p = llvm::sys::findProgramByName("ptxas", {"/usr/local/cuda/bin"}))
    return *p;
  return "";
}
