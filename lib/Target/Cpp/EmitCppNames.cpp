//===- EmitCppNames.cpp - C++ names of values, types and literals ---------===//
//
// Part of the C++/CUDA C printer (CppEmitter.h): identifiers for source names
// (reserved words, mangling), locals (source names uniqued, temporaries v0,
// v1, ...), type names and literals.
//
//===----------------------------------------------------------------------===//
#include "CppEmitter.h"
#include "kdsl/Support/Mangle.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include <cmath>
#include <cstdlib>

using namespace mlir;
using namespace kdsl;
using namespace kdsl::cpp_emit;

bool cpp_emit::isReservedCppName(StringRef n, bool global) {
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
      "INT32_MIN", "INT64_MIN", "UINT8_MAX", "UINT16_MAX", "UINT32_MAX", "UINT64_MAX", "SIZE_MAX",
      "FLT_MAX", "DBL_MAX", "FLT_MIN", "DBL_MIN", "FLT_EPSILON", "DBL_EPSILON"};
  static const llvm::StringSet<> globals = {
      "std",       "int8_t",   "int16_t",   "int32_t",   "int64_t",  "uint8_t",   "uint16_t",
      "uint32_t",  "uint64_t", "intptr_t",  "uintptr_t", "size_t",   "ptrdiff_t", "max_align_t",
      "nullptr_t", "intmax_t", "uintmax_t", "FILE",      "fpos_t",   "div_t",     "ldiv_t",
      "float_t",   "double_t", "printf",    "fprintf",   "sprintf",  "snprintf",  "puts",
      "putchar",   "getchar",  "fopen",     "fclose",    "fread",    "fwrite",    "fflush",
      "fputs",     "fgets",    "fputc",     "fgetc",     "scanf",    "sscanf",    "fscanf",
      "perror",    "remove",   "rename",    "tmpfile",   "memcpy",   "memset",    "memmove",
      "memcmp",    "memchr",   "strlen",    "strcpy",    "strncpy",  "strcmp",    "strncmp",
      "strcat",    "strncat",  "strchr",    "strrchr",   "strstr",   "strtok",    "strerror",
      "strspn",    "strcspn",  "malloc",    "free",      "calloc",   "realloc",   "exit",
      "abort",     "atexit",   "main",      "dim3",      "blockIdx", "threadIdx", "blockDim",
      "gridDim",   "warpSize", "clock",     "time"};
  if (keywords.contains(n) || n.starts_with("KDSL_") || n == "kdsl" || n.starts_with("kdsl_"))
    return true;
  if (!global)
    return false;
  if (globals.contains(n))
    return true;
  // <cmath>'s functions and their float (f) and long double (l) forms.
  static const llvm::StringSet<> math = {
      "abs",       "fabs",       "sqrt",   "cbrt",   "sin",    "cos",       "tan",    "asin",
      "acos",      "atan",       "atan2",  "sinh",   "cosh",   "tanh",      "asinh",  "acosh",
      "atanh",     "exp",        "exp2",   "expm1",  "log",    "log2",      "log10",  "log1p",
      "logb",      "ilogb",      "pow",    "hypot",  "floor",  "ceil",      "round",  "lround",
      "llround",   "trunc",      "rint",   "lrint",  "llrint", "nearbyint", "fmod",   "remainder",
      "remquo",    "fmin",       "fmax",   "fdim",   "fma",    "copysign",  "nan",    "erf",
      "erfc",      "lgamma",     "tgamma", "frexp",  "ldexp",  "modf",      "scalbn", "scalbln",
      "nextafter", "nexttoward", "labs",   "llabs",  "div",    "ldiv",      "rand",   "srand",
      "atoi",      "atof",       "atol",   "strtod", "strtof", "strtol",    "qsort",  "bsearch",
      "sincos",    "exp10",      "rsqrt"};
  if (math.contains(n))
    return true;
  if ((n.ends_with("f") || n.ends_with("l")) && math.contains(n.drop_back()))
    return true;
  return false;
}

std::string cpp_emit::cppName(StringRef name, bool global) {
  std::string n = mangleName(name);
  if (isReservedCppName(n, global))
    n += "_";
  return n;
}

void CppEmitter::resetNames(Operation *owner) {
  names.clear();
  usedNames.clear();
  sourceNames.clear();
  suffixes.clear();
  counter = 0;
  collectUnsigned(owner);
  lastCommentLine = 0;
  lastInlinedLine = 0;
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

std::string CppEmitter::scalarName(Type t) {
  if (t.isInteger(1))
    return "bool";
  if (auto i = dyn_cast<IntegerType>(t))
    return "int" + std::to_string(i.getWidth()) + "_t";
  if (t.isF16())
    return "kdsl::half";
  if (t.isBF16())
    return "kdsl::bfloat16";
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
    // An int32_t literal as a person writes it: a decimal literal that fits
    // in int has type int, which is int32_t wherever kdsl's C++ and CUDA C
    // compile (-2147483648 is the negation of a long: it keeps its cast).
    if (t.isSignlessInteger(32) && v > INT32_MIN)
      return std::to_string(v);
    if (v == INT64_MIN)
      return "(" + s + ")(-9223372036854775807LL - 1)";
    return "(" + s + ")" + std::to_string(v) +
           (t.isIndex() || t.getIntOrFloatBitWidth() == 64 ? "LL" : "");
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
      // The shortest decimal that reads back as the same value (0.151f, not
      // 0.150999993f): the compiler rounds it to the same float or double.
      // At least the integer digits where they fit (10.0f, not 1e+01f).
      int maxDigits = isF64 ? 17 : 9;
      int integerDigits = std::fabs(v) >= 1.0 ? int(std::floor(std::log10(std::fabs(v)))) + 1 : 1;
      char buf[64];
      for (int digits = integerDigits <= maxDigits ? integerDigits : 1; digits <= maxDigits;
           ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, v);
        if (isF64 ? std::strtod(buf, nullptr) == v : std::strtof(buf, nullptr) == float(v))
          break;
      }
      text = buf;
      if (text.find_first_of(".e") == std::string::npos)
        text += ".0";
      if (!isF64)
        text += "f";
    }
    if (t.isF16() || t.isBF16())
      return scalarName(t) + "(" + text + ")";
    return text;
  }
  if (auto d = dyn_cast<DenseElementsAttr>(a)) {
    auto vt = cast<VectorType>(t);
    Type e = vt.getElementType();
    if (d.isSplat())
      return "kdsl::splat<" + typeName(t) + ">(" + literal(d.getSplatValue<Attribute>(), e) + ")";
    SmallVector<std::string> elements;
    for (Attribute v : d.getValues<Attribute>())
      elements.push_back(literal(v, e));
    return typeName(t) + braceList(vt, elements);
  }
  return "/*unsupported literal*/";
}

std::string CppEmitter::name(Value v) {
  if (isUnsigned(v))
    return "(" + scalarName(v.getType()) + ")" + rawName(v);
  return rawName(v);
}

std::string CppEmitter::rawName(Value v) {
  auto it = names.find(v);
  if (it != names.end())
    return it->second;
  // Constants are printed inline.
  if (auto c = v.getDefiningOp<arith::ConstantOp>())
    return literal(c.getValue(), v.getType());
  return "/*unnamed*/";
}

std::string CppEmitter::subscripts(ArrayRef<OpFoldResult> position) {
  std::string s;
  for (OpFoldResult p : position) {
    if (auto c = getConstantIntValue(p))
      s += "[" + std::to_string(*c) + "]";
    else
      s += "[" + name(cast<Value>(p)) + "]";
  }
  return s;
}

std::string cpp_emit::braceList(VectorType vt, ArrayRef<std::string> elements) {
  std::string s = "{";
  if (vt.getRank() == 1) {
    s += "{";
    for (auto [i, x] : llvm::enumerate(elements))
      s += (i ? ", " : "") + x;
    return s + "}}";
  }
  int64_t cols = vt.getDimSize(1);
  s += "{";
  for (int64_t r = 0; r < vt.getDimSize(0); ++r) {
    s += r ? ", {{" : "{{";
    for (int64_t c = 0; c < cols; ++c)
      s += (c ? ", " : "") + elements[r * cols + c];
    s += "}}";
  }
  return s + "}}";
}

void CppEmitter::declareAliases(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return;
  SmallVector<StringRef> aliases;
  sourceAliasesOf(def->getLoc(), aliases);
  llvm::StringSet<> done;
  for (StringRef a : aliases)
    if (a != sourceNameOf(v) && done.insert(a).second)
      line() << "[[maybe_unused]] const " << declType(v) << " " << fresh(a, /*source=*/true)
             << " = " << rawName(v) << ";\n";
}
