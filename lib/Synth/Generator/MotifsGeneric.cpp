//===- MotifsGeneric.cpp - generic funcs, overloads, wp.static --------------===//
//
// Motifs of code written once for several types, as Warp's own generic
// helpers are: a `typing.Any` @wp.func instantiated at float, vec3 (and
// quat) to blend two frames of a simulation; overloaded @wp.funcs of one name
// chosen by argument type (kinetic energy of a linear and of an angular
// velocity); a generic stencil over `wp.array(dtype=Any)` whose taps are
// unrolled by `wp.static` from a module constant. wp.static also folds
// compile-time constants and switches (`if wp.static(FLAG):`).
//
//===----------------------------------------------------------------------===//
#include "Gen.h"

#include <cmath>

using namespace kdsl::synth;
using namespace kdsl::synth::gen;

namespace kdsl::synth::gen {

KDSL_MOTIF_FILE(Generic)

KDSL_MOTIF(GenericBlendMotif, "generic", 0, "generic_blend") {
  int n = launch1();
  dims = {n};
  std::string fn = funcName(pick({"blend", "mix", "interp", "lerp_any"}));
  std::string t = pick({"t", "alpha", "w"});
  std::string body;
  switch (rng.range(0, 2)) {
  case 0:
    body = "    return a * (1.0 - " + t + ") + b * " + t + "\n";
    break;
  case 1:
    body = "    return a + (b - a) * " + t + "\n";
    break;
  default: {
    // Smoothstep-eased weight.
    std::string s = pick({"s", "ease", "k"});
    body = "    " + s + " = " + t + " * " + t + " * (3.0 - 2.0 * " + t +
           ")\n    return a + (b - a) * " + s + "\n";
    break;
  }
  }
  prefix += P("@wp.func\ndef " + fn + "(a: Any, b: Any, " + t + ": {F}):\n" + body + "\n\n");
  std::string x0 = pick({"x_prev", "pos0", "x_a"}), x1 = pick({"x_next", "pos1", "x_b"}),
              r0 = pick({"rho_prev", "temp0", "d_a"}), r1 = pick({"rho_next", "temp1", "d_b"}),
              xo = pick({"x_out", "pos_interp", "x_mid"}),
              ro = pick({"rho_out", "temp_interp", "d_mid"});
  arr(x0, "v3", {n}, -1, 1);
  arr(x1, "v3", {n}, -1, 1);
  arr(r0, "f", {n}, 0.1, 2.0);
  arr(r1, "f", {n}, 0.1, 2.0);
  // A literal argument is a float32 (Warp's rule): the float64 twin types it.
  std::string alpha = f64 ? lit(rng.value(0.1, 0.9)) : c(0.1, 0.9);
  if (rng.chance(0.5)) {
    alpha = pick({"alpha", "frac", "t_sub"});
    scal(alpha, 0.1, 0.9);
  }
  line("i = wp.tid()");
  L(xo + "[i] = " + fn + "(" + x0 + "[i], " + x1 + "[i], " + alpha + ")");
  L(ro + "[i] = " + fn + "(" + r0 + "[i], " + r1 + "[i], " + alpha + ")");
  out(xo, "v3", {n});
  out(ro, "f", {n});
  if (rng.chance(0.4)) {
    // Orientations: normalized linear interpolation of quaternions.
    std::string q0 = pick({"q_prev", "rot0", "q_a"}), q1 = pick({"q_next", "rot1", "q_b"}),
                qo = pick({"q_out", "rot_interp", "q_mid"});
    arr(q0, "q", {n}, -1, 1, "unit");
    arr(q1, "q", {n}, -1, 1, "unit");
    L(qo + "[i] = wp.normalize(" + fn + "(" + q0 + "[i], " + q1 + "[i], " + alpha + "))");
    out(qo, "q", {n});
  }
}

KDSL_MOTIF(OverloadEnergyMotif, "generic", 1, "overload_energy") {
  int n = launch1();
  dims = {n};
  std::string fn = funcName(pick({"kinetic", "energy", "ke"}));
  std::string m = pick({"m", "mass", "inertia"});
  // Overloads by signature: the linear and the angular kinetic energy.
  std::string s = "@wp.func\ndef " + fn + "(v: {V3}, " + m + ": {F}):\n    return 0.5 * " + m +
                  (rng.chance(0.4) ? " * wp.length_sq(v)\n\n\n" : " * wp.dot(v, v)\n\n\n");
  s +=
      "@wp.func\ndef " + fn + "(w: {F}, " + m + ": {F}):\n    return 0.5 * " + m + " * w * w\n\n\n";
  bool quat = rng.chance(0.3);
  if (quat)
    s += "@wp.func\ndef " + fn + "(q: {Q}, " + m + ": {F}):\n    return 0.5 * " + m +
         " * (q[0] * q[0] + q[1] * q[1] + q[2] * q[2])\n\n\n";
  prefix += P(s);
  std::string vel = pick({"vel", "body_vel", "v"}), om = pick({"omega", "spin", "ang_vel"}),
              ms = pick({"mass", "body_mass", "m_in"}), in = pick({"inertia", "I_zz", "moment"}),
              e = pick({"e", "ke", "e_i"});
  arr(vel, "v3", {n}, -1, 1);
  arr(om, "f", {n}, -2, 2);
  arr(ms, "f", {n}, 0.5, 2.0);
  arr(in, "f", {n}, 0.1, 1.0);
  line("i = wp.tid()");
  // The two energies in locals first in two of five.
  if (rng.chance(0.4)) {
    std::string el = pick({"e_lin", "ke_lin", "e_trans"}), ea = pick({"e_ang", "ke_rot", "e_rot"});
    L(el + " = " + fn + "(" + vel + "[i], " + ms + "[i])");
    L(ea + " = " + fn + "(" + om + "[i], " + in + "[i])");
    L(e + " = " + el + " + " + ea);
  } else {
    L(e + " = " + fn + "(" + vel + "[i], " + ms + "[i]) + " + fn + "(" + om + "[i], " + in +
      "[i])");
  }
  if (quat) {
    std::string dq = pick({"dq", "q_rate", "q_dot"});
    arr(dq, "q", {n}, -1, 1);
    L(e + " += " + fn + "(" + dq + "[i], " + in + "[i])");
  }
  if (rng.chance(0.5)) {
    // Potential energy with a compile-time gravity constant.
    std::string g = pick({"GRAVITY", "G_ACC", "GRAV"}), hh = pick({"height", "y", "elev"});
    prefix = g + " = " + gravity(/*down=*/false) + "\n\n\n" + prefix;
    // The height from a position array (its y) in half of them.
    std::string hv = hh + "[i]";
    if (rng.chance(0.5)) {
      std::string ps = pick({"pos", "body_pos", "x_com"});
      arr(ps, "v3", {n}, 0.1, 2.0);
      hv = ps + "[i][1]";
    } else {
      arr(hh, "f", {n}, 0.1, 2.0);
    }
    L(e + " += " + ms + "[i] * wp.static(" + g + ") * " + hv);
  }
  if (rng.chance(0.5)) {
    std::string tot = pick({"total", "energy_sum", "e_total"});
    L("wp.atomic_add(" + tot + ", 0, " + e + ")");
    out(tot, "f", {1});
  } else {
    std::string eo = pick({"energy", "e_out", "ke_out"});
    L(eo + "[i] = " + e);
    out(eo, "f", {n});
  }
}

KDSL_MOTIF(GenericStencilMotif, "generic", 2, "generic_stencil") {
  int n = launch1();
  dims = {n};
  std::string fn = funcName(pick({"smooth", "blur", "avg"}));
  std::string rad = pick({"RADIUS", "HALF_WIDTH", "TAPS"});
  int r = rng.range(1, 3);
  std::string s = pick({"s", "acc", "total"}), w0 = c(0.3, 0.6);
  // The neighbours' weight falls with the distance k (a {F} of the
  // unrolled loop's constant).
  std::string f = rad + " = " + std::to_string(r) + "\n\n\n";
  f += "@wp.func\ndef " + fn + "(a: wp.array(dtype=Any), i: int):\n";
  f += "    " + s + " = a[i] * " + w0 + "\n";
  f += "    for k in range(1, wp.static(" + rad + " + 1)):\n";
  // Clamped at the ends or periodic; the weight falls as 1/k, 1/k^2 or
  // 1/(k + 1).
  static const char *falloff[] = {"k", "k * k", "k + 1"};
  std::string fall = falloff[rng.range(0, 2)];
  if (rng.chance(0.35))
    f += "        " + s +
         " += (a[(i - k + a.shape[0]) % a.shape[0]] + a[(i + k) % a.shape[0]]) * (" + c(0.1, 0.3) +
         " / {F}(" + fall + "))\n";
  else
    f += "        " + s + " += (a[wp.max(i - k, 0)] + a[wp.min(i + k, a.shape[0] - 1)]) * (" +
         c(0.1, 0.3) + " / {F}(" + fall + "))\n";
  f += "    return " + s + "\n\n\n";
  prefix += P(f);
  std::string rho = pick({"rho", "density", "temp"}), vel = pick({"vel", "u", "flow"}),
              ro = pick({"rho_s", "density_out", "temp_out"}),
              vo = pick({"vel_s", "u_out", "flow_out"});
  arr(rho, "f", {n}, 0.1, 2.0);
  arr(vel, "v3", {n}, -1, 1);
  line("i = wp.tid()");
  L(ro + "[i] = " + fn + "(" + rho + ", i)");
  if (rng.chance(0.5)) {
    L(vo + "[i] = " + fn + "(" + vel + ", i)");
  } else {
    // A compile-time switch: the smoothed velocity, scaled by the density.
    std::string flag = pick({"MASS_WEIGHTED", "USE_DENSITY", "WEIGHTED"});
    prefix = flag + " = " + (rng.chance(0.5) ? "True" : "False") + "\n" + prefix;
    std::string u = pick({"u_i", "v_sm", "vs"});
    L(u + " = " + fn + "(" + vel + ", i)");
    L("if wp.static(" + flag + "):");
    L("    " + u + " = " + u + " * " + rho + "[i]");
    L(vo + "[i] = " + u);
  }
  out(ro, "f", {n});
  out(vo, "v3", {n});
}

} // namespace kdsl::synth::gen
