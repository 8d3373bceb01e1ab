//===- MotifsNumeric.cpp - ML ops, solvers, reductions ----------------------===//
//
// Motifs of numeric and ML code: activations, per-row softmax and layer
// norm, saxpy-like updates, Newton and Jacobi solvers, and reductions,
// histograms and scatters with atomics.
//
//===----------------------------------------------------------------------===//
#include "Gen.h"

#include <cmath>

using namespace kdsl::synth;
using namespace kdsl::synth::gen;

namespace kdsl::synth::gen {

KDSL_MOTIF_FILE(Numeric)

void Gen::mActivation(bool viaFunc) {
  int n = launch1();
  dims = {n};
  std::string x = pick({"x", "inputs", "logits", "features", "pre_act"}),
              y = pick({"y", "act_out", "outputs", "h_out"});
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
    case 0:
      return "1.0 / (1.0 + wp.exp(-" + z + "))";
    case 1:
      return "wp.log(1.0 + wp.exp(" + z + "))";
    case 2:
      return "0.5 * " + z + " * (1.0 + wp.tanh(0.7978845608 * (" + z + " + 0.044715 * " + z +
             " * " + z + " * " + z + ")))";
    case 3:
      return z + " / (1.0 + wp.exp(-" + z + "))";
    case 4:
      return "wp.where(" + z + " > 0.0, " + z + ", wp.exp(" + z + ") - 1.0)";
    case 5:
      return "wp.tanh(" + z + ")";
    default:
      return "wp.where(" + z + " > 0.0, " + z + ", " + z + " * " +
             named(c(0.01, 0.2), {"LEAKY_SLOPE", "NEG_SLOPE", "LEAK"}) + ")";
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
    std::string tg = pick({"target", "labels", "y_true"}), ls = pick({"loss", "mse", "err_sum"}),
                e = pick({"e", "diff", "r"});
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

KDSL_MOTIF(RowOpMotif, "math", 1, "row_op") {
  int rows = launch1(), cols = rng.range(3, 7);
  dims = {rows};
  std::string x = pick({"x", "logits", "acts", "scores"}),
              y = pick({"y", "probs", "out_rows", "normed"});
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
    std::string mean = pick({"mean", "mu", "avg"}), var = pick({"var", "sigma2", "v"}),
                inv = pick({"inv_std", "rstd", "inv"}), d = pick({"d", "dev", "xc"});
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
    L("    " + y + "[r, j] = (" + x + "[r, j] - " + mean + ") * " + inv +
      (affine ? " * " + g + "[j] + " + b + "[j]" : ""));
  }
  out(y, "f", {rows, cols});
}

void Gen::mKepler() {
  int n = launch1();
  dims = {n};
  std::string ma = pick({"mean_anomaly", "M_anom", "phase"}),
              ec = pick({"ecc", "eccentricity", "e_orb"}),
              eo = pick({"E_out", "ecc_anomaly", "anomaly"});
  arr(ma, "f", {n}, 0.1, 3.0);
  arr(ec, "f", {n}, 0.05, 0.7);
  std::string it = pick({"iters", "newton_steps", "n_iter"});
  iscal(it, 2, 6);
  std::string M = pick({"M", "m_i", "mean"}), e = pick({"e", "ecc_i", "ex"}),
              E = pick({"E", "ea", "psi"});
  line("i = wp.tid()");
  L(M + " = " + ma + "[i]");
  L(e + " = " + ec + "[i]");
  L(E + " = " + M + (rng.chance(0.5) ? " + " + e + " * wp.sin(" + M + ")" : ""));
  // In two of five, the residual and its derivative in locals first.
  if (rng.chance(0.4)) {
    std::string f = pick({"f", "res", "g_E"}), fp = pick({"fp", "df", "dg"});
    std::string ct = pick({"step", "count", "iter_i"});
    bool useWhile = rng.chance(0.4);
    if (useWhile) {
      L(ct + " = int(0)");
      L("while " + ct + " < " + it + ":");
    } else {
      L("for k in range(" + it + "):");
    }
    L("    " + f + " = " + E + " - " + e + " * wp.sin(" + E + ") - " + M);
    L("    " + fp + " = 1.0 - " + e + " * wp.cos(" + E + ")");
    L("    " + E + " = " + E + " - " + f + " / " + fp);
    if (useWhile)
      L("    " + ct + " += 1");
  } else if (rng.chance(0.5)) {
    L("for k in range(" + it + "):");
    if (rng.chance(0.5)) {
      // Newton with an early exit once the step is below a tolerance.
      std::string dE = pick({"dE", "step_e", "corr"});
      L("    " + dE + " = (" + E + " - " + e + " * wp.sin(" + E + ") - " + M + ") / (1.0 - " + e +
        " * wp.cos(" + E + "))");
      L("    " + E + " = " + E + " - " + dE);
      L("    if wp.abs(" + dE + ") < 1.0e-6:");
      L("        break");
    } else {
      L("    " + E + " = " + E + " - (" + E + " - " + e + " * wp.sin(" + E + ") - " + M +
        ") / (1.0 - " + e + " * wp.cos(" + E + "))");
    }
  } else {
    std::string ct = pick({"step", "count", "iter_i"});
    L(ct + " = int(0)");
    L("while " + ct + " < " + it + ":");
    L("    " + E + " -= (" + E + " - " + e + " * wp.sin(" + E + ") - " + M + ") / (1.0 - " + e +
      " * wp.cos(" + E + "))");
    L("    " + ct + " += 1");
  }
  double outKind = rng.uniform();
  if (outKind < 0.4) {
    std::string po = pick({"orbit_xy", "pos_out", "xy"});
    // Scaled by a semi-major axis per orbit in one of three.
    std::string sc;
    if (rng.chance(0.35)) {
      std::string sa = pick({"semi_major", "a_axis", "sma"});
      arr(sa, "f", {n}, 0.5, 3.0);
      sc = " * " + sa + "[i]";
    }
    L(po + "[i] = {V2}(wp.cos(" + E + ") - " + e + ", wp.sqrt(1.0 - " + e + " * " + e +
      ") * wp.sin(" + E + "))" + sc);
    out(po, "v2", {n});
  } else if (outKind < 0.6) {
    // The true anomaly.
    std::string nu = pick({"nu", "true_anom", "theta"}),
                no = pick({"nu_out", "true_anomaly", "theta_out"});
    L(nu + " = 2.0 * wp.atan2(wp.sqrt(1.0 + " + e + ") * wp.sin(0.5 * " + E + "), wp.sqrt(1.0 - " +
      e + ") * wp.cos(0.5 * " + E + "))");
    L(no + "[i] = " + nu);
    out(no, "f", {n});
  } else {
    L(eo + "[i] = " + E);
    out(eo, "f", {n});
  }
}

KDSL_MOTIF(NewtonRootMotif, "loop_carried", 1, "newton_root") {
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
  std::string stepE = cube ? y + " - (" + y + " * " + y + " * " + y + " - " + x + ") / (3.0 * " +
                                 y + " * " + y + ")"
                           : "0.5 * (" + y + " + " + x + " / " + y + ")";
  if (rng.chance(0.5)) {
    std::string k = pick({"k_it", "count", "step"});
    L(k + " = int(0)");
    L("while " + k + " < " + it + ":");
    L("    " + y + " = " + stepE);
    L("    " + k + " += 1");
  } else if (rng.chance(0.4)) {
    // Stop once the update is below a tolerance.
    std::string yn = pick({"y_next", "y_new", "guess_n"});
    L("for k in range(" + it + "):");
    L("    " + yn + " = " + stepE);
    L("    if wp.abs(" + yn + " - " + y + ") < 1.0e-6:");
    L("        " + y + " = " + yn);
    L("        break");
    L("    " + y + " = " + yn);
  } else {
    L("for k in range(" + it + "):");
    L("    " + y + " = " + stepE);
  }
  L(yo + "[i] = " + y + (rng.chance(0.3) ? " * " + c(0.5, 2.0) : ""));
  out(yo, "f", {n});
}

KDSL_MOTIF(Jacobi3Motif, "loop_carried", 3, "jacobi3") {
  int n = launch1();
  dims = {n};
  std::string A = pick({"A", "mats", "K_local", "system"}), b = pick({"b", "rhs", "f_load"}),
              xo = pick({"x_out", "sol", "u_out"});
  arr(A, "m33", {n}, -0.25, 0.25, "near_id");
  arr(b, "v3", {n}, -1, 1);
  std::string it = pick({"iters", "sweeps", "n_iter"});
  iscal(it, 2, 6);
  std::string Am = pick({"Ai", "M", "a_m"}), bv = pick({"bi", "rhs_i", "f"}),
              x = pick({"x", "u", "sol_i"});
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
        s += " - " + Am + "[" + std::to_string(r) + ", " + std::to_string(q) + "] * " + x + "[" +
             std::to_string(q) + "]";
    return s + ") / " + Am + "[" + std::to_string(r) + ", " + std::to_string(r) + "]";
  };
  if (rng.chance(0.4)) {
    // Weighted (damped) Jacobi: x += omega (x_jacobi - x).
    std::string xj = pick({"x_j", "x_jac", "x_new"});
    L(xj + " = {V3}(" + row(0) + ", " + row(1) + ", " + row(2) + ")");
    L(x + " = " + x + " + (" + xj + " - " + x + ") * " + c(0.5, 0.9));
  } else {
    L(x + " = {V3}(" + row(0) + ", " + row(1) + ", " + row(2) + ")");
  }
  --indent;
  L(xo + "[i] = " + x);
  out(xo, "v3", {n});
  if (rng.chance(0.4)) {
    std::string ro = pick({"residual", "res_norm", "err_out"});
    L(ro + "[i] = wp.length(" + Am + " * " + x + " - " + bv + ")");
    out(ro, "f", {n});
  }
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
    std::string x = pick({"x", "grad", "src"}), y = pick({"y", "param", "acc"}),
                o = pick({"y_out", "out", "param_out"});
    arr(x, "f", {n}, -1, 1);
    arr(y, "f", {n}, -1, 1);
    std::string a = coef("alpha", "lr", -1.0, 1.0);
    // In place in two of five, as BLAS's axpy and optimizers' steps update
    // y (and the momentum buffer): linear in the old values (see inOut).
    bool inPlace = rng.chance(0.4);
    if (inPlace) {
      o = y;
      inOut(y);
    }
    line("i = wp.tid()");
    double r = rng.uniform();
    if (r < 0.35) {
      if (inPlace && rng.chance(0.5))
        L(y + "[i] += " + a + " * " + x + "[i]");
      else
        L(o + "[i] = " + a + " * " + x + "[i] + " + y + "[i]");
    } else if (r < 0.6) {
      std::string xv = pick({"xi", "g"}), yv = pick({"yi", "p"});
      L(xv + " = " + x + "[i]");
      L(yv + " = " + y + "[i]");
      L(o + "[i] = " + yv + " - " + a + " * " + xv);
    } else {
      // SGD with momentum: the velocity buffer is a second output, the
      // gradient clipped (a branch) in half of them, weight decay in some.
      std::string mom = pick({"momentum_buf", "vel_buf", "m_buf"}),
                  mo = pick({"momentum_out", "vel_buf_out", "m_out"});
      arr(mom, "f", {n}, -0.5, 0.5);
      if (inPlace) {
        mo = mom;
        inOut(mom);
      }
      std::string g = pick({"g", "gi", "grad_i"}), m = pick({"m", "buf", "mv"}),
                  pv = pick({"p", "w", "theta"});
      std::string beta = coef("beta", "mu_m", 0.5, 0.95);
      L(g + " = " + x + "[i]");
      L(pv + " = " + y + "[i]");
      bool decay = rng.chance(0.4);
      if (decay)
        L(g + " = " + g + " + " + named(c(0.0005, 0.01), {"WEIGHT_DECAY", "WD", "L2_REG"}) + " * " +
          pv);
      // (Not on a decayed gradient in place: the branch would test the
      // overwritten parameter in the adjoint's recomputation.)
      if (!(inPlace && decay) && rng.chance(0.5)) {
        std::string clip = c(0.3, 0.8);
        L("if " + g + " > " + clip + ":");
        L("    " + g + " = {F}(" + clip + ")");
        L("elif " + g + " < -" + clip + ":");
        L("    " + g + " = {F}(-" + clip + ")");
      }
      L(m + " = " + beta + " * " + mom + "[i] + " + g);
      L(mo + "[i] = " + m);
      L(o + "[i] = " + pv + " - " + a + " * " + m);
      if (!inPlace)
        out(mo, "f", {n});
    }
    if (!inPlace)
      out(o, "f", {n});
    break;
  }
  case 1: {
    // 1-D spring-damper, explicit in time.
    std::string x = pick({"x", "disp", "q"}), v = pick({"v", "qd", "vel"}),
                xo = pick({"x_out", "q_next"}), vo = pick({"v_out", "qd_next"});
    arr(x, "f", {n}, -1, 1);
    arr(v, "f", {n}, -1, 1);
    std::string ks = coef("k_s", "stiffness", 1.0, 10.0), kd = coef("k_d", "damping", 0.1, 1.0),
                dt = coef("dt", "h", 0.005, 0.05);
    std::string xi = pick({"xi", "q0"}), vi = pick({"vi", "qd0"}), f = pick({"f", "force"});
    line("i = wp.tid()");
    L(xi + " = " + x + "[i]");
    L(vi + " = " + v + "[i]");
    if (rng.chance(0.4)) {
      // Semi-implicit substeps: the step repeated with h = dt / substeps.
      std::string ns = pick({"substeps", "n_sub", "num_steps"}),
                  h = pick({"h_sub", "dt_sub", "hs"});
      iscal(ns, 2, 5);
      L(h + " = " + dt + " / {F}(" + ns + ")");
      L("for s in range(" + ns + "):");
      L("    " + f + " = -" + ks + " * " + xi + " - " + kd + " * " + vi);
      L("    " + vi + " = " + vi + " + " + f + " * " + h);
      L("    " + xi + " = " + xi + " + " + vi + " * " + h);
      L(xo + "[i] = " + xi);
    } else {
      // A driving force per element and a mass per element in some; the
      // explicit order (position from the old velocity) in one of three.
      std::string fe;
      if (rng.chance(0.35)) {
        std::string fa = pick({"f_ext", "drive", "load_f"});
        arr(fa, "f", {n}, -1, 1);
        fe = " + " + fa + "[i]";
      }
      L(f + " = -" + ks + " * " + xi + " - " + kd + " * " + vi + fe);
      std::string acc = f;
      if (rng.chance(0.35)) {
        std::string ms = pick({"mass", "m", "m_i"});
        arr(ms, "f", {n}, 0.5, 2.0);
        acc = f + " / " + ms + "[i]";
      }
      if (rng.chance(0.35)) {
        L(xo + "[i] = " + xi + " + " + vi + " * " + dt);
        L(vi + " = " + vi + " + " + acc + " * " + dt);
      } else {
        L(vi + " = " + vi + " + " + acc + " * " + dt);
        L(xo + "[i] = " + xi + " + " + vi + " * " + dt);
      }
    }
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
    int deg = rng.range(2, 4);
    if (rng.chance(0.4)) {
      // Coefficients in an array (highest degree first), a loop over them.
      std::string cf = pick({"coeffs", "poly_c", "cheb"});
      arr(cf, "f", {deg + 1}, -1, 1);
      L(acc + " = " + cf + "[0]");
      L("for k in range(1, " + cf + ".shape[0]):");
      L("    " + acc + " = " + acc + " * " + tv + " + " + cf + "[k]");
      if (sp)
        L(acc + " = " + acc + " * " + tv + " + " + coef("c0", "bias", -1, 1));
    } else {
      L(acc + " = {F}(" + c(-1, 1) + ")");
      for (int q = 0; q < deg; ++q)
        L(acc + " = " + acc + " * " + tv + " + " +
          (q == deg - 1 ? coef("c0", "bias", -1, 1) : c(-1, 1)));
    }
    L(o + "[i] = " + acc);
    out(o, "f", {n});
    break;
  }
  default: {
    // Gather through an index array and a finite difference.
    std::string u = pick({"u", "values", "field"}), ix = pick({"perm", "idx", "src_index"}),
                o = pick({"gathered", "out", "du"});
    arr(u, "f", {n}, -1, 1);
    idx(ix, n, n);
    std::string h = coef("inv_h", "inv_dx", 0.5, 4.0);
    line("i = wp.tid()");
    // The gathered index in a local in half of them, a weight per element
    // in one of three; a central, forward or backward difference.
    std::string at = ix + "[i]";
    if (rng.chance(0.5)) {
      at = pick({"j", "src", "p_i"});
      L(at + " = " + ix + "[i]");
    }
    std::string g = u + "[" + at + "]";
    if (rng.chance(0.35)) {
      std::string w = pick({"w", "gather_w", "weight"});
      arr(w, "f", {n}, 0.2, 1.5);
      g += " * " + w + "[i]";
    } else {
      g += " * " + c(0.2, 1.0);
    }
    std::string up = u + "[wp.min(i + 1, " + u + ".shape[0] - 1)]", dn = u + "[wp.max(i - 1, 0)]";
    switch (rng.range(0, 2)) {
    case 0:
      L(o + "[i] = " + g + " + (" + up + " - " + dn + ") * " + h);
      break;
    case 1:
      L(o + "[i] = " + g + " + (" + up + " - " + u + "[i]) * " + h);
      break;
    default:
      L(o + "[i] = " + g + " - (" + u + "[i] - " + dn + ") * " + h);
      break;
    }
    out(o, "f", {n});
    break;
  }
  }
}

KDSL_MOTIF(HistogramMotif, "atomic", 0, "histogram") {
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
  inputs.push_back(
      {x, ann("f", 1), Object{{"data", std::move(xs)}, {"requires_grad", true}}, true});
  std::string wk = massKind();
  arr(w, wk, {n}, 0.1, 1.0);
  std::string hs = pick({"hist", "bin_sum", "counts"}), hw = pick({"bin_w", "bin_weight", "norm"});
  std::string v = pick({"v", "xi"}), b = pick({"b", "bin", "slot"});
  line("i = wp.tid()");
  L(v + " = " + x + "[i]");
  L(b + " = wp.min(int(" + v + " * " + ty(Ty::F) + "(" + std::to_string(bins) + ")), " +
    std::to_string(bins - 1) + ")");
  L("wp.atomic_add(" + hs + ", " + b + ", " + v + " * " + load(w, "i", wk) + ")");
  out(hs, "f", {bins});
  if (rng.chance(0.5)) {
    L("wp.atomic_add(" + hw + ", " + b + ", " + load(w, "i", wk) + ")");
    out(hw, "f", {bins});
  }
}

KDSL_MOTIF(ReduceMotif, "atomic", 1, "reduce") {
  int n = launch1();
  dims = {n};
  std::string vel = pick({"vel", "v", "velocities"}), m = pick({"mass", "m", "particle_m"});
  arr(vel, "v3", {n}, -1, 1);
  std::string mk = massKind();
  arr(m, mk, {n}, 0.5, 2.0);
  std::string v = pick({"vi", "u", "v0"}), ke = pick({"ke", "kin", "e_k"}),
              en = pick({"energy", "total_ke", "sum_e"});
  line("i = wp.tid()");
  L(v + " = " + vel + "[i]");
  L(ke + " = 0.5 * " + load(m, "i", mk) + " * wp.dot(" + v + ", " + v + ")");
  L("wp.atomic_add(" + en + ", 0, " + ke + ")");
  out(en, "f", {1});
  if (rng.chance(0.5)) {
    std::string mx = pick({"max_speed", "v_max", "peak"});
    L("wp.atomic_max(" + mx + ", 0, wp.length(" + v + "))");
    out(mx, "f", {1}, Array{-100.0});
  }
  if (rng.chance(0.4)) {
    std::string mo = pick({"momentum", "p_total", "lin_mom"});
    L("wp.atomic_add(" + mo + ", 0, " + v + " * " + load(m, "i", mk) + ")");
    out(mo, "v3", {1});
  }
  if (rng.chance(0.4)) {
    std::string pos = pick({"pos", "x", "positions"}), lo = pick({"lowest", "min_y", "floor_y"});
    arr(pos, "v3", {n}, -1, 1);
    L("wp.atomic_min(" + lo + ", 0, " + pos + "[i][1])");
    out(lo, "f", {1}, Array{100.0});
  }
}

KDSL_MOTIF(ScatterMotif, "atomic", 2, "scatter") {
  int n = launch1(), cells = rng.range(2, std::max(2, n / 2));
  dims = {n};
  std::string cell = pick({"cell", "bin_index", "owner"}), m = pick({"mass", "m", "weight"}),
              vel = pick({"vel", "v", "qd"});
  idx(cell, n, cells);
  std::string mk = massKind();
  arr(m, mk, {n}, 0.5, 2.0);
  std::string gm = pick({"grid_m", "cell_mass", "node_m"});
  std::string c0 = pick({"c", "ci", "node"}), mi = pick({"mi", "w_i", "m_p"});
  line("i = wp.tid()");
  L(c0 + " = " + cell + "[i]");
  L(mi + " = " + load(m, "i", mk));
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

// Registrations of the motifs above that take parameters or are drawn in
// several categories.
KDSL_MOTIF(SaxpyInArithmeticMotif, "arithmetic", 1, "saxpy") { mSaxpy(); }
KDSL_MOTIF(ActivationInMathMotif, "math", 0, "activation") { mActivation(false); }
KDSL_MOTIF(KeplerInMathMotif, "math", 2, "kepler") { mKepler(); }
KDSL_MOTIF(KeplerInLoopCarriedMotif, "loop_carried", 2, "kepler") { mKepler(); }
KDSL_MOTIF(ActivationFuncInFuncCallMotif, "func_call", 0, "activation_func") { mActivation(true); }
KDSL_MOTIF(SaxpyInScalarParamMotif, "scalar_param", 0, "saxpy") { mSaxpy(); }

} // namespace kdsl::synth::gen
