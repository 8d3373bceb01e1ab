//===- Prelude.h - builtins written in the Warp language -------*- C++ -*-===//
//
// Some Warp builtins are implemented in the Warp language itself: the files
// of lib/Frontend/Prelude/*.py are compiled into kdsl as strings and parsed,
// on the first call of one of their builtins, into modules of their own (so
// their names never meet the user's). Sema resolves a call such as
// `wp.randf(state, 0.0, 1.0)` to a func of the prelude through the overload
// table in Prelude.cpp; from there on it is an ordinary func call, so every
// target and the autodiff handle it like user code.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_FRONTEND_PRELUDE_H
#define KDSL_FRONTEND_PRELUDE_H

#include "kdsl/Frontend/AST.h"
#include "kdsl/Frontend/Diagnostics.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/StringSaver.h"

#include <memory>
#include <vector>

namespace kdsl {

/// One overload of a Warp builtin implemented by a prelude func.
struct PreludeOverload {
  /// The Warp name: called as `wp.<builtin>(...)`.
  llvm::StringRef builtin;
  /// The prelude func (its name in the Python source). Its parameters carry
  /// Warp's names, so keyword arguments bind as in Warp.
  llvm::StringRef func;
  /// Warp passes the first argument (`state`) by reference and advances it:
  /// the func returns `(value, new_state)` and the caller's local is updated.
  bool advancesState = false;
  /// Warp's default values of trailing parameters: "name=literal ..." (a
  /// literal with a '.' is a float).
  llvm::StringRef defaults = "";
};

/// The overloads of `wp.<name>`, in the order they are tried; empty when the
/// prelude does not implement `name`.
llvm::ArrayRef<PreludeOverload> preludeOverloads(llvm::StringRef name);

/// The prelude files, each parsed into its own ModuleAST when a lookup first
/// needs it (most programs call the builtins of one file; parsing all of
/// them cost kdsl-synth 5% of its codegen), its source then added to
/// `diags`' SourceMgr (so locations inside the prelude are reported as
/// `kdsl-prelude/<file>:line:col`).
class Prelude {
public:
  explicit Prelude(DiagEngine &diags) : diags(diags) {}
  static std::unique_ptr<Prelude> load(DiagEngine &diags) {
    return std::make_unique<Prelude>(diags);
  }

  /// The func `name` of the prelude (the first file that has it), or null.
  FuncDef *lookup(llvm::StringRef name);
  /// The struct `name` of the prelude (a builtin's value type, such as
  /// hash_grid_query_t), or null.
  StructDef *lookupStruct(llvm::StringRef name);
  /// Whether a prelude file did not parse (an internal error, reported).
  bool broken() const { return parseFailed; }

private:
  /// Parses the next prelude file into `modules`; false after an internal
  /// error.
  bool parseNext();

  DiagEngine &diags;
  bool parseFailed = false;
  std::vector<std::unique_ptr<ModuleAST>> modules;
  llvm::BumpPtrAllocator alloc;
  llvm::StringSaver saver{alloc};
};

} // namespace kdsl

#endif
