//===- GenFree.cpp - the free type-directed generator -----------------------===//
//
// Type-directed synthesis: `expr(T, depth)` returns an expression of type T
// built from the productions of T that the category allows (variables in
// scope, constructors, operators, builtins whose result is T). Builtins with
// a restricted domain get arguments that are in it by construction
// (log(x*x + 1), sqrt(x*x + 0.25), asin(sin(x) * 0.9), divisions by
// (y*y + 1)), so no input makes them undefined. Gen::run builds a program:
// from a motif (Motifs.cpp) or from these statements.
//
//===----------------------------------------------------------------------===//
#include "Gen.h"

#include <cmath>

using namespace kdsl::synth;
using namespace kdsl::synth::gen;

namespace kdsl::synth::gen {

std::string Gen::expr(Ty t, int depth) {
  switch (t) {
  case Ty::F:
    return exprF(depth);
  case Ty::V:
    return exprV(depth);
  case Ty::M:
    return exprM(depth);
  case Ty::Q:
    return exprQ(depth);
  case Ty::X:
    return exprX(depth);
  case Ty::S:
    return exprS(depth);
  }
  return "";
}

std::string Gen::randomTerm(int depth) {
  // A random value of the thread's stream scaling (or perturbing) a float:
  // no derivative flows into the random value, the float keeps its own.
  int d = std::max(depth - 1, 0);
  const std::string &s = rngVar;
  switch (rng.range(0, 4)) {
  case 0:
    return "(" + exprF(d) + " * " + rv("wp.randf(" + s + ")") + ")";
  case 1:
    return "(" + exprF(d) + " * " +
           rv("wp.randf(" + s + ", " + c(0.5, 0.9) + ", " + c(1.1, 1.5) + ")") + ")";
  case 2:
    return "(" + exprF(d) + " + " + rv("wp.randn(" + s + ")") + " * " + c(0.01, 0.2) + ")";
  case 3:
    return "(" + exprF(d) + " * " +
           rv("wp.noise(" + s + ", float(i) * " + c(0.1, 0.9) + " + " + c(0.1, 0.9) + ")") + ")";
  default:
    return "(" + exprF(d) + " * " +
           rv("wp.sample_unit_disk(" + s + ")[" + std::to_string(rng.range(0, 1)) + "]") + ")";
  }
}

std::string Gen::exprX(int depth) {
  std::string x = pickVar(Ty::X);
  if (depth <= 0 || rng.chance(0.3)) {
    if (!x.empty())
      return x;
    return ty(Ty::X) + "(" + exprV(0) + ", " + exprQ(0) + ")";
  }
  int d = depth - 1;
  std::vector<std::function<std::string()>> prods = {
      [&] { return ty(Ty::X) + "(" + exprV(d) + ", " + exprQ(d) + ")"; },
      [&] {
        auto [a, b] = two([&] { return exprX(d); });
        return "wp.transform_multiply(" + a + ", " + b + ")";
      },
      [&] {
        auto [a, b] = two([&] { return exprX(d); });
        return "(" + a + " * " + b + ")";
      },
      [&] { return "wp.transform_inverse(" + exprX(d) + ")"; },
  };
  return prods[rng.next() % prods.size()]();
}

std::string Gen::exprS(int depth) {
  std::string sv = pickVar(Ty::S);
  if (depth <= 0 || rng.chance(0.3)) {
    if (!sv.empty())
      return sv;
    return ty(Ty::S) + "(" + exprV(0) + ", " + exprV(0) + ")";
  }
  int d = depth - 1;
  std::vector<std::function<std::string()>> prods = {
      [&] { return ty(Ty::S) + "(" + exprV(d) + ", " + exprV(d) + ")"; },
      [&] { return "(" + exprS(d) + " + " + exprS(d) + ")"; },
      [&] { return "(" + exprS(d) + " * " + exprF(d) + ")"; },
      [&] {
        auto [a, b] = two([&] { return exprS(d); });
        return "wp.spatial_cross(" + a + ", " + b + ")";
      },
      [&] {
        auto [a, b] = two([&] { return exprS(d); });
        return "wp.spatial_cross_dual(" + a + ", " + b + ")";
      },
      [&] { return "wp.transform_twist(" + exprX(d) + ", " + exprS(d) + ")"; },
      [&] { return "wp.transform_wrench(" + exprX(d) + ", " + exprS(d) + ")"; },
  };
  return prods[rng.next() % prods.size()]();
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
      [&] {
        auto [a, b] = two([&] { return exprF(d); });
        return "(" + a + " - " + b + ")";
      },
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
    add([&] {
      auto [a, b] = two(gated);
      return "wp.min(" + a + ", " + b + ")";
    });
    add([&] {
      auto [a, b] = two(gated);
      return "wp.max(" + a + ", " + b + ")";
    });
    add([&] { return "wp.clamp(" + gated() + ", -0.5, 0.5)"; });
    add([&] {
      auto [a, b] = two([&] { return exprF(d); });
      return "wp.lerp(" + a + ", " + b + ", 0.25)";
    });
    add([&] { return "wp.smoothstep(-2.0, 2.0, " + exprF(d) + ")"; });
    auto ng = [&] { return noGradOf([&] { return exprF(d); }); };
    add([&] {
      return "(wp.floor(" + ng() + ") + wp.ceil(" + ng() + ") * 0.5 + " + exprF(d) + ")";
    });
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
    prods.push_back(
        [&] { return "(" + exprF(d) + " * " + ty(Ty::F) + "(len(" + exprV(d) + ")))"; });
  }
  if (flavor.mat) {
    prods.push_back([&] { return "wp.determinant(" + exprM(d) + ")"; });
    prods.push_back([&] { return "wp.trace(" + exprM(d) + ")"; });
    prods.push_back([&] {
      return exprM(d) + "[" + std::to_string(rng.range(0, 2)) + ", " +
             std::to_string(rng.range(0, 2)) + "]";
    });
  }
  if (flavor.quat)
    prods.push_back([&] { return exprQ(d) + "[" + std::to_string(rng.range(0, 3)) + "]"; });
  if (flavor.spatial) {
    prods.push_back([&] { return "wp.spatial_dot(" + exprS(d) + ", " + exprS(d) + ")"; });
    prods.push_back([&] {
      return "wp.transform_get_translation(" + exprX(d) + ")[" + std::to_string(rng.range(0, 2)) +
             "]";
    });
  }
  // A random builtin may not stand in a condition's `and` operand (its
  // state advances): conditions draw none.
  if (flavor.random && !noRandom)
    for (int k = 0; k < 3; ++k)
      prods.push_back([&] { return randomTerm(depth); });
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
      [&] {
        auto [a, b] = two([&] { return exprV(d); });
        return "(" + a + " - " + b + ")";
      },
      [&] { return "(" + exprV(d) + " * " + exprF(d) + ")"; },
      [&] {
        auto [a, b] = two([&] { return exprV(d); });
        return "wp.cross(" + a + ", " + b + ")";
      },
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
  if (flavor.spatial) {
    for (int k = 0; k < 2; ++k) {
      prods.push_back([&] { return "wp.transform_point(" + exprX(d) + ", " + exprV(d) + ")"; });
      prods.push_back([&] { return "wp.transform_vector(" + exprX(d) + ", " + exprV(d) + ")"; });
    }
    prods.push_back([&] { return "wp.spatial_top(" + exprS(d) + ")"; });
    prods.push_back([&] { return "wp.spatial_bottom(" + exprS(d) + ")"; });
    prods.push_back([&] { return "wp.transform_get_translation(" + exprX(d) + ")"; });
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
  if (flavor.spatial && !varsOf(Ty::X).empty() && rng.chance(0.2))
    return "wp.transform_get_rotation(" + pickVar(Ty::X) + ")";
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
  int comps = t == Ty::F   ? 1
              : t == Ty::V ? 3
              : t == Ty::M ? 9
              : t == Ty::X ? 7
              : t == Ty::S ? 6
                           : 4;
  Array rows;
  auto element = [&]() -> Value {
    if (comps == 1)
      return inputValue(/*distinct=*/true);
    Array c;
    if (t == Ty::X) {
      // A rigid transform: a translation and a unit rotation.
      for (int k = 0; k < 3; ++k)
        c.push_back(inputValue(false));
      Value rot = elem("q", -1, 1, "unit"); // kept alive for the loop
      for (const Value &x : *rot.getAsArray())
        c.push_back(x);
      return Value(std::move(c));
    }
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
  std::string name = drawSymbol({"blend", "combine", "shape_fn", "weight_of", "smooth_step",
                                 "falloff", "response", "transfer", "mix_terms", "kernel_weight",
                                 "soft_clamp", "eval_term", "potential", "damp"});
  ++funcs;
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
  std::string name = drawSymbol(
      {"Particle", "Body", "State", "Sample", "Cell", "Node", "Item", "Record", "Point", "Agent"});
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
           own + ".a * " + next + ".a + wp.dot(" + own + ".b, " + next + ".b) * " + ty(Ty::F) +
               "(" + own + ".n) + " + exprF(opt.maxDepth - 1));
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

void Gen::genericHelpers() {
  // A generic @wp.func (typing.Any parameters), called with floats and with
  // vectors: one instance per type. Its body is built from what both types
  // have (+, -, scaling by a float), as Warp's generic helpers are.
  std::string name =
      drawSymbol({"blend_any", "lerp_any", "mix_any", "interp", "towards", "combine"});
  ++funcs;
  std::string F = ty(Ty::F);
  static const char *ws[] = {"w", "t", "alpha", "s"};
  std::string w = ws[rng.range(0, 3)];
  std::function<std::string(const std::string &, int)> term = [&](const std::string &x,
                                                                  int depth) -> std::string {
    if (depth <= 0 || rng.chance(0.3))
      return x;
    switch (rng.range(0, 3)) {
    case 0:
      return "(" + term(x, depth - 1) + " * " + w + ")";
    case 1:
      return "(" + term(x, depth - 1) + " * (1.0 - " + w + "))";
    case 2:
      return "(" + term(x, depth - 1) + " * " + constant() + ")";
    default:
      return "(" + term(x, depth - 1) + " * (" + w + " * " + w + " + " + constant() + "))";
    }
  };
  std::string s = "@wp.func\ndef " + name + "(a: Any, b: Any, " + w + ": " + F + "):\n";
  switch (rng.range(0, 2)) {
  case 0:
    s += "    return " + term("a", 2) + (rng.chance(0.5) ? " + " : " - ") + term("b", 2) + "\n";
    break;
  case 1:
    s += "    d = " + (rng.chance(0.5) ? std::string("b - a") : std::string("a - b")) + "\n";
    s += "    return a + " + term("d", 2) + "\n";
    break;
  default:
    s += "    m = (a + b) * 0.5\n";
    s += "    return m + " + term("(b - a)", 1) + "\n";
    break;
  }
  prefix += s + "\n\n";
  // The same func at two types; the weight is a float of the kernel.
  // (A literal argument is a float32, Warp's rule: the float64 twin types it.)
  auto weight = [&] {
    return noGradOf([&] {
      return rng.chance(0.4) ? (f64 ? lit(rng.value(0.1, 0.9)) : c(0.1, 0.9)) : exprF(1);
    });
  };
  auto [fa, fb] = two([&] { return exprF(opt.maxDepth - 1); });
  assign(newVar("t"), Ty::F, name + "(" + fa + ", " + fb + ", " + weight() + ")");
  auto [va, vb] = two([&] { return exprV(opt.maxDepth - 1); });
  assign(newVar("v"), Ty::V, name + "(" + va + ", " + vb + ", " + weight() + ")");
  if (rng.chance(0.4))
    return;
  // Overloads: one name, a def per argument type.
  std::string over =
      drawSymbol({"magnitude", "norm_of", "measure", "score_of", "size_of", "weigh"});
  ++funcs;
  auto saved = vars;
  auto savedUsed = used;
  std::string o;
  for (Ty t : {Ty::F, Ty::V}) {
    vars = {{"x", t}};
    used.clear();
    std::string e = exprF(opt.maxDepth - 1);
    std::string body = "(" + e + " + " + (used.count("x") ? constant() : toFloat("x", t)) + ")";
    o += "@wp.func\ndef " + over + "(x: " + ty(t) + "):\n    return " + body + "\n\n\n";
  }
  prefix += o;
  vars = saved;
  used = savedUsed;
  assign(newVar("t"), Ty::F, over + "(" + exprF(opt.maxDepth - 1) + ")");
  assign(newVar("t"), Ty::F, over + "(" + exprV(opt.maxDepth - 1) + ")");
}

void Gen::statements() {
  int depth = opt.maxDepth;
  // A float statement: a new local, or (as people write) an update of one:
  // `x += e`, `x *= c`, or an update under a condition.
  auto scalarStatement = [&] {
    std::vector<std::string> locals;
    for (auto &var : vars)
      if (var.second == Ty::F && var.first.find_first_of("(.") == std::string::npos &&
          std::none_of(inputs.begin(), inputs.end(),
                       [&](const Input &in) { return in.name == var.first; }))
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
        assign(newVar(k % 2 ? "t" : hintOf(t)), k % 2 ? Ty::F : t,
               k % 2 ? exprF(depth) : expr(t, depth - 1));
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
                              [](auto &v) {
                                return v.first.find("(j)") != std::string::npos ||
                                       v.first.find("(k)") != std::string::npos;
                              }),
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
  if (cat == "random") {
    // The first statement draws; the others may. In two of five, a draw
    // decides whether a value is updated (a stochastic branch).
    std::string first = newVar("t");
    assign(first, Ty::F, randomTerm(depth));
    if (rng.chance(0.4)) {
      line("if wp.randf(" + rngVar + ") < " + c(0.3, 0.7) + ":");
      ++indent;
      ++noGrad;
      line(first + " = " + first + " * " + constant() + " + " + exprF(depth - 1));
      --noGrad;
      --indent;
    }
    int count = rng.range(0, opt.statements);
    for (int k = 0; k < count; ++k)
      scalarStatement();
    return;
  }
  if (cat == "spatial") {
    int count = rng.range(1, opt.statements + 1);
    for (int k = 0; k < count; ++k) {
      double r = rng.uniform();
      if (r < 0.25)
        assign(newVar("x"), Ty::X, exprX(depth - 1));
      else if (r < 0.5)
        assign(newVar("sv"), Ty::S, exprS(depth - 1));
      else if (r < 0.85)
        assign(newVar("v"), Ty::V, exprV(depth - 1));
      else
        scalarStatement();
    }
    return;
  }
  if (cat == "generic") {
    genericHelpers();
    if (rng.chance(0.5))
      scalarStatement();
    return;
  }
  int count = rng.range(1, opt.statements + 1);
  for (int k = 0; k < count; ++k)
    scalarStatement();
}

Program Gen::run() {
  // A share of the programs are several kernels launched in sequence.
  if (opt.programShare > 0 && hasPrograms() && programRng.chance(opt.programShare))
    return runProgram();
  Program p;
  p.category = cat;
  // Most programs come from a motif; the rest from the free type-directed
  // statements below (which cover the rest of the builtins). The kernel is
  // named once its body is drawn.
  // (Tile and geometry kernels come from motifs only: the free statements
  // have no tiles and build no structures.)
  if ((cat == "tile" || cat == "geometry" || (opt.motifShare > 0 && rng.chance(opt.motifShare))) &&
      motif()) {
    p.motif = motifName;
    p.kernelName = kernelNameFor(motifName);
    return finishMotif(p);
  }
  // Expressions as people write them: the free statements compose builtins
  // at most two productions deep (one production nests up to three calls
  // and operators); generateProgram draws again the few programs that still
  // nest six deep (kDeepExpression).
  opt.maxDepth = std::min(opt.maxDepth, 2);
  twoD = cat == "array2d";
  int n = opt.threads;
  // Inputs and their loads.
  // Parameter names from the domains such kernels come from.
  static const char *fNames[] = {
      "mass",     "rho",       "temp",   "pressure", "weights", "dist",    "phi",
      "density",  "energy_in", "height", "charge",   "radius",  "damping", "stiffness",
      "x",        "y",         "z",      "a",        "b",       "src",     "values",
      "inv_mass", "area",      "volume", "theta",    "omega",   "speed",   "friction",
      "cost",     "score",     "signal", "sdf",      "h",       "field",   "grid",
      "depth",    "x0",        "x1",     "x2",       "data",    "inputs",  "alpha"};
  static const char *vNames[] = {"pos",       "vel",        "force",   "points", "normals",
                                 "dirs",      "accel",      "offsets", "wind",   "grads",
                                 "positions", "velocities", "v0",      "verts"};
  static const char *mNames[] = {"rot",        "stress", "strain", "inertia", "jac", "F_def",
                                 "transforms", "cov",    "A",      "K",       "m0"};
  static const char *sNames[] = {"dt",  "scale", "gain", "eps", "beta", "gravity", "lam",
                                 "k_s", "mu",    "s0",   "s1",  "c_r",  "tau"};
  static const char *oNames[] = {"out",    "result", "dst",        "y_out",  "res",
                                 "output", "loss",   "values_out", "energy", "f_out"};
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
  std::string xIn, svIn;
  if (flavor.spatial) {
    static const char *xNames[] = {"body_q", "xforms", "poses", "shape_X", "frames", "joint_X"};
    static const char *svNames[] = {"body_qd", "twists", "body_f", "wrenches", "joint_qd"};
    xIn = fresh(xNames);
    arrayInput(xIn, Ty::X, n);
    if (rng.chance(0.5)) {
      svIn = fresh(svNames);
      arrayInput(svIn, Ty::S, n);
    }
  }
  std::string seedIn;
  if (flavor.random) {
    static const char *seeds[] = {"seed", "rng_seed", "frame_seed", "step_seed"};
    seedIn = fresh(seeds);
    inputs.push_back({seedIn, "int", Value(int64_t(rng.range(0, 100000))), false});
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
      assign(newVar("t"), Ty::F,
             x + "[wp.max(i - 1, 0), j] + " + x + "[i, wp.min(j + 1, " + x + ".shape[1] - 1)]");
    }
  } else {
    line("i = wp.tid()");
    for (int k = 0; k < nf; ++k)
      assign(loadVar(fIn[k], "t"), Ty::F, fIn[k] + "[i]");
    if (flavor.vec)
      assign(loadVar(vIn, "v"), Ty::V, vIn + "[i]");
    if (flavor.mat)
      assign(loadVar(mIn, "m"), Ty::M, mIn + "[i]");
    if (!xIn.empty())
      assign(loadVar(xIn, "x"), Ty::X, xIn + "[i]");
    if (!svIn.empty())
      assign(loadVar(svIn, "sv"), Ty::S, svIn + "[i]");
  }
  if (flavor.random) {
    // Warp's per-thread stream: the seed and the thread index.
    static const char *states[] = {"rng", "state", "rstate", "st_rng"};
    rngVar = fresh(states);
    line(rngVar + " = wp.rand_init(" + seedIn + ", i)");
  }
  if (cat == "scalar_param") {
    vars.push_back({sIn[0], Ty::F});
    vars.push_back({sIn[1], Ty::F});
  }
  if (flavor.quat)
    assign(newVar("q"), Ty::Q, exprQ(1));

  statements();

  // Several outputs, as such kernels have: in one of three vector, matrix,
  // quaternion and spatial kernels, the last value of the category's type
  // is stored too (a direction, a rotation, a pose), not only a float.
  std::string extraOut, extraVar;
  Ty extraTy = Ty::F;
  if (!twoD && (cat == "vector" || cat == "matrix" || cat == "quaternion" || cat == "spatial") &&
      rng.chance(0.35)) {
    extraTy = cat == "vector"       ? Ty::V
              : cat == "matrix"     ? Ty::M
              : cat == "quaternion" ? Ty::Q
                                    : Ty::X;
    std::vector<std::string> cands;
    for (auto &var : vars) {
      const std::string &name = var.first;
      if (var.second == extraTy && name.find_first_of("([.") == std::string::npos &&
          std::none_of(inputs.begin(), inputs.end(),
                       [&](const Input &in) { return in.name == name; }))
        cands.push_back(name);
    }
    if (!cands.empty()) {
      extraVar = cands.back();
      static const char *vo[] = {"dir_out", "v_out", "vec_out", "disp_out"};
      static const char *mo[] = {"m_out", "mat_out", "R_out"};
      static const char *qo[] = {"q_out", "rot_out", "orient_out"};
      static const char *xo[] = {"X_out", "pose_out", "xform_out"};
      extraOut = extraTy == Ty::V   ? fresh(vo)
                 : extraTy == Ty::M ? fresh(mo)
                 : extraTy == Ty::Q ? fresh(qo)
                                    : fresh(xo);
      used.insert(extraVar);
      line(extraOut + "[i] = " + extraVar);
    }
  }

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
                      Object{{"data", Array{0.0, 0.0, -100.0, 100.0}}, {"requires_grad", true}},
                      true});
  } else {
    line(outName + "[i" + (twoD ? ", j" : "") + "] = " + result);
    std::string ann =
        twoD ? "wp.array2d(dtype=" + ty(Ty::F) + ")" : "wp.array(dtype=" + ty(Ty::F) + ")";
    Array shape = twoD ? Array{4, 4} : Array{n};
    inputs.push_back(
        {outName, ann, Object{{"zeros", std::move(shape)}, {"requires_grad", true}}, true});
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

  Object seeds{{outName, std::move(seed)}};
  if (!extraOut.empty()) {
    int comps = extraTy == Ty::V ? 3 : extraTy == Ty::Q ? 4 : 7;
    inputs.push_back({extraOut, "wp.array(dtype=" + ty(extraTy) + ")",
                      Object{{"zeros", Array{n}}, {"requires_grad", true}}, true});
    Array es;
    for (int k = 0; k < n; ++k) {
      Array e;
      if (extraTy == Ty::M) {
        for (int r = 0; r < 3; ++r) {
          Array row;
          for (int q = 0; q < 3; ++q)
            row.push_back(rng.value(-1, 1));
          e.push_back(std::move(row));
        }
      } else {
        for (int q = 0; q < comps; ++q)
          e.push_back(rng.value(-1, 1));
      }
      es.push_back(std::move(e));
    }
    seeds[extraOut] = std::move(es);
  }
  // The bounds guard of Warp code (`if i >= count: return`, count >= the
  // launch) in one of four 1-D kernels, as for the motifs.
  if (!twoD && rng.chance(0.25)) {
    static const char *cnts[] = {"count", "num_items", "n_active", "num_elems", "size"};
    std::string cnt = fresh(cnts);
    inputs.insert(inputs.end() - 1 - (extraOut.empty() ? 0 : 1),
                  Input{cnt, "int", Value(int64_t(n + rng.range(0, 2))), false});
    size_t eol = body.find('\n');
    body.insert(eol + 1, "    if i >= " + cnt + ":\n        return\n");
  }

  std::string params;
  for (const Input &in : inputs) {
    params += (params.empty() ? "" : ", ") + in.name + ": " + in.annotation;
    specInputs[in.name] = in.data;
  }
  p.kernelName = kernelNameFor("");
  auto tidy = [&](const std::string &code) {
    return opt.tidyExpressions ? tidyParens(code) : code;
  };
  p.source = header() + constantsText() + tidy(prefix) + "@wp.kernel\ndef " + p.kernelName + "(" +
             params + "):\n" + tidy(body);
  spec["kernel"] = p.kernelName;
  spec["dim"] = twoD ? Value(Array{4, 4}) : Value(n);
  spec["inputs"] = std::move(specInputs);
  spec["backward"] = Object{{"seed", std::move(seeds)}};
  p.spec = std::move(spec);
  return p;
}

} // namespace kdsl::synth::gen
