//===- MotifsPhysics.cpp - particles, springs, contact, rigid bodies --------===//
//
// Motifs of simulation code: explicit and semi-implicit integration, springs
// and constraints, contact and collision response, friction and phase
// regimes, neighbour sums, particle structs, rigid bodies.
//
//===----------------------------------------------------------------------===//
#include "Gen.h"

#include <cmath>

using namespace kdsl::synth;
using namespace kdsl::synth::gen;

namespace kdsl::synth::gen {

KDSL_MOTIF_FILE(Physics)

void Gen::mIntegrate(bool scalarDt, bool collide) {
  int n = launch1();
  dims = {n};
  std::string pos = pick({"pos", "x", "positions", "particle_q", "body_pos"}),
              vel = pick({"vel", "v", "velocities", "particle_qd", "body_vel"});
  arr(pos, "v3", {n}, -1, 1);
  arr(vel, "v3", {n}, -1, 1);
  bool force = rng.chance(0.7);
  std::string frc, im, imKind = "f";
  if (force) {
    frc = pick({"force", "f_ext", "forces", "particle_f"});
    im = pick({"inv_mass", "w", "inv_m", "particle_inv_mass"});
    arr(frc, "v3", {n}, -1, 1);
    imKind = massKind();
    arr(im, imKind, {n}, 0.2, 2.0);
  }
  std::string dt = named(c(0.005, 0.05), {"DT", "TIME_STEP", "SIM_DT", "DT_SIM", "STEP"});
  if (scalarDt || rng.chance(0.5)) {
    dt = pick({"dt", "sim_dt", "h", "step_dt"});
    scal(dt, 0.005, 0.05);
  }
  std::string damp;
  if (scalarDt && rng.chance(0.5)) {
    damp = pick({"damping", "drag", "k_d"});
    scal(damp, 0.05, 0.5);
  }
  // In place in two of five (with a force: the force and the inverse mass
  // are then the inputs whose gradients the record checks): the kernel
  // writes the new state over pos and vel, as Warp's integrators without a
  // tape do. Only the linear update (no collision, no speed limit: their
  // adjoint would need the overwritten state, see inOut).
  bool inPlace = force && !collide && rng.chance(0.4);
  std::string po = inPlace ? pos : pick({"pos_out", "x_new", "new_pos", "q_out"}),
              vo = inPlace ? vel : pick({"vel_out", "v_new", "new_vel", "qd_out"});
  std::string x = pick({"x0", "p", "xi", "q0"}), v = pick({"v0", "vi", "u", "qd0"}),
              a = pick({"a", "acc", "accel"});
  line("i = wp.tid()");
  std::string g =
      "{V3}(0.0, " + named(gravity(), {"GRAVITY", "GRAVITY_Y", "G_Y", "GRAV_ACCEL"}) + ", 0.0)";
  if (inPlace && rng.chance(0.5)) {
    // The arrays updated element by element: vel[i] += a * dt (an atomic
    // add in Warp), pos[i] = pos[i] + vel[i] * dt.
    inOut(pos);
    inOut(vel);
    std::string acc = frc + "[i] * " + load(im, "i", imKind) + (rng.chance(0.6) ? " + " + g : "");
    if (rng.chance(0.5)) {
      L(a + " = " + acc);
      acc = a;
    } else {
      acc = "(" + acc + ")";
    }
    auto upd = [&](const std::string &arr, const std::string &e) {
      if (rng.chance(0.5))
        L(arr + "[i] += " + e);
      else
        L(arr + "[i] = " + arr + "[i] + " + e);
    };
    auto velUpd = [&] {
      if (!damp.empty())
        L(vel + "[i] = " + vel + "[i] * (1.0 - " + damp + " * " + dt + ") + " + acc + " * " + dt);
      else if (rng.chance(0.3))
        L(vel + "[i] = " + vel + "[i] * " +
          named(c(0.9, 0.999),
                {"DAMPING", "VEL_DAMPING", "DRAG_FACTOR", "LINEAR_DAMPING", "DECAY"}) +
          " + " + acc + " * " + dt);
      else
        upd(vel, acc + " * " + dt);
    };
    if (rng.chance(0.7)) {
      velUpd();
      upd(pos, vel + "[i] * " + dt);
    } else {
      upd(pos, vel + "[i] * " + dt);
      velUpd();
    }
    return;
  }
  L(x + " = " + pos + "[i]");
  L(v + " = " + vel + "[i]");
  if (force)
    L(a + " = " + frc + "[i] * " + load(im, "i", imKind) + (rng.chance(0.6) ? " + " + g : ""));
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
      L(v + " = " + v + " * " +
        named(c(0.9, 0.999), {"DAMPING", "VEL_DAMPING", "DRAG_FACTOR", "LINEAR_DAMPING", "DECAY"}));
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
      L(v + " = {V3}(" + v + "[0] * " + mu + ", -" + v + "[1] * " + c(0.2, 0.9) + ", " + v +
        "[2] * " + mu + ")");
      --indent;
    } else {
      std::string d = pick({"d", "rel", "offset"}), dist = pick({"dist", "r", "len_d"}),
                  nh = pick({"n_hat", "nrm", "normal"});
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
  if (!inPlace && rng.chance(0.3)) {
    std::string sp = pick({"speed", "vmag", "v_len"}), vmax = c(0.8, 1.5);
    L(sp + " = wp.length(" + v + ")");
    L("if " + sp + " > " + vmax + ":");
    L("    " + v + " = " + v + " * (" + vmax + " / " + sp + ")");
  }
  L(po + "[i] = " + x);
  L(vo + "[i] = " + v);
  if (inPlace) {
    inOut(pos);
    inOut(vel);
    return;
  }
  out(po, "v3", {n});
  out(vo, "v3", {n});
}

void Gen::mSprings(bool viaFunc) {
  int m = launch1(), n = std::max(3, m / 2 + 2);
  dims = {m};
  std::string pos = pick({"pos", "x", "particle_q", "verts"}),
              rest = pick({"rest", "rest_len", "spring_rest_length"});
  std::string ia = pick({"idx_a", "spring_i", "edge_i"}),
              ib = pick({"idx_b", "spring_j", "edge_j"});
  arr(pos, "v3", {n}, -1, 1);
  arr(rest, "f", {m}, 0.2, 1.2);
  // Edges between distinct points.
  Array ea, eb;
  for (int q = 0; q < m; ++q) {
    int a = rng.range(0, n - 1), b = (a + rng.range(1, n - 1)) % n;
    ea.push_back(int64_t(a));
    eb.push_back(int64_t(b));
  }
  bool unsignedEdges = rng.chance(0.4);
  inputs.push_back(indexInput(ia, std::move(ea), unsignedEdges));
  inputs.push_back(indexInput(ib, std::move(eb), unsignedEdges));
  bool pbd = !viaFunc && rng.chance(0.35);
  std::string ks = named(c(5.0, 50.0), {"SPRING_STIFFNESS", "KS", "STIFFNESS", "K_SPRING"});
  switch (pbd ? 2 : rng.range(0, 2)) {
  case 0:
    ks = pick({"ke", "k_s", "stiffness"});
    scal(ks, 5.0, 50.0);
    break;
  case 1: {
    std::string k = pick({"spring_ke", "stiff", "k_arr"});
    arr(k, "f", {m}, 5.0, 50.0);
    ks = k + "[tid]";
    break;
  }
  default:
    break;
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
  std::string a = pick({"a", "i0", "pa"}), b = pick({"b", "j0", "pb"}),
              d = pick({"d", "dx", "x_ab"}), l = pick({"l", "length", "dist"}),
              dir = pick({"dir", "n_ab", "e_ab"}), f = pick({"f", "fs", "f_s"});
  line("tid = wp.tid()");
  L(a + " = " + ia + "[tid]");
  L(b + " = " + ib + "[tid]");
  if (viaFunc) {
    L(f + " = " + fname + "(" + pos + "[" + a + "], " + pos + "[" + b + "], " + rest + "[tid], " +
      ks + ")");
    if (rng.chance(0.6)) {
      std::string vel = pick({"vel", "v", "particle_qd"});
      arr(vel, "v3", {n}, -1, 1);
      if (rng.chance(0.8)) {
        // A second @wp.func: the damping force of the pair's relative velocity.
        std::string dname = funcName(pick({"damping_force", "spring_damp", "rel_damp"}));
        prefix += P("@wp.func\ndef " + dname +
                    "(va: {V3}, vb: {V3}, kd: {F}):\n    return (vb - va) * kd\n\n\n");
        L(f + " = " + f + " + " + dname + "(" + vel + "[" + a + "], " + vel + "[" + b + "], " +
          c(0.05, 0.5) + ")");
      } else {
        L(f + " = " + f + " + (" + vel + "[" + b + "] - " + vel + "[" + a + "]) * " + c(0.05, 0.5));
      }
    }
  } else {
    L(d + " = " + pos + "[" + b + "] - " + pos + "[" + a + "]");
    L(l + " = wp.length(" + d + ")");
    L(dir + (rng.chance(0.5) ? " = " + d + " / " + l : " = wp.normalize(" + d + ")"));
    if (pbd) {
      std::string w1 = pick({"w1", "wa"}), w2 = pick({"w2", "wb"}),
                  cc = pick({"c", "err", "violation"});
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
    L("wp.atomic_add(" + en + ", 0, 0.5 * " + ks + " * (" + l + " - " + rest + "[tid]) * (" + l +
      " - " + rest + "[tid]))");
    out(en, "f", {1});
  }
}

KDSL_MOTIF(PiecewiseMotif, "multi_conditional", 0, "piecewise") {
  int n = launch1();
  dims = {n};
  line("i = wp.tid()");
  switch (rng.range(0, 3)) {
  case 0: {
    // Huber loss.
    std::string p = pick({"pred", "y_hat", "x"}), t = pick({"target", "y_true", "label"}),
                o = pick({"loss", "huber", "cost"});
    arr(p, "f", {n}, -2, 2);
    arr(t, "f", {n}, -1, 1);
    std::string d = pick({"d", "r", "err"}), l = pick({"l", "li", "val"});
    double dl = rng.value(0.3, 1.0);
    std::string D = num(dl), H = num(0.5 * dl * dl);
    // The threshold as a scalar parameter in one of three (then 0.5 delta^2
    // computed); a weight per sample in one of three.
    if (rng.chance(0.35)) {
      D = pick({"delta", "huber_delta", "k_h"});
      scal(D, 0.3, 1.0);
      H = "0.5 * " + D + " * " + D;
    }
    std::string wt = pick({"sample_w", "weights", "w_i"});
    bool weighted = rng.chance(0.35);
    if (weighted)
      arr(wt, "f", {n}, 0.2, 1.5);
    // The residual relative to a per-sample scale in one of four.
    if (rng.chance(0.25)) {
      std::string sc = pick({"scale", "sigma_i", "tol"});
      arr(sc, "f", {n}, 0.5, 2.0);
      L(d + " = (" + p + "[i] - " + t + "[i]) / " + sc + "[i]");
    } else {
      L(d + " = " + p + "[i] - " + t + "[i]");
    }
    // In two of five the loss's derivative too (a second output: the
    // clipped residual), set in the same branches.
    bool deriv = rng.chance(0.4);
    std::string g = pick({"g", "dl", "grad_r"}), go = pick({"dloss", "residual_out", "grad_pred"});
    bool named = !llvm::isDigit(D[0]);
    L("if " + d + " < -" + D + ":");
    L("    " + l + " = -" + D + " * " + d + " - " + H);
    if (deriv)
      L("    " + g + " = " + (named ? "-" + D : "{F}(-" + D + ")"));
    L("elif " + d + " > " + D + ":");
    L("    " + l + " = " + D + " * " + d + " - " + H);
    if (deriv)
      L("    " + g + " = " + (named ? D : "{F}(" + D + ")"));
    L("else:");
    L("    " + l + " = 0.5 * " + d + " * " + d);
    if (deriv) {
      L("    " + g + " = " + d);
      L(go + "[i] = " + g);
      out(go, "f", {n});
    }
    if (weighted)
      l = wt + "[i] * " + l;
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
    std::string vt = pick({"v_t", "slip", "vt"}), fn = pick({"f_n", "normal_force", "load"}),
                o = pick({"f_t", "friction", "f_out"});
    arr(vt, "f", {n}, -1, 1);
    arr(fn, "f", {n}, 0.1, 2.0);
    std::string v = pick({"v", "s"}), N = pick({"fn_i", "N"}), f = pick({"f", "ft"});
    std::string mu = c(0.2, 0.9), eps = c(0.1, 0.3);
    // The friction coefficient per contact (an array) or a scalar parameter
    // in some; the normal force scaled by a contact area in one of four.
    switch (rng.range(0, 2)) {
    case 0: {
      std::string m = pick({"mu", "friction_coef", "mu_c"});
      arr(m, "f", {n}, 0.2, 0.9);
      mu = m + "[i]";
      break;
    }
    case 1:
      mu = pick({"mu_s", "mu_k", "coulomb_mu"});
      scal(mu, 0.2, 0.9);
      break;
    default:
      break;
    }
    // The slip as the relative velocity of two surfaces in one of three.
    if (rng.chance(0.35)) {
      std::string vb = pick({"v_other", "v_surface", "belt_v"});
      arr(vb, "f", {n}, -1, 1);
      L(v + " = " + vt + "[i] - " + vb + "[i]");
    } else {
      L(v + " = " + vt + "[i]");
    }
    if (rng.chance(0.25)) {
      std::string ar = pick({"area", "contact_area", "patch"});
      arr(ar, "f", {n}, 0.5, 1.5);
      L(N + " = " + fn + "[i] * " + ar + "[i]");
    } else {
      L(N + " = " + fn + "[i]");
    }
    if (rng.chance(0.35)) {
      // The regimes in a @wp.func with early returns.
      std::string fname =
          funcName(pick({"coulomb_friction", "friction_force", "regularized_friction"}));
      prefix += P("@wp.func\ndef " + fname + "(v: {F}, fn: {F}, mu: {F}):\n    if wp.abs(v) < " +
                  eps + ":\n        return -v * (mu * fn / " + eps +
                  ")\n    elif v > 0.0:\n        return -mu * fn\n" +
                  "    else:\n        return mu * fn\n\n\n");
      bool literal = llvm::isDigit(mu[0]);
      L(f + " = " + fname + "(" + v + ", " + N + ", " + (literal ? "{F}(" + mu + ")" : mu) + ")");
    } else {
      L("if wp.abs(" + v + ") < " + eps + ":");
      L("    " + f + " = -" + v + " * (" + mu + " * " + N + " / " + eps + ")");
      L("elif " + v + " > 0.0:");
      L("    " + f + " = -" + mu + " * " + N);
      L("else:");
      L("    " + f + " = " + mu + " * " + N);
    }
    L(o + "[i] = " + f);
    out(o, "f", {n});
    break;
  }
  case 2: {
    // Soft thresholding (the proximal step of an L1 penalty, ISTA), on a
    // gradient step: shrink toward zero, zero inside [-lam, lam].
    std::string x = pick({"w", "coef", "theta"}), g = pick({"grad", "g_in", "dw"}),
                o = pick({"w_out", "coef_next", "theta_new"});
    arr(x, "f", {n}, -2, 2);
    arr(g, "f", {n}, -1, 1);
    std::string lam = c(0.05, 0.3);
    if (rng.chance(0.5)) {
      lam = pick({"lam", "l1", "thresh"});
      scal(lam, 0.05, 0.3);
    }
    std::string z = pick({"z", "u", "step"}), y = pick({"y", "shrunk", "w_new"});
    std::string lr = named(c(0.05, 0.5), {"LEARNING_RATE", "LR", "STEP_SIZE"});
    if (rng.chance(0.4)) {
      lr = pick({"lr", "step_size", "eta"});
      scal(lr, 0.05, 0.5);
    }
    if (rng.chance(0.3))
      L(z + " = " + x + "[i] * " + c(0.9, 0.999) + " - " + lr + " * " + g +
        "[i]"); // with weight decay
    else
      L(z + " = " + x + "[i] - " + lr + " * " + g + "[i]");
    // The result stored in each branch (as often written), or in a local.
    bool direct = rng.chance(0.6);
    std::string to = direct ? o + "[i]" : y;
    L("if " + z + " > " + lam + ":");
    L("    " + to + " = " + z + " - " + lam);
    L("elif " + z + " < -" + lam + ":");
    L("    " + to + " = " + z + " + " + lam);
    L("else:");
    L("    " + to + " = " + (direct ? std::string("0.0") : "{F}(0.0)"));
    if (!direct)
      L(o + "[i] = " + y);
    out(o, "f", {n});
    break;
  }
  default: {
    // Enthalpy of a material with two phase changes.
    std::string t = pick({"temp", "T", "theta"}), o = pick({"enthalpy", "h_out", "energy"});
    arr(t, "f", {n}, -1, 1);
    std::string tv = pick({"ti", "t0"}), h = pick({"h", "e", "h_i"});
    double a = rng.value(-0.6, -0.1), b = rng.value(0.1, 0.6);
    std::string ta = num(a), tb = num(b), c1 = c(0.5, 2.0), c2 = c(1.0, 3.0), c3 = c(0.5, 1.5),
                lat = c(0.2, 1.0);
    // The solid's heat capacity per cell in one of three, the latent heat a
    // scalar parameter in one of three.
    if (rng.chance(0.35)) {
      std::string cp = pick({"cp_solid", "heat_cap", "c_s"});
      arr(cp, "f", {n}, 0.5, 2.0);
      c1 = pick({"cs", "cap", "c_i"});
      L(c1 + " = " + cp + "[i]");
    }
    if (rng.chance(0.35)) {
      lat = pick({"latent", "L_f", "h_fus"});
      scal(lat, 0.2, 1.0);
    }
    L(tv + " = " + t + "[i]");
    L("if " + tv + " < " + ta + ":");
    L("    " + h + " = " + c1 + " * " + tv);
    L("elif " + tv + " < " + tb + ":");
    L("    " + h + " = " + c1 + " * " + ta + " + " + lat + " + " + c2 + " * (" + tv + " - " + ta +
      ")");
    if (rng.chance(0.5)) {
      L("elif " + tv + " < " + num(b + 0.2) + ":");
      L("    " + h + " = " + c1 + " * " + ta + " + " + lat + " + " + c2 + " * (" + tb + " - " + ta +
        ") + " + c3 + " * (" + tv + " - " + tb + ")");
    }
    L("else:");
    L("    " + h + " = " + c1 + " * " + ta + " + " + lat + " * 2.0 + " + c2 + " * (" + tb + " - " +
      ta + ") + " + c3 + " * (" + tv + " - " + tb + ")");
    L(o + "[i] = " + h);
    out(o, "f", {n});
    break;
  }
  }
}

KDSL_MOTIF(ContactMotif, "control_flow", 1, "contact") {
  int n = launch1();
  dims = {n};
  std::string pos = pick({"pos", "x", "particle_q"}),
              fo = pick({"force", "f_contact", "particle_f"});
  arr(pos, "v3", {n}, -1, 1);
  std::string ctr = "{V3}(" + c(-0.2, 0.2) + ", " + c(-0.2, 0.2) + ", " + c(-0.2, 0.2) + ")";
  std::string rad = named(c(0.7, 1.1), {"RADIUS", "SPHERE_RADIUS", "R_SPHERE"}, 0.3),
              ke = named(c(10.0, 100.0), {"CONTACT_KE", "KE", "CONTACT_STIFFNESS", "K_CONTACT"});
  std::string p = pick({"p", "xi", "x0"}), d = pick({"d", "rel", "offset"}),
              dist = pick({"dist", "r", "len_d"}), phi = pick({"phi", "sdf", "pen"}),
              f = pick({"f", "fc", "f_i"}), nh = pick({"n_hat", "nrm", "normal"});
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
  std::string xi = pick({"xi", "p", "x_i"}), r = pick({"r", "rij", "d"}),
              r2 = pick({"r2", "dist_sq", "rr"});
  // Nested: the neighbour's periodic images in a box (static loops over
  // the image offsets -1, 0, 1 along x, or along x and y), as molecular
  // dynamics and SPH codes sum them.
  std::string box = named(c(2.0, 4.0), {"BOX_SIZE", "DOMAIN_SIZE", "BOUNDS", "HALF_EXTENT"});
  int nest = 0;
  if (nestedLoop && rng.chance(0.5)) {
    box = pick({"box", "box_len", "L_box"});
    scal(box, 2.0, 4.0);
  }
  auto images = [&](bool toI) {
    std::string off;
    if (rng.chance(0.6)) {
      L("for s in range(3):");
      ++indent;
      ++nest;
      off = "{V3}({F}(s - 1) * " + box + ", 0.0, 0.0)";
    } else {
      L("for sx in range(3):");
      L("    for sy in range(3):");
      indent += 2;
      nest += 2;
      off = "{V3}({F}(sx - 1) * " + box + ", {F}(sy - 1) * " + box + ", 0.0)";
    }
    // The image's offset in a local of its own, as such loops are written.
    std::string shift = pick({"off", "shift", "img_off", "image"});
    L(shift + " = " + off);
    if (toI)
      L(r + " = " + xi + " - (" + pos + "[j] + " + shift + ")");
    else
      L(r + " = " + pos + "[j] + " + shift + " - " + xi);
  };
  line("i = wp.tid()");
  L(xi + " = " + pos + "[i]");
  if (rng.chance(0.5)) {
    std::string h2 = named(c(0.8, 2.0), {"H2", "SMOOTHING_RADIUS_SQ", "KERNEL_RADIUS_SQ"}),
                rho = pick({"rho", "density_i", "sum_w"}), w = pick({"w", "q", "hw"}),
                o = pick({"density", "rho_out", "dens"});
    // The squared smoothing length as a scalar parameter in one of three.
    if (rng.chance(0.35)) {
      h2 = pick({"h_sq", "radius_sq", "h2"});
      scal(h2, 0.8, 2.0);
    }
    L(rho + " = {F}(0.0)");
    L("for j in range(" + bound + "):");
    ++indent;
    if (nestedLoop) {
      images(true);
    } else {
      L(r + " = " + xi + " - " + pos + "[j]");
    }
    L(r2 + " = wp.dot(" + r + ", " + r + ")");
    L("if " + r2 + " < " + h2 + ":");
    L("    " + w + " = " + h2 + " - " + r2);
    L("    " + rho + " += " + mass + "[j] * " + w + " * " + w + " * " + w);
    indent -= nest;
    --indent;
    L(o + "[i] = " + rho + " * " + c(0.2, 2.0));
    out(o, "f", {n});
  } else {
    std::string acc = pick({"acc", "f_sum", "a_i"}), inv = pick({"inv_r", "inv", "ir"}),
                o = pick({"accel", "acc_out", "a_out"});
    std::string eps = c(0.01, 0.1);
    if (rng.chance(0.3)) {
      eps = pick({"softening", "eps2", "soft_sq"});
      scal(eps, 0.01, 0.1);
    }
    L(acc + " = {V3}(0.0, 0.0, 0.0)");
    L("for j in range(" + bound + "):");
    ++indent;
    // The particle itself skipped in two of five (the softening keeps the
    // self term finite otherwise).
    if (!nestedLoop && rng.chance(0.4)) {
      L("if j == i:");
      L("    continue");
    }
    if (nestedLoop) {
      images(false);
    } else {
      L(r + " = " + pos + "[j] - " + xi);
    }
    L(inv + " = 1.0 / wp.sqrt(wp.dot(" + r + ", " + r + ") + " + eps + ")");
    L(acc + " += " + r + " * (" + mass + "[j] * " + inv + " * " + inv + " * " + inv + ")");
    indent -= nest;
    --indent;
    L(o + "[i] = " + acc + " * " + c(0.1, 1.0));
    out(o, "v3", {n});
  }
}

KDSL_MOTIF(ParticlesStructMotif, "struct", 0, "particles_struct") {
  int n = launch1();
  dims = {n};
  std::string sn = drawSymbol({"Particle", "ParticleState", "Body", "Agent", "Grain", "Droplet"});
  // Fields: position and velocity, then a subset of mass, radius, id, charge.
  std::vector<std::pair<std::string, std::string>> fields = {{pick({"pos", "x", "p"}), "v3"},
                                                             {pick({"vel", "v", "u"}), "v3"}};
  bool hasMass = rng.chance(0.7), hasRad = rng.chance(0.5), hasId = rng.chance(0.5),
       hasQ = rng.chance(0.3);
  std::string fm = "mass", fr = "radius", fi = "flags", fq = "charge";
  // Mass and radius go, in two of five such structs, into a nested struct
  // of material properties (`p.mat.mass`).
  bool nest = (hasMass || hasRad) && rng.chance(0.4);
  std::string inner = drawSymbol({"Material", "Props", "PhysProps", "MaterialParams", "Physical"}),
              mn = nest ? pick({"mat", "props", "phys"}) : "";
  std::vector<std::pair<std::string, std::string>> innerFields;
  auto &massRad = nest ? innerFields : fields;
  if (hasMass)
    massRad.push_back({fm, "f"});
  if (hasRad)
    massRad.push_back({fr, "f"});
  if (nest) {
    fields.push_back({mn, "struct"});
    std::string decl = "@wp.struct\nclass " + inner + ":\n";
    for (auto &[fn, k] : innerFields)
      decl += "    " + fn + ": " + T(k) + "\n";
    prefix += decl + "\n\n";
  }
  if (hasId)
    fields.push_back({fi, "i"});
  if (hasQ)
    fields.push_back({fq, "f"});
  std::string decl = "@wp.struct\nclass " + sn + ":\n";
  for (auto &[fn, k] : fields)
    decl += "    " + fn + ": " + (k == "struct" ? inner : T(k)) + "\n";
  prefix += decl + "\n\n";
  std::string ps = pick({"particles", "bodies", "ps", "items"});
  auto fieldValue = [&](const std::string &fn, const std::string &k) -> Value {
    if (k == "i")
      return int64_t(rng.range(0, 3));
    if (fn == fm)
      return val(0.5, 2.0);
    if (fn == fr)
      return val(0.05, 0.3);
    return k == "f" ? Value(val(-1, 1)) : elem(k, -1, 1, "");
  };
  Array data;
  for (int q = 0; q < n; ++q) {
    Object o;
    for (auto &[fn, k] : fields) {
      if (k != "struct") {
        o[fn] = fieldValue(fn, k);
        continue;
      }
      Object props;
      for (auto &[gn, gk] : innerFields)
        props[gn] = fieldValue(gn, gk);
      o[fn] = std::move(props);
    }
    data.push_back(std::move(o));
  }
  if (nest) {
    fm = mn + "." + fm;
    fr = mn + "." + fr;
  }
  inputs.push_back({ps, "wp.array(dtype=" + sn + ")",
                    Object{{"data", std::move(data)}, {"requires_grad", true}}, true});
  std::string dt = named(c(0.005, 0.05), {"DT", "TIME_STEP", "SIM_DT", "DT_SIM", "STEP"});
  // The time step as a scalar parameter in two of five.
  if (rng.chance(0.4)) {
    dt = pick({"dt", "sim_dt", "frame_dt"});
    scal(dt, 0.005, 0.05);
  }
  std::string p = pick({"p", "pi", "me"}), v = pick({"v", "vi", "u0"}), x = pick({"x", "xi", "q0"});
  std::string po = pick({"pos_out", "x_new", "q_out"});
  const std::string &fp = fields[0].first, &fv = fields[1].first;
  line("i = wp.tid()");
  L(p + " = " + ps + "[i]");
  std::string g =
      "{V3}(0.0, " + named(gravity(), {"GRAVITY", "GRAVITY_Y", "G_Y", "GRAV_ACCEL"}) + ", 0.0)";
  if (hasQ)
    g = "(" + g + " + {V3}(" + c(-1, 1) + ", 0.0, 0.0) * " + p + "." + fq +
        (hasMass ? " / " + p + "." + fm : "") + ")";
  L(v + " = " + p + "." + fv + " + " + g + " * " + dt);
  if (hasMass && rng.chance(0.5)) {
    std::string nb = pick({"nb", "other", "p_j"});
    L(nb + " = " + ps + "[(i + 1) % " + ps + ".shape[0]]");
    L(v + " = " + v + " + (" + nb + "." + fv + " - " + v + ") * (" + c(0.05, 0.3) + " * " + nb +
      "." + fm + " / (" + p + "." + fm + " + " + nb + "." + fm + "))");
  }
  // Substeps in one of three: the position advanced and the ground
  // contact applied several times with h = dt / substeps.
  bool sub = rng.chance(0.35);
  if (sub) {
    std::string ns = pick({"substeps", "n_sub", "num_substeps"});
    iscal(ns, 2, 4);
    std::string h = pick({"h", "dt_sub", "h_sub"});
    L(h + " = " + (llvm::isDigit(dt[0]) ? "{F}(" + dt + ")" : dt) + " / {F}(" + ns + ")");
    L(x + " = " + p + "." + fp);
    L("for s in range(" + ns + "):");
    ++indent;
    L(x + " = " + x + " + " + v + " * " + h);
  } else {
    L(x + " = " + p + "." + fp + " + " + v + " * " + dt);
  }
  if (hasRad) {
    L("if " + x + "[1] < " + p + "." + fr + " - 1.0:");
    L("    " + x + " = {V3}(" + x + "[0], " + p + "." + fr + " - 1.0, " + x + "[2])");
  }
  if (sub)
    --indent;
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

KDSL_MOTIF(RigidBodyMotif, "combined", 0, "rigid_body") {
  int n = launch1(), pts = rng.range(3, 6);
  dims = {n};
  std::string rot = pick({"body_q", "rot", "orient"}), tr = pick({"body_x", "com", "trans"}),
              loc = pick({"shape_pts", "local", "verts"}),
              ine = pick({"inertia", "I_body", "moments"}),
              om = pick({"omega", "body_w", "ang_vel"});
  arr(rot, "q", {n}, -1, 1, "unit");
  arr(tr, "v3", {n}, -1, 1);
  arr(loc, "v3", {pts}, -1, 1);
  arr(ine, "v3", {n}, 0.5, 2.0);
  arr(om, "v3", {n}, -1, 1);
  std::string np = pick({"num_pts", "count", "n_pts"});
  int npv = rng.range(1, pts);
  inputs.push_back({np, "int", Value(int64_t(npv)), false});
  std::string fname = funcName(pick({"world_point", "to_world", "transform_point"}));
  prefix += P("@wp.func\ndef " + fname +
              "(q: {Q}, t: {V3}, p: {V3}):\n    return wp.quat_rotate(q, p) + t\n\n\n");
  std::string q = pick({"q", "r"}), t = pick({"t", "x0"}), R = pick({"R", "rot_m"}),
              Iw = pick({"I_w", "inertia_w"}), cen = pick({"centroid", "c_sum", "mid"}),
              L_ = pick({"L", "ang_mom", "h"});
  std::string co = pick({"centroid_out", "c_out"}), lo = pick({"L_out", "h_out", "ang_mom_out"});
  // The angular velocity in a local in two of five; a centroid weighted
  // by a mass per shape point in one of three (of several points: with one,
  // the masses cancel and have no gradient).
  bool wLocal = rng.chance(0.4), weighted = rng.chance(0.35) && npv > 1;
  std::string pm = pick({"pt_mass", "point_m", "m_pts"}),
              ms = pick({"m_sum", "total_m", "mass_acc"});
  if (weighted)
    arr(pm, "f", {pts}, 0.5, 2.0);
  line("i = wp.tid()");
  L(q + " = " + rot + "[i]");
  L(t + " = " + tr + "[i]");
  if (wLocal) {
    std::string w = pick({"w", "w_i", "omega_i"});
    L(w + " = " + om + "[i]");
    om = w;
  } else {
    om += "[i]";
  }
  L(R + " = wp.quat_to_matrix(" + q + ")");
  L(Iw + " = " + R + " * wp.diag(" + ine + "[i]) * wp.transpose(" + R + ")");
  L(cen + " = {V3}(0.0, 0.0, 0.0)");
  if (weighted)
    L(ms + " = {F}(0.0)");
  if (rng.chance(0.5)) {
    L("for j in range(" + np + "):");
    if (weighted) {
      L("    " + cen + " += " + fname + "(" + q + ", " + t + ", " + loc + "[j]) * " + pm + "[j]");
      L("    " + ms + " += " + pm + "[j]");
    } else {
      L("    " + cen + " += " + fname + "(" + q + ", " + t + ", " + loc + "[j])");
    }
  } else {
    std::string jj = pick({"j", "k_pt", "m_i"});
    L(jj + " = int(0)");
    L("while " + jj + " < " + np + ":");
    if (weighted) {
      L("    " + cen + " = " + cen + " + " + fname + "(" + q + ", " + t + ", " + loc + "[" + jj +
        "]) * " + pm + "[" + jj + "]");
      L("    " + ms + " = " + ms + " + " + pm + "[" + jj + "]");
    } else {
      L("    " + cen + " = " + cen + " + " + fname + "(" + q + ", " + t + ", " + loc + "[" + jj +
        "])");
    }
    L("    " + jj + " += 1");
  }
  L(cen + " = " + cen + " / " + (weighted ? ms : "{F}(" + np + ")"));
  L(L_ + " = " + Iw + " * " + om);
  if (rng.chance(0.5))
    L(L_ + " += wp.cross(" + cen + " - " + t + ", " + om + ") * " + c(0.1, 1.0));
  if (rng.chance(0.4)) {
    // A torque step: the new angular velocity from the world inertia.
    std::string tq = pick({"tau", "torque", "t_ext"}), wn = pick({"w_new", "omega_next"}),
                wo = pick({"omega_out", "w_out"});
    arr(tq, "v3", {n}, -1, 1);
    std::string dt = named(c(0.005, 0.05), {"DT", "TIME_STEP", "SIM_DT", "DT_SIM", "STEP"});
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
    // The rotational energy, and the centroid in its own output (not added
    // to the energy: a sum of unrelated quantities no one writes).
    std::string ke = pick({"rot_energy", "ke_rot", "e_rot"});
    L(ke + "[i] = 0.5 * wp.dot(" + om + ", " + L_ + ")");
    L(co + "[i] = " + cen);
    out(ke, "f", {n});
    out(co, "v3", {n});
  }
  L(lo + "[i] = " + L_);
  out(lo, "v3", {n});
}

// Registrations of the motifs above that take parameters or are drawn in
// several categories.
KDSL_MOTIF(IntegrateInVectorMotif, "vector", 0, "integrate") { mIntegrate(false, false); }
KDSL_MOTIF(SpringsInVectorMotif, "vector", 1, "springs") { mSprings(false); }
KDSL_MOTIF(IntegrateCollideInControlFlowMotif, "control_flow", 0, "integrate_collide") {
  mIntegrate(rng.chance(0.5), true);
}
KDSL_MOTIF(NeighboursInLoopCarriedMotif, "loop_carried", 0, "neighbours") { mNeighbours(false); }
KDSL_MOTIF(NeighboursNestedInNestedLoopMotif, "nested_loop", 1, "neighbours_nested") {
  mNeighbours(true);
}
KDSL_MOTIF(SpringsFuncInFuncCallMotif, "func_call", 1, "springs_func") { mSprings(true); }
KDSL_MOTIF(IntegrateScalarInScalarParamMotif, "scalar_param", 1, "integrate_scalar") {
  mIntegrate(true, rng.chance(0.4));
}

} // namespace kdsl::synth::gen
