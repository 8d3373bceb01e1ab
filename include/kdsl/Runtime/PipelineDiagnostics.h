//===- PipelineDiagnostics.h - a lowering pipeline's diagnostics ----------===//
//
// The CPU and GPU lowerings run pass pipelines whose diagnostics become the
// text of an llvm::Error ("CPU lowering failed:\n..."). With `toCaller`, those
// at a source line (a kdsl op a pass refuses) go on to the context's other
// handlers instead, which print them as file:line:col with the line; when they
// were the failure's only errors, the error says no more than "<what> failed".
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_RUNTIME_PIPELINEDIAGNOSTICS_H
#define KDSL_RUNTIME_PIPELINEDIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace kdsl {

class PipelineDiagnostics {
public:
  PipelineDiagnostics(mlir::MLIRContext *ctx, bool toCaller);
  /// "<what> failed", followed by the collected diagnostics if there are any.
  llvm::Error failure(llvm::StringRef what) const;
  /// True when every error went to the caller's handlers (already printed).
  bool onlyAtSource() const { return reportedAtSource && text.empty(); }

private:
  std::string text;
  bool reportedAtSource = false;
  std::optional<mlir::ScopedDiagnosticHandler> handler;
};

} // namespace kdsl

#endif
