//===- EmitCpp.cpp - kdsl IR to self-contained C++ ------------------------===//
//
// A structured printer: every op with a result becomes one `const T v = ...;`
// line (constants are inlined as literals), scf.if/for/while become C++
// control flow with the carried values as mutable locals. Float operations
// stay one per statement so no compiler contracts them into FMAs.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Target/Cpp.h"
#include "kdsl/Target/Mangle.h"
#include "kdsl/Target/SourceNames.h"
#include "kdsl/Dialect/Kdsl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallString.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Format.h"

#include <cmath>

using namespace mlir;
using namespace kdsl;

static const char *kPrelude =
#include "Prelude.inc.str"
    ;

/// A name that the C++/CUDA C cannot use as it is: a keyword, a macro of the
/// headers the prelude includes, or (global: funcs and structs) a name those
/// headers or CUDA declare at global scope. Python allows them all.
static bool isReservedCppName(StringRef n, bool global) {
  static const llvm::StringSet<> keywords = {
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break",
      "case", "catch", "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept",
      "const", "consteval", "constexpr", "constinit", "const_cast", "continue", "co_await",
      "co_return", "co_yield", "decltype", "default", "delete", "do", "double", "dynamic_cast",
      "else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto",
      "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
      "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register",
      "reinterpret_cast", "requires", "return", "short", "signed", "sizeof", "static",
      "static_assert", "static_cast", "struct", "switch", "template", "this", "thread_local",
      "throw", "true", "try", "typedef", "typeid", "typename", "union", "unsigned", "using",
      "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq", "final", "override",
      "restrict", "_Bool",
      // Macros of <cmath>, <cstdio>, <cstddef>, <cstdint>, <cassert>, <cerrno>.
      "NULL", "EOF", "NAN", "INFINITY", "HUGE_VAL", "HUGE_VALF", "HUGE_VALL", "assert", "errno",
      "stdin", "stdout", "stderr", "offsetof", "isnan", "isinf", "isfinite", "signbit",
      "fpclassify", "isnormal", "M_PI", "M_E", "BUFSIZ", "FILENAME_MAX", "SEEK_SET", "SEEK_CUR",
      "SEEK_END", "INT8_MAX", "INT16_MAX", "INT32_MAX", "INT64_MAX", "INT8_MIN", "INT16_MIN",
      "INT32_MIN", "INT64_MIN", "UINT8_MAX", "UINT16_MAX", "UINT32_MAX", "UINT64_MAX",
      "SIZE_MAX", "FLT_MAX", "DBL_MAX", "FLT_MIN", "DBL_MIN", "FLT_EPSILON", "DBL_EPSILON"};
  static const llvm::StringSet<> globals = {
      "std", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t",
      "uint64_t", "intptr_t", "uintptr_t", "size_t", "ptrdiff_t", "max_align_t", "nullptr_t",
      "intmax_t", "uintmax_t", "FILE", "fpos_t", "div_t", "ldiv_t", "float_t", "double_t",
      "printf", "fprintf", "sprintf", "snprintf", "puts", "putchar", "getchar", "fopen",
      "fclose", "fread", "fwrite", "fflush", "fputs", "fgets", "fputc", "fgetc", "scanf",
      "sscanf", "fscanf", "perror", "remove", "rename", "tmpfile", "memcpy", "memset", "memmove",
      "memcmp", "memchr", "strlen", "strcpy", "strncpy", "strcmp", "strncmp", "strcat",
      "strncat", "strchr", "strrchr", "strstr", "strtok", "strerror", "strspn", "strcspn",
      "malloc", "free", "calloc", "realloc", "exit", "abort", "atexit", "main", "dim3",
      "blockIdx", "threadIdx", "blockDim", "gridDim", "warpSize", "clock", "time"};
  if (keywords.contains(n) || n.starts_with("KDSL_") || n == "kdsl" ||
      n.starts_with("kdsl_"))
    return true;
  if (!global)
    return false;
  if (globals.contains(n))
    return true;
  // <cmath>'s functions and their float (f) and long double (l) forms.
  static const llvm::StringSet<> math = {
      "abs", "fabs", "sqrt", "cbrt", "sin", "cos", "tan", "asin", "acos", "atan", "atan2",
      "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "exp", "exp2", "expm1", "log",
      "log2", "log10", "log1p", "logb", "ilogb", "pow", "hypot", "floor", "ceil", "round",
      "lround", "llround", "trunc", "rint", "lrint", "llrint", "nearbyint", "fmod",
      "remainder", "remquo", "fmin", "fmax", "fdim", "fma", "copysign", "nan", "erf", "erfc",
      "lgamma", "tgamma", "frexp", "ldexp", "modf", "scalbn", "scalbln", "nextafter",
      "nexttoward", "labs", "llabs", "div", "ldiv", "rand", "srand", "atoi", "atof", "atol",
      "strtod", "strtof", "strtol", "qsort", "bsearch", "sincos", "exp10", "rsqrt"};
  if (math.contains(n))
    return true;
  if ((n.ends_with("f") || n.ends_with("l")) && math.contains(n.drop_back()))
    return true;
  return false;
}

/// A source name as a C++/CUDA C identifier: mangled beyond ASCII
/// (Mangle.h), with a _ appended to a reserved name (isReservedCppName).
static std::string cppName(StringRef name, bool global) {
  std::string n = mangleName(name);
  if (isReservedCppName(n, global))
    n += "_";
  return n;
}

namespace {

class CppEmitter {
public:
  CppEmitter(raw_ostream &os, const CppEmitOptions &options) : os(os), options(options) {}
  LogicalResult emitModule(ModuleOp module);

private:
  raw_ostream &os;
  CppEmitOptions options;
  llvm::DenseMap<Value, std::string> arrayNames; // for bounds-check reports
  unsigned indent = 0;
  llvm::DenseMap<Value, std::string> names;
  llvm::StringSet<> usedNames;   // per function
  /// The C++ spellings of the function's source variable names: temporaries
  /// (v0, v1, ...) never take one, so a source `v0` stays `v0` and no
  /// temporary reads like a source variable.
  llvm::StringSet<> sourceNames;
  llvm::StringSet<> globalNames; // struct and function names
  unsigned counter = 0;
  llvm::StringMap<unsigned> suffixes; // per function: the next _N of a name
  /// Source statements (kdsl/Target/SourceNames.h): line -> (first line, text).
  llvm::DenseMap<unsigned, std::pair<unsigned, StringRef>> statements;
  std::string sourceFile;  // its base name, for the comments
  unsigned lastCommentLine = 0;
  bool lastCommentAdjoint = false;
  /// `// text   (file:line)` before the first op of a source statement.
  void statementComment(Operation &op);
  void resetNames(Operation *owner) {
    names.clear();
    usedNames.clear();
    sourceNames.clear();
    suffixes.clear();
    counter = 0;
    lastCommentLine = 0;
    auto reserve = [&](Value v) {
      if (StringRef src = sourceNameOf(v); !src.empty())
        sourceNames.insert(cppName(src, /*global=*/true));
    };
    owner->walk([&](Operation *op) {
      for (Value r : op->getResults())
        reserve(r);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (Value a : block.getArguments())
            reserve(a);
    });
  }
  llvm::DenseMap<Type, std::string> structNames;
  std::string currentOwner; // kernel or func name, for assert reports
  std::string resultStruct; // the result struct of a func returning several values
  std::string threadExpr;   // the thread index expression in kernels

  raw_ostream &line() { return os.indent(indent * 2); }

  // ---- types -------------------------------------------------------------
  std::string typeName(Type t);
  std::string scalarName(Type t);

  // ---- values ------------------------------------------------------------
  /// A new local: `v` (not `source`) numbers a temporary, v0, v1, ...;
  /// any other name is uniqued as pos, pos_1, pos_2, ...
  std::string fresh(StringRef hint, bool source = false);
  std::string name(Value v);
  std::string literal(Attribute a, Type t);
  /// Names `v` after its source variable (a NameLoc), else after `hint`.
  /// Names an argument: its parameter name is a source name, even `v`.
  void bindArgument(Value v, StringRef name) { names[v] = fresh(name, /*source=*/true); }
  void bind(Value v, StringRef hint) {
    StringRef src = sourceNameOf(v);
    names[v] = fresh(src.empty() ? hint : src, /*source=*/!src.empty() || hint != "v");
  }

  // ---- emission ----------------------------------------------------------
  LogicalResult emitStruct(StructType st);
  LogicalResult emitFunc(func::FuncOp f);
  LogicalResult emitKernel(KernelOp k);
  LogicalResult emitBlock(Block &b);
  LogicalResult emitOp(Operation &op);
  LogicalResult emitExpr(Operation &op, std::string &expr);
  void assign(ValueRange targets, ValueRange values);
  /// With check-bounds: `const bool okN = kdsl::in_bounds(...)`; returns okN.
  std::string boundsCheck(Value array, ValueRange indices);
  /// `[[maybe_unused]] ` for a value nothing reads (it is still computed).
  static const char *unusedPrefix(Value v) { return v.use_empty() ? "[[maybe_unused]] " : ""; }
  void declare(Value v, StringRef expr) {
    bind(v, "v");
    line() << unusedPrefix(v) << "const " << typeName(v.getType()) << " " << name(v) << " = "
           << expr << ";\n";
  }
  std::string call(StringRef fn, ValueRange args) {
    std::string s = fn.str() + "(";
    for (auto [i, a] : llvm::enumerate(args))
      s += (i ? ", " : "") + name(a);
    return s + ")";
  }
};

std::string CppEmitter::scalarName(Type t) {
  if (t.isInteger(1))
    return "bool";
  if (auto i = dyn_cast<IntegerType>(t))
    return "int" + std::to_string(i.getWidth()) + "_t";
  if (t.isF16())
    return "kdsl::half";
  if (t.isF32())
    return "float";
  if (t.isF64())
    return "double";
  if (t.isIndex())
    return "int64_t";
  return "/*unsupported type*/void";
}

std::string CppEmitter::typeName(Type t) {
  if (auto v = dyn_cast<VectorType>(t)) {
    std::string e = scalarName(v.getElementType());
    if (v.getRank() == 1)
      return "kdsl::vec<" + e + ", " + std::to_string(v.getDimSize(0)) + ">";
    return "kdsl::mat<" + e + ", " + std::to_string(v.getDimSize(0)) + ", " +
           std::to_string(v.getDimSize(1)) + ">";
  }
  if (isa<ArrayType>(t))
    return "kdsl_array";
  if (auto st = dyn_cast<StructType>(t))
    return structNames.lookup(t);
  return scalarName(t);
}

std::string CppEmitter::fresh(StringRef hint, bool source) {
  std::string base = cppName(hint, /*global=*/true);
  if (base.empty() || !(std::isalpha((unsigned char)base[0]) || base[0] == '_'))
    base = "v" + base;
  if (base == "v" && !source) { // a temporary: v0, v1, ...
    std::string n;
    do
      n = "v" + std::to_string(counter++);
    while (globalNames.count(n) || sourceNames.count(n) || !usedNames.insert(n).second);
    return n;
  }
  // A source name: pos, then pos_1, pos_2, ... (the first free one).
  std::string n = base;
  unsigned &next = suffixes[base];
  while (globalNames.count(n) || !usedNames.insert(n).second)
    n = base + "_" + std::to_string(++next);
  return n;
}

std::string CppEmitter::literal(Attribute a, Type t) {
  if (auto b = dyn_cast<BoolAttr>(a))
    return b.getValue() ? "true" : "false";
  if (auto i = dyn_cast<IntegerAttr>(a)) {
    if (t.isInteger(1))
      return i.getValue().isZero() ? "false" : "true";
    std::string s = scalarName(t);
    int64_t v = i.getValue().getSExtValue();
    if (v == INT64_MIN)
      return "(" + s + ")(-9223372036854775807LL - 1)";
    return "(" + s + ")" + std::to_string(v) + (t.isIndex() || t.getIntOrFloatBitWidth() == 64 ? "LL" : "");
  }
  if (auto f = dyn_cast<FloatAttr>(a)) {
    double v = f.getValueAsDouble();
    bool isF64 = t.isF64();
    std::string s = scalarName(t);
    std::string text;
    if (std::isnan(v))
      text = isF64 ? "(double)NAN" : "NAN";
    else if (std::isinf(v))
      text = std::string(v < 0 ? "-" : "") + (isF64 ? "(double)INFINITY" : "INFINITY");
    else {
      char buf[64];
      std::snprintf(buf, sizeof buf, isF64 ? "%.17g" : "%.9g", v);
      text = buf;
      if (text.find_first_of(".e") == std::string::npos)
        text += ".0";
      if (!isF64)
        text += "f";
    }
    return t.isF16() ? "kdsl::half(" + text + ")" : text;
  }
  if (auto d = dyn_cast<DenseElementsAttr>(a)) {
    auto vt = cast<VectorType>(t);
    Type e = vt.getElementType();
    if (d.isSplat())
      return "kdsl::splat<" + typeName(t) + ">(" + literal(d.getSplatValue<Attribute>(), e) + ")";
    std::string s = typeName(t) + "{";
    auto values = llvm::to_vector(d.getValues<Attribute>());
    if (vt.getRank() == 1) {
      s += "{";
      for (auto [i, v] : llvm::enumerate(values))
        s += (i ? ", " : "") + literal(v, e);
      return s + "}}";
    }
    int64_t cols = vt.getDimSize(1);
    s += "{";
    for (int64_t r = 0; r < vt.getDimSize(0); ++r) {
      s += (r ? ", {{" : "{{");
      for (int64_t c = 0; c < cols; ++c)
        s += (c ? ", " : "") + literal(values[r * cols + c], e);
      s += "}}";
    }
    return s + "}}";
  }
  return "/*unsupported literal*/";
}

std::string CppEmitter::name(Value v) {
  auto it = names.find(v);
  if (it != names.end())
    return it->second;
  // Constants are printed inline.
  if (auto c = v.getDefiningOp<arith::ConstantOp>())
    return literal(c.getValue(), v.getType());
  return "/*unnamed*/";
}

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

/// Assigns several values to several variables at once (through temporaries,
/// so that a swap works).
void CppEmitter::assign(ValueRange targets, ValueRange values) {
  if (targets.size() == 1) {
    if (name(targets[0]) != name(values[0]))
      line() << name(targets[0]) << " = " << name(values[0]) << ";\n";
    return;
  }
  // Directly when no value is a variable an earlier assignment overwrites.
  bool direct = true;
  for (auto [i, t] : llvm::enumerate(targets))
    for (Value v : values.drop_front(i + 1))
      direct &= name(v) != name(t);
  if (direct) {
    for (auto [t, v] : llvm::zip(targets, values))
      if (name(t) != name(v))
        line() << name(t) << " = " << name(v) << ";\n";
    return;
  }
  SmallVector<std::string> tmps;
  for (Value v : values) {
    std::string t = fresh("t");
    line() << "const " << typeName(v.getType()) << " " << t << " = " << name(v) << ";\n";
    tmps.push_back(t);
  }
  for (auto [t, tmp] : llvm::zip(targets, tmps))
    line() << name(t) << " = " << tmp << ";\n";
}

std::string CppEmitter::boundsCheck(Value array, ValueRange indices) {
  std::string ok = fresh("in_bounds");
  std::string arrayName = arrayNames.lookup(array);
  if (arrayName.empty())
    if (auto fe = array.getDefiningOp<StructExtractOp>())
      arrayName = fe.getField().str();
  if (arrayName.empty())
    arrayName = "<array>";
  line() << "const bool " << ok << " = kdsl::in_bounds(" << name(array) << ", \"" << currentOwner
         << "\", \"" << arrayName << "\", " << threadExpr;
  for (Value i : indices)
    os << ", " << name(i);
  os << ");\n";
  return ok;
}

/// Whether `op` prints anything (constants are inlined, terminators are
/// printed by their region op).
static bool printsCode(Operation &op) {
  return !isa<arith::ConstantOp, ReturnOp, TidOp, scf::YieldOp, scf::ConditionOp,
              memref::AllocaScopeReturnOp>(op);
}

void CppEmitter::statementComment(Operation &op) {
  if (statements.empty() || !printsCode(op))
    return;
  FileLineColLoc pos = sourcePositionOf(op.getLoc());
  if (!pos)
    return;
  auto it = statements.find(pos.getLine());
  if (it == statements.end())
    return;
  bool adjoint = isAdjointLoc(op.getLoc());
  auto [first, text] = it->second;
  if (first == lastCommentLine && adjoint == lastCommentAdjoint)
    return;
  lastCommentLine = first;
  lastCommentAdjoint = adjoint;
  line() << "// " << (adjoint ? "adj: " : "") << text << "   (" << sourceFile << ":" << first
         << ")\n";
}

LogicalResult CppEmitter::emitBlock(Block &b) {
  for (Operation &op : b) {
    statementComment(op);
    if (failed(emitOp(op)))
      return failure();
  }
  return success();
}

static const char *cmpfOp(arith::CmpFPredicate p, bool &negate) {
  negate = false;
  switch (p) {
  case arith::CmpFPredicate::OEQ: return "==";
  case arith::CmpFPredicate::OGT: return ">";
  case arith::CmpFPredicate::OGE: return ">=";
  case arith::CmpFPredicate::OLT: return "<";
  case arith::CmpFPredicate::OLE: return "<=";
  case arith::CmpFPredicate::UNE: return "!=";
  // Unordered predicates are the negation of the opposite ordered one.
  case arith::CmpFPredicate::UGT: negate = true; return "<=";
  case arith::CmpFPredicate::UGE: negate = true; return "<";
  case arith::CmpFPredicate::ULT: negate = true; return ">=";
  case arith::CmpFPredicate::ULE: negate = true; return ">";
  case arith::CmpFPredicate::UEQ: negate = true; return "!="; // approximated below
  default: return nullptr;
  }
}

static const char *cmpiOp(arith::CmpIPredicate p, bool &isUnsigned) {
  isUnsigned = false;
  switch (p) {
  case arith::CmpIPredicate::eq: return "==";
  case arith::CmpIPredicate::ne: return "!=";
  case arith::CmpIPredicate::slt: return "<";
  case arith::CmpIPredicate::sle: return "<=";
  case arith::CmpIPredicate::sgt: return ">";
  case arith::CmpIPredicate::sge: return ">=";
  case arith::CmpIPredicate::ult: isUnsigned = true; return "<";
  case arith::CmpIPredicate::ule: isUnsigned = true; return "<=";
  case arith::CmpIPredicate::ugt: isUnsigned = true; return ">";
  case arith::CmpIPredicate::uge: isUnsigned = true; return ">=";
  }
  return "==";
}

/// `(uintN_t)x` for an integer value; bools (i1) are unsigned already.
static std::string asUnsigned(Type t, const std::string &x) {
  unsigned width = getElementTypeOrSelf(t).getIntOrFloatBitWidth();
  if (width == 1)
    return x;
  return "(uint" + std::to_string(width) + "_t)" + x;
}

LogicalResult CppEmitter::emitExpr(Operation &op, std::string &e) {
  auto bin = [&](const char *sym) {
    e = name(op.getOperand(0)) + " " + sym + " " + name(op.getOperand(1));
  };
  auto fn = [&](StringRef f) { e = call(f, op.getOperands()); };
  Type rt = op.getNumResults() ? op.getResult(0).getType() : Type();
  bool vecResult = rt && isa<VectorType>(rt);
  return llvm::TypeSwitch<Operation *, LogicalResult>(&op)
      // Floating point.
      .Case<arith::AddFOp>([&](auto) { bin("+"); return success(); })
      .Case<arith::SubFOp>([&](auto) { bin("-"); return success(); })
      .Case<arith::MulFOp>([&](auto) { bin("*"); return success(); })
      .Case<arith::DivFOp>([&](arith::DivFOp o) {
        // A literal zero divisor (x / 0.0 is inf or nan, as IEEE says) would
        // draw a "division by zero" warning from compilers: go through a call.
        auto c = o.getRhs().getDefiningOp<arith::ConstantOp>();
        auto f = c ? dyn_cast<FloatAttr>(c.getValue()) : FloatAttr();
        if (f && f.getValue().isZero())
          fn("kdsl::divide");
        else
          bin("/");
        return success();
      })
      .Case<arith::RemFOp>([&](auto) { fn("std::fmod"); return success(); })
      .Case<arith::NegFOp>([&](auto o) { e = "-" + name(o.getOperand()); return success(); })
      .Case<arith::MinNumFOp>([&](auto) { fn(vecResult ? "kdsl::vfmin" : "std::fmin"); return success(); })
      .Case<arith::MaxNumFOp>([&](auto) { fn(vecResult ? "kdsl::vfmax" : "std::fmax"); return success(); })
      // Integers: wrapping add/sub/mul/shl; division as C (truncating).
      .Case<arith::AddIOp>([&](auto) { fn("kdsl::wrap_add"); return success(); })
      .Case<arith::SubIOp>([&](auto) { fn("kdsl::wrap_sub"); return success(); })
      .Case<arith::MulIOp>([&](auto) { fn("kdsl::wrap_mul"); return success(); })
      .Case<arith::ShLIOp>([&](auto) { fn("kdsl::wrap_shl"); return success(); })
      .Case<arith::DivSIOp>([&](auto) { bin("/"); return success(); })
      .Case<arith::RemSIOp>([&](auto) { bin("%"); return success(); })
      .Case<arith::ShRSIOp>([&](auto) { bin(">>"); return success(); })
      .Case<arith::DivUIOp, arith::RemUIOp, arith::ShRUIOp>([&](auto o) {
        const char *sym = isa<arith::DivUIOp>(o) ? "/" : isa<arith::RemUIOp>(o) ? "%" : ">>";
        e = "(" + scalarName(rt) + ")(" + asUnsigned(rt, name(op.getOperand(0))) + " " + sym + " " +
            asUnsigned(rt, name(op.getOperand(1))) + ")";
        return success();
      })
      .Case<arith::AndIOp>([&](auto) { bin(rt.isInteger(1) ? "&&" : "&"); return success(); })
      .Case<arith::OrIOp>([&](auto) { bin(rt.isInteger(1) ? "||" : "|"); return success(); })
      .Case<arith::XOrIOp>([&](auto) {
        if (rt.isInteger(1))
          bin("!=");
        else
          bin("^");
        return success();
      })
      .Case<arith::MinSIOp>([&](auto) {
        e = name(op.getOperand(1)) + " < " + name(op.getOperand(0)) + " ? " + name(op.getOperand(1)) +
            " : " + name(op.getOperand(0));
        return success();
      })
      .Case<arith::MaxSIOp>([&](auto) {
        e = name(op.getOperand(1)) + " > " + name(op.getOperand(0)) + " ? " + name(op.getOperand(1)) +
            " : " + name(op.getOperand(0));
        return success();
      })
      .Case<arith::MinUIOp, arith::MaxUIOp>([&](auto o) {
        const char *sym = isa<arith::MinUIOp>(o) ? "<" : ">";
        e = asUnsigned(rt, name(op.getOperand(1))) + " " + sym + " " +
            asUnsigned(rt, name(op.getOperand(0))) + " ? " + name(op.getOperand(1)) + " : " +
            name(op.getOperand(0));
        return success();
      })
      .Case<arith::CmpFOp>([&](arith::CmpFOp o) {
        std::string a = name(o.getLhs()), c = name(o.getRhs());
        bool isVector = isa<VectorType>(o.getLhs().getType());
        if (o.getPredicate() == arith::CmpFPredicate::UNO ||
            o.getPredicate() == arith::CmpFPredicate::ORD) {
          bool uno = o.getPredicate() == arith::CmpFPredicate::UNO;
          auto test = [&](const std::string &x, const std::string &y) {
            return uno ? "(std::isnan((double)" + x + ") || std::isnan((double)" + y + "))"
                       : "(!std::isnan((double)" + x + ") && !std::isnan((double)" + y + "))";
          };
          e = isVector ? "kdsl::vmap2(" + a + ", " + c + ", [](auto x, auto y) { return " +
                             test("x", "y") + "; })"
                       : test(a, c);
          return success();
        }
        bool negate;
        const char *sym = cmpfOp(o.getPredicate(), negate);
        if (!sym)
          return o.emitOpError("C++ emitter: unsupported predicate"), failure();
        std::string test = std::string(negate ? "!(" : "(") + "x " + sym + " y)";
        if (isa<VectorType>(o.getLhs().getType())) {
          e = "kdsl::vmap2(" + a + ", " + c + ", [](auto x, auto y) { return " + test + "; })";
          return success();
        }
        e = std::string(negate ? "!(" : "(") + a + " " + sym + " " + c + ")";
        return success();
      })
      .Case<arith::CmpIOp>([&](arith::CmpIOp o) {
        bool isUnsigned;
        const char *sym = cmpiOp(o.getPredicate(), isUnsigned);
        Type t = o.getLhs().getType();
        std::string a = name(o.getLhs()), c = name(o.getRhs());
        if (isUnsigned) {
          a = asUnsigned(t, a);
          c = asUnsigned(t, c);
        }
        e = a + " " + sym + " " + c;
        return success();
      })
      .Case<arith::SelectOp>([&](arith::SelectOp o) {
        if (isa<VectorType>(o.getCondition().getType())) {
          e = "kdsl::vselect(" + name(o.getCondition()) + ", " + name(o.getTrueValue()) + ", " +
              name(o.getFalseValue()) + ")";
          return success();
        }
        e = name(o.getCondition()) + " ? " + name(o.getTrueValue()) + " : " + name(o.getFalseValue());
        return success();
      })
      // Casts.
      .Case<arith::SIToFPOp, arith::FPToSIOp, arith::ExtFOp, arith::TruncFOp, arith::ExtSIOp,
            arith::TruncIOp, arith::IndexCastOp>([&](auto) {
        e = "(" + typeName(rt) + ")" + name(op.getOperand(0));
        return success();
      })
      .Case<arith::UIToFPOp, arith::ExtUIOp>([&](auto) {
        Type src = op.getOperand(0).getType();
        e = "(" + typeName(rt) + ")" + (src.isInteger(1) ? name(op.getOperand(0)) : asUnsigned(src, name(op.getOperand(0))));
        return success();
      })
      .Case<arith::FPToUIOp>([&](auto) {
        e = "(" + typeName(rt) + ")(" + asUnsigned(rt, "") + name(op.getOperand(0)) + ")";
        return success();
      })
      // Math.
      .Case<math::SqrtOp>([&](auto) { fn("std::sqrt"); return success(); })
      .Case<math::CbrtOp>([&](auto) { fn("std::cbrt"); return success(); })
      .Case<math::ExpOp>([&](auto) { fn("std::exp"); return success(); })
      .Case<math::LogOp>([&](auto) { fn("std::log"); return success(); })
      .Case<math::Log2Op>([&](auto) { fn("std::log2"); return success(); })
      .Case<math::Log10Op>([&](auto) { fn("std::log10"); return success(); })
      .Case<math::SinOp>([&](auto) { fn("std::sin"); return success(); })
      .Case<math::CosOp>([&](auto) { fn("std::cos"); return success(); })
      .Case<math::TanOp>([&](auto) { fn("std::tan"); return success(); })
      .Case<math::AsinOp>([&](auto) { fn("std::asin"); return success(); })
      .Case<math::AcosOp>([&](auto) { fn("std::acos"); return success(); })
      .Case<math::AtanOp>([&](auto) { fn("std::atan"); return success(); })
      .Case<math::Atan2Op>([&](auto) { fn("std::atan2"); return success(); })
      .Case<math::SinhOp>([&](auto) { fn("std::sinh"); return success(); })
      .Case<math::CoshOp>([&](auto) { fn("std::cosh"); return success(); })
      .Case<math::TanhOp>([&](auto) { fn("std::tanh"); return success(); })
      .Case<math::FloorOp>([&](auto) { fn("std::floor"); return success(); })
      .Case<math::CeilOp>([&](auto) { fn("std::ceil"); return success(); })
      .Case<math::RoundOp>([&](auto) { fn("std::round"); return success(); })
      .Case<math::TruncOp>([&](auto) { fn("std::trunc"); return success(); })
      .Case<math::PowFOp>([&](auto) { fn("std::pow"); return success(); })
      .Case<math::AbsFOp>([&](auto) { fn(vecResult ? "kdsl::vabs" : "std::fabs"); return success(); })
      .Case<math::AbsIOp>([&](auto) { fn(vecResult ? "kdsl::vabs" : "std::abs"); return success(); })
      .Case<math::IPowIOp>([&](auto) { fn("kdsl::ipow"); return success(); })
      // Vectors.
      .Case<vector::ExtractOp>([&](vector::ExtractOp o) {
        e = name(o.getSource());
        for (OpFoldResult p : o.getMixedPosition()) {
          if (auto c = getConstantIntValue(p))
            e += "[" + std::to_string(*c) + "]";
          else
            e += "[" + name(cast<Value>(p)) + "]";
        }
        return success();
      })
      .Case<vector::FromElementsOp>([&](vector::FromElementsOp o) {
        VectorType vt = o.getType();
        e = typeName(vt) + "{";
        if (vt.getRank() == 1) {
          e += "{";
          for (auto [i, x] : llvm::enumerate(o.getElements()))
            e += (i ? ", " : "") + name(x);
          e += "}}";
          return success();
        }
        int64_t cols = vt.getDimSize(1);
        e += "{";
        for (int64_t r = 0; r < vt.getDimSize(0); ++r) {
          e += r ? ", {{" : "{{";
          for (int64_t c = 0; c < cols; ++c)
            e += (c ? ", " : "") + name(o.getElements()[r * cols + c]);
          e += "}}";
        }
        e += "}}";
        return success();
      })
      .Case<vector::BroadcastOp>([&](vector::BroadcastOp o) {
        e = "kdsl::splat<" + typeName(rt) + ">(" + name(o.getSource()) + ")";
        return success();
      })
      .Case<vector::ReductionOp>([&](vector::ReductionOp o) {
        switch (o.getKind()) {
        case vector::CombiningKind::AND: fn("kdsl::all_of"); return success();
        case vector::CombiningKind::ADD: fn("kdsl::reduce_add"); return success();
        case vector::CombiningKind::MINNUMF: fn("kdsl::reduce_fmin"); return success();
        case vector::CombiningKind::MAXNUMF: fn("kdsl::reduce_fmax"); return success();
        case vector::CombiningKind::MINSI: fn("kdsl::reduce_min"); return success();
        case vector::CombiningKind::MAXSI: fn("kdsl::reduce_max"); return success();
        default: return o.emitOpError("C++ emitter: unsupported reduction"), failure();
        }
      })
      .Case<vector::ShapeCastOp>([&](vector::ShapeCastOp o) {
        if (o.getResultVectorType().getRank() == 2) // an autodiff adjoint of a flatten
          e = "kdsl::unflatten<" + typeName(rt) + ">(" + name(o.getSource()) + ")";
        else
          fn("kdsl::flatten");
        return success();
      })
      .Case<memref::LoadOp>([&](memref::LoadOp o) {
        e = name(o.getMemRef()) + "[" + name(o.getIndices()[0]) + "]";
        return success();
      })
      .Case<vector::TransposeOp>([&](auto o) { e = call("kdsl::transpose", o.getVector()); return success(); })
      .Case<vector::OuterProductOp>([&](vector::OuterProductOp o) {
        e = "kdsl::outer(" + name(o.getLhs()) + ", " + name(o.getRhs()) + ")";
        return success();
      })
      // kdsl builtins.
      .Case<DotOp>([&](auto) { fn("kdsl::dot"); return success(); })
      .Case<CrossOp>([&](auto) { fn("kdsl::cross"); return success(); })
      .Case<LengthOp>([&](auto) { fn("kdsl::length"); return success(); })
      .Case<LengthSqOp>([&](auto) { fn("kdsl::length_sq"); return success(); })
      .Case<NormalizeOp>([&](auto) { fn("kdsl::normalize"); return success(); })
      .Case<MatMulOp>([&](auto) { fn("kdsl::matmul"); return success(); })
      .Case<DeterminantOp>([&](auto) { fn("kdsl::determinant"); return success(); })
      .Case<TraceOp>([&](auto) { fn("kdsl::trace"); return success(); })
      .Case<InverseOp>([&](auto) { fn("kdsl::inverse"); return success(); })
      .Case<DiagOp>([&](auto) { fn("kdsl::diag"); return success(); })
      .Case<QuatMulOp>([&](auto) { fn("kdsl::quat_mul"); return success(); })
      .Case<QuatInverseOp>([&](auto) { fn("kdsl::quat_inverse"); return success(); })
      .Case<QuatRotateOp>([&](auto) { fn("kdsl::quat_rotate"); return success(); })
      .Case<QuatRotateInvOp>([&](auto) { fn("kdsl::quat_rotate_inv"); return success(); })
      .Case<QuatFromAxisAngleOp>([&](auto) { fn("kdsl::quat_from_axis_angle"); return success(); })
      .Case<QuatToMatrixOp>([&](auto) { fn("kdsl::quat_to_matrix"); return success(); })
      // Arrays and structs.
      .Case<LoadOp>([&](LoadOp o) {
        e = "kdsl::load<" + typeName(rt) + ">(" + name(o.getArray());
        for (Value i : o.getIndices())
          e += ", (int64_t)" + name(i);
        e += ")";
        return success();
      })
      .Case<NullArrayOp>([&](NullArrayOp) {
        e = "kdsl_array{}";
        return success();
      })
      .Case<HasDataOp>([&](HasDataOp o) {
        e = "(" + name(o.getArray()) + ".data != nullptr)";
        return success();
      })
      .Case<ShapeOp>([&](ShapeOp o) {
        e = "(int32_t)" + name(o.getArray()) + ".shape[" + std::to_string(o.getDim()) + "]";
        return success();
      })
      .Case<AtomicOp>([&](AtomicOp o) {
        e = "kdsl::atomic<" + typeName(rt) + ">(kdsl::rmw::" + stringifyAtomicKind(o.getKind()).str() +
            ", " + name(o.getArray()) + ", " + name(o.getValue());
        for (Value i : o.getIndices())
          e += ", (int64_t)" + name(i);
        e += ")";
        return success();
      })
      .Case<FieldViewOp>([&](FieldViewOp o) {
        mlir::Type elem = o.getArray().getType().getElementType();
        e = "kdsl::field_view(" + name(o.getArray()) + ", offsetof(" + typeName(elem) + ", " +
            cppName(o.getField(), false) + "))";
        return success();
      })
      .Case<StructCreateOp>([&](StructCreateOp o) {
        e = typeName(rt) + "{";
        for (auto [i, f] : llvm::enumerate(o.getFields()))
          e += (i ? ", " : "") + name(f);
        e += "}";
        return success();
      })
      .Case<StructExtractOp>([&](StructExtractOp o) {
        e = name(o.getInput()) + "." + cppName(o.getField(), false);
        return success();
      })
      .Case<ub::PoisonOp>([&](auto) {
        e = typeName(rt) + "{}";
        return success();
      })
      .Default([&](Operation *o) {
        return o->emitOpError("is not supported by the C++ emitter"), failure();
      });
}

LogicalResult CppEmitter::emitOp(Operation &op) {
  if (isa<arith::ConstantOp>(op))
    return success(); // printed inline at each use
  if (auto ins = dyn_cast<vector::InsertOp>(op)) {
    bind(ins.getResult(), "v");
    line() << unusedPrefix(ins.getResult()) << typeName(ins.getType()) << " " << name(ins.getResult()) << " = " << name(ins.getDest())
           << ";\n";
    std::string target = name(ins.getResult());
    for (OpFoldResult p : ins.getMixedPosition()) {
      if (auto c = getConstantIntValue(p))
        target += "[" + std::to_string(*c) + "]";
      else
        target += "[" + name(cast<Value>(p)) + "]";
    }
    line() << target << " = " << name(ins.getValueToStore()) << ";\n";
    return success();
  }
  // vector.to_elements (canonicalization's form of extracting every
  // component): one variable per component, in row-major order.
  if (auto te = dyn_cast<vector::ToElementsOp>(op)) {
    auto vt = cast<VectorType>(te.getSource().getType());
    int64_t cols = vt.getRank() == 2 ? vt.getDimSize(1) : 0;
    for (auto [i, r] : llvm::enumerate(te.getResults())) {
      std::string at = cols ? "[" + std::to_string(int64_t(i) / cols) + "][" +
                                  std::to_string(int64_t(i) % cols) + "]"
                            : "[" + std::to_string(i) + "]";
      bind(r, "v");
      line() << unusedPrefix(r) << "const " << typeName(r.getType()) << " " << name(r) << " = "
             << name(te.getSource()) << at << ";\n";
    }
    return success();
  }
  // Autodiff tapes: memref<?xT> buffers in allocation scopes.
  if (auto a = dyn_cast<memref::AllocaOp>(op)) {
    auto t = a.getType();
    if (t.getRank() != 1)
      return a.emitOpError("C++ emitter: only 1-D tapes are supported"), failure();
    // The size is static once canonicalization folded a constant trip count.
    std::string size = t.isDynamicDim(0) ? name(a.getDynamicSizes()[0]) : std::to_string(t.getDimSize(0));
    bind(a.getResult(), "tape");
    line() << "kdsl::tape<" << typeName(t.getElementType()) << "> " << name(a.getResult()) << "("
           << size << ");\n";
    return success();
  }
  if (auto st = dyn_cast<memref::StoreOp>(op)) {
    line() << name(st.getMemRef()) << "[" << name(st.getIndices()[0]) << "] = " << name(st.getValueToStore())
           << ";\n";
    return success();
  }
  if (auto scope = dyn_cast<memref::AllocaScopeOp>(op)) {
    for (Value r : scope.getResults()) {
      bind(r, "v");
      line() << unusedPrefix(r) << typeName(r.getType()) << " " << name(r) << ";\n";
    }
    line() << "{\n";
    ++indent;
    Block &body = scope.getBodyRegion().front();
    if (failed(emitBlock(body)))
      return failure();
    assign(scope.getResults(), body.getTerminator()->getOperands());
    --indent;
    line() << "}\n";
    return success();
  }
  if (auto si = dyn_cast<StructInsertOp>(op)) {
    bind(si.getResult(), "v");
    line() << unusedPrefix(si.getResult()) << typeName(si.getType()) << " " << name(si.getResult()) << " = " << name(si.getInput())
           << ";\n";
    line() << name(si.getResult()) << "." << cppName(si.getField(), false) << " = " << name(si.getValue()) << ";\n";
    return success();
  }
  if (options.checkBounds && isa<LoadOp, AtomicOp>(op)) {
    ValueRange idx = isa<LoadOp>(op) ? cast<LoadOp>(op).getIndices() : cast<AtomicOp>(op).getIndices();
    std::string ok = boundsCheck(op.getOperand(0), idx);
    std::string expr;
    if (failed(emitExpr(op, expr)))
      return failure();
    Value r = op.getResult(0);
    declare(r, ok + " ? " + expr + " : " + typeName(r.getType()) + "{}");
    return success();
  }
  if (auto st = dyn_cast<StoreOp>(op)) {
    if (options.checkBounds)
      line() << "if (" << boundsCheck(st.getArray(), st.getIndices()) << ") ";
    else
      line();
    os << "kdsl::store(" << name(st.getArray()) << ", " << name(st.getValue());
    for (Value i : st.getIndices())
      os << ", (int64_t)" << name(i);
    os << ");\n";
    return success();
  }
  if (auto a = dyn_cast<AssertOp>(op)) {
    int line_ = 0;
    if (auto fl = dyn_cast<FileLineColLoc>(a.getLoc()))
      line_ = fl.getLine();
    SmallString<64> msg;
    for (char c : a.getMessage()) {
      if (c == '"' || c == '\\')
        msg.push_back('\\');
      msg.push_back(c);
    }
    line() << "if (!(" << name(a.getCondition()) << ")) kdsl::report_assert(\"" << currentOwner
           << "\", \"" << msg << "\", " << line_ << ", " << threadExpr << ");\n";
    return success();
  }
  if (auto call = dyn_cast<func::CallOp>(op)) {
    std::string c = this->call(cppName(call.getCallee(), true), call.getOperands());
    if (call.getNumResults() == 0) {
      line() << c << ";\n";
    } else if (call.getNumResults() == 1) {
      declare(call.getResult(0), c);
    } else {
      std::string tuple = fresh("r");
      line() << "const auto " << tuple << " = " << c << ";\n";
      for (auto [i, r] : llvm::enumerate(call.getResults())) {
        bind(r, "v");
        line() << unusedPrefix(r) << "const " << typeName(r.getType()) << " " << name(r) << " = "
               << tuple << ".r" << i << ";\n";
      }
    }
    return success();
  }
  if (auto ret = dyn_cast<func::ReturnOp>(op)) {
    if (ret.getNumOperands() == 0)
      line() << "return;\n";
    else if (ret.getNumOperands() == 1)
      line() << "return " << name(ret.getOperand(0)) << ";\n";
    else
      line() << "return " << resultStruct << call("", ret.getOperands()).replace(0, 1, "{").replace(
                    call("", ret.getOperands()).size() - 1, 1, "}")
             << ";\n";
    return success();
  }
  if (isa<ReturnOp, scf::YieldOp, scf::ConditionOp, memref::AllocaScopeReturnOp>(op))
    return success(); // handled by the enclosing construct
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    for (Value r : ifOp.getResults()) {
      // A local the branches assign: named after what they yield.
      StringRef src;
      unsigned i = cast<OpResult>(r).getResultNumber();
      for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()})
        if (src.empty() && !region->empty())
          src = sourceNameOf(region->front().getTerminator()->getOperand(i));
      bind(r, src.empty() ? "v" : src);
      line() << unusedPrefix(r) << typeName(r.getType()) << " " << name(r) << ";\n";
    }
    line() << "if (" << name(ifOp.getCondition()) << ") {\n";
    ++indent;
    if (failed(emitBlock(ifOp.getThenRegion().front())))
      return failure();
    if (ifOp.getNumResults())
      assign(ifOp.getResults(), ifOp.thenYield().getOperands());
    --indent;
    if (!ifOp.getElseRegion().empty() &&
        (ifOp.getNumResults() || !ifOp.getElseRegion().front().without_terminator().empty())) {
      line() << "} else {\n";
      ++indent;
      if (failed(emitBlock(ifOp.getElseRegion().front())))
        return failure();
      if (ifOp.getNumResults())
        assign(ifOp.getResults(), ifOp.elseYield().getOperands());
      --indent;
    }
    line() << "}\n";
    return success();
  }
  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    // Carried values live in the result variables.
    for (auto [r, init, arg] :
         llvm::zip(forOp.getResults(), forOp.getInitArgs(), forOp.getRegionIterArgs())) {
      StringRef src = sourceNameOf(arg);
      bind(r, src.empty() ? "v" : src);
      names[arg] = name(r);
      line() << (r.use_empty() ? "[[maybe_unused]] " : "") << typeName(r.getType()) << " "
             << name(r) << " = " << name(init) << ";\n";
    }
    Value iv = forOp.getInductionVar();
    bind(iv, "k");
    std::string t = typeName(iv.getType()), ivn = name(iv);
    std::string cmp = forOp.getUnsignedCmp() ? asUnsigned(iv.getType(), ivn) + " < " +
                                                   asUnsigned(iv.getType(), name(forOp.getUpperBound()))
                                             : ivn + " < " + name(forOp.getUpperBound());
    line() << "for (" << t << " " << ivn << " = " << name(forOp.getLowerBound()) << "; " << cmp
           << "; " << ivn << " = kdsl::wrap_add(" << ivn << ", " << name(forOp.getStep()) << ")) {\n";
    ++indent;
    if (failed(emitBlock(*forOp.getBody())))
      return failure();
    auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
    assign(forOp.getResults(), yield.getOperands());
    --indent;
    line() << "}\n";
    return success();
  }
  if (auto w = dyn_cast<scf::WhileOp>(op)) {
    Block &before = w.getBefore().front(), &after = w.getAfter().front();
    // State: the before-region arguments; results: what the condition passes on exit.
    for (auto [arg, init] : llvm::zip(before.getArguments(), w.getInits())) {
      bind(arg, "s");
      line() << "[[maybe_unused]] " << typeName(arg.getType()) << " " << name(arg) << " = "
             << name(init) << ";\n";
    }
    for (auto [r, arg] : llvm::zip(w.getResults(), after.getArguments())) {
      StringRef src = sourceNameOf(arg);
      bind(r, src.empty() ? "v" : src);
      line() << unusedPrefix(r) << typeName(r.getType()) << " " << name(r) << ";\n";
    }
    line() << "while (true) {\n";
    ++indent;
    if (failed(emitBlock(before)))
      return failure();
    auto cond = cast<scf::ConditionOp>(before.getTerminator());
    line() << "if (!(" << name(cond.getCondition()) << ")) {\n";
    ++indent;
    assign(w.getResults(), cond.getArgs());
    line() << "break;\n";
    --indent;
    line() << "}\n";
    for (auto [arg, v] : llvm::zip(after.getArguments(), cond.getArgs()))
      names[arg] = name(v);
    if (failed(emitBlock(after)))
      return failure();
    assign(before.getArguments(), cast<scf::YieldOp>(after.getTerminator()).getOperands());
    --indent;
    line() << "}\n";
    return success();
  }
  if (op.getNumResults() != 1)
    return op.emitOpError("is not supported by the C++ emitter");
  std::string expr;
  if (failed(emitExpr(op, expr)))
    return failure();
  declare(op.getResult(0), expr);
  return success();
}

LogicalResult CppEmitter::emitFunc(func::FuncOp f) {
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
  bool called = !SymbolTable::symbolKnownUseEmpty(f, f->getParentOp());
  line() << (called ? "" : "[[maybe_unused]] ") << "static KDSL_FN " << ret << " "
         << cppName(f.getSymName(), true) << "(";
  for (auto [i, arg] : llvm::enumerate(f.getArguments())) {
    bindArgument(arg, argNames && i < argNames.size() ? cast<StringAttr>(argNames[i]).getValue() : "a");
    if (argNames && i < argNames.size())
      arrayNames[arg] = cast<StringAttr>(argNames[i]).getValue().str();
    os << (i ? ", " : "") << unusedPrefix(arg) << typeName(arg.getType()) << " " << name(arg);
  }
  os << ") {\n";
  ++indent;
  if (failed(emitBlock(f.getBody().front())))
    return failure();
  --indent;
  line() << "}\n\n";
  return success();
}

LogicalResult CppEmitter::emitKernel(KernelOp k) {
  resetNames(k);
  currentOwner = k.getSymName().str();
  Block &body = k.getBody().front();
  bool cuda = options.target == CppEmitOptions::Target::Cuda;
  std::string flat = "thread";
  usedNames.insert(flat);
  threadExpr = flat;
  std::string dimsExpr = cuda ? "launch.dims" : "dims";
  if (cuda) {
    // By-value arguments after the launch bounds; a grid-stride loop covers the launch.
    line() << "// kernel " << k.getSymName() << ": a grid-stride loop over launch.total threads\n";
    line() << "extern \"C\" __global__ void " << mangleName(entryPointName(k, "cuda_kernel"))
           << "(kdsl_launch launch";
    usedNames.insert("launch");
    for (auto [i, arg] : llvm::enumerate(body.getArguments())) {
      bindArgument(arg, cast<StringAttr>(k.getArgNames()[i]).getValue());
      arrayNames[arg] = cast<StringAttr>(k.getArgNames()[i]).getValue().str();
      os << ", " << unusedPrefix(arg) << typeName(arg.getType()) << " " << name(arg);
    }
    os << ") {\n";
    ++indent;
    line() << "for (int64_t " << flat << " = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; " << flat
           << " < launch.total; " << flat << " += (int64_t)blockDim.x * gridDim.x) {\n";
  } else {
    line() << "// kernel " << k.getSymName() << ": thread indices [begin, end) of the launch grid\n";
    std::string entry = entryPointName(k, "cpu"), mangled = mangleName(entry);
    // The CPU ABI symbol stays <kernel>_cpu_forward, as the JIT's (ELF and
    // LLVM take any name): the C++ identifier is mangled, the symbol given by
    // an asm label.
    if (mangled != entry)
      line() << "extern \"C\" void " << mangled
             << "(const int64_t *, int64_t, int64_t, void **) __asm__(\"" << entry << "\");\n";
    line() << "extern \"C\" void " << mangled
           << "(const int64_t *dims, int64_t begin, int64_t end, void **args) {\n";
    ++indent;
    for (const char *n : {"dims", "begin", "end", "args"})
      usedNames.insert(n);
    for (auto [i, arg] : llvm::enumerate(body.getArguments())) {
      bindArgument(arg, cast<StringAttr>(k.getArgNames()[i]).getValue());
      arrayNames[arg] = cast<StringAttr>(k.getArgNames()[i]).getValue().str();
      line() << unusedPrefix(arg) << "const " << typeName(arg.getType()) << " " << name(arg)
             << " = kdsl::read_arg<" << typeName(arg.getType()) << ">(args[" << i << "]);\n";
    }
    if (body.getNumArguments() == 0)
      line() << "(void)args;\n";
    if (k.getLaunchDims() == 1)
      line() << "(void)dims;\n";
    line() << "for (int64_t " << flat << " = begin; " << flat << " < end; ++" << flat << ") {\n";
  }
  unsigned nd = k.getLaunchDims();
  ++indent;
  // wp.tid(): the row-major decomposition of the flat index.
  SmallVector<TidOp> tids;
  k.walk([&](TidOp t) { tids.push_back(t); });
  SmallVector<std::string> tidNames;
  static const char *dimNames[] = {"i", "j", "k", "l"};
  if (!tids.empty()) {
    std::string rest = flat;
    SmallVector<std::string> exprs(nd);
    for (int d = nd - 1; d > 0; --d) {
      exprs[d] = "(int32_t)(" + rest + " % " + dimsExpr + "[" + std::to_string(d) + "])";
      rest = "(" + rest + " / " + dimsExpr + "[" + std::to_string(d) + "])";
    }
    exprs[0] = "(int32_t)" + rest;
    for (unsigned d = 0; d < nd; ++d) {
      // The source's name (`i = wp.tid()`), else tid / i, j, k, l.
      StringRef src;
      for (TidOp t : tids)
        if (src.empty())
          src = sourceNameOf(t->getResult(d));
      std::string n = fresh(!src.empty() ? src : nd == 1 ? "tid" : dimNames[d]);
      bool used = llvm::any_of(tids, [&](TidOp t) { return !t->getResult(d).use_empty(); });
      line() << (used ? "" : "[[maybe_unused]] ") << "const int32_t " << n << " = " << exprs[d] << ";\n";
      tidNames.push_back(n);
    }
    for (TidOp t : tids)
      for (auto [r, n] : llvm::zip(t.getResults(), tidNames))
        names[r] = n;
  }
  for (Operation &op : body) {
    if (isa<TidOp>(op))
      continue;
    statementComment(op);
    if (failed(emitOp(op)))
      return failure();
  }
  --indent;
  line() << "}\n";
  --indent;
  line() << "}\n\n";
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
  // The source statements, for the comments (kdsl/Target/SourceNames.h).
  if (auto fused = dyn_cast<FusedLoc>(module->getLoc()))
    if (auto table = dyn_cast_or_null<ArrayAttr>(fused.getMetadata())) {
      if (FileLineColLoc pos = sourcePositionOf(fused))
        sourceFile = pos.getFilename().getValue().rsplit('/').second.str();
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
  // Structs in dependency order, as the module uses them.
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
  // Mangled names (Mangle.h) that meet another name of the file.
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

} // namespace

LogicalResult kdsl::cleanUpForCpp(ModuleOp module) {
  // The same clean-up the JIT pipeline starts with (folds, dead values,
  // unused loop results); it does not change floating-point results.
  PassManager pm(module.getContext());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  return pm.run(module);
}

LogicalResult kdsl::emitCpp(ModuleOp module, raw_ostream &os, const CppEmitOptions &options) {
  if (options.cleanUp && failed(cleanUpForCpp(module)))
    return failure();
  return CppEmitter(os, options).emitModule(module);
}

std::string kdsl::cppPrelude() { return std::string("#include <type_traits>\n") + kPrelude + "\n"; }
