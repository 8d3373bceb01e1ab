//===- Diagnostics.h - front-end error reporting ---------------*- C++ -*-===//
//
// The front end reports through an MLIRContext's diagnostic engine: every
// error and note is an mlir::Diagnostic at the FileLineColLoc of its source
// position (line and column of the SourceMgr buffer). Whatever handler the
// context has decides what happens to them: a mlir::SourceMgrDiagnosticHandler
// prints `file:line:col: error: msg` with the source line and a caret, a
// mlir::SourceMgrDiagnosticVerifierHandler checks them against
// `# expected-error {{...}}` comments. The front end stops a phase at the
// first error in a definition; the driver exits with code 1.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_FRONTEND_DIAGNOSTICS_H
#define KDSL_FRONTEND_DIAGNOSTICS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>
#include <set>
#include <string>

namespace mlir {
class MLIRContext;
class SourceMgrDiagnosticHandler;
} // namespace mlir

namespace kdsl {

class DiagEngine {
public:
  /// Reports through `ctx`'s diagnostic engine (to the handlers the caller
  /// registered on it).
  DiagEngine(llvm::SourceMgr &sm, mlir::MLIRContext &ctx);
  /// Prints to `os` (file:line:col, source line, caret), for users without a
  /// context: a private context and a SourceMgrDiagnosticHandler are made on
  /// the first diagnostic, so a clean run costs nothing.
  DiagEngine(llvm::SourceMgr &sm, llvm::raw_ostream &os);
  ~DiagEngine();

  /// An error in the source.
  void error(llvm::SMLoc loc, const llvm::Twine &msg);
  /// A note on the error before it (printed only when that error was).
  void note(llvm::SMLoc loc, const llvm::Twine &msg);
  /// A compiler bug, not a problem in the source: reported as an error
  /// ("internal error: msg") and remembered (hadInternalError()).
  void internalError(llvm::SMLoc loc, const llvm::Twine &msg);

  unsigned getNumErrors() const { return numErrors; }
  bool hadInternalError() const { return sawInternalError; }
  llvm::SourceMgr &getSourceMgr() { return sm; }
  mlir::MLIRContext &getContext();
  /// The FileLineColLoc of `loc` (the name of its buffer, 1-based line and
  /// column); UnknownLoc for a null or foreign SMLoc.
  mlir::Location getLocation(llvm::SMLoc loc);

  /// While suppressed (tentative parses of host code), errors are counted in
  /// `suppressedErrors` but not reported.
  unsigned suppress = 0;
  unsigned suppressedErrors = 0;
  /// Stop reporting after this many errors (the rest are counted).
  unsigned maxErrors = 20;

private:
  void report(llvm::SMLoc loc, const llvm::Twine &msg, bool isNote);

  llvm::SourceMgr &sm;
  mlir::MLIRContext *ctx = nullptr;
  llvm::raw_ostream *os = nullptr;
  /// Only in the raw_ostream mode, made on first use.
  std::unique_ptr<mlir::MLIRContext> ownedContext;
  std::unique_ptr<mlir::SourceMgrDiagnosticHandler> ownedHandler;
  /// The buffer of the last location converted, its name as an attribute,
  /// and the line (number, [start, end)) it was on.
  unsigned lastBuffer = 0;
  mlir::StringAttr lastBufferName;
  unsigned line = 0;
  const char *lineStart = nullptr, *lineEnd = nullptr;
  unsigned numErrors = 0;
  bool sawInternalError = false;
  /// Errors already reported (location, text): the same error again (a
  /// definition made once per iteration of a host loop or per factory call)
  /// is counted but not repeated, nor are the notes that follow it.
  std::set<std::pair<const char *, std::string>> reported;
  bool lastWasRepeat = false;
};

/// RAII: suppress diagnostics in a scope.
struct SuppressDiags {
  DiagEngine &diags;
  unsigned errorsBefore;
  explicit SuppressDiags(DiagEngine &d) : diags(d), errorsBefore(d.suppressedErrors) {
    ++diags.suppress;
  }
  ~SuppressDiags() { --diags.suppress; }
  bool hadErrors() const { return diags.suppressedErrors != errorsBefore; }
};

} // namespace kdsl

#endif
