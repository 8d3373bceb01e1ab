//===- KernelJit.h - ORC LLJIT set up for kdsl kernels ---------*- C++ -*-===//
//
// The JIT both CPU paths use: kdsl's own lowering (Runtime/JitBackend) and
// the Clang-compiled emitted C++ and CUDA C (Target/Verify). Kernels resolve
// libm, libc and libstdc++ from the process, and the report hooks of
// KernelABI.h (kdsl_report_assert, kdsl_report_oob) to the host's definitions.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_RUNTIME_KERNELJIT_H
#define KDSL_RUNTIME_KERNELJIT_H

#include "kdsl/Runtime/CpuBackend.h"

#include "llvm/ExecutionEngine/ObjectCache.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>

namespace kdsl {

/// Initializes the native target once per process.
void initializeNativeTargetOnce();

/// Which symbols of the process the JIT'd code may link (unmangled names);
/// null: every one.
using HostSymbolFilter = std::function<bool(llvm::StringRef)>;

/// An LLJIT for `machine` with the process's symbols (those `allow` accepts)
/// and the report hooks, holding `module` (its data layout set to the JIT's).
/// With `cache`, the object code is handed to it when it is compiled (at the
/// first lookup); the cache must outlive that.
llvm::Expected<std::unique_ptr<llvm::orc::LLJIT>>
createKernelJit(llvm::orc::JITTargetMachineBuilder machine, std::unique_ptr<llvm::Module> module,
                std::unique_ptr<llvm::LLVMContext> context, HostSymbolFilter allow = nullptr,
                llvm::ObjectCache *cache = nullptr);

/// The same JIT holding an object file compiled before (an object cache's).
llvm::Expected<std::unique_ptr<llvm::orc::LLJIT>>
createKernelJitFromObject(llvm::orc::JITTargetMachineBuilder machine,
                          std::unique_ptr<llvm::MemoryBuffer> object,
                          HostSymbolFilter allow = nullptr);

/// The kernels of `jit` by their kdsl.kernel names: CpuModule::lookup finds
/// `<kernel>_cpu_forward` and `<kernel>_cpu_backward`. It keeps `cache` (the
/// one the JIT compiles into, if any) alive.
std::unique_ptr<CpuModule> makeJitCpuModule(std::unique_ptr<llvm::orc::LLJIT> jit,
                                            std::shared_ptr<llvm::ObjectCache> cache = nullptr);

} // namespace kdsl

#endif
