//===- Sema.cpp - definitions and names -----------------------------------===//
//
// Kernels, funcs and structs, and the names that refer to warp. Type
// annotations are SemaTypes.cpp, module constants and literal typing
// SemaConstFold.cpp, statements SemaStmt.cpp, expressions SemaExpr.cpp.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Frontend/Sema.h"

#include "llvm/ADT/StringSet.h"

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
                             StringRef(a->decoratorError)
                                 .drop_front(strlen("kdsl does not support "))
                                 .split(' ')
                                 .first +
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
                 "kernel parameter '" + p.name +
                     "': a tuple cannot be passed to a kernel "
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
