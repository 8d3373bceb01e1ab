//===- Sema.h - type checker of the Warp kernel language -------*- C++ -*-===//
//
// Resolves names, checks and annotates types (following Warp: statically
// typed from annotations, locals keep their first type, literals adapt to the
// other operand, no silent int/float mixing) and records what MLIRGen needs:
// builtin ids, struct/func targets, range bounds, literal types.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_FRONTEND_SEMA_H
#define KDSL_FRONTEND_SEMA_H

#include "kdsl/Frontend/AST.h"
#include "kdsl/Frontend/Builtins.h"
#include "kdsl/Frontend/Diagnostics.h"
#include "kdsl/Frontend/Prelude.h"
#include "kdsl/Frontend/Types.h"
#include "llvm/ADT/StringSet.h"
#include <deque>

namespace kdsl {

class BuiltinCall;

class Sema {
  friend class BuiltinCall;        // the builtin type rules (BuiltinRules.cpp)
  friend class StaticExpander;     // wp.static (SemaStatic.cpp)
  friend class LinalgRules;        // linear algebra builtins (BuiltinRulesLinalg.cpp)
  friend class ScalarRules;        // operator functions and printing (BuiltinRulesScalar.cpp)
  friend class MiscRules;          // the rest of Warp's core builtins (BuiltinRulesMisc.cpp)
  friend class TileRules;          // the tile builtins (BuiltinRulesTile.cpp)
  friend class BuiltinRuleContext; // what those rule classes share (BuiltinRuleContext.h)

public:
  Sema(ModuleAST &module, DiagEngine &diags, TypeContext &types)
      : mod(module), diags(diags), types(types) {}

  /// Checks one kernel and everything it uses. Returns false on error.
  bool checkKernel(FuncDef *kernel);
  /// Checks every kernel, func and struct of the module.
  bool checkAll();

  /// Funcs that were checked successfully, callees before callers.
  const std::vector<FuncDef *> &getCheckedFuncs() const { return checkedFuncs; }
  /// Structs in the order they were checked (field types before users).
  const std::vector<StructDef *> &getCheckedStructs() const { return checkedStructs; }

  /// Fold a constant expression (module constants, range bounds).
  struct ConstValue {
    enum Kind { Int, Float, Bool } kind;
    int64_t i = 0;
    double f = 0;
    bool b = false;
  };
  /// An int64 where the exact value fits; a wider int is not a ConstValue.
  std::optional<ConstValue> evalConst(Expr *e);
  /// Where and why Python raises evaluating host code (a module constant):
  /// `reported` when it raised in another constant, reported there.
  struct HostRaise {
    llvm::SMLoc loc;
    std::string msg;
    bool reported = false;
  };
  /// `e` as Python evaluates it, integers exact (SemaConstEval.cpp); nullopt
  /// when it is not a number kdsl knows, or Python raises (told in `raised`).
  std::optional<PyNumber> evalHost(Expr *e, HostRaise *raised = nullptr);
  /// `array`..`array4d`, `indexedarray`..`indexedarray4d` (SemaTypes.cpp).
  static bool arrayName(llvm::StringRef name, bool &indexed, unsigned &ndim);

  /// A generic kernel's instances (Generics.cpp), checked, into `out`: from
  /// `given` (a call whose arguments are the types, from
  /// kdsl-translate --kernel-types or a launch spec) if set, else from the
  /// file's @wp.overload stubs and wp.overload() calls of `k`. Without
  /// types, an error says how to give them.
  bool instantiateKernel(FuncDef *k, CallExpr *given, std::vector<FuncDef *> &out);

private:
  ModuleAST &mod;
  DiagEngine &diags;
  TypeContext &types;
  std::vector<FuncDef *> checkedFuncs;
  std::vector<StructDef *> checkedStructs;
  llvm::StringMap<unsigned> symbolNames;
  /// Builtins written in the Warp language, parsed on first use (SemaPrelude.cpp).
  std::unique_ptr<Prelude> prelude;
  /// wp.grad(wp.<builtin>): a func calling the builtin, per builtin and
  /// argument types (SemaGrad.cpp), and the modules they are parsed into.
  std::map<std::string, FuncDef *> gradWrappers;
  std::vector<std::unique_ptr<ModuleAST>> gradWrapperModules;

  // Per-function state.
  FuncDef *fn = nullptr;
  /// Where evalConst resolves names when set (a type's extent in a
  /// wp.overload call, whose names are the call's, not a function's).
  Scope *constScope = nullptr;
  unsigned loopDepth = 0;
  /// Warp lets an array local take another ndim (its types_equal ignores
  /// ndim): `sub = a[:2]` then `sub = a[:2, 1]`. Rebound so at the top of a
  /// body (no if/loop around it), the later binding is a fresh local
  /// `name.N` and the uses after it are renamed (SemaStmt.cpp bindLocal).
  llvm::DenseMap<const FuncDef *, llvm::StringMap<llvm::StringRef>> arrayRebinds;
  std::deque<std::string> rebindNames; // storage of the fresh names
  bool assignAtTopLevel = false;
  std::optional<llvm::StringRef> reboundName(llvm::StringRef name);
  bool returnTypeFixed = false;

  bool error(llvm::SMLoc loc, const llvm::Twine &msg) {
    diags.error(loc, msg);
    return false;
  }

  // Definitions.
  bool checkFunc(FuncDef *f);
  bool checkStruct(StructDef *s);
  bool checkConst(ConstDef *c);
  // @wp.func_grad / @wp.func_replay (lib/Frontend/CustomGrad.cpp)
  bool checkCustomSignature(FuncDef *g);
  bool finishCustomFuncs(FuncDef *f);
  /// `f(*v)`: v's components (matrix rows) as arguments (StarArgs.cpp).
  bool expandStarredArgs(CallExpr *e);
  std::string uniqueSymbol(llvm::StringRef name);
  // Decorator options (SemaOptions.cpp).
  bool checkDefOptions(FuncDef *f);
  bool checkBoolOption(Keyword &kw, bool &out);
  bool checkIntsOption(Keyword &kw, unsigned maxN, int64_t lo, int64_t hi);
  bool checkModuleOptions(FuncDef *f, Keyword &kw, std::optional<bool> &backward);
  // Default parameter values (SemaOptions.cpp).
  bool checkParamDefault(FuncDef *f, Param &p);
  // Negative indices and slices of vectors/matrices (SemaSlices.cpp).
  void wrapNegativeIndices(SubscriptExpr *e, const Type *bt);
  std::optional<int64_t> sliceComponent(Expr *c);
  bool slicePositions(SliceExpr *s, int64_t length, llvm::SmallVectorImpl<int64_t> &out);
  const Type *checkCompositeSlice(SubscriptExpr *e, const Type *bt);
  /// t[i] of a 2-d tile, t[a:b, ::s] (SemaSlices.cpp): a SubKind::TileView.
  const Type *checkTileView(SubscriptExpr *e, const Type *bt);
  /// t[idx, :] (idx a tile of indices at position `axis`): a gather.
  const Type *checkTileGather(SubscriptExpr *e, const Type *bt, size_t axis);
  /// Fills `view` (SubKind::TileView over a tile of type `bt`) for
  /// wp.tile_view / tile_assign: `starts` per leading dimension (the rest
  /// start at 0), the dimensions before `keepFrom` collapsed, the others of
  /// `extents` (null: the tile's). Reports an error and returns null when the
  /// view does not fit.
  const Type *fillTileView(SubscriptExpr *view, const Type *bt, llvm::ArrayRef<Expr *> starts,
                           size_t keepFrom, const llvm::SmallVector<int64_t, 2> *extents,
                           llvm::StringRef what);
  /// Refuses a write whose target's local is a tile view (tileViewLocals).
  bool refuseTileViewWrite(Expr *target);
  bool checkIndex(Expr *idx);
  // Array slices a[1:3, i] (views) and *a[0:3] (SemaSlices.cpp).
  bool checkArraySliceComponent(Expr *c, bool isStep);
  const Type *checkArraySlice(SubscriptExpr *e, const Type *bt);
  bool starredArraySlice(Expr *value, const Type *arrayType, llvm::SmallVectorImpl<Expr *> &parts);
  const Type *resolveType(Expr *annotation, Scope *scope);
  /// An annotation's ndim: a constant or `Literal[N]`.
  std::optional<int64_t> evalNdim(Expr *e);
  /// `wp.fixedarray(shape=..., dtype=...)` as a return annotation (SemaTypes.cpp).
  bool isFixedArrayAnnotation(Expr *ann, Scope *scope);
  const Type *fixedArrayAnnotation(Expr *ann, Scope *scope);
  bool isWarpModule(Expr *e, Scope *scope);
  SubscriptExpr *tupleAnnotation(Expr *e, Scope *scope);
  /// `wp.tile[dtype, extents...]`: a generic func parameter (Generics.cpp).
  SubscriptExpr *tileAnnotation(Expr *e, Scope *scope);
  std::string tileAnnotationText(Expr *ann, Scope *scope);
  bool alwaysReturns(const Body &body);
  std::optional<llvm::StringRef> warpNameOf(Expr *e, Scope *scope);

  // Statements.
  bool checkBody(Body &body);
  /// `for index in <hash grid query>:` becomes a while loop over
  /// hash_grid_query_next (SemaQueryLoops.cpp); false after an error.
  bool desugarQueryLoop(Body &body, size_t i);
  /// Whether `t` is the prelude's hash grid query struct.
  bool isQueryType(const Type *t);
  bool checkStmt(Stmt *s);
  bool checkAssign(Expr *target, Expr *value, const Type *valueType, llvm::SMLoc loc);
  bool checkAssignTarget(Expr *target, const Type *valueType, Expr *value, llvm::SMLoc loc);
  bool bindLocal(NameExpr *name, const Type *type, Expr *value, llvm::SMLoc loc);
  bool checkFor(ForStmt *s);
  bool checkReturn(ReturnStmt *s);
  bool checkCondition(Expr *cond);

  // Expressions.
  const Type *check(Expr *e);
  const Type *checkName(NameExpr *e);
  const Type *checkAttribute(AttributeExpr *e);
  const Type *checkSubscript(SubscriptExpr *e);
  const Type *checkCall(CallExpr *e);
  const Type *checkBinary(BinaryExpr *e);
  const Type *checkUnary(UnaryExpr *e);
  const Type *tileBinaryResult(BinaryExpr *e);
  const Type *checkCompare(CompareExpr *e);
  const Type *checkBuiltin(CallExpr *e, Builtin b);
  const Type *checkTypeCtor(CallExpr *e, const Type *t);
  const Type *checkStructCtor(CallExpr *e, StructDef *s);
  const Type *checkFuncCall(CallExpr *e, FuncDef *f);
  const Type *checkWarpNameCall(CallExpr *e, llvm::StringRef name);
  // wp.ref[T] and wp.Function parameters (SemaFuncParams.cpp).
  Expr *refInner(Expr *ann, Scope *scope);
  bool isFunctionAnnotation(Expr *ann, Scope *scope);
  bool classifyParam(FuncDef *f, Param &p);
  /// The function `e` names (a @wp.func, an alias of one, `wp.sin`, or, with
  /// `useLocals`, a local bound to a function), typed; null (silently) if
  /// `e` names none.
  const Type *functionValue(Expr *e, Scope *scope, bool useLocals);
  const Type *checkCallThrough(CallExpr *e, const Type *fnType);
  // wp.grad(f) and its calls (SemaGrad.cpp).
  /// `wp.grad(f)` as a function value; null with an error if `report`, else
  /// silently, when it is not one.
  const Type *gradValue(CallExpr *e, Scope *scope, bool useLocals, bool report);
  const Type *checkGradCall(CallExpr *e, const Type *gradFn);
  FuncDef *gradBuiltinWrapper(CallExpr *e, llvm::StringRef builtin);
  const Type *defaultArgType(FuncDef *d, Param &p);
  bool checkRefArgument(Expr *a, const Param &p, FuncDef *f, llvm::StringRef purpose);
  /// `shownName`: how messages name the callee (a prelude builtin's Warp
  /// name, `wp.hash_grid_query_next`); empty: the func's name.
  bool checkRefArguments(CallExpr *e, FuncDef *f, llvm::StringRef shownName = "");
  // Calls of prelude builtins (SemaPrelude.cpp).
  FuncDef *preludeFunc(llvm::StringRef name, llvm::SMLoc loc);
  /// The type of the prelude struct `name` (a builtin's value type), or null
  /// after an (internal) error.
  const Type *preludeStructType(llvm::StringRef name, llvm::SMLoc loc);
  /// The prelude type Warp's annotation name `name` stands for
  /// (wp.HashGridQuery, wp.hash_grid_query_t, ...), or std::nullopt when it
  /// names none (null after an error).
  std::optional<const Type *> warpQueryType(llvm::StringRef name, llvm::SMLoc loc);
  const Type *checkPreludeCall(CallExpr *e, llvm::StringRef name);
  /// wp.tile_bvh_query_next(query) and its other names (isTileQueryNext):
  /// the tile of the query's next round (SemaTileQueries.cpp).
  const Type *checkTileQueryNext(CallExpr *e, llvm::StringRef name);
  static bool isTileQueryNext(llvm::StringRef name);
  const Type *bindPreludeCall(CallExpr *e, FuncDef *f, const PreludeOverload &o,
                              llvm::ArrayRef<Expr *> bound);
  bool bindArguments(CallExpr *e, llvm::ArrayRef<llvm::StringRef> names, const std::string &callee,
                     llvm::StringRef what);
  const Type *checkTid(CallExpr *e, unsigned dims);
  const Type *binaryResult(BinOp op, Expr *lhs, Expr *rhs, llvm::SMLoc loc);

  /// Gives a literal-typed expression the type `t` (recursively through
  /// literal arithmetic), or checks that a typed expression has type `t`.
  bool coerce(Expr *e, const Type *t, const llvm::Twine &what);
  /// Literal expressions that nothing constrains become int32 / float32.
  const Type *finalize(Expr *e);
  void setLiteralType(Expr *e, const Type *t);
  /// Makes two operands agree (literal adaptation); returns the common type.
  const Type *unify(Expr *a, Expr *b, llvm::SMLoc loc, llvm::StringRef what);
  bool isLValue(Expr *e);

  // Generics and overloads (Generics.cpp).
  bool isAnyAnnotation(Expr *ann, Scope *scope);
  bool isGenericAnnotation(Expr *ann, Scope *scope);
  std::optional<llvm::StringRef> arrayAnnotationName(Expr *ann, Scope *scope);
  bool matchesTemplate(Expr *ann, const Type *t, Scope *scope);
  unsigned annotationNdim(llvm::StringRef name, Expr *ndim);
  const Type *substituteAny(Expr *ann, const Type *any, Scope *scope);
  bool genericParam(FuncDef *f, Param &p);
  FuncDef *instantiate(FuncDef *tmpl, llvm::ArrayRef<const Type *> argTypes);
  std::string instanceSymbol(FuncDef *f);
  const Type *checkOverloadedCall(CallExpr *e, FuncDef *f);
  std::string signatureText(FuncDef *d);
  const Type *typeValue(Expr *e);
  bool signatureTypes(FuncDef *k, llvm::ArrayRef<Expr *> args,
                      llvm::ArrayRef<std::pair<llvm::StringRef, Expr *>> named, llvm::SMLoc loc,
                      std::vector<const Type *> &out, Scope *typeScope = nullptr);
  bool overloadCallTypes(FuncDef *k, CallExpr *c, bool given, std::vector<const Type *> &out,
                         Scope *typeScope = nullptr);

  // wp.static and closures (SemaStatic.cpp).
  /// Evaluates the wp.static(...) expressions of `f`'s body, unrolls the
  /// loops they need and folds `if wp.static(...)`, before the body is checked.
  bool expandStatics(FuncDef *f);
  /// The @wp.func a name of the enclosing scopes aliases (`g = helper`), or null.
  FuncDef *aliasedFunc(const Symbol *s, unsigned depth = 0);
  /// Reports a name whose value only host code knows (a parameter or loop
  /// variable of the enclosing function); false if `s` is not one.
  bool reportHostName(NameExpr *n, const Symbol *s);
  /// math.pi, np.inf, ... (math and numpy constants) in constant expressions.
  std::optional<double> hostModuleConstant(AttributeExpr *a, Scope *scope);

  // Generic vectors/matrices, transforms and spatial math (SemaSpatial.cpp).
  friend class SpatialRules;
  /// wp.types.vector/matrix/transformation/quaternion(...) annotations and
  /// module-level aliases of types; nullopt when `ann` is none of these,
  /// null after an error.
  std::optional<const Type *> resolveCompositeType(Expr *ann, Scope *scope);
  /// The type a module-level `NAME = <type>` alias names, or null.
  const Type *aliasedType(const Symbol *s, unsigned depth = 0);
  const Type *checkTransformAttribute(AttributeExpr *e, const Type *bt);
  /// A call of a type alias: `vec5(...)`, `mat32d(m, shape=(3, 2))`, `xform(p, q)`.
  const Type *checkAliasCtor(CallExpr *e, const Type *t);
};

} // namespace kdsl

#endif
