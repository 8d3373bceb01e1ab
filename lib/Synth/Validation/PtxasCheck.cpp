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
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

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
/// The module header (.version, .target, .address_size) and the text after it.
std::pair<std::string, std::string> splitHeader(const std::string &ptx) {
  size_t at = ptx.find(".address_size");
  if (at == std::string::npos)
    return {"", ptx};
  size_t end = ptx.find('\n', at);
  end = end == std::string::npos ? ptx.size() : end + 1;
  return {ptx.substr(0, end), ptx.substr(end)};
}
} // namespace

namespace {
bool isNameChar(char c) { return llvm::isAlnum(c) || c == '_' || c == '$'; }

/// The name a module-scope definition line defines (`.entry k(`, `.func
/// (.param .b32 r) f(`, `.global .align 4 .b8 t[16] = ...;`), or "".
llvm::StringRef definedName(llvm::StringRef line) {
  for (llvm::StringRef prefix : {".visible ", ".weak "})
    if (line.consume_front(prefix))
      break;
  line = line.ltrim();
  auto identifierAt = [](llvm::StringRef s) {
    s = s.ltrim();
    size_t n = 0;
    if (!s.empty() && (llvm::isAlpha(s[0]) || s[0] == '_' || s[0] == '$' || s[0] == '%'))
      for (n = 1; n < s.size() && isNameChar(s[n]);)
        ++n;
    return s.take_front(n);
  };
  if (line.consume_front(".entry "))
    return identifierAt(line);
  if (line.consume_front(".func")) {
    line = line.ltrim();
    if (line.starts_with("(")) // the return parameter
      line = line.drop_front(std::min(line.size(), line.find(')') + 1));
    return identifierAt(line);
  }
  for (llvm::StringRef space : {".global", ".const", ".shared"}) {
    if (!line.consume_front(space) || line.empty() || !llvm::isSpace(line[0]))
      continue;
    // The identifier right before the first `[`, `=` or `;`.
    llvm::StringRef head = line.take_front(line.find_first_of("[=;")).rtrim();
    size_t from = head.size();
    while (from > 0 && (isNameChar(head[from - 1]) || head[from - 1] == '%'))
      --from;
    return identifierAt(head.drop_front(from));
  }
  return "";
}

/// `body` with every whole-word use of a name in `names` suffixed.
std::string renameAll(llvm::StringRef body, const llvm::StringSet<> &names,
                      llvm::StringRef suffix) {
  std::string out;
  out.reserve(body.size() + body.size() / 16);
  size_t i = 0;
  while (i < body.size()) {
    if (!isNameChar(body[i]) && body[i] != '%') {
      out += body[i++];
      continue;
    }
    // A maximal run of name characters: a name only as a whole.
    size_t j = i;
    while (j < body.size() && (isNameChar(body[j]) || body[j] == '%'))
      ++j;
    llvm::StringRef word = body.slice(i, j);
    out += word;
    if (names.contains(word))
      out += suffix;
    i = j;
  }
  return out;
}
} // namespace

std::string kdsl::synth::combinePtx(llvm::ArrayRef<std::string> modules) {
  // Module-scope definitions: variables, funcs and entries. Records name
  // their kernels for what they do, so two modules of a batch may both
  // define `.entry integrate_cuda_kernel_forward`: every name gets its
  // module's suffix. (One pass over the text: std::regex per name was 3%
  // of a PTX run.)
  std::string out;
  for (auto [i, module] : llvm::enumerate(modules)) {
    auto [header, body] = splitHeader(module);
    if (i == 0)
      out += header;
    llvm::StringSet<> names;
    llvm::SmallVector<llvm::StringRef> lines;
    llvm::StringRef(body).split(lines, '\n');
    for (llvm::StringRef line : lines)
      if (llvm::StringRef name = definedName(line); !name.empty())
        names.insert(name);
    out += renameAll(body, names, "_kdsl" + std::to_string(i));
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
