//===- Gen.h - kdsl-synth's program generator (internal) -------*- C++ -*-===//
//
// The generator behind generateProgram (ProgramGen.h), shared by its files:
// GenFree.cpp (type-directed expressions and statements, the free
// generator's kernels), Motifs.cpp (the motif registry, choosing a motif,
// finishing its kernel) and Motifs<Domain>.cpp (the motifs, each registering
// itself with KDSL_MOTIF, below). Not a public header.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_SYNTH_GEN_H
#define KDSL_LIB_SYNTH_GEN_H

#include "kdsl/Synth/Generator/ProgramGen.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace kdsl::synth::gen {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

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
  double value(double lo, double hi) {
    return std::round((lo + (hi - lo) * uniform()) * 1000) / 1000;
  }
};

/// Python statements with each expression's parentheses reduced to those its
/// parse needs (Tidy.cpp): the free statements' strings parenthesize every
/// operation. Lines outside its small grammar stay as they are.
std::string tidyParens(llvm::StringRef code);

inline uint64_t mix(uint64_t seed, uint64_t index, uint64_t salt) {
  uint64_t words[3] = {seed, index, salt};
  return llvm::xxh3_64bits(
      llvm::ArrayRef<uint8_t>(reinterpret_cast<uint8_t *>(words), sizeof words));
}

/// Value types of the free generator: float, vec3, mat33, quat, transform,
/// spatial vector.
enum class Ty { F, V, M, Q, X, S };

/// What a category's expressions may use.
struct Flavor {
  bool math = false, vec = false, mat = false, quat = false;
  /// random: wp.randf/randn/noise values scaling the float expressions;
  /// spatial: transforms and spatial vectors; generic: Any funcs, overloads.
  bool random = false, spatial = false, generic = false;
};

inline Flavor flavorOf(llvm::StringRef cat) {
  Flavor f;
  f.math = cat != "arithmetic";
  f.vec = cat == "vector" || cat == "matrix" || cat == "quaternion" || cat == "combined" ||
          cat == "struct" || cat == "spatial" || cat == "generic";
  f.mat = cat == "matrix" || cat == "combined";
  f.quat = cat == "quaternion" || cat == "combined" || cat == "spatial";
  f.random = cat == "random";
  f.spatial = cat == "spatial";
  f.generic = cat == "generic";
  return f;
}

inline std::string num(double v) {
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
      : rng{mix(seed, index, 1 + (uint64_t(attempt) << 8))},
        nameRng{mix(seed, index, 4 + (uint64_t(attempt) << 8))},
        programRng{mix(seed, index, 5 + (uint64_t(attempt) << 8))}, index(index), cat(cat.str()),
        f64(f64), opt(opt), flavor(flavorOf(cat)) {}

  Program run();

  /// The body of a motif defined with KDSL_MOTIF (below) in its
  /// Motifs<Domain>.cpp file; Tag is a type of that file.
  template <class Tag> void motifBody();

private:
  std::string ty(Ty t) const {
    switch (t) {
    case Ty::F:
      return f64 ? "wp.float64" : "float";
    case Ty::V:
      return f64 ? "wp.vec3d" : "wp.vec3";
    case Ty::M:
      return f64 ? "wp.mat33d" : "wp.mat33";
    case Ty::Q:
      return f64 ? "wp.quatd" : "wp.quat";
    case Ty::X:
      return f64 ? "wp.transformd" : "wp.transform";
    case Ty::S:
      return f64 ? "wp.spatial_vectord" : "wp.spatial_vector";
    }
    return "";
  }
  std::string dtype(Ty t) const {
    switch (t) {
    case Ty::F:
      return f64 ? "float64" : "float32";
    case Ty::V:
      return f64 ? "vec3d" : "vec3f";
    case Ty::M:
      return f64 ? "mat33d" : "mat33f";
    case Ty::Q:
      return f64 ? "quatd" : "quatf";
    case Ty::X:
      return f64 ? "transformd" : "transformf";
    case Ty::S:
      return f64 ? "spatial_vectord" : "spatial_vectorf";
    }
    return "";
  }
  /// A standalone float constant (typed: it starts a variable's life).
  /// The float64 twin's symbols differ (integrate_particlesd, ...): both can
  /// live in one module.
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
    static const char *f[] = {
        "d",     "s",       "e",      "w",    "g",    "val",   "tmp",   "dx",    "dy",
        "dz",    "dist_sq", "denom",  "term", "coef", "phase", "ang",   "mag",   "inv",
        "ratio", "total",   "weight", "lhs",  "rhs",  "bias",  "f_val", "h_val", "sig",
        "pot",   "t",       "u",      "c",    "l",    "fx",    "grad",  "err",   "step_len"};
    static const char *v[] = {"p",    "dir",   "nrm",    "disp",  "f",     "axis_v",
                              "offs", "delta", "grad_v", "t_vec", "e1",    "e2",
                              "rel",  "d_pos", "v_rel",  "n_hat", "x_new", "arm"};
    static const char *m[] = {"R", "A_m", "B_m", "M", "S", "J", "rot_m", "T", "H", "K_m", "P"};
    static const char *q[] = {"rot_q", "qr", "q", "orient", "spin", "q_rel", "q_new"};
    static const char *r[] = {"r", "res", "sel", "value", "choice", "v_out", "y"};
    static const char *acc[] = {"acc", "total_acc", "s_acc", "accum",
                                "run", "sum_v",     "hist",  "energy"};
    static const char *st[] = {"st", "state", "body", "cell", "node", "item"};
    static const char *own[] = {"me", "cur", "p_i", "part"};
    static const char *nb[] = {"nb", "other", "nxt", "p_j"};
    static const char *x[] = {"X", "xf", "X_wb", "tf", "pose", "X_local", "X_rel", "X_c"};
    static const char *sv[] = {"twist", "v_s", "wrench", "f_s", "qd", "sv", "mom"};
    if (hint == "x")
      return fresh(x);
    if (hint == "sv")
      return fresh(sv);
    if (hint == "v")
      return fresh(v);
    if (hint == "m")
      return fresh(m);
    if (hint == "q")
      return fresh(q);
    if (hint == "r")
      return fresh(r);
    if (hint == "acc")
      return fresh(acc);
    if (hint == "s")
      return fresh(st);
    if (hint == "p")
      return fresh(own);
    if (hint == "nb")
      return fresh(nb);
    return fresh(f);
  }
  static const char *hintOf(Ty t) {
    return t == Ty::V   ? "v"
           : t == Ty::M ? "m"
           : t == Ty::Q ? "q"
           : t == Ty::X ? "x"
           : t == Ty::S ? "sv"
                        : "t";
  }

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
    case Ty::F:
      return v;
    case Ty::V: {
      static const char *f[] = {"wp.length(", "wp.length_sq("};
      if (rng.chance(0.4))
        return v + "[" + std::to_string(rng.range(0, 2)) + "]";
      return std::string(f[rng.range(0, 1)]) + v + ")";
    }
    case Ty::M: {
      static const char *f[] = {"wp.trace(", "wp.determinant("};
      if (rng.chance(0.4))
        return v + "[" + std::to_string(rng.range(0, 2)) + ", " + std::to_string(rng.range(0, 2)) +
               "]";
      return std::string(f[rng.range(0, 1)]) + v + ")";
    }
    case Ty::Q:
      return v + "[" + std::to_string(rng.range(0, 3)) + "]";
    case Ty::X:
      if (rng.chance(0.5))
        return "wp.transform_get_translation(" + v + ")[" + std::to_string(rng.range(0, 2)) + "]";
      return v + "[" + std::to_string(rng.range(0, 6)) + "]";
    case Ty::S:
      if (rng.chance(0.4))
        return "wp.length(wp.spatial_top(" + v + "))";
      return v + "[" + std::to_string(rng.range(0, 5)) + "]";
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
    ++noRandom;
    auto [l, r] = two([&] { return exprF(depth); });
    std::string c = l + " " + ops[rng.range(0, 3)] + " " + r;
    if (flavor.math && rng.chance(0.2)) {
      static const char *checks[] = {"wp.isfinite(", "not wp.isnan(", "not wp.isinf("};
      c = "(" + c + ") and " + checks[rng.range(0, 2)] + exprF(depth) + ")";
    }
    --noGrad;
    --noRandom;
    return c;
  }

  void line(const std::string &s) { body += std::string(4 * indent, ' ') + s + "\n"; }
  void assign(const std::string &name, Ty t, const std::string &e) {
    line(name + " = " + e);
    vars.push_back({name, t});
  }
  /// Programs of several kernels (MotifsPrograms.cpp).
  Program runProgram();
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
    /// Its kdsl-run spec entry: zeros of its shape, or its initial data.
    Object specEntry() const;
  };
  std::vector<OutArr> outs;
  std::vector<int> dims; // the launch (motif programs)
  /// A tiled launch's block dimension (the tile category); 0: wp.launch.
  int blockDim = 0;
  /// Structures the host builds for the kernel (the geometry category):
  /// kdsl-run's "objects" entries ({"hash_grid": {...}}, "bvh", "mesh",
  /// "volume"), by name; a motif with any gets kdsl-run's general-form spec,
  /// its wp.uint64 parameters passed "@name".
  std::vector<std::pair<std::string, Object>> objects;
  /// The arrays only the objects read (a mesh's points and indices): name
  /// and descriptor (with its dtype).
  std::vector<std::pair<std::string, Object>> objectArrays;
  bool motif();
  /// The motif that built the program ("" for the free generator).
  std::string motifName;
  Program finishMotif(Program &p);
  bool motifFor(const std::string &c);
  /// A category's motifs (the registry's, KDSL_MOTIF), in the order of the
  /// draw that picks one.
  struct MotifChoice {
    const char *name;
    void (Gen::*build)();
  };
  std::vector<MotifChoice> motifsOf(const std::string &c);
  /// A precision-specific type for a kind: f, i, v2, v3, v4, m22, m33, m44,
  /// q, t (transform), sv (spatial vector), sm (spatial matrix).
  std::string T(llvm::StringRef k) const {
    if (k == "f")
      return ty(Ty::F);
    if (k == "i")
      return "int";
    if (k == "u")
      return "wp.uint32";
    if (k == "d")
      return "wp.float64"; // in both precisions
    if (k == "t")
      return f64 ? "wp.transformd" : "wp.transform";
    if (k == "sv")
      return f64 ? "wp.spatial_vectord" : "wp.spatial_vector";
    if (k == "sm")
      return f64 ? "wp.spatial_matrixd" : "wp.spatial_matrix";
    std::string base = k == "q"             ? "quat"
                       : k.starts_with("v") ? "vec" + k.substr(1).str()
                                            : "mat" + k.substr(1).str();
    return "wp." + base + (f64 ? "d" : "");
  }
  /// Replaces {F} {V2} {V3} {V4} {M22} {M33} {M44} {Q} {X} {SV} {SM} by
  /// this precision's types.
  std::string P(std::string s) const {
    static const std::pair<const char *, const char *> keys[] = {
        {"{F}", "f"},     {"{V2}", "v2"},   {"{V3}", "v3"},   {"{V4}", "v4"},
        {"{M22}", "m22"}, {"{M33}", "m33"}, {"{M44}", "m44"}, {"{Q}", "q"},
        {"{X}", "t"},     {"{SV}", "sv"},   {"{SM}", "sm"}};
    for (auto &[key, k] : keys)
      for (size_t at; (at = s.find(key)) != std::string::npos;)
        s.replace(at, strlen(key), T(k));
    return s;
  }
  void L(const std::string &s) { line(P(s)); }
  /// The module's imports (typing.Any when a generic func uses it).
  std::string header() const {
    bool any =
        prefix.find(": Any") != std::string::npos || prefix.find("dtype=Any") != std::string::npos;
    return any ? "from typing import Any\n\nimport warp as wp\n\n\n" : "import warp as wp\n\n\n";
  }
  static int compsOf(llvm::StringRef k) {
    if (k == "f" || k == "i" || k == "u" || k == "d")
      return 1;
    if (k == "q")
      return 4;
    if (k == "t")
      return 7;
    if (k == "sv")
      return 6;
    if (k == "sm")
      return 36;
    if (k.starts_with("v"))
      return k[1] - '0';
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
    if (k == "i" || k == "u")
      return int64_t(rng.range(int(lo), int(hi)));
    if (k == "f" || k == "d")
      return val(lo, hi);
    int c = compsOf(k);
    if (k == "t") {
      // A rigid transform: a translation in [lo, hi], a unit rotation.
      Array a;
      for (int q = 0; q < 3; ++q)
        a.push_back(val(lo, hi, false));
      Value rot = elem("q", -1, 1, "unit"); // kept alive for the loop
      for (const Value &x : *rot.getAsArray())
        a.push_back(x);
      return Value(std::move(a));
    }
    if (k.starts_with("m") || k == "sm") {
      int nr = k == "sm" ? 6 : k[1] - '0';
      Array rows;
      for (int r = 0; r < nr; ++r) {
        Array row;
        for (int q = 0; q < nr; ++q) {
          if (how == "spd")
            row.push_back(r == q ? val(lo, hi, false) : 0.0);
          else if (how == "near_id")
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
  // Inputs: (name, annotation, dtype or "" for an int/float scalar, data).
  struct Input {
    std::string name, annotation;
    Value data;
    bool grad;
    /// An array the kernel updates in place (inOut): also an output, seeded
    /// for the backward pass like one (its kind and shape).
    bool inOut = false;
    std::string k = {};
    std::vector<int> shape = {};
    /// An array of an earlier kernel of the program (shared): no data here.
    bool ref = false;
  };
  /// An input array of kind k and shape (float kinds take a gradient).
  void arr(const std::string &name, llvm::StringRef k, std::vector<int> shape, double lo, double hi,
           llvm::StringRef how = "") {
    bool grad = k != "i" && k != "u";
    Value data = nested(shape, 0, [&] { return elem(k, lo, hi, how); });
    inputs.push_back({name, ann(k, shape.size()),
                      Object{{"data", std::move(data)}, {"requires_grad", grad}}, grad, false,
                      k.str(), shape});
  }
  /// Makes the input array `name` (added by arr) one the kernel updates in
  /// place: read and written, an output of the record too (seeded). Only
  /// for updates whose adjoint needs none of the overwritten values: the
  /// adjoint kernel, as Warp's, recomputes from the arrays as they are after
  /// the forward launch, so the old value may only enter the new one
  /// linearly, scaled by constants or scalar parameters (x[i] = x[i] +
  /// v[i] * dt; never wp.clamp(x[i] + ...), wp.normalize(x[i] + ...),
  /// x[i] * w[i] or a branch on x[i]): the gradient check on finite
  /// differences rejects the others.
  void inOut(const std::string &name) {
    for (Input &in : inputs)
      if (in.name == name)
        in.inOut = true;
  }
  /// An index array: `count` indices in [0, n).
  /// (int32 or, in two of five, wp.uint32: index arrays of both kinds occur.)
  void idx(const std::string &name, int count, int n) {
    Array a;
    for (int q = 0; q < count; ++q)
      a.push_back(int64_t(rng.range(0, n - 1)));
    inputs.push_back(indexInput(name, std::move(a), rng.chance(0.4)));
  }
  /// An index array input; a uint32 one names its dtype in the spec (the IR's
  /// integers carry no sign, so the record's spec would say int32).
  Input indexInput(const std::string &name, Array data, bool isUnsigned) {
    Object desc{{"data", std::move(data)}, {"requires_grad", false}};
    if (isUnsigned)
      desc["dtype"] = "uint32";
    return {name, std::string("wp.array(dtype=") + (isUnsigned ? "wp.uint32" : "int") + ")",
            std::move(desc), false};
  }
  /// The kind of a per-element float input that a kernel converts on load
  /// ({F}(x[i])): "d" (float64 in both precisions, as masses and weights often
  /// are) in one of four, else "f".
  std::string massKind() { return rng.chance(0.25) ? "d" : "f"; }
  /// `x[at]` as this precision's float: converted when x's kind is "d".
  std::string load(const std::string &x, const std::string &at, llvm::StringRef k) const {
    return k == "d" ? ty(Ty::F) + "(" + x + "[" + at + "])" : x + "[" + at + "]";
  }
  void scal(const std::string &name, double lo, double hi) {
    inputs.push_back({name, ty(Ty::F), Value(val(lo, hi)), false});
  }
  void iscal(const std::string &name, int lo, int hi) {
    inputs.push_back({name, "int", Value(int64_t(rng.range(lo, hi))), false});
  }
  /// An output array (zeros, or `init`), seeded for the backward pass.
  void out(const std::string &name, llvm::StringRef k, std::vector<int> shape,
           Value init = nullptr) {
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
  /// The acceleration of gravity as people write it (9.81, 9.8 or 10.0),
  /// negative for a y-up scene's downward pull: a drawn 4.8 reads as made up.
  std::string gravity(bool down = true) {
    static const char *const values[] = {"9.81", "9.8", "9.81", "10.0"};
    return (down ? "-" : "") + std::string(values[rng.range(0, 3)]);
  }
  std::string pick(llvm::ArrayRef<const char *> names) { return fresh(names); }
  /// Several points per body (m > 1): opens `for k in range(count):` (count an
  /// int parameter equal to m) one indent deeper and binds the flat index
  /// `at = tid * count + k`, which it returns; with one point, `tid` itself.
  std::string pointLoop(int m, const std::string &tid, llvm::ArrayRef<const char *> loopVars,
                        llvm::ArrayRef<const char *> counts,
                        llvm::ArrayRef<const char *> flatNames) {
    if (m <= 1)
      return tid;
    std::string pk = pick(loopVars), np = pick(counts);
    iscal(np, m, m);
    L("for " + pk + " in range(" + np + "):");
    ++indent;
    std::string at = pick(flatNames);
    L(at + " = " + tid + " * " + np + " + " + pk);
    return at;
  }
  /// A name of a @wp.func: the domain's (drawn with pick, which keeps it
  /// apart from the locals), unique in the file.
  std::string funcName(const std::string &base) { return symbolName(base, /*local=*/false); }
  /// The kernel's name (Names.cpp): drawn from the motif's (or, with none,
  /// the category's) names, in one of the forms codebases use.
  std::string kernelNameFor(llvm::StringRef motif);
  /// `base`, or base_2, base_3, ... when the file has it (a kernel, func or
  /// struct) or, with `local`, a local or parameter takes it; the float64
  /// twin's symbols end in "d" (both live in one module).
  std::string symbolName(const std::string &base, bool local = true);
  /// symbolName of a name drawn from `pool` (with nameRng).
  std::string drawSymbol(llvm::ArrayRef<const char *> pool);
  /// `value` (a literal the caller drew) or, in `share` of the programs, a
  /// module constant that holds it, named from `names` as a person names
  /// such a value: `DT = wp.constant(0.01)` or `DT = 0.01` (Names.cpp).
  /// Drawn with nameRng: the rest of the program stays as it is.
  std::string named(const std::string &value, llvm::ArrayRef<const char *> names,
                    double share = 0.5);
  /// The module constants (named) the kernel and its funcs use, as lines
  /// of the file before them.
  std::string constantsText() const;
  /// A float32 value of a random builtin (wp.randf, wp.noise, ...: they
  /// return float32 and vec2/vec3 in both precisions) as this precision's
  /// kind k: converted in the float64 twin.
  std::string rv(const std::string &e, llvm::StringRef k = "f") const {
    return f64 ? T(k) + "(" + e + ")" : e;
  }
  /// A float32 value of the twin converted for a random builtin's argument.
  std::string r32(const std::string &e, llvm::StringRef type = "float") const {
    return f64 ? type.str() + "(" + e + ")" : e;
  }
  // --- Programs of several kernels (MotifsPrograms.cpp): each kernel is
  // built as a motif's (inputs, outs, dims, body), then endKernel files it
  // and starts the next; finishProgram writes the file and kdsl-run's
  // general-form spec (named arrays, a launch per kernel or `launches`). ---
  struct KernelPart {
    std::string name;
    std::vector<Input> inputs;
    std::vector<OutArr> outs;
    std::vector<int> dims;
  };
  /// A launch of kernel part `kernel`: its arguments by parameter name that
  /// are not the parameter's own array ("@array" or a scalar value).
  struct LaunchPart {
    size_t kernel;
    std::vector<std::pair<std::string, Value>> args;
  };
  std::vector<KernelPart> kernelParts;
  std::vector<LaunchPart> launchParts;
  std::string kernelsText;
  /// Files the kernel built so far as `name` and starts the next one.
  void endKernel(const std::string &name);
  /// The array `name` of an earlier kernel of the program (an input or an
  /// output of it) as an input of this kernel: the same named array.
  void shared(const std::string &name);
  /// The kind and shape of array `name` of an earlier kernel.
  const OutArr *earlierOut(const std::string &name) const;
  Program finishProgram(Program &p);
  /// Whether the category has programs of several kernels (their motifs are
  /// registered as "program:<category>").
  bool hasPrograms() const;
  // The motifs drawn with parameters or in several categories (registered
  // by a KDSL_MOTIF that calls them, in their own files); every other motif
  // is a KDSL_MOTIF body and needs no declaration here.
  void mIntegrate(bool scalarDt, bool collide);
  void mSprings(bool viaFunc);
  void mRaySphere(bool branchy);
  void mActivation(bool viaFunc);
  void mKepler();
  void mNeighbours(bool nested);
  void mSaxpy();
  // Tile kernels (MotifsTile.cpp).
  std::string tileExtent(int &value, llvm::ArrayRef<const char *> names);
  void tiledLaunch(std::vector<int> grid);
  std::string tileActivation();
  // Queries of host-built structures (MotifsQueries.cpp).
  std::string hashGridLoop(const std::string &grid, const std::string &xi, const std::string &hs,
                           const char *a, const char *b);
  std::string structureParam(llvm::ArrayRef<const char *> names, const std::string &object,
                             Object build, llvm::StringRef kind);
  std::string clusterPoints(const std::string &name, int n, double extent, bool grad);
  std::pair<std::string, std::string> triangleMesh(std::vector<double> &zs, double &lo, double &hi);
  std::string sphKernelFunc(const std::string &kind);
  void mSphForces(bool viscosity);
  // Programs of several kernels (MotifsPrograms.cpp).
  void mForcesIntegrate(bool viaFunc, bool loss);
  void mNormalizeRows(bool sqrtNorm);
  void mDiffuseSubsteps(bool border);
  // The free generator's statements of these categories (GenFree.cpp).
  std::string randomTerm(int depth);
  std::string exprX(int depth);
  std::string exprS(int depth);
  void genericHelpers();

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
  /// Draws the names of kernels, funcs and structs: a stream of its own, so
  /// that the rest of the program does not depend on them.
  Rng nameRng;
  /// Draws whether the program has several kernels (GenOptions::programShare):
  /// a stream of its own, so that programs of one kernel stay as they were.
  Rng programRng;
  /// The file's kernel, func, struct and module constant names.
  std::set<std::string> symbols;
  /// Module constants: name, value as written.
  std::vector<std::pair<std::string, std::string>> moduleConstants;
  uint64_t index;
  std::string cat;
  bool f64;
  GenOptions opt;
  Flavor flavor;
  int counter = 0, indent = 1, noGrad = 0, noRandom = 0;
  /// Names in use: parameters, locals, and what a local must not shadow.
  std::set<std::string> taken = {"i",   "j",   "k",   "n",   "ps",    "wp",  "float", "int",
                                 "len", "abs", "min", "max", "round", "pow", "range", "print"};
  std::string outName = "out";
  /// The random state local of the free generator's random kernels.
  std::string rngVar;
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

//===----------------------------------------------------------------------===//
// The motif registry: each Motifs<Domain>.cpp file registers its motifs
//===----------------------------------------------------------------------===//

/// One motif of a category: drawn at `position` among the category's
/// motifs (positions 0..n-1, each once; the draw is rng.range(0, n - 1)).
struct MotifRegistration {
  MotifRegistration(const char *category, int position, const char *name, void (Gen::*build)());
  const char *category;
  int position;
  const char *name;
  void (Gen::*build)();
};
/// Every registered motif (Motifs.cpp).
const std::vector<const MotifRegistration *> &motifRegistry();

/// Defines and registers a motif: its body follows, a member function of Gen
/// (it uses the generator as the motifs of Gen's own declarations do):
///
///   KDSL_MOTIF(SaxpyMotif, "arithmetic", 1, "saxpy") { ... }
///
/// Adding a motif to a Motifs<Domain>.cpp file touches that file only.
#define KDSL_MOTIF(Tag, category, position, name)                                                  \
  namespace {                                                                                      \
  struct Tag;                                                                                      \
  }                                                                                                \
  template <> void Gen::motifBody<Tag>();                                                          \
  static const MotifRegistration Tag##Registration(category, position, name,                       \
                                                   &Gen::motifBody<Tag>);                          \
  template <> void Gen::motifBody<Tag>()

/// Each Motifs<Domain>.cpp file has one KDSL_MOTIF_FILE(Domain), which
/// Motifs.cpp references (KDSL_MOTIF_FILES) so that the linker keeps the file
/// of the static library, and its registrations with it.
#define KDSL_MOTIF_FILE(Domain)                                                                    \
  void motifFileAnchor##Domain() {}
#define KDSL_MOTIF_FILES(X)                                                                        \
  X(Generic)                                                                                       \
  X(Geometry) X(Grid) X(Numeric) X(Physics) X(Programs) X(Queries) X(Random) X(Spatial) X(Tile)

} // namespace kdsl::synth::gen

#endif // KDSL_LIB_SYNTH_GEN_H
