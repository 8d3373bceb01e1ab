//===- Frontend.cpp - the whole front-end pipeline ------------------------===//
#include "kdsl/Frontend/Frontend.h"
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Frontend/CheckedModule.h"
#include "kdsl/Frontend/MLIRGen.h"
#include "kdsl/Frontend/Parser.h"
#include "kdsl/Frontend/Sema.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/SetVector.h"

using namespace kdsl;

/// Verification failures are compiler bugs: one internal error, with the
/// verifier's diagnostics as notes at the ops' locations.
static mlir::LogicalResult verifyGenerated(mlir::ModuleOp module) {
  std::vector<mlir::Diagnostic> found;
  {
    mlir::ScopedDiagnosticHandler capture(module.getContext(), [&](mlir::Diagnostic &d) {
      found.push_back(std::move(d));
      return mlir::success();
    });
    if (succeeded(mlir::verify(module)))
      return mlir::success();
  }
  mlir::InFlightDiagnostic bug = mlir::emitError(mlir::UnknownLoc::get(module.getContext()))
                                 << "internal error: generated IR does not verify";
  for (mlir::Diagnostic &d : found)
    bug.attachNote(d.getLocation()) << d.str();
  return mlir::failure();
}

/// Replaces the generic kernels of `kernels` by their instances (Sema::
/// instantiateKernel). `requested`: the caller named these kernels, so one
/// without types is an error; in a whole-file translation it is left out,
/// as Warp leaves out generic kernels that have no overloads.
static bool expandGenericKernels(llvm::SourceMgr &sm, DiagEngine &diags, ModuleAST &ast, Sema &sema,
                                 const FrontendOptions &options, bool requested,
                                 std::vector<FuncDef *> &kernels) {
  std::vector<FuncDef *> out;
  for (FuncDef *k : kernels) {
    if (!k->genericTemplate) {
      if (!k->overloadStubs.empty() || !k->overloadCalls.empty()) {
        diags.error(k->overloadStubs.empty() ? k->overloadCalls[0]->loc : k->overloadStubs[0]->loc,
                    "only generic kernels can be overloaded (as in Warp): kernel '" + k->name +
                        "' has no typing.Any parameter");
        return false;
      }
      out.push_back(k);
      continue;
    }
    CallExpr *given = nullptr;
    if (auto it = options.kernelTypes.find(k->name.str()); it != options.kernelTypes.end()) {
      unsigned id = sm.AddNewSourceBuffer(
          llvm::MemoryBuffer::getMemBufferCopy("kernel_types(" + it->second + ")",
                                               "<types of kernel " + k->name.str() + ">"),
          llvm::SMLoc());
      given = llvm::dyn_cast_or_null<CallExpr>(parseStandaloneExpr(id, diags, ast));
      if (!given)
        return false;
    }
    if (!requested && !given && k->overloadStubs.empty() && k->overloadCalls.empty())
      continue;
    std::vector<FuncDef *> instances;
    if (!sema.instantiateKernel(k, given, instances))
      return false;
    if (given) // the one instance asked for takes the kernel's symbol
      instances[0]->symName = k->symName.empty() ? k->name.str() : k->symName;
    out.insert(out.end(), instances.begin(), instances.end());
  }
  kernels = std::move(out);
  return true;
}

namespace kdsl {

/// What CheckedModule holds between the checks and the lowering: the
/// translation's state, as translateSource keeps it on its stack.
struct CheckedModule::Impl {
  Impl(llvm::SourceMgr &sm, mlir::MLIRContext &ctx, const FrontendOptions &options)
      : sm(sm), ctx(ctx), options(options), diags(sm, ctx), sema(ast, diags, types) {}
  llvm::SourceMgr &sm;
  mlir::MLIRContext &ctx;
  FrontendOptions options;
  DiagEngine diags;
  ModuleAST ast;
  TypeContext types;
  Sema sema;
  /// The kernels to translate, checked.
  std::vector<FuncDef *> kernels;
  bool lowered = false;
};

CheckedModule::CheckedModule() = default;
CheckedModule::~CheckedModule() = default;

ModuleAST &CheckedModule::ast() { return impl->ast; }
const std::vector<FuncDef *> &CheckedModule::checkedFuncs() const {
  return impl->sema.getCheckedFuncs();
}
llvm::SourceMgr &CheckedModule::sourceMgr() { return impl->sm; }

std::unique_ptr<CheckedModule> CheckedModule::check(llvm::SourceMgr &sm, mlir::MLIRContext &ctx,
                                                    const FrontendOptions &options) {
  auto impl = std::make_unique<Impl>(sm, ctx, options);
  DiagEngine &diags = impl->diags;
  ModuleAST &ast = impl->ast;
  ast.includeDirs = options.includeDirs;
  if (!parseModule(sm.getMainFileID(), diags, ast))
    return nullptr;
  Sema &sema = impl->sema;

  // The kernel symbols checkAll gives: it names every func first, then the
  // kernels in order (Sema::uniqueSymbol).
  std::vector<std::string> allSymbols;
  {
    llvm::StringMap<unsigned> uses;
    for (FuncDef *f : ast.funcs)
      ++uses[f->name];
    for (FuncDef *k : ast.kernels) {
      unsigned n = uses[k->name]++;
      allSymbols.push_back(n == 0 ? std::string(k->name)
                                  : (llvm::Twine(k->name) + "_" + llvm::Twine(n)).str());
    }
  }
  if (options.kernelSymbols)
    *options.kernelSymbols = allSymbols;

  std::vector<FuncDef *> &kernels = impl->kernels;
  if (options.kernel.empty() && !options.kernels.empty()) {
    std::vector<std::string> symbols;
    for (auto [k, sym] : llvm::zip(ast.kernels, allSymbols))
      if (llvm::is_contained(options.kernels, sym)) {
        kernels.push_back(k);
        symbols.push_back(sym);
      }
    bool ok = true;
    for (FuncDef *k : kernels)
      ok &= sema.checkKernel(k);
    if (!ok)
      return nullptr;
    for (auto [k, sym] : llvm::zip(kernels, symbols))
      k->symName = sym;
  } else if (options.kernel.empty()) {
    if (!sema.checkAll())
      return nullptr;
    kernels = ast.kernels;
  } else {
    for (FuncDef *k : ast.kernels)
      if (k->name == options.kernel) {
        kernels.push_back(k);
        break; // the first definition of that name
      }
    if (kernels.empty()) {
      std::string names;
      for (FuncDef *k : ast.kernels)
        names += (names.empty() ? "" : ", ") + k->name.str();
      diags.error(
          llvm::SMLoc::getFromPointer(sm.getMemoryBuffer(sm.getMainFileID())->getBufferStart()),
          "no kernel named '" + options.kernel + "' in this file" +
              (names.empty() ? std::string(" (it defines no kernels)")
                             : " (kernels: " + names + ")"));
      return nullptr;
    }
    if (!sema.checkKernel(kernels[0]))
      return nullptr;
  }
  std::unique_ptr<CheckedModule> checked(new CheckedModule);
  checked->impl = std::move(impl);
  return checked;
}

mlir::OwningOpRef<mlir::ModuleOp> CheckedModule::lower() {
  assert(!impl->lowered && "a checked module is lowered once");
  impl->lowered = true;
  llvm::SourceMgr &sm = impl->sm;
  mlir::MLIRContext &ctx = impl->ctx;
  const FrontendOptions &options = impl->options;
  DiagEngine &diags = impl->diags;
  ModuleAST &ast = impl->ast;
  Sema &sema = impl->sema;
  std::vector<FuncDef *> &kernels = impl->kernels;
  if (!expandGenericKernels(sm, diags, ast, sema, options,
                            !options.kernel.empty() || !options.kernels.empty(), kernels))
    return nullptr;
  auto module = generateMLIR(ctx, ast, sema, diags, sema.getCheckedFuncs(), kernels);
  if (!module) {
    if (diags.hadInternalError() && options.internalError)
      *options.internalError = true;
    return nullptr;
  }
  if (failed(verifyGenerated(*module))) {
    if (options.internalError)
      *options.internalError = true;
    return nullptr;
  }
  // MLIR integers are signless: record which arguments Warp declares
  // unsigned and which signed (scalars, vectors, matrices and arrays of
  // wp.uint8..uint64, of wp.int8..int64), so that hosts such as kdsl-run read
  // and print them as unsigned, and check inputs against the declared range.
  for (FuncDef *k : kernels) {
    llvm::SmallVector<llvm::StringRef> unsignedNames, signedNames;
    for (const Param &p : k->params) {
      const Type *t = p.type;
      if (t && t->kind == Type::Array)
        t = t->dtype;
      if (t && (t->kind == Type::Scalar || t->kind == Type::Vec || t->kind == Type::Mat) &&
          isInt(t->scalar))
        (isSigned(t->scalar) ? signedNames : unsignedNames).push_back(p.name);
    }
    auto op = module->lookupSymbol<KernelOp>(k->symName);
    mlir::Builder b(&ctx);
    if (op && !unsignedNames.empty())
      op->setAttr("kdsl.unsigned_args", b.getStrArrayAttr(unsignedNames));
    if (op && !signedNames.empty())
      op->setAttr("kdsl.signed_args", b.getStrArrayAttr(signedNames));
  }
  return module;
}

} // namespace kdsl

mlir::OwningOpRef<mlir::ModuleOp> kdsl::translateSource(llvm::SourceMgr &sm, mlir::MLIRContext &ctx,
                                                        const FrontendOptions &options) {
  std::unique_ptr<CheckedModule> checked = CheckedModule::check(sm, ctx, options);
  return checked ? checked->lower() : nullptr;
}

mlir::OwningOpRef<mlir::ModuleOp> kdsl::translateSource(llvm::SourceMgr &sm, mlir::MLIRContext &ctx,
                                                        const FrontendOptions &options,
                                                        llvm::raw_ostream &errs) {
  mlir::SourceMgrDiagnosticHandler handler(sm, &ctx, errs);
  return translateSource(sm, ctx, options);
}
