//===- KernelJit.cpp - ORC LLJIT set up for kdsl kernels ------------------===//
#include "kdsl/Runtime/KernelJit.h"
#include "kdsl/Runtime/KernelABI.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/TargetSelect.h"

#include <cstdint>
#include <cstring>

using namespace llvm;

// bfloat16 rounding for the JIT's code. LLVM rounds float and double to
// bfloat16 by calling compiler-rt's __truncsfbf2 / __truncdfbf2, which the
// host's libgcc may lack (GCC < 13): kdsl defines them, with Warp's rounding
// (wp_float_to_bfloat16_bits_sw: to nearest even; a NaN stays a NaN, its
// quiet bit set when the truncated mantissa would be zero; a double goes
// through float, as Warp's bfloat16(double) does).
static uint16_t floatToBfloat16Bits(float f) {
  uint32_t x;
  std::memcpy(&x, &f, sizeof x);
  if ((x & 0x7f800000u) == 0x7f800000u) {
    uint16_t h = uint16_t(x >> 16);
    if ((x & 0x7fffffu) && !(h & 0x7fu))
      h |= 0x40u;
    return h;
  }
  x += 0x7fffu + ((x >> 16) & 1u);
  return uint16_t(x >> 16);
}
extern "C" __bf16 kdsl_truncsfbf2(float f) {
  uint16_t bits = floatToBfloat16Bits(f);
  __bf16 r;
  std::memcpy(&r, &bits, sizeof r);
  return r;
}
extern "C" __bf16 kdsl_truncdfbf2(double d) { return kdsl_truncsfbf2(float(d)); }

// Float atomic add and subtract for the JIT's code at O0 (JitPasses.cpp's
// callAtomicHelpers): relaxed compare-and-swap loops on the bits, computing
// old + v and old - v as LLVM's expansion of atomicrmw fadd/fsub does.
template <typename T, typename Bits, bool Sub> static T atomicAddOrSub(T *p, T v) {
  static_assert(sizeof(T) == sizeof(Bits));
  Bits *bits = reinterpret_cast<Bits *>(p);
  Bits oldBits = __atomic_load_n(bits, __ATOMIC_RELAXED);
  for (;;) {
    T old;
    std::memcpy(&old, &oldBits, sizeof old);
    T next = Sub ? old - v : old + v;
    Bits nextBits;
    std::memcpy(&nextBits, &next, sizeof next);
    if (__atomic_compare_exchange_n(bits, &oldBits, nextBits, true, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED))
      return old;
  }
}
extern "C" float kdsl_atomic_fadd_f32(float *p, float v) {
  return atomicAddOrSub<float, uint32_t, false>(p, v);
}
extern "C" float kdsl_atomic_fsub_f32(float *p, float v) {
  return atomicAddOrSub<float, uint32_t, true>(p, v);
}
extern "C" double kdsl_atomic_fadd_f64(double *p, double v) {
  return atomicAddOrSub<double, uint64_t, false>(p, v);
}
extern "C" double kdsl_atomic_fsub_f64(double *p, double v) {
  return atomicAddOrSub<double, uint64_t, true>(p, v);
}

void kdsl::initializeNativeTargetOnce() {
  static bool initialized = [] {
    InitializeNativeTarget();
    InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)initialized;
}

/// An LLJIT for `machine` with the process's symbols (those `allow` accepts)
/// and the report hooks; its compiler hands objects to `cache` if set.
static Expected<std::unique_ptr<orc::LLJIT>>
createJit(orc::JITTargetMachineBuilder machine, kdsl::HostSymbolFilter allow, ObjectCache *cache) {
  kdsl::initializeNativeTargetOnce();
  // bfloat16 conversions go through the functions above on every host: the
  // AVX512-BF16 / AVX-NE-CONVERT instructions treat denormals differently.
  machine.getFeatures().AddFeature("avx512bf16", false);
  machine.getFeatures().AddFeature("avxneconvert", false);
  orc::LLJITBuilder builder;
  builder.setJITTargetMachineBuilder(std::move(machine));
  if (cache)
    builder.setCompileFunctionCreator(
        [cache](orc::JITTargetMachineBuilder jtmb)
            -> Expected<std::unique_ptr<orc::IRCompileLayer::IRCompiler>> {
          auto tm = jtmb.createTargetMachine();
          if (!tm)
            return tm.takeError();
          return std::make_unique<orc::TMOwningSimpleCompiler>(std::move(*tm), cache);
        });
  // libm, libc and libstdc++ (operator new) of the process, those `allow`
  // accepts, in LLJIT's process-symbols dylib...
  builder.setProcessSymbolsJITDylibSetup(
      [allow = std::move(allow)](orc::LLJIT &j) -> Expected<orc::JITDylibSP> {
        orc::DynamicLibrarySearchGenerator::SymbolPredicate predicate;
        if (allow)
          predicate = [allow](const orc::SymbolStringPtr &name) { return allow(*name); };
        auto process = orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
            j.getDataLayout().getGlobalPrefix(), std::move(predicate));
        if (!process)
          return process.takeError();
        orc::JITDylib &dylib = j.getExecutionSession().createBareJITDylib("<Process Symbols>");
        dylib.addGenerator(std::move(*process));
        return &dylib;
      });
  auto jit = builder.create();
  if (!jit)
    return jit.takeError();
  orc::JITDylib &dylib = (*jit)->getMainJITDylib();
  // ...and the report hooks resolve to the host's definitions.
  orc::MangleAndInterner interner((*jit)->getExecutionSession(), (*jit)->getDataLayout());
  const std::pair<const char *, orc::ExecutorAddr> definitions[] = {
      {"kdsl_report_assert", orc::ExecutorAddr::fromPtr(&kdsl_report_assert)},
      {"kdsl_report_oob", orc::ExecutorAddr::fromPtr(&kdsl_report_oob)},
      {"__truncsfbf2", orc::ExecutorAddr::fromPtr(&kdsl_truncsfbf2)},
      {"__truncdfbf2", orc::ExecutorAddr::fromPtr(&kdsl_truncdfbf2)},
      {"kdsl_atomic_fadd_f32", orc::ExecutorAddr::fromPtr(&kdsl_atomic_fadd_f32)},
      {"kdsl_atomic_fsub_f32", orc::ExecutorAddr::fromPtr(&kdsl_atomic_fsub_f32)},
      {"kdsl_atomic_fadd_f64", orc::ExecutorAddr::fromPtr(&kdsl_atomic_fadd_f64)},
      {"kdsl_atomic_fsub_f64", orc::ExecutorAddr::fromPtr(&kdsl_atomic_fsub_f64)},
  };
  orc::SymbolMap hooks;
  for (const auto &[name, address] : definitions)
    hooks[interner(name)] = {address, JITSymbolFlags::Exported};
  if (Error e = dylib.define(orc::absoluteSymbols(std::move(hooks))))
    return std::move(e);
  return std::move(*jit);
}

Expected<std::unique_ptr<orc::LLJIT>> kdsl::createKernelJit(orc::JITTargetMachineBuilder machine,
                                                            std::unique_ptr<Module> module,
                                                            std::unique_ptr<LLVMContext> context,
                                                            HostSymbolFilter allow,
                                                            ObjectCache *cache) {
  // On an error below, the module goes before the context it lives in (the
  // parameters would be destroyed the other way round).
  llvm::scope_exit dropModule([&] { module.reset(); });
  auto jit = createJit(std::move(machine), std::move(allow), cache);
  if (!jit)
    return jit.takeError();
  module->setDataLayout((*jit)->getDataLayout());
  if (Error e = (*jit)->addIRModule(orc::ThreadSafeModule(std::move(module), std::move(context))))
    return std::move(e);
  return std::move(*jit);
}

Expected<std::unique_ptr<orc::LLJIT>>
kdsl::createKernelJitFromObject(orc::JITTargetMachineBuilder machine,
                                std::unique_ptr<MemoryBuffer> object, HostSymbolFilter allow) {
  auto jit = createJit(std::move(machine), std::move(allow), nullptr);
  if (!jit)
    return jit.takeError();
  if (Error e = (*jit)->addObjectFile(std::move(object)))
    return std::move(e);
  return std::move(*jit);
}

namespace {
class JitCpuModule : public kdsl::CpuModule {
public:
  JitCpuModule(std::unique_ptr<orc::LLJIT> jit, std::shared_ptr<ObjectCache> cache)
      : cache(std::move(cache)), jit(std::move(jit)) {}
  kdsl_kernel_fn lookup(StringRef kernel, bool backward) override {
    auto sym = jit->lookup((kernel + (backward ? "_cpu_backward" : "_cpu_forward")).str());
    if (!sym) {
      consumeError(sym.takeError());
      return nullptr;
    }
    return sym->toPtr<kdsl_kernel_fn>();
  }

private:
  std::shared_ptr<ObjectCache> cache; // outlives the JIT that compiles into it
  std::unique_ptr<orc::LLJIT> jit;
};
} // namespace

std::unique_ptr<kdsl::CpuModule> kdsl::makeJitCpuModule(std::unique_ptr<orc::LLJIT> jit,
                                                        std::shared_ptr<ObjectCache> cache) {
  return std::make_unique<JitCpuModule>(std::move(jit), std::move(cache));
}
