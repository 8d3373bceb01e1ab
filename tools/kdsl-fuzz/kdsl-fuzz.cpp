//===- kdsl-fuzz.cpp - libFuzzer target for the front end -----------------===//
//
// Feeds arbitrary bytes through tokenizer, parser, Sema, MLIRGen and the
// verifier. Any crash, sanitizer report, hang or "internal error" (IR that
// does not verify) is a bug. Built with -DKDSL_ENABLE_FUZZER=ON (clang):
//
//   build-fuzz/bin/kdsl-fuzz -max_total_time=600 fuzz-corpus examples
//
//===----------------------------------------------------------------------===//
#include "kdsl/Autodiff/Autodiff.h"
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Frontend/Frontend.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

static mlir::MLIRContext &context() {
  static mlir::MLIRContext *ctx = [] {
    mlir::DialectRegistry registry;
    kdsl::registerKdslDialects(registry);
    auto *c = new mlir::MLIRContext(registry, mlir::MLIRContext::Threading::DISABLED);
    c->loadAllAvailableDialects();
    return c;
  }();
  return *ctx;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::SourceMgr sm;
  sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(
                            llvm::StringRef(reinterpret_cast<const char *>(data), size), "fuzz.py"),
                        llvm::SMLoc());
  std::string errors;
  llvm::raw_string_ostream os(errors);
  kdsl::FrontendOptions options;
  bool internalError = false;
  options.internalError = &internalError;
  {
    // The front end and, as the driver runs it after it, the bodies of the
    // wp.grad funcs (kdsl-build-grad-funcs).
    mlir::SourceMgrDiagnosticHandler handler(sm, &context(), os);
    auto module = kdsl::translateSource(sm, context(), options);
    if (module && mlir::failed(kdsl::buildGradFuncs(*module)))
      internalError = true;
  }
  // A verifier failure means the front end accepted a program and produced
  // invalid IR: treat it like a crash.
  if (internalError) {
    llvm::errs() << errors;
    abort();
  }
  return 0;
}
