//===- SemaCall.cpp - calls: builtins, constructors, funcs ----------------===//
#include "BuiltinsMisc.h"
#include "kdsl/Frontend/Sema.h"

using namespace kdsl;
using llvm::SMLoc;
using llvm::StringRef;

/// Warp's error for a matrix built from vectors, with kdsl's way out.
static std::string matrixFromVectorsError(llvm::StringRef ctor, unsigned elements) {
  std::string msg =
      ("passing vectors to " + ctor +
       " is not supported (Warp rejects it too): Warp asks for "
       "wp.matrix_from_rows() or wp.matrix_from_cols(), which kdsl does not have yet; ")
          .str();
  if (elements)
    msg += "pass the " + std::to_string(elements) + " elements in row-major order";
  else
    msg += "use a matrix type such as wp.mat33 with its elements in row-major order";
  return msg;
}

/// A call of `wp.NAME` (or a bare Warp name, or a builtin passed as a
/// wp.Function).
const Type *Sema::checkWarpNameCall(CallExpr *e, StringRef name) {
  if (name == "grad") // wp.grad(f) as a value (SemaGrad.cpp)
    return gradValue(e, fn->scope, true, true);
  if (auto b = lookupWarpBuiltin(name))
    return checkBuiltin(e, *b);
  if (isTileQueryNext(name))
    return checkTileQueryNext(e, name);
  if (!preludeOverloads(name).empty())
    return checkPreludeCall(e, name);
  if (const Type *t = lookupWarpType(name, types))
    return checkTypeCtor(e, t);
  // wp.float(x), wp.int(x): Warp registers the Python types' conversions as
  // builtins too (builtins.py scalar_types_all): float32 and int32.
  if (name == "float" || name == "int")
    if (const Type *t = lookupPythonType(name, types))
      return checkTypeCtor(e, t);
  if (name == "matrix" && !e->args.empty()) {
    bool vectors = true;
    for (Expr *a : e->args) {
      const Type *at = check(a);
      if (!at)
        return nullptr;
      vectors &= at->kind == Type::Vec;
    }
    if (vectors) {
      error(e->loc, matrixFromVectorsError("wp.matrix()", 0));
      return nullptr;
    }
  }
  if (name == "constant")
    error(e->loc, "wp.constant() is only allowed at module level");
  else if (name == "address_of")
    error(e->callee->loc, "wp.address_of() is not supported by kdsl: it gives a raw pointer for "
                          "@wp.func_native snippets, which kdsl does not support; pass the "
                          "variable to a wp.ref[T] parameter instead");
  else if (std::optional<std::string> msg = unimplementedBuiltinMessage(name))
    error(e->callee->loc, *msg);
  else
    error(e->callee->loc, "unknown or unsupported builtin 'wp." + name + "'");
  return nullptr;
}

const Type *Sema::checkCall(CallExpr *e) {
  Scope *scope = fn->scope;
  if (!e->starred.empty() && !expandStarredArgs(e))
    return nullptr;
  // Syntax that is not in the language (a generator argument, *args) is the
  // clearer error, whatever the callee.
  for (Expr *a : e->args)
    if (llvm::isa<UnsupportedExpr>(a) && !llvm::cast<UnsupportedExpr>(a)->raw.size())
      return check(a);
  // A callee chosen by wp.static(...), even where the name means a builtin.
  if (auto *sn = llvm::dyn_cast<NameExpr>(e->callee); sn && sn->staticFunc)
    return checkFuncCall(e, sn->staticFunc);
  if (auto name = warpNameOf(e->callee, scope))
    return checkWarpNameCall(e, *name);
  if (const Type *t = typeValue(e->callee)) // arr.dtype(0), type(x)(1) (Generics.cpp)
    return t->kind == Type::Struct ? checkStructCtor(e, const_cast<StructDef *>(t->structDef))
                                   : checkTypeCtor(e, t);
  auto *n = llvm::dyn_cast_or_null<NameExpr>(e->callee);
  if (!n) {
    if (llvm::isa_and_nonnull<UnsupportedExpr>(e->callee)) // `mod.f` kdsl cannot read (Parser)
      return check(e->callee);
    auto *inner = llvm::dyn_cast_or_null<CallExpr>(e->callee);
    auto innerName = inner ? warpNameOf(inner->callee, scope) : std::nullopt;
    if (innerName && *innerName == "grad") { // wp.grad(f)(...) (SemaGrad.cpp)
      const Type *g = gradValue(inner, scope, true, true);
      return g ? checkGradCall(e, g) : nullptr;
    }
    auto *attr = llvm::dyn_cast_or_null<AttributeExpr>(e->callee);
    auto *base = attr ? llvm::dyn_cast<NameExpr>(attr->base) : nullptr;
    if (base && !fn->locals.count(base->name) && reportHostName(base, scope->lookup(base->name)))
      return nullptr; // m.f(...) of a module kdsl did not find
    if (attr)
      error(e->callee->loc, "method calls are not supported in kernel code");
    else
      error(e->callee->loc, "this expression cannot be called");
    return nullptr;
  }
  if (auto it = fn->locals.find(n->name); it != fn->locals.end()) {
    if (it->second->kind == Type::Function) { // a wp.Function parameter or `f = func`
      n->ref = RefKind::Local;
      n->type = it->second;
      return checkCallThrough(e, it->second);
    }
    error(n->loc, "'" + n->name + "' is a local variable, not a function");
    return nullptr;
  }
  if (const Symbol *s = scope->lookup(n->name)) {
    if (s->kind == Symbol::Func)
      return checkFuncCall(e, s->func);
    if (s->kind == Symbol::Struct)
      return checkStructCtor(e, s->structDef);
    if (const Type *t = s->kind == Symbol::Const ? aliasedType(s) : nullptr)
      return checkAliasCtor(e, t); // vec5 = wp.types.vector(length=5, dtype=float)
    if (FuncDef *af = s->kind == Symbol::Const ? aliasedFunc(s) : nullptr)
      return checkFuncCall(e, af); // g = helper
    if (reportHostName(n, s))
      return nullptr;
    error(n->loc, "'" + n->name + "' is not a @wp.func or @wp.struct");
    return nullptr;
  }
  if (const Type *t = lookupPythonType(n->name, types))
    return checkTypeCtor(e, t);
  if (auto b = lookupPythonBuiltin(n->name))
    return checkBuiltin(e, *b);
  if (n->name == "range" || n->name == "reversed")
    error(n->loc, n->name + "() can only be the iterable of a for loop");
  else if (n->name == "print")
    error(n->loc, "print() is not supported in kdsl kernels");
  else
    error(n->loc, "name '" + n->name + "' is not defined");
  return nullptr;
}

const Type *Sema::checkTid(CallExpr *e, unsigned dims) {
  e->ckind = CallKind::Builtin;
  e->builtin = (int)Builtin::Tid;
  if (!e->args.empty() || !e->kwargs.empty()) {
    error(e->loc, "wp.tid() takes no arguments");
    return nullptr;
  }
  if (!fn->isKernel) {
    error(e->loc, "wp.tid() can only be called in a kernel");
    return nullptr;
  }
  if (dims > 4) {
    error(e->loc, "wp.tid() supports at most 4 launch dimensions, got " + llvm::Twine(dims));
    return nullptr;
  }
  if (fn->tidDims && fn->tidDims != dims) {
    error(e->loc, "wp.tid() gives " + llvm::Twine(dims) + " dimension(s) here but " +
                      llvm::Twine(fn->tidDims) + " earlier in this kernel");
    return nullptr;
  }
  fn->tidDims = dims;
  const Type *t =
      dims == 1 ? types.i32() : types.tuple(std::vector<const Type *>(dims, types.i32()));
  e->type = t;
  return t;
}

/// Binds positional and keyword arguments of `e` to `names` in order into
/// e->boundArgs (null where nothing was given).
bool Sema::bindArguments(CallExpr *e, llvm::ArrayRef<StringRef> names, const std::string &callee,
                         StringRef what) {
  size_t n = names.size();
  e->boundArgs.assign(n, nullptr);
  if (e->args.size() > n)
    return error(e->loc, callee + " takes " + llvm::Twine(n) + " argument(s), got " +
                             llvm::Twine(e->args.size()));
  for (size_t i = 0; i < e->args.size(); ++i)
    e->boundArgs[i] = e->args[i];
  for (Keyword &kw : e->kwargs) {
    size_t i = llvm::find(names, kw.name) - names.begin();
    if (i == n)
      return error(kw.loc, callee + " has no " + what + " '" + kw.name + "'");
    if (e->boundArgs[i])
      return error(kw.loc, "argument '" + kw.name + "' given twice");
    e->boundArgs[i] = kw.value;
  }
  return true;
}

const Type *Sema::checkFuncCall(CallExpr *e, FuncDef *f) {
  e->ckind = CallKind::Func;
  e->func = f;
  if (f->isKernel) {
    error(e->callee->loc,
          "kernels cannot be called from kernel code; '" + f->name + "' is a kernel");
    return nullptr;
  }
  // Overloads and generic funcs: Generics.cpp (it checks overloads in
  // source order, so their symbols f, f_1, ... follow the source).
  if (f->previousDef || f->nextDef)
    return checkOverloadedCall(e, f);
  if (!checkFunc(f)) {
    diags.note(e->loc, "in the call to '" + f->name + "'");
    return nullptr;
  }
  if (f->genericTemplate)
    return checkOverloadedCall(e, f);
  size_t np = f->params.size();
  std::vector<StringRef> names;
  for (const Param &p : f->params)
    names.push_back(p.name);
  if (!bindArguments(e, names, "'" + f->name.str() + "'", "parameter"))
    return nullptr;
  for (size_t i = 0; i < np; ++i) {
    Expr *a = e->boundArgs[i];
    if (!a && f->params[i].defaultValue) {
      // The default value, checked (and typed) with the func's signature.
      e->boundArgs[i] = f->params[i].defaultValue;
      continue;
    }
    if (!a) {
      error(e->loc,
            "missing argument '" + f->params[i].name + "' in the call to '" + f->name + "'");
      return nullptr;
    }
    if (!check(a))
      return nullptr;
    if (!f->params[i].isRef &&
        !coerce(a, f->params[i].type, "argument '" + f->params[i].name + "'"))
      return nullptr;
  }
  if (!checkRefArguments(e, f))
    return nullptr;
  if (f->resultTypes.empty())
    return types.voidTy();
  if (f->resultTypes.size() == 1)
    return f->resultTypes[0];
  return types.tuple(f->resultTypes);
}

const Type *Sema::checkStructCtor(CallExpr *e, StructDef *s) {
  e->ckind = CallKind::StructCtor;
  if (!checkStruct(s))
    return nullptr;
  size_t nf = s->fields.size();
  std::vector<StringRef> names;
  for (const FieldDef &f : s->fields)
    names.push_back(f.name);
  if (!bindArguments(e, names, "struct '" + s->name.str() + "'", "field"))
    return nullptr;
  for (size_t i = 0; i < nf; ++i)
    if (Expr *a = e->boundArgs[i])
      if (!check(a) || !coerce(a, s->fields[i].type, "field '" + s->fields[i].name + "'"))
        return nullptr;
  return s->type;
}

const Type *Sema::checkTypeCtor(CallExpr *e, const Type *t) {
  e->ckind = CallKind::TypeCtor;
  std::string name = t->str();
  if (!e->kwargs.empty()) {
    error(e->kwargs[0].loc, "keyword arguments are not supported by " + name + "()");
    return nullptr;
  }
  for (Expr *a : e->args)
    if (!check(a))
      return nullptr;
  e->boundArgs.assign(e->args.begin(), e->args.end());
  size_t n = e->args.size();
  const Type *elem = types.scalar(t->scalar);
  auto argsAre = [&](const Type *want) {
    for (Expr *a : e->args)
      if (!coerce(a, want, name + "() argument"))
        return false;
    return true;
  };
  auto countError = [&](const llvm::Twine &counts) -> const Type * {
    error(e->loc, name + "() takes " + counts + " arguments, got " + llvm::Twine(n));
    return nullptr;
  };
  if (t->isScalar()) {
    if (n != 1)
      return countError("1");
    Expr *a = e->args[0];
    const Type *at = a->type;
    if (at->isLiteral()) {
      if (t->isBool() || (at->kind == Type::FloatLit && !isFloat(t->scalar)))
        finalize(a); // converted at run time
      else
        setLiteralType(a, t); // an exact constant of type t
      return t;
    }
    if (!at->isScalar()) {
      error(a->loc, "cannot convert " + at->str() + " to " + name);
      return nullptr;
    }
    return t;
  }
  if (t->kind == Type::Vec) {
    if (n == 0)
      return t;
    if (n == 1) {
      const Type *at = e->args[0]->type;
      if (at->kind == Type::Vec && at->rows == t->rows)
        return t; // conversion between element types
      return argsAre(elem) ? t : nullptr;
    }
    if (n == t->rows)
      return argsAre(elem) ? t : nullptr;
    return countError("0, 1 or " + llvm::Twine((unsigned)t->rows));
  }
  if (t->kind == Type::Mat) {
    if (n == 0)
      return t;
    if (n == 1) {
      const Type *at = e->args[0]->type;
      if (at->kind == Type::Mat && at->rows == t->rows && at->cols == t->cols)
        return t;
      return argsAre(elem) ? t : nullptr;
    }
    if (n == (size_t)t->rows * t->cols)
      return argsAre(elem) ? t : nullptr;
    for (Expr *a : e->args)
      if (a->type->kind == Type::Vec) {
        // Warp 1.16 rejects row vectors here (it used to build rows from them).
        error(e->loc, matrixFromVectorsError(name + "()", t->rows * t->cols));
        return nullptr;
      }
    return countError("0, 1 or " + llvm::Twine(t->rows * t->cols));
  }
  if (t->kind == Type::Quat) {
    if (n == 0)
      return t;
    if (n == 1 && e->args[0]->type->kind == Type::Quat)
      return t;
    if (n == 2) {
      if (!coerce(e->args[0], types.vec(3, t->scalar), name + "() vector part") ||
          !coerce(e->args[1], elem, name + "() scalar part"))
        return nullptr;
      return t;
    }
    if (n == 4)
      return argsAre(elem) ? t : nullptr;
    return countError("0, 1, 2 (vector, scalar) or 4");
  }
  error(e->loc, "cannot construct " + name);
  return nullptr;
}

// Sema::checkBuiltin is in BuiltinRules.cpp, with the rules of BuiltinTable.def.
