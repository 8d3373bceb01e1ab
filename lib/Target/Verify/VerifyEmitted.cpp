//===- VerifyEmitted.cpp - Clang -fsyntax-only on emitted code -----------===//
#include "kdsl/Runtime/KernelJit.h"
#include "kdsl/Target/Verify.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <map>
#include <mutex>
#include <tuple>

using namespace kdsl;

static const char *kCudaShim =
#include "CudaShim.inc.str"
    ;
static const char *kCudaHost =
#include "CudaHost.inc.str"
    ;
static constexpr llvm::StringLiteral kCudaHostName = "kdsl_cuda_host.h";

llvm::StringRef kdsl::cudaHostEmulationHeader() { return kCudaHost; }

std::string kdsl::cudaHostLaunchers(llvm::StringRef kernel, bool backward, bool lanes) {
  std::string out;
  for (const char *part : {"forward", "backward"}) {
    if (llvm::StringRef(part) == "backward" && !backward)
      break;
    out += ("extern \"C\" void " + kernel + "_cpu_" + part +
            "(const int64_t *dims, int64_t begin, int64_t end, void **args) {\n"
            "  kdsl_cuda_host::" +
            (lanes ? "launch_blocks" : "launch") + "(&" + kernel + "_cuda_kernel_" + part +
            ", dims, begin, end, args);\n}\n")
               .str();
  }
  return out;
}

namespace {
/// Collects diagnostics as `name:line:col: severity: message`; the lines are
/// those of the checked buffer, which is exactly the emitted text.
class Collector : public clang::DiagnosticConsumer {
public:
  std::string text;
  unsigned errors = 0;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic &info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < clang::DiagnosticsEngine::Warning)
      return;
    llvm::SmallString<256> message;
    info.FormatDiagnostic(message);
    std::string where = "<unknown>";
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      clang::PresumedLoc p = info.getSourceManager().getPresumedLoc(info.getLocation());
      if (p.isValid())
        where = std::string(p.getFilename()) + ":" + std::to_string(p.getLine()) + ":" +
                std::to_string(p.getColumn());
    }
    bool isError = level >= clang::DiagnosticsEngine::Error;
    errors += isError;
    text += where + (isError ? ": error: " : ": warning: ") + message.str().str() + "\n";
  }
};
} // namespace

namespace {
/// A Clang command line and the in-memory files it reads.
struct Check {
  std::vector<std::string> argv;
  std::vector<std::pair<std::string, llvm::StringRef>> files;
};
} // namespace

/// The Clang arguments and files of a check in `language`, without the input
/// file. CUDA C is checked against the shim, which it includes unless
/// `includeShim` is false (a PCH that already holds it). `codegen`: for a
/// build to machine code (buildEmittedAfterPrelude), without C++ exceptions:
/// the emitted code throws none, and with them every call in a function
/// with a destructor to run (the autodiff tapes) becomes an `invoke`, which
/// FastISel does not select: the JIT handed those blocks to SelectionDAG.
/// `checked` (with `codegen`): undefined behaviour that Clang can see is an
/// error, and what it can trap on at run time traps (a model's output, which
/// must not pass by luck: kdsl-synth score).
static Check checkSetup(EmittedLanguage language, bool includeShim, bool codegen = false,
                        bool checked = false) {
  Check c;
  c.argv = {"clang++", "-fsyntax-only", "-std=c++17", "-Wall", "-Wextra",
            // also stops the "N errors generated" line on stderr
            "-fno-caret-diagnostics", "-resource-dir=" KDSL_CLANG_RESOURCE_DIR,
            // Leaves out libstdc++'s C++17 special math functions (std::beta,
            // std::legendre, ...), which <cmath> includes: kdsl's code calls
            // none of them (a call would fail the build, not pass it), and
            // reading their declarations back from the prelude's PCH took
            // 20 ms per translation unit, 10x an empty unit's other costs.
            "-D_GLIBCXX_BITS_SPECFUN_H"};
  if (codegen) {
    c.argv.push_back("-fno-exceptions");
    // The Windows x64 calling convention for kdsl's functions: it passes and
    // returns vec3/vec4 through memory, where the System V ABI splits them
    // into {<2 x float>, float} register pairs that FastISel cannot select
    // (SelectionDAG then took the whole block: half of the JIT's time on a
    // 50-sample unit, 0.21 s of llc -O0 instead of 0.12). A calling
    // convention changes no value the code computes.
    c.argv.push_back("-DKDSL_FN=inline __attribute__((ms_abi))");
  }
  if (codegen && checked)
    c.argv.insert(c.argv.end(),
                  {"-Werror=uninitialized", "-Werror=sometimes-uninitialized",
                   "-Werror=return-type", "-Werror=array-bounds", "-Werror=division-by-zero",
                   "-Werror=shift-count-overflow", "-Werror=shift-count-negative",
                   // Traps (no run-time library): an index outside a local
                   // array (a vector's components), an integer division by
                   // zero, a shift by the width or more, a missing return, a
                   // null or misaligned reference, an invalid bool.
                   "-fsanitize=bounds,integer-divide-by-zero,shift-exponent,unreachable,return,"
                   "null,vla-bound,bool,builtin",
                   "-fsanitize-trap=all"});
  if (language == EmittedLanguage::Cpp) {
    c.argv.insert(c.argv.end(), {"-x", "c++"});
    return c;
  }
  if (language == EmittedLanguage::CudaHost) {
    c.argv.insert(c.argv.end(), {"-x", "c++"});
    if (includeShim)
      c.argv.insert(c.argv.end(), {"-include", kCudaHostName.str()});
    c.files.push_back({kCudaHostName.str(), kCudaHost});
    return c;
  }
  c.argv.insert(c.argv.end(), {"-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_80",
                               "-nocudainc", "-nocudalib", "-Wno-unknown-cuda-version"});
  if (includeShim)
    c.argv.insert(c.argv.end(), {"-include", "kdsl_cuda_shim.h"});
  c.files.push_back({"kdsl_cuda_shim.h", kCudaShim});
  return c;
}

namespace {
/// The host's file system as a sealed compilation sees it: the system
/// headers the prelude includes (libstdc++'s, the C library's, Clang's own)
/// and nothing else, checked on the path with symbolic links resolved. A
/// directory above them can be looked at, not listed.
class SystemHeadersFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  SystemHeadersFileSystem() : ProxyFileSystem(llvm::vfs::getRealFileSystem()) {}
  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &path) override {
    if (!allowed(path, /*ancestors=*/true))
      return std::make_error_code(std::errc::no_such_file_or_directory);
    return ProxyFileSystem::status(path);
  }
  bool exists(const llvm::Twine &path) override { return bool(status(path)); }
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &path) override {
    if (!allowed(path, false))
      return std::make_error_code(std::errc::no_such_file_or_directory);
    return ProxyFileSystem::openFileForRead(path);
  }
  llvm::vfs::directory_iterator dir_begin(const llvm::Twine &dir, std::error_code &ec) override {
    if (!allowed(dir, false)) {
      ec = std::make_error_code(std::errc::no_such_file_or_directory);
      return {};
    }
    return ProxyFileSystem::dir_begin(dir, ec);
  }
  std::error_code getRealPath(const llvm::Twine &path, llvm::SmallVectorImpl<char> &out) override {
    if (!allowed(path, true))
      return std::make_error_code(std::errc::no_such_file_or_directory);
    return ProxyFileSystem::getRealPath(path, out);
  }

private:
  static bool allowed(const llvm::Twine &path, bool ancestors) {
    llvm::SmallString<256> real;
    if (llvm::sys::fs::real_path(path, real))
      return false;
    for (llvm::StringRef root : {llvm::StringRef("/usr/include"), llvm::StringRef("/usr/lib/gcc"),
                                 llvm::StringRef(KDSL_CLANG_RESOURCE_DIR)}) {
      if (real == root || llvm::StringRef(real).starts_with((root + "/").str()))
        return true;
      if (ancestors && (root.starts_with((real + "/").str()) || real == "/"))
        return true;
    }
    return false;
  }
};
} // namespace

/// Runs `action` (default: -fsyntax-only) on the in-memory `files`, the
/// last argument of `argv` being one of them; diagnostics go to `collector`.
/// `sealed`: the in-memory files are all Clang sees (no host file system).
static bool runClang(std::vector<std::string> argv,
                     llvm::ArrayRef<std::pair<std::string, llvm::StringRef>> files,
                     Collector &collector, clang::tooling::ToolAction *action = nullptr,
                     bool sealed = false) {
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> memory(new llvm::vfs::InMemoryFileSystem);
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> host = llvm::vfs::getRealFileSystem();
  if (sealed)
    host = llvm::makeIntrusiveRefCnt<SystemHeadersFileSystem>();
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> overlay(
      new llvm::vfs::OverlayFileSystem(host));
  overlay->pushOverlay(memory); // the in-memory files' working directory: the process's
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fs = overlay;
  for (auto &[file, content] : files)
    memory->addFile(file, 0, llvm::MemoryBuffer::getMemBuffer(content, file, false));
  llvm::IntrusiveRefCntPtr<clang::FileManager> fm(new clang::FileManager({}, fs));
  if (action) {
    clang::tooling::ToolInvocation invocation(argv, action, fm.get(),
                                              std::make_shared<clang::PCHContainerOperations>());
    invocation.setDiagnosticConsumer(&collector);
    return invocation.run();
  }
  clang::tooling::ToolInvocation invocation(argv, std::make_unique<clang::SyntaxOnlyAction>(),
                                            fm.get());
  invocation.setDiagnosticConsumer(&collector);
  return invocation.run();
}

/// Clang's verdict: a failure, an error, or (with `warningsFail`) a warning.
static llvm::Error rejected(bool ok, const Collector &collector, bool warningsFail = true) {
  if (ok && collector.errors == 0 && (!warningsFail || collector.text.empty()))
    return llvm::Error::success();
  return llvm::createStringError("clang rejects the emitted code:\n" + collector.text);
}

llvm::Error kdsl::verifyEmitted(llvm::StringRef source, EmittedLanguage language,
                                llvm::StringRef bufferName) {
  std::string name = bufferName.str();
  Check c = checkSetup(language, /*includeShim=*/true);
  c.files.push_back({name, source});
  c.argv.push_back(name);
  Collector collector;
  bool ok = runClang(c.argv, c.files, collector);
  return rejected(ok, collector);
}

namespace {
/// Turns the -fsyntax-only invocation into one that writes a PCH to `output`.
class GeneratePch : public clang::tooling::ToolAction {
public:
  explicit GeneratePch(std::string output) : output(std::move(output)) {}
  bool runInvocation(std::shared_ptr<clang::CompilerInvocation> invocation,
                     clang::FileManager *files,
                     std::shared_ptr<clang::PCHContainerOperations> pchOps,
                     clang::DiagnosticConsumer *diagnostics) override {
    invocation->getFrontendOpts().OutputFile = output;
    invocation->getFrontendOpts().ProgramAction = clang::frontend::GeneratePCH;
    clang::CompilerInstance ci(std::move(invocation), std::move(pchOps));
    ci.setVirtualFileSystem(files->getVirtualFileSystemPtr());
    ci.setFileManager(llvm::IntrusiveRefCntPtr<clang::FileManager>(files));
    ci.createDiagnostics(diagnostics, /*ShouldOwnClient=*/false);
    if (!ci.hasDiagnostics())
      return false;
    ci.createSourceManager();
    clang::GeneratePCHAction action;
    return ci.ExecuteAction(action);
  }

private:
  std::string output;
};

/// A precompiled prelude, or why there is none.
struct Pch {
  std::unique_ptr<llvm::MemoryBuffer> buffer;
  std::string error;
};
} // namespace

static constexpr llvm::StringLiteral kPreludeName = "kdsl_prelude.h";
static constexpr llvm::StringLiteral kPchName = "kdsl_prelude.pch";

namespace {
/// The PCHs of the process, by prelude hash, language, codegen and checked.
struct PchCache {
  std::mutex mutex;
  std::map<std::tuple<uint64_t, int, bool, bool>, Pch> entries;
  Pch &entry(llvm::StringRef prelude, EmittedLanguage language, bool codegen, bool checked) {
    return entries[{llvm::xxh3_64bits(prelude), int(language), codegen, checked}];
  }
};
PchCache &pchCache() {
  static PchCache cache;
  return cache;
}
} // namespace

/// The PCH of `prelude` in `language`, built at the first call.
static const Pch &preludePch(llvm::StringRef prelude, EmittedLanguage language,
                             bool codegen = false, bool checked = false) {
  PchCache &cache = pchCache();
  std::lock_guard<std::mutex> lock(cache.mutex);
  Pch &pch = cache.entry(prelude, language, codegen, checked);
  if (pch.buffer || !pch.error.empty())
    return pch;
  llvm::SmallString<128> path;
  if (auto ec = llvm::sys::fs::createTemporaryFile("kdsl-prelude", "pch", path)) {
    pch.error = "cannot create a temporary file: " + ec.message();
    return pch;
  }
  llvm::sys::RemoveFileOnSignal(path);
  Check c = checkSetup(language, /*includeShim=*/true, codegen, checked);
  c.files.push_back({kPreludeName.str(), prelude});
  c.argv.push_back(kPreludeName.str());
  Collector collector;
  GeneratePch action{std::string(path)};
  bool ok = runClang(c.argv, c.files, collector, &action);
  if (llvm::Error e = rejected(ok, collector))
    pch.error = "the prelude: " + llvm::toString(std::move(e));
  else if (auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                                     /*RequiresNullTerminator=*/false))
    pch.buffer = std::move(*buffer);
  else
    pch.error = "cannot read the prelude's PCH: " + buffer.getError().message();
  llvm::sys::fs::remove(path);
  llvm::sys::DontRemoveFileOnSignal(path);
  return pch;
}

llvm::Expected<llvm::StringRef> kdsl::precompiledPrelude(llvm::StringRef prelude,
                                                         EmittedLanguage language, bool checked) {
  const Pch &pch = preludePch(prelude, language, /*codegen=*/true, checked);
  if (!pch.buffer)
    return llvm::createStringError("clang rejects " + pch.error);
  return pch.buffer->getBuffer();
}

void kdsl::adoptPrecompiledPrelude(llvm::StringRef prelude, EmittedLanguage language, bool checked,
                                   std::unique_ptr<llvm::MemoryBuffer> buffer) {
  PchCache &cache = pchCache();
  std::lock_guard<std::mutex> lock(cache.mutex);
  Pch &pch = cache.entry(prelude, language, /*codegen=*/true, checked);
  pch.buffer = std::move(buffer);
  pch.error.clear();
}

llvm::Error kdsl::verifyEmittedAfterPrelude(llvm::StringRef prelude, llvm::StringRef body,
                                            EmittedLanguage language, llvm::StringRef bufferName) {
  const Pch &pch = preludePch(prelude, language);
  if (!pch.buffer)
    return llvm::createStringError("clang rejects " + pch.error);
  std::string name = bufferName.str();
  Check c = checkSetup(language, /*includeShim=*/false);
  c.argv.insert(c.argv.end(), {"-include-pch", kPchName.str(), name});
  // The PCH remembers its inputs and checks they are unchanged: the same
  // prelude and shim, at the same (in-memory) paths.
  c.files.insert(
      c.files.end(),
      {{name, body}, {kPchName.str(), pch.buffer->getBuffer()}, {kPreludeName.str(), prelude}});
  Collector collector;
  bool ok = runClang(c.argv, c.files, collector);
  return rejected(ok, collector);
}

namespace {
/// Runs code generation (LLVM IR only) instead of -fsyntax-only; the module
/// goes to `module`, in `context`.
class EmitLLVM : public clang::tooling::ToolAction {
public:
  explicit EmitLLVM(llvm::LLVMContext &context) : context(context) {}
  bool runInvocation(std::shared_ptr<clang::CompilerInvocation> invocation,
                     clang::FileManager *files,
                     std::shared_ptr<clang::PCHContainerOperations> pchOps,
                     clang::DiagnosticConsumer *diagnostics) override {
    invocation->getFrontendOpts().ProgramAction = clang::frontend::EmitLLVMOnly;
    invocation->getCodeGenOpts().OptimizationLevel = 0;
    clang::CompilerInstance ci(std::move(invocation), std::move(pchOps));
    ci.setVirtualFileSystem(files->getVirtualFileSystemPtr());
    ci.setFileManager(llvm::IntrusiveRefCntPtr<clang::FileManager>(files));
    ci.createDiagnostics(diagnostics, /*ShouldOwnClient=*/false);
    if (!ci.hasDiagnostics())
      return false;
    ci.createSourceManager();
    clang::EmitLLVMOnlyAction action(&context);
    bool ok = ci.ExecuteAction(action);
    module = action.takeModule();
    return ok;
  }
  llvm::LLVMContext &context;
  std::unique_ptr<llvm::Module> module;
};

} // namespace

/// The JIT of emitted code: no optimization (it runs once), as kdsl's own JIT.
static llvm::Expected<std::unique_ptr<llvm::orc::LLJIT>>
makeJit(std::unique_ptr<llvm::Module> module, std::unique_ptr<llvm::LLVMContext> context,
        HostSymbolFilter allow) {
  kdsl::initializeNativeTargetOnce();
  auto tmBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!tmBuilder)
    return tmBuilder.takeError();
  tmBuilder->setCodeGenOptLevel(llvm::CodeGenOptLevel::None);
  return kdsl::createKernelJit(std::move(*tmBuilder), std::move(module), std::move(context),
                               std::move(allow));
}

EmittedBuild kdsl::buildEmittedAfterPrelude(llvm::StringRef prelude, llvm::StringRef body,
                                            EmittedLanguage language, llvm::StringRef bufferName,
                                            llvm::ArrayRef<std::string> symbols,
                                            const EmittedBuildOptions &options) {
  using Clock = std::chrono::steady_clock;
  EmittedBuild out;
  if (language == EmittedLanguage::Cuda) {
    out.diagnostics = "CUDA C runs only as EmittedLanguage::CudaHost";
    return out;
  }
  auto start = Clock::now();
  const Pch &pch = preludePch(prelude, language, /*codegen=*/true, options.checked);
  if (!pch.buffer) {
    out.diagnostics = "clang rejects " + pch.error;
    return out;
  }
  std::string name = bufferName.str();
  Check c = checkSetup(language, /*includeShim=*/false, /*codegen=*/true, options.checked);
  c.argv.insert(c.argv.end(), {"-include-pch", kPchName.str(), name});
  c.files.insert(
      c.files.end(),
      {{name, body}, {kPchName.str(), pch.buffer->getBuffer()}, {kPreludeName.str(), prelude}});
  auto context = std::make_unique<llvm::LLVMContext>();
  Collector collector;
  EmitLLVM action(*context);
  bool ok = runClang(c.argv, c.files, collector, &action, options.sealed);
  auto clangDone = Clock::now();
  out.clangSeconds = std::chrono::duration<double>(clangDone - start).count();
  if (llvm::Error e = rejected(ok && action.module, collector, options.warningsFail)) {
    out.diagnostics = llvm::toString(std::move(e));
    return out;
  }
  auto jit = makeJit(std::move(action.module), std::move(context), options.allowHostSymbol);
  if (!jit) {
    out.diagnostics = "the JIT rejects the compiled code: " + llvm::toString(jit.takeError());
    return out;
  }
  for (const std::string &symbol : symbols)
    if (auto sym = (*jit)->lookup(symbol); !sym) {
      out.diagnostics = "the JIT cannot link '" + symbol + "': " + llvm::toString(sym.takeError());
      out.jitSeconds = std::chrono::duration<double>(Clock::now() - clangDone).count();
      return out;
    }
  out.module = kdsl::makeJitCpuModule(std::move(*jit));
  out.jitSeconds = std::chrono::duration<double>(Clock::now() - clangDone).count();
  return out;
}
