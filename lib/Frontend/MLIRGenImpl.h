//===- MLIRGenImpl.h - MLIRGen internals (private) -------------*- C++ -*-===//
#ifndef KDSL_LIB_FRONTEND_MLIRGENIMPL_H
#define KDSL_LIB_FRONTEND_MLIRGENIMPL_H

#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Frontend/MLIRGen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/SaveAndRestore.h"
#include <set>

namespace kdsl {

/// The struct field holding element `k` of a tuple value (MLIRGen::convertType).
inline std::string tupleField(size_t k) { return "f" + std::to_string(k); }

/// Integer division (`rem` false) or remainder of two integers or integer
/// vectors as Warp's C++ computes them: int8 and int16 operands promoted to
/// int32 first (MLIRGenIntegers.cpp).
mlir::Value genIntDivRem(mlir::OpBuilder &b, mlir::Location l, bool rem, bool isSigned,
                         mlir::Value x, mlir::Value y);
/// Integer `x ** y` (docs/language.md 7.2): an unsigned exponent is never
/// negative; 0 ** (negative) is 0 (MLIRGenIntegers.cpp).
mlir::Value genIntPow(mlir::OpBuilder &b, mlir::Location l, bool isSigned, mlir::Value x,
                      mlir::Value y);

/// An ordered set of local names (locals, and flags spelled with a leading '$').
using NameSet = std::set<llvm::StringRef>;

class MLIRGen {
public:
  MLIRGen(mlir::MLIRContext &ctx, ModuleAST &ast, Sema &sema, DiagEngine &diags)
      : ctx(ctx), b(&ctx), ast(ast), sema(sema), diags(diags) {}

  mlir::OwningOpRef<mlir::ModuleOp> run(llvm::ArrayRef<FuncDef *> funcs,
                                        llvm::ArrayRef<FuncDef *> kernels);

  // ---- state --------------------------------------------------------------
  mlir::MLIRContext &ctx;
  mlir::OpBuilder b;
  ModuleAST &ast;
  Sema &sema;
  DiagEngine &diags;
  mlir::ModuleOp module;
  mlir::StringAttr fileName;
  bool failed = false;
  FuncDef *fn = nullptr;
  llvm::StringMap<mlir::Value> env;
  unsigned loopDepth = 0;
  llvm::DenseMap<const StructDef *, mlir::Type> structTypes;
  const char *lastLocPtr = nullptr;
  /// The block the current statement is generated in (MLIRGenState.cpp).
  mlir::Block *stmtBlock = nullptr;
  mlir::Location lastLoc = mlir::UnknownLoc::get(&ctx);
  llvm::StringSet<> flagNames;
  llvm::StringRef flagCache[4][64];
  struct StmtInfo {
    NameSet assigned, reads;
    unsigned exits = 0; // ExitRet | ExitBrk | ExitCont, relative to the statement's loop
    bool computed = false;
  };
  llvm::DenseMap<const Stmt *, StmtInfo> infos;

  enum : unsigned { ExitRet = 1, ExitBrk = 2, ExitCont = 4 };

  // ---- helpers -------------------------------------------------------------
  mlir::Location loc(llvm::SMLoc l);
  void error(llvm::SMLoc l, const llvm::Twine &msg);
  /// A bug in kdsl, not in the source (DiagEngine::internalError).
  void internalError(llvm::SMLoc l, const llvm::Twine &msg);
  mlir::Type convertType(const Type *t);
  mlir::Value zeroValue(const Type *t, mlir::Location l);
  /// Element-wise copy between fixed-size arrays of one static shape.
  void copyFixedArray(mlir::Value from, mlir::Value to, llvm::ArrayRef<int64_t> shape,
                      mlir::Location l);
  mlir::Value constScalar(const Type *t, double f, int64_t i, mlir::Location l);
  mlir::Value convert(mlir::Value v, const Type *from, const Type *to, mlir::Location l);
  mlir::Value toI32(mlir::Value v, const Type *from, mlir::Location l);
  mlir::Value boolConst(bool v, mlir::Location l);
  /// An arith.constant at the insertion point (canonicalize/cse hoist and
  /// merge them; the front end keeps them next to their use).
  mlir::Value constant(mlir::TypedAttr value, mlir::Location l);
  mlir::Value notValue(mlir::Value v, mlir::Location l);
  llvm::StringRef flag(llvm::StringRef kind, unsigned depth);
  const Type *localType(llvm::StringRef name);
  /// Source text from `start` to the end of its call (the first bracket
  /// that closes) or, for a statement, to the end of its logical line.
  std::string sourceText(llvm::SMLoc start, bool wholeStatement = false);
  /// A decorator option's value as an attribute (MLIRGenOptions.cpp).
  mlir::Attribute optionAttr(const Expr *e);
  // Slices of vectors, quaternions and matrices (MLIRGenOptions.cpp).
  llvm::SmallVector<mlir::Value> genSliceIndices(const SubscriptExpr *s);
  /// a[1:3, i] of a wp.array: kdsl.array_slice (MLIRGenOptions.cpp).
  mlir::Value genArraySlice(const SubscriptExpr *s, mlir::Value array, mlir::Type result);
  mlir::Value sliceRead(const SubscriptExpr *s, mlir::Value base, llvm::ArrayRef<mlir::Value> idx,
                        mlir::Location l);
  llvm::SmallVector<llvm::SmallVector<mlir::OpFoldResult>>
  slicedPositions(const SubscriptExpr *s, llvm::ArrayRef<mlir::Value> idx, mlir::Location l);
  mlir::Value sliceWrite(const SubscriptExpr *s, mlir::Value base, llvm::ArrayRef<mlir::Value> idx,
                         mlir::Value v, mlir::Location l);
  /// Readable emission (lib/Target/Cpp): the source statements, as triples
  /// (first line, last line, text) that end up in the module's location
  /// (kdsl::kSourceStatementsTag), and NameLocs for values of locals.
  llvm::SmallVector<mlir::Attribute> stmtTable;
  const char *lastStmtPtr = nullptr;
  void recordStatement(const Stmt *s);
  /// Wraps the location of the op defining `v` (one result, not a constant,
  /// not named yet) in NameLoc(name); block arguments get it directly.
  void nameValue(mlir::Value v, llvm::StringRef name);
  /// The source name of a loop's state variable `name` (a flag's is made up).
  static llvm::StringRef stateName(llvm::StringRef name);

  // ---- analysis (MLIRGenAnalysis.cpp) -----------------------------------
  const StmtInfo &info(const Stmt *s, unsigned depth);
  void collectReads(const Expr *e, NameSet &out);
  /// Locals that prelude calls in `s` advance in place (MLIRGenState.cpp).
  void collectStateWrites(const Stmt *s, NameSet &out);
  /// Drops the new state from a prelude call's results and assigns it.
  void assignAdvancedState(const CallExpr *e, llvm::SmallVectorImpl<mlir::Value> &results);
  /// Locals read in one iteration of `body` (after `cond`) before the
  /// iteration assigns them; `loopVar` is assigned by the loop itself.
  NameSet exposedReads(const Body &body, unsigned depth, const Expr *cond,
                       llvm::StringRef loopVar = {});
  static void unite(NameSet &a, const NameSet &b);
  static bool contains(const NameSet &s, llvm::StringRef n);
  static llvm::StringRef rootLocal(const Expr *target);

  // ---- functions and statements -----------------------------------------
  void genKernel(FuncDef *f);
  void genFunc(FuncDef *f);
  // @wp.func_grad / @wp.func_replay (CustomGrad.cpp)
  NameSet initAdjointLocals(FuncDef *g, mlir::Location l);
  void customGradResults(FuncDef *g, llvm::SmallVectorImpl<mlir::Value> &results);
  void annotateCustomFunc(FuncDef *f, mlir::Operation *func);
  void genBody(const Body &body, const NameSet &liveOut);
  void genStmt(const Stmt *s, const NameSet &liveAfter);
  void genIf(const IfStmt *s, const NameSet &liveAfter);
  void genFor(const ForStmt *s, const NameSet &liveAfter);
  void genWhile(const WhileStmt *s, const NameSet &liveAfter);
  void genGuarded(mlir::Value cond, llvm::ArrayRef<Stmt *> rest, const NameSet &liveOut,
                  mlir::Location l);
  /// Names carried out of a region assigning `assigned`.
  NameSet carriedNames(const NameSet &assigned, const NameSet &live);
  bool materialize(const NameSet &names, mlir::Location l, llvm::SMLoc sl);
  llvm::SmallVector<mlir::Value> envValues(const NameSet &names);
  llvm::SmallVector<mlir::Type> envTypes(const NameSet &names);
  /// An assignment target with its index expressions evaluated once: a local
  /// or an array element, then component / row / field steps into it.
  struct LValue {
    llvm::StringRef local;
    mlir::Value array;
    llvm::SmallVector<mlir::Value> arrayIdx;
    struct Step {
      llvm::SmallVector<mlir::OpFoldResult> pos; // vector positions
      llvm::StringRef field;                     // or a struct field
      int transformPart = -1;                    // or a transform's .p (0) / .q (1)
      const SubscriptExpr *tile = nullptr;       // or a tile's element / view
      llvm::SmallVector<mlir::Value> tileIdx;    // its indices or view starts
      llvm::SmallVector<int64_t> tileSteps;      // a view's steps
    };
    llvm::SmallVector<Step> steps;
    const SubscriptExpr *slice = nullptr;    // a vector/matrix slice, after the steps
    llvm::SmallVector<mlir::Value> sliceIdx; // its plain indices (null for slices)
  };
  bool resolveLValue(const Expr *target, LValue &lv);
  mlir::Value readLValue(const LValue &lv, mlir::Location l);
  void writeLValue(const LValue &lv, mlir::Value v, mlir::Location l);
  void assignTo(const Expr *target, mlir::Value v);

  // ---- expressions (MLIRGenExpr.cpp) ------------------------------------
  mlir::Value genExpr(const Expr *e);
  mlir::Value genExprUnmarked(const Expr *e);
  llvm::SmallVector<mlir::Value> genMulti(const Expr *e);
  mlir::Value genCond(const Expr *e);
  mlir::Value genBinaryOp(BinOp op, mlir::Value a, const Type *ta, mlir::Value c, const Type *tc,
                          const Type *result, mlir::Location l);
  /// A kdsl.tile_map over `tiles` of the tile type `result`, whose region
  /// computes `element` of the tiles' elements (the block arguments).
  mlir::Value genTileMap(mlir::ValueRange tiles, const Type *result, mlir::Location l,
                         llvm::function_ref<mlir::Value(mlir::ValueRange)> element);
  /// Inside a wp.tile_map region: the element each placeholder of the
  /// element call (CallExpr::elementCall) stands for.
  llvm::DenseMap<const Expr *, mlir::Value> tileElements;
  mlir::Value genTileBinary(BinOp op, mlir::Value a, const Type *ta, mlir::Value c, const Type *tc,
                            const Type *result, mlir::Location l);
  /// a + c or a - c of two values of struct type `st` (tiles of structs,
  /// Warp 1.16): field by field, nested structs too; fields that are no
  /// number of 32 bits or more nor a float (bool, int8, int16, arrays) are
  /// carried from `a`.
  mlir::Value structArith(BinOp op, mlir::Value a, mlir::Value c, const Type *st, mlir::Location l);
  /// The i32 starts of a TileView subscript (a negative run-time start
  /// counts from the end of its dimension, as NumPy's); its steps in `steps`.
  llvm::SmallVector<mlir::Value> genTileViewStarts(const SubscriptExpr *view,
                                                   llvm::SmallVectorImpl<int64_t> &steps,
                                                   mlir::Location l);
  mlir::Value genCompare(const CompareExpr *e);
  mlir::Value genBoolOp(const BoolOpExpr *e);
  mlir::Value genIfExp(const IfExpExpr *e);
  mlir::Value genCall(const CallExpr *e);
  llvm::SmallVector<mlir::Value> genFuncCall(const CallExpr *e);
  llvm::SmallVector<mlir::Value> genGradCall(const CallExpr *e, llvm::ArrayRef<mlir::Value> args);
  mlir::Value genTypeCtor(const CallExpr *e);
  mlir::Value genBuiltin(const CallExpr *e);
  mlir::Value genAtomic(AtomicKind kind, mlir::Value array, llvm::ArrayRef<mlir::Value> idx,
                        mlir::Value v, mlir::Location l);
  llvm::SmallVector<mlir::Value> genIndices(llvm::ArrayRef<Expr *> indices);
  /// The position of index `k` (an int32 value) of `s`, a subscript of a
  /// vector, quaternion or matrix: a constant index in range is a static
  /// position, any other a kdsl.component_index (negative indices count from
  /// the end, as in Warp 1.16; out of range is a bounds error with checks).
  mlir::OpFoldResult componentPosition(const SubscriptExpr *s, unsigned k, mlir::Value idx,
                                       mlir::Location l);
  llvm::SmallVector<mlir::OpFoldResult>
  componentPositions(const SubscriptExpr *s, llvm::ArrayRef<mlir::Value> idx, mlir::Location l);
  // ---- wp.indexedarray (a struct of arrays: kdsl/Dialect/IndexedArray.h) ---
  /// The array that `array[idx]` addresses: for an indexed array its data
  /// array, with `idx` remapped through the index arrays; else `array`.
  mlir::Value indexedElement(mlir::Value array, llvm::SmallVectorImpl<mlir::Value> &idx,
                             mlir::Location l);
  /// `array.shape[d]` of an array or indexed array.
  mlir::Value arrayShape(mlir::Value array, unsigned d, mlir::Location l);
  /// `array[idx]` with fewer indices than dimensions (of type `result`).
  mlir::Value arrayView(mlir::Value array, llvm::ArrayRef<mlir::Value> idx, mlir::Type result,
                        mlir::Location l);
  mlir::Value splat(mlir::Value scalar, mlir::Type vecType, mlir::Location l);
  mlir::Value minMax(bool isMax, mlir::Value a, mlir::Value c, const Type *t, mlir::Location l);
  mlir::Value allTrue(mlir::Value v, mlir::Location l);
  bool isCheap(const Expr *e);
};

} // namespace kdsl

#endif
