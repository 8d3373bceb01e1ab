//===- KernelJit.cpp - ORC LLJIT set up for kdsl kernels ------------------===//
#include "kdsl/Support/KernelJit.h"
#include "kdsl/Runtime/KernelABI.h"

#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/TargetSelect.h"

using namespace llvm;

void kdsl::initializeNativeTargetOnce() {
  static bool initialized = [] {
    InitializeNativeTarget();
    InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)initialized;
}

Expected<std::unique_ptr<orc::LLJIT>>
kdsl::createKernelJit(orc::JITTargetMachineBuilder machine, std::unique_ptr<Module> module,
                      std::unique_ptr<LLVMContext> context) {
  initializeNativeTargetOnce();
  auto jit = orc::LLJITBuilder().setJITTargetMachineBuilder(std::move(machine)).create();
  if (!jit)
    return jit.takeError();
  orc::JITDylib &dylib = (*jit)->getMainJITDylib();
  // libm, libc and libstdc++ (operator new) of the process...
  auto process = orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      (*jit)->getDataLayout().getGlobalPrefix());
  if (!process)
    return process.takeError();
  dylib.addGenerator(std::move(*process));
  // ...and the report hooks resolve to the host's definitions.
  orc::MangleAndInterner interner((*jit)->getExecutionSession(), (*jit)->getDataLayout());
  orc::SymbolMap hooks;
  hooks[interner("kdsl_report_assert")] = {orc::ExecutorAddr::fromPtr(&kdsl_report_assert),
                                           JITSymbolFlags::Exported};
  hooks[interner("kdsl_report_oob")] = {orc::ExecutorAddr::fromPtr(&kdsl_report_oob),
                                        JITSymbolFlags::Exported};
  if (Error e = dylib.define(orc::absoluteSymbols(std::move(hooks))))
    return std::move(e);
  module->setDataLayout((*jit)->getDataLayout());
  if (Error e = (*jit)->addIRModule(orc::ThreadSafeModule(std::move(module), std::move(context))))
    return std::move(e);
  return std::move(*jit);
}

namespace {
class JitCpuModule : public kdsl::CpuModule {
public:
  explicit JitCpuModule(std::unique_ptr<orc::LLJIT> jit) : jit(std::move(jit)) {}
  kdsl_kernel_fn lookup(StringRef kernel, bool backward) override {
    auto sym = jit->lookup((kernel + (backward ? "_cpu_backward" : "_cpu_forward")).str());
    if (!sym) {
      consumeError(sym.takeError());
      return nullptr;
    }
    return sym->toPtr<kdsl_kernel_fn>();
  }

private:
  std::unique_ptr<orc::LLJIT> jit;
};
} // namespace

std::unique_ptr<kdsl::CpuModule> kdsl::makeJitCpuModule(std::unique_ptr<orc::LLJIT> jit) {
  return std::make_unique<JitCpuModule>(std::move(jit));
}
