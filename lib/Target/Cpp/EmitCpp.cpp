//===- EmitCpp.cpp - kdsl IR to self-contained C++ ------------------------===//
//
// The module level of the C++/CUDA C printer (CppEmitter.h: the printer and
// its other files): the prelude, structs, @wp.func as static functions,
// kernels as CPU ABI or CUDA entry points, and the public API (Cpp.h).
//
//===----------------------------------------------------------------------===//
#include "CppEmitter.h"
#include "kdsl/Dialect/EntryPoints.h"
#include "kdsl/Support/Mangle.h"

#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace kdsl;
using namespace kdsl::cpp_emit;

static const char *kPrelude =
#include "Prelude.inc.str"
    ;

LogicalResult CppEmitter::emitStruct(StructType st) {
  std::string n = fresh(st.getName());
  usedNames.erase(n);
  globalNames.insert(n);
  structNames[st] = n;
  for (Type f : st.getFieldTypes())
    if (auto inner = dyn_cast<StructType>(f); inner && !structNames.count(inner))
      if (failed(emitStruct(inner)))
        return failure();
  line() << "struct " << n << " {\n";
  for (auto [fname, ftype] : llvm::zip(st.getFieldNames(), st.getFieldTypes()))
    line() << "  " << typeName(ftype) << " " << cppName(fname.getValue(), false) << ";\n";
  line() << "};\n\n";
  return success();
}

/// Whether anything in the module refers to `f`. A func.call does in most
/// cases, found by a walk over the calls; only without one does
/// symbolKnownUseEmpty look at every attribute of every op (far slower).
static bool isReferenced(func::FuncOp f) {
  Operation *module = f->getParentOp();
  StringAttr name = f.getSymNameAttr();
  auto callsF = [&](func::CallOp call) {
    return call.getCalleeAttr().getAttr() == name ? WalkResult::interrupt() : WalkResult::advance();
  };
  return module->walk(callsF).wasInterrupted() || !SymbolTable::symbolKnownUseEmpty(f, module);
}

LogicalResult CppEmitter::emitFunc(func::FuncOp f) {
  // A declaration: the function is defined in another text of the same unit
  // (a kdsl-synth record's backward calls the forward's funcs).
  if (f.isExternal())
    return success();
  resetNames(f);
  currentOwner = f.getSymName().str();
  threadExpr = "-1";
  std::string ret = "void";
  auto results = f.getFunctionType().getResults();
  if (results.size() == 1)
    ret = typeName(results[0]);
  else if (results.size() > 1) {
    // Several return values: a small struct (std::tuple is not usable on the device).
    resultStruct = cppName(f.getSymName(), true) + "_result";
    line() << "struct " << resultStruct << " {\n";
    for (auto [i, t] : llvm::enumerate(results))
      line() << "  " << typeName(t) << " r" << i << ";\n";
    line() << "};\n";
    ret = resultStruct;
  }
  auto argNames = f->getAttrOfType<ArrayAttr>("kdsl.arg_names");
  // A func no kernel calls is still emitted (and checked): -Wunused-function
  // would reject it.
  bool called = isReferenced(f);
  line() << (called ? "" : "[[maybe_unused]] ") << "static KDSL_FN " << ret << " "
         << cppName(f.getSymName(), true) << "(";
  for (auto [i, arg] : llvm::enumerate(f.getArguments())) {
    bindArgument(arg,
                 argNames && i < argNames.size() ? cast<StringAttr>(argNames[i]).getValue() : "a");
    if (argNames && i < argNames.size())
      arrayNames[arg] = cast<StringAttr>(argNames[i]).getValue().str();
    os << (i ? ", " : "") << unusedPrefix(arg) << typeName(arg.getType()) << " " << name(arg);
  }
  os << ") {\n";
  ++indent;
  declareLocalArrays(f);
  if (failed(emitBlock(f.getBody().front())))
    return failure();
  --indent;
  line() << "}\n\n";
  return success();
}

void CppEmitter::declareLocalArrays(Operation *root) {
  localStorage.clear();
  root->walk([&](LocalArrayOp a) {
    std::string n = fresh("local_storage");
    localStorage[a] = n;
    line() << typeName(a.getType().getElementType()) << " " << n << "["
           << std::max<int64_t>(a.getNumElements(), 1) << "];\n";
  });
}

/// The entry point the kernel's #kdsl.entry_point describes (built by
/// kdsl-build-entry-points), and its arguments' locals, up to the body left
/// open.
void CppEmitter::emitKernelHeader(KernelOp k, EntryPointAttr e) {
  const EntryAbi &abi = entryAbi(e.getTarget());
  Block &body = k.getBody().front();
  line() << "// kernel " << k.getSymName() << ": " << abi.comment << "\n";
  std::string mangled = mangleName(e.getSymbol()), specifiers;
  for (StringRef s : abi.specifiers)
    specifiers += (s + " ").str();
  if (ArrayRef<int64_t> lb = e.getLaunchBounds(); !lb.empty())
    specifiers += "__launch_bounds__(" + std::to_string(lb[0]) +
                  (lb.size() > 1 ? ", " + std::to_string(lb[1]) : "") + ") ";
  // C parameter declarations: `int64_t begin`, `void **args`.
  auto declarator = [](StringRef type, StringRef name) {
    return (type + (type.ends_with("*") ? "" : " ") + name).str();
  };
  // A mangled C++ identifier keeps the symbol with an asm label.
  if (abi.asmLabel && mangled != e.getSymbol()) {
    line() << specifiers << mangled << "(";
    for (auto [i, p] : llvm::enumerate(abi.params))
      os << (i ? ", " : "") << p.type;
    os << ") __asm__(\"" << e.getSymbol() << "\");\n";
  }
  line() << specifiers << mangled << "(";
  for (auto [i, p] : llvm::enumerate(abi.params)) {
    os << (i ? ", " : "") << declarator(p.type, p.name);
    usedNames.insert(p.name.str());
  }
  for (auto [i, arg] : llvm::enumerate(body.getArguments())) {
    bindArgument(arg, cast<StringAttr>(k.getArgNames()[i]).getValue());
    arrayNames[arg] = cast<StringAttr>(k.getArgNames()[i]).getValue().str();
    if (abi.argsFrom.empty())
      os << ", " << unusedPrefix(arg) << declType(arg) << " " << rawName(arg);
  }
  os << ") {\n";
  if (!abi.argsFrom.empty())
    for (auto [i, arg] : llvm::enumerate(body.getArguments()))
      line() << "  " << unusedPrefix(arg) << "const " << declType(arg) << " " << rawName(arg)
             << " = kdsl::read_arg<" << declType(arg) << ">(" << abi.argsFrom << "[" << i
             << "]);\n";
  for (unsigned u : e.getUnused())
    line() << "  (void)" << abi.params[u].name << ";\n";
}

LogicalResult CppEmitter::emitKernel(KernelOp k) {
  Attribute entry = k->getAttr(kEntryPointAttrName);
  bool cuda = options.target == CppEmitOptions::Target::Cuda;
  EntryTarget target = cuda ? EntryTarget::cuda : EntryTarget::cpp;
  if (!entry)
    return k.emitOpError("the C++/CUDA C emitters print the entry points kdsl-build-entry-points "
                         "builds: run kdsl-prepare-emission{target=")
           << stringifyEntryTarget(target) << "} first";
  // The dialect's verifier checked that it is a #kdsl.entry_point.
  auto e = cast<EntryPointAttr>(entry);
  if (e.getTarget() != target)
    return k.emitOpError("has the entry point of target '")
           << stringifyEntryTarget(e.getTarget()) << "', not of the " << (cuda ? "CUDA C" : "C++")
           << " emitter's ('" << stringifyEntryTarget(target) << "')";
  resetNames(k);
  currentOwner = k.getSymName().str();
  threadExpr = "-1";
  emitKernelHeader(k, e);
  ++indent;
  if (failed(emitBlock(k.getBody().front())))
    return failure();
  --indent;
  line() << "}\n\n";
  return success();
}

/// The source statements of the module's location, for the comments
/// (kdsl/Dialect/SourceNames.h).
void CppEmitter::readSourceStatements(ModuleOp module) {
  auto fused = dyn_cast<FusedLoc>(module->getLoc());
  auto table = fused ? dyn_cast_or_null<ArrayAttr>(fused.getMetadata()) : ArrayAttr();
  if (!table)
    return;
  if (FileLineColLoc pos = sourcePositionOf(fused)) {
    sourcePath = pos.getFilename().str();
    sourceFile = pos.getFilename().getValue().rsplit('/').second.str();
  }
  if (sourceFile.empty() && fused.getLocations().size())
    if (FileLineColLoc pos = sourcePositionOf(fused))
      sourceFile = pos.getFilename().str();
  for (size_t i = 0; i + 2 < table.size(); i += 3) {
    auto first = dyn_cast<IntegerAttr>(table[i]), last = dyn_cast<IntegerAttr>(table[i + 1]);
    auto text = dyn_cast<StringAttr>(table[i + 2]);
    if (!first || !last || !text)
      continue;
    for (int64_t l = first.getInt(); l <= last.getInt(); ++l)
      statements.try_emplace(l, first.getInt(), text.getValue());
  }
}

/// The structs the module uses (values, block arguments, array elements), in
/// the order it first uses them.
static SetVector<StructType> usedStructs(ModuleOp module) {
  SetVector<StructType> structs;
  module.walk([&](Operation *op) {
    auto visit = [&](Type t) {
      if (auto st = dyn_cast<StructType>(t))
        structs.insert(st);
      if (auto at = dyn_cast<ArrayType>(t))
        if (auto st = dyn_cast<StructType>(at.getElementType()))
          structs.insert(st);
    };
    for (Type t : op->getResultTypes())
      visit(t);
    for (Type t : op->getOperandTypes())
      visit(t);
    for (Region &r : op->getRegions())
      for (Block &b : r)
        for (Type t : b.getArgumentTypes())
          visit(t);
  });
  return structs;
}

/// An error for two names that are emitted alike once mangled (Mangle.h):
/// funcs and kernels among themselves, the fields of each struct.
LogicalResult CppEmitter::checkMangledNames(ModuleOp module, ArrayRef<StructType> structs) {
  llvm::StringMap<std::string> globals;
  auto claim = [&](llvm::StringMap<std::string> &seen, StringRef original, Operation *op,
                   StringRef what) -> LogicalResult {
    auto [it, inserted] = seen.try_emplace(cppName(original, &seen == &globals), original.str());
    if (inserted || it->second == original)
      return success();
    return op->emitError() << what << " '" << original << "' and '" << it->second
                           << "' are both emitted as '" << it->first()
                           << "' (names beyond ASCII are mangled: docs/language.md); rename one";
  };
  for (auto f : module.getOps<func::FuncOp>())
    if (failed(claim(globals, f.getSymName(), f, "names")))
      return failure();
  for (auto k : module.getOps<KernelOp>())
    if (failed(claim(globals, k.getSymName(), k, "names")))
      return failure();
  for (StructType st : structs) {
    llvm::StringMap<std::string> fields;
    for (StringAttr f : st.getFieldNames())
      if (failed(claim(fields, f.getValue(), module, "fields")))
        return failure();
  }
  return success();
}

LogicalResult CppEmitter::emitModule(ModuleOp module) {
  if (!options.prelude)
    os << "// kdsl kernel code: compile after the kdsl prelude (kdsl::cppPrelude()).\n";
  else if (options.target == CppEmitOptions::Target::Cuda)
    os << "// Generated by kdsl (kdsl-translate --emit=cuda). Self-contained CUDA C++17: it needs\n"
          "// only the CUDA toolkit. Entry points follow the GPU ABI (docs/gpu-abi.md):\n"
          "//   extern \"C\" __global__ void <kernel>_cuda_kernel_forward(kdsl_launch launch,\n"
          "//                                                          <arguments by value>);\n";
  else
    os << "// Generated by kdsl (kdsl-translate --emit=cpp). Self-contained C++17: it needs\n"
          "// only a C++ compiler and its standard library. Entry points follow the CPU ABI:\n"
          "//   extern \"C\" void <kernel>_cpu_forward(const int64_t *dims, int64_t begin,\n"
          "//                                        int64_t end, void **args);\n";
  if (options.prelude) {
    os << "#include <type_traits>\n";
    os << kPrelude << "\n";
  }
  readSourceStatements(module);
  SetVector<StructType> structs = usedStructs(module);
  if (failed(checkMangledNames(module, structs.getArrayRef())))
    return failure();
  for (StructType st : structs)
    if (!structNames.count(st) && failed(emitStruct(st)))
      return failure();
  // Locals do not take a func's name (`g = g(x)` would call the local).
  for (auto f : module.getOps<func::FuncOp>())
    globalNames.insert(cppName(f.getSymName(), true));
  for (auto f : module.getOps<func::FuncOp>())
    if (failed(emitFunc(f)))
      return failure();
  for (auto k : module.getOps<KernelOp>())
    if (failed(emitKernel(k)))
      return failure();
  return success();
}

LogicalResult kdsl::emitCpp(ModuleOp module, raw_ostream &os, const CppEmitOptions &options) {
  return CppEmitter(os, options).emitModule(module);
}

std::string kdsl::cppPrelude() { return std::string("#include <type_traits>\n") + kPrelude + "\n"; }
