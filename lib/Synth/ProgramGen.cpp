//===- ProgramGen.cpp - random well-typed Warp kernels --------------------===//
//
// Type-directed synthesis: `expr(T, depth)` returns an expression of type T
// built from the productions of T that the category allows (variables in
// scope, constructors, operators, builtins whose result is T). Builtins with
// a restricted domain get arguments that are in it by construction
// (log(x*x + 1), sqrt(x*x + 0.25), asin(sin(x) * 0.9), divisions by
// (y*y + 1)), so no input makes them undefined.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Synth/ProgramGen.h"
#include "kdsl/Synth/Realism.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cmath>
#include <cstring>
#include <functional>
#include <set>

using namespace kdsl::synth;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

llvm::ArrayRef<llvm::StringRef> kdsl::synth::allCategories() {
  static const llvm::StringRef names[] = {
      "arithmetic", "math",        "vector",   "matrix",   "control_flow",
      "atomic",     "nested_loop", "multi_conditional", "combined", "scalar_param",
      "loop_carried", "func_call", "array2d",  "quaternion", "struct"};
  return names;
}

namespace {

/// SplitMix64: small, fast, and the same on every platform.
struct Rng {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double uniform() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
  int range(int lo, int hi) { return lo + int(next() % uint64_t(hi - lo + 1)); }
  bool chance(double p) { return uniform() < p; }
  /// A value in [lo, hi] with 3 decimals (exact enough in JSON, readable).
  double value(double lo, double hi) { return std::round((lo + (hi - lo) * uniform()) * 1000) / 1000; }
};

uint64_t mix(uint64_t seed, uint64_t index, uint64_t salt) {
  uint64_t words[3] = {seed, index, salt};
  return llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(reinterpret_cast<uint8_t *>(words), sizeof words));
}

enum class Ty { F, V, M, Q };

/// What a category's expressions may use.
struct Flavor {
  bool math = false, vec = false, mat = false, quat = false;
};

Flavor flavorOf(llvm::StringRef cat) {
  Flavor f;
  f.math = cat != "arithmetic";
  f.vec = cat == "vector" || cat == "matrix" || cat == "quaternion" || cat == "combined" || cat == "struct";
  f.mat = cat == "matrix" || cat == "combined";
  f.quat = cat == "quaternion" || cat == "combined";
  return f;
}

std::string num(double v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::format("%.3g", v);
  if (s.find_first_of(".e") == std::string::npos)
    s += ".0";
  return s;
}

class Gen {
public:
  Gen(uint64_t seed, uint64_t index, llvm::StringRef cat, bool f64, const GenOptions &opt,
      unsigned attempt = 0)
      : rng{mix(seed, index, 1 + (uint64_t(attempt) << 8))}, index(index), cat(cat.str()), f64(f64), opt(opt),
        flavor(flavorOf(cat)) {}

  Program run();

private:
  std::string ty(Ty t) const {
    switch (t) {
    case Ty::F: return f64 ? "wp.float64" : "float";
    case Ty::V: return f64 ? "wp.vec3d" : "wp.vec3";
    case Ty::M: return f64 ? "wp.mat33d" : "wp.mat33";
    case Ty::Q: return f64 ? "wp.quatd" : "wp.quat";
    }
    return "";
  }
  std::string dtype(Ty t) const {
    switch (t) {
    case Ty::F: return f64 ? "float64" : "float32";
    case Ty::V: return f64 ? "vec3d" : "vec3f";
    case Ty::M: return f64 ? "mat33d" : "mat33f";
    case Ty::Q: return f64 ? "quatd" : "quatf";
    }
    return "";
  }
  /// A standalone float constant (typed: it starts a variable's life).
  /// The float64 twin's symbols differ (k12d, f12_0d, S12d): both can live
  /// in one module.
  std::string suffix() const { return f64 ? "d" : ""; }
  std::string lit(double v) const { return ty(Ty::F) + "(" + num(v) + ")"; }
  std::string constant() { return num(rng.value(0.1, 2.0)); }
  /// A name from `pool` (the names people give such values) that the
  /// program does not use yet; a taken one gets a number.
  std::string fresh(llvm::ArrayRef<const char *> pool) {
    std::string name = pool[rng.next() % pool.size()];
    if (!taken.insert(name).second) {
      name += std::to_string(counter++);
      taken.insert(name);
    }
    return name;
  }
  /// A local for a value of the kind `hint` says (t, u: float; v; m; q; r:
  /// a branch result; acc: an accumulator; s: a struct; p, nb: elements).
  std::string newVar(llvm::StringRef hint) {
    static const char *f[] = {"d", "s", "e", "w", "g", "val", "tmp", "dx", "dy", "dz", "dist_sq", "denom",
                              "term", "coef", "phase", "ang", "mag", "inv", "ratio", "total", "weight",
                              "lhs", "rhs", "bias", "f_val", "h_val", "sig", "pot", "t", "u", "c", "l",
                              "fx", "grad", "err", "step_len"};
    static const char *v[] = {"p", "dir", "nrm", "disp", "f", "axis_v", "offs", "delta", "grad_v", "t_vec",
                              "e1", "e2", "rel", "d_pos", "v_rel", "n_hat", "x_new", "arm"};
    static const char *m[] = {"R", "A_m", "B_m", "M", "S", "J", "rot_m", "T", "H", "K_m", "P"};
    static const char *q[] = {"rot_q", "qr", "q", "orient", "spin", "q_rel", "q_new"};
    static const char *r[] = {"r", "res", "sel", "value", "choice", "v_out", "y"};
    static const char *acc[] = {"acc", "total_acc", "s_acc", "accum", "run", "sum_v", "hist", "energy"};
    static const char *st[] = {"st", "state", "body", "cell", "node", "item"};
    static const char *own[] = {"me", "cur", "p_i", "part"};
    static const char *nb[] = {"nb", "other", "nxt", "p_j"};
    if (hint == "v") return fresh(v);
    if (hint == "m") return fresh(m);
    if (hint == "q") return fresh(q);
    if (hint == "r") return fresh(r);
    if (hint == "acc") return fresh(acc);
    if (hint == "s") return fresh(st);
    if (hint == "p") return fresh(own);
    if (hint == "nb") return fresh(nb);
    return fresh(f);
  }
  static const char *hintOf(Ty t) { return t == Ty::V ? "v" : t == Ty::M ? "m" : t == Ty::Q ? "q" : "t"; }

  std::vector<std::string> varsOf(Ty t) const {
    std::vector<std::string> out;
    for (auto &[name, vt] : vars)
      if (vt == t)
        out.push_back(name);
    return out;
  }
  std::string pickVar(Ty t) {
    auto vs = varsOf(t);
    if (vs.empty())
      return "";
    std::string v = vs[rng.next() % vs.size()];
    if (!noGrad)
      used.insert(v);
    return v;
  }
  /// `gen` run without counting its variables as read (a condition, the
  /// argument of floor/sign/...: no gradient flows through them).
  std::string noGradOf(const std::function<std::string()> &gen) {
    ++noGrad;
    std::string s = gen();
    --noGrad;
    return s;
  }
  /// Two operands that differ (wp.min(x, x), a - a, a > a mean nothing):
  /// the second is drawn again, up to three times, while it equals the first.
  std::pair<std::string, std::string> two(const std::function<std::string()> &gen) {
    std::string a = gen();
    auto saved = used;
    std::string b = gen();
    for (int k = 0; k < 3 && b == a; ++k) {
      used = saved;
      b = gen();
    }
    return {a, b};
  }
  /// A float that stands for a value of type t in the result.
  std::string toFloat(const std::string &v, Ty t) {
    switch (t) {
    case Ty::F: return v;
    case Ty::V: {
      static const char *f[] = {"wp.length(", "wp.length_sq("};
      if (rng.chance(0.4))
        return v + "[" + std::to_string(rng.range(0, 2)) + "]";
      return std::string(f[rng.range(0, 1)]) + v + ")";
    }
    case Ty::M: {
      static const char *f[] = {"wp.trace(", "wp.determinant("};
      if (rng.chance(0.4))
        return v + "[" + std::to_string(rng.range(0, 2)) + ", " + std::to_string(rng.range(0, 2)) + "]";
      return std::string(f[rng.range(0, 1)]) + v + ")";
    }
    case Ty::Q: return v + "[" + std::to_string(rng.range(0, 3)) + "]";
    }
    return v;
  }

  std::string expr(Ty t, int depth);
  std::string exprF(int depth);
  std::string exprV(int depth);
  std::string exprM(int depth);
  std::string exprQ(int depth);
  /// A unit-length axis from three floats (never zero: x*x + 1 > 0).
  std::string axis(int depth) {
    return "wp.normalize(" + ty(Ty::V) + "(" + sq(exprF(depth)) + " + 1.0, " + exprF(depth) + ", " +
           exprF(depth) + "))";
  }
  std::string sq(const std::string &e) { return "(" + e + ") * (" + e + ")"; }
  std::string cond(int depth) {
    static const char *ops[] = {"<", ">", "<=", ">="};
    ++noGrad;
    auto [l, r] = two([&] { return exprF(depth); });
    std::string c = l + " " + ops[rng.range(0, 3)] + " " + r;
    if (flavor.math && rng.chance(0.2)) {
      static const char *checks[] = {"wp.isfinite(", "not wp.isnan(", "not wp.isinf("};
      c = "(" + c + ") and " + checks[rng.range(0, 2)] + exprF(depth) + ")";
    }
    --noGrad;
    return c;
  }

  void line(const std::string &s) { body += std::string(4 * indent, ' ') + s + "\n"; }
  void assign(const std::string &name, Ty t, const std::string &e) {
    line(name + " = " + e);
    vars.push_back({name, t});
  }
  /// Statements of the category.
  void statements();
  void helperFunc();
  void helperStruct();

  // --- Motifs (MotifLib below): programs shaped like Warp's examples and
  // physics / graphics / ML code, composed from optional parts. ---
  struct OutArr {
    std::string name, k;
    std::vector<int> shape;
    Value init; // nullptr: zeros
  };
  std::vector<OutArr> outs;
  std::vector<int> dims; // the launch (motif programs)
  bool motif();
  /// The motif that built the program ("" for the free generator).
  std::string motifName;
  Program finishMotif(Program &p);
  bool motifFor(const std::string &c);
  /// A category's motifs by name, in the order of the draw that picks one.
  struct MotifChoice {
    const char *name;
    std::function<void()> build;
  };
  std::vector<MotifChoice> motifsOf(const std::string &c);
  /// A precision-specific type for a kind: f, i, v2, v3, v4, m22, m33, m44, q.
  std::string T(llvm::StringRef k) const {
    if (k == "f") return ty(Ty::F);
    if (k == "i") return "int";
    std::string base = k == "q" ? "quat" : k.starts_with("v") ? "vec" + k.substr(1).str() : "mat" + k.substr(1).str();
    return "wp." + base + (f64 ? "d" : "");
  }
  /// Replaces {F} {V2} {V3} {V4} {M22} {M33} {M44} {Q} by this precision's types.
  std::string P(std::string s) const {
    static const std::pair<const char *, const char *> keys[] = {{"{F}", "f"}, {"{V2}", "v2"}, {"{V3}", "v3"},
                                                                 {"{V4}", "v4"}, {"{M22}", "m22"}, {"{M33}", "m33"},
                                                                 {"{M44}", "m44"}, {"{Q}", "q"}};
    for (auto &[key, k] : keys)
      for (size_t at; (at = s.find(key)) != std::string::npos;)
        s.replace(at, strlen(key), T(k));
    return s;
  }
  void L(const std::string &s) { line(P(s)); }
  static int compsOf(llvm::StringRef k) {
    if (k == "f" || k == "i") return 1;
    if (k == "q") return 4;
    if (k.starts_with("v")) return k[1] - '0';
    return (k[1] - '0') * (k[1] - '0');
  }
  /// A value in [lo, hi] with 3 decimals, never an integer, distinct from
  /// the program's other scalar floats if asked.
  double val(double lo, double hi, bool distinct = true) {
    for (int tries = 0;; ++tries) {
      double v = rng.value(lo, hi);
      if (v != std::round(v) && (!distinct || tries > 50 || usedValues.insert(v).second))
        return v;
    }
  }
  /// An element of kind k: "" uniform in [lo, hi]; "unit": a unit vector
  /// (or quaternion); "near_id": a matrix near the identity (off-diagonal
  /// entries in [lo, hi]); "spd": a diagonal of positive entries in [lo, hi].
  Value elem(llvm::StringRef k, double lo, double hi, llvm::StringRef how) {
    if (k == "i")
      return int64_t(rng.range(int(lo), int(hi)));
    if (k == "f")
      return val(lo, hi);
    int c = compsOf(k);
    if (k.starts_with("m")) {
      int nr = k[1] - '0';
      Array rows;
      for (int r = 0; r < nr; ++r) {
        Array row;
        for (int q = 0; q < nr; ++q) {
          if (how == "near_id")
            row.push_back(r == q ? val(0.8, 1.2, false) : val(lo, hi, false));
          else
            row.push_back(val(lo, hi, false));
        }
        rows.push_back(std::move(row));
      }
      return Value(std::move(rows));
    }
    std::vector<double> v;
    double norm = 0;
    for (int q = 0; q < c; ++q) {
      v.push_back(val(lo, hi, false));
      norm += v.back() * v.back();
    }
    if (how == "unit") {
      norm = std::sqrt(std::max(norm, 1e-6));
      for (double &x : v) {
        x = std::round(x / norm * 1000) / 1000;
        if (x == std::round(x))
          x += 0.001;
      }
    }
    Array a;
    for (double x : v)
      a.push_back(x);
    return Value(std::move(a));
  }
  Value nested(const std::vector<int> &shape, size_t d, const std::function<Value()> &e) {
    if (d == shape.size())
      return e();
    Array a;
    for (int q = 0; q < shape[d]; ++q)
      a.push_back(nested(shape, d + 1, e));
    return Value(std::move(a));
  }
  std::string ann(llvm::StringRef k, size_t ndim) const {
    std::string a = ndim == 1 ? "wp.array(" : "wp.array" + std::to_string(ndim) + "d(";
    return a + "dtype=" + T(k) + ")";
  }
  /// An input array of kind k and shape (float kinds take a gradient).
  void arr(const std::string &name, llvm::StringRef k, std::vector<int> shape, double lo, double hi,
           llvm::StringRef how = "") {
    bool grad = k != "i";
    Value data = nested(shape, 0, [&] { return elem(k, lo, hi, how); });
    inputs.push_back({name, ann(k, shape.size()),
                      Object{{"data", std::move(data)}, {"requires_grad", grad}}, grad});
  }
  /// An index array: `count` indices in [0, n).
  void idx(const std::string &name, int count, int n) {
    Array a;
    for (int q = 0; q < count; ++q)
      a.push_back(int64_t(rng.range(0, n - 1)));
    inputs.push_back({name, "wp.array(dtype=int)", Object{{"data", std::move(a)}, {"requires_grad", false}}, false});
  }
  void scal(const std::string &name, double lo, double hi) {
    inputs.push_back({name, ty(Ty::F), Value(val(lo, hi)), false});
  }
  void iscal(const std::string &name, int lo, int hi) {
    inputs.push_back({name, "int", Value(int64_t(rng.range(lo, hi))), false});
  }
  /// An output array (zeros, or `init`), seeded for the backward pass.
  void out(const std::string &name, llvm::StringRef k, std::vector<int> shape, Value init = nullptr) {
    outs.push_back({name, k.str(), shape, std::move(init)});
  }
  /// A launch size around --threads (1-D motifs).
  int launch1() {
    int t = std::max(2, opt.threads);
    static const int num[] = {1, 2, 3, 4};
    return std::max(2, t * num[rng.range(0, 3)] / 2);
  }
  /// A float constant in [lo, hi] (printed with 3 significant digits).
  std::string c(double lo, double hi) { return num(rng.value(lo, hi)); }
  std::string pick(llvm::ArrayRef<const char *> names) { return fresh(names); }
  /// A name of a @wp.func: the domain's, after f<index>_ (per-index names
  /// are normalized by the content hash).
  std::string funcName(const std::string &base) {
    return "f" + std::to_string(index) + "_" + base + suffix();
  }
  // The motifs, by domain.
  void mIntegrate(bool scalarDt, bool collide);
  void mSprings(bool viaFunc);
  void mRaySphere(bool branchy);
  void mTransform();
  void mStrain();
  void mRotate2D();
  void mQuatRotate();
  void mQuatIntegrate();
  void mActivation(bool viaFunc);
  void mRowOp();
  void mKepler();
  void mNewtonSqrt();
  void mNeighbours(bool nested);
  void mMultiScale();
  void mJacobi3();
  void mStencil2D();
  void mGradient2D();
  void mGrayScott();
  void mStencil3D();
  void mBias4D();
  void mSaxpy();
  void mHistogram();
  void mReduce();
  void mScatter();
  void mPiecewise();
  void mContact();
  void mParticlesStruct();
  void mRigidCombined();

  // Inputs: (name, annotation, dtype or "" for an int/float scalar, data).
  struct Input {
    std::string name, annotation;
    Value data;
    bool grad;
  };
  void arrayInput(const std::string &name, Ty t, int count, bool twoD = false);
  /// An input value in [-1, 1] away from the kinks finite differences cannot
  /// check: never an integer (floor, sign, abs at 0) and, if `distinct`,
  /// unequal to every other such value of the program (ties of atomic_max/min
  /// across threads, of min/max and of comparisons between arrays).
  double inputValue(bool distinct) {
    for (;;) {
      double v = rng.value(-1, 1);
      if (v != std::round(v) && (!distinct || usedValues.insert(v).second))
        return v;
    }
  }

  Rng rng;
  uint64_t index;
  std::string cat;
  bool f64;
  GenOptions opt;
  Flavor flavor;
  int counter = 0, indent = 1, noGrad = 0;
  /// Names in use: parameters, locals, and what a local must not shadow.
  std::set<std::string> taken = {"i", "j", "k", "n", "ps", "wp", "float", "int", "len", "abs",
                                 "min", "max", "round", "pow", "range", "print"};
  std::string outName = "out";
  /// Variables read where a gradient can flow (see pickVar); the result
  /// folds in every other one, so that each value reaches the output.
  std::set<std::string> used;
  bool twoD = false;
  std::vector<std::pair<std::string, Ty>> vars;
  std::vector<Input> inputs;
  std::set<double> usedValues; // the float array elements so far
  std::string prefix, body;
  int funcs = 0;
};

std::string Gen::expr(Ty t, int depth) {
  switch (t) {
  case Ty::F: return exprF(depth);
  case Ty::V: return exprV(depth);
  case Ty::M: return exprM(depth);
  case Ty::Q: return exprQ(depth);
  }
  return "";
}

std::string Gen::exprF(int depth) {
  if (depth <= 0 || rng.chance(0.25)) {
    std::string v = pickVar(Ty::F);
    if (!v.empty() && rng.chance(0.85))
      return v;
    if (flavor.vec && !varsOf(Ty::V).empty() && rng.chance(0.5))
      return pickVar(Ty::V) + "[" + std::to_string(rng.range(0, 2)) + "]";
    return v.empty() ? lit(rng.value(-1, 1)) : v;
  }
  int d = depth - 1;
  // Arithmetic productions first, then math, vector, matrix, quaternion ones.
  std::vector<std::function<std::string()>> prods = {
      [&] { return "(" + exprF(d) + " + " + exprF(d) + ")"; },
      [&] { auto [a, b] = two([&] { return exprF(d); }); return "(" + a + " - " + b + ")"; },
      [&] { return "(" + exprF(d) + " * " + exprF(d) + ")"; },
      [&] { return "(" + exprF(d) + " * " + constant() + ")"; },
      [&] { return "(" + exprF(d) + " / (" + sq(exprF(d)) + " + 1.0))"; },
      [&] { return "(-" + exprF(d) + ")"; },
  };
  if (flavor.math) {
    auto add = [&](std::function<std::string()> f) { prods.push_back(std::move(f)); };
    add([&] { return "wp.sin(" + exprF(d) + ")"; });
    add([&] { return "wp.cos(" + exprF(d) + ")"; });
    add([&] { return "wp.tan(wp.sin(" + exprF(d) + "))"; });
    add([&] { return "wp.tanh(" + exprF(d) + ")"; });
    add([&] { return "wp.exp(wp.sin(" + exprF(d) + "))"; });
    add([&] { return "wp.log(" + sq(exprF(d)) + " + 1.0)"; });
    add([&] { return "wp.log2(" + sq(exprF(d)) + " + 1.0)"; });
    add([&] { return "wp.log10(" + sq(exprF(d)) + " + 1.0)"; });
    add([&] { return "wp.sqrt(" + sq(exprF(d)) + " + 0.25)"; });
    add([&] { return "wp.cbrt(" + exprF(d) + " + 3.0)"; });
    add([&] { return "wp.pow(" + sq(exprF(d)) + " + 0.5, wp.sin(" + exprF(d) + "))"; });
    add([&] { return "wp.asin(wp.sin(" + exprF(d) + ") * 0.9)"; });
    add([&] { return "wp.acos(wp.cos(" + exprF(d) + ") * 0.9)"; });
    add([&] { return "wp.atan(" + exprF(d) + ")"; });
    add([&] { return "wp.atan2(" + exprF(d) + ", " + sq(exprF(d)) + " + 1.0)"; });
    add([&] { return "wp.sinh(wp.sin(" + exprF(d) + "))"; });
    add([&] { return "wp.cosh(wp.sin(" + exprF(d) + "))"; });
    add([&] { return "wp.abs(" + exprF(d) + ")"; });
    // Gates (min, max, clamp, where, step): a gradient reaches only the
    // operand chosen, so reads there do not count as reaching the output.
    auto gated = [&] { return noGradOf([&] { return exprF(d); }); };
    add([&] { auto [a, b] = two(gated); return "wp.min(" + a + ", " + b + ")"; });
    add([&] { auto [a, b] = two(gated); return "wp.max(" + a + ", " + b + ")"; });
    add([&] { return "wp.clamp(" + gated() + ", -0.5, 0.5)"; });
    add([&] { auto [a, b] = two([&] { return exprF(d); }); return "wp.lerp(" + a + ", " + b + ", 0.25)"; });
    add([&] { return "wp.smoothstep(-2.0, 2.0, " + exprF(d) + ")"; });
    auto ng = [&] { return noGradOf([&] { return exprF(d); }); };
    add([&] { return "(wp.floor(" + ng() + ") + wp.ceil(" + ng() + ") * 0.5 + " + exprF(d) + ")"; });
    add([&] { return "(wp.round(" + ng() + ") * " + gated() + ")"; });
    add([&] { return "(wp.trunc(" + ng() + ") + wp.frac(" + exprF(d) + "))"; });
    add([&] { return "(wp.sign(" + ng() + ") * " + exprF(d) + ")"; });
    add([&] { return "(wp.step(" + ng() + ") * " + gated() + ")"; });
    add([&] { return "(" + exprF(d) + " % (" + sq(exprF(d)) + " + 0.5))"; });
    add([&] {
      std::string c = cond(d);
      auto [a, b] = two(gated);
      return "wp.where(" + c + ", " + a + ", " + b + ")";
    });
    add([&] { return "wp.where(" + cond(d) + ", " + gated() + ", " + gated() + ")"; });
  }
  if (flavor.vec) {
    prods.push_back([&] { return "wp.dot(" + exprV(d) + ", " + exprV(d) + ")"; });
    prods.push_back([&] { return "wp.length(" + exprV(d) + ")"; });
    prods.push_back([&] { return "wp.length_sq(" + exprV(d) + ")"; });
    prods.push_back([&] { return exprV(d) + "[" + std::to_string(rng.range(0, 2)) + "]"; });
    prods.push_back([&] { return "(" + exprF(d) + " * " + ty(Ty::F) + "(len(" + exprV(d) + ")))"; });
  }
  if (flavor.mat) {
    prods.push_back([&] { return "wp.determinant(" + exprM(d) + ")"; });
    prods.push_back([&] { return "wp.trace(" + exprM(d) + ")"; });
    prods.push_back([&] {
      return exprM(d) + "[" + std::to_string(rng.range(0, 2)) + ", " + std::to_string(rng.range(0, 2)) + "]";
    });
  }
  if (flavor.quat)
    prods.push_back([&] { return exprQ(d) + "[" + std::to_string(rng.range(0, 3)) + "]"; });
  return prods[rng.next() % prods.size()]();
}

std::string Gen::exprV(int depth) {
  std::string v = pickVar(Ty::V);
  if (depth <= 0 || rng.chance(0.25)) {
    if (!v.empty())
      return v;
    return ty(Ty::V) + "(" + exprF(0) + ", " + exprF(0) + ", " + exprF(0) + ")";
  }
  int d = depth - 1;
  std::vector<std::function<std::string()>> prods = {
      [&] { return ty(Ty::V) + "(" + exprF(d) + ", " + exprF(d) + ", " + exprF(d) + ")"; },
      [&] { return "(" + exprV(d) + " + " + exprV(d) + ")"; },
      [&] { auto [a, b] = two([&] { return exprV(d); }); return "(" + a + " - " + b + ")"; },
      [&] { return "(" + exprV(d) + " * " + exprF(d) + ")"; },
      [&] { auto [a, b] = two([&] { return exprV(d); }); return "wp.cross(" + a + ", " + b + ")"; },
      [&] { return axis(d); },
      [&] { return "wp.cw_mul(" + exprV(d) + ", " + exprV(d) + ")"; },
      [&] {
        return "wp.cw_div(" + exprV(d) + ", " + ty(Ty::V) + "(" + sq(exprF(d)) + " + 1.0, 2.0, " +
               sq(exprF(d)) + " + 0.5))";
      },
  };
  if (flavor.mat)
    prods.push_back([&] { return "(" + exprM(d) + " * " + exprV(d) + ")"; });
  if (flavor.quat) {
    prods.push_back([&] { return "wp.quat_rotate(" + exprQ(d) + ", " + exprV(d) + ")"; });
    prods.push_back([&] { return "wp.quat_rotate_inv(" + exprQ(d) + ", " + exprV(d) + ")"; });
  }
  return prods[rng.next() % prods.size()]();
}

std::string Gen::exprM(int depth) {
  std::string m = pickVar(Ty::M);
  if (depth <= 0 || rng.chance(0.3)) {
    if (!m.empty())
      return m;
    return "wp.outer(" + exprV(0) + ", " + exprV(0) + ")";
  }
  int d = depth - 1;
  std::string id = "wp.identity(n=3, dtype=" + ty(Ty::F) + ")";
  std::vector<std::function<std::string()>> prods = {
      [&] { return "wp.outer(" + exprV(d) + ", " + exprV(d) + ")"; },
      [&] { return "(" + exprM(d) + " + " + exprM(d) + ")"; },
      [&] { return "(" + exprM(d) + " * " + exprM(d) + ")"; },
      [&] { return "(" + exprM(d) + " * " + exprF(d) + ")"; },
      [&] { return "wp.transpose(" + exprM(d) + ")"; },
      [&] { return "wp.diag(" + exprV(d) + ")"; },
      // Invertible: the identity plus a small rank-1 term (loaded inputs are in [-1, 1]).
      [&] {
        std::string u = pickVar(Ty::V), w = pickVar(Ty::V);
        if (u.empty())
          return "(" + id + " * " + constant() + ")";
        return "wp.inverse(" + id + " * 2.0 + wp.outer(" + u + ", " + w + ") * 0.25)";
      },
  };
  if (flavor.quat)
    prods.push_back([&] { return "wp.quat_to_matrix(" + exprQ(d) + ")"; });
  return prods[rng.next() % prods.size()]();
}

std::string Gen::exprQ(int depth) {
  std::string q = pickVar(Ty::Q);
  if (!q.empty() && (depth <= 0 || rng.chance(0.4)))
    return q;
  int d = std::max(depth - 1, 0);
  if (rng.chance(0.1))
    return "(wp.quat_identity(dtype=" + ty(Ty::F) + ") * " + exprQ(d) + ")";
  switch (rng.range(0, 2)) {
  case 0:
    if (!q.empty())
      return "(" + q + " * " + exprQ(d) + ")";
    [[fallthrough]];
  case 1:
    return "wp.quat_from_axis_angle(" + axis(d) + ", " + exprF(d) + ")";
  default:
    return "wp.quat_inverse(" + exprQ(d) + ")";
  }
}

void Gen::arrayInput(const std::string &name, Ty t, int count, bool twoDim) {
  int comps = t == Ty::F ? 1 : t == Ty::V ? 3 : t == Ty::M ? 9 : 4;
  Array rows;
  auto element = [&]() -> Value {
    if (comps == 1)
      return inputValue(/*distinct=*/true);
    Array c;
    if (t == Ty::M) {
      for (int r = 0; r < 3; ++r) {
        Array row;
        for (int k = 0; k < 3; ++k)
          row.push_back(inputValue(false));
        c.push_back(std::move(row));
      }
    } else {
      for (int k = 0; k < comps; ++k)
        c.push_back(inputValue(false));
    }
    return Value(std::move(c));
  };
  if (twoDim) {
    for (int r = 0; r < 4; ++r) {
      Array row;
      for (int k = 0; k < 4; ++k)
        row.push_back(element());
      rows.push_back(std::move(row));
    }
  } else {
    for (int k = 0; k < count; ++k)
      rows.push_back(element());
  }
  Object desc{{"data", std::move(rows)}, {"requires_grad", true}};
  if (t != Ty::F)
    desc["dtype"] = dtype(t);
  std::string ann = twoDim ? "wp.array2d(dtype=" + ty(t) + ")" : "wp.array(dtype=" + ty(t) + ")";
  inputs.push_back({name, ann, Value(std::move(desc)), true});
}

void Gen::helperFunc() {
  // A @wp.func of two floats, sometimes with a branch and an early return.
  std::string name = "f" + std::to_string(index) + "_" + std::to_string(funcs++) + suffix();
  auto saved = vars;
  auto savedUsed = used; // p and q are the func's: a kernel local may have the name
  vars = {{"p", Ty::F}, {"q", Ty::F}};
  std::string s = "@wp.func\ndef " + name + "(p: " + ty(Ty::F) + ", q: " + ty(Ty::F) + "):\n";
  if (rng.chance(0.5))
    s += "    if " + cond(1) + ":\n        return " + exprF(opt.maxDepth - 1) + "\n";
  s += "    return " + exprF(opt.maxDepth) + "\n\n\n";
  prefix += s;
  vars = saved;
  used = savedUsed;
  // A func may not use an argument on every path: reads do not count.
  auto [a, b] = two([&] { return noGradOf([&] { return exprF(1); }); });
  std::string t = newVar("t");
  assign(t, Ty::F, name + "(" + a + ", " + b + ")");
}

void Gen::helperStruct() {
  std::string name = "S" + std::to_string(index) + suffix();
  prefix += "@wp.struct\nclass " + name + ":\n    a: " + ty(Ty::F) + "\n    b: " + ty(Ty::V) +
            "\n    n: int\n\n\n";
  if (rng.chance(0.5)) {
    // An array of the struct (Warp's particles pattern): the thread's own
    // element and a neighbour's, whose adjoint other threads add to as well.
    Array data;
    for (int k = 0; k < opt.threads; ++k)
      data.push_back(Object{{"a", inputValue(true)},
                            {"b", Array{inputValue(false), inputValue(false), inputValue(false)}},
                            {"n", int64_t(rng.range(0, 9))}});
    inputs.push_back({"ps", "wp.array(dtype=" + name + ")",
                      Object{{"data", std::move(data)}, {"requires_grad", true}}, true});
    std::string own = newVar("p"), next = newVar("nb");
    line(own + " = ps[i]");
    line(next + " = ps[(i + 1) % ps.shape[0]]");
    vars.push_back({own + ".a", Ty::F});
    vars.push_back({next + ".b", Ty::V});
    assign(newVar("t"), Ty::F,
           own + ".a * " + next + ".a + wp.dot(" + own + ".b, " + next + ".b) * " + ty(Ty::F) + "(" +
               own + ".n) + " + exprF(opt.maxDepth - 1));
    return;
  }
  std::string s = newVar("s");
  line(s + " = " + name + "()");
  line(s + ".a = " + exprF(opt.maxDepth));
  line(s + ".b = " + exprV(opt.maxDepth - 1));
  line(s + ".n = i");
  line("wp.expect_neq(" + s + ".n, -1)");
  if (rng.chance(0.5)) {
    // The struct carried through a dynamic loop (its adjoint tapes it field
    // by field); the updates are contractions, so values stay bounded.
    inputs.push_back({"n", "int", Value(int64_t(rng.range(1, 5))), false});
    line("for j in range(n):");
    ++indent;
    line(s + ".a = " + s + ".a * " + num(rng.value(0.3, 0.9)) + " + wp.sin(" + s + ".b[" +
         std::to_string(rng.range(0, 2)) + "]) * " + num(rng.value(0.1, 0.5)));
    line(s + ".b = " + s + ".b * " + num(rng.value(0.3, 0.9)) + " + " + ty(Ty::V) + "(wp.sin(" + s +
         ".a), " + lit(rng.value(-1, 1)) + ", " + ty(Ty::F) + "(j)) * " + num(rng.value(0.1, 0.5)));
    line(s + ".n = " + s + ".n + 1");
    --indent;
  }
  assign(newVar("t"), Ty::F, s + ".a * wp.length(" + s + ".b) + " + s + ".b[1]");
}

void Gen::statements() {
  int depth = opt.maxDepth;
  // A float statement: a new local, or (as people write) an update of one:
  // `x += e`, `x *= c`, or an update under a condition.
  auto scalarStatement = [&] {
    std::vector<std::string> locals;
    for (auto &var : vars)
      if (var.second == Ty::F && var.first.find_first_of("(.") == std::string::npos &&
          std::none_of(inputs.begin(), inputs.end(), [&](const Input &in) { return in.name == var.first; }))
        locals.push_back(var.first);
    double r = rng.uniform();
    if (locals.empty() || r < 0.6) {
      assign(newVar("t"), Ty::F, exprF(depth));
      return;
    }
    std::string x = locals[rng.next() % locals.size()];
    if (r < 0.75) {
      auto saved = used;
      std::string e = exprF(depth - 1);
      for (int k = 0; k < 3 && e == x; ++k) {
        used = saved;
        e = exprF(depth - 1);
      }
      line(x + (rng.chance(0.5) ? " += " : " -= ") + e);
    } else if (r < 0.85) {
      line(x + " *= " + constant());
    } else {
      line("if " + cond(1) + ":");
      ++indent;
      ++noGrad;
      line(x + " = " + x + " * " + constant() + " + " + exprF(depth - 1));
      --noGrad;
      --indent;
    }
  };
  if (cat == "vector" || cat == "matrix" || cat == "quaternion") {
    Ty t = cat == "vector" ? Ty::V : cat == "matrix" ? Ty::M : Ty::Q;
    int count = rng.range(1, opt.statements + 1);
    for (int k = 0; k <= count; ++k) {
      if (k % 2 && k > 1 && rng.chance(0.4))
        scalarStatement();
      else
        assign(newVar(k % 2 ? "t" : hintOf(t)), k % 2 ? Ty::F : t, k % 2 ? exprF(depth) : expr(t, depth - 1));
    }
    return;
  }
  if (cat == "control_flow" || cat == "multi_conditional") {
    std::string r = newVar("r");
    line(r + " = " + exprF(1));
    int branches = cat == "control_flow" ? 2 : rng.range(3, 4);
    for (int b = 0; b < branches; ++b) {
      line(b == 0 ? "if " + cond(2) + ":" : b + 1 == branches ? "else:" : "elif " + cond(2) + ":");
      ++indent;
      // The last branch updates r: its first value is read on that path.
      // Reads in a branch need not happen: they do not count.
      ++noGrad;
      if (b + 1 == branches)
        line(r + " = " + r + " * " + constant() + " + " + exprF(depth - 1));
      else
        line(r + " = " + exprF(depth));
      if (rng.chance(0.3))
        line(r + " = " + r + " * " + exprF(1));
      --noGrad;
      --indent;
    }
    vars.push_back({r, Ty::F});
    return;
  }
  if (cat == "loop_carried" || cat == "nested_loop" || cat == "combined") {
    inputs.push_back({"n", "int", Value(int64_t(rng.range(1, 5))), false});
    std::string acc = newVar("acc");
    line(acc + " = " + lit(rng.value(-1, 1)));
    line("for j in range(n):");
    ++indent;
    vars.push_back({ty(Ty::F) + "(j)", Ty::F});
    vars.push_back({acc, Ty::F});
    if (cat == "nested_loop") {
      line("for k in range(" + std::to_string(rng.range(2, 3)) + "):");
      ++indent;
      vars.push_back({ty(Ty::F) + "(k)", Ty::F});
      line(acc + " = wp.sin(" + acc + ") * 0.5 + " + exprF(depth - 1));
      --indent;
    } else {
      line(acc + " = " + acc + " * " + num(rng.value(0.3, 0.9)) + " + " + exprF(depth - 1));
      if (rng.chance(0.3)) {
        line("if " + acc + " > 4.0:");
        line("    break");
      }
    }
    --indent;
    vars.erase(std::remove_if(vars.begin(), vars.end(),
                              [](auto &v) { return v.first.find("(j)") != std::string::npos ||
                                                   v.first.find("(k)") != std::string::npos; }),
               vars.end());
    if (cat != "combined")
      return;
  }
  if (cat == "func_call") {
    helperFunc();
    if (rng.chance(0.5))
      helperFunc();
    return;
  }
  if (cat == "struct") {
    scalarStatement();
    helperStruct();
    return;
  }
  if (cat == "combined") {
    helperFunc();
    assign(newVar("v"), Ty::V, exprV(depth - 1));
    return;
  }
  int count = rng.range(1, opt.statements + 1);
  for (int k = 0; k < count; ++k)
    scalarStatement();
}


//===----------------------------------------------------------------------===//
// Motifs: programs shaped like Warp's examples and physics / graphics / ML
// code. Each motif is the statement structure of a domain (integration,
// springs, collisions, neighbour sums, stencils, reductions, ...), built
// from optional parts drawn from the random stream, with names from the
// domain and inputs in the domain's ranges (positive masses, unit
// directions, matrices near the identity), so no `e*e + c` guard is needed.
// Each category's motifs keep its feature in an output.
//===----------------------------------------------------------------------===//

bool Gen::motif() { return motifFor(cat); }

std::vector<Gen::MotifChoice> Gen::motifsOf(const std::string &c0) {
  // Index k is drawn as rng.range(0, n - 1) (no draw for a single motif).
  auto m = [](const char *name, std::function<void()> build) { return MotifChoice{name, std::move(build)}; };
  if (c0 == "arithmetic")
    return {m("stencil3d", [&] { mStencil3D(); }), m("saxpy", [&] { mSaxpy(); })};
  if (c0 == "math")
    return {m("activation", [&] { mActivation(false); }), m("row_op", [&] { mRowOp(); }),
            m("kepler", [&] { mKepler(); }), m("bias4d", [&] { mBias4D(); })};
  if (c0 == "vector")
    return {m("integrate", [&] { mIntegrate(false, false); }), m("springs", [&] { mSprings(false); }),
            m("ray_sphere", [&] { mRaySphere(false); })};
  if (c0 == "matrix")
    return {m("transform", [&] { mTransform(); }), m("strain", [&] { mStrain(); }),
            m("rotate2d", [&] { mRotate2D(); })};
  if (c0 == "quaternion")
    return {m("quat_integrate", [&] { mQuatIntegrate(); }), m("quat_rotate", [&] { mQuatRotate(); })};
  if (c0 == "control_flow")
    return {m("integrate_collide", [&] { mIntegrate(rng.chance(0.5), true); }), m("contact", [&] { mContact(); }),
            m("ray_sphere_branch", [&] { mRaySphere(true); })};
  if (c0 == "multi_conditional")
    return {m("piecewise", [&] { mPiecewise(); })};
  if (c0 == "loop_carried")
    return {m("neighbours", [&] { mNeighbours(false); }), m("newton_root", [&] { mNewtonSqrt(); }),
            m("kepler", [&] { mKepler(); }), m("jacobi3", [&] { mJacobi3(); })};
  if (c0 == "nested_loop")
    return {m("multiscale_blur", [&] { mMultiScale(); }), m("neighbours_nested", [&] { mNeighbours(true); })};
  if (c0 == "func_call")
    return {m("activation_func", [&] { mActivation(true); }), m("springs_func", [&] { mSprings(true); })};
  if (c0 == "struct")
    return {m("particles_struct", [&] { mParticlesStruct(); })};
  if (c0 == "atomic")
    return {m("histogram", [&] { mHistogram(); }), m("reduce", [&] { mReduce(); }),
            m("scatter", [&] { mScatter(); })};
  if (c0 == "array2d")
    return {m("stencil2d", [&] { mStencil2D(); }), m("gradient2d", [&] { mGradient2D(); }),
            m("gray_scott", [&] { mGrayScott(); })};
  if (c0 == "scalar_param")
    return {m("saxpy", [&] { mSaxpy(); }), m("integrate_scalar", [&] { mIntegrate(true, rng.chance(0.4)); })};
  if (c0 == "combined")
    return {m("rigid_body", [&] { mRigidCombined(); })};
  return {};
}

bool Gen::motifFor(const std::string &c0) {
  std::vector<MotifChoice> choices = motifsOf(c0);
  if (choices.empty())
    return false;
  const MotifChoice &m = choices.size() == 1 ? choices[0] : choices[rng.range(0, int(choices.size()) - 1)];
  motifName = m.name;
  m.build();
  return true;
}

void Gen::mIntegrate(bool scalarDt, bool collide) {
  int n = launch1();
  dims = {n};
  std::string pos = pick({"pos", "x", "positions", "particle_q", "body_pos"}),
              vel = pick({"vel", "v", "velocities", "particle_qd", "body_vel"});
  arr(pos, "v3", {n}, -1, 1);
  arr(vel, "v3", {n}, -1, 1);
  bool force = rng.chance(0.7);
  std::string frc, im;
  if (force) {
    frc = pick({"force", "f_ext", "forces", "particle_f"});
    im = pick({"inv_mass", "w", "inv_m", "particle_inv_mass"});
    arr(frc, "v3", {n}, -1, 1);
    arr(im, "f", {n}, 0.2, 2.0);
  }
  std::string dt = c(0.005, 0.05);
  if (scalarDt || rng.chance(0.5)) {
    dt = pick({"dt", "sim_dt", "h", "step_dt"});
    scal(dt, 0.005, 0.05);
  }
  std::string damp;
  if (scalarDt && rng.chance(0.5)) {
    damp = pick({"damping", "drag", "k_d"});
    scal(damp, 0.05, 0.5);
  }
  std::string po = pick({"pos_out", "x_new", "new_pos", "q_out"}), vo = pick({"vel_out", "v_new", "new_vel", "qd_out"});
  std::string x = pick({"x0", "p", "xi", "q0"}), v = pick({"v0", "vi", "u", "qd0"}), a = pick({"a", "acc", "accel"});
  line("i = wp.tid()");
  L(x + " = " + pos + "[i]");
  L(v + " = " + vel + "[i]");
  std::string g = "{V3}(0.0, " + c(-9.81, -1.0) + ", 0.0)";
  if (force)
    L(a + " = " + frc + "[i] * " + im + "[i]" + (rng.chance(0.6) ? " + " + g : ""));
  else
    L(a + " = " + g);
  bool semi = rng.chance(0.6);
  auto upd = [&](const std::string &lhs, const std::string &e) {
    if (rng.chance(0.5))
      L(lhs + " += " + e);
    else
      L(lhs + " = " + lhs + " + " + e);
  };
  auto dampV = [&] {
    if (!damp.empty())
      L(v + " = " + v + " * (1.0 - " + damp + " * " + dt + ")");
    else if (rng.chance(0.4))
      L(v + " = " + v + " * " + c(0.9, 0.999));
  };
  if (semi) {
    upd(v, a + " * " + dt);
    dampV();
    upd(x, v + " * " + dt);
  } else {
    upd(x, v + " * " + dt);
    upd(v, a + " * " + dt);
    dampV();
  }
  if (collide) {
    if (rng.chance(0.5)) {
      std::string gr = c(-0.6, -0.1);
      L("if " + x + "[1] < " + gr + ":");
      ++indent;
      L(x + " = {V3}(" + x + "[0], " + gr + ", " + x + "[2])");
      std::string mu = c(0.5, 0.95);
      L(v + " = {V3}(" + v + "[0] * " + mu + ", -" + v + "[1] * " + c(0.2, 0.9) + ", " + v + "[2] * " + mu + ")");
      --indent;
    } else {
      std::string d = pick({"d", "rel", "offset"}), dist = pick({"dist", "r", "len_d"}), nh = pick({"n_hat", "nrm", "normal"});
      std::string ctr = "{V3}(" + c(-0.3, 0.3) + ", " + c(-0.3, 0.3) + ", " + c(-0.3, 0.3) + ")";
      std::string rad = c(0.5, 1.0);
      L(d + " = " + x + " - " + ctr);
      L(dist + " = wp.length(" + d + ")");
      L("if " + dist + " < " + rad + ":");
      ++indent;
      L(nh + " = " + d + " / " + dist);
      L(x + " = " + ctr + " + " + nh + " * " + rad);
      L(v + " = " + v + " - " + nh + " * (wp.dot(" + v + ", " + nh + ") * " + c(1.2, 1.9) + ")");
      --indent;
    }
  }
  if (rng.chance(0.3)) {
    std::string sp = pick({"speed", "vmag", "v_len"}), vmax = c(0.8, 1.5);
    L(sp + " = wp.length(" + v + ")");
    L("if " + sp + " > " + vmax + ":");
    L("    " + v + " = " + v + " * (" + vmax + " / " + sp + ")");
  }
  L(po + "[i] = " + x);
  L(vo + "[i] = " + v);
  out(po, "v3", {n});
  out(vo, "v3", {n});
}

void Gen::mSprings(bool viaFunc) {
  int m = launch1(), n = std::max(3, m / 2 + 2);
  dims = {m};
  std::string pos = pick({"pos", "x", "particle_q", "verts"}), rest = pick({"rest", "rest_len", "spring_rest_length"});
  std::string ia = pick({"idx_a", "spring_i", "edge_i"}), ib = pick({"idx_b", "spring_j", "edge_j"});
  arr(pos, "v3", {n}, -1, 1);
  arr(rest, "f", {m}, 0.2, 1.2);
  // Edges between distinct points.
  Array ea, eb;
  for (int q = 0; q < m; ++q) {
    int a = rng.range(0, n - 1), b = (a + rng.range(1, n - 1)) % n;
    ea.push_back(int64_t(a));
    eb.push_back(int64_t(b));
  }
  inputs.push_back({ia, "wp.array(dtype=int)", Object{{"data", std::move(ea)}, {"requires_grad", false}}, false});
  inputs.push_back({ib, "wp.array(dtype=int)", Object{{"data", std::move(eb)}, {"requires_grad", false}}, false});
  bool pbd = !viaFunc && rng.chance(0.35);
  std::string ks = c(5.0, 50.0);
  switch (pbd ? 2 : rng.range(0, 2)) {
  case 0: ks = pick({"ke", "k_s", "stiffness"}); scal(ks, 5.0, 50.0); break;
  case 1: {
    std::string k = pick({"spring_ke", "stiff", "k_arr"});
    arr(k, "f", {m}, 5.0, 50.0);
    ks = k + "[tid]";
    break;
  }
  default: break;
  }
  std::string fo = pbd ? pick({"delta", "dx_out", "corr"}) : pick({"force", "f", "particle_f"});
  std::string im = pick({"inv_mass", "w", "inv_m"});
  if (pbd)
    arr(im, "f", {n}, 0.2, 2.0);
  std::string fname;
  if (viaFunc) {
    fname = funcName(pick({"spring_force", "hooke", "spring"}));
    std::string s = "@wp.func\ndef " + fname + "(xa: {V3}, xb: {V3}, rest: {F}, k: {F}):\n";
    s += "    d = xb - xa\n    l = wp.length(d)\n";
    if (rng.chance(0.5))
      s += "    return d * (k * (l - rest) / l)\n\n\n";
    else
      s += "    return wp.normalize(d) * (k * (l - rest))\n\n\n";
    prefix += P(s);
  }
  std::string a = pick({"a", "i0", "pa"}), b = pick({"b", "j0", "pb"}), d = pick({"d", "dx", "x_ab"}),
              l = pick({"l", "length", "dist"}), dir = pick({"dir", "n_ab", "e_ab"}), f = pick({"f", "fs", "f_s"});
  line("tid = wp.tid()");
  L(a + " = " + ia + "[tid]");
  L(b + " = " + ib + "[tid]");
  if (viaFunc) {
    L(f + " = " + fname + "(" + pos + "[" + a + "], " + pos + "[" + b + "], " + rest + "[tid], " + ks + ")");
    if (rng.chance(0.4)) {
      std::string vel = pick({"vel", "v", "particle_qd"});
      arr(vel, "v3", {n}, -1, 1);
      L(f + " = " + f + " + (" + vel + "[" + b + "] - " + vel + "[" + a + "]) * " + c(0.05, 0.5));
    }
  } else {
    L(d + " = " + pos + "[" + b + "] - " + pos + "[" + a + "]");
    L(l + " = wp.length(" + d + ")");
    L(dir + (rng.chance(0.5) ? " = " + d + " / " + l : " = wp.normalize(" + d + ")"));
    if (pbd) {
      std::string w1 = pick({"w1", "wa"}), w2 = pick({"w2", "wb"}), cc = pick({"c", "err", "violation"});
      L(w1 + " = " + im + "[" + a + "]");
      L(w2 + " = " + im + "[" + b + "]");
      L(cc + " = " + l + " - " + rest + "[tid]");
      L(f + " = " + dir + " * (" + cc + " / (" + w1 + " + " + w2 + "))");
      L("wp.atomic_add(" + fo + ", " + a + ", " + f + " * " + w1 + ")");
      L("wp.atomic_sub(" + fo + ", " + b + ", " + f + " * " + w2 + ")");
      out(fo, "v3", {n});
      return;
    }
    std::string fs = pick({"fs", "mag", "f_mag"});
    L(fs + " = " + ks + " * (" + l + " - " + rest + "[tid])");
    if (rng.chance(0.4)) {
      std::string vel = pick({"vel", "v", "particle_qd"}), vr = pick({"vrel", "dv", "v_ab"});
      arr(vel, "v3", {n}, -1, 1);
      L(vr + " = " + vel + "[" + b + "] - " + vel + "[" + a + "]");
      L(fs + " += " + c(0.05, 0.5) + " * wp.dot(" + vr + ", " + dir + ")");
    }
    L(f + " = " + dir + " * " + fs);
  }
  L("wp.atomic_add(" + fo + ", " + a + ", " + f + ")");
  L("wp.atomic_sub(" + fo + ", " + b + ", " + f + ")");
  out(fo, "v3", {n});
  if (!viaFunc && rng.chance(0.3)) {
    std::string en = pick({"energy", "pe", "potential"});
    L("wp.atomic_add(" + en + ", 0, 0.5 * " + ks + " * (" + l + " - " + rest + "[tid]) * (" + l + " - " + rest +
      "[tid]))");
    out(en, "f", {1});
  }
}

void Gen::mRaySphere(bool branchy) {
  int n = launch1();
  dims = {n};
  std::string org = pick({"origins", "ray_o", "ro"}), dirs = pick({"dirs", "ray_d", "rd"}),
              ctr = pick({"centers", "sphere_c", "center"}), rad = pick({"radius", "sphere_r", "radii"});
  // Rays aimed at their sphere (most hit), directions of unit length.
  Array o, d, cs, rs;
  for (int q = 0; q < n; ++q) {
    Value dv = elem("v3", -1, 1, "unit");
    double dx[3];
    for (int k = 0; k < 3; ++k)
      dx[k] = *(*dv.getAsArray())[k].getAsNumber();
    Array cc, oo;
    for (int k = 0; k < 3; ++k) {
      double cv = val(-0.5, 0.5, false);
      cc.push_back(cv);
      oo.push_back(std::round((cv - 2.5 * dx[k] + rng.value(-0.2, 0.2)) * 1000) / 1000 + 0.0005);
    }
    d.push_back(std::move(dv));
    cs.push_back(std::move(cc));
    o.push_back(std::move(oo));
    rs.push_back(val(0.4, 0.9));
  }
  inputs.push_back({org, ann("v3", 1), Object{{"data", std::move(o)}, {"requires_grad", true}}, true});
  inputs.push_back({dirs, ann("v3", 1), Object{{"data", std::move(d)}, {"requires_grad", true}}, true});
  inputs.push_back({ctr, ann("v3", 1), Object{{"data", std::move(cs)}, {"requires_grad", true}}, true});
  inputs.push_back({rad, ann("f", 1), Object{{"data", std::move(rs)}, {"requires_grad", true}}, true});
  std::string ro = pick({"o", "orig", "p0"}), rd = pick({"d", "dir", "u"}), oc = pick({"oc", "rel", "to_o"}),
              b = pick({"b", "half_b", "proj"}), cc = pick({"c", "c_term", "k_c"}), disc = pick({"disc", "delta", "det"}),
              t = pick({"t", "t_hit", "hit"});
  std::string th = pick({"t_out", "hit_t", "depth_out"});
  line("i = wp.tid()");
  L(ro + " = " + org + "[i]");
  L(rd + " = " + dirs + "[i]");
  L(oc + " = " + ro + " - " + ctr + "[i]");
  L(b + " = wp.dot(" + oc + ", " + rd + ")");
  L(cc + " = wp.dot(" + oc + ", " + oc + ") - " + rad + "[i] * " + rad + "[i]");
  L(disc + " = " + b + " * " + b + " - " + cc);
  std::string miss = c(10.0, 100.0);
  if (branchy) {
    L("if " + disc + " > 0.0:");
    L("    " + t + " = -" + b + " - wp.sqrt(" + disc + ")");
    L("else:");
    L("    " + t + " = {F}(" + miss + ")");
  } else {
    L(t + " = {F}(" + miss + ")");
    L("if " + disc + " > 0.0:");
    L("    " + t + " = -" + b + " - wp.sqrt(" + disc + ")");
  }
  L(th + "[i] = " + t);
  out(th, "f", {n});
  if (rng.chance(0.5)) {
    std::string p = pick({"hit_p", "p", "x_hit"}), nh = pick({"n_hat", "nrm", "normal"}),
                sh = pick({"shade", "lambert", "color"});
    std::string light = "wp.normalize({V3}(" + c(0.2, 1.0) + ", " + c(0.2, 1.0) + ", " + c(-1.0, -0.2) + "))";
    L(p + " = " + ro + " + " + rd + " * " + t);
    L(nh + " = wp.normalize(" + p + " - " + ctr + "[i])");
    L(sh + "[i] = wp.max(wp.dot(" + nh + ", " + light + "), 0.0) * " + c(0.5, 1.0) + " + " + c(0.05, 0.2));
    out(sh, "f", {n});
  }
}

void Gen::mTransform() {
  int n = launch1();
  dims = {n};
  std::string pts = pick({"points", "verts", "local_pos", "x_local"}), po = pick({"world", "x_world", "points_out"});
  arr(pts, "v3", {n}, -1, 1);
  std::string p = pick({"p", "x", "v_loc"}), w = pick({"pw", "x_w", "world_p"});
  if (rng.chance(0.4)) {
    std::string xf = pick({"xform", "model", "M_world"}), h = pick({"h", "ph", "hom"});
    arr(xf, "m44", {n}, -0.15, 0.15, "near_id");
    line("i = wp.tid()");
    L(p + " = " + pts + "[i]");
    L(h + " = " + xf + "[i] * {V4}(" + p + "[0], " + p + "[1], " + p + "[2], 1.0)");
    L(w + " = {V3}(" + h + "[0], " + h + "[1], " + h + "[2]) / " + h + "[3]");
  } else {
    std::string rot = pick({"rot", "R", "orient_m", "basis"}), tr = pick({"trans", "offset", "t_world"});
    arr(rot, "m33", {n}, -0.3, 0.3, "near_id");
    bool t = rng.chance(0.6);
    if (t)
      arr(tr, "v3", {n}, -1, 1);
    std::string R = pick({"R", "A", "rm"});
    line("i = wp.tid()");
    L(R + " = " + rot + "[i]");
    L(p + " = " + pts + "[i]");
    if (rng.chance(0.3))
      L(R + " = " + R + " * " + c(0.5, 2.0));
    L(w + " = " + R + " * " + p + (t ? " + " + tr + "[i]" : ""));
    if (rng.chance(0.4)) {
      std::string nr = pick({"normals", "nrm_in", "n_local"}), no = pick({"normals_out", "n_world"}),
                  nn = pick({"nw", "n_w", "nrm"});
      arr(nr, "v3", {n}, -1, 1, "unit");
      L(nn + " = wp.transpose(wp.inverse(" + R + ")) * " + nr + "[i]");
      L(no + "[i] = wp.normalize(" + nn + ")");
      out(no, "v3", {n});
    }
  }
  L(po + "[i] = " + w);
  out(po, "v3", {n});
}

void Gen::mStrain() {
  int n = launch1();
  dims = {n};
  std::string fd = pick({"F", "F_def", "deform", "def_grad"}), vol = pick({"vol", "rest_volume", "volume"});
  arr(fd, "m33", {n}, -0.2, 0.2, "near_id");
  arr(vol, "f", {n}, 0.1, 1.0);
  std::string mu = c(0.5, 5.0), lam = c(0.5, 5.0);
  if (rng.chance(0.5)) {
    mu = pick({"mu", "k_mu", "shear"});
    scal(mu, 0.5, 5.0);
  }
  std::string F = pick({"Fi", "Fm", "f_mat"}), C = pick({"C", "cauchy_green", "Cm"}), E = pick({"E", "green", "strain"}),
              psi = pick({"psi", "energy_density", "w_e"});
  std::string en = pick({"energy", "psi_out", "elastic_e"});
  std::string id = "wp.identity(n=3, dtype={F})";
  line("i = wp.tid()");
  L(F + " = " + fd + "[i]");
  if (rng.chance(0.5)) {
    L(C + " = wp.transpose(" + F + ") * " + F);
    L(E + " = (" + C + " - " + id + ") * 0.5");
    L(psi + " = " + mu + " * wp.trace(wp.transpose(" + E + ") * " + E + ") + " + lam + " * 0.5 * wp.trace(" + E +
      ") * wp.trace(" + E + ")");
    if (rng.chance(0.5)) {
      std::string Pk = pick({"P", "stress", "P1"}), so = pick({"stress_out", "P_out", "piola"});
      L(Pk + " = " + F + " * (" + E + " * (2.0 * " + mu + ") + " + id + " * (" + lam + " * wp.trace(" + E + ")))");
      L(so + "[i] = " + Pk + " * " + vol + "[i]");
      out(so, "m33", {n});
    }
  } else {
    std::string J = pick({"J", "det_f", "vol_ratio"}), ic = pick({"Ic", "I1", "tr_c"}), lj = pick({"log_j", "lnJ"});
    L(J + " = wp.determinant(" + F + ")");
    L(ic + " = wp.trace(wp.transpose(" + F + ") * " + F + ")");
    L(lj + " = wp.log(" + J + ")");
    L(psi + " = 0.5 * " + mu + " * (" + ic + " - 3.0) - " + mu + " * " + lj + " + 0.5 * " + lam + " * " + lj + " * " +
      lj);
  }
  L(en + "[i] = " + psi + " * " + vol + "[i]");
  out(en, "f", {n});
}

void Gen::mRotate2D() {
  int n = launch1();
  dims = {n};
  std::string th = pick({"theta", "angle", "heading"}), pts = pick({"points", "uv", "xy"}), po = pick({"points_out", "xy_out", "rotated"});
  arr(th, "f", {n}, -3, 3);
  arr(pts, "v2", {n}, -1, 1);
  std::string cs = pick({"cs", "c", "cos_t"}), sn = pick({"sn", "s", "sin_t"}), R = pick({"R", "rot", "R2"}), p = pick({"p", "q", "xy_r"});
  line("i = wp.tid()");
  L(cs + " = wp.cos(" + th + "[i])");
  L(sn + " = wp.sin(" + th + "[i])");
  L(R + " = {M22}(" + cs + ", -" + sn + ", " + sn + ", " + cs + ")");
  if (rng.chance(0.4)) {
    std::string S = pick({"S", "scale_m", "K"});
    L(S + " = {M22}(" + c(0.5, 2.0) + ", 0.0, 0.0, " + c(0.5, 2.0) + ")");
    L(R + " = " + S + " * " + R);
  }
  L(p + " = " + R + " * " + pts + "[i]");
  if (rng.chance(0.4)) {
    std::string sh = pick({"shift", "center", "pivot"});
    arr(sh, "v2", {n}, -1, 1);
    L(p + " = " + p + " + " + sh + "[i]");
  }
  L(po + "[i] = " + p);
  out(po, "v2", {n});
  if (rng.chance(0.3)) {
    std::string ar = pick({"area_scale", "jac_det"});
    L(ar + "[i] = wp.determinant(" + R + ")");
    out(ar, "f", {n});
  }
}

void Gen::mQuatRotate() {
  int n = launch1();
  dims = {n};
  std::string rot = pick({"rot", "body_q", "orient"}), loc = pick({"local", "x_local", "offsets"}), com = pick({"com", "body_x", "origin"});
  std::string wo = pick({"world", "x_world", "pos_out"});
  arr(rot, "q", {n}, -1, 1, "unit");
  arr(loc, "v3", {n}, -1, 1);
  bool t = rng.chance(0.6);
  if (t)
    arr(com, "v3", {n}, -1, 1);
  std::string q = pick({"q", "r", "qi"}), p = pick({"p", "xw", "world_p"});
  line("i = wp.tid()");
  L(q + " = " + rot + "[i]");
  if (rng.chance(0.4)) {
    std::string dq = pick({"dq", "delta_q", "q_rel"});
    arr(dq, "q", {n}, -1, 1, "unit");
    L(q + " = " + q + " * " + dq + "[i]");
    if (rng.chance(0.5)) {
      std::string qo = pick({"rot_out", "q_out", "orient_out"});
      L(qo + "[i] = " + q);
      out(qo, "q", {n});
    }
  }
  L(p + " = wp.quat_rotate(" + q + ", " + loc + "[i])" + (t ? " + " + com + "[i]" : ""));
  if (rng.chance(0.3)) {
    std::string back = pick({"back", "x_body", "local_again"}), bo = pick({"local_out", "body_out"});
    L(back + " = wp.quat_rotate_inv(" + q + ", " + p + ")");
    L(bo + "[i] = " + back);
    out(bo, "v3", {n});
  }
  L(wo + "[i] = " + p);
  out(wo, "v3", {n});
}

void Gen::mQuatIntegrate() {
  int n = launch1();
  dims = {n};
  std::string rot = pick({"rot", "body_q", "orient"}), om = pick({"omega", "ang_vel", "body_w"}), qo = pick({"rot_out", "q_new", "orient_out"});
  arr(rot, "q", {n}, -1, 1, "unit");
  arr(om, "v3", {n}, -2, 2);
  std::string dt = c(0.005, 0.05);
  if (rng.chance(0.5)) {
    dt = pick({"dt", "h", "sim_dt"});
    scal(dt, 0.005, 0.05);
  }
  std::string q = pick({"q", "r", "qi"}), w = pick({"w", "wi", "omega_i"});
  line("i = wp.tid()");
  L(q + " = " + rot + "[i]");
  L(w + " = " + om + "[i]");
  if (rng.chance(0.5)) {
    std::string dq = pick({"dq", "q_dot", "spin"});
    L(dq + " = {Q}(" + w + "[0], " + w + "[1], " + w + "[2], 0.0) * " + q + " * 0.5");
    L(q + " = wp.normalize(" + q + " + " + dq + " * " + dt + ")");
  } else {
    std::string ang = pick({"ang", "angle", "theta"});
    L(ang + " = wp.length(" + w + ") * " + dt);
    L(q + " = wp.quat_from_axis_angle(wp.normalize(" + w + "), " + ang + ") * " + q);
  }
  if (rng.chance(0.4)) {
    std::string ax = pick({"up", "axis_out", "body_up"}), av = pick({"up_w", "ax_w", "y_axis"});
    L(av + " = wp.quat_rotate(" + q + ", {V3}(0.0, 1.0, 0.0))");
    L(ax + "[i] = " + av);
    out(ax, "v3", {n});
  }
  L(qo + "[i] = " + q);
  out(qo, "q", {n});
}

void Gen::mActivation(bool viaFunc) {
  int n = launch1();
  dims = {n};
  std::string x = pick({"x", "inputs", "logits", "features", "pre_act"}), y = pick({"y", "act_out", "outputs", "h_out"});
  arr(x, "f", {n}, -2, 2);
  bool dense = rng.chance(0.5);
  std::string w = pick({"w", "weight", "gain"}), b = pick({"b", "bias", "offset"});
  if (dense) {
    arr(w, "f", {n}, -1.5, 1.5);
    arr(b, "f", {n}, -0.5, 0.5);
  }
  static const char *acts[] = {"sigmoid", "softplus", "gelu", "swish", "elu", "tanh_act", "leaky"};
  int kind = rng.range(0, 6);
  auto body = [&](const std::string &z) -> std::string {
    switch (kind) {
    case 0: return "1.0 / (1.0 + wp.exp(-" + z + "))";
    case 1: return "wp.log(1.0 + wp.exp(" + z + "))";
    case 2: return "0.5 * " + z + " * (1.0 + wp.tanh(0.7978845608 * (" + z + " + 0.044715 * " + z + " * " + z + " * " + z + ")))";
    case 3: return z + " / (1.0 + wp.exp(-" + z + "))";
    case 4: return "wp.where(" + z + " > 0.0, " + z + ", wp.exp(" + z + ") - 1.0)";
    case 5: return "wp.tanh(" + z + ")";
    default: return "wp.where(" + z + " > 0.0, " + z + ", " + z + " * " + c(0.01, 0.2) + ")";
    }
  };
  std::string fname;
  if (viaFunc) {
    fname = funcName(acts[kind]);
    prefix += P("@wp.func\ndef " + fname + "(z: {F}):\n    return " + body("z") + "\n\n\n");
  }
  std::string z = pick({"z", "pre", "u"}), a = pick({"a", "h", "act"});
  line("i = wp.tid()");
  L(z + " = " + x + "[i]" + (dense ? " * " + w + "[i] + " + b + "[i]" : ""));
  L(a + " = " + (viaFunc ? fname + "(" + z + ")" : body(z)));
  if (rng.chance(0.4)) {
    std::string tg = pick({"target", "labels", "y_true"}), ls = pick({"loss", "mse", "err_sum"}), e = pick({"e", "diff", "r"});
    arr(tg, "f", {n}, -1, 1);
    L(e + " = " + a + " - " + tg + "[i]");
    L("wp.atomic_add(" + ls + ", 0, " + e + " * " + e + " * " + c(0.05, 0.5) + ")");
    out(ls, "f", {1});
    if (rng.chance(0.5)) {
      L(y + "[i] = " + a);
      out(y, "f", {n});
    }
    return;
  }
  L(y + "[i] = " + a);
  out(y, "f", {n});
}

void Gen::mRowOp() {
  int rows = launch1(), cols = rng.range(3, 7);
  dims = {rows};
  std::string x = pick({"x", "logits", "acts", "scores"}), y = pick({"y", "probs", "out_rows", "normed"});
  arr(x, "f", {rows, cols}, -2, 2);
  std::string F = ty(Ty::F);
  line("r = wp.tid()");
  if (rng.chance(0.5)) {
    // softmax
    std::string m = pick({"m", "row_max", "mx"}), s = pick({"s", "denom", "total"});
    L(m + " = " + x + "[r, 0]");
    L("for j in range(1, " + x + ".shape[1]):");
    L("    " + m + " = wp.max(" + m + ", " + x + "[r, j])");
    L(s + " = {F}(0.0)");
    L("for j in range(" + x + ".shape[1]):");
    L("    " + s + " += wp.exp(" + x + "[r, j] - " + m + ")");
    L("for j in range(" + x + ".shape[1]):");
    L("    " + y + "[r, j] = wp.exp(" + x + "[r, j] - " + m + ") / " + s);
  } else {
    // layer norm
    std::string mean = pick({"mean", "mu", "avg"}), var = pick({"var", "sigma2", "v"}), inv = pick({"inv_std", "rstd", "inv"}),
                d = pick({"d", "dev", "xc"});
    std::string g = pick({"gamma", "ln_w", "scale"}), b = pick({"beta", "ln_b", "shift"});
    bool affine = rng.chance(0.6);
    if (affine) {
      arr(g, "f", {cols}, 0.5, 1.5);
      arr(b, "f", {cols}, -0.5, 0.5);
    }
    L(mean + " = {F}(0.0)");
    L("for j in range(" + x + ".shape[1]):");
    L("    " + mean + " += " + x + "[r, j]");
    L(mean + " = " + mean + " / " + F + "(" + x + ".shape[1])");
    L(var + " = {F}(0.0)");
    L("for j in range(" + x + ".shape[1]):");
    L("    " + d + " = " + x + "[r, j] - " + mean);
    L("    " + var + " += " + d + " * " + d);
    L(inv + " = 1.0 / wp.sqrt(" + var + " / " + F + "(" + x + ".shape[1]) + 1.0e-5)");
    L("for j in range(" + x + ".shape[1]):");
    L("    " + y + "[r, j] = (" + x + "[r, j] - " + mean + ") * " + inv + (affine ? " * " + g + "[j] + " + b + "[j]" : ""));
  }
  out(y, "f", {rows, cols});
}

void Gen::mKepler() {
  int n = launch1();
  dims = {n};
  std::string ma = pick({"mean_anomaly", "M_anom", "phase"}), ec = pick({"ecc", "eccentricity", "e_orb"}),
              eo = pick({"E_out", "ecc_anomaly", "anomaly"});
  arr(ma, "f", {n}, 0.1, 3.0);
  arr(ec, "f", {n}, 0.05, 0.7);
  std::string it = pick({"iters", "newton_steps", "n_iter"});
  iscal(it, 2, 6);
  std::string M = pick({"M", "m_i", "mean"}), e = pick({"e", "ecc_i", "ex"}), E = pick({"E", "ea", "psi"});
  line("i = wp.tid()");
  L(M + " = " + ma + "[i]");
  L(e + " = " + ec + "[i]");
  L(E + " = " + M + (rng.chance(0.5) ? " + " + e + " * wp.sin(" + M + ")" : ""));
  if (rng.chance(0.5)) {
    L("for k in range(" + it + "):");
    L("    " + E + " = " + E + " - (" + E + " - " + e + " * wp.sin(" + E + ") - " + M + ") / (1.0 - " + e + " * wp.cos(" + E + "))");
  } else {
    std::string ct = pick({"step", "count", "iter_i"});
    L(ct + " = int(0)");
    L("while " + ct + " < " + it + ":");
    L("    " + E + " -= (" + E + " - " + e + " * wp.sin(" + E + ") - " + M + ") / (1.0 - " + e + " * wp.cos(" + E + "))");
    L("    " + ct + " += 1");
  }
  if (rng.chance(0.5)) {
    std::string po = pick({"orbit_xy", "pos_out", "xy"});
    L(po + "[i] = {V2}(wp.cos(" + E + ") - " + e + ", wp.sqrt(1.0 - " + e + " * " + e + ") * wp.sin(" + E + "))");
    out(po, "v2", {n});
  } else {
    L(eo + "[i] = " + E);
    out(eo, "f", {n});
  }
}

void Gen::mNewtonSqrt() {
  int n = launch1();
  dims = {n};
  std::string a = pick({"a", "vals", "energy_in", "area"}), yo = pick({"root", "y_out", "result"});
  arr(a, "f", {n}, 0.5, 4.0);
  std::string it = pick({"iters", "n_iter", "steps"});
  iscal(it, 2, 6);
  bool cube = rng.chance(0.4);
  std::string x = pick({"x", "ai", "s"}), y = pick({"y", "guess", "r"});
  line("i = wp.tid()");
  L(x + " = " + a + "[i]");
  L(y + " = " + x + " * 0.5 + 0.5");
  std::string stepE = cube ? y + " - (" + y + " * " + y + " * " + y + " - " + x + ") / (3.0 * " + y + " * " + y + ")"
                           : "0.5 * (" + y + " + " + x + " / " + y + ")";
  if (rng.chance(0.5)) {
    std::string k = pick({"k_it", "count", "step"});
    L(k + " = int(0)");
    L("while " + k + " < " + it + ":");
    L("    " + y + " = " + stepE);
    L("    " + k + " += 1");
  } else {
    L("for k in range(" + it + "):");
    L("    " + y + " = " + stepE);
  }
  L(yo + "[i] = " + y + (rng.chance(0.3) ? " * " + c(0.5, 2.0) : ""));
  out(yo, "f", {n});
}

void Gen::mNeighbours(bool nestedLoop) {
  int n = launch1();
  dims = {n};
  std::string pos = pick({"pos", "x", "particle_x"}), mass = pick({"mass", "m", "particle_m"});
  arr(pos, "v3", {n}, -1, 1);
  arr(mass, "f", {n}, 0.5, 2.0);
  std::string bound = pos + ".shape[0]";
  if (rng.chance(0.5)) {
    bound = pick({"num_particles", "count", "n_p"});
    inputs.push_back({bound, "int", Value(int64_t(rng.range(2, n))), false});
  }
  std::string xi = pick({"xi", "p", "x_i"}), r = pick({"r", "rij", "d"}), r2 = pick({"r2", "dist_sq", "rr"});
  line("i = wp.tid()");
  L(xi + " = " + pos + "[i]");
  if (rng.chance(0.5)) {
    std::string h2 = c(0.8, 2.0), rho = pick({"rho", "density_i", "sum_w"}), w = pick({"w", "q", "hw"}),
                o = pick({"density", "rho_out", "dens"});
    L(rho + " = {F}(0.0)");
    L("for j in range(" + bound + "):");
    ++indent;
    if (nestedLoop) {
      L("for s in range(2):");
      ++indent;
      L(r + " = " + xi + " - " + pos + "[j] * (1.0 + 0.5 * {F}(s))");
    } else {
      L(r + " = " + xi + " - " + pos + "[j]");
    }
    L(r2 + " = wp.dot(" + r + ", " + r + ")");
    L("if " + r2 + " < " + h2 + ":");
    L("    " + w + " = " + h2 + " - " + r2);
    L("    " + rho + " += " + mass + "[j] * " + w + " * " + w + " * " + w);
    if (nestedLoop)
      --indent;
    --indent;
    L(o + "[i] = " + rho + " * " + c(0.2, 2.0));
    out(o, "f", {n});
  } else {
    std::string acc = pick({"acc", "f_sum", "a_i"}), inv = pick({"inv_r", "inv", "ir"}), o = pick({"accel", "acc_out", "a_out"});
    std::string eps = c(0.01, 0.1);
    L(acc + " = {V3}(0.0, 0.0, 0.0)");
    L("for j in range(" + bound + "):");
    ++indent;
    if (nestedLoop) {
      L("for s in range(" + std::to_string(rng.range(2, 3)) + "):");
      ++indent;
      L(r + " = " + pos + "[j] * (1.0 - 0.25 * {F}(s)) - " + xi);
    } else {
      L(r + " = " + pos + "[j] - " + xi);
    }
    L(inv + " = 1.0 / wp.sqrt(wp.dot(" + r + ", " + r + ") + " + eps + ")");
    L(acc + " += " + r + " * (" + mass + "[j] * " + inv + " * " + inv + " * " + inv + ")");
    if (nestedLoop)
      --indent;
    --indent;
    L(o + "[i] = " + acc + " * " + c(0.1, 1.0));
    out(o, "v3", {n});
  }
}

void Gen::mMultiScale() {
  int n = launch1();
  dims = {n};
  std::string x = pick({"signal", "x", "u", "samples"}), w = pick({"taps", "kernel_w", "weights"}), o = pick({"smoothed", "y", "blurred"});
  arr(x, "f", {n}, -1, 1);
  arr(w, "f", {3}, 0.1, 0.6);
  std::string lv = pick({"levels", "scales", "n_levels"});
  iscal(lv, 1, 3);
  std::string acc = pick({"acc", "sum_s", "y_i"}), jdx = pick({"jdx", "src", "nb"});
  line("i = wp.tid()");
  L(acc + " = {F}(0.0)");
  L("for s in range(" + lv + "):");
  ++indent;
  L("for k in range(3):");
  ++indent;
  L(jdx + " = wp.min(wp.max(i + (k - 1) * (s + 1), 0), " + x + ".shape[0] - 1)");
  L(acc + " += " + x + "[" + jdx + "] * " + w + "[k]");
  --indent;
  if (rng.chance(0.5))
    L(acc + " = " + acc + " * " + c(0.4, 0.9));
  --indent;
  L(o + "[i] = " + acc + (rng.chance(0.4) ? " + " + x + "[i] * " + c(0.1, 0.5) : ""));
  out(o, "f", {n});
}

void Gen::mJacobi3() {
  int n = launch1();
  dims = {n};
  std::string A = pick({"A", "mats", "K_local", "system"}), b = pick({"b", "rhs", "f_load"}), xo = pick({"x_out", "sol", "u_out"});
  arr(A, "m33", {n}, -0.25, 0.25, "near_id");
  arr(b, "v3", {n}, -1, 1);
  std::string it = pick({"iters", "sweeps", "n_iter"});
  iscal(it, 2, 6);
  std::string Am = pick({"Ai", "M", "a_m"}), bv = pick({"bi", "rhs_i", "f"}), x = pick({"x", "u", "sol_i"});
  line("i = wp.tid()");
  L(Am + " = " + A + "[i]");
  L(bv + " = " + b + "[i]");
  L(x + (rng.chance(0.5) ? " = {V3}(0.0, 0.0, 0.0)" : " = " + bv));
  L("for k in range(" + it + "):");
  ++indent;
  auto row = [&](int r) {
    std::string s = "(" + bv + "[" + std::to_string(r) + "]";
    for (int q = 0; q < 3; ++q)
      if (q != r)
        s += " - " + Am + "[" + std::to_string(r) + ", " + std::to_string(q) + "] * " + x + "[" + std::to_string(q) + "]";
    return s + ") / " + Am + "[" + std::to_string(r) + ", " + std::to_string(r) + "]";
  };
  L(x + " = {V3}(" + row(0) + ", " + row(1) + ", " + row(2) + ")");
  --indent;
  L(xo + "[i] = " + x);
  out(xo, "v3", {n});
  if (rng.chance(0.4)) {
    std::string ro = pick({"residual", "res_norm", "err_out"});
    L(ro + "[i] = wp.length(" + Am + " * " + x + " - " + bv + ")");
    out(ro, "f", {n});
  }
}

void Gen::mStencil2D() {
  int H = rng.range(3, 6), W = rng.range(3, 6);
  dims = {H, W};
  std::string u = pick({"u", "temp", "phi", "heat", "grid"}), o = pick({"u_out", "u_new", "temp_out", "next"});
  arr(u, "f", {H, W}, -1, 1);
  std::string c0 = pick({"c", "u_c", "center"}), lap = pick({"lap", "laplacian", "div_grad"});
  line("i, j = wp.tid()");
  L(c0 + " = " + u + "[i, j]");
  std::string l = u + "[wp.max(i - 1, 0), j]", r = u + "[wp.min(i + 1, " + u + ".shape[0] - 1), j]",
              d = u + "[i, wp.max(j - 1, 0)]", t = u + "[i, wp.min(j + 1, " + u + ".shape[1] - 1)]";
  int kind = rng.range(0, 2);
  if (kind == 2) {
    // 3x3 box / Gaussian blur with static loops.
    std::string acc = pick({"acc", "s", "blur"});
    L(acc + " = {F}(0.0)");
    L("for di in range(-1, 2):");
    L("    for dj in range(-1, 2):");
    L("        " + acc + " += " + u + "[wp.min(wp.max(i + di, 0), " + u + ".shape[0] - 1), wp.min(wp.max(j + dj, 0), " +
      u + ".shape[1] - 1)]");
    L(o + "[i, j] = " + acc + " * " + c(0.08, 0.12) + " + " + c0 + " * " + c(0.05, 0.3));
    out(o, "f", {H, W});
    return;
  }
  if (rng.chance(0.5)) {
    std::string nl = pick({"ul", "left"}), nr = pick({"ur", "right"}), nd = pick({"ud", "down"}), nt = pick({"ut", "up"});
    L(nl + " = " + l);
    L(nr + " = " + r);
    L(nd + " = " + d);
    L(nt + " = " + t);
    l = nl, r = nr, d = nd, t = nt;
  }
  if (kind == 0) {
    L(lap + " = (" + l + " + " + r + " + " + d + " + " + t + " - 4.0 * " + c0 + ") * " + c(1.0, 10.0));
    std::string rhs = c0 + " + " + c(0.01, 0.05) + " * " + lap;
    if (rng.chance(0.4)) {
      std::string src = pick({"source", "q_src", "heat_src"});
      arr(src, "f", {H, W}, -1, 1);
      rhs += " + " + src + "[i, j] * " + c(0.01, 0.1);
    }
    L(o + "[i, j] = " + rhs);
  } else {
    std::string f = pick({"f", "rhs", "div"});
    arr(f, "f", {H, W}, -1, 1);
    // Weighted Jacobi for the Poisson equation.
    std::string w = c(0.5, 0.9);
    L(o + "[i, j] = " + c0 + " + " + w + " * ((" + l + " + " + r + " + " + d + " + " + t + " - " + c(0.01, 0.1) + " * " + f +
      "[i, j]) * 0.25 - " + c0 + ")");
  }
  out(o, "f", {H, W});
}

void Gen::mGradient2D() {
  int H = rng.range(3, 6), W = rng.range(3, 6);
  dims = {H, W};
  std::string u = pick({"phi", "sdf", "height", "p"}), o = pick({"grad", "grad_out", "normal2d"});
  arr(u, "f", {H, W}, -1, 1);
  std::string gx = pick({"gx", "dudx", "dx"}), gy = pick({"gy", "dudy", "dy"}), g = pick({"g", "grad_v", "n2"});
  std::string ih = c(0.5, 4.0);
  line("i, j = wp.tid()");
  L(gx + " = (" + u + "[wp.min(i + 1, " + u + ".shape[0] - 1), j] - " + u + "[wp.max(i - 1, 0), j]) * " + ih);
  L(gy + " = (" + u + "[i, wp.min(j + 1, " + u + ".shape[1] - 1)] - " + u + "[i, wp.max(j - 1, 0)]) * " + ih);
  L(g + " = {V2}(" + gx + ", " + gy + ")");
  L(o + "[i, j] = " + g);
  out(o, "v2", {H, W});
  if (rng.chance(0.5)) {
    std::string m = pick({"grad_mag", "slope", "mag_out"});
    L(m + "[i, j] = wp.sqrt(wp.dot(" + g + ", " + g + ") + " + c(0.01, 0.1) + ")");
    out(m, "f", {H, W});
  }
}

void Gen::mGrayScott() {
  int H = rng.range(3, 5), W = rng.range(3, 5);
  dims = {H, W};
  std::string u = pick({"u", "a_conc", "chem_a"}), v = pick({"v", "b_conc", "chem_b"}), uo = pick({"u_out", "a_next"}),
              vo = pick({"v_out", "b_next"});
  arr(u, "f", {H, W}, 0.1, 1.0);
  arr(v, "f", {H, W}, 0.0, 0.5);
  auto lap = [&](const std::string &f) {
    return "(" + f + "[wp.max(i - 1, 0), j] + " + f + "[wp.min(i + 1, " + f + ".shape[0] - 1), j] + " + f +
           "[i, wp.max(j - 1, 0)] + " + f + "[i, wp.min(j + 1, " + f + ".shape[1] - 1)] - 4.0 * " + f + "[i, j])";
  };
  std::string a = pick({"a", "ui"}), b = pick({"b", "vi"}), r = pick({"uvv", "react", "rate"});
  std::string F = c(0.02, 0.06), K = c(0.05, 0.07), dt = c(0.5, 1.0);
  line("i, j = wp.tid()");
  L(a + " = " + u + "[i, j]");
  L(b + " = " + v + "[i, j]");
  L(r + " = " + a + " * " + b + " * " + b);
  L(uo + "[i, j] = " + a + " + (" + c(0.1, 0.2) + " * " + lap(u) + " - " + r + " + " + F + " * (1.0 - " + a + ")) * " + dt);
  L(vo + "[i, j] = " + b + " + (" + c(0.05, 0.1) + " * " + lap(v) + " + " + r + " - (" + F + " + " + K + ") * " + b + ") * " + dt);
  out(uo, "f", {H, W});
  out(vo, "f", {H, W});
}

void Gen::mStencil3D() {
  int X = rng.range(2, 4), Y = rng.range(2, 3), Z = rng.range(2, 3);
  dims = {X, Y, Z};
  std::string u = pick({"vol", "density", "u3", "field"}), o = pick({"vol_out", "u_next", "smoothed"});
  arr(u, "f", {X, Y, Z}, -1, 1);
  std::string c0 = pick({"c", "center", "u_c"});
  line("i, j, k = wp.tid()");
  L(c0 + " = " + u + "[i, j, k]");
  std::string s = u + "[wp.max(i - 1, 0), j, k] + " + u + "[wp.min(i + 1, " + u + ".shape[0] - 1), j, k] + " + u +
                  "[i, wp.max(j - 1, 0), k] + " + u + "[i, wp.min(j + 1, " + u + ".shape[1] - 1), k] + " + u +
                  "[i, j, wp.max(k - 1, 0)] + " + u + "[i, j, wp.min(k + 1, " + u + ".shape[2] - 1)]";
  std::string lap = pick({"lap", "nsum", "l7"});
  L(lap + " = " + s + " - 6.0 * " + c0);
  L(o + "[i, j, k] = " + c0 + " + " + c(0.01, 0.15) + " * " + lap);
  out(o, "f", {X, Y, Z});
}

void Gen::mBias4D() {
  int B = rng.range(1, 2), C = rng.range(2, 3), H = rng.range(2, 3), W = rng.range(2, 3);
  dims = {B, C, H, W};
  std::string x = pick({"x", "act_in", "fmap"}), s = pick({"scale", "bn_w", "gamma"}), b = pick({"bias", "bn_b", "beta"}),
              o = pick({"y", "act_out", "fmap_out"});
  arr(x, "f", {B, C, H, W}, -2, 2);
  arr(s, "f", {C}, 0.5, 1.5);
  arr(b, "f", {C}, -0.5, 0.5);
  std::string z = pick({"z", "pre", "t"});
  line("b_i, ch, hy, wx = wp.tid()");
  L(z + " = " + x + "[b_i, ch, hy, wx] * " + s + "[ch] + " + b + "[ch]");
  std::string act;
  switch (rng.range(0, 2)) {
  case 0: act = "wp.tanh(" + z + ")"; break;
  case 1: act = "1.0 / (1.0 + wp.exp(-" + z + "))"; break;
  default: act = z + " / (1.0 + wp.exp(-" + z + "))"; break;
  }
  L(o + "[b_i, ch, hy, wx] = " + act);
  out(o, "f", {B, C, H, W});
}

void Gen::mSaxpy() {
  int n = launch1();
  dims = {n};
  bool sp = cat == "scalar_param";
  auto coef = [&](const char *a, const char *b, double lo, double hi) {
    if (sp || rng.chance(0.3)) {
      std::string s = pick({a, b});
      scal(s, lo, hi);
      return s;
    }
    return c(lo, hi);
  };
  switch (rng.range(0, 3)) {
  case 0: {
    std::string x = pick({"x", "grad", "src"}), y = pick({"y", "param", "acc_in"}), o = pick({"y_out", "out", "param_out"});
    arr(x, "f", {n}, -1, 1);
    arr(y, "f", {n}, -1, 1);
    std::string a = coef("alpha", "lr", -1.0, 1.0);
    line("i = wp.tid()");
    if (rng.chance(0.5))
      L(o + "[i] = " + a + " * " + x + "[i] + " + y + "[i]");
    else {
      std::string xv = pick({"xi", "g"}), yv = pick({"yi", "p"});
      L(xv + " = " + x + "[i]");
      L(yv + " = " + y + "[i]");
      L(o + "[i] = " + yv + " - " + a + " * " + xv);
    }
    out(o, "f", {n});
    break;
  }
  case 1: {
    // 1-D spring-damper, explicit in time.
    std::string x = pick({"x", "disp", "q"}), v = pick({"v", "qd", "vel"}), xo = pick({"x_out", "q_next"}),
                vo = pick({"v_out", "qd_next"});
    arr(x, "f", {n}, -1, 1);
    arr(v, "f", {n}, -1, 1);
    std::string ks = coef("k_s", "stiffness", 1.0, 10.0), kd = coef("k_d", "damping", 0.1, 1.0),
                dt = coef("dt", "h", 0.005, 0.05);
    std::string xi = pick({"xi", "q0"}), vi = pick({"vi", "qd0"}), f = pick({"f", "force"});
    line("i = wp.tid()");
    L(xi + " = " + x + "[i]");
    L(vi + " = " + v + "[i]");
    L(f + " = -" + ks + " * " + xi + " - " + kd + " * " + vi);
    L(vi + " = " + vi + " + " + f + " * " + dt);
    L(xo + "[i] = " + xi + " + " + vi + " * " + dt);
    L(vo + "[i] = " + vi);
    out(xo, "f", {n});
    out(vo, "f", {n});
    break;
  }
  case 2: {
    // Horner's polynomial.
    std::string t = pick({"t", "x", "u"}), o = pick({"poly", "y", "p_out"});
    arr(t, "f", {n}, -1, 1);
    std::string tv = pick({"ti", "s"}), acc = pick({"p", "acc"});
    line("i = wp.tid()");
    L(tv + " = " + t + "[i]");
    L(acc + " = {F}(" + c(-1, 1) + ")");
    int deg = rng.range(2, 4);
    for (int q = 0; q < deg; ++q)
      L(acc + " = " + acc + " * " + tv + " + " + (q == deg - 1 ? coef("c0", "bias", -1, 1) : c(-1, 1)));
    L(o + "[i] = " + acc);
    out(o, "f", {n});
    break;
  }
  default: {
    // Gather through an index array and a finite difference.
    std::string u = pick({"u", "values", "field"}), ix = pick({"perm", "idx", "src_index"}), o = pick({"gathered", "out", "du"});
    arr(u, "f", {n}, -1, 1);
    idx(ix, n, n);
    std::string h = coef("inv_h", "inv_dx", 0.5, 4.0);
    line("i = wp.tid()");
    L(o + "[i] = " + u + "[" + ix + "[i]] * " + c(0.2, 1.0) + " + (" + u + "[wp.min(i + 1, " + u + ".shape[0] - 1)] - " + u +
      "[wp.max(i - 1, 0)]) * " + h);
    out(o, "f", {n});
    break;
  }
  }
}

void Gen::mHistogram() {
  int n = launch1(), bins = rng.range(3, 6);
  dims = {n};
  std::string x = pick({"values", "x", "samples"}), w = pick({"weights", "w", "mass"});
  // Values away from the bin edges (a finite difference must not move a
  // sample to another bin).
  Array xs;
  for (int q = 0; q < n; ++q) {
    double v;
    do
      v = val(0.0, 1.0);
    while (std::abs(v * bins - std::round(v * bins)) < 0.02);
    xs.push_back(v);
  }
  inputs.push_back({x, ann("f", 1), Object{{"data", std::move(xs)}, {"requires_grad", true}}, true});
  arr(w, "f", {n}, 0.1, 1.0);
  std::string hs = pick({"hist", "bin_sum", "counts"}), hw = pick({"bin_w", "bin_weight", "norm"});
  std::string v = pick({"v", "xi"}), b = pick({"b", "bin", "slot"});
  line("i = wp.tid()");
  L(v + " = " + x + "[i]");
  L(b + " = wp.min(int(" + v + " * " + ty(Ty::F) + "(" + std::to_string(bins) + ")), " + std::to_string(bins - 1) + ")");
  L("wp.atomic_add(" + hs + ", " + b + ", " + v + " * " + w + "[i])");
  out(hs, "f", {bins});
  if (rng.chance(0.5)) {
    L("wp.atomic_add(" + hw + ", " + b + ", " + w + "[i])");
    out(hw, "f", {bins});
  }
}

void Gen::mReduce() {
  int n = launch1();
  dims = {n};
  std::string vel = pick({"vel", "v", "velocities"}), m = pick({"mass", "m", "particle_m"});
  arr(vel, "v3", {n}, -1, 1);
  arr(m, "f", {n}, 0.5, 2.0);
  std::string v = pick({"vi", "u", "v0"}), ke = pick({"ke", "kin", "e_k"}), en = pick({"energy", "total_ke", "sum_e"});
  line("i = wp.tid()");
  L(v + " = " + vel + "[i]");
  L(ke + " = 0.5 * " + m + "[i] * wp.dot(" + v + ", " + v + ")");
  L("wp.atomic_add(" + en + ", 0, " + ke + ")");
  out(en, "f", {1});
  if (rng.chance(0.5)) {
    std::string mx = pick({"max_speed", "v_max", "peak"});
    L("wp.atomic_max(" + mx + ", 0, wp.length(" + v + "))");
    out(mx, "f", {1}, Array{-100.0});
  }
  if (rng.chance(0.4)) {
    std::string mo = pick({"momentum", "p_total", "lin_mom"});
    L("wp.atomic_add(" + mo + ", 0, " + v + " * " + m + "[i])");
    out(mo, "v3", {1});
  }
  if (rng.chance(0.4)) {
    std::string pos = pick({"pos", "x", "positions"}), lo = pick({"lowest", "min_y", "floor_y"});
    arr(pos, "v3", {n}, -1, 1);
    L("wp.atomic_min(" + lo + ", 0, " + pos + "[i][1])");
    out(lo, "f", {1}, Array{100.0});
  }
}

void Gen::mScatter() {
  int n = launch1(), cells = rng.range(2, std::max(2, n / 2));
  dims = {n};
  std::string cell = pick({"cell", "bin_index", "owner"}), m = pick({"mass", "m", "weight"}), vel = pick({"vel", "v", "qd"});
  idx(cell, n, cells);
  arr(m, "f", {n}, 0.5, 2.0);
  std::string gm = pick({"grid_m", "cell_mass", "node_m"});
  std::string c0 = pick({"c", "ci", "node"}), mi = pick({"mi", "w_i", "m_p"});
  line("i = wp.tid()");
  L(c0 + " = " + cell + "[i]");
  L(mi + " = " + m + "[i]");
  L("wp.atomic_add(" + gm + ", " + c0 + ", " + mi + ")");
  out(gm, "f", {cells});
  if (rng.chance(0.6)) {
    std::string gv = pick({"grid_mv", "cell_mom", "node_p"});
    arr(vel, "v3", {n}, -1, 1);
    L("wp.atomic_add(" + gv + ", " + c0 + ", " + vel + "[i] * " + mi + ")");
    out(gv, "v3", {cells});
  } else if (rng.chance(0.5)) {
    std::string gmx = pick({"cell_max", "node_peak"});
    L("wp.atomic_max(" + gmx + ", " + c0 + ", " + mi + ")");
    Array init;
    for (int q = 0; q < cells; ++q)
      init.push_back(-100.0);
    out(gmx, "f", {cells}, Value(std::move(init)));
  }
}

void Gen::mPiecewise() {
  int n = launch1();
  dims = {n};
  line("i = wp.tid()");
  switch (rng.range(0, 2)) {
  case 0: {
    // Huber loss.
    std::string p = pick({"pred", "y_hat", "x"}), t = pick({"target", "y_true", "label"}), o = pick({"loss", "huber", "cost"});
    arr(p, "f", {n}, -2, 2);
    arr(t, "f", {n}, -1, 1);
    std::string d = pick({"d", "r", "err"}), l = pick({"l", "li", "val"});
    double dl = rng.value(0.3, 1.0);
    std::string D = num(dl), H = num(0.5 * dl * dl);
    L(d + " = " + p + "[i] - " + t + "[i]");
    L("if " + d + " < -" + D + ":");
    L("    " + l + " = -" + D + " * " + d + " - " + H);
    L("elif " + d + " > " + D + ":");
    L("    " + l + " = " + D + " * " + d + " - " + H);
    L("else:");
    L("    " + l + " = 0.5 * " + d + " * " + d);
    if (rng.chance(0.5)) {
      L("wp.atomic_add(" + o + ", 0, " + l + ")");
      out(o, "f", {1});
    } else {
      L(o + "[i] = " + l);
      out(o, "f", {n});
    }
    break;
  }
  case 1: {
    // Friction regimes: stick, slide one way, slide the other.
    std::string vt = pick({"v_t", "slip", "vt"}), fn = pick({"f_n", "normal_force", "load"}), o = pick({"f_t", "friction", "f_out"});
    arr(vt, "f", {n}, -1, 1);
    arr(fn, "f", {n}, 0.1, 2.0);
    std::string v = pick({"v", "s"}), N = pick({"fn_i", "N"}), f = pick({"f", "ft"});
    std::string mu = c(0.2, 0.9), eps = c(0.1, 0.3);
    L(v + " = " + vt + "[i]");
    L(N + " = " + fn + "[i]");
    L("if wp.abs(" + v + ") < " + eps + ":");
    L("    " + f + " = -" + v + " * (" + mu + " * " + N + " / " + eps + ")");
    L("elif " + v + " > 0.0:");
    L("    " + f + " = -" + mu + " * " + N);
    L("else:");
    L("    " + f + " = " + mu + " * " + N);
    L(o + "[i] = " + f);
    out(o, "f", {n});
    break;
  }
  default: {
    // Enthalpy of a material with two phase changes.
    std::string t = pick({"temp", "T", "theta"}), o = pick({"enthalpy", "h_out", "energy"});
    arr(t, "f", {n}, -1, 1);
    std::string tv = pick({"ti", "t0"}), h = pick({"h", "e", "h_i"});
    double a = rng.value(-0.6, -0.1), b = rng.value(0.1, 0.6);
    std::string ta = num(a), tb = num(b), c1 = c(0.5, 2.0), c2 = c(1.0, 3.0), c3 = c(0.5, 1.5), lat = c(0.2, 1.0);
    L(tv + " = " + t + "[i]");
    L("if " + tv + " < " + ta + ":");
    L("    " + h + " = " + c1 + " * " + tv);
    L("elif " + tv + " < " + tb + ":");
    L("    " + h + " = " + c1 + " * " + ta + " + " + lat + " + " + c2 + " * (" + tv + " - " + ta + ")");
    if (rng.chance(0.5)) {
      L("elif " + tv + " < " + num(b + 0.2) + ":");
      L("    " + h + " = " + c1 + " * " + ta + " + " + lat + " + " + c2 + " * (" + tb + " - " + ta + ") + " + c3 + " * (" + tv + " - " + tb + ")");
    }
    L("else:");
    L("    " + h + " = " + c1 + " * " + ta + " + " + lat + " * 2.0 + " + c2 + " * (" + tb + " - " + ta + ") + " + c3 + " * (" + tv +
      " - " + tb + ")");
    L(o + "[i] = " + h);
    out(o, "f", {n});
    break;
  }
  }
}

void Gen::mContact() {
  int n = launch1();
  dims = {n};
  std::string pos = pick({"pos", "x", "particle_q"}), fo = pick({"force", "f_contact", "particle_f"});
  arr(pos, "v3", {n}, -1, 1);
  std::string ctr = "{V3}(" + c(-0.2, 0.2) + ", " + c(-0.2, 0.2) + ", " + c(-0.2, 0.2) + ")";
  std::string rad = c(0.7, 1.1), ke = c(10.0, 100.0);
  std::string p = pick({"p", "xi", "x0"}), d = pick({"d", "rel", "offset"}), dist = pick({"dist", "r", "len_d"}),
              phi = pick({"phi", "sdf", "pen"}), f = pick({"f", "fc", "f_i"}), nh = pick({"n_hat", "nrm", "normal"});
  line("i = wp.tid()");
  L(p + " = " + pos + "[i]");
  L(d + " = " + p + " - " + ctr);
  L(dist + " = wp.length(" + d + ")");
  L(phi + " = " + dist + " - " + rad);
  L(f + " = {V3}(0.0, " + c(-1.0, -0.1) + ", 0.0)");
  L("if " + phi + " < 0.0:");
  ++indent;
  L(nh + " = " + d + " / " + dist);
  L(f + " = " + f + " - " + nh + " * (" + ke + " * " + phi + ")");
  if (rng.chance(0.5)) {
    std::string vel = pick({"vel", "v", "particle_qd"}), vn = pick({"vn", "v_n", "approach"});
    arr(vel, "v3", {n}, -1, 1);
    L(vn + " = wp.dot(" + vel + "[i], " + nh + ")");
    L("if " + vn + " < 0.0:");
    L("    " + f + " = " + f + " - " + nh + " * (" + c(0.5, 5.0) + " * " + vn + ")");
  }
  --indent;
  L(fo + "[i] = " + f);
  out(fo, "v3", {n});
}

void Gen::mParticlesStruct() {
  int n = launch1();
  dims = {n};
  std::string sn = "S" + std::to_string(index) + suffix();
  // Fields: position and velocity, then a subset of mass, radius, id, charge.
  std::vector<std::pair<std::string, std::string>> fields = {{pick({"pos", "x", "p"}), "v3"}, {pick({"vel", "v", "u"}), "v3"}};
  bool hasMass = rng.chance(0.7), hasRad = rng.chance(0.5), hasId = rng.chance(0.5), hasQ = rng.chance(0.3);
  std::string fm = "mass", fr = "radius", fi = "flags", fq = "charge";
  if (hasMass) fields.push_back({fm, "f"});
  if (hasRad) fields.push_back({fr, "f"});
  if (hasId) fields.push_back({fi, "i"});
  if (hasQ) fields.push_back({fq, "f"});
  std::string decl = "@wp.struct\nclass " + sn + ":\n";
  for (auto &[fn, k] : fields)
    decl += "    " + fn + ": " + T(k) + "\n";
  prefix += decl + "\n\n";
  std::string ps = pick({"particles", "bodies", "ps", "items"});
  Array data;
  for (int q = 0; q < n; ++q) {
    Object o;
    for (auto &[fn, k] : fields) {
      if (k == "i") o[fn] = int64_t(rng.range(0, 3));
      else if (fn == fm) o[fn] = val(0.5, 2.0);
      else if (fn == fr) o[fn] = val(0.05, 0.3);
      else o[fn] = k == "f" ? Value(val(-1, 1)) : elem(k, -1, 1, "");
    }
    data.push_back(std::move(o));
  }
  inputs.push_back({ps, "wp.array(dtype=" + sn + ")", Object{{"data", std::move(data)}, {"requires_grad", true}}, true});
  std::string dt = c(0.005, 0.05);
  std::string p = pick({"p", "pi", "me"}), v = pick({"v", "vi", "u0"}), x = pick({"x", "xi", "q0"});
  std::string po = pick({"pos_out", "x_new", "q_out"});
  const std::string &fp = fields[0].first, &fv = fields[1].first;
  line("i = wp.tid()");
  L(p + " = " + ps + "[i]");
  std::string g = "{V3}(0.0, " + c(-9.81, -1.0) + ", 0.0)";
  if (hasQ)
    g = "(" + g + " + {V3}(" + c(-1, 1) + ", 0.0, 0.0) * " + p + "." + fq + (hasMass ? " / " + p + "." + fm : "") + ")";
  L(v + " = " + p + "." + fv + " + " + g + " * " + dt);
  if (hasMass && rng.chance(0.5)) {
    std::string nb = pick({"nb", "other", "p_j"});
    L(nb + " = " + ps + "[(i + 1) % " + ps + ".shape[0]]");
    L(v + " = " + v + " + (" + nb + "." + fv + " - " + v + ") * (" + c(0.05, 0.3) + " * " + nb + "." + fm + " / (" + p + "." + fm +
      " + " + nb + "." + fm + "))");
  }
  L(x + " = " + p + "." + fp + " + " + v + " * " + dt);
  if (hasRad) {
    L("if " + x + "[1] < " + p + "." + fr + " - 1.0:");
    L("    " + x + " = {V3}(" + x + "[0], " + p + "." + fr + " - 1.0, " + x + "[2])");
  }
  if (hasId) {
    L("if " + p + "." + fi + " == 0:");
    L("    " + v + " = " + v + " * " + c(0.5, 0.95));
  }
  L(po + "[i] = " + x);
  out(po, "v3", {n});
  if (hasMass || hasId || rng.chance(0.5)) {
    std::string vo = pick({"vel_out", "v_new", "qd_out"});
    if (hasMass && rng.chance(0.5)) {
      std::string ke = pick({"ke", "kinetic", "e_kin"});
      L(ke + "[i] = 0.5 * " + p + "." + fm + " * wp.dot(" + v + ", " + v + ")");
      out(ke, "f", {n});
    } else {
      L(vo + "[i] = " + v);
      out(vo, "v3", {n});
    }
  }
}

void Gen::mRigidCombined() {
  int n = launch1(), pts = rng.range(3, 6);
  dims = {n};
  std::string rot = pick({"body_q", "rot", "orient"}), tr = pick({"body_x", "com", "trans"}), loc = pick({"shape_pts", "local", "verts"}),
              ine = pick({"inertia", "I_body", "moments"}), om = pick({"omega", "body_w", "ang_vel"});
  arr(rot, "q", {n}, -1, 1, "unit");
  arr(tr, "v3", {n}, -1, 1);
  arr(loc, "v3", {pts}, -1, 1);
  arr(ine, "v3", {n}, 0.5, 2.0);
  arr(om, "v3", {n}, -1, 1);
  std::string np = pick({"num_pts", "count", "n_pts"});
  inputs.push_back({np, "int", Value(int64_t(rng.range(1, pts))), false});
  std::string fname = funcName(pick({"world_point", "to_world", "transform_point"}));
  prefix += P("@wp.func\ndef " + fname + "(q: {Q}, t: {V3}, p: {V3}):\n    return wp.quat_rotate(q, p) + t\n\n\n");
  std::string q = pick({"q", "r"}), t = pick({"t", "x0"}), R = pick({"R", "rot_m"}), Iw = pick({"I_w", "inertia_w"}),
              cen = pick({"centroid", "c_sum", "mid"}), L_ = pick({"L", "ang_mom", "h"});
  std::string co = pick({"centroid_out", "c_out"}), lo = pick({"L_out", "h_out", "ang_mom_out"});
  line("i = wp.tid()");
  L(q + " = " + rot + "[i]");
  L(t + " = " + tr + "[i]");
  L(R + " = wp.quat_to_matrix(" + q + ")");
  L(Iw + " = " + R + " * wp.diag(" + ine + "[i]) * wp.transpose(" + R + ")");
  L(cen + " = {V3}(0.0, 0.0, 0.0)");
  if (rng.chance(0.5)) {
    L("for j in range(" + np + "):");
    L("    " + cen + " += " + fname + "(" + q + ", " + t + ", " + loc + "[j])");
  } else {
    std::string jj = pick({"j", "k_pt", "m_i"});
    L(jj + " = int(0)");
    L("while " + jj + " < " + np + ":");
    L("    " + cen + " = " + cen + " + " + fname + "(" + q + ", " + t + ", " + loc + "[" + jj + "])");
    L("    " + jj + " += 1");
  }
  L(cen + " = " + cen + " / {F}(" + np + ")");
  L(L_ + " = " + Iw + " * " + om + "[i]");
  if (rng.chance(0.5))
    L(L_ + " += wp.cross(" + cen + " - " + t + ", " + om + "[i]) * " + c(0.1, 1.0));
  if (rng.chance(0.4)) {
    // A torque step: the new angular velocity from the world inertia.
    std::string tq = pick({"tau", "torque", "t_ext"}), wn = pick({"w_new", "omega_next"}), wo = pick({"omega_out", "w_out"});
    arr(tq, "v3", {n}, -1, 1);
    std::string dt = c(0.005, 0.05);
    L(wn + " = wp.inverse(" + Iw + ") * (" + L_ + " + " + tq + "[i] * " + dt + ")");
    if (rng.chance(0.5)) {
      L("if wp.length(" + wn + ") > " + c(2.0, 4.0) + ":");
      L("    " + wn + " = wp.normalize(" + wn + ") * " + c(2.0, 4.0));
    }
    L(wo + "[i] = " + wn);
    out(wo, "v3", {n});
  }
  if (rng.chance(0.5)) {
    L(co + "[i] = " + cen);
    out(co, "v3", {n});
  } else {
    std::string ke = pick({"rot_energy", "ke_rot", "e_rot"});
    L(ke + "[i] = 0.5 * wp.dot(" + om + "[i], " + L_ + ") + wp.length(" + cen + ")");
    out(ke, "f", {n});
  }
  L(lo + "[i] = " + L_);
  out(lo, "v3", {n});
}

Program Gen::finishMotif(Program &p) {
  // Two idioms of Warp code, drawn for any motif: a bounds guard on the
  // thread index (`if i >= count: return`, count >= the launch), and stores
  // that accumulate into the (zeroed) output (`out[i] += v`).
  size_t eol = body.find('\n');
  std::string first = body.substr(0, eol);
  size_t at = first.find(" = wp.tid()");
  if (dims.size() == 1 && at != std::string::npos && first.find(',') == std::string::npos && rng.chance(0.3)) {
    std::string tid = llvm::StringRef(first.substr(0, at)).trim().str();
    std::string cnt = pick({"count", "num_items", "n_active", "num_particles", "size"});
    inputs.push_back({cnt, "int", Value(int64_t(dims[0] + rng.range(0, 2))), false});
    body.insert(eol + 1, "    if " + tid + " >= " + cnt + ":\n        return\n");
  } else if (dims.size() == 2 && first == "    i, j = wp.tid()" && rng.chance(0.3)) {
    std::string nx = pick({"nx", "width", "res_x"}), ny = pick({"ny", "height_n", "res_y"});
    inputs.push_back({nx, "int", Value(int64_t(dims[0])), false});
    inputs.push_back({ny, "int", Value(int64_t(dims[1])), false});
    body.insert(eol + 1, "    if i >= " + nx + " or j >= " + ny + ":\n        return\n");
  }
  if (rng.chance(0.3)) {
    for (const OutArr &o : outs) {
      if (o.init.kind() != Value::Null)
        continue;
      std::string key = "    " + o.name + "[";
      size_t pos = body.find(key);
      if (pos == std::string::npos || body.find(key, pos + 1) != std::string::npos)
        continue;
      size_t close = body.find("] = ", pos);
      size_t nl = body.find('\n', pos);
      if (close != std::string::npos && close < nl)
        body.replace(close, 4, "] += ");
    }
  }
  std::string params;
  Object spec, specInputs, seeds;
  for (const Input &in : inputs) {
    params += (params.empty() ? "" : ", ") + in.name + ": " + in.annotation;
    specInputs[in.name] = in.data;
  }
  for (OutArr &o : outs) {
    params += ", " + o.name + ": " + ann(o.k, o.shape.size());
    Array shape;
    for (int d : o.shape)
      shape.push_back(d);
    Object desc{{"requires_grad", true}};
    if (o.init.kind() == Value::Null)
      desc["zeros"] = std::move(shape);
    else
      desc["data"] = o.init;
    specInputs[o.name] = std::move(desc);
    std::string k = o.k;
    seeds[o.name] = nested(o.shape, 0, [&]() -> Value {
      if (k == "f")
        return rng.value(-1, 1);
      return elem(k, -1, 1, "");
    });
  }
  p.source = "import warp as wp\n\n\n" + prefix + "@wp.kernel\ndef " + p.kernelName + "(" + params + "):\n" + body;
  Array dimArr;
  for (int d : dims)
    dimArr.push_back(d);
  spec["kernel"] = p.kernelName;
  spec["dim"] = dims.size() == 1 ? Value(dims[0]) : Value(std::move(dimArr));
  spec["inputs"] = std::move(specInputs);
  spec["backward"] = Object{{"seed", std::move(seeds)}};
  p.spec = std::move(spec);
  return p;
}

Program Gen::run() {
  Program p;
  p.category = cat;
  p.kernelName = "k" + std::to_string(index) + suffix();
  // Most programs come from a motif; the rest from the free type-directed
  // statements below (which cover the rest of the builtins).
  if (opt.motifShare > 0 && rng.chance(opt.motifShare) && motif()) {
    p.motif = motifName;
    return finishMotif(p);
  }
  twoD = cat == "array2d";
  int n = opt.threads;
  // Inputs and their loads.
  // Parameter names from the domains such kernels come from.
  static const char *fNames[] = {"mass", "rho", "temp", "pressure", "weights", "dist", "phi", "density",
                                 "energy_in", "height", "charge", "radius", "damping", "stiffness", "x", "y",
                                 "z", "a", "b", "src", "values", "inv_mass", "area", "volume", "theta",
                                 "omega", "speed", "friction", "cost", "score", "signal", "sdf", "h",
                                 "field", "grid", "depth", "x0", "x1", "x2", "data", "inputs", "alpha"};
  static const char *vNames[] = {"pos", "vel", "force", "points", "normals", "dirs", "accel", "offsets",
                                 "wind", "grads", "positions", "velocities", "v0", "verts"};
  static const char *mNames[] = {"rot", "stress", "strain", "inertia", "jac", "F_def", "transforms", "cov",
                                 "A", "K", "m0"};
  static const char *sNames[] = {"dt", "scale", "gain", "eps", "beta", "gravity", "lam", "k_s", "mu",
                                 "s0", "s1", "c_r", "tau"};
  static const char *oNames[] = {"out", "result", "dst", "y_out", "res", "output", "loss", "values_out",
                                 "energy", "f_out"};
  outName = fresh(oNames);
  int nf = rng.range(1, 3);
  std::vector<std::string> fIn;
  for (int k = 0; k < nf; ++k) {
    fIn.push_back(fresh(fNames));
    arrayInput(fIn.back(), Ty::F, n, twoD);
  }
  std::string vIn, mIn, sIn[2];
  if (flavor.vec) {
    vIn = fresh(vNames);
    arrayInput(vIn, Ty::V, n);
  }
  if (flavor.mat) {
    mIn = fresh(mNames);
    arrayInput(mIn, Ty::M, n);
  }
  if (cat == "scalar_param")
    for (int k = 0; k < 2; ++k) {
      sIn[k] = fresh(sNames);
      inputs.push_back({sIn[k], ty(Ty::F), Value(rng.value(-1, 1)), false});
    }
  // A load's local: the parameter's name with a suffix, or a short name.
  auto loadVar = [&](const std::string &param, const char *hint) {
    if (rng.chance(0.5)) {
      static const char *suffixes[] = {"_i", "_v", "_c"};
      std::string name = param + suffixes[rng.range(0, 2)];
      if (taken.insert(name).second)
        return name;
    }
    return newVar(hint);
  };

  if (twoD) {
    line("i, j = wp.tid()");
    for (int k = 0; k < nf; ++k) {
      const std::string &x = fIn[k];
      assign(loadVar(x, "t"), Ty::F, x + "[i, j]");
      assign(newVar("t"), Ty::F, x + "[wp.max(i - 1, 0), j] + " + x + "[i, wp.min(j + 1, " + x + ".shape[1] - 1)]");
    }
  } else {
    line("i = wp.tid()");
    for (int k = 0; k < nf; ++k)
      assign(loadVar(fIn[k], "t"), Ty::F, fIn[k] + "[i]");
    if (flavor.vec)
      assign(loadVar(vIn, "v"), Ty::V, vIn + "[i]");
    if (flavor.mat)
      assign(loadVar(mIn, "m"), Ty::M, mIn + "[i]");
  }
  if (cat == "scalar_param") {
    vars.push_back({sIn[0], Ty::F});
    vars.push_back({sIn[1], Ty::F});
  }
  if (flavor.quat)
    assign(newVar("q"), Ty::Q, exprQ(1));

  statements();

  // The result: a float per thread, or atomics into a small array. It
  // depends on the last float the statements computed (no dead code).
  Object spec, specInputs;
  // It folds in every variable no expression has read where a gradient
  // flows (each value reaches the output), after a fresh expression.
  std::string result = exprF(opt.maxDepth);
  for (auto &[name, t] : std::vector<std::pair<std::string, Ty>>(vars))
    if (!used.count(name) && name.find('(') == std::string::npos) {
      used.insert(name);
      std::string term = toFloat(name, t);
      result = "(" + result + (rng.chance(0.5) ? " + " : " - ") + term + ")";
    }
  Array seed;
  int outCount = n;
  if (cat == "atomic") {
    outCount = 3;
    line("wp.atomic_add(" + outName + ", 0, " + result + ")");
    line("wp.atomic_sub(" + outName + ", 1, " + exprF(opt.maxDepth - 1) + ")");
    line("wp.atomic_max(" + outName + ", 2, " + exprF(opt.maxDepth - 1) + ")");
    line("wp.atomic_min(" + outName + ", 3, " + exprF(opt.maxDepth - 1) + ")");
    outCount = 4;
    inputs.push_back({outName, "wp.array(dtype=" + ty(Ty::F) + ")",
                      Object{{"data", Array{0.0, 0.0, -100.0, 100.0}}, {"requires_grad", true}}, true});
  } else {
    line(outName + "[i" + (twoD ? ", j" : "") + "] = " + result);
    std::string ann = twoD ? "wp.array2d(dtype=" + ty(Ty::F) + ")" : "wp.array(dtype=" + ty(Ty::F) + ")";
    Array shape = twoD ? Array{4, 4} : Array{n};
    inputs.push_back({outName, ann, Object{{"zeros", std::move(shape)}, {"requires_grad", true}}, true});
  }
  if (twoD) {
    for (int r = 0; r < 4; ++r) {
      Array row;
      for (int k = 0; k < 4; ++k)
        row.push_back(rng.value(-1, 1));
      seed.push_back(std::move(row));
    }
  } else {
    for (int k = 0; k < outCount; ++k)
      seed.push_back(rng.value(-1, 1));
  }

  std::string params;
  for (const Input &in : inputs) {
    params += (params.empty() ? "" : ", ") + in.name + ": " + in.annotation;
    specInputs[in.name] = in.data;
  }
  p.source = "import warp as wp\n\n\n" + prefix + "@wp.kernel\ndef " + p.kernelName + "(" + params +
             "):\n" + body;
  spec["kernel"] = p.kernelName;
  spec["dim"] = twoD ? Value(Array{4, 4}) : Value(n);
  spec["inputs"] = std::move(specInputs);
  spec["backward"] = Object{{"seed", Object{{outName, std::move(seed)}}}};
  p.spec = std::move(spec);
  return p;
}

} // namespace

int kdsl::synth::difficultyScore(llvm::StringRef source) {
  int stmts = 0, depth = 0, cf = 0, ops = 0, funcs = 0;
  bool inDef = false;
  llvm::SmallVector<llvm::StringRef> lines;
  source.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    llvm::StringRef s = line.trim();
    if (s.empty() || s.starts_with("#"))
      continue;
    int ind = int(line.size() - line.ltrim(' ').size()) / 4;
    if (ind == 0) {
      inDef = s.starts_with("def ");
      funcs += s == "@wp.func";
      continue;
    }
    if (!inDef)
      continue;
    ++stmts;
    depth = std::max(depth, ind - 1);
    llvm::StringRef word = s.split(' ').first.rtrim(':');
    if (word == "if" || word == "elif" || word == "else" || word == "for" || word == "while" || word == "break" ||
        word == "continue")
      ++cf;
    llvm::StringRef code = s.split('#').first;
    for (size_t p = 0; p < code.size();) {
      if (code.substr(p).starts_with("wp.")) {
        size_t q = p + 3;
        while (q < code.size() && (llvm::isLower(code[q]) || llvm::isDigit(code[q]) || code[q] == '_'))
          ++q;
        if (q > p + 3 && q < code.size() && code[q] == '(') {
          ++ops;
          p = q + 1;
          continue;
        }
      }
      if (llvm::StringRef("-+*/%").contains(code[p]))
        ++ops;
      ++p;
    }
  }
  return stmts + 3 * depth + 2 * cf + ops / 4 + 2 * funcs;
}

int kdsl::synth::difficultyLevel(int score) {
  static const int upper[] = {10, 15, 20, 25};
  for (int l = 0; l < 4; ++l)
    if (score <= upper[l])
      return l + 1;
  return 5;
}

bool kdsl::synth::parseDifficulty(llvm::StringRef spec, std::vector<int> &levels, std::vector<double> &weights,
                                  std::string &error) {
  llvm::SmallVector<llvm::StringRef> items;
  spec.split(items, ',', -1, false);
  for (llvm::StringRef item : items) {
    auto [l, w] = item.trim().split(':');
    int level;
    double weight = 1.0;
    if (l.getAsInteger(10, level) || level < 1 || level > 5) {
      error = "bad difficulty level '" + l.str() + "' (levels 1 to 5)";
      return false;
    }
    if (item.contains(':') && (w.getAsDouble(weight) || weight < 0)) {
      error = "bad weight '" + w.str() + "' for difficulty " + l.str();
      return false;
    }
    levels.push_back(level);
    weights.push_back(weight);
  }
  if (levels.empty()) {
    error = "--difficulty needs levels (e.g. 1:3,2:2,3)";
    return false;
  }
  return true;
}

Program kdsl::synth::generateProgram(uint64_t seed, uint64_t index, llvm::StringRef category,
                                     const GenOptions &options) {
  // With --difficulty, the level is drawn from (seed, index) by weight, the
  // generator's sizes follow it, and programs are drawn again until one has
  // it (the closest live one after 64 attempts).
  int target = 0;
  GenOptions o = options;
  std::vector<int> levels;
  std::vector<double> weights;
  std::string error;
  if (!options.difficulty.empty() && parseDifficulty(options.difficulty, levels, weights, error)) {
    Rng r{mix(seed, index, 3)};
    double total = 0;
    for (double w : weights)
      total += w;
    double x = r.uniform() * total;
    target = levels.back();
    for (size_t k = 0; k < levels.size(); ++k) {
      x -= weights[k];
      if (x < 0) {
        target = levels[k];
        break;
      }
    }
    static const int stmts[] = {1, 2, 3, 4, 5}, depths[] = {2, 2, 3, 3, 4};
    o.statements = stmts[target - 1];
    o.maxDepth = depths[target - 1];
  }
  // A program with a dead assignment, an unused parameter, a float input
  // without a gradient path, a constant store, a same-operand operation or
  // its category's feature not in the output is drawn again, from (seed,
  // index, attempt): deterministic. The last attempt is kept in any case.
  const unsigned attempts = target ? 64 : 32;
  Program p;
  unsigned attempt = 0, best = 0;
  int bestGap = 1 << 20;
  for (; attempt < attempts; ++attempt) {
    p = Gen(seed, index, category, /*f64=*/false, o, attempt).run();
    std::string why;
    bool live = isLiveProgram(analyzeRealism(p.source), category, &why);
    if (getenv("KDSL_SYNTH_DEBUG") && !live)
      llvm::errs() << "redraw " << index << " " << category << ": " << why << "\n" << p.source << "\n";
    int gap = target ? std::abs(difficultyLevel(difficultyScore(p.source)) - target) : 0;
    if (live && gap == 0)
      break;
    if (live && gap < bestGap)
      best = attempt, bestGap = gap;
    if (attempt + 1 == attempts) {
      if (bestGap < (1 << 20) && best != attempt)
        p = Gen(seed, index, category, /*f64=*/false, o, attempt = best).run();
      break;
    }
  }
  p.difficultyScore = difficultyScore(p.source);
  p.difficulty = difficultyLevel(p.difficultyScore);
  // The same random stream prints both precisions: the same structure.
  Program twin = Gen(seed, index, category, /*f64=*/true, o, attempt).run();
  p.source64 = std::move(twin.source);
  p.spec64 = std::move(twin.spec);
  return p;
}

std::string kdsl::synth::pickCategory(uint64_t seed, uint64_t index,
                                      llvm::ArrayRef<std::string> categories,
                                      llvm::ArrayRef<double> weights) {
  Rng rng{mix(seed, index, 2)};
  double total = 0;
  for (size_t k = 0; k < categories.size(); ++k)
    total += weights.empty() ? 1.0 : weights[k];
  double r = rng.uniform() * total;
  for (size_t k = 0; k < categories.size(); ++k) {
    r -= weights.empty() ? 1.0 : weights[k];
    if (r < 0)
      return categories[k];
  }
  return categories.back();
}
