//===- Diagnostics.h - front-end error reporting ---------------*- C++ -*-===//
//
// Errors are reported through llvm::SourceMgr as `file:line:col: error: msg`
// followed by the source line and a caret. The front end stops a phase at the
// first error in a definition; the driver exits with code 1.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_FRONTEND_DIAGNOSTICS_H
#define KDSL_FRONTEND_DIAGNOSTICS_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"

namespace kdsl {

class DiagEngine {
public:
  DiagEngine(llvm::SourceMgr &sm, llvm::raw_ostream &os) : sm(sm), os(os) {}

  void error(llvm::SMLoc loc, const llvm::Twine &msg);
  void note(llvm::SMLoc loc, const llvm::Twine &msg);
  unsigned getNumErrors() const { return numErrors; }
  llvm::SourceMgr &getSourceMgr() { return sm; }

  /// While suppressed (tentative parses of host code), errors are counted in
  /// `suppressedErrors` but not printed.
  unsigned suppress = 0;
  unsigned suppressedErrors = 0;
  /// Stop printing after this many errors (the rest are counted).
  unsigned maxErrors = 20;
  /// Set when an error is a compiler bug, not a problem in the source.
  bool internalError = false;

private:
  llvm::SourceMgr &sm;
  llvm::raw_ostream &os;
  unsigned numErrors = 0;
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
