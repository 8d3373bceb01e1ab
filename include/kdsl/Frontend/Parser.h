//===- Parser.h - Warp-syntax Python parser --------------------*- C++ -*-===//
//
// Parses a Python file as a Warp user writes it. @wp.kernel / @wp.func /
// @wp.struct definitions and module constants are parsed into the AST, also
// when they stand inside a plain Python function; everything else (host code,
// imports of other modules, classes, `if __name__ == "__main__":`) is skipped
// token by token, so real Warp modules can be fed as they are.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_FRONTEND_PARSER_H
#define KDSL_FRONTEND_PARSER_H

#include "kdsl/Frontend/AST.h"
#include "kdsl/Frontend/Diagnostics.h"

namespace kdsl {

/// Parses buffer `bufferId` of the DiagEngine's SourceMgr. Returns false after
/// reporting errors.
bool parseModule(unsigned bufferId, DiagEngine &diags, ModuleAST &module);

/// Parses buffer `bufferId` as one Python expression whose nodes live in
/// `module` (the types given to kdsl-translate --kernel-types). Returns null
/// after reporting errors.
Expr *parseStandaloneExpr(unsigned bufferId, DiagEngine &diags, ModuleAST &module);

/// Whether `dotted` is (in) a Python standard library module that Python has
/// already imported when a Warp module runs (types, typing, math, functools,
/// ctypes, ...): importModule never reads a local file for it.
bool isStdlibModule(llvm::StringRef dotted);

/// The Python module `dotted` (`a.b.c`, or relative `.c`) that `from`
/// imports, parsed from its file (Imports.cpp); null when kdsl does not find
/// or cannot read it, with `note` saying why when kernel code should get an
/// error for using it ("imported from module ..."), empty for other modules.
ModuleAST *importModule(ModuleAST &from, llvm::StringRef dotted, DiagEngine &diags,
                        std::string &note);

} // namespace kdsl

#endif
