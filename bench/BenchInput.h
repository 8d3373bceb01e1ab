//===- BenchInput.h - a benchmark's kernels through kdsl's front end -*- C++ -*-===//
//
// The benchmarks that launch kdsl kernels (cpu_kernels.cpp, tile_gemm.cpp,
// spatial.cpp, autodiff_cost.cpp) read one file of bench/inputs and translate
// it the way kdsl-translate does.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_BENCH_BENCHINPUT_H
#define KDSL_BENCH_BENCHINPUT_H

#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Frontend/Frontend.h"
#include "kdsl/Runtime/CpuBackend.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace kdsl_bench {

/// The module of the kernels in `path`, translated in `ctx` (kdsl's dialects
/// loaded into it here); null after an error on stderr (`tool: ...`).
inline mlir::OwningOpRef<mlir::ModuleOp>
translateInput(const std::string &path, mlir::MLIRContext &ctx, llvm::StringRef tool) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    llvm::errs() << tool << ": cannot read " << path << ": " << buffer.getError().message() << "\n";
    return nullptr;
  }
  llvm::SourceMgr sm;
  sm.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
  mlir::DialectRegistry registry;
  kdsl::registerKdslDialects(registry);
  ctx.appendDialectRegistry(registry);
  ctx.loadAllAvailableDialects();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      kdsl::translateSource(sm, ctx, kdsl::FrontendOptions(), llvm::errs());
  if (!module)
    llvm::errs() << tool << ": translating " << path << " failed\n";
  return module;
}

/// The kernels of `path` compiled for the CPU (translateInput, then kdsl's
/// JIT or, with `cppBackend`, its C++ backend); null after an error on stderr.
/// `ctx` must outlive the module.
inline std::unique_ptr<kdsl::CpuModule> compileInput(const std::string &path,
                                                     mlir::MLIRContext &ctx, bool cppBackend,
                                                     bool checkBounds, llvm::StringRef tool) {
  mlir::OwningOpRef<mlir::ModuleOp> module = translateInput(path, ctx, tool);
  if (!module)
    return nullptr;
  kdsl::CpuCompileOptions options;
  options.checkBounds = checkBounds;
  llvm::Expected<std::unique_ptr<kdsl::CpuModule>> cpu =
      cppBackend ? kdsl::compileWithCpp(*module, options) : kdsl::compileWithJit(*module, options);
  if (!cpu) {
    llvm::errs() << tool << ": compiling " << path << " failed: " << llvm::toString(cpu.takeError())
                 << "\n";
    return nullptr;
  }
  return std::move(*cpu);
}

} // namespace kdsl_bench

#endif
