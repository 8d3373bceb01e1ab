//===- CppEmitter.h - the kdsl IR to C++/CUDA C printer (private) -*- C++ -*-===//
//
// A structured printer: every op with a result becomes one `const T v = ...;`
// line (constants are inlined as literals), scf.if/for/while become C++
// control flow with the carried values as mutable locals. Float operations
// stay one per statement so no compiler contracts them into FMAs.
//
// The printer is split by job:
//   EmitCpp.cpp            the module: structs, funcs, kernels, the public API
//   EmitCppNames.cpp       C++ names of values, types and literals
//   EmitCppExpr.cpp        the expression of a one-result op, by op family
//   EmitCppSpellings.cpp   the table of ops spelled as one C++ call or operator
//   EmitCppStmt.cpp        statements: blocks, comments, memory, calls, asserts
//   EmitCppControlFlow.cpp scf.if / scf.for / scf.while / memref.alloca_scope
//   EmitCppUnsigned.cpp    integer values declared unsigned, and the casts
//                          that keep their arithmetic exact
//   EmitCppLaunch.cpp      the launch kdsl-build-entry-points left: the entry
//                          point's values, the loop over threads, the thread ids
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_TARGET_CPP_CPPEMITTER_H
#define KDSL_LIB_TARGET_CPP_CPPEMITTER_H

#include "kdsl/Dialect/EntryPoints.h"
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Dialect/SourceNames.h"
#include "kdsl/Target/Cpp.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>

namespace kdsl {
namespace cpp_emit {

/// A name that the C++/CUDA C cannot use as it is: a keyword, a macro of the
/// headers the prelude includes, or (global: funcs and structs) a name those
/// headers or CUDA declare at global scope. Python allows them all.
bool isReservedCppName(llvm::StringRef n, bool global);

/// A source name as a C++/CUDA C identifier: mangled beyond ASCII
/// (Mangle.h), with a _ appended to a reserved name (isReservedCppName).
std::string cppName(llvm::StringRef name, bool global);

/// `(uintN_t)x` for an integer value; bools (i1) are unsigned already.
std::string asUnsigned(mlir::Type t, const std::string &x);

/// The braces after the type of a vector or matrix value with these
/// elements (row-major): `{{a, b, c}}`, `{{{{a, b}}, {{c, d}}}}`.
std::string braceList(mlir::VectorType vt, llvm::ArrayRef<std::string> elements);

/// Whether `op` prints anything (constants and the launch's values are
/// inlined, terminators are printed by their region op).
bool printsCode(mlir::Operation &op);

/// How an op that maps 1:1 onto C++ is spelled (EmitCppSpellings.cpp).
struct OpSpelling {
  enum Form { Call, Infix } form;
  /// The function (Call) or operator (Infix).
  const char *spelling;
  /// The function for a vector result, if it differs (Call only).
  const char *vectorSpelling = nullptr;
};
/// The spelling of `op`, or null if it needs an emitter of its own.
const OpSpelling *lookupSpelling(mlir::Operation &op);
/// `s` as a C string literal with its quotes (EmitCppStmt.cpp).
std::string cStringLiteral(llvm::StringRef s);

/// The result of an op family's emitter: std::nullopt for an op that is not
/// of its family.
using FamilyResult = std::optional<mlir::LogicalResult>;

class CppEmitter {
public:
  CppEmitter(llvm::raw_ostream &os, const CppEmitOptions &options) : os(os), options(options) {}
  mlir::LogicalResult emitModule(mlir::ModuleOp module);

private:
  llvm::raw_ostream &os;
  CppEmitOptions options;
  llvm::DenseMap<mlir::Value, std::string> arrayNames; // for bounds-check reports
  unsigned indent = 0;
  llvm::DenseMap<mlir::Value, std::string> names;
  llvm::StringSet<> usedNames; // per function
  /// The C++ spellings of the function's source variable names: temporaries
  /// (v0, v1, ...) never take one, so a source `v0` stays `v0` and no
  /// temporary reads like a source variable.
  llvm::StringSet<> sourceNames;
  llvm::StringSet<> globalNames; // struct and function names
  unsigned counter = 0;
  llvm::StringMap<unsigned> suffixes; // per function: the next _N of a name
  /// Source statements (kdsl/Dialect/SourceNames.h): line -> (first line, text).
  llvm::DenseMap<unsigned, std::pair<unsigned, llvm::StringRef>> statements;
  std::string sourceFile; // its base name, for the comments
  std::string sourcePath; // its full name: ops located elsewhere (the prelude) get no comment
  unsigned lastCommentLine = 0;
  bool lastCommentAdjoint = false;
  /// The func statement last commented under its call's line (an inlined
  /// @wp.func); 0 outside one.
  unsigned lastInlinedLine = 0;
  llvm::DenseMap<mlir::Type, std::string> structNames;
  std::string currentOwner; // kernel or func name, for assert reports
  std::string resultStruct; // the result struct of a func returning several values
  std::string threadExpr;   // the flat thread index for bounds reports, or -1
  /// The entry point's values (emitc.literal) as the loop over threads'
  /// header prints them (names() has them in parentheses where needed).
  llvm::DenseMap<mlir::Value, std::string> loopBounds;
  /// kdsl.local_array storage (wp.zeros), declared at the top of the function
  /// or thread body (declareLocalArrays) so that arrays viewing it may cross
  /// blocks: op -> the storage's name.
  llvm::DenseMap<mlir::Operation *, std::string> localStorage;

  llvm::raw_ostream &line() { return os.indent(indent * 2); }

  // ---- names (EmitCppNames.cpp) --------------------------------------------
  /// Forgets the previous function's locals; reserves `owner`'s source names.
  void resetNames(mlir::Operation *owner);
  std::string typeName(mlir::Type t);
  std::string scalarName(mlir::Type t);
  /// A new local: `v` (not `source`) numbers a temporary, v0, v1, ...;
  /// any other name is uniqued as pos, pos_1, pos_2, ...
  std::string fresh(llvm::StringRef hint, bool source = false);
  /// `v` as its C++ local (a constant: its literal), as the signed type
  /// where it is declared unsigned (EmitCppUnsigned.cpp).
  std::string name(mlir::Value v);
  /// `v`'s C++ local as it is declared.
  std::string rawName(mlir::Value v);
  std::string literal(mlir::Attribute a, mlir::Type t);
  /// A local array's subscript: a constant index as a plain number
  /// (`tile[0]`, not `tile[(int64_t)0LL]`), else the index's name.
  std::string subscript(mlir::Value index);
  /// Names an argument: its parameter name is a source name, even `v`.
  void bindArgument(mlir::Value v, llvm::StringRef name) {
    names[v] = fresh(name, /*source=*/true);
  }
  /// Names `v` after its source variable (a NameLoc), else after `hint`.
  void bind(mlir::Value v, llvm::StringRef hint) {
    llvm::StringRef src = sourceNameOf(v);
    names[v] = fresh(src.empty() ? hint : src, /*source=*/!src.empty() || hint != "v");
  }
  /// `f(a, b, ...)` with the names of `args`.
  std::string call(llvm::StringRef fn, mlir::ValueRange args) {
    std::string s = fn.str() + "(";
    for (auto [i, a] : llvm::enumerate(args))
      s += (i ? ", " : "") + name(a);
    return s + ")";
  }
  /// `[1][2]` / `[i]`: the subscripts of a vector.extract/insert position.
  std::string subscripts(llvm::ArrayRef<mlir::OpFoldResult> position);

  // ---- unsigned integers (EmitCppUnsigned.cpp) ----------------------------
  /// The function's integer values declared uintN_t.
  llvm::DenseSet<mlir::Value> unsignedValues;
  /// Set by an op's emitter whose expression has the type the result is
  /// declared (uintN_t); the others' are converted to it (emitExpr).
  bool exprDeclared = false;
  void collectUnsigned(mlir::Operation *owner);
  bool isUnsigned(mlir::Value v) const { return unsignedValues.contains(v); }
  /// The C++ type `v` is declared.
  std::string declType(mlir::Value v);
  /// `v` as the unsigned type: its local, a `(uint32_t)` cast of a signed
  /// one, an unsigned literal (`2654435761u`) of a constant.
  std::string asUnsignedValue(mlir::Value v);
  /// `v` as the type `target` is declared (an assignment to it).
  std::string asDeclared(mlir::Value v, mlir::Value target);
  /// A shift's amount: a constant as a plain number, else `v` read unsigned
  /// or signed.
  std::string shiftAmount(mlir::Value v, bool readUnsigned = true);
  /// The expression of an op whose result is declared unsigned, where it can
  /// be computed in the unsigned type.
  FamilyResult unsignedExpr(mlir::Operation &op, std::string &e);

  // ---- the module (EmitCpp.cpp) --------------------------------------------
  void readSourceStatements(mlir::ModuleOp module);
  mlir::LogicalResult checkMangledNames(mlir::ModuleOp module, llvm::ArrayRef<StructType> structs);
  mlir::LogicalResult emitStruct(StructType st);
  mlir::LogicalResult emitFunc(mlir::func::FuncOp f);
  mlir::LogicalResult emitKernel(KernelOp k);
  /// The entry point `e` (the kernel's kdsl.entry_point) and its arguments'
  /// locals, up to the body (the launch values and the loop over threads)
  /// left open.
  void emitKernelHeader(KernelOp k, EntryPointAttr e);
  /// Declares the storage of every kdsl.local_array in `root`.
  void declareLocalArrays(mlir::Operation *root);

  // ---- expressions (EmitCppExpr.cpp) ---------------------------------------
  /// The C++ expression of a one-result op.
  mlir::LogicalResult emitExpr(mlir::Operation &op, std::string &e);
  /// The expression of an op as the printer spells it in the signed type.
  mlir::LogicalResult emitSigned(mlir::Operation &op, std::string &e);
  FamilyResult arithExpr(mlir::Operation &op, std::string &e);
  FamilyResult compareExpr(mlir::Operation &op, std::string &e);
  FamilyResult castExpr(mlir::Operation &op, std::string &e);
  FamilyResult vectorExpr(mlir::Operation &op, std::string &e);
  FamilyResult memoryExpr(mlir::Operation &op, std::string &e);

  // ---- statements (EmitCppStmt.cpp) ----------------------------------------
  /// `// text   (file:line)` before the first op of a source statement.
  void statementComment(mlir::Operation &op);
  const std::pair<unsigned, llvm::StringRef> *statementOf(mlir::Location loc);
  bool isGuardOfNextStatement(mlir::Operation &op, unsigned first);
  mlir::LogicalResult emitBlock(mlir::Block &b);
  mlir::LogicalResult emitOp(mlir::Operation &op);
  FamilyResult valueStmt(mlir::Operation &op);
  FamilyResult memoryStmt(mlir::Operation &op);
  FamilyResult callStmt(mlir::Operation &op);
  void assign(mlir::ValueRange targets, mlir::ValueRange values);
  /// With check-bounds: `const bool okN = kdsl::in_bounds(...)`; returns okN.
  std::string boundsCheck(mlir::Value array, mlir::ValueRange indices);
  /// ", (int64_t)i, ..." for an access's indices; an index kdsl-index-facts
  /// proved non-negative is passed as (uint32_t), which the prelude uses
  /// without the negative-index adjustment.
  std::string accessIndices(mlir::Operation *access, mlir::ValueRange indices);
  /// `[[maybe_unused]] ` for a value nothing reads (it is still computed).
  static const char *unusedPrefix(mlir::Value v) {
    return v.use_empty() ? "[[maybe_unused]] " : "";
  }
  void declare(mlir::Value v, llvm::StringRef expr) {
    bind(v, "v");
    line() << unusedPrefix(v) << "const " << declType(v) << " " << rawName(v) << " = " << expr
           << ";\n";
    declareAliases(v);
  }
  /// `const T adj_o = adj_rel;` for each other source name of `v`
  /// (addSourceAlias: a backward's adjoint shared by two variables).
  void declareAliases(mlir::Value v);

  // ---- the launch (EmitCppLaunch.cpp) --------------------------------------
  FamilyResult launchStmt(mlir::Operation &op);
  mlir::LogicalResult emitGridLoop(mlir::scf::ForOp loop);

  // ---- control flow (EmitCppControlFlow.cpp) -------------------------------
  FamilyResult controlFlowStmt(mlir::Operation &op);
  mlir::LogicalResult emitIf(mlir::scf::IfOp ifOp);
  mlir::LogicalResult emitFor(mlir::scf::ForOp forOp);
  mlir::LogicalResult emitWhile(mlir::scf::WhileOp w);
  mlir::LogicalResult emitAllocaScope(mlir::memref::AllocaScopeOp scope);
};

} // namespace cpp_emit
} // namespace kdsl

#endif
