//===- CppBackend.cpp - emitted C++ compiled by the system compiler -------===//
//
// The independent second CPU path: kdsl IR -> C++ (lib/Target/Cpp) -> the
// system C++ compiler -> a shared object loaded with dlopen. Set
// KDSL_KEEP_CPP=1 to keep the temporary directory.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Runtime/PipelineDiagnostics.h"
#include "kdsl/Target/Cpp.h"
#include "kdsl/Transforms/Passes.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>

using namespace kdsl;

namespace {
class CppModule : public CpuModule {
public:
  explicit CppModule(llvm::sys::DynamicLibrary lib) : lib(lib) {}
  kdsl_kernel_fn lookup(llvm::StringRef kernel, bool backward) override {
    std::string symbol = (kernel + (backward ? "_cpu_backward" : "_cpu_forward")).str();
    return reinterpret_cast<kdsl_kernel_fn>(lib.getAddressOfSymbol(symbol.c_str()));
  }

private:
  llvm::sys::DynamicLibrary lib;
};
} // namespace

llvm::Expected<std::unique_ptr<CpuModule>> kdsl::compileWithCpp(mlir::ModuleOp module,
                                                                const CpuCompileOptions &options) {
  std::string source;
  llvm::raw_string_ostream sourceOs(source);
  {
    PipelineDiagnostics diagnostics(module.getContext(), options.sourceDiagnosticsToCaller);
    CppEmitOptions emitOptions;
    emitOptions.checkBounds = options.checkBounds;
    llvm::function_ref<mlir::LogicalResult(mlir::PassManager &)> configure;
    if (options.configurePassManager)
      configure = options.configurePassManager;
    if (mlir::failed(prepareForEmission(module, "cpp", configure)) ||
        mlir::failed(emitCpp(module, sourceOs, emitOptions)))
      return diagnostics.failure("C++ emission");
  }

  llvm::SmallString<128> dir;
  if (std::error_code ec = llvm::sys::fs::createUniqueDirectory("kdsl-cpp", dir))
    return llvm::createStringError(ec, "cannot create a temporary directory");
  auto path = [&](llvm::StringRef file) {
    llvm::SmallString<128> p(dir);
    llvm::sys::path::append(p, file);
    return std::string(p);
  };
  std::string cpp = path("kernels.cpp"), so = path("kernels.so"), log = path("compiler.log");
  bool keep = std::getenv("KDSL_KEEP_CPP") != nullptr;
  llvm::scope_exit cleanup([&] {
    if (keep)
      return;
    for (const std::string &f : {cpp, so, log})
      llvm::sys::fs::remove(f);
    llvm::sys::fs::remove(dir);
  });
  {
    std::error_code ec;
    llvm::raw_fd_ostream out(cpp, ec);
    if (ec)
      return llvm::createStringError(ec, "cannot write " + cpp);
    out << source;
  }
  std::string cxx = options.cxx;
  if (cxx.empty())
    if (const char *env = std::getenv("CXX"))
      cxx = env;
  if (cxx.empty())
    cxx = "c++";
  auto program = llvm::sys::findProgramByName(cxx);
  if (!program)
    return llvm::createStringError("C++ compiler '" + cxx + "' not found");
  llvm::SmallVector<llvm::StringRef> args = {
      *program, "-std=c++17", "-O2", "-march=native", "-ffp-contract=off", "-fPIC", "-shared",
      "-o",     so,           cpp};
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(log),
                                                llvm::StringRef(log)};
  std::string error;
  int rc = llvm::sys::ExecuteAndWait(*program, args, std::nullopt, redirects,
                                     /*SecondsToWait=*/300, 0, &error);
  if (rc != 0) {
    std::string output;
    if (auto buf = llvm::MemoryBuffer::getFile(log))
      output = (*buf)->getBuffer().str();
    return llvm::createStringError("compiling the emitted C++ failed (" + cxx + ", exit " +
                                   std::to_string(rc) + "): " + error + "\n" + output);
  }
  std::string loadError;
  auto lib = llvm::sys::DynamicLibrary::getPermanentLibrary(so.c_str(), &loadError);
  if (!lib.isValid())
    return llvm::createStringError("cannot load " + so + ": " + loadError);
  return std::make_unique<CppModule>(lib);
}
