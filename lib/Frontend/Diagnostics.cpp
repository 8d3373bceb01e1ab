//===- Diagnostics.cpp ----------------------------------------------------===//
#include "kdsl/Frontend/Diagnostics.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

using namespace kdsl;

DiagEngine::DiagEngine(llvm::SourceMgr &sm, mlir::MLIRContext &ctx) : sm(sm), ctx(&ctx) {}

DiagEngine::DiagEngine(llvm::SourceMgr &sm, llvm::raw_ostream &os) : sm(sm), os(&os) {}

DiagEngine::~DiagEngine() = default;

mlir::MLIRContext &DiagEngine::getContext() {
  if (!ctx) {
    // No threads: this context only carries diagnostics.
    ownedContext = std::make_unique<mlir::MLIRContext>(mlir::MLIRContext::Threading::DISABLED);
    ownedHandler = std::make_unique<mlir::SourceMgrDiagnosticHandler>(sm, ownedContext.get(), *os);
    ctx = ownedContext.get();
  }
  return *ctx;
}

mlir::Location DiagEngine::getLocation(llvm::SMLoc loc) {
  mlir::MLIRContext &context = getContext();
  if (!loc.isValid())
    return mlir::UnknownLoc::get(&context);
  // Nearly every location is in the buffer of the one before.
  auto contains = [&](unsigned id) {
    const llvm::MemoryBuffer *buf = sm.getMemoryBuffer(id);
    return loc.getPointer() >= buf->getBufferStart() && loc.getPointer() <= buf->getBufferEnd();
  };
  if (!lastBuffer || !contains(lastBuffer)) {
    unsigned id = sm.FindBufferContainingLoc(loc);
    if (!id)
      return mlir::UnknownLoc::get(&context);
    lastBuffer = id;
    lastBufferName = mlir::StringAttr::get(&context, sm.getMemoryBuffer(id)->getBufferIdentifier());
  }
  auto [line, col] = sm.getLineAndColumn(loc, lastBuffer);
  return mlir::FileLineColLoc::get(lastBufferName, line, col);
}

void DiagEngine::report(llvm::SMLoc loc, const llvm::Twine &msg, bool isNote) {
  mlir::Location l = getLocation(loc);
  if (isNote)
    ctx->getDiagEngine().emit(l, mlir::DiagnosticSeverity::Note) << msg;
  else
    mlir::emitError(l) << msg;
}

void DiagEngine::error(llvm::SMLoc loc, const llvm::Twine &msg) {
  if (suppress) {
    ++suppressedErrors;
    return;
  }
  if (numErrors++ < maxErrors)
    report(loc, msg, /*isNote=*/false);
}

void DiagEngine::internalError(llvm::SMLoc loc, const llvm::Twine &msg) {
  if (!suppress)
    sawInternalError = true;
  error(loc, "internal error: " + msg);
}

// Notes are separate Note diagnostics rather than notes attached to the
// error: error() and note() are separate calls (Sema, Parser), and the error
// must be reported before the caller goes on. Printed and verified alike.
void DiagEngine::note(llvm::SMLoc loc, const llvm::Twine &msg) {
  if (!suppress && numErrors <= maxErrors)
    report(loc, msg, /*isNote=*/true);
}
