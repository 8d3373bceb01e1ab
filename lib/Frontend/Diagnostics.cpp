//===- Diagnostics.cpp ----------------------------------------------------===//
#include "kdsl/Frontend/Diagnostics.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <cstring>

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
  const char *ptr = loc.getPointer();
  if (!ptr)
    return mlir::UnknownLoc::get(&context);
  // MLIRGen asks for a location per op, mostly on the line of the one
  // before: that line is kept, and SourceMgr's line table is searched only
  // when the position leaves it.
  if (ptr < lineStart || ptr >= lineEnd) {
    const llvm::MemoryBuffer *buf = lastBuffer ? sm.getMemoryBuffer(lastBuffer) : nullptr;
    if (!buf || ptr < buf->getBufferStart() || ptr > buf->getBufferEnd()) {
      unsigned id = sm.FindBufferContainingLoc(loc);
      if (!id)
        return mlir::UnknownLoc::get(&context);
      lastBuffer = id;
      buf = sm.getMemoryBuffer(id);
      lastBufferName = mlir::StringAttr::get(&context, buf->getBufferIdentifier());
    }
    line = sm.FindLineNumber(loc, lastBuffer);
    lineStart = sm.FindLocForLineAndColumn(lastBuffer, line, 1).getPointer();
    // One past the line's '\n' (the buffer's end itself, where the last
    // token may be, is looked up each time).
    const char *end = buf->getBufferEnd();
    const char *nl = static_cast<const char *>(memchr(lineStart, '\n', end - lineStart));
    lineEnd = nl ? nl + 1 : end;
  }
  return mlir::FileLineColLoc::get(lastBufferName, line, ptr - lineStart + 1);
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
  lastWasRepeat = !reported.insert({loc.getPointer(), msg.str()}).second;
  if (numErrors++ < maxErrors && !lastWasRepeat)
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
  if (!suppress && numErrors <= maxErrors && !lastWasRepeat)
    report(loc, msg, /*isNote=*/true);
}
