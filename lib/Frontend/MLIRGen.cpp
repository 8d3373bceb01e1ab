//===- MLIRGen.cpp - functions, statements and control flow ---------------===//
#include "BuiltinLoweringSpatial.h"
#include "MLIRGenImpl.h"
#include "kdsl/Dialect/IndexedArray.h"
#include "kdsl/Dialect/SourceNames.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace kdsl;
using namespace mlir;
using llvm::SMLoc;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

Location MLIRGen::loc(SMLoc l) {
  // Consecutive ops mostly share their source position.
  const char *ptr = l.getPointer();
  if (ptr == lastLocPtr)
    return lastLoc;
  lastLocPtr = ptr;
  lastLoc = diags.getLocation(l);
  // Nodes the front end synthesizes have no position: file:0:0.
  if (isa<UnknownLoc>(lastLoc))
    lastLoc = FileLineColLoc::get(fileName, 0, 0);
  return lastLoc;
}

void MLIRGen::error(SMLoc l, const llvm::Twine &msg) {
  if (!failed)
    diags.error(l, msg);
  failed = true;
}

void MLIRGen::internalError(SMLoc l, const llvm::Twine &msg) {
  if (!failed)
    diags.internalError(l, msg);
  failed = true;
}

mlir::Type MLIRGen::convertType(const kdsl::Type *t) {
  auto scalar = [&](Scalar s) -> mlir::Type {
    switch (s) {
    case Scalar::Bool:
      return b.getI1Type();
    case Scalar::I8:
    case Scalar::U8:
      return b.getI8Type();
    case Scalar::I16:
    case Scalar::U16:
      return b.getI16Type();
    case Scalar::I32:
    case Scalar::U32:
      return b.getI32Type();
    case Scalar::I64:
    case Scalar::U64:
      return b.getI64Type();
    case Scalar::F16:
      return b.getF16Type();
    case Scalar::F32:
      return b.getF32Type();
    case Scalar::F64:
      return b.getF64Type();
    case Scalar::BF16:
      return b.getBF16Type();
    }
    return {};
  };
  switch (t->kind) {
  case kdsl::Type::Scalar:
    return scalar(t->scalar);
  case kdsl::Type::IntLit:
    return b.getI32Type();
  case kdsl::Type::FloatLit:
    return b.getF32Type();
  case kdsl::Type::Vec:
    return VectorType::get({t->rows}, scalar(t->scalar));
  case kdsl::Type::Quat:
    return VectorType::get({4}, scalar(t->scalar));
  case kdsl::Type::Mat:
    return VectorType::get({t->rows, t->cols}, scalar(t->scalar));
  case kdsl::Type::Array:
    if (t->indexed)
      return getIndexedArrayType(&ctx, convertType(t->dtype), t->ndim, t->dtype->str());
    return ArrayType::get(&ctx, convertType(t->dtype), t->ndim);
  case kdsl::Type::TileStack:
    return TileStackType::get(&ctx, t->fixedShape[0], convertType(t->dtype));
  case kdsl::Type::Tile: {
    // -1: the block dimension (wp.tile(x)), ? in the tile type.
    SmallVector<int64_t> shape(t->fixedShape.begin(), t->fixedShape.end());
    for (int64_t &d : shape)
      d = d < 0 ? ShapedType::kDynamic : d;
    return TileType::get(&ctx, shape, convertType(t->dtype));
  }
  case kdsl::Type::Struct: {
    auto it = structTypes.find(t->structDef);
    if (it != structTypes.end())
      return it->second;
    SmallVector<StringAttr> names;
    SmallVector<mlir::Type> types;
    for (const FieldDef &f : t->structDef->fields) {
      names.push_back(b.getStringAttr(f.name));
      types.push_back(convertType(f.type));
    }
    if (names.empty()) { // a struct without fields holds one byte, as Warp's `char _dummy_;`
      names.push_back(b.getStringAttr("_dummy_"));
      types.push_back(b.getI8Type());
    }
    mlir::Type st = StructType::get(&ctx, t->structDef->name, names, types);
    structTypes[t->structDef] = st;
    return st;
  }
  case kdsl::Type::Tuple: {
    // A tuple value is a struct named after its element types, fields f0, f1, ...
    SmallVector<StringAttr> names;
    SmallVector<mlir::Type> types;
    std::string name = "tuple";
    for (auto [k, et] : llvm::enumerate(t->elems)) {
      names.push_back(b.getStringAttr(tupleField(k)));
      types.push_back(convertType(et));
      if (!types.back())
        return {};
      name += "_";
      for (char c : et->str()) // an identifier: (vec3f, Particle) -> tuple_vec3f_Particle
        if (std::isalnum((unsigned char)c))
          name += c;
        else if (name.back() != '_')
          name += '_';
      while (name.back() == '_')
        name.pop_back();
    }
    return StructType::get(&ctx, name, names, types);
  }
  default:
    return {};
  }
}

mlir::Value MLIRGen::constScalar(const kdsl::Type *t, double f, int64_t i, Location l) {
  mlir::Type mt = convertType(t);
  if (auto ft = dyn_cast<FloatType>(mt)) {
    // Warp spells a bfloat16 constant bfloat16(float(c)): rounded to float32 first.
    if (ft.isBF16())
      f = double(float(f));
    return constant(b.getFloatAttr(ft, f), l);
  }
  return constant(b.getIntegerAttr(mt, i), l);
}

mlir::Value MLIRGen::constant(TypedAttr value, Location l) {
  return arith::ConstantOp::create(b, l, value);
}

mlir::Value MLIRGen::boolConst(bool v, Location l) { return constant(b.getBoolAttr(v), l); }

mlir::Value MLIRGen::notValue(mlir::Value v, Location l) {
  return arith::XOrIOp::create(b, l, v, boolConst(true, l));
}

mlir::Value MLIRGen::zeroValue(const kdsl::Type *t, Location l) {
  mlir::Type mt = convertType(t);
  if (auto vt = dyn_cast<VectorType>(mt))
    return constant(cast<TypedAttr>(b.getZeroAttr(vt)), l);
  if (t->kind == kdsl::Type::Struct || t->kind == kdsl::Type::Tuple) {
    SmallVector<mlir::Value> fields;
    if (t->kind == kdsl::Type::Tuple)
      for (const kdsl::Type *et : t->elems)
        fields.push_back(zeroValue(et, l));
    else
      for (const FieldDef &f : t->structDef->fields)
        fields.push_back(zeroValue(f.type, l));
    if (t->kind == kdsl::Type::Struct && t->structDef->fields.empty())
      fields.push_back(constant(b.getI8IntegerAttr(0), l)); // _dummy_ (convertType)
    if (llvm::is_contained(fields, mlir::Value()))
      return {};
    return StructCreateOp::create(b, l, mt, fields);
  }
  if (auto st = dyn_cast<StructType>(mt); st && t->isIndexedArray()) {
    SmallVector<mlir::Value> fields; // data and index arrays all None
    for (mlir::Type f : st.getFieldTypes())
      fields.push_back(NullArrayOp::create(b, l, f));
    return StructCreateOp::create(b, l, mt, fields);
  }
  if (t->kind == kdsl::Type::Array)
    return NullArrayOp::create(b, l, mt); // Warp's None array
  if (t->isTile()) { // a tile of zeros (a local assigned in some branches only)
    mlir::Value e = zeroValue(t->dtype, l);
    return e ? (mlir::Value)TileSplatOp::create(b, l, mt, e) : mlir::Value();
  }
  return constant(cast<TypedAttr>(b.getZeroAttr(mt)), l);
}

mlir::Value MLIRGen::convert(mlir::Value v, const kdsl::Type *from, const kdsl::Type *to,
                             Location l) {
  if (from == to)
    return v;
  Scalar fs = from->scalar, ts = to->scalar;
  if (from->isLiteral() || to->isLiteral())
    return v;
  mlir::Type target = convertType(to);
  if (fs == ts)
    return v;
  // Warp converts to and from bfloat16 only through float32 (its bfloat16 is
  // constructed from a float and converts to one): float64, integers and
  // bool are rounded to float32 first, and float16 <-> bfloat16 goes through
  // float32 both ways.
  if ((ts == Scalar::BF16 && fs != Scalar::F32) || (fs == Scalar::BF16 && ts == Scalar::F16)) {
    kdsl::Type f32Proto = *to;
    f32Proto.scalar = Scalar::F32;
    mlir::Type f32 = b.getF32Type();
    if (auto vt = dyn_cast<VectorType>(target))
      f32 = vt.clone(f32);
    mlir::Value wide = fs == Scalar::BF16 ? (mlir::Value)arith::ExtFOp::create(b, l, f32, v)
                                          : convert(v, from, &f32Proto, l);
    return arith::TruncFOp::create(b, l, target, wide);
  }
  if (ts == Scalar::Bool) {
    mlir::Value zero = zeroValue(from, l);
    if (isFloat(fs))
      return arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNE, v, zero);
    return arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, v, zero);
  }
  if (fs == Scalar::Bool) {
    if (isFloat(ts))
      return arith::UIToFPOp::create(b, l, target, v);
    return arith::ExtUIOp::create(b, l, target, v);
  }
  unsigned fw = bitWidth(fs), tw = bitWidth(ts);
  if (isFloat(fs) && isFloat(ts))
    return fw < tw ? (mlir::Value)arith::ExtFOp::create(b, l, target, v)
                   : (mlir::Value)arith::TruncFOp::create(b, l, target, v);
  if (isFloat(fs))
    return isSigned(ts) ? (mlir::Value)arith::FPToSIOp::create(b, l, target, v)
                        : (mlir::Value)arith::FPToUIOp::create(b, l, target, v);
  if (isFloat(ts))
    return isSigned(fs) ? (mlir::Value)arith::SIToFPOp::create(b, l, target, v)
                        : (mlir::Value)arith::UIToFPOp::create(b, l, target, v);
  if (fw == tw)
    return v;
  if (fw > tw)
    return arith::TruncIOp::create(b, l, target, v);
  return isSigned(fs) ? (mlir::Value)arith::ExtSIOp::create(b, l, target, v)
                      : (mlir::Value)arith::ExtUIOp::create(b, l, target, v);
}

mlir::Value MLIRGen::toI32(mlir::Value v, const kdsl::Type *from, Location l) {
  if (v.getType().isInteger(32))
    return v;
  unsigned w = v.getType().getIntOrFloatBitWidth();
  if (w > 32)
    return arith::TruncIOp::create(b, l, b.getI32Type(), v);
  if (from && from->isScalar() && !isSigned(from->scalar))
    return arith::ExtUIOp::create(b, l, b.getI32Type(), v);
  return arith::ExtSIOp::create(b, l, b.getI32Type(), v);
}

const kdsl::Type *MLIRGen::localType(StringRef name) {
  auto it = fn->locals.find(name);
  return it == fn->locals.end() ? nullptr : it->second;
}

/// The source text of the call or statement starting at `start`, up to its
/// balanced closing bracket or the end of the line.
std::string MLIRGen::sourceText(SMLoc start, bool wholeStatement) {
  const char *p = start.getPointer();
  const char *end =
      diags.getSourceMgr().getMemoryBuffer(diags.getSourceMgr().getMainFileID())->getBufferEnd();
  int depth = 0;
  std::string out;
  for (; p < end && out.size() < 200; ++p) {
    char c = *p;
    if (c == '\n' && depth == 0)
      break;
    if (c == '(' || c == '[')
      ++depth;
    if (c == ')' || c == ']') {
      --depth;
      if (depth == 0 && !wholeStatement) {
        out.push_back(c);
        break;
      }
    }
    if (c != '\n' && c != '\r')
      out.push_back(c);
  }
  return StringRef(out).rtrim().str();
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

/// Erases side-effect-free ops whose results are unused, innermost first, so
/// that an op is only erased after everything nested in it was visited.
static void eraseDeadOps(Block &block) {
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block))) {
    for (Region &r : op.getRegions())
      for (Block &b : r)
        eraseDeadOps(b);
    if (isOpTriviallyDead(&op))
      op.erase();
  }
}

void MLIRGen::recordStatement(const Stmt *s) {
  const char *start = s->loc.getPointer();
  if (!start || (stmtTable.size() >= 3 && start == lastStmtPtr))
    return;
  lastStmtPtr = start;
  Location l = loc(s->loc);
  auto pos = dyn_cast<FileLineColLoc>(l);
  if (!pos || pos.getLine() == 0)
    return;
  // The logical line (a compound statement: its header), whitespace runs
  // after line breaks collapsed.
  const char *end =
      diags.getSourceMgr().getMemoryBuffer(diags.getSourceMgr().getMainFileID())->getBufferEnd();
  int depth = 0;
  unsigned last = pos.getLine();
  // The whole statement is scanned (its last line counts); its text is kept
  // to 160 characters, and " ..." marks a cut.
  std::string text;
  bool cut = false;
  for (const char *p = start; p < end; ++p) {
    char c = *p;
    if (c == '\n' && depth == 0)
      break;
    if (c == '(' || c == '[' || c == '{')
      ++depth;
    if ((c == ')' || c == ']' || c == '}') && depth > 0)
      --depth;
    if (c == '\n') {
      ++last;
      while (!text.empty() && text.back() == ' ')
        text.pop_back();
      text.push_back(' ');
      while (p + 1 < end && (p[1] == ' ' || p[1] == '\t'))
        ++p;
      continue;
    }
    if (text.size() >= 160)
      cut = true;
    else if (c != '\r')
      text.push_back(c == '\t' ? ' ' : c);
  }
  text = StringRef(text).rtrim(" \\").str();
  if (text.empty())
    return;
  if (cut)
    text += " ...";
  StringRef t = text;
  stmtTable.push_back(b.getI32IntegerAttr(pos.getLine()));
  stmtTable.push_back(b.getI32IntegerAttr(last));
  stmtTable.push_back(b.getStringAttr(t));
}

StringRef MLIRGen::stateName(StringRef name) {
  // The structured lowering's flags ($brk1, $ret0) and a function's return
  // value ($rv0) carried by a loop, with the names a person gives them.
  if (name.starts_with("$brk"))
    return "done";
  if (name.starts_with("$ret"))
    return "returned";
  if (name.starts_with("$rv"))
    return "result";
  return name;
}

void MLIRGen::nameValue(mlir::Value v, StringRef name) {
  if (!v || name.empty() || name.starts_with("$"))
    return;
  // Sema's own locals, named so that they cannot clash with a user's: `a.1`
  // (an array local rebound with another ndim) is the user's `a`;
  // `index.query` (the query a `for index in ...` loop advances) reads as
  // `query` (the targets make each name unique).
  auto [base, tail] = name.rsplit('.');
  unsigned n;
  if (!tail.empty())
    name = tail.getAsInteger(10, n) ? tail : base;
  setSourceName(v, name);
}

OwningOpRef<ModuleOp> MLIRGen::run(ArrayRef<FuncDef *> funcs, ArrayRef<FuncDef *> kernels) {
  fileName = b.getStringAttr(ast.filename);
  module = ModuleOp::create(FileLineColLoc::get(fileName, 1, 1));
  OwningOpRef<ModuleOp> owned(module);
  for (FuncDef *f : funcs) {
    genFunc(f);
    if (failed)
      return nullptr;
  }
  for (FuncDef *k : kernels) {
    genKernel(k);
    if (failed)
      return nullptr;
  }
  // Drop values the structured lowering made but nothing uses (flags of a
  // trailing return, zero initializers of dead paths).
  eraseDeadOps(*module.getBody());
  // The statements' text, for the comments of the C++/CUDA C emission
  // (kdsl/Dialect/SourceNames.h); printed only with --mlir-print-debuginfo.
  if (!stmtTable.empty())
    module->setLoc(FusedLoc::get(&ctx, {module->getLoc()}, b.getArrayAttr(stmtTable)));
  return owned;
}

static bool containsReturn(const Body &body) {
  for (const Stmt *s : body) {
    switch (s->kind) {
    case StmtKind::Return:
      return true;
    case StmtKind::If: {
      auto *i = llvm::cast<IfStmt>(s);
      if (containsReturn(i->thenBody) || containsReturn(i->elseBody))
        return true;
      break;
    }
    case StmtKind::For:
      if (containsReturn(llvm::cast<ForStmt>(s)->body))
        return true;
      break;
    case StmtKind::While:
      if (containsReturn(llvm::cast<WhileStmt>(s)->body))
        return true;
      break;
    default:
      break;
    }
  }
  return false;
}

void MLIRGen::genKernel(FuncDef *f) {
  fn = f;
  env.clear();
  infos.clear();
  loopDepth = 0;
  SmallVector<mlir::Type> argTypes;
  SmallVector<StringRef> argNames;
  for (const Param &p : f->params) {
    argTypes.push_back(convertType(p.type));
    argNames.push_back(p.name);
  }
  Location l = loc(f->loc);
  b.setInsertionPointToEnd(module.getBody());
  auto kernel = KernelOp::create(b, l, f->symName, b.getFunctionType(argTypes, {}), argNames);
  if (!f->enableBackward)
    kernel.setEnableBackward(false);
  SmallVector<NamedAttribute> opts;
  for (const Keyword &kw : f->options) {
    if (kw.name == "enable_backward")
      continue;
    opts.push_back(b.getNamedAttr(kw.name, optionAttr(kw.value)));
  }
  if (!opts.empty())
    kernel.setOptionsAttr(b.getDictionaryAttr(opts));
  Block *entry = new Block();
  kernel.getBody().push_back(entry);
  for (auto [i, p] : llvm::enumerate(f->params))
    env[p.name] = entry->addArgument(argTypes[i], loc(p.loc));
  b.setInsertionPointToStart(entry);
  if (containsReturn(f->body))
    env[flag("ret", 0)] = boolConst(false, l);
  genBody(f->body, {});
  if (failed)
    return;
  b.setInsertionPointToEnd(entry);
  ReturnOp::create(b, l);
}

/// Copies every element of the fixed-size array `from` into `to` (same
/// static `shape`): nested scf.for loops of kdsl.load / kdsl.store.
void MLIRGen::copyFixedArray(mlir::Value from, mlir::Value to, ArrayRef<int64_t> shape,
                             Location l) {
  SmallVector<mlir::Value, 4> idx;
  std::function<void(size_t)> level = [&](size_t d) {
    if (d == shape.size()) {
      mlir::Value v = LoadOp::create(b, l, from, idx);
      StoreOp::create(b, l, v, to, idx);
      return;
    }
    mlir::Value lb = constant(b.getI32IntegerAttr(0), l),
                ub = constant(b.getI32IntegerAttr(shape[d]), l),
                st = constant(b.getI32IntegerAttr(1), l);
    auto loop = scf::ForOp::create(b, l, lb, ub, st);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    idx.push_back(loop.getInductionVar());
    level(d + 1);
    idx.pop_back();
  };
  level(0);
}

void MLIRGen::genFunc(FuncDef *f) {
  fn = f;
  env.clear();
  infos.clear();
  loopDepth = 0;
  // A wp.Function parameter has no value (the instance calls its function);
  // a wp.ref[T] parameter's final value is an extra result, after the
  // func's own (SemaFuncParams.cpp).
  SmallVector<mlir::Type> argTypes, resultTypes;
  SmallVector<const Param *> valueParams;
  NameSet refParams;
  for (const Param &p : f->params)
    if (p.type->kind != kdsl::Type::Function) {
      argTypes.push_back(convertType(p.type));
      valueParams.push_back(&p);
    }
  for (const kdsl::Type *t : f->resultTypes)
    resultTypes.push_back(convertType(t));
  // A fixed-size array result is returned by value: the caller passes
  // storage of its own (an extra argument after the parameters), which the
  // func fills with the returned array and returns.
  for (const kdsl::Type *t : f->resultTypes)
    if (t->isFixedArray())
      argTypes.push_back(convertType(t));
  for (const Param &p : f->params)
    if (p.isRef) {
      resultTypes.push_back(convertType(p.type));
      refParams.insert(p.name);
    }
  Location l = loc(f->loc);
  b.setInsertionPointToEnd(module.getBody());
  auto func = func::FuncOp::create(b, l, f->symName, b.getFunctionType(argTypes, resultTypes));
  func.setPrivate();
  SmallVector<Attribute> names;
  for (const Param *p : valueParams)
    names.push_back(b.getStringAttr(p->name));
  for (const kdsl::Type *t : f->resultTypes)
    if (t->isFixedArray())
      names.push_back(b.getStringAttr("result_storage"));
  func->setAttr("kdsl.arg_names", b.getArrayAttr(names));
  annotateCustomFunc(f, func);
  Block *entry = func.addEntryBlock();
  for (auto [i, p] : llvm::enumerate(valueParams))
    env[p->name] = entry->getArgument(i);
  b.setInsertionPointToStart(entry);
  // Return values live in $rv<k> locals; they need an initial value only when
  // some return sits inside control flow (Sema guarantees every path returns).
  Body prefix(f->body.begin(), f->body.empty() ? f->body.end() : f->body.end() - 1);
  bool nestedReturn =
      containsReturn(prefix) ||
      (!f->body.empty() && f->body.back()->kind != StmtKind::Return && containsReturn(f->body));
  if (nestedReturn) {
    env[flag("ret", 0)] = boolConst(false, l);
    for (auto [k, t] : llvm::enumerate(f->resultTypes)) {
      env[flag("rv", k)] = zeroValue(t, l);
    }
  }
  // A custom gradient's adjoint locals are its results (live at the end).
  genBody(f->body, f->gradOf ? initAdjointLocals(f, l) : refParams);
  if (failed)
    return;
  b.setInsertionPointToEnd(entry);
  SmallVector<mlir::Value> results;
  if (f->gradOf)
    customGradResults(f, results);
  unsigned storageArg = valueParams.size();
  for (unsigned k = 0; !f->gradOf && k < f->resultTypes.size(); ++k) {
    mlir::Value rv = env.lookup(flag("rv", k));
    if (f->resultTypes[k]->isFixedArray()) {
      mlir::Value storage = entry->getArgument(storageArg++);
      copyFixedArray(rv, storage, f->resultTypes[k]->fixedShape, l);
      rv = storage;
    }
    results.push_back(rv);
  }
  for (const Param &p : f->params)
    if (p.isRef)
      results.push_back(env.lookup(p.name));
  func::ReturnOp::create(b, l, results);
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

NameSet MLIRGen::carriedNames(const NameSet &assigned, const NameSet &live) {
  NameSet out;
  for (StringRef n : assigned)
    if (n.starts_with("$") || live.count(n))
      out.insert(n);
  return out;
}

bool MLIRGen::materialize(const NameSet &names, Location l, SMLoc sl) {
  for (StringRef n : names) {
    if (env.count(n))
      continue;
    if (n.starts_with("$")) {
      env[n] = boolConst(false, l);
      continue;
    }
    const kdsl::Type *t = localType(n);
    mlir::Value z = t ? zeroValue(t, l) : mlir::Value();
    if (!z) {
      error(sl, "variable '" + n + "' may be used before it is assigned");
      return false;
    }
    env[n] = z;
  }
  return true;
}

SmallVector<mlir::Value> MLIRGen::envValues(const NameSet &names) {
  SmallVector<mlir::Value> v;
  for (StringRef n : names)
    v.push_back(env.lookup(n));
  return v;
}

SmallVector<mlir::Type> MLIRGen::envTypes(const NameSet &names) {
  SmallVector<mlir::Type> t;
  for (StringRef n : names)
    t.push_back(env.lookup(n).getType());
  return t;
}

/// Whether genStmt reads its `liveAfter` (the names it may carry out).
static bool readsLiveAfter(const Stmt *s) {
  return s->kind == StmtKind::If || s->kind == StmtKind::For || s->kind == StmtKind::While;
}

void MLIRGen::genBody(const Body &body, const NameSet &liveOut) {
  size_t n = body.size();
  // liveAfter[i]: names read by body[i+1..] or after the body, kept only for
  // the statements that read it: a copy after every statement would make a
  // long straight-line body quadratic (issue 26, finding 19).
  std::vector<NameSet> liveAfter(n);
  NameSet live = liveOut;
  for (size_t i = n; i-- > 0;) {
    if (readsLiveAfter(body[i]))
      liveAfter[i] = live;
    unite(live, info(body[i], loopDepth).reads);
  }
  for (size_t i = 0; i < n && !failed; ++i) {
    genStmt(body[i], liveAfter[i]);
    if (failed)
      return;
    unsigned exits = info(body[i], loopDepth).exits;
    if (!exits || i + 1 == n)
      continue;
    // The rest of the block runs only if no flag set by body[i] is raised.
    Location l = loc(body[i]->loc);
    mlir::Value stop;
    auto orFlag = [&](StringRef name) {
      mlir::Value v = env.lookup(name);
      if (!v)
        return;
      stop = stop ? (mlir::Value)arith::OrIOp::create(b, l, stop, v) : v;
    };
    if (exits & ExitRet)
      orFlag(flag("ret", 0));
    if (exits & ExitBrk)
      orFlag(flag("brk", loopDepth));
    if (exits & ExitCont)
      orFlag(flag("cont", loopDepth));
    if (!stop)
      continue;
    genGuarded(notValue(stop, l), ArrayRef<Stmt *>(body).drop_front(i + 1), liveOut, l);
    return;
  }
}

void MLIRGen::genGuarded(mlir::Value cond, ArrayRef<Stmt *> rest, const NameSet &liveOut,
                         Location l) {
  NameSet assigned;
  for (const Stmt *s : rest)
    unite(assigned, info(s, loopDepth).assigned);
  NameSet carried = carriedNames(assigned, liveOut);
  if (!materialize(carried, l, rest.front()->loc))
    return;
  auto ifOp = scf::IfOp::create(b, l, envTypes(carried), cond, /*withElse=*/!carried.empty());
  llvm::StringMap<mlir::Value> saved = env;
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  Body restBody(rest.begin(), rest.end());
  genBody(restBody, liveOut);
  if (failed)
    return;
  if (!carried.empty()) {
    b.setInsertionPointToEnd(&ifOp.getThenRegion().front());
    scf::YieldOp::create(b, l, envValues(carried));
    env = saved;
    b.setInsertionPointToStart(&ifOp.getElseRegion().front());
    scf::YieldOp::create(b, l, envValues(carried));
  }
  env = saved;
  for (auto [i, n] : llvm::enumerate(carried))
    env[n] = ifOp.getResult(i);
  b.setInsertionPointAfter(ifOp);
}

void MLIRGen::genIf(const IfStmt *s, const NameSet &liveAfter) {
  Location l = loc(s->loc);
  mlir::Value cond = genCond(s->cond);
  if (failed)
    return;
  NameSet carried = carriedNames(info(s, loopDepth).assigned, liveAfter);
  if (!materialize(carried, l, s->loc))
    return;
  bool hasElse = !s->elseBody.empty() || !carried.empty();
  auto ifOp = scf::IfOp::create(b, l, envTypes(carried), cond, hasElse);
  llvm::StringMap<mlir::Value> saved = env;
  auto genBranch = [&](Region &region, const Body &body) {
    b.setInsertionPointToStart(&region.front());
    genBody(body, liveAfter);
    if (failed)
      return;
    b.setInsertionPointToEnd(&region.front());
    if (!carried.empty())
      scf::YieldOp::create(b, l, envValues(carried));
    env = saved;
  };
  genBranch(ifOp.getThenRegion(), s->thenBody);
  if (hasElse && !failed)
    genBranch(ifOp.getElseRegion(), s->elseBody);
  if (failed)
    return;
  for (auto [i, n] : llvm::enumerate(carried))
    env[n] = ifOp.getResult(i);
  b.setInsertionPointAfter(ifOp);
}

static bool bodyHasExit(MLIRGen &g, const Body &body, unsigned depth, unsigned mask) {
  for (const Stmt *s : body)
    if (g.info(s, depth).exits & mask)
      return true;
  return false;
}

/// The number of iterations of range(start, stop, step), as Python defines
/// it (Warp: a zero step runs none); `stepConst` is the step when known.
static mlir::Value rangeTripCount(OpBuilder &b, Location l, mlir::Value start, mlir::Value stop,
                                  mlir::Value step, std::optional<int64_t> stepConst,
                                  bool isUnsigned, mlir::Value zero, mlir::Value one) {
  auto countFor = [&](bool positive, mlir::Value step) -> mlir::Value {
    mlir::Value hi = positive ? stop : start, lo = positive ? start : stop;
    mlir::Value mag = positive ? step : (mlir::Value)arith::SubIOp::create(b, l, zero, step);
    mlir::Value span = arith::SubIOp::create(b, l, hi, lo);
    mlir::Value num = arith::AddIOp::create(b, l, span, arith::SubIOp::create(b, l, mag, one));
    mlir::Value q = isUnsigned ? (mlir::Value)arith::DivUIOp::create(b, l, num, mag)
                               : (mlir::Value)arith::DivSIOp::create(b, l, num, mag);
    mlir::Value nonEmpty = arith::CmpIOp::create(
        b, l, isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt, hi, lo);
    return arith::SelectOp::create(b, l, nonEmpty, q, zero);
  };
  if (stepConst && *stepConst == 0)
    return zero;
  if (stepConst)
    return countFor(*stepConst > 0, step);
  // Unknown sign: count with |step| (1 when step == 0, then force 0 trips).
  mlir::Value isZero = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, step, zero);
  mlir::Value safeStep = arith::SelectOp::create(b, l, isZero, one, step);
  mlir::Value pos = arith::CmpIOp::create(b, l, arith::CmpIPredicate::sgt, safeStep, zero);
  mlir::Value up = countFor(true, safeStep), down = countFor(false, safeStep);
  mlir::Value tripCount = arith::SelectOp::create(b, l, pos, up, down);
  return arith::SelectOp::create(b, l, isZero, zero, tripCount);
}

void MLIRGen::genFor(const ForStmt *s, const NameSet &liveAfter) {
  Location l = loc(s->loc);
  auto *target = llvm::cast<NameExpr>(s->target);
  const kdsl::Type *it = localType(target->name);
  mlir::Type ity = convertType(it);
  mlir::Value start = s->start ? genExpr(s->start) : constScalar(it, 0, 0, l);
  mlir::Value stop = genExpr(s->stop);
  mlir::Value step = s->step ? genExpr(s->step) : constScalar(it, 1, 1, l);
  if (failed)
    return;
  std::optional<int64_t> stepConst = 1;
  if (s->step) {
    auto v = sema.evalConst(s->step);
    stepConst = v && v->kind == Sema::ConstValue::Int ? std::optional<int64_t>(v->i) : std::nullopt;
  }
  unsigned depth = loopDepth + 1;
  bool hasBreak = bodyHasExit(*this, s->body, depth, ExitBrk);
  bool hasCont = bodyHasExit(*this, s->body, depth, ExitCont);
  bool hasRet = bodyHasExit(*this, s->body, depth, ExitRet);
  bool isUnsigned = !isSigned(it->scalar);

  // The loop variable is carried too when it is read after the loop (Python
  // leaves it at its last value).
  NameSet assigned = info(s, loopDepth).assigned;
  NameSet live = liveAfter;
  unite(live, exposedReads(s->body, depth, nullptr, target->name));
  NameSet carried = carriedNames(assigned, live);
  if (!materialize(carried, l, s->loc))
    return;
  NameSet bodyLive = liveAfter;
  unite(bodyLive, info(s, loopDepth).reads);

  // Loop state visible to the body: the induction value `i`.
  auto enterBody = [&](mlir::Value iv) {
    env[target->name] = iv;
    nameValue(iv, target->name);
    if (hasCont)
      env[flag("cont", depth)] = boolConst(false, l);
  };

  bool direct = !hasBreak && !hasRet && !s->reversed && stepConst && *stepConst > 0;
  mlir::Value tripCount, zero = constScalar(it, 0, 0, l), one = constScalar(it, 1, 1, l);
  if (!direct)
    tripCount = rangeTripCount(b, l, start, stop, step, stepConst, isUnsigned, zero, one);
  // i = start + k * step (reversed: start + (n - 1 - k) * step).
  auto inductionValue = [&](mlir::Value k) -> mlir::Value {
    mlir::Value idx = k;
    if (s->reversed)
      idx = arith::SubIOp::create(b, l, arith::SubIOp::create(b, l, tripCount, one), k);
    return arith::AddIOp::create(b, l, start, arith::MulIOp::create(b, l, idx, step));
  };

  llvm::StringMap<mlir::Value> saved = env;
  ++loopDepth;
  if (!hasBreak && !hasRet) {
    mlir::Value lb = direct ? start : zero, ub = direct ? stop : tripCount,
                st = direct ? step : one;
    auto forOp = scf::ForOp::create(b, l, lb, ub, st, envValues(carried));
    if (isUnsigned)
      forOp.setUnsignedCmp(true);
    Block *body = forOp.getBody();
    b.setInsertionPointToStart(body);
    for (auto [i, n] : llvm::enumerate(carried)) {
      env[n] = forOp.getRegionIterArg(i);
      // The argument has its init's location, and name (`x = f` before the
      // loop): the variable it carries is x.
      BlockArgument arg = forOp.getRegionIterArg(i);
      arg.setLoc(withoutSourceNames(arg.getLoc()));
      nameValue(arg, n);
    }
    enterBody(direct ? forOp.getInductionVar() : inductionValue(forOp.getInductionVar()));
    genBody(s->body, bodyLive);
    --loopDepth;
    if (failed)
      return;
    // Replace the scf.yield the builder may have added with one for the carried values.
    if (!body->empty() && body->back().hasTrait<OpTrait::IsTerminator>())
      body->back().erase();
    b.setInsertionPointToEnd(body);
    scf::YieldOp::create(b, l, envValues(carried));
    env = saved;
    for (auto [i, n] : llvm::enumerate(carried))
      env[n] = forOp.getResult(i);
    b.setInsertionPointAfter(forOp);
    return;
  }

  // A loop that can break or return: scf.while over the iteration count k,
  // carrying k, the break flag and the locals.
  StringRef brk = flag("brk", depth);
  NameSet state = carried;
  SmallVector<mlir::Value> inits{zero};
  SmallVector<mlir::Type> stateTypes{ity};
  if (hasBreak) {
    env[brk] = boolConst(false, l);
    state.insert(brk);
  }
  for (StringRef n : state) {
    inits.push_back(env.lookup(n));
    stateTypes.push_back(env.lookup(n).getType());
  }
  SmallVector<Location> locs(stateTypes.size(), l);
  auto whileOp = scf::WhileOp::create(b, l, stateTypes, inits);
  Block *before = b.createBlock(&whileOp.getBefore(), {}, stateTypes, locs);
  Block *after = b.createBlock(&whileOp.getAfter(), {}, stateTypes, locs);
  // The iteration count is the loop variable itself when it counts from 0
  // by 1: it has the variable's name in the targets.
  std::optional<Sema::ConstValue> startConst =
      s->start ? sema.evalConst(s->start) : std::optional<Sema::ConstValue>();
  bool countIsVariable = !s->reversed && stepConst == 1 &&
                         (!s->start || (startConst && startConst->kind == Sema::ConstValue::Int &&
                                        startConst->i == 0));
  auto bindState = [&](Block *blk) {
    if (countIsVariable)
      nameValue(blk->getArgument(0), target->name);
    for (auto [i, n] : llvm::enumerate(state)) {
      env[n] = blk->getArgument(i + 1);
      nameValue(blk->getArgument(i + 1), stateName(n));
    }
  };
  // before: k < n && !brk && !ret
  b.setInsertionPointToStart(before);
  bindState(before);
  mlir::Value go = arith::CmpIOp::create(
      b, l, isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt,
      before->getArgument(0), tripCount);
  for (StringRef f : {brk, flag("ret", 0)})
    if (state.count(f))
      go = arith::AndIOp::create(b, l, go, notValue(env.lookup(f), l));
  scf::ConditionOp::create(b, l, go, before->getArguments());
  // after: the body, then k + 1.
  b.setInsertionPointToStart(after);
  bindState(after);
  mlir::Value k = after->getArgument(0);
  enterBody(inductionValue(k));
  genBody(s->body, bodyLive);
  --loopDepth;
  if (failed)
    return;
  b.setInsertionPointToEnd(after);
  SmallVector<mlir::Value> next{arith::AddIOp::create(b, l, k, one)};
  for (StringRef n : state)
    next.push_back(env.lookup(n));
  scf::YieldOp::create(b, l, next);
  env = saved;
  for (auto [i, n] : llvm::enumerate(state))
    if (carried.count(n))
      env[n] = whileOp.getResult(i + 1);
  b.setInsertionPointAfter(whileOp);
}

void MLIRGen::genWhile(const WhileStmt *s, const NameSet &liveAfter) {
  Location l = loc(s->loc);
  unsigned depth = loopDepth + 1;
  bool hasBreak = bodyHasExit(*this, s->body, depth, ExitBrk);
  bool hasCont = bodyHasExit(*this, s->body, depth, ExitCont);
  NameSet live = liveAfter;
  unite(live, exposedReads(s->body, depth, s->cond));
  NameSet carried = carriedNames(info(s, loopDepth).assigned, live);
  if (!materialize(carried, l, s->loc))
    return;
  NameSet bodyLive = liveAfter;
  unite(bodyLive, info(s, loopDepth).reads);
  StringRef brk = flag("brk", depth);
  NameSet state = carried;
  llvm::StringMap<mlir::Value> saved = env;
  if (hasBreak) {
    env[brk] = boolConst(false, l);
    state.insert(brk);
  }
  SmallVector<mlir::Type> types = envTypes(state);
  SmallVector<Location> locs(types.size(), l);
  auto whileOp = scf::WhileOp::create(b, l, types, envValues(state));
  Block *before = b.createBlock(&whileOp.getBefore(), {}, types, locs);
  Block *after = b.createBlock(&whileOp.getAfter(), {}, types, locs);
  auto bindState = [&](Block *blk) {
    for (auto [i, n] : llvm::enumerate(state)) {
      env[n] = blk->getArgument(i);
      nameValue(blk->getArgument(i), stateName(n));
    }
  };
  b.setInsertionPointToStart(before);
  bindState(before);
  ++loopDepth;
  // After a break or return the condition must not be evaluated again.
  mlir::Value stop;
  for (StringRef f : {brk, flag("ret", 0)})
    if (state.count(f))
      stop = stop ? (mlir::Value)arith::OrIOp::create(b, l, stop, env.lookup(f)) : env.lookup(f);
  // A condition that assigns locals (`while wp.hash_grid_query_next(query,
  // index):`, a call with wp.ref[T] parameters) writes them at the level of
  // the before region; they reach the body and the loop's results through
  // scf.condition.
  NameSet condWrites;
  {
    ExprStmt condStmt(s->loc, s->cond);
    collectStateWrites(&condStmt, condWrites);
  }
  mlir::Value go;
  if (!stop || !condWrites.empty()) {
    llvm::SaveAndRestore<mlir::Block *> inCondition(stmtBlock, before);
    if (!stop) {
      go = genCond(s->cond);
    } else {
      // Not evaluated again after a break or return: the writes happen only
      // where the condition runs.
      SmallVector<mlir::Type> ifTypes{b.getI1Type()};
      for (mlir::Type t : types)
        ifTypes.push_back(t);
      auto ifOp = scf::IfOp::create(b, l, ifTypes, notValue(stop, l), true);
      llvm::StringMap<mlir::Value> outer = env;
      {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(&ifOp.getThenRegion().front());
        llvm::SaveAndRestore<mlir::Block *> inThen(stmtBlock, b.getInsertionBlock());
        mlir::Value c = genCond(s->cond);
        if (failed)
          return;
        SmallVector<mlir::Value> yields{c};
        for (mlir::Value v : envValues(state))
          yields.push_back(v);
        scf::YieldOp::create(b, l, yields);
        b.setInsertionPointToStart(&ifOp.getElseRegion().front());
        SmallVector<mlir::Value> keep{boolConst(false, l)};
        for (BlockArgument a : before->getArguments())
          keep.push_back(a);
        scf::YieldOp::create(b, l, keep);
      }
      env = outer;
      for (auto [i, n] : llvm::enumerate(state))
        env[n] = ifOp.getResult(i + 1);
      go = ifOp.getResult(0);
    }
  } else if (isCheap(s->cond)) {
    go = genCond(s->cond);
    if (!failed)
      go = arith::AndIOp::create(b, l, go, notValue(stop, l));
  } else {
    auto ifOp = scf::IfOp::create(b, l, TypeRange{b.getI1Type()}, notValue(stop, l), true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    mlir::Value c = genCond(s->cond);
    if (failed)
      return;
    scf::YieldOp::create(b, l, c);
    b.setInsertionPointToStart(&ifOp.getElseRegion().front());
    scf::YieldOp::create(b, l, boolConst(false, l));
    go = ifOp.getResult(0);
  }
  if (failed)
    return;
  scf::ConditionOp::create(b, l, go, envValues(state));
  b.setInsertionPointToStart(after);
  bindState(after);
  if (hasCont)
    env[flag("cont", depth)] = boolConst(false, l);
  genBody(s->body, bodyLive);
  --loopDepth;
  if (failed)
    return;
  b.setInsertionPointToEnd(after);
  scf::YieldOp::create(b, l, envValues(state));
  env = saved;
  for (auto [i, n] : llvm::enumerate(state))
    if (carried.count(n))
      env[n] = whileOp.getResult(i);
  b.setInsertionPointAfter(whileOp);
}

/// `t[i, j] op= v` on a tile element with an operator Warp applies as an
/// in-place tile update (tile_add_inplace, ...): its kdsl.tile_scatter kind.
static std::optional<AtomicKind> tileUpdateKind(const AugAssignStmt *a) {
  auto *sub = llvm::dyn_cast<SubscriptExpr>(a->target);
  if (!sub || sub->skind != SubKind::TileElem)
    return std::nullopt;
  switch (a->op) {
  case BinOp::Add:
    return AtomicKind::add;
  case BinOp::Sub:
    return AtomicKind::sub;
  case BinOp::BitAnd:
    return AtomicKind::bit_and;
  case BinOp::BitOr:
    return AtomicKind::bit_or;
  case BinOp::BitXor:
    return AtomicKind::bit_xor;
  default:
    return std::nullopt;
  }
}

bool MLIRGen::resolveLValue(const Expr *target, LValue &lv) {
  Location l = loc(target->loc);
  if (auto *n = llvm::dyn_cast<NameExpr>(target)) {
    lv.local = n->name;
    return true;
  }
  if (auto *sub = llvm::dyn_cast<SubscriptExpr>(target)) {
    if (sub->skind == SubKind::ArrayElem) {
      mlir::Value base = genExpr(sub->base);
      lv.arrayIdx = genIndices(sub->indices);
      if (failed)
        return false;
      lv.array = indexedElement(base, lv.arrayIdx, l);
      return true;
    }
    if (!resolveLValue(sub->base, lv))
      return false;
    if (sub->skind == SubKind::TileElem || sub->skind == SubKind::TileView) {
      LValue::Step step;
      step.tile = sub;
      step.tileIdx = sub->skind == SubKind::TileView ? genTileViewStarts(sub, step.tileSteps, l)
                                                     : genIndices(sub->indices);
      lv.steps.push_back(step);
      return !failed;
    }
    if (sub->skind == SubKind::CompSlice) { // MLIRGenOptions.cpp
      lv.slice = sub;
      lv.sliceIdx = genSliceIndices(sub);
      return !failed;
    }
    SmallVector<mlir::Value> idx = genIndices(sub->indices);
    if (failed)
      return false;
    LValue::Step step;
    step.pos = componentPositions(sub, idx, l);
    lv.steps.push_back(step);
    return true;
  }
  if (auto *a = llvm::dyn_cast<AttributeExpr>(target)) {
    if (!resolveLValue(a->base, lv))
      return false;
    LValue::Step step;
    if (a->akind == AttrKind::Component)
      step.pos.push_back(b.getIndexAttr(a->index));
    else if (a->akind == AttrKind::TransformPart)
      step.transformPart = a->index;
    else
      step.field = a->attr;
    lv.steps.push_back(step);
    return true;
  }
  error(target->loc, "cannot assign to this expression");
  return false;
}

mlir::Value MLIRGen::readLValue(const LValue &lv, Location l) {
  mlir::Value v;
  if (!lv.local.empty())
    v = env.lookup(lv.local);
  else
    v = LoadOp::create(b, l, cast<ArrayType>(lv.array.getType()).getElementType(), lv.array,
                       lv.arrayIdx);
  for (const LValue::Step &s : lv.steps) {
    if (s.tile && s.tile->skind == SubKind::TileView) {
      v = TileViewOp::create(b, l, convertType(s.tile->type), v, s.tileIdx,
                             b.getDenseI64ArrayAttr(s.tileSteps));
    } else if (s.tile) {
      v = TileExtractOp::create(b, l, convertType(s.tile->type), v, s.tileIdx);
    } else if (s.transformPart >= 0) {
      v = genTransformPart(b, l, v, s.transformPart);
    } else if (!s.field.empty()) {
      auto st = cast<StructType>(v.getType());
      v = StructExtractOp::create(b, l, st.getFieldTypes()[st.getFieldIndex(s.field)], v,
                                  b.getStringAttr(s.field));
    } else {
      v = vector::ExtractOp::create(b, l, v, s.pos);
    }
  }
  if (lv.slice)
    v = sliceRead(lv.slice, v, lv.sliceIdx, l);
  return v;
}

void MLIRGen::writeLValue(const LValue &lv, mlir::Value v, Location l) {
  if (lv.slice) { // rebuild the sliced vector/matrix, then store it
    LValue outer = lv;
    outer.slice = nullptr;
    return writeLValue(outer, sliceWrite(lv.slice, readLValue(outer, l), lv.sliceIdx, v, l), l);
  }
  if (!lv.steps.empty()) {
    // Read the enclosing values, then rebuild them from the inside out.
    LValue outer = lv;
    LValue::Step last = outer.steps.pop_back_val();
    mlir::Value container = readLValue(outer, l);
    if (last.tile && last.tile->skind == SubKind::TileView)
      v = TileAssignOp::create(b, l, v, container, last.tileIdx,
                               b.getDenseI64ArrayAttr(last.tileSteps));
    else if (last.tile)
      v = TileScatterOp::create(b, l, AtomicKind::exch, container, last.tileIdx, v);
    else if (last.transformPart >= 0)
      v = genTransformWithPart(b, l, container, last.transformPart, v);
    else if (!last.field.empty())
      v = StructInsertOp::create(b, l, v, container, b.getStringAttr(last.field));
    else
      v = vector::InsertOp::create(b, l, v, container, last.pos);
    writeLValue(outer, v, l);
    return;
  }
  if (!lv.local.empty()) {
    env[lv.local] = v;
    nameValue(v, lv.local);
  } else
    StoreOp::create(b, l, v, lv.array, lv.arrayIdx);
}

void MLIRGen::assignTo(const Expr *target, mlir::Value v) {
  LValue lv;
  if (resolveLValue(target, lv))
    writeLValue(lv, v, loc(target->loc));
}

/// `liveAfter` is read only by the statements readsLiveAfter names (genBody
/// leaves it empty for the others).
void MLIRGen::genStmt(const Stmt *s, const NameSet &liveAfter) {
  llvm::SaveAndRestore<mlir::Block *> inStatement(stmtBlock, b.getInsertionBlock());
  if (s->kind != StmtKind::Pass &&
      !(s->kind == StmtKind::Expr && llvm::cast<ExprStmt>(s)->isDocstring))
    recordStatement(s);
  Location l = loc(s->loc);
  switch (s->kind) {
  case StmtKind::Pass:
    return;
  case StmtKind::Expr: {
    auto *e = llvm::cast<ExprStmt>(s);
    if (e->isDocstring)
      return;
    if (auto *c = llvm::dyn_cast<CallExpr>(e->value); c && c->ckind == CallKind::Func) {
      genFuncCall(c);
      return;
    }
    genExpr(e->value);
    return;
  }
  case StmtKind::Assign:
  case StmtKind::AnnAssign: {
    if (auto *a = llvm::dyn_cast<AssignStmt>(s); a && a->functionAlias)
      return; // `f = helper`: a compile-time name (Sema)
    Expr *target, *value;
    if (auto *a = llvm::dyn_cast<AssignStmt>(s)) {
      target = a->targets[0];
      value = a->value;
    } else {
      target = llvm::cast<AnnAssignStmt>(s)->target;
      value = llvm::cast<AnnAssignStmt>(s)->value;
    }
    if (auto *tup = llvm::dyn_cast<TupleExpr>(target)) {
      SmallVector<mlir::Value> vals;
      if (auto *vt = llvm::dyn_cast<TupleExpr>(value)) {
        for (Expr *e : vt->elts)
          vals.push_back(genExpr(e)); // all values before any assignment
      } else {
        vals = genMulti(value);
      }
      if (failed)
        return;
      for (auto [t, v] : llvm::zip(tup->elts, vals))
        assignTo(t, v);
      // `i, j = wp.tid()`, a tuple from a call: one NameLoc per result.
      Operation *def = vals.empty() || !vals[0] ? nullptr : vals[0].getDefiningOp();
      if (def && def->getNumResults() == vals.size() && def->getNumResults() > 1 &&
          llvm::all_of(llvm::enumerate(vals),
                       [&](auto iv) { return iv.value() == def->getResult(iv.index()); })) {
        SmallVector<Location> names;
        for (Expr *t : tup->elts) {
          auto *n = llvm::dyn_cast<NameExpr>(t);
          names.push_back(n ? (Location)NameLoc::get(b.getStringAttr(n->name), def->getLoc())
                            : def->getLoc());
        }
        def->setLoc(FusedLoc::get(&ctx, names));
      }
      return;
    }
    mlir::Value v = genExpr(value);
    if (failed)
      return;
    assignTo(target, v);
    return;
  }
  case StmtKind::AugAssign: {
    auto *a = llvm::cast<AugAssignStmt>(s);
    if (a->atomic) {
      auto *sub = llvm::cast<SubscriptExpr>(a->target);
      mlir::Value arr = genExpr(sub->base);
      SmallVector<mlir::Value> idx = genIndices(sub->indices);
      mlir::Value v = genExpr(a->value);
      if (failed)
        return;
      AtomicKind kind = a->op == BinOp::Add      ? AtomicKind::add
                        : a->op == BinOp::Sub    ? AtomicKind::sub
                        : a->op == BinOp::BitAnd ? AtomicKind::bit_and
                        : a->op == BinOp::BitOr  ? AtomicKind::bit_or
                                                 : AtomicKind::bit_xor;
      genAtomic(kind, arr, idx, v, l);
      return;
    }
    // Indices of the target are evaluated once, for both the read and the write.
    LValue lv;
    if (!resolveLValue(a->target, lv))
      return;
    if (std::optional<AtomicKind> kind = tileUpdateKind(a); kind && !lv.steps.empty()) {
      // t[i] += v (-=, &=, |=, ^=): Warp's tile_*_inplace, every lane's value combined.
      LValue outer = lv;
      LValue::Step last = outer.steps.pop_back_val();
      mlir::Value v = genExpr(a->value);
      if (failed)
        return;
      mlir::Value tile = readLValue(outer, l);
      writeLValue(outer, TileScatterOp::create(b, l, *kind, tile, last.tileIdx, v), l);
      return;
    }
    mlir::Value cur = readLValue(lv, l);
    mlir::Value v = genExpr(a->value);
    if (failed)
      return;
    mlir::Value r =
        a->target->type->isTile()
            ? genTileBinary(a->op, cur, a->target->type, v, a->value->type, a->target->type, l)
            : genBinaryOp(a->op, cur, a->target->type, v, a->value->type, a->target->type, l);
    if (failed)
      return;
    writeLValue(lv, r, l);
    return;
  }
  case StmtKind::If:
    genIf(llvm::cast<IfStmt>(s), liveAfter);
    return;
  case StmtKind::For:
    genFor(llvm::cast<ForStmt>(s), liveAfter);
    return;
  case StmtKind::While:
    genWhile(llvm::cast<WhileStmt>(s), liveAfter);
    return;
  case StmtKind::Break:
    env[flag("brk", loopDepth)] = boolConst(true, l);
    return;
  case StmtKind::Continue:
    env[flag("cont", loopDepth)] = boolConst(true, l);
    return;
  case StmtKind::Return: {
    auto *r = llvm::cast<ReturnStmt>(s);
    SmallVector<mlir::Value> vals;
    if (r->value) {
      if (auto *t = llvm::dyn_cast<TupleExpr>(r->value)) {
        for (Expr *e : t->elts)
          vals.push_back(genExpr(e));
      } else {
        vals.push_back(genExpr(r->value));
      }
    }
    if (failed)
      return;
    for (auto [k, v] : llvm::enumerate(vals))
      env[flag("rv", k)] = v;
    env[flag("ret", 0)] = boolConst(true, l);
    return;
  }
  case StmtKind::Assert: {
    auto *a = llvm::cast<AssertStmt>(s);
    mlir::Value c = genCond(a->test);
    if (failed)
      return;
    AssertOp::create(b, l, c, b.getStringAttr(sourceText(s->loc, /*wholeStatement=*/true)));
    return;
  }
  case StmtKind::Unsupported:
    error(s->loc, "unsupported statement");
    return;
  }
}

mlir::OwningOpRef<mlir::ModuleOp> kdsl::generateMLIR(MLIRContext &ctx, ModuleAST &module,
                                                     Sema &sema, DiagEngine &diags,
                                                     ArrayRef<FuncDef *> funcs,
                                                     ArrayRef<FuncDef *> kernels) {
  MLIRGen gen(ctx, module, sema, diags);
  return gen.run(funcs, kernels);
}
