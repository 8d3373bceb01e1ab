//===- Sema.cpp - definitions, statements and names -----------------------===//
#include "kdsl/Frontend/Sema.h"
#include "BuiltinsMisc.h"

#include "llvm/ADT/StringSet.h"
#include <cmath>

using namespace kdsl;
using llvm::SMLoc;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Definitions
//===----------------------------------------------------------------------===//

bool Sema::checkAll() {
  bool ok = true;
  for (StructDef *s : mod.structs)
    ok &= checkStruct(s);
  for (FuncDef *f : mod.funcs)
    ok &= checkFunc(f);
  for (FuncDef *k : mod.kernels)
    ok &= checkFunc(k);
  return ok;
}

bool Sema::checkKernel(FuncDef *kernel) { return checkFunc(kernel); }

std::string Sema::uniqueSymbol(StringRef name) {
  unsigned &n = symbolNames[name];
  std::string sym = n == 0 ? name.str() : (name + "_" + llvm::Twine(n)).str();
  ++n;
  return sym;
}

bool Sema::isWarpModule(Expr *e, Scope *scope) {
  if (auto *n = llvm::dyn_cast_or_null<NameExpr>(e)) {
    const Symbol *s = scope->lookup(n->name);
    return s && s->kind == Symbol::WarpModule;
  }
  // wp.types / warp.types
  if (auto *a = llvm::dyn_cast_or_null<AttributeExpr>(e))
    return a->attr == "types" && isWarpModule(a->base, scope);
  return false;
}

/// `wp.NAME` -> NAME, or a bare name imported from warp.
std::optional<StringRef> Sema::warpNameOf(Expr *e, Scope *scope) {
  if (auto *a = llvm::dyn_cast_or_null<AttributeExpr>(e))
    if (isWarpModule(a->base, scope))
      return a->attr;
  if (auto *n = llvm::dyn_cast_or_null<NameExpr>(e)) {
    if (fn && fn->locals.count(n->name))
      return std::nullopt;
    const Symbol *s = scope->lookup(n->name);
    if (s && s->kind == Symbol::WarpName)
      return s->warpName;
    // Warp resolves a name that is neither local nor global as an attribute
    // of the warp module (codegen.py resolve_path, builtin_functions), so
    // `expect_eq(...)`, `vec3(...)` and `PI` need no import. kdsl's own
    // Python builtins (min, abs, int, ...) keep their meaning.
    if (!s && !lookupPythonType(n->name, types) && !lookupPythonBuiltin(n->name) &&
        (lookupWarpBuiltin(n->name) || lookupWarpType(n->name, types) ||
         lookupWarpConstant(n->name)))
      return n->name;
  }
  return std::nullopt;
}

/// `array`, `array1d`..`array4d`, `indexedarray`, `indexedarray1d`..`indexedarray4d`:
/// whether the name is indexed and the ndim it implies (1 without a suffix).
bool Sema::arrayName(StringRef name, bool &indexed, unsigned &ndim) {
  indexed = name.consume_front("indexed");
  if (!name.consume_front("array"))
    return false;
  if (name.empty() || name == "1d")
    ndim = 1;
  else if (name == "2d") ndim = 2;
  else if (name == "3d") ndim = 3;
  else if (name == "4d") ndim = 4;
  else
    return false;
  return true;
}

/// The ndim argument of an array annotation: a constant or `Literal[N]`
/// (`wp.array[float, Literal[2]]`, Warp's subscript form).
std::optional<int64_t> Sema::evalNdim(Expr *e) {
  if (auto *s = llvm::dyn_cast_or_null<SubscriptExpr>(e)) {
    StringRef base;
    if (auto *n = llvm::dyn_cast<NameExpr>(s->base))
      base = n->name;
    else if (auto *a = llvm::dyn_cast<AttributeExpr>(s->base))
      base = a->attr;
    if (base == "Literal" && s->indices.size() == 1)
      e = s->indices[0];
  }
  auto v = evalConst(e);
  if (!v || v->kind != ConstValue::Int)
    return std::nullopt;
  return v->i;
}

const Type *Sema::resolveType(Expr *ann, Scope *scope) {
  auto arrayType = [&](StringRef name, Expr *dtypeExpr, Expr *ndimExpr, SMLoc loc) -> const Type * {
    bool indexed = false;
    unsigned ndim = 1;
    arrayName(name, indexed, ndim);
    if (!dtypeExpr) {
      error(loc, "array annotations need a dtype, e.g. wp." + name + "(dtype=float)");
      return nullptr;
    }
    if (ndimExpr) {
      auto v = evalNdim(ndimExpr);
      if (!v || *v < 1 || *v > 4) {
        error(ndimExpr->loc, "array ndim must be a constant from 1 to 4");
        return nullptr;
      }
      ndim = *v;
    }
    const Type *dtype = resolveType(dtypeExpr, scope);
    if (!dtype)
      return nullptr;
    if (dtype->kind == Type::Array) {
      error(dtypeExpr->loc, "arrays of arrays are not supported");
      return nullptr;
    }
    return indexed ? types.indexedArray(dtype, ndim) : types.array(dtype, ndim);
  };
  auto isArrayName = [](StringRef n) {
    bool indexed;
    unsigned ndim;
    return arrayName(n, indexed, ndim);
  };
  // Warp's other array kinds: named, with what kdsl has instead.
  auto otherArrayKind = [&](std::optional<StringRef> name) {
    if (!name)
      return false;
    std::string why;
    if (*name == "fabricarray" || *name == "fabricarrayarray" || *name == "indexedfabricarray" ||
        *name == "indexedfabricarrayarray")
      why = " (Omniverse Fabric data) is not supported by kdsl; use wp.array or wp.indexedarray";
    else if (*name == "fixedarray")
      why = " is supported only as a func's return annotation (a fixed-size array on the "
            "thread's stack is made with wp.zeros(shape, dtype) in kernel code and passed to "
            "funcs as a wp.array)";
    else
      return false;
    error(ann->loc, "wp." + *name + why);
    return true;
  };

  if (auto *n = llvm::dyn_cast_or_null<NameExpr>(ann)) {
    if (const Symbol *s = scope->lookup(n->name)) {
      if (s->kind == Symbol::Struct) {
        if (!checkStruct(s->structDef))
          return nullptr;
        return s->structDef->type;
      }
      if (s->kind == Symbol::WarpName) {
        if (const Type *t = lookupWarpType(s->warpName, types))
          return t;
      }
      if (reportHostName(n, s))
        return nullptr;
    } else if (const Type *t = lookupPythonType(n->name, types)) {
      return t;
    }
  }
  if (auto name = warpNameOf(ann, scope)) {
    if (const Type *t = lookupWarpType(*name, types))
      return t;
    if (otherArrayKind(name))
      return nullptr;
    if (*name == "float" || *name == "int") // wp.types.float? rare; treat like Python
      return lookupPythonType(*name, types);
  }
  if (auto *c = llvm::dyn_cast_or_null<CallExpr>(ann)) {
    auto name = warpNameOf(c->callee, scope);
    if (otherArrayKind(name))
      return nullptr;
    if (name && isArrayName(*name)) {
      Expr *dtype = c->args.empty() ? nullptr : c->args[0];
      Expr *ndim = nullptr;
      for (Keyword &kw : c->kwargs) {
        if (kw.name == "dtype")
          dtype = kw.value;
        else if (kw.name == "ndim")
          ndim = kw.value;
        else {
          error(kw.loc, "unsupported array annotation argument '" + kw.name + "'");
          return nullptr;
        }
      }
      return arrayType(*name, dtype, ndim, ann->loc);
    }
  }
  if (SubscriptExpr *tup = ann ? tupleAnnotation(ann, scope) : nullptr) {
    // tuple[A, B]: a tuple value (func parameters, locals); tuple[T, ...]
    // is generic (Generics.cpp) and only a func parameter can have it.
    std::vector<const Type *> elems;
    for (Expr *x : tup->indices) {
      if (auto *u = llvm::dyn_cast<UnsupportedExpr>(x); u && u->what == "Ellipsis (...)") {
        error(x->loc, "tuple[T, ...] (a tuple of any length) is only allowed as a @wp.func "
                      "parameter type, which makes the func generic");
        return nullptr;
      }
      const Type *et = resolveType(x, scope);
      if (!et)
        return nullptr;
      elems.push_back(et);
    }
    if (elems.empty()) {
      error(ann->loc, "empty tuples are not supported in kernel code");
      return nullptr;
    }
    return types.tuple(elems);
  }
  if (auto *s = llvm::dyn_cast_or_null<SubscriptExpr>(ann)) {
    auto name = warpNameOf(s->base, scope);
    if (otherArrayKind(name))
      return nullptr;
    if (name && isArrayName(*name))
      return arrayType(*name, s->indices[0], s->indices.size() > 1 ? s->indices[1] : nullptr,
                       ann->loc);
    // Warp's generic classes subscripted (warp._src.types): Vector[dtype,
    // Literal[n]], Matrix[dtype, Literal[r], Literal[c]], Quaternion[dtype],
    // Transformation[dtype] (the extents also as plain integers).
    if (name && (*name == "Vector" || *name == "Matrix" || *name == "Quaternion" ||
                 *name == "Transformation")) {
      size_t want = *name == "Vector" ? 2 : *name == "Matrix" ? 3 : 1;
      if (s->indices.size() != want) {
        error(ann->loc, *name + "[...] takes " + llvm::Twine(want) + " argument(s): " +
                            (*name == "Vector"   ? "a dtype and a length"
                             : *name == "Matrix" ? "a dtype and two extents"
                                                 : "a dtype"));
        return nullptr;
      }
      const Type *dt = resolveType(s->indices[0], scope);
      if (!dt)
        return nullptr;
      if (!dt->isScalar() || ((*name == "Quaternion" || *name == "Transformation") && !isFloat(dt->scalar))) {
        error(s->indices[0]->loc, *name + "[...] needs a " +
                                      (want == 1 ? "float" : "scalar") + " dtype, got " + dt->str());
        return nullptr;
      }
      if (*name == "Quaternion")
        return types.quat(dt->scalar);
      if (*name == "Transformation")
        return types.transform(dt->scalar);
      llvm::SmallVector<unsigned, 2> ext;
      for (Expr *x : llvm::drop_begin(s->indices)) {
        Scope *saved = constScope;
        constScope = scope;
        std::optional<int64_t> v = evalNdim(x); // a constant or Literal[N]
        constScope = saved;
        if (!v || *v < 1 || *v > 255) {
          error(x->loc, *name + "[...] extents must be integer constants from 1 to 255");
          return nullptr;
        }
        ext.push_back((unsigned)*v);
      }
      return *name == "Vector" ? types.vec(ext[0], dt->scalar) : types.mat(ext[0], ext[1], dt->scalar);
    }
  }
  if (std::optional<const Type *> t = resolveCompositeType(ann, scope))
    return *t;
  // `arr.dtype` of a host array the source makes with a dtype
  // (`inputs = wp.array(data, dtype=wp.float32)`, also wp.zeros, wp.empty,
  // wp.ones, wp.full): that dtype, as Python reads it when it runs the def.
  if (auto *a = llvm::dyn_cast_or_null<AttributeExpr>(ann); a && a->attr == "dtype")
    if (auto *n = llvm::dyn_cast<NameExpr>(a->base))
      if (const Symbol *s = scope->lookup(n->name); s && s->kind == Symbol::Const)
        if (auto *c = llvm::dyn_cast_or_null<CallExpr>(s->constDef->value)) {
          auto ctor = warpNameOf(c->callee, s->constDef->scope);
          if (ctor && (*ctor == "array" || *ctor == "zeros" || *ctor == "empty" || *ctor == "ones" ||
                       *ctor == "full"))
            for (Keyword &kw : c->kwargs)
              if (kw.name == "dtype")
                return resolveType(kw.value, s->constDef->scope);
        }
  if (fn) // type(x), a.dtype: types named through values (Generics.cpp)
    if (const Type *t = typeValue(ann))
      return t;
  std::string what = describeAnnotation(ann);
  error(ann->loc, "unsupported type annotation" + (what.empty() ? "" : " '" + what + "'") +
                      " (expected a Warp type such as float, wp.vec3, wp.array(dtype=float) or a "
                      "@wp.struct)");
  return nullptr;
}

/// `tuple[A, B]`, `Tuple[A, B]` or `typing.Tuple[A, B]` as a return annotation.
SubscriptExpr *Sema::tupleAnnotation(Expr *e, Scope *scope) {
  auto *s = llvm::dyn_cast<SubscriptExpr>(e);
  if (!s)
    return nullptr;
  llvm::StringRef name;
  if (auto *n = llvm::dyn_cast<NameExpr>(s->base))
    name = n->name;
  else if (auto *a = llvm::dyn_cast<AttributeExpr>(s->base))
    name = a->attr;
  return (name == "tuple" || name == "Tuple") ? s : nullptr;
}

/// True if every path through `body` ends in a return (or loops forever).
bool Sema::alwaysReturns(const Body &body) {
  for (const Stmt *s : body) {
    if (s->kind == StmtKind::Return)
      return true;
    if (auto *i = llvm::dyn_cast<IfStmt>(s))
      if (!i->elseBody.empty() && alwaysReturns(i->thenBody) && alwaysReturns(i->elseBody))
        return true;
    if (auto *w = llvm::dyn_cast<WhileStmt>(s)) {
      auto *b = llvm::dyn_cast<BoolExpr>(w->cond);
      std::function<bool(const Body &)> breaks = [&](const Body &stmts) {
        for (const Stmt *c : stmts) {
          if (c->kind == StmtKind::Break)
            return true;
          if (auto *i = llvm::dyn_cast<IfStmt>(c))
            if (breaks(i->thenBody) || breaks(i->elseBody))
              return true;
        }
        return false;
      };
      if (b && b->value && !breaks(w->body))
        return true;
    }
  }
  return false;
}

/// Two funcs or structs of one name in one scope. Warp overloads funcs by
/// signature; a later struct replaces the earlier one from then on, while
/// kernels defined in between keep the earlier (Python evaluates annotations
/// when it runs a def). kdsl rejects the second definition (once), whichever
/// of the two is checked. (Kernels of one name all stay: see parseDef.)
template <typename Def>
static bool reportRedefinition(DiagEngine &diags, Def *def, llvm::StringRef kind,
                               llvm::StringRef rule) {
  for (auto [first, second] : {std::pair{def->previousDef, def}, std::pair{def, def->nextDef}}) {
    if (!first || !second)
      continue;
    if (!second->redefinitionReported) {
      second->redefinitionReported = true;
      diags.error(second->loc, "redefinition of " + kind + " '" + second->name + "'; " + rule);
      diags.note(first->loc, "the first definition of '" + first->name + "' is here");
    }
    return false;
  }
  return true;
}

bool Sema::checkStruct(StructDef *s) {
  if (s->state == CheckState::Done)
    return true;
  if (s->state == CheckState::Failed)
    return false;
  if (s->state == CheckState::InProgress)
    return error(s->loc, "struct '" + s->name + "' contains itself");
  s->state = CheckState::InProgress;
  bool ok = true;
  if (!s->decoratorError.empty())
    ok = error(s->decoratorErrorLoc, s->decoratorError);
  for (Keyword &kw : s->options)
    if (ok && kw.name != "module") // Warp's only @wp.struct option; no effect in one file
      ok = error(kw.loc, "unknown @wp.struct option '" + kw.name + "'");
  if (ok)
    ok = reportRedefinition(diags, s, "struct", "kdsl needs one struct per name in a scope");
  if (ok && !s->unsupported.empty())
    ok = error(s->unsupportedLoc, "@wp.struct classes may only contain annotated fields; " +
                                      s->unsupported + " are not supported");
  llvm::StringSet<> seen;
  for (FieldDef &f : s->fields) {
    if (!ok)
      break;
    if (!seen.insert(f.name).second) {
      ok = error(f.loc, "duplicate field '" + f.name + "'");
      break;
    }
    f.type = resolveType(f.annotation, s->scope);
    ok = f.type != nullptr;
  }
  // A struct without fields is allowed, as in Warp (an empty C struct).
  s->state = ok ? CheckState::Done : CheckState::Failed;
  if (ok) {
    s->type = types.structTy(s);
    checkedStructs.push_back(s);
  }
  return ok;
}

/// A vector or matrix of bool in `t` (itself, an array's dtype, a struct
/// field), or null.
static const Type *boolComposite(const Type *t, unsigned depth = 0) {
  if (!t || depth > 16)
    return nullptr;
  if ((t->kind == Type::Vec || t->kind == Type::Mat) && t->scalar == Scalar::Bool)
    return t;
  if (t->kind == Type::Array)
    return boolComposite(t->dtype, depth + 1);
  if (t->kind == Type::Struct && t->structDef)
    for (const FieldDef &fd : t->structDef->fields)
      if (const Type *b = boolComposite(fd.type, depth + 1))
        return b;
  return nullptr;
}

bool Sema::checkFunc(FuncDef *f) {
  if (f->state == CheckState::Done)
    return true;
  if (f->state == CheckState::Failed)
    return false;
  if (f->state == CheckState::InProgress)
    return error(f->loc, "recursion is not supported: '" + f->name + "' calls itself" +
                             (fn && fn != f ? " through '" + fn->name + "'" : ""));
  // Save the caller's state: funcs are checked on first use.
  FuncDef *savedFn = fn;
  unsigned savedLoop = loopDepth;
  bool savedFixed = returnTypeFixed;
  fn = f;
  loopDepth = 0;
  returnTypeFixed = false;
  f->state = CheckState::InProgress;

  bool ok = true;
  const char *what = f->isKernel ? "kernel" : "function";
  if (!f->decoratorError.empty())
    ok = error(f->decoratorErrorLoc, f->decoratorError);
  if (ok && !f->unsupportedSignature.empty())
    ok = error(f->unsupportedLoc, f->unsupportedSignature + " are not supported in a " + what);
  // Funcs of one name are overloads (Generics.cpp: checkOverloadedCall).
  // @wp.func_grad / @wp.func_replay / @wp.overload definitions of this one.
  for (FuncDef *a : f->attached) {
    if (!ok)
      break;
    if (!checkFunc(a)) {
      diags.note(f->loc, "'" + f->name + "' has a " +
                             StringRef(a->decoratorError).drop_front(strlen("kdsl does not support ")).split(' ').first +
                             " definition");
      ok = false;
    }
  }
  // Decorator options: SemaOptions.cpp.
  if (ok)
    ok = checkDefOptions(f);
  llvm::StringSet<> seen;
  for (Param &p : f->params) {
    if (!ok)
      break;
    if (!seen.insert(p.name).second) {
      ok = error(p.loc, "duplicate parameter '" + p.name + "'");
      break;
    }
    if (!classifyParam(f, p)) { // wp.ref[T], wp.Function (SemaFuncParams.cpp)
      ok = false;
      break;
    }
    if (genericParam(f, p)) // an instance's type, or a template's Any (Generics.cpp)
      continue;
    if (!p.annotation) {
      ok = error(p.loc, "parameter '" + p.name + "' needs a type annotation" +
                            (f->isKernel ? "" : " (as in Warp; typing.Any makes it generic)"));
      break;
    }
    p.type = resolveType(p.isRef ? refInner(p.annotation, f->scope) : p.annotation, f->scope);
    if (!p.type) {
      ok = false;
      break;
    }
    if (p.defaultValue && !checkParamDefault(f, p)) {
      ok = false;
      break;
    }
    f->locals[p.name] = p.type;
  }
  // Vectors and matrices of bool are values in kernel code, but have no
  // layout in kdsl's kernel arguments (arrays, structs) on its targets.
  for (Param &p : f->params) {
    if (!ok || !f->isKernel || !p.type)
      break;
    if (p.type->kind == Type::Tuple) {
      ok = error(p.annotation ? p.annotation->loc : p.loc,
                 "kernel parameter '" + p.name + "': a tuple cannot be passed to a kernel "
                 "(only @wp.func parameters can be tuples)");
      break;
    }
    if (const Type *b = boolComposite(p.type))
      ok = error(p.annotation ? p.annotation->loc : p.loc,
                 "kernel parameter '" + p.name + "': " + b->str() +
                     " (a vector or matrix of bool) cannot be passed to a kdsl kernel; "
                     "pass int32 or uint8 components instead");
  }
  if (ok && f->genericTemplate) { // checked per instance (Generics.cpp)
    f->state = CheckState::Done;
    fn = savedFn;
    loopDepth = savedLoop;
    returnTypeFixed = savedFixed;
    return true;
  }
  if (ok && (f->gradOf || f->replayOf))
    ok = checkCustomSignature(f);
  if (ok && f->returns && !(f->templateOf && isGenericAnnotation(f->returns, f->scope))) {
    bool isNone = false;
    if (auto *u = llvm::dyn_cast_or_null<UnsupportedExpr>(f->returns))
      isNone = u->what == "None";
    // `-> types.NoneType` (Python's spelling of None's type) is `-> None`.
    if (auto *a = llvm::dyn_cast_or_null<AttributeExpr>(f->returns))
      isNone = a->attr == "NoneType";
    if (isNone)
      returnTypeFixed = true; // `-> None`: no return may give a value
    if (!isNone) {
      if (f->isKernel) {
        ok = error(f->returns->loc, "kernels cannot return values");
      } else if (auto *t = tupleAnnotation(f->returns, f->scope)) {
        for (Expr *e : t->indices) {
          const Type *rt = resolveType(e, f->scope);
          if (!rt) {
            ok = false;
            break;
          }
          f->resultTypes.push_back(rt);
        }
        returnTypeFixed = ok;
      } else if (const Type *rt = fixedArrayAnnotation(f->returns, f->scope)) {
        f->resultTypes.push_back(rt); // -> wp.fixedarray(shape=..., dtype=...)
        returnTypeFixed = true;
      } else if (isFixedArrayAnnotation(f->returns, f->scope)) {
        ok = false;
      } else if (const Type *rt = resolveType(f->returns, f->scope)) {
        f->resultTypes.push_back(rt);
        returnTypeFixed = true;
      } else {
        ok = false;
      }
    }
  }
  if (ok)
    ok = expandStatics(f); // wp.static(...), before the body is typed
  if (ok)
    ok = checkBody(f->body);
  if (ok && !f->isKernel && !f->resultTypes.empty() && !alwaysReturns(f->body))
    ok = error(f->loc, "function '" + f->name + "' returns " + f->resultTypes[0]->str() +
                           " but can reach its end without a return statement");
  if (ok && f->isKernel && f->tidDims == 0)
    f->tidDims = 1;
  f->state = ok ? CheckState::Done : CheckState::Failed;
  if (ok) {
    f->symName = uniqueSymbol(instanceSymbol(f));
    if (!f->isKernel)
      checkedFuncs.push_back(f);
  }
  // Its custom gradient / replay func (checked once f is: they may call f).
  if (ok && !finishCustomFuncs(f))
    f->state = CheckState::Failed, ok = false;
  fn = savedFn;
  loopDepth = savedLoop;
  returnTypeFixed = savedFixed;
  return ok;
}

/// Module constants: Python numbers are folded (and adapt like literals);
/// other values (wp.vec3(...), wp.float64(...)) keep their expression.
bool Sema::checkConst(ConstDef *c) {
  if (c->state == CheckState::Done)
    return true;
  if (c->state == CheckState::Failed)
    return false;
  if (c->state == CheckState::InProgress)
    return error(c->loc, "constant '" + c->name + "' refers to itself");
  c->state = CheckState::InProgress;
  // Strip wp.constant(...).
  if (auto *call = llvm::dyn_cast_or_null<CallExpr>(c->value)) {
    auto name = warpNameOf(call->callee, c->scope);
    if (name && *name == "constant" && call->args.size() == 1 && call->kwargs.empty())
      c->value = call->args[0];
  }
  FuncDef *savedFn = fn;
  FuncDef ctx; // constants see only the names of the scope they stand in
  ctx.scope = c->scope;
  ctx.name = c->name;
  fn = &ctx;
  Scope *savedConstScope = constScope;
  constScope = nullptr;
  bool ok = true;
  const Type *typed = nullptr;
  if (auto *call = llvm::dyn_cast_or_null<CallExpr>(c->value)) {
    auto name = warpNameOf(call->callee, c->scope);
    if (name)
      if (const Type *t = lookupWarpType(*name, types); t && t->isScalar())
        typed = t;
    if (auto *n = llvm::dyn_cast<NameExpr>(call->callee)) // pi = wptype(math.pi)
      if (const Type *t = aliasedType(c->scope->lookup(n->name)); t && t->isScalar())
        typed = t;
  }
  HostRaise raised;
  std::optional<PyNumber> v = evalHost(c->value, &raised);
  if (!v && (!raised.msg.empty() || raised.reported)) {
    // Python raises importing the module: Warp never gets to the kernel.
    if (!raised.msg.empty())
      error(raised.loc, "constant '" + c->name + "': " +
                            (StringRef(raised.msg).contains("Error: ") ? "Python raises " : "") +
                            raised.msg);
    c->raises = true;
    ok = false;
  } else if (v) {
    c->ckind = v->kind == PyNumber::Int     ? ConstDef::Kind::Int
               : v->kind == PyNumber::Float ? ConstDef::Kind::Float
                                            : ConstDef::Kind::Bool;
    c->exact = v->i;
    // [2^63, 2^64 - 1] as the bit pattern (a uint64, or an int64's bits).
    c->ival = v->isFloat() || !fitsIntLiteral(v->i, 64, true)
                  ? 0
                  : (int64_t)v->i.apint().sextOrTrunc(64).getZExtValue();
    c->fval = v->toDouble().value_or(v->i.isNegative() ? -HUGE_VAL : HUGE_VAL);
    c->type = typed ? typed : v->kind == PyNumber::Bool ? types.boolTy() : nullptr;
    // wp.int32(x): x must fit, as a literal must (a bit pattern of a signed
    // type is fine).
    if (typed && typed->isIntScalar() && !v->isFloat() &&
        !fitsIntLiteral(c->exact, bitWidth(typed->scalar), isSigned(typed->scalar)))
      ok = error(c->value->loc, "constant '" + c->name + "': " + c->exact.brief() +
                                    " does not fit in " + typed->str());
  } else {
    // wp.vec3([1.0, 2.0, 3.0]), mat22([a, b, c, d]), mat22([[a, b], [c, d]]):
    // Python's vector and matrix types take one sequence for their
    // components (warp/_src/types.py: __init__(*seq)); a list or tuple
    // literal of the source becomes the arguments (row lists flattened).
    auto vecLikeCtor = [&](CallExpr *call) {
      const Type *t = nullptr;
      if (auto name = warpNameOf(call->callee, c->scope))
        t = lookupWarpType(*name, types);
      if (auto *n = llvm::dyn_cast<NameExpr>(call->callee); n && !t)
        t = aliasedType(c->scope->lookup(n->name)); // vec3bool = wp.types.vector(3, wp.bool)
      return t && t->isVecLike();
    };
    if (auto *call = llvm::dyn_cast_or_null<CallExpr>(c->value);
        call && call->args.size() == 1 && call->kwargs.empty() && vecLikeCtor(call))
      if (auto *u = llvm::dyn_cast<UnsupportedExpr>(call->args[0]);
          u && !u->isSet && !u->listItems.empty()) {
        llvm::SmallVector<Expr *, 4> items;
        bool rows = llvm::all_of(u->listItems, [](Expr *x) {
          auto *r = llvm::dyn_cast<UnsupportedExpr>(x);
          return r && !r->isSet && !r->listItems.empty();
        });
        for (Expr *x : u->listItems)
          if (rows)
            llvm::append_range(items, llvm::cast<UnsupportedExpr>(x)->listItems);
          else
            items.push_back(x);
        call->args.assign(items.begin(), items.end());
      } else if (auto *tup = llvm::dyn_cast<TupleExpr>(call->args[0])) {
        llvm::SmallVector<Expr *, 4> items(tup->elts.begin(), tup->elts.end());
        call->args.assign(items.begin(), items.end());
      }
    // A module-level value that is not a kernel-language expression is host
    // code: the use site reports it (see checkName), not the host line.
    const Type *t;
    {
      SuppressDiags quiet(diags);
      t = check(c->value);
    }
    if (!t) {
      ok = false;
      c->hostValue = true;
    } else {
      t = finalize(c->value);
      if (t->kind == Type::Tuple || t->kind == Type::Void || t->kind == Type::Shape ||
          t->kind == Type::Array)
        ok = error(c->loc, "constant '" + c->name + "' has no value usable in kernels");
      c->type = t;
    }
  }
  fn = savedFn;
  constScope = savedConstScope;
  c->state = ok ? CheckState::Done : CheckState::Failed;
  return ok;
}

//===----------------------------------------------------------------------===//
// Literal typing
//===----------------------------------------------------------------------===//

/// Integer literal arithmetic whose value changes if done in floating point.
static bool needsIntEval(const Expr *e) {
  if (auto *b = llvm::dyn_cast<BinaryExpr>(e))
    return b->op == BinOp::Div || b->op == BinOp::FloorDiv || b->op == BinOp::Mod ||
           b->op == BinOp::BitAnd || b->op == BinOp::BitOr || b->op == BinOp::BitXor ||
           b->op == BinOp::Shl || b->op == BinOp::Shr || b->op == BinOp::Pow ||
           needsIntEval(b->lhs) || needsIntEval(b->rhs);
  if (auto *u = llvm::dyn_cast<UnaryExpr>(e))
    return u->op == UnOp::Invert || needsIntEval(u->operand);
  return false;
}

void Sema::setLiteralType(Expr *e, const Type *t) {
  if (e->type && e->type->kind == Type::IntLit && t->isFloatScalar() && needsIntEval(e)) {
    // Compute in int32 with C semantics, then convert.
    setLiteralType(e, types.i32());
    e->evalType = types.i32();
    e->type = t;
    return;
  }
  e->type = t;
  switch (e->kind) {
  case ExprKind::Unary: {
    auto *u = static_cast<UnaryExpr *>(e);
    if (u->operand->type && u->operand->type->isLiteral())
      setLiteralType(u->operand, t);
    break;
  }
  case ExprKind::Binary: {
    auto *b = static_cast<BinaryExpr *>(e);
    if (b->lhs->type && b->lhs->type->isLiteral())
      setLiteralType(b->lhs, t);
    if (b->rhs->type && b->rhs->type->isLiteral())
      setLiteralType(b->rhs, t);
    break;
  }
  case ExprKind::IfExp: {
    auto *i = static_cast<IfExpExpr *>(e);
    if (i->thenExpr->type->isLiteral())
      setLiteralType(i->thenExpr, t);
    if (i->elseExpr->type->isLiteral())
      setLiteralType(i->elseExpr, t);
    break;
  }
  default:
    break;
  }
}

/// The value of an integer literal, possibly negated.
static std::optional<std::pair<bool, uint64_t>> intLiteral(const Expr *e) {
  bool neg = false;
  while (auto *u = llvm::dyn_cast<UnaryExpr>(e)) {
    if (u->op == UnOp::Neg)
      neg = !neg;
    else if (u->op != UnOp::Pos)
      return std::nullopt;
    e = u->operand;
  }
  if (auto *i = llvm::dyn_cast<IntExpr>(e))
    return std::make_pair(neg, i->value);
  return std::nullopt;
}

bool Sema::coerce(Expr *e, const Type *t, const llvm::Twine &what) {
  const Type *from = e->type;
  if (from == t)
    return true;
  // A fixed-size local array (wp.zeros) is an array: it binds to a parameter
  // of its dtype and dimension count (by reference, as in Warp).
  if (from->isFixedArray() && t->isPlainArray() && !t->isFixedArray() && from->dtype == t->dtype &&
      from->ndim == t->ndim)
    return true;
  if (from->kind == Type::IntLit && t->isIntScalar()) {
    // A literal must fit its type: [-2^(w-1), 2^w - 1] for signed types (bit
    // patterns such as 0xFFFFFFFF are fine), [0, 2^w - 1] for unsigned ones.
    if (auto lit = intLiteral(e)) {
      unsigned w = bitWidth(t->scalar);
      uint64_t umax = w == 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1;
      uint64_t negMax = isSigned(t->scalar) ? (uint64_t)1 << (w - 1) : 0;
      if (lit->first ? lit->second > negMax : lit->second > umax)
        return error(e->loc, what + ": the literal does not fit in " + t->str());
    }
  }
  if (from->kind == Type::IntLit && t->isNumeric() && !t->isLiteral()) {
    setLiteralType(e, t);
    return true;
  }
  if (from->kind == Type::FloatLit && t->isFloatScalar()) {
    setLiteralType(e, t);
    return true;
  }
  if (from->isLiteral() && t->isBool()) {
    setLiteralType(e, types.concrete(from));
    return error(e->loc, what + ": expected bool, got " + types.concrete(from)->str());
  }
  if (from->kind == Type::FloatLit && t->isIntScalar())
    return error(e->loc, what + ": a float literal cannot be used as " + t->str());
  if (from->isLiteral())
    return error(e->loc, what + ": expected " + t->str() + ", got a number");
  return error(e->loc, what + ": expected " + t->str() + ", got " + from->str() +
                           (t->isScalar() && from->isScalar()
                                ? " (convert explicitly, e.g. " + std::string(warpName(t->scalar)) + "(x))"
                                : ""));
}

const Type *Sema::finalize(Expr *e) {
  if (e->type && e->type->isLiteral())
    setLiteralType(e, types.concrete(e->type));
  return e->type;
}

const Type *Sema::unify(Expr *a, Expr *b, SMLoc loc, StringRef what) {
  const Type *ta = a->type, *tb = b->type;
  if (ta->isLiteral() && tb->isLiteral())
    return ta->kind == Type::FloatLit || tb->kind == Type::FloatLit ? types.floatLit() : types.intLit();
  if (ta->isLiteral())
    return coerce(a, tb, what) ? tb : nullptr;
  if (tb->isLiteral())
    return coerce(b, ta, what) ? ta : nullptr;
  if (ta != tb) {
    error(loc, what + ": operands have different types " + ta->str() + " and " + tb->str() +
                   (ta->isScalar() && tb->isScalar() ? " (convert one explicitly)" : ""));
    return nullptr;
  }
  return ta;
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

bool Sema::checkBody(Body &body) {
  for (Stmt *&s : body)
    if (!desugarBuiltinStatement(*this, s) || !checkStmt(s))
      return false;
  return true;
}

bool Sema::checkCondition(Expr *cond) {
  const Type *t = check(cond);
  if (!t)
    return false;
  t = finalize(cond);
  // An array is true unless it was passed as None (Warp's optional arrays).
  if (t->isScalar() || t->isArray())
    return true;
  return error(cond->loc, "condition must be a bool, a number or an array, got " + t->str());
}

std::optional<StringRef> Sema::reboundName(StringRef name) {
  auto f = arrayRebinds.find(fn);
  if (f == arrayRebinds.end())
    return std::nullopt;
  auto it = f->second.find(name);
  if (it == f->second.end())
    return std::nullopt;
  return it->second;
}

bool Sema::bindLocal(NameExpr *name, const Type *vt, Expr *value, SMLoc loc) {
  name->ref = RefKind::Local;
  if (auto r = reboundName(name->name))
    name->name = *r;
  // `x = 0` makes x a compile-time constant in Warp until it is reassigned.
  if (value && vt->isLiteral())
    fn->literalLocals[name->name] = value;
  else
    fn->literalLocals.erase(name->name);
  auto it = fn->locals.find(name->name);
  if (it != fn->locals.end()) {
    const Type *t = it->second;
    name->type = t;
    if (vt == t)
      return true;
    if (vt->isLiteral() && value)
      return coerce(value, t, "assignment to '" + name->name + "'");
    // An array local rebound with another ndim at the top of the body: a
    // fresh local from here on (Warp compares arrays by kind and dtype).
    if (assignAtTopLevel && t->kind == Type::Array && vt->kind == Type::Array && t->dtype == vt->dtype &&
        t->indexed == vt->indexed) {
      StringRef base = name->name.split('.').first;
      unsigned k = 1;
      while (fn->locals.count((base + "." + llvm::Twine(k)).str()))
        ++k;
      rebindNames.push_back((base + "." + llvm::Twine(k)).str());
      StringRef fresh = rebindNames.back();
      arrayRebinds[fn][base] = fresh;
      name->name = fresh;
      fn->locals[fresh] = vt;
      name->type = vt;
      return true;
    }
    return error(loc, "local variable '" + name->name + "' changes type from " + t->str() +
                          " to " + types.concrete(vt)->str() +
                          " (locals keep the type of their first assignment)");
  }
  const Type *t = value ? finalize(value) : types.concrete(vt);
  if (t->kind == Type::Void || t->kind == Type::Shape)
    return error(loc, "cannot assign a value of type " + t->str() + " to '" + name->name + "'");
  fn->locals[name->name] = t;
  name->type = t;
  return true;
}

bool Sema::isLValue(Expr *e) {
  if (auto *n = llvm::dyn_cast_or_null<NameExpr>(e))
    return n->ref == RefKind::Local;
  if (auto *s = llvm::dyn_cast_or_null<SubscriptExpr>(e))
    return s->skind == SubKind::ArrayElem ||
           ((s->skind == SubKind::VecElem || s->skind == SubKind::MatElem ||
             s->skind == SubKind::MatRow || s->skind == SubKind::CompSlice) &&
            isLValue(s->base));
  if (auto *a = llvm::dyn_cast_or_null<AttributeExpr>(e))
    return (a->akind == AttrKind::Component || a->akind == AttrKind::StructField ||
            a->akind == AttrKind::TransformPart) &&
           isLValue(a->base);
  return false;
}

bool Sema::checkAssignTarget(Expr *target, const Type *vt, Expr *value, SMLoc loc) {
  if (auto *n = llvm::dyn_cast_or_null<NameExpr>(target))
    return bindLocal(n, vt, value, loc);
  if (target->kind == ExprKind::Subscript || target->kind == ExprKind::Attribute) {
    const Type *tt = check(target);
    if (!tt)
      return false;
    if (!isLValue(target))
      return error(target->loc, "cannot assign to this expression");
    if (value)
      return coerce(value, tt, "assignment");
    if (vt != tt)
      return error(loc, "cannot assign " + vt->str() + " to a target of type " + tt->str());
    return true;
  }
  if (target->kind == ExprKind::Tuple)
    return error(target->loc, "nested tuple unpacking is not supported");
  return error(target->loc, "cannot assign to this expression");
}

static bool isTidCall(Expr *e, Sema &) { return e && e->kind == ExprKind::Call; }

bool Sema::checkAssign(Expr *target, Expr *value, const Type *, SMLoc loc) {
  if (auto *tup = llvm::dyn_cast_or_null<TupleExpr>(target)) {
    size_t n = tup->elts.size();
    // i, j = wp.tid()
    if (auto *call = llvm::dyn_cast_or_null<CallExpr>(value); call && isTidCall(call, *this)) {
      auto name = warpNameOf(call->callee, fn->scope);
      if (name && *name == "tid") {
        if (!checkTid(call, n))
          return false;
        for (Expr *t : tup->elts)
          if (!checkAssignTarget(t, types.i32(), nullptr, loc))
            return false;
        return true;
      }
    }
    if (auto *vt = llvm::dyn_cast_or_null<TupleExpr>(value)) {
      if (vt->elts.size() != n)
        return error(loc, "cannot unpack " + llvm::Twine(vt->elts.size()) + " values into " +
                              llvm::Twine(n) + " targets");
      for (Expr *e : vt->elts)
        if (!check(e))
          return false;
      value->type = types.voidTy();
      for (size_t i = 0; i < n; ++i)
        if (!checkAssignTarget(tup->elts[i], vt->elts[i]->type, vt->elts[i], loc))
          return false;
      return true;
    }
    const Type *t = check(value);
    if (!t)
      return false;
    if (t->kind != Type::Tuple)
      return error(value->loc, "cannot unpack a value of type " + t->str() + " into " +
                                   llvm::Twine(n) + " targets");
    if (t->elems.size() != n)
      return error(loc, "cannot unpack " + llvm::Twine(t->elems.size()) + " values into " +
                            llvm::Twine(n) + " targets");
    for (size_t i = 0; i < n; ++i)
      if (!checkAssignTarget(tup->elts[i], t->elems[i], nullptr, loc))
        return false;
    return true;
  }
  const Type *t = check(value);
  if (!t)
    return false;
  // A tuple (a tuple expression, or a call giving several values) assigned
  // to one name is a tuple value, as in Warp; elements are not assignable.
  if (t->kind == Type::Tuple && !llvm::isa<NameExpr>(target))
    return error(target->loc, "a tuple can only be assigned to a name (its elements are "
                              "read-only)");
  if (t->kind == Type::Void)
    return error(value->loc, "this call returns no value");
  if (t->kind == Type::Shape)
    return error(value->loc, "array shapes can only be indexed (x.shape[0])");
  return checkAssignTarget(target, t, value, loc);
}

bool Sema::checkFor(ForStmt *s) {
  if (s->hasElse)
    return error(s->loc, "for-else is not supported");
  auto *target = llvm::dyn_cast_or_null<NameExpr>(s->target);
  if (!target)
    return error(s->target->loc, "the for-loop target must be a single name");
  Expr *iter = s->iter;
  auto calleeName = [&](Expr *e) -> StringRef {
    auto *c = llvm::dyn_cast_or_null<CallExpr>(e);
    if (!c)
      return "";
    auto *n = llvm::dyn_cast_or_null<NameExpr>(c->callee);
    if (!n || fn->locals.count(n->name) || fn->scope->lookup(n->name))
      return "";
    return n->name;
  };
  if (calleeName(iter) == "reversed") {
    auto *c = static_cast<CallExpr *>(iter);
    if (c->args.size() != 1 || !c->kwargs.empty())
      return error(iter->loc, "reversed() takes exactly one range(...) argument");
    s->reversed = true;
    iter = c->args[0];
  }
  if (calleeName(iter) != "range")
    return error(iter->loc, "only 'for ... in range(...)' loops (optionally reversed) are "
                            "supported in kernels");
  auto *range = static_cast<CallExpr *>(iter);
  if (!range->kwargs.empty() || range->args.empty() || range->args.size() > 3)
    return error(iter->loc, "range() takes 1 to 3 positional arguments");
  const Type *it = nullptr;
  for (Expr *a : range->args) {
    const Type *t = check(a);
    if (!t)
      return false;
    if (!t->isLiteral() && !t->isIntScalar())
      return error(a->loc, "range() arguments must be integers, got " + t->str());
    if (!t->isLiteral()) {
      if (it && it != t)
        return error(a->loc, "range() arguments have different integer types " + it->str() +
                                 " and " + t->str());
      it = t;
    }
  }
  if (!it)
    it = types.i32();
  for (Expr *a : range->args)
    if (!coerce(a, it, "range() argument"))
      return false;
  if (range->args.size() == 1) {
    s->stop = range->args[0];
  } else {
    s->start = range->args[0];
    s->stop = range->args[1];
    if (range->args.size() == 3) {
      s->step = range->args[2];
      if (auto v = evalConst(s->step); v && v->kind == ConstValue::Int && v->i == 0)
        return error(s->step->loc, "range() step must not be zero");
    }
  }
  if (!bindLocal(target, it, nullptr, s->target->loc))
    return false;
  ++loopDepth;
  bool ok = checkBody(s->body);
  --loopDepth;
  return ok;
}

bool Sema::checkReturn(ReturnStmt *s) {
  if (fn->isKernel) {
    if (s->value)
      return error(s->value->loc, "kernels cannot return a value");
    return true;
  }
  std::vector<Expr *> values;
  if (s->value) {
    if (auto *t = llvm::dyn_cast_or_null<TupleExpr>(s->value))
      values.assign(t->elts.begin(), t->elts.end());
    else
      values.push_back(s->value);
  }
  for (Expr *v : values) {
    const Type *t = check(v);
    if (!t)
      return false;
    if (t->kind == Type::Tuple || t->kind == Type::Void || t->kind == Type::Shape)
      return error(v->loc, "cannot return a value of type " + t->str());
  }
  if (s->value && s->value->kind == ExprKind::Tuple)
    s->value->type = types.voidTy();
  if (!returnTypeFixed) {
    for (Expr *v : values)
      fn->resultTypes.push_back(finalize(v));
    returnTypeFixed = true;
    return true;
  }
  if (values.size() != fn->resultTypes.size()) {
    if (fn->resultTypes.empty())
      return error(s->loc, fn->returns ? "this 'return' has a value but the function is annotated '-> None'"
                                       : "this 'return' has a value but the function returned nothing before");
    return error(s->loc, "this 'return' gives " + llvm::Twine(values.size()) +
                             " value(s) but the function returns " +
                             llvm::Twine(fn->resultTypes.size()));
  }
  for (size_t i = 0; i < values.size(); ++i) {
    // A fixed-size array is returned by value (copied into the caller's frame,
    // MLIRGen): its type must be the func's result type exactly, as in Warp.
    const Type *vt = values[i]->type;
    if (vt->isFixedArray() && vt != fn->resultTypes[i])
      return error(values[i]->loc, "the function '" + fn->name + "' returns a fixed-size array (" +
                                       vt->str() + ") whereas its return type is " +
                                       (fn->returns ? "annotated as " : "") + fn->resultTypes[i]->str() +
                                       " (as in Warp, annotate it -> wp.fixedarray(shape=..., dtype=...) or "
                                       "leave it unannotated)");
    if (!coerce(values[i], fn->resultTypes[i], "return value"))
      return false;
  }
  return true;
}

/// Whether `ann` is a call `wp.fixedarray(...)`.
bool Sema::isFixedArrayAnnotation(Expr *ann, Scope *scope) {
  auto *c = llvm::dyn_cast_or_null<CallExpr>(ann);
  auto name = c ? warpNameOf(c->callee, scope) : std::nullopt;
  return name && *name == "fixedarray";
}

/// `wp.fixedarray(shape=(2, 3), dtype=T)` as a func's return annotation (Warp's
/// fixedarray type); null, after an error, for a malformed one, and null
/// without one for any other annotation.
const Type *Sema::fixedArrayAnnotation(Expr *ann, Scope *scope) {
  if (!isFixedArrayAnnotation(ann, scope))
    return nullptr;
  auto *c = llvm::cast<CallExpr>(ann);
  Expr *shape = nullptr, *dtype = nullptr;
  for (Keyword &kw : c->kwargs) {
    if (kw.name == "shape")
      shape = kw.value;
    else if (kw.name == "dtype")
      dtype = kw.value;
    else
      return error(kw.loc, "unsupported fixedarray annotation argument '" + kw.name + "'"), nullptr;
  }
  if (!shape || !dtype || !c->args.empty())
    return error(ann->loc, "a fixedarray return annotation takes shape= and dtype= "
                           "(wp.fixedarray(shape=(2, 3), dtype=float))"),
           nullptr;
  llvm::SmallVector<Expr *, 4> dims = shapeExtents(shape);
  llvm::SmallVector<int64_t, 4> extents;
  for (Expr *x : dims) {
    auto v = evalConst(x);
    if (!v || v->kind != ConstValue::Int || v->i < 0)
      return error(x->loc, "a fixedarray extent must be a non-negative integer constant"), nullptr;
    extents.push_back(v->i);
  }
  if (extents.empty() || extents.size() > 4)
    return error(shape->loc, "a fixedarray has 1 to 4 dimensions"), nullptr;
  const Type *dt = resolveType(dtype, scope);
  if (!dt)
    return nullptr;
  if (!(dt->isScalar() || dt->isVecLike() || dt->kind == Type::Struct))
    return error(dtype->loc, "a fixedarray's dtype must be a scalar, vector, matrix, quaternion, "
                             "transform or struct type, got " + dt->str()),
           nullptr;
  return types.fixedArray(dt, extents);
}

bool Sema::checkStmt(Stmt *s) {
  switch (s->kind) {
  case StmtKind::Pass:
    return true;
  case StmtKind::Break:
  case StmtKind::Continue:
    if (!loopDepth)
      return error(s->loc, llvm::Twine("'") + (s->kind == StmtKind::Break ? "break" : "continue") +
                               "' outside a loop");
    return true;
  case StmtKind::Unsupported:
    return error(s->loc, static_cast<UnsupportedStmt *>(s)->what +
                             " are not supported in kernel code");
  case StmtKind::Expr: {
    auto *e = static_cast<ExprStmt *>(s);
    if (e->isDocstring)
      return true;
    if (!check(e->value))
      return false;
    finalize(e->value);
    return true;
  }
  case StmtKind::Assign: {
    auto *a = static_cast<AssignStmt *>(s);
    if (a->targets.size() != 1)
      return error(a->loc, "chained assignment (a = b = c) is not supported");
    // `f = helper`, `f = wp.sin`, `f = g` (a wp.Function): a name for a function.
    if (auto *n = llvm::dyn_cast<NameExpr>(a->targets[0]))
      if (const Type *ft = functionValue(a->value, fn->scope, true)) {
        a->functionAlias = true;
        return bindLocal(n, ft, nullptr, a->loc);
      }
    // `f, g = ref.magic, other.func`: names for functions, one each.
    if (auto *tt = llvm::dyn_cast<TupleExpr>(a->targets[0]))
      if (auto *tv = llvm::dyn_cast<TupleExpr>(a->value);
          tv && tv->elts.size() == tt->elts.size() &&
          llvm::all_of(tt->elts, [](Expr *t) { return llvm::isa<NameExpr>(t); })) {
        llvm::SmallVector<const Type *, 4> fts;
        for (Expr *v : tv->elts)
          if (const Type *ft = functionValue(v, fn->scope, true))
            fts.push_back(ft);
        if (fts.size() == tv->elts.size()) {
          a->functionAlias = true;
          for (auto [t, ft] : llvm::zip(tt->elts, fts))
            if (!bindLocal(llvm::cast<NameExpr>(t), ft, nullptr, a->loc))
              return false;
          return true;
        }
      }
    bool outer = assignAtTopLevel; // a func checked from the value has its own statements
    assignAtTopLevel = llvm::is_contained(fn->body, s);
    bool ok = checkAssign(a->targets[0], a->value, nullptr, a->loc);
    assignAtTopLevel = outer;
    return ok;
  }
  case StmtKind::AnnAssign: {
    auto *a = static_cast<AnnAssignStmt *>(s);
    auto *n = llvm::dyn_cast_or_null<NameExpr>(a->target);
    if (!n)
      return error(a->target->loc, "annotated assignment needs a simple name");
    const Type *t = resolveType(a->annotation, fn->scope);
    if (!t)
      return false;
    if (!a->value)
      return error(a->loc, "annotated declarations need a value");
    if (!check(a->value))
      return false;
    auto it = fn->locals.find(n->name);
    if (it != fn->locals.end() && it->second != t)
      return error(a->loc, "local variable '" + n->name + "' changes type from " +
                               it->second->str() + " to " + t->str());
    if (!coerce(a->value, t, "assignment to '" + n->name + "'"))
      return false;
    return bindLocal(n, t, a->value, a->loc);
  }
  case StmtKind::AugAssign: {
    auto *a = static_cast<AugAssignStmt *>(s);
    if (a->target->kind == ExprKind::Tuple)
      return error(a->target->loc, "augmented assignment to a tuple is not supported");
    const Type *tt = check(a->target);
    if (!tt)
      return false;
    if (!isLValue(a->target)) {
      if (auto *n = llvm::dyn_cast_or_null<NameExpr>(a->target); n && n->ref != RefKind::Local)
        return error(a->target->loc, "cannot assign to '" + n->name + "'");
      return error(a->target->loc, "cannot assign to this expression");
    }
    if (!check(a->value))
      return false;
    const Type *rt = binaryResult(a->op, a->target, a->value, a->loc);
    if (!rt)
      return false;
    if (auto *n = llvm::dyn_cast<NameExpr>(a->target))
      fn->literalLocals.erase(n->name);
    if (rt != tt)
      return error(a->loc, "augmented assignment would change the type of the target from " +
                               tt->str() + " to " + rt->str());
    if (auto *sub = llvm::dyn_cast_or_null<SubscriptExpr>(a->target);
        sub && sub->skind == SubKind::ArrayElem && (a->op == BinOp::Add || a->op == BinOp::Sub)) {
      // Warp turns `a[i] += v` into an atomic add so that threads can share elements.
      const Type *d = tt;
      bool wide = bitWidth(d->scalar) >= 32 || d->scalar == Scalar::F16 || d->scalar == Scalar::BF16;
      bool ok = (d->isScalar() && !d->isBool() && wide) ||
                ((d->kind == Type::Vec || d->kind == Type::Mat || d->kind == Type::Quat) && wide);
      a->atomic = ok;
    }
    if (auto *sub = llvm::dyn_cast_or_null<SubscriptExpr>(a->target);
        sub && sub->skind == SubKind::ArrayElem &&
        (a->op == BinOp::BitAnd || a->op == BinOp::BitOr || a->op == BinOp::BitXor)) {
      // Warp: `a[i] &= v` (|=, ^=) is wp.atomic_and (or, xor) on arrays of
      // [u]int32 / [u]int64 scalars, vectors and matrices.
      const Type *d = tt;
      a->atomic = isInt(d->scalar) && bitWidth(d->scalar) >= 32 &&
                  (d->isScalar() || d->kind == Type::Vec || d->kind == Type::Mat);
    }
    return true;
  }
  case StmtKind::If: {
    auto *i = static_cast<IfStmt *>(s);
    if (!checkCondition(i->cond))
      return false;
    return checkBody(i->thenBody) && checkBody(i->elseBody);
  }
  case StmtKind::While: {
    auto *w = static_cast<WhileStmt *>(s);
    if (w->hasElse)
      return error(w->loc, "while-else is not supported");
    if (!checkCondition(w->cond))
      return false;
    ++loopDepth;
    bool ok = checkBody(w->body);
    --loopDepth;
    return ok;
  }
  case StmtKind::For:
    return checkFor(static_cast<ForStmt *>(s));
  case StmtKind::Return:
    return checkReturn(static_cast<ReturnStmt *>(s));
  case StmtKind::Assert: {
    auto *a = static_cast<AssertStmt *>(s);
    if (a->msg && !llvm::dyn_cast_or_null<UnsupportedExpr>(a->msg))
      if (!check(a->msg))
        return false;
    return checkCondition(a->test);
  }
  }
  return true;
}
