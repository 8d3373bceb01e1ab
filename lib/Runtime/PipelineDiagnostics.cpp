//===- PipelineDiagnostics.cpp - a lowering pipeline's diagnostics --------===//

#include "kdsl/Runtime/PipelineDiagnostics.h"

#include "mlir/IR/Location.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

kdsl::PipelineDiagnostics::PipelineDiagnostics(MLIRContext *ctx, bool toCaller) {
  handler.emplace(ctx, [this, toCaller](Diagnostic &d) -> LogicalResult {
    if (toCaller && d.getLocation()->findInstanceOf<FileLineColLoc>()) {
      reportedAtSource |= d.getSeverity() == DiagnosticSeverity::Error;
      return mlir::failure(); // not handled here: the next handler prints it
    }
    llvm::raw_string_ostream os(text);
    os << d.getLocation() << ": " << d << "\n";
    return success();
  });
}

llvm::Error kdsl::PipelineDiagnostics::failure(llvm::StringRef what) const {
  if (onlyAtSource())
    return llvm::createStringError(what + " failed");
  return llvm::createStringError(what + " failed:\n" + text);
}
