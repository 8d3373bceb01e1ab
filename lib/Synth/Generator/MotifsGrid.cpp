//===- MotifsGrid.cpp - stencils on 2-D to 4-D arrays -----------------------===//
//
// Motifs on grids: 2-D and 3-D stencils (diffusion, Jacobi, blur,
// gradients, reaction-diffusion), a multi-scale 1-D blur, and a per-channel
// scale and bias on a 4-D array.
//
//===----------------------------------------------------------------------===//
#include "Gen.h"

#include <cmath>

using namespace kdsl::synth;
using namespace kdsl::synth::gen;

namespace kdsl::synth::gen {

KDSL_MOTIF_FILE(Grid)

KDSL_MOTIF(MultiscaleBlurMotif, "nested_loop", 0, "multiscale_blur") {
  int n = launch1();
  dims = {n};
  std::string x = pick({"signal", "x", "u", "samples"}), w = pick({"taps", "kernel_w", "weights"}),
              o = pick({"smoothed", "y", "blurred"});
  arr(x, "f", {n}, -1, 1);
  // 3 or 5 taps; the tap spacing grows with the level (s + 1, or 2 s + 1).
  int taps = rng.chance(0.35) ? 5 : 3, half = taps / 2;
  arr(w, "f", {taps}, 0.1, 0.6);
  std::string lv = pick({"levels", "scales", "n_levels"});
  iscal(lv, 1, 3);
  std::string acc = pick({"acc", "sum_s", "y_i"}), jdx = pick({"jdx", "src", "nb"}),
              ws = pick({"wsum", "norm", "w_tot"});
  std::string spacing = rng.chance(0.4) ? "(2 * s + 1)" : "(s + 1)";
  // Clamped at the ends, or periodic in one of three.
  bool periodic = rng.chance(0.35);
  // Normalized by the sum of the weights used in one of three.
  bool normalized = rng.chance(0.35);
  // A weight per level (an array) in one of four, else a constant decay or none.
  bool levelW = rng.chance(0.25);
  std::string lw = pick({"level_w", "scale_w", "octave_w"});
  if (levelW)
    arr(lw, "f", {3}, 0.3, 1.0);
  line("i = wp.tid()");
  L(acc + " = {F}(0.0)");
  if (normalized)
    L(ws + " = {F}(0.0)");
  L("for s in range(" + lv + "):");
  ++indent;
  L("for k in range(" + std::to_string(taps) + "):");
  ++indent;
  std::string off = "(k - " + std::to_string(half) + ") * " + spacing;
  if (periodic)
    L(jdx + " = (i + " + off + " + " + std::to_string(3 * taps) + " * " + x + ".shape[0]) % " + x +
      ".shape[0]");
  else
    L(jdx + " = wp.min(wp.max(i + " + off + ", 0), " + x + ".shape[0] - 1)");
  std::string wk = w + "[k]" + (levelW ? " * " + lw + "[s]" : "");
  L(acc + " += " + x + "[" + jdx + "] * " + wk);
  if (normalized)
    L(ws + " += " + wk);
  --indent;
  if (!levelW && rng.chance(0.5))
    L(acc + " = " + acc + " * " + c(0.4, 0.9));
  --indent;
  if (normalized)
    L(acc + " = " + acc + " / " + ws);
  L(o + "[i] = " + acc + (rng.chance(0.4) ? " + " + x + "[i] * " + c(0.1, 0.5) : ""));
  out(o, "f", {n});
}

KDSL_MOTIF(Stencil2dMotif, "array2d", 0, "stencil2d") {
  int H = rng.range(3, 6), W = rng.range(3, 6);
  dims = {H, W};
  std::string u = pick({"u", "temp", "phi", "heat", "grid"}),
              o = pick({"u_out", "u_new", "temp_out", "next"});
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
    L("        " + acc + " += " + u + "[wp.min(wp.max(i + di, 0), " + u +
      ".shape[0] - 1), wp.min(wp.max(j + dj, 0), " + u + ".shape[1] - 1)]");
    L(o + "[i, j] = " + acc + " * " + c(0.08, 0.12) + " + " + c0 + " * " + c(0.05, 0.3));
    out(o, "f", {H, W});
    return;
  }
  if (rng.chance(0.5)) {
    std::string nl = pick({"ul", "left"}), nr = pick({"ur", "right"}), nd = pick({"ud", "down"}),
                nt = pick({"ut", "up"});
    L(nl + " = " + l);
    L(nr + " = " + r);
    L(nd + " = " + d);
    L(nt + " = " + t);
    l = nl, r = nr, d = nd, t = nt;
  }
  if (kind == 0) {
    L(lap + " = (" + l + " + " + r + " + " + d + " + " + t + " - 4.0 * " + c0 + ") * " +
      c(1.0, 10.0));
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
    L(o + "[i, j] = " + c0 + " + " + w + " * ((" + l + " + " + r + " + " + d + " + " + t + " - " +
      c(0.01, 0.1) + " * " + f + "[i, j]) * 0.25 - " + c0 + ")");
  }
  out(o, "f", {H, W});
}

KDSL_MOTIF(Gradient2dMotif, "array2d", 1, "gradient2d") {
  int H = rng.range(3, 6), W = rng.range(3, 6);
  dims = {H, W};
  std::string u = pick({"phi", "sdf", "height", "p"}), o = pick({"grad", "grad_out", "normal2d"});
  arr(u, "f", {H, W}, -1, 1);
  std::string gx = pick({"gx", "dudx", "dx"}), gy = pick({"gy", "dudy", "dy"}),
              g = pick({"g", "grad_v", "n2"});
  std::string ih = named(c(0.5, 4.0), {"INV_H", "INV_DX", "INV_CELL_SIZE", "RDX"});
  line("i, j = wp.tid()");
  if (rng.chance(0.4)) {
    // One-sided differences on the boundary, central ones inside (as
    // numpy.gradient does), by branches on the index.
    auto axis = [&](const std::string &gv, const char *d, bool first) {
      auto at = [&](const std::string &e) {
        return u + (first ? "[" + e + ", j]" : "[i, " + e + "]");
      };
      std::string ix = first ? "i" : "j";
      L("if " + ix + " == 0:");
      L("    " + gv + " = (" + at(ix + " + 1") + " - " + at(ix) + ") * (2.0 * " + ih + ")");
      L("elif " + ix + " == " + u + ".shape[" + d + "] - 1:");
      L("    " + gv + " = (" + at(ix) + " - " + at(ix + " - 1") + ") * (2.0 * " + ih + ")");
      L("else:");
      L("    " + gv + " = (" + at(ix + " + 1") + " - " + at(ix + " - 1") + ") * " + ih);
    };
    axis(gx, "0", true);
    axis(gy, "1", false);
  } else {
    L(gx + " = (" + u + "[wp.min(i + 1, " + u + ".shape[0] - 1), j] - " + u +
      "[wp.max(i - 1, 0), j]) * " + ih);
    L(gy + " = (" + u + "[i, wp.min(j + 1, " + u + ".shape[1] - 1)] - " + u +
      "[i, wp.max(j - 1, 0)]) * " + ih);
  }
  L(g + " = {V2}(" + gx + ", " + gy + ")");
  if (rng.chance(0.3)) {
    // A unit normal of the level set where the gradient is not too small.
    std::string len = pick({"len_g", "g_norm", "mag"});
    L(len + " = wp.length(" + g + ")");
    L("if " + len + " > " + c(0.01, 0.05) + ":");
    L("    " + g + " = " + g + " / " + len);
  }
  L(o + "[i, j] = " + g);
  out(o, "v2", {H, W});
  if (rng.chance(0.5)) {
    std::string m = pick({"grad_mag", "slope", "mag_out"});
    L(m + "[i, j] = wp.sqrt(wp.dot(" + g + ", " + g + ") + " + c(0.01, 0.1) + ")");
    out(m, "f", {H, W});
  }
}

KDSL_MOTIF(GrayScottMotif, "array2d", 2, "gray_scott") {
  int H = rng.range(3, 5), W = rng.range(3, 5);
  dims = {H, W};
  std::string u = pick({"u", "a_conc", "chem_a"}), v = pick({"v", "b_conc", "chem_b"}),
              uo = pick({"u_out", "a_next"}), vo = pick({"v_out", "b_next"});
  arr(u, "f", {H, W}, 0.1, 1.0);
  arr(v, "f", {H, W}, 0.0, 0.5);
  // Clamped at the edges, or periodic (a torus, as Gray-Scott demos run)
  // in one of three.
  bool periodic = rng.chance(0.35);
  auto lap = [&](const std::string &f) {
    if (periodic)
      return "(" + f + "[(i + " + f + ".shape[0] - 1) % " + f + ".shape[0], j] + " + f +
             "[(i + 1) % " + f + ".shape[0], j] + " + f + "[i, (j + " + f + ".shape[1] - 1) % " +
             f + ".shape[1]] + " + f + "[i, (j + 1) % " + f + ".shape[1]] - 4.0 * " + f + "[i, j])";
    return "(" + f + "[wp.max(i - 1, 0), j] + " + f + "[wp.min(i + 1, " + f +
           ".shape[0] - 1), j] + " + f + "[i, wp.max(j - 1, 0)] + " + f + "[i, wp.min(j + 1, " + f +
           ".shape[1] - 1)] - 4.0 * " + f + "[i, j])";
  };
  std::string a = pick({"a", "ui"}), b = pick({"b", "vi"}), r = pick({"uvv", "react", "rate"});
  std::string F = named(c(0.02, 0.06), {"FEED", "FEED_RATE", "F_RATE"}),
              K = named(c(0.05, 0.07), {"KILL", "KILL_RATE", "K_RATE"}),
              dt = named(c(0.5, 1.0), {"DT", "TIME_STEP", "SIM_DT", "DT_SIM", "STEP"});
  // Feed and kill rates, and the time step, as scalar parameters in some.
  if (rng.chance(0.4)) {
    F = pick({"feed", "F_rate", "f_feed"});
    K = pick({"kill", "k_rate", "k_kill"});
    scal(F, 0.02, 0.06);
    scal(K, 0.05, 0.07);
  }
  if (rng.chance(0.35)) {
    dt = pick({"dt", "h", "dt_sim"});
    scal(dt, 0.5, 1.0);
  }
  // The Laplacians: inline, in locals, or (one in three) by a @wp.func
  // over the 2-D array, as stencil code is often factored.
  double form = rng.uniform();
  std::string la = pick({"lap_a", "la", "lu"}), lb = pick({"lap_b", "lb", "lv"});
  std::string lapU = lap(u), lapV = lap(v);
  if (form < 0.35) {
    std::string fn = funcName(pick({"laplacian5", "lap5", "discrete_lap"}));
    prefix += P("@wp.func\ndef " + fn + "(f: wp.array2d(dtype={F}), i: int, j: int):\n    return " +
                lap("f") + "\n\n\n");
    lapU = fn + "(" + u + ", i, j)";
    lapV = fn + "(" + v + ", i, j)";
  }
  line("i, j = wp.tid()");
  L(a + " = " + u + "[i, j]");
  L(b + " = " + v + "[i, j]");
  L(r + " = " + a + " * " + b + " * " + b);
  if (form < 0.35 || form > 0.7) {
    L(la + " = " + lapU);
    L(lb + " = " + lapV);
    lapU = la;
    lapV = lb;
  }
  L(uo + "[i, j] = " + a + " + (" + c(0.1, 0.2) + " * " + lapU + " - " + r + " + " + F +
    " * (1.0 - " + a + ")) * " + dt);
  L(vo + "[i, j] = " + b + " + (" + c(0.05, 0.1) + " * " + lapV + " + " + r + " - (" + F + " + " +
    K + ") * " + b + ") * " + dt);
  out(uo, "f", {H, W});
  out(vo, "f", {H, W});
}

KDSL_MOTIF(Stencil3dMotif, "arithmetic", 0, "stencil3d") {
  // Dirichlet boundary in one of three: the cells on the faces of i and j
  // keep their value (a branch on the index), the inner ones diffuse.
  bool dirichlet = rng.chance(0.35);
  int X = dirichlet ? rng.range(3, 4) : rng.range(2, 4), Y = dirichlet ? 3 : rng.range(2, 3),
      Z = rng.range(2, 3);
  dims = {X, Y, Z};
  std::string u = pick({"vol", "density", "u3", "field"}),
              o = pick({"vol_out", "u_next", "smoothed"});
  arr(u, "f", {X, Y, Z}, -1, 1);
  // A diffusivity per cell in one of three (heterogeneous media).
  bool kappa = rng.chance(0.35);
  std::string ka = pick({"kappa", "diffusivity", "alpha_c"}), kv = pick({"kc", "k_cell", "a_c"});
  if (kappa)
    arr(ka, "f", {X, Y, Z}, 0.02, 0.15);
  // The time step as a scalar parameter in one of three; a source term per
  // cell in one of four.
  std::string dt;
  if (rng.chance(0.35)) {
    dt = pick({"dt", "h", "step_dt"});
    scal(dt, 0.2, 0.9);
  }
  std::string src = pick({"source", "q_src", "heat_src"});
  bool source = rng.chance(0.25);
  if (source)
    arr(src, "f", {X, Y, Z}, -0.5, 0.5);
  std::string c0 = pick({"c", "center", "u_c"});
  line("i, j, k = wp.tid()");
  L(c0 + " = " + u + "[i, j, k]");
  if (dirichlet) {
    L("if i == 0 or j == 0 or i == " + u + ".shape[0] - 1 or j == " + u + ".shape[1] - 1:");
    L("    " + o + "[i, j, k] = " + c0);
    L("    return");
  }
  // Neighbours: clamped at the faces, or periodic (index arithmetic modulo
  // the extent) in one of three when no face is fixed.
  bool periodic = !dirichlet && rng.chance(0.35);
  auto at = [&](int axis, int side) {
    std::string ix[3] = {"i", "j", "k"};
    std::string ext = u + ".shape[" + std::to_string(axis) + "]";
    std::string &v = ix[axis];
    if (periodic)
      v = side < 0 ? "(" + v + " + " + ext + " - 1) % " + ext : "(" + v + " + 1) % " + ext;
    else
      v = side < 0 ? "wp.max(" + v + " - 1, 0)" : "wp.min(" + v + " + 1, " + ext + " - 1)";
    return u + "[" + ix[0] + ", " + ix[1] + ", " + ix[2] + "]";
  };
  std::string nb[6];
  // The six neighbours in locals in two of five (as often written out).
  bool locals = rng.chance(0.4);
  static const char *nm[6][3] = {{"xm", "u_w", "left"}, {"xp", "u_e", "right"},
                                 {"ym", "u_s", "down"}, {"yp", "u_n", "up"},
                                 {"zm", "u_b", "back"}, {"zp", "u_f", "front"}};
  for (int a = 0; a < 6; ++a) {
    nb[a] = at(a / 2, a % 2 ? 1 : -1);
    if (locals) {
      std::string name = pick({nm[a][0], nm[a][1], nm[a][2]});
      L(name + " = " + nb[a]);
      nb[a] = name;
    }
  }
  std::string lap = pick({"lap", "nsum", "l7"});
  // Anisotropic in one of four: a coefficient per axis.
  if (rng.chance(0.25)) {
    L(lap + " = " + c(0.5, 1.5) + " * (" + nb[0] + " + " + nb[1] + " - 2.0 * " + c0 + ") + " +
      c(0.5, 1.5) + " * (" + nb[2] + " + " + nb[3] + " - 2.0 * " + c0 + ") + " + c(0.1, 0.5) +
      " * (" + nb[4] + " + " + nb[5] + " - 2.0 * " + c0 + ")");
  } else {
    L(lap + " = " + nb[0] + " + " + nb[1] + " + " + nb[2] + " + " + nb[3] + " + " + nb[4] + " + " +
      nb[5] + " - 6.0 * " + c0);
  }
  std::string coef = named(c(0.01, 0.15), {"DIFFUSION", "DIFFUSIVITY", "ALPHA", "KAPPA"});
  if (kappa) {
    L(kv + " = " + ka + "[i, j, k]");
    coef = kv;
  }
  std::string rhs = coef + " * " + lap;
  if (source)
    rhs = "(" + rhs + " + " + src + "[i, j, k])";
  L(o + "[i, j, k] = " + c0 + " + " + (dt.empty() ? rhs : dt + " * " + rhs));
  out(o, "f", {X, Y, Z});
  // The Laplacian itself as a second output (a residual) in one of four.
  if (rng.chance(0.25)) {
    std::string ro = pick({"lap_out", "residual", "curvature"});
    L(ro + "[i, j, k] = " + lap);
    out(ro, "f", {X, Y, Z});
  }
}

KDSL_MOTIF(Bias4dMotif, "math", 3, "bias4d") {
  int B = rng.range(1, 2), C = rng.range(2, 3), H = rng.range(2, 3), W = rng.range(2, 3);
  dims = {B, C, H, W};
  std::string x = pick({"x", "act_in", "fmap"}), s = pick({"scale", "bn_w", "gamma"}),
              b = pick({"bias", "bn_b", "beta"}), o = pick({"y", "act_out", "fmap_out"});
  arr(x, "f", {B, C, H, W}, -2, 2);
  arr(s, "f", {C}, 0.5, 1.5);
  arr(b, "f", {C}, -0.5, 0.5);
  std::string z = pick({"z", "pre", "t"});
  // Batch norm in inference mode (running mean and variance per channel)
  // in one of three; else a folded per-channel scale and bias.
  bool bn = rng.chance(0.35);
  std::string mean = pick({"run_mean", "mu_c", "bn_mean"}),
              var = pick({"run_var", "var_c", "bn_var"}), inv = pick({"inv_std", "rstd", "norm_s"});
  if (bn) {
    arr(mean, "f", {C}, -0.5, 0.5);
    arr(var, "f", {C}, 0.5, 2.0);
  }
  line("b_i, ch, hy, wx = wp.tid()");
  if (bn) {
    L(inv + " = " + s + "[ch] / wp.sqrt(" + var + "[ch] + 1.0e-5)");
    L(z + " = (" + x + "[b_i, ch, hy, wx] - " + mean + "[ch]) * " + inv + " + " + b + "[ch]");
  } else {
    L(z + " = " + x + "[b_i, ch, hy, wx] * " + s + "[ch] + " + b + "[ch]");
  }
  // A residual connection in one of three (y = act(bn(x)) + skip).
  bool skip = rng.chance(0.35);
  std::string sk = pick({"skip", "residual", "identity_in"});
  if (skip)
    arr(sk, "f", {B, C, H, W}, -1, 1);
  std::string tail = skip ? " + " + sk + "[b_i, ch, hy, wx]" : "";
  int act = rng.range(0, 3);
  if (act < 3 && rng.chance(0.3)) {
    // The activation as a @wp.func.
    static const char *names[] = {"tanh_act", "sigmoid", "silu"};
    static const char *bodies[] = {"wp.tanh(x)", "1.0 / (1.0 + wp.exp(-x))",
                                   "x / (1.0 + wp.exp(-x))"};
    std::string fn = funcName(names[act]);
    prefix += P("@wp.func\ndef " + fn + "(x: {F}):\n    return " + bodies[act] + "\n\n\n");
    L(o + "[b_i, ch, hy, wx] = " + fn + "(" + z + ")" + tail);
    out(o, "f", {B, C, H, W});
    return;
  }
  switch (act) {
  case 0:
    L(o + "[b_i, ch, hy, wx] = wp.tanh(" + z + ")" + tail);
    break;
  case 1:
    L(o + "[b_i, ch, hy, wx] = 1.0 / (1.0 + wp.exp(-" + z + "))" + tail);
    break;
  case 2:
    L(o + "[b_i, ch, hy, wx] = " + z + " / (1.0 + wp.exp(-" + z + "))" + tail);
    break;
  default: {
    // Leaky ReLU as a branch, as often written.
    std::string a = pick({"a", "act", "h"});
    L("if " + z + " > 0.0:");
    L("    " + a + " = " + z);
    L("else:");
    L("    " + a + " = " + z + " * " + c(0.01, 0.2));
    L(o + "[b_i, ch, hy, wx] = " + a + tail);
    break;
  }
  }
  out(o, "f", {B, C, H, W});
}

} // namespace kdsl::synth::gen
