//===- AST.h - syntax tree of the Warp kernel language ---------*- C++ -*-===//
//
// The parser builds these nodes for kernels, funcs, structs and module
// constants; Sema annotates them (types, name resolution, builtin ids) and
// MLIRGen walks the annotated tree. Nodes live in an ASTContext arena.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_FRONTEND_AST_H
#define KDSL_FRONTEND_AST_H

#include "kdsl/Frontend/PyNumber.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/SMLoc.h"
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace kdsl {

class Type;
struct FuncDef;
struct StructDef;
struct ConstDef;
struct Scope;

struct Node {
  virtual ~Node() = default;
};

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

enum class ExprKind : uint8_t {
  Int,
  Float,
  Bool,
  Name,
  Attribute,
  Subscript,
  Call,
  Binary,
  Unary,
  Compare,
  BoolOp,
  IfExp,
  Tuple,
  Unsupported,
  Slice
};
enum class BinOp : uint8_t {
  Add,
  Sub,
  Mul,
  Div,
  FloorDiv,
  Mod,
  Pow,
  BitAnd,
  BitOr,
  BitXor,
  Shl,
  Shr,
  MatMul
};
enum class UnOp : uint8_t { Neg, Pos, Not, Invert };
enum class CmpOp : uint8_t { Lt, Le, Gt, Ge, Eq, Ne, Is, IsNot, In, NotIn };

const char *spell(BinOp op);
const char *spell(UnOp op);
const char *spell(CmpOp op);
struct Expr;
/// `a.b.c` for a (dotted) name, else "".
std::string dottedName(const Expr *e);
/// What an annotation names, for messages: `wp.ref[...]`, `wp.indexedarray(...)`, `Coords`.
std::string describeAnnotation(const Expr *e);

struct Expr : Node {
  ExprKind kind;
  llvm::SMLoc loc;
  /// Set by Sema. Literal expressions end with a concrete type.
  const Type *type = nullptr;
  /// Set by Sema when the value is computed in another type and converted to
  /// `type` (integer literal arithmetic such as `(1 << n) - 1` used as float).
  const Type *evalType = nullptr;
  Expr(ExprKind k, llvm::SMLoc l) : kind(k), loc(l) {}
};

struct IntExpr : Expr {
  static bool classof(const Expr *e) { return e->kind == ExprKind::Int; }
  uint64_t value;
  bool overflow;
  /// The spelling, when the value needs more than 64 bits (`overflow`): host
  /// code computes with it exactly (PyInt::parseLiteral).
  llvm::StringRef spelling;
  IntExpr(llvm::SMLoc l, uint64_t v, bool ovf) : Expr(ExprKind::Int, l), value(v), overflow(ovf) {}
};
struct FloatExpr : Expr {
  static bool classof(const Expr *e) { return e->kind == ExprKind::Float; }
  double value;
  FloatExpr(llvm::SMLoc l, double v) : Expr(ExprKind::Float, l), value(v) {}
};
struct BoolExpr : Expr {
  static bool classof(const Expr *e) { return e->kind == ExprKind::Bool; }
  bool value;
  BoolExpr(llvm::SMLoc l, bool v) : Expr(ExprKind::Bool, l), value(v) {}
};

/// What a name (or `wp.attr`) denotes, decided by Sema.
enum class RefKind : uint8_t {
  Unresolved,
  Local,     // a local variable or parameter
  Constant,  // a module constant (see ConstDef)
  WarpConst, // wp.pi, wp.inf, ...; `constValue` holds the number
};

struct NameExpr : Expr {
  static bool classof(const Expr *e) { return e->kind == ExprKind::Name; }
  llvm::StringRef name;
  RefKind ref = RefKind::Unresolved;
  ConstDef *constDef = nullptr;
  double constValue = 0; // WarpConst
  /// A callee chosen by wp.static(...) (SemaStatic.cpp): calls go to it.
  FuncDef *staticFunc = nullptr;
  NameExpr(llvm::SMLoc l, llvm::StringRef n) : Expr(ExprKind::Name, l), name(n) {}
};

// TransformPart: a transform's .p (index 0) or .q (index 1).
// ArrayPtr: an array's .ptr (its data address, uint64).
enum class AttrKind : uint8_t {
  Unresolved,
  Component,
  StructField,
  Shape,
  WarpConst,
  ModuleConst,
  TransformPart,
  ArrayPtr
};
struct AttributeExpr : Expr {
  static bool classof(const Expr *e) { return e->kind == ExprKind::Attribute; }
  Expr *base;
  llvm::StringRef attr;
  llvm::SMLoc attrLoc;
  AttrKind akind = AttrKind::Unresolved;
  int index = -1;        // component or field index
  double constValue = 0; // WarpConst
  ConstDef *constDef = nullptr;
  AttributeExpr(llvm::SMLoc l, Expr *b, llvm::StringRef a, llvm::SMLoc al)
      : Expr(ExprKind::Attribute, l), base(b), attr(a), attrLoc(al) {}
};

enum class SubKind : uint8_t {
  Unresolved,
  ArrayElem,
  VecElem,
  MatElem,
  MatRow,
  ShapeDim,
  CompSlice,
  ArrayView /* a[i] of a 2-d array: a 1-d array */,
  TupleElem /* t[k] of a tuple, k constant (constIndex) */,
  TileElem /* t[i, j] of a tile: wp.tile_extract; without indices,
              a wp.tile_map element placeholder (typed by Sema) */
  ,
  TileView /* t[i] of a 2-d tile, t[a:b, ::s]: a kdsl.tile_view (viewStart/Step) */,
  TileGather /* t[idx, :] with idx a 1-d tile of indices: a kdsl.tile_gather
                along dimension constIndex */
};
struct SubscriptExpr : Expr {
  static bool classof(const Expr *e) { return e->kind == ExprKind::Subscript; }
  Expr *base;
  llvm::SmallVector<Expr *, 2> indices;
  SubKind skind = SubKind::Unresolved;
  int64_t constIndex = -1; // ShapeDim, TupleElem, TileGather (the axis)
  /// CompSlice (v[1:3], m[0:2, 1], q[::-1]): per index, the positions a
  /// slice selects (empty for a plain index); a matrix indexed once has its
  /// column slice filled in.
  llvm::SmallVector<llvm::SmallVector<int64_t, 4>, 2> sliceSel;
  /// TileView (also wp.tile_view / tile_assign's offsets): per dimension of
  /// the tile, the start (an index expression in viewStart, or, where that
  /// is null, the constant viewConstStart) and the step (0: the dimension is
  /// collapsed at its start).
  llvm::SmallVector<Expr *, 2> viewStart;
  llvm::SmallVector<int64_t, 2> viewConstStart, viewStep;
  bool viewWrapNegative = false; // t[i]: a negative run-time i counts from the end
  SubscriptExpr(llvm::SMLoc l, Expr *b) : Expr(ExprKind::Subscript, l), base(b) {}
};

struct Keyword {
  llvm::StringRef name;
  llvm::SMLoc loc;
  Expr *value;
};

enum class CallKind : uint8_t { Unresolved, Builtin, Func, TypeCtor, StructCtor };
struct CallExpr : Expr {
  static bool classof(const Expr *e) { return e->kind == ExprKind::Call; }
  Expr *callee;
  llvm::SmallVector<Expr *, 4> args;
  llvm::SmallVector<Keyword, 1> kwargs;
  CallKind ckind = CallKind::Unresolved;
  int builtin = -1;        // BuiltinId
  FuncDef *func = nullptr; // Func
  /// Arguments in the order the callee takes them (keywords bound).
  llvm::SmallVector<Expr *, 4> boundArgs;
  /// `*v` arguments: the position in `args` (an UnsupportedExpr there until
  /// Sema expands it, lib/Frontend/StarArgs.cpp) and the unpacked value.
  llvm::SmallVector<std::pair<unsigned, Expr *>, 1> starred;
  /// A prelude builtin that advances its state argument in place
  /// (`wp.randf(state)`, SemaPrelude.cpp): the func returns (value, new
  /// state); MLIRGen keeps the value and assigns the new state to
  /// `stateTarget`, the caller's local (null when the argument is no local).
  bool advancesState = false;
  Expr *stateTarget = nullptr;
  /// A builtin call in Warp's output-argument form whose rule says where its
  /// outputs start (`wp.tile_matmul(a, b, out)`: 2): the bound arguments
  /// from there on are assigned by the call (linalgOutputArgs). 0: the
  /// record's lowering decides (KDSL_EXPAND_MULTI: all but the first).
  unsigned outputArgsFrom = 0;
  /// wp.tile_map(f, a, b): the call of f on placeholders of the tiles'
  /// elements (SubscriptExprs of kind TileElem without indices).
  CallExpr *elementCall = nullptr;
  /// wp.tile_sum(t, axis=k): the constant axis; -1 without one.
  int64_t axis = -1;
  /// A tile builtin that works in place on its first arguments
  /// (wp.tile_fft(t), tile_cholesky_inplace(A), tile_assign(dst, ...): 1;
  /// tile_sort(keys, values): 2): the call's results are assigned to them
  /// (linalgOutputArgs).
  unsigned firstOutputs = 0;
  /// wp.tile_view / tile_assign: the sub-tile's starts and steps, as a
  /// SubscriptExpr of kind TileView over the tile argument.
  SubscriptExpr *view = nullptr;
  /// wp.tile_cholesky*(fill_mode="upper"): the upper-triangular factor.
  bool upperFill = false;
  /// wp.tile_matmul(alpha=, beta=): compile-time constants.
  double alpha = 1.0, beta = 1.0;
  /// `wp.static(len(x))` of a local whose length only type checking knows
  /// (SemaStatic.cpp leaves `len(x)`): Sema requires a compile-time length.
  bool staticLen = false;
  /// `wp.grad(f)(args)` (SemaGrad.cpp): `func` is the instance of f these
  /// arguments select; the call gives the adjoints of its value parameters.
  bool gradCall = false;
  /// A wp.tile_arange Sema makes for a tiled query's round
  /// (SemaTileQueries.cpp): 0, 1, ..., block_dim - 1, a tile of extent `?`.
  bool laneIndices = false;
  CallExpr(llvm::SMLoc l, Expr *c) : Expr(ExprKind::Call, l), callee(c) {}
};

struct BinaryExpr : Expr {
  static bool classof(const Expr *e) { return e->kind == ExprKind::Binary; }
  BinOp op;
  Expr *lhs, *rhs;
  llvm::SMLoc opLoc;
  /// `a + b` of operands the operator does not take (structs), given to a
  /// @wp.func named after it (`add(a, b)`), as Warp's emit_BinOp does: the
  /// call MLIRGen generates instead (Sema::checkBinary).
  CallExpr *userCall = nullptr;
  BinaryExpr(llvm::SMLoc l, BinOp o, Expr *a, Expr *b, llvm::SMLoc ol)
      : Expr(ExprKind::Binary, l), op(o), lhs(a), rhs(b), opLoc(ol) {}
};
struct UnaryExpr : Expr {
  static bool classof(const Expr *e) { return e->kind == ExprKind::Unary; }
  UnOp op;
  Expr *operand;
  UnaryExpr(llvm::SMLoc l, UnOp o, Expr *e) : Expr(ExprKind::Unary, l), op(o), operand(e) {}
};
struct CompareExpr : Expr {
  static bool classof(const Expr *e) { return e->kind == ExprKind::Compare; }
  llvm::SmallVector<CmpOp, 2> ops;
  llvm::SmallVector<llvm::SMLoc, 2> opLocs;
  llvm::SmallVector<Expr *, 3> operands;
  CompareExpr(llvm::SMLoc l) : Expr(ExprKind::Compare, l) {}
};
struct BoolOpExpr : Expr {
  static bool classof(const Expr *e) { return e->kind == ExprKind::BoolOp; }
  bool isAnd;
  llvm::SmallVector<Expr *, 2> operands;
  BoolOpExpr(llvm::SMLoc l, bool a) : Expr(ExprKind::BoolOp, l), isAnd(a) {}
};
struct IfExpExpr : Expr {
  static bool classof(const Expr *e) { return e->kind == ExprKind::IfExp; }
  Expr *cond, *thenExpr, *elseExpr;
  IfExpExpr(llvm::SMLoc l, Expr *c, Expr *t, Expr *e)
      : Expr(ExprKind::IfExp, l), cond(c), thenExpr(t), elseExpr(e) {}
};
struct TupleExpr : Expr {
  static bool classof(const Expr *e) { return e->kind == ExprKind::Tuple; }
  llvm::SmallVector<Expr *, 4> elts;
  TupleExpr(llvm::SMLoc l) : Expr(ExprKind::Tuple, l) {}
};
/// The extents of a `shape` argument or keyword: a tuple's elements, or the
/// one expression (`shape=3` is `shape=(3,)`).
inline llvm::SmallVector<Expr *, 4> shapeExtents(Expr *shape) {
  if (auto *t = llvm::dyn_cast<TupleExpr>(shape))
    return t->elts;
  return {shape};
}
/// Syntax that parses but is not part of the kernel language (lambda, a
/// string, a comprehension, ...). Sema reports it if it is reached.
struct UnsupportedExpr : Expr {
  static bool classof(const Expr *e) { return e->kind == ExprKind::Unsupported; }
  std::string what;
  std::string raw; // string literals: the source text, quotes included
  /// Dict literals `{k: v, ...}`: the parsed items (read by decorator
  /// options such as module_options=; never a kernel value).
  std::vector<std::pair<Expr *, Expr *>> dictItems;
  /// List literals `[a, b]`: the parsed items (wp.overload(k, [types])).
  std::vector<Expr *> listItems;
  /// Set literals `{a, b}`: their items are in listItems (`x in {1, 2}` in
  /// wp.static).
  bool isSet = false;
  UnsupportedExpr(llvm::SMLoc l, std::string w)
      : Expr(ExprKind::Unsupported, l), what(std::move(w)) {}
};
/// `lower:upper:step` inside a subscript (each part may be null). Sema
/// resolves slices of vectors, quaternions and matrices (constant bounds).
struct SliceExpr : Expr {
  static bool classof(const Expr *e) { return e->kind == ExprKind::Slice; }
  Expr *lower = nullptr, *upper = nullptr, *step = nullptr;
  SliceExpr(llvm::SMLoc l) : Expr(ExprKind::Slice, l) {}
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

enum class StmtKind : uint8_t {
  Expr,
  Assign,
  AugAssign,
  AnnAssign,
  If,
  For,
  While,
  Break,
  Continue,
  Return,
  Pass,
  Assert,
  Unsupported
};

struct Stmt : Node {
  StmtKind kind;
  llvm::SMLoc loc;
  Stmt(StmtKind k, llvm::SMLoc l) : kind(k), loc(l) {}
};
using Body = std::vector<Stmt *>;

struct ExprStmt : Stmt {
  static bool classof(const Stmt *s) { return s->kind == StmtKind::Expr; }
  Expr *value;
  bool isDocstring = false;
  ExprStmt(llvm::SMLoc l, Expr *v) : Stmt(StmtKind::Expr, l), value(v) {}
};
struct AssignStmt : Stmt {
  static bool classof(const Stmt *s) { return s->kind == StmtKind::Assign; }
  llvm::SmallVector<Expr *, 1> targets; // a = b = value
  Expr *value;
  /// Sema: `f = some_func` binds a local name to a function (no code).
  bool functionAlias = false;
  AssignStmt(llvm::SMLoc l) : Stmt(StmtKind::Assign, l) {}
};
struct AugAssignStmt : Stmt {
  static bool classof(const Stmt *s) { return s->kind == StmtKind::AugAssign; }
  Expr *target;
  BinOp op;
  Expr *value;
  /// Sema: `a[i] += v` / `a[i] -= v` on an array element become atomics, as in Warp.
  bool atomic = false;
  AugAssignStmt(llvm::SMLoc l, Expr *t, BinOp o, Expr *v)
      : Stmt(StmtKind::AugAssign, l), target(t), op(o), value(v) {}
};
struct AnnAssignStmt : Stmt {
  static bool classof(const Stmt *s) { return s->kind == StmtKind::AnnAssign; }
  Expr *target;
  Expr *annotation;
  Expr *value; // may be null
  AnnAssignStmt(llvm::SMLoc l, Expr *t, Expr *a, Expr *v)
      : Stmt(StmtKind::AnnAssign, l), target(t), annotation(a), value(v) {}
};
struct IfStmt : Stmt {
  static bool classof(const Stmt *s) { return s->kind == StmtKind::If; }
  Expr *cond;
  Body thenBody, elseBody;
  IfStmt(llvm::SMLoc l, Expr *c) : Stmt(StmtKind::If, l), cond(c) {}
};
struct ForStmt : Stmt {
  static bool classof(const Stmt *s) { return s->kind == StmtKind::For; }
  Expr *target;
  Expr *iter;
  Body body;
  bool hasElse = false;
  // Sema: the range bounds (step may be null: 1) and whether it is reversed.
  Expr *start = nullptr, *stop = nullptr, *step = nullptr;
  bool reversed = false;
  ForStmt(llvm::SMLoc l, Expr *t, Expr *i) : Stmt(StmtKind::For, l), target(t), iter(i) {}
};
struct WhileStmt : Stmt {
  static bool classof(const Stmt *s) { return s->kind == StmtKind::While; }
  Expr *cond;
  Body body;
  bool hasElse = false;
  WhileStmt(llvm::SMLoc l, Expr *c) : Stmt(StmtKind::While, l), cond(c) {}
};
struct ReturnStmt : Stmt {
  static bool classof(const Stmt *s) { return s->kind == StmtKind::Return; }
  Expr *value; // may be null
  ReturnStmt(llvm::SMLoc l, Expr *v) : Stmt(StmtKind::Return, l), value(v) {}
};
struct AssertStmt : Stmt {
  static bool classof(const Stmt *s) { return s->kind == StmtKind::Assert; }
  Expr *test;
  Expr *msg;
  AssertStmt(llvm::SMLoc l, Expr *t, Expr *m) : Stmt(StmtKind::Assert, l), test(t), msg(m) {}
};
struct SimpleStmt : Stmt { // break, continue, pass
  SimpleStmt(StmtKind k, llvm::SMLoc l) : Stmt(k, l) {}
};
struct UnsupportedStmt : Stmt {
  static bool classof(const Stmt *s) { return s->kind == StmtKind::Unsupported; }
  std::string what;
  UnsupportedStmt(llvm::SMLoc l, std::string w)
      : Stmt(StmtKind::Unsupported, l), what(std::move(w)) {}
};

//===----------------------------------------------------------------------===//
// Definitions
//===----------------------------------------------------------------------===//

struct Param {
  llvm::StringRef name;
  llvm::SMLoc loc;
  Expr *annotation = nullptr;
  Expr *defaultValue = nullptr;
  const Type *type = nullptr;
  /// `x: wp.ref[T]` (passed by reference): `type` is T. The func returns the
  /// parameter's final value as an extra result and the caller stores it
  /// back into the argument (MLIRGen::genFuncCall: copy-in/copy-out).
  bool isRef = false;
  /// `g: wp.Function`: a function argument. The def is a template
  /// instantiated per function given (Generics.cpp); in an instance `type`
  /// is that function's Type::Function, and the parameter has no value.
  bool isFunction = false;
};

enum class CheckState : uint8_t { Unchecked, InProgress, Done, Failed };

struct FuncDef : Node {
  bool isKernel = false;
  llvm::StringRef name;
  llvm::SMLoc loc;
  std::vector<Param> params;
  Expr *returns = nullptr;
  Body body;
  Scope *scope = nullptr;           // where the def stands (module or enclosing function)
  std::vector<Keyword> options;     // decorator keywords, e.g. enable_backward=False
  std::string unsupportedSignature; // *args, **kwargs, ...
  llvm::SMLoc unsupportedLoc;
  /// A decorator kdsl does not implement (@wp.func_grad, an extra decorator,
  /// a positional decorator argument, ...): Sema reports it when the
  /// definition is checked. A def decorated only by @wp.func_grad,
  /// @wp.func_replay, @wp.func_native or @wp.overload is kept with just this
  /// (its body is not parsed).
  std::string decoratorError;
  llvm::SMLoc decoratorErrorLoc;
  /// Such defs that refer to this one (@wp.func_grad(f), @wp.overload of f):
  /// checking this def checks (and so reports) them.
  std::vector<FuncDef *> attached;
  /// @wp.func_grad(f) / @wp.func_replay(f) (lib/Frontend/CustomGrad.cpp):
  /// on f, its custom gradient and replay funcs; on those, f.
  FuncDef *customGrad = nullptr, *customReplay = nullptr;
  FuncDef *gradOf = nullptr, *replayOf = nullptr;
  /// The kernel (func) of the same name defined before (after) this one in
  /// the same scope; Sema rejects the redefinition.
  FuncDef *previousDef = nullptr, *nextDef = nullptr;
  bool redefinitionReported = false;
  // Sema results.
  CheckState state = CheckState::Unchecked;
  bool enableBackward = true;
  std::vector<const Type *> resultTypes;
  llvm::StringMap<const Type *> locals;
  /// Locals whose latest assignment (in source order) is a Python number
  /// (`x = 0`): compile-time constants in Warp, which cannot be passed to a
  /// wp.ref[T] parameter. The value is that number's expression.
  llvm::StringMap<Expr *> literalLocals;
  /// Locals bound to a view of a tile (`row = t[i]`, wp.tile_view): Warp
  /// writes through them into the source; Sema refuses writes to them.
  llvm::StringSet<> tileViewLocals;
  unsigned tidDims = 0;
  std::string symName;
  // Generics (lib/Frontend/Generics.cpp). A def with a `typing.Any` in a
  // parameter type is a template: its body is checked only in instances,
  // clones of it whose parameter types are the concrete types of a call.
  bool genericTemplate = false;
  FuncDef *templateOf = nullptr;    // an instance: its template
  std::vector<FuncDef *> instances; // a template: its instances so far
  /// A kernel: its typed @wp.overload stubs and wp.overload(k, types) calls
  /// (the call expressions), in source order.
  std::vector<FuncDef *> overloadStubs;
  std::vector<Expr *> overloadCalls;
  /// Where each overload call stands: its type names resolve there (a
  /// host loop's scope binds the loop variables; null: module level).
  std::vector<Scope *> overloadCallScopes;
};

struct FieldDef {
  llvm::StringRef name;
  llvm::SMLoc loc;
  Expr *annotation;
  const Type *type = nullptr;
};

struct StructDef : Node {
  llvm::StringRef name;
  llvm::SMLoc loc;
  std::vector<FieldDef> fields;
  Scope *scope = nullptr;
  std::string unsupported; // a member that is not an annotated field
  llvm::SMLoc unsupportedLoc;
  std::vector<Keyword> options; // @wp.struct(...) keywords
  std::string decoratorError;   // as in FuncDef
  llvm::SMLoc decoratorErrorLoc;
  StructDef *previousDef = nullptr, *nextDef = nullptr; // same name, same scope
  bool redefinitionReported = false;
  CheckState state = CheckState::Unchecked;
  const Type *type = nullptr;
};

struct ConstDef : Node {
  llvm::StringRef name;
  llvm::SMLoc loc;
  Expr *value;
  Scope *scope = nullptr;
  CheckState state = CheckState::Unchecked;
  // Sema: scalar constants are folded; `type` is null for Python numbers
  // (they adapt like literals) or the wp type they were built with.
  enum class Kind : uint8_t { Int, Float, Bool, Expr } ckind = Kind::Expr;
  /// Int: the exact value (Python's ints have no width) and, when it fits,
  /// the same as an int64_t (0 otherwise); Bool: ival is 0 or 1.
  PyInt exact;
  int64_t ival = 0;
  double fval = 0;
  const Type *type = nullptr;
  bool hostValue = false; // the value is host code, not a kernel constant
  bool raises = false;    // Python raises evaluating it (reported)
};

/// A name visible at module level or inside a function that holds Warp defs.
struct Symbol {
  enum Kind : uint8_t { Func, Struct, Const, WarpModule, WarpName, Other } kind = Other;
  FuncDef *func = nullptr;
  StructDef *structDef = nullptr;
  ConstDef *constDef = nullptr;
  llvm::StringRef warpName; // WarpName: `from warp import vec3 as v3` -> "vec3"
  /// Other: why the name has no compile-time value, when the parser knows
  /// ("a parameter of the enclosing function 'make'"); Sema reports it.
  std::string hostNote;
  /// Other: the module an `import NAME` / `import NAME as x` binds ("math").
  llvm::StringRef hostModule;
  /// Other: an imported Python module whose file kdsl read (Imports.cpp):
  /// its globals; `x.f` in kernel code is its `f`.
  Scope *moduleScope = nullptr;
  /// Other: bound by an import of a module whose source kdsl did not find
  /// (outside the source's package; Imports.cpp): the module, and the name
  /// imported from it (`from mod import name`; empty for `import mod as x`).
  /// Kernel code that uses the name gets an error saying so.
  llvm::StringRef missingModule, missingName;
  /// Other with moduleScope: a plain class (its attributes), not a module.
  bool isClass = false;
};

struct Scope : Node {
  Scope *parent = nullptr;
  llvm::StringMap<Symbol> symbols;
  const Symbol *lookup(llvm::StringRef name) const {
    for (const Scope *s = this; s; s = s->parent) {
      auto it = s->symbols.find(name);
      if (it != s->symbols.end())
        return &it->second;
    }
    return nullptr;
  }
};

//===----------------------------------------------------------------------===//
// Walking the tree
//===----------------------------------------------------------------------===//
//
// forEachChild names the children of one node; walk visits a whole subtree.
// The children are the syntax the parser built, in the order of the node's
// fields (a call's callee, its arguments, then its keyword values; a
// conditional expression's condition, then its two values; an assignment's
// targets, then its value). Null children (a slice's missing bound, `return`
// without a value) are left out. What Sema adds (CallExpr::boundArgs,
// BinaryExpr::userCall, ForStmt::start, ...) is not a child.

/// What a walk does after its pre-order callback: enter the node's children,
/// leave them out (Skip), or end the walk (Interrupt).
enum class WalkAction : uint8_t { Advance, Skip, Interrupt };

/// Calls `fn(Expr *&slot)` on each child of `e`; `fn` may replace the child.
template <typename Fn> void forEachChild(Expr *e, Fn &&fn) {
  auto one = [&](Expr *&c) {
    if (c)
      fn(c);
  };
  auto all = [&](auto &v) {
    for (Expr *&c : v)
      one(c);
  };
  switch (e->kind) {
  case ExprKind::Int:
  case ExprKind::Float:
  case ExprKind::Bool:
  case ExprKind::Name:
    return;
  case ExprKind::Attribute:
    return one(llvm::cast<AttributeExpr>(e)->base);
  case ExprKind::Subscript: {
    auto *s = llvm::cast<SubscriptExpr>(e);
    one(s->base);
    return all(s->indices);
  }
  case ExprKind::Call: {
    auto *c = llvm::cast<CallExpr>(e);
    one(c->callee);
    all(c->args);
    for (Keyword &kw : c->kwargs)
      one(kw.value);
    return;
  }
  case ExprKind::Binary: {
    auto *b = llvm::cast<BinaryExpr>(e);
    one(b->lhs);
    return one(b->rhs);
  }
  case ExprKind::Unary:
    return one(llvm::cast<UnaryExpr>(e)->operand);
  case ExprKind::Compare:
    return all(llvm::cast<CompareExpr>(e)->operands);
  case ExprKind::BoolOp:
    return all(llvm::cast<BoolOpExpr>(e)->operands);
  case ExprKind::IfExp: {
    auto *i = llvm::cast<IfExpExpr>(e);
    one(i->cond);
    one(i->thenExpr);
    return one(i->elseExpr);
  }
  case ExprKind::Tuple:
    return all(llvm::cast<TupleExpr>(e)->elts);
  case ExprKind::Unsupported: {
    auto *u = llvm::cast<UnsupportedExpr>(e);
    for (auto &[k, v] : u->dictItems)
      one(k), one(v);
    return all(u->listItems);
  }
  case ExprKind::Slice: {
    auto *s = llvm::cast<SliceExpr>(e);
    one(s->lower);
    one(s->upper);
    return one(s->step);
  }
  }
}

/// Calls `fn(const Expr *)` on each child of `e`.
template <typename Fn> void forEachChild(const Expr *e, Fn &&fn) {
  forEachChild(const_cast<Expr *>(e), [&](Expr *&c) { fn(static_cast<const Expr *>(c)); });
}

/// Calls `onExpr(Expr *&slot)` on each child expression of `s`, then
/// `onBody(Body &)` on each nested body (an if's then and else bodies, a
/// loop's body): a statement's expressions all come before its bodies.
template <typename ExprFn, typename BodyFn>
void forEachChild(Stmt *s, ExprFn &&onExpr, BodyFn &&onBody) {
  auto one = [&](Expr *&c) {
    if (c)
      onExpr(c);
  };
  switch (s->kind) {
  case StmtKind::Expr:
    return one(llvm::cast<ExprStmt>(s)->value);
  case StmtKind::Assign: {
    auto *a = llvm::cast<AssignStmt>(s);
    for (Expr *&t : a->targets)
      one(t);
    return one(a->value);
  }
  case StmtKind::AugAssign: {
    auto *a = llvm::cast<AugAssignStmt>(s);
    one(a->target);
    return one(a->value);
  }
  case StmtKind::AnnAssign: {
    auto *a = llvm::cast<AnnAssignStmt>(s);
    one(a->target);
    one(a->annotation);
    return one(a->value);
  }
  case StmtKind::If: {
    auto *i = llvm::cast<IfStmt>(s);
    one(i->cond);
    onBody(i->thenBody);
    return onBody(i->elseBody);
  }
  case StmtKind::For: {
    auto *f = llvm::cast<ForStmt>(s);
    one(f->target);
    one(f->iter);
    return onBody(f->body);
  }
  case StmtKind::While: {
    auto *w = llvm::cast<WhileStmt>(s);
    one(w->cond);
    return onBody(w->body);
  }
  case StmtKind::Return:
    return one(llvm::cast<ReturnStmt>(s)->value);
  case StmtKind::Assert: {
    auto *a = llvm::cast<AssertStmt>(s);
    one(a->test);
    return one(a->msg);
  }
  case StmtKind::Break:
  case StmtKind::Continue:
  case StmtKind::Pass:
  case StmtKind::Unsupported:
    return;
  }
}

/// Walks `e` and the expressions below it: `pre(x)` runs before x's
/// children (WalkAction::Skip leaves them out, Interrupt ends the walk) and
/// `post(x)` after them (also when they were skipped). Returns false when
/// the walk was interrupted. `x` is an `Expr *`, or a `const Expr *` when `e`
/// is one; a null `e` is an empty walk.
template <typename ExprT, typename Pre, typename Post> bool walk(ExprT *e, Pre &&pre, Post &&post) {
  static_assert(std::is_same_v<std::remove_const_t<ExprT>, Expr>, "walk takes an Expr");
  if (!e)
    return true;
  WalkAction action = pre(e);
  if (action == WalkAction::Interrupt)
    return false;
  if (action == WalkAction::Advance) {
    bool ok = true;
    forEachChild(e, [&](ExprT *c) { ok = ok && walk(c, pre, post); });
    if (!ok)
      return false;
  }
  post(e);
  return true;
}

/// walk(e, pre, post) without a post-order callback.
template <typename ExprT, typename Pre> bool walk(ExprT *e, Pre &&pre) {
  return walk(e, pre, [](ExprT *) {});
}

/// Walks the statements of `body` and everything in them, in source order:
/// `onStmt(s)` runs first (Skip leaves out s's expressions and bodies,
/// Interrupt ends the walk), then each expression of s is walked with `pre`
/// as in walk(Expr *, pre), then its nested bodies. Returns false when the
/// walk was interrupted.
template <typename StmtFn, typename Pre> bool walk(const Body &body, StmtFn &&onStmt, Pre &&pre) {
  for (Stmt *s : body) {
    WalkAction action = onStmt(s);
    if (action == WalkAction::Interrupt)
      return false;
    if (action == WalkAction::Skip)
      continue;
    bool ok = true;
    forEachChild(
        s, [&](Expr *e) { ok = ok && walk(e, pre); },
        [&](Body &b) { ok = ok && walk(b, onStmt, pre); });
    if (!ok)
      return false;
  }
  return true;
}

/// A parsed file: all Warp definitions in source order, and the arena.
struct ModuleAST {
  std::string filename;
  Scope *globals = nullptr;
  std::vector<FuncDef *> kernels;
  std::vector<FuncDef *> funcs;
  std::vector<StructDef *> structs;
  std::vector<ConstDef *> consts;

  /// Python modules this file imports whose source files kdsl reads
  /// (lib/Frontend/Imports.cpp): the root module owns them all, by path.
  ModuleAST *root = this;
  unsigned importDepth = 0;
  std::vector<std::unique_ptr<ModuleAST>> importedModules;
  llvm::StringMap<ModuleAST *> importCache;
  std::vector<std::string> includeDirs; // searched after the source's directory

  ModuleAST() = default;
  ModuleAST(const ModuleAST &) = delete;
  ModuleAST &operator=(const ModuleAST &) = delete;
  ~ModuleAST() {
    for (Node *n : nodes)
      n->~Node();
  }

  /// A copy of `s` that lives as long as the module (synthesized names).
  llvm::StringRef save(llvm::StringRef s) {
    char *p = alloc.Allocate<char>(s.size());
    std::copy(s.begin(), s.end(), p);
    return llvm::StringRef(p, s.size());
  }

  /// Nodes are bump-allocated; their destructors run with the module's.
  template <typename T, typename... Args> T *make(Args &&...args) {
    T *node = new (alloc.Allocate(sizeof(T), alignof(T))) T(std::forward<Args>(args)...);
    nodes.push_back(node);
    return node;
  }

private:
  llvm::BumpPtrAllocator alloc;
  std::vector<Node *> nodes;
};

} // namespace kdsl

#endif
