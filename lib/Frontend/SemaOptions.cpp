//===- SemaOptions.cpp - @wp.kernel(...) and @wp.func(...) options --------===//
//
// Warp 1.16's decorator options, each applied or accepted with a documented
// meaning (docs/language.md, "Decorator options and Warp names"):
//   enable_backward   honoured: False generates no adjoint kernel;
//   module            accepted: a file is one module (any string or name);
//   launch_bounds     int or (maxThreads[, minBlocks]): emitted for CUDA C
//                     (__launch_bounds__) and PTX (.maxntid/.minnctapersm);
//   cluster_dim       int 1..16 or a tuple of ints: recorded, not emitted;
//   grid_stride       bool: accepted; kdsl's CUDA entry points always loop
//                     grid-stride, which covers every launch (no result
//                     changes);
//   module_options    a dict literal of Warp's module options; requires
//                     module="unique" as in Warp; enable_backward is
//                     honoured, the others recorded and not applied.
// Anything else stays an error.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Frontend/Sema.h"

#include "llvm/ADT/StringExtras.h"

using namespace kdsl;
using llvm::StringRef;

/// Warp 1.16's Module.options keys (warp/_src/context.py).
static constexpr const char *kModuleOptions[] = {"max_unroll",
                                                 "enable_backward",
                                                 "enable_mathdx_gemm",
                                                 "enable_mathdx_solver",
                                                 "enable_mathdx_fft",
                                                 "fast_math",
                                                 "fuse_fp",
                                                 "lineinfo",
                                                 "cuda_output",
                                                 "mode",
                                                 "optimization_level",
                                                 "cpu_compiler_flags",
                                                 "block_dim",
                                                 "compile_time_trace",
                                                 "strip_hash",
                                                 "deterministic",
                                                 "deterministic_max_records",
                                                 "default_grid_stride"};

/// The text of a plain string literal ("abc" or 'abc'), if `e` is one.
static std::optional<StringRef> stringLiteral(const Expr *e) {
  auto *u = llvm::dyn_cast_or_null<UnsupportedExpr>(e);
  if (!u || u->raw.size() < 2)
    return std::nullopt;
  StringRef raw = u->raw;
  char q = raw.front();
  if ((q != '"' && q != '\'') || raw.back() != q)
    return std::nullopt;
  StringRef body = raw.drop_front().drop_back();
  if (body.find_first_of("\"'\\") != StringRef::npos)
    return std::nullopt;
  return body;
}

static bool isDictLiteral(const Expr *e) {
  auto *u = llvm::dyn_cast_or_null<UnsupportedExpr>(e);
  return u && u->raw.empty() && u->what == "dict and set literals";
}

bool Sema::checkBoolOption(Keyword &kw, bool &out) {
  auto v = evalConst(kw.value);
  if (!v || v->kind == ConstValue::Float)
    return error(kw.value->loc, kw.name + " must be True or False (a constant)");
  out = v->kind == ConstValue::Bool ? v->b : v->i != 0;
  kw.value = mod.make<BoolExpr>(kw.value->loc, out); // recorded folded (MLIRGen)
  return true;
}

/// An int option, or a tuple of `minN`..`maxN` of them, each in [lo, hi].
bool Sema::checkIntsOption(Keyword &kw, unsigned maxN, int64_t lo, int64_t hi) {
  llvm::SmallVector<Expr *, 3> items;
  if (auto *t = llvm::dyn_cast<TupleExpr>(kw.value))
    items.assign(t->elts.begin(), t->elts.end());
  else
    items.push_back(kw.value);
  if (items.empty() || items.size() > maxN)
    return error(kw.value->loc,
                 kw.name + " takes an int or a tuple of 1 to " + llvm::Twine(maxN) + " ints");
  for (Expr *&e : items) {
    auto v = evalConst(e);
    if (!v || v->kind != ConstValue::Int || v->i < lo || v->i > hi)
      return error(e->loc, kw.name + " must be a constant integer from " + llvm::Twine(lo) +
                               " to " + llvm::Twine(hi));
    e = mod.make<IntExpr>(e->loc, (uint64_t)v->i, false); // recorded folded (MLIRGen)
  }
  if (auto *t = llvm::dyn_cast<TupleExpr>(kw.value))
    t->elts.assign(items.begin(), items.end());
  else
    kw.value = items[0];
  return true;
}

bool Sema::checkModuleOptions(FuncDef *f, Keyword &kw, std::optional<bool> &backward) {
  auto *d = llvm::dyn_cast_or_null<UnsupportedExpr>(kw.value);
  if (!isDictLiteral(d))
    return error(kw.value->loc, "module_options must be a dict literal such as "
                                "{\"fast_math\": True}");
  bool unique = llvm::any_of(f->options, [](const Keyword &o) {
    auto s = stringLiteral(o.value);
    return o.name == "module" && s && *s == "unique";
  });
  if (!unique)
    return error(kw.loc, "module_options requires module=\"unique\" (as in Warp)");
  for (auto &[k, v] : d->dictItems) {
    auto key = stringLiteral(k);
    if (!key)
      return error(k->loc, "module_options keys must be string literals");
    if (!llvm::is_contained(kModuleOptions, *key))
      return error(k->loc, "unknown module option '" + *key + "'; valid options are " +
                               llvm::join(llvm::ArrayRef(kModuleOptions), ", "));
    if (*key == "enable_backward") {
      Keyword inner{*key, k->loc, v};
      bool b = true;
      if (!checkBoolOption(inner, b))
        return false;
      backward = b;
    }
  }
  return true;
}

bool Sema::checkDefOptions(FuncDef *f) {
  StringRef kind = f->isKernel ? "kernel" : "func";
  // The kernel's own enable_backward wins over module_options' (as in Warp).
  std::optional<bool> kernelBackward, moduleBackward;
  // `option=None` is Warp's default for every option: as if not given.
  llvm::erase_if(f->options, [&](const Keyword &kw) {
    auto *u = llvm::dyn_cast<UnsupportedExpr>(kw.value);
    bool known = f->isKernel
                     ? llvm::is_contained({"enable_backward", "launch_bounds", "cluster_dim",
                                           "module", "module_options", "grid_stride"},
                                          kw.name)
                     : kw.name == "module" || kw.name == "name";
    return known && u && u->what == "None";
  });
  for (Keyword &kw : f->options) {
    StringRef n = kw.name;
    bool ok = true;
    if (n == "module")
      ok = true; // any string or name: one file is one module
    else if (!f->isKernel && n == "name")
      ok = true; // Warp's native symbol name; kdsl names symbols itself
    else if (!f->isKernel)
      ok = error(kw.loc, "unknown @wp.func option '" + n + "'");
    else if (n == "enable_backward") {
      bool v = true;
      if ((ok = checkBoolOption(kw, v)))
        kernelBackward = v;
    } else if (n == "grid_stride") {
      bool v = false;
      ok = checkBoolOption(kw, v);
    } else if (n == "launch_bounds")
      ok = checkIntsOption(kw, 2, 1, INT32_MAX);
    else if (n == "cluster_dim")
      ok = checkIntsOption(kw, 3, 1, 16);
    else if (n == "module_options")
      ok = checkModuleOptions(f, kw, moduleBackward);
    else if (llvm::is_contained(
                 {"name", "cuda_max_registers", "enable_cuda_smem_spilling", "entry_point_abi"}, n))
      ok = error(kw.loc, "kdsl does not support the @wp." + kind + " option '" + n + "' yet");
    else
      ok = error(kw.loc, "unknown @wp." + kind + " option '" + n + "'");
    if (!ok)
      return false;
  }
  f->enableBackward = kernelBackward.value_or(moduleBackward.value_or(true));
  return true;
}

/// `def f(x: float, y: float = 2.0)`: as in Warp (where Python evaluates the
/// default once, at the def), the default sees only the names of the scope
/// the def stands in, and takes the parameter's type. Calls that leave the
/// parameter out use this typed expression (SemaCall.cpp).
bool Sema::checkParamDefault(FuncDef *f, Param &p) {
  if (f->isKernel)
    return error(p.defaultValue->loc,
                 "kernel parameters cannot have default values (give every argument at launch)");
  FuncDef *savedFn = fn;
  FuncDef ctx;
  ctx.scope = f->scope;
  ctx.name = f->name;
  fn = &ctx;
  bool ok = check(p.defaultValue) &&
            coerce(p.defaultValue, p.type, "default value of parameter '" + p.name + "'");
  if (ok && p.defaultValue->type->isArray())
    ok = error(p.defaultValue->loc, "array parameters cannot have default values");
  fn = savedFn;
  return ok;
}
