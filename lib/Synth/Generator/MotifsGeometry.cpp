//===- MotifsGeometry.cpp - rays, transforms, rotations, strain -------------===//
//
// Motifs of graphics and geometry code: ray-sphere intersection, points
// transformed by matrices and quaternions, quaternion integration,
// deformation gradients and their energies.
//
//===----------------------------------------------------------------------===//
#include "Gen.h"

#include <array>
#include <cmath>

using namespace kdsl::synth;
using namespace kdsl::synth::gen;

namespace kdsl::synth::gen {

KDSL_MOTIF_FILE(Geometry)

void Gen::mRaySphere(bool branchy) {
  int n = launch1();
  dims = {n};
  std::string org = pick({"origins", "ray_o", "ro"}), dirs = pick({"dirs", "ray_d", "rd"}),
              ctr = pick({"centers", "sphere_c", "center"}),
              rad = pick({"radius", "sphere_r", "radii"});
  // In one of three, every ray is tested against a few spheres (a scene)
  // and keeps the closest hit; else each ray has its own sphere.
  int ns = rng.chance(0.35) ? rng.range(2, 3) : 0;
  // Rays aimed at their sphere (most hit), directions of unit length.
  Array o, d, cs, rs;
  std::vector<std::array<double, 3>> scene;
  for (int q = 0; q < ns; ++q) {
    Array cc;
    std::array<double, 3> cv;
    for (int k = 0; k < 3; ++k) {
      cv[k] = val(-1.0, 1.0, false);
      cc.push_back(cv[k]);
    }
    scene.push_back(cv);
    cs.push_back(std::move(cc));
    rs.push_back(val(0.3, 0.6));
  }
  for (int q = 0; q < n; ++q) {
    Value dv = elem("v3", -1, 1, "unit");
    double dx[3];
    for (int k = 0; k < 3; ++k)
      dx[k] = *(*dv.getAsArray())[k].getAsNumber();
    Array cc, oo;
    for (int k = 0; k < 3; ++k) {
      double cv = ns ? scene[q % ns][k] : val(-0.5, 0.5, false);
      cc.push_back(cv);
      oo.push_back(std::round((cv - 2.5 * dx[k] + rng.value(-0.2, 0.2)) * 1000) / 1000 + 0.0005);
    }
    d.push_back(std::move(dv));
    if (!ns) {
      cs.push_back(std::move(cc));
      rs.push_back(val(0.4, 0.9));
    }
    o.push_back(std::move(oo));
  }
  inputs.push_back(
      {org, ann("v3", 1), Object{{"data", std::move(o)}, {"requires_grad", true}}, true});
  inputs.push_back(
      {dirs, ann("v3", 1), Object{{"data", std::move(d)}, {"requires_grad", true}}, true});
  inputs.push_back(
      {ctr, ann("v3", 1), Object{{"data", std::move(cs)}, {"requires_grad", true}}, true});
  inputs.push_back(
      {rad, ann("f", 1), Object{{"data", std::move(rs)}, {"requires_grad", true}}, true});
  std::string ro = pick({"o", "orig", "p0"}), rd = pick({"d", "dir", "u"}),
              oc = pick({"oc", "rel", "to_o"}), b = pick({"b", "half_b", "proj"}),
              cc = pick({"c", "c_term", "k_c"}), disc = pick({"disc", "delta", "det"}),
              t = pick({"t", "t_hit", "hit"});
  std::string th = pick({"t_out", "hit_t", "depth_out"});
  std::string miss = named(c(10.0, 100.0), {"MAX_DIST", "T_MAX", "FAR_PLANE", "NO_HIT"});
  // The quadratic with the full b (b = 2 oc.d, disc = b^2 - 4c, t = (-b -
  // sqrt(disc)) / 2) in one of three, else the half-b form; the direction
  // normalized in the kernel in one of four.
  bool fullB = rng.chance(0.35);
  std::string tHit =
      fullB ? "(-" + b + " - wp.sqrt(" + disc + ")) * 0.5" : "-" + b + " - wp.sqrt(" + disc + ")";
  line("i = wp.tid()");
  L(ro + " = " + org + "[i]");
  L(rd + (rng.chance(0.25) ? " = wp.normalize(" + dirs + "[i])" : " = " + dirs + "[i]"));
  auto quadratic = [&](const std::string &center, const std::string &radius) {
    L(oc + " = " + ro + " - " + center);
    L(b + (fullB ? " = 2.0 * wp.dot(" : " = wp.dot(") + oc + ", " + rd + ")");
    L(cc + " = wp.dot(" + oc + ", " + oc + ") - " + radius + " * " + radius);
    L(disc + " = " + b + " * " + b + (fullB ? " - 4.0 * " : " - ") + cc);
  };
  if (ns) {
    std::string tm = pick({"t_min", "closest", "t_near"}), sp = pick({"s", "sph", "k"});
    L(tm + " = {F}(" + miss + ")");
    L("for " + sp + " in range(" + ctr + ".shape[0]):");
    ++indent;
    quadratic(ctr + "[" + sp + "]", rad + "[" + sp + "]");
    L("if " + disc + " > 0.0:");
    L("    " + t + " = " + tHit);
    L("    if " + t + " > 0.0 and " + t + " < " + tm + ":");
    L("        " + tm + " = " + t);
    --indent;
    L(th + "[i] = " + tm);
    out(th, "f", {n});
    return;
  }
  quadratic(ctr + "[i]", rad + "[i]");
  if (branchy) {
    L("if " + disc + " > 0.0:");
    L("    " + t + " = " + tHit);
    L("else:");
    L("    " + t + " = {F}(" + miss + ")");
  } else {
    L(t + " = {F}(" + miss + ")");
    L("if " + disc + " > 0.0:");
    L("    " + t + " = " + tHit);
  }
  L(th + "[i] = " + t);
  out(th, "f", {n});
  double extra = rng.uniform();
  if (extra < 0.2) {
    // The hit point as a second output.
    std::string hp = pick({"hit_pos", "x_hit_out", "p_hit"});
    L(hp + "[i] = " + ro + " + " + rd + " * " + t);
    out(hp, "v3", {n});
  } else if (extra < 0.6) {
    std::string p = pick({"hit_p", "p", "x_hit"}), nh = pick({"n_hat", "nrm", "normal"}),
                sh = pick({"shade", "lambert", "color"});
    std::string light =
        "wp.normalize({V3}(" + c(0.2, 1.0) + ", " + c(0.2, 1.0) + ", " + c(-1.0, -0.2) + "))";
    std::string ld = pick({"light_dir", "l_dir", "sun_dir", "to_light"});
    L(p + " = " + ro + " + " + rd + " * " + t);
    L(nh + " = wp.normalize(" + p + " - " + ctr + "[i])");
    L(ld + " = " + light);
    L(sh + "[i] = wp.max(wp.dot(" + nh + ", " + ld + "), 0.0) * " + c(0.5, 1.0) + " + " +
      c(0.05, 0.2));
    out(sh, "f", {n});
  }
}

KDSL_MOTIF(TransformMotif, "matrix", 0, "transform") {
  int n = launch1();
  dims = {n};
  // One transform per instance and, in one of three, several points per
  // instance (a mesh's vertices): a loop over them, stored at i * m + k.
  int m = rng.chance(0.35) ? rng.range(2, 4) : 1;
  std::string pts = pick({"points", "verts", "local_pos", "x_local"}),
              po = pick({"world", "x_world", "points_out"});
  arr(pts, "v3", {n * m}, -1, 1);
  std::string p = pick({"p", "x", "v_loc"}), w = pick({"pw", "x_w", "world_p"});
  std::string at = "i";
  auto loop = [&] {
    at = pointLoop(m, "i", {"k", "v_k", "pt"}, {"num_points", "verts_per_mesh", "pts_per_instance"},
                   {"idx", "vi", "p_idx"});
  };
  if (rng.chance(0.4)) {
    std::string xf = pick({"xform", "model", "M_world"}), h = pick({"h", "ph", "hom"});
    arr(xf, "m44", {n}, -0.15, 0.15, "near_id");
    line("i = wp.tid()");
    std::string X = xf + "[i]";
    if (m > 1) {
      X = pick({"M4", "Xm", "mat_w"});
      L(X + " = " + xf + "[i]");
    }
    loop();
    L(p + " = " + pts + "[" + at + "]");
    L(h + " = " + X + " * {V4}(" + p + "[0], " + p + "[1], " + p + "[2], 1.0)");
    L(w + " = {V3}(" + h + "[0], " + h + "[1], " + h + "[2]) / " + h + "[3]");
  } else {
    std::string rot = pick({"rot", "R", "orient_m", "basis"}),
                tr = pick({"trans", "offset", "t_world"});
    arr(rot, "m33", {n}, -0.3, 0.3, "near_id");
    bool t = rng.chance(0.6);
    if (t)
      arr(tr, "v3", {n}, -1, 1);
    std::string R = pick({"R", "A", "rm"});
    line("i = wp.tid()");
    L(R + " = " + rot + "[i]");
    if (rng.chance(0.3))
      L(R + " = " + R + " * " + c(0.5, 2.0));
    bool normals = rng.chance(0.4);
    std::string nr = pick({"normals", "nrm_in", "n_local"}), no = pick({"normals_out", "n_world"}),
                nn = pick({"nw", "n_w", "nrm"}), NM = pick({"N_m", "normal_m", "inv_t"});
    if (normals && m > 1)
      L(NM + " = wp.transpose(wp.inverse(" + R + "))");
    loop();
    L(p + " = " + pts + "[" + at + "]");
    L(w + " = " + R + " * " + p + (t ? " + " + tr + "[i]" : ""));
    if (normals) {
      arr(nr, "v3", {n * m}, -1, 1, "unit");
      L(nn + " = " + (m > 1 ? NM : "wp.transpose(wp.inverse(" + R + "))") + " * " + nr + "[" + at +
        "]");
      L(no + "[" + at + "] = wp.normalize(" + nn + ")");
      out(no, "v3", {n * m});
    }
  }
  L(po + "[" + at + "] = " + w);
  if (m > 1)
    --indent;
  out(po, "v3", {n * m});
}

KDSL_MOTIF(StrainMotif, "matrix", 1, "strain") {
  int n = launch1();
  dims = {n};
  std::string fd = pick({"F", "F_def", "deform", "def_grad"}),
              vol = pick({"vol", "rest_volume", "volume"});
  arr(fd, "m33", {n}, -0.2, 0.2, "near_id");
  arr(vol, "f", {n}, 0.1, 1.0);
  std::string mu = c(0.5, 5.0), lam = c(0.5, 5.0);
  bool muParam = rng.chance(0.5);
  if (muParam) {
    mu = pick({"mu", "k_mu", "shear"});
    scal(mu, 0.5, 5.0);
  }
  std::string F = pick({"Fi", "Fm", "f_mat"}), C = pick({"C", "cauchy_green", "Cm"}),
              E = pick({"E", "green", "strain"}), psi = pick({"psi", "energy_density", "w_e"});
  std::string en = pick({"energy", "psi_out", "elastic_e"});
  std::string id = "wp.identity(n=3, dtype={F})";
  // The energy density as a @wp.func of (F, mu, lambda) in one of three.
  bool viaFunc = rng.chance(0.35);
  auto arg = [&](const std::string &v, bool param) { return param ? v : "{F}(" + v + ")"; };
  line("i = wp.tid()");
  L(F + " = " + fd + "[i]");
  if (rng.chance(0.5)) {
    if (viaFunc) {
      std::string fn = funcName(pick({"stvk_energy", "svk_psi", "energy_density"}));
      prefix += P("@wp.func\ndef " + fn +
                  "(F: {M33}, mu: {F}, lam: {F}):\n    E = (wp.transpose(F) * F - " + id +
                  ") * 0.5\n    return mu * wp.trace(wp.transpose(E) * E) + lam * 0.5 * "
                  "wp.trace(E) * wp.trace(E)\n\n\n");
      L(psi + " = " + fn + "(" + F + ", " + arg(mu, muParam) + ", " + arg(lam, false) + ")");
    } else {
      L(C + " = wp.transpose(" + F + ") * " + F);
      L(E + " = (" + C + " - " + id + ") * 0.5");
      L(psi + " = " + mu + " * wp.trace(wp.transpose(" + E + ") * " + E + ") + " + lam +
        " * 0.5 * wp.trace(" + E + ") * wp.trace(" + E + ")");
      if (rng.chance(0.5)) {
        std::string Pk = pick({"P", "stress", "P1"}), so = pick({"stress_out", "P_out", "piola"});
        L(Pk + " = " + F + " * (" + E + " * (2.0 * " + mu + ") + " + id + " * (" + lam +
          " * wp.trace(" + E + ")))");
        L(so + "[i] = " + Pk + " * " + vol + "[i]");
        out(so, "m33", {n});
      }
    }
  } else {
    std::string J = pick({"J", "det_f", "vol_ratio"}), ic = pick({"Ic", "I1", "tr_c"}),
                lj = pick({"log_j", "lnJ"});
    if (viaFunc) {
      std::string fn = funcName(pick({"neo_hookean", "nh_energy", "psi_nh"}));
      prefix +=
          P("@wp.func\ndef " + fn + "(F: {M33}, mu: {F}, lam: {F}):\n    J = wp.determinant(F)\n" +
            "    lj = wp.log(J)\n    ic = wp.trace(wp.transpose(F) * F)\n" +
            "    return 0.5 * mu * (ic - 3.0) - mu * lj + 0.5 * lam * lj * lj\n\n\n");
      L(psi + " = " + fn + "(" + F + ", " + arg(mu, muParam) + ", " + arg(lam, false) + ")");
    } else {
      L(J + " = wp.determinant(" + F + ")");
      L(ic + " = wp.trace(wp.transpose(" + F + ") * " + F + ")");
      L(lj + " = wp.log(" + J + ")");
      L(psi + " = 0.5 * " + mu + " * (" + ic + " - 3.0) - " + mu + " * " + lj + " + 0.5 * " + lam +
        " * " + lj + " * " + lj);
      // Inverted elements: people add a barrier term; drawn in one of three.
      if (rng.chance(0.35)) {
        std::string thr = c(0.85, 0.95);
        L("if " + J + " < " + thr + ":");
        L("    " + psi + " = " + psi + " + " + c(1.0, 10.0) + " * (" + J + " - " + thr + ") * (" +
          J + " - " + thr + ")");
      }
    }
  }
  L(en + "[i] = " + psi + " * " + vol + "[i]");
  out(en, "f", {n});
}

KDSL_MOTIF(Rotate2dMotif, "matrix", 2, "rotate2d") {
  int n = launch1();
  dims = {n};
  // Several points per angle (a 2-D shape's corners) in one of three.
  int m = rng.chance(0.35) ? rng.range(2, 4) : 1;
  std::string th = pick({"theta", "angle", "heading"}), pts = pick({"points", "uv", "xy"}),
              po = pick({"points_out", "xy_out", "rotated"});
  arr(th, "f", {n}, -3, 3);
  arr(pts, "v2", {n * m}, -1, 1);
  std::string cs = pick({"cs", "c", "cos_t"}), sn = pick({"sn", "s", "sin_t"}),
              R = pick({"R", "rot", "R2"}), p = pick({"p", "q", "xy_r"});
  // The rotation matrix from a @wp.func in one of four.
  std::string fn;
  if (rng.chance(0.25)) {
    fn = funcName(pick({"rot2", "rotation_2d", "mat_from_angle"}));
    prefix +=
        P("@wp.func\ndef " + fn +
          "(a: {F}):\n    c = wp.cos(a)\n    s = wp.sin(a)\n    return {M22}(c, -s, s, c)\n\n\n");
  }
  line("i = wp.tid()");
  if (!fn.empty()) {
    L(R + " = " + fn + "(" + th + "[i])");
  } else {
    L(cs + " = wp.cos(" + th + "[i])");
    L(sn + " = wp.sin(" + th + "[i])");
    L(R + " = {M22}(" + cs + ", -" + sn + ", " + sn + ", " + cs + ")");
  }
  if (rng.chance(0.4)) {
    std::string S = pick({"S", "scale_m", "K"});
    L(S + " = {M22}(" + c(0.5, 2.0) + ", 0.0, 0.0, " + c(0.5, 2.0) + ")");
    L(R + " = " + S + " * " + R);
  }
  bool shift = rng.chance(0.4);
  std::string sh = pick({"shift", "center", "pivot"});
  if (shift)
    arr(sh, "v2", {n}, -1, 1);
  std::string at =
      pointLoop(m, "i", {"k", "corner", "pt"}, {"num_corners", "pts_per_shape", "num_points"},
                {"idx", "vi", "p_idx"});
  L(p + " = " + R + " * " + pts + "[" + at + "]");
  if (shift)
    L(p + " = " + p + " + " + sh + "[i]");
  L(po + "[" + at + "] = " + p);
  if (m > 1)
    --indent;
  out(po, "v2", {n * m});
  if (rng.chance(0.3)) {
    std::string ar = pick({"area_scale", "jac_det"});
    L(ar + "[i] = wp.determinant(" + R + ")");
    out(ar, "f", {n});
  }
}

KDSL_MOTIF(QuatRotateMotif, "quaternion", 1, "quat_rotate") {
  int n = launch1();
  dims = {n};
  std::string rot = pick({"rot", "body_q", "orient"}), loc = pick({"local", "x_local", "offsets"}),
              com = pick({"com", "body_x", "origin"});
  std::string wo = pick({"world", "x_world", "pos_out"});
  // Several points per body (a shape's vertices) in two of five: a static
  // loop over the body's points, stored at i * m + k.
  int m = rng.chance(0.4) ? rng.range(2, 4) : 1;
  arr(rot, "q", {n}, -1, 1, "unit");
  arr(loc, "v3", {n * m}, -1, 1);
  bool t = rng.chance(0.6);
  if (t)
    arr(com, "v3", {n}, -1, 1);
  // The local-to-world map as a @wp.func in one of four.
  std::string fn;
  if (rng.chance(0.25)) {
    fn = funcName(pick({"to_world", "body_to_world", "rotate_point"}));
    prefix += P("@wp.func\ndef " + fn + "(q: {Q}, x: {V3}" + (t ? ", c: {V3}" : "") +
                "):\n    return wp.quat_rotate(q, x)" + (t ? " + c" : "") + "\n\n\n");
  }
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
  std::string at =
      pointLoop(m, "i", {"k", "v_k", "pt"}, {"num_points", "pts_per_body", "verts_per_shape"},
                {"idx", "vi", "p_idx"});
  if (!fn.empty())
    L(p + " = " + fn + "(" + q + ", " + loc + "[" + at + "]" + (t ? ", " + com + "[i]" : "") + ")");
  else
    L(p + " = wp.quat_rotate(" + q + ", " + loc + "[" + at + "])" + (t ? " + " + com + "[i]" : ""));
  // In three of ten, a target seen from the point in the body's frame (the
  // inverse rotation of a world offset; rotating the point back would only
  // give the local point again).
  if (rng.chance(0.3)) {
    std::string tg = pick({"target", "goal", "x_target"});
    arr(tg, "v3", {n}, -1, 1);
    std::string rel = pick({"rel_body", "to_target", "d_local"}),
                ro = pick({"target_local", "rel_out"});
    L(rel + " = wp.quat_rotate_inv(" + q + ", " + tg + "[i] - " + p + ")");
    L(ro + "[" + at + "] = " + rel);
    out(ro, "v3", {n * m});
  }
  L(wo + "[" + at + "] = " + p);
  if (m > 1)
    --indent;
  out(wo, "v3", {n * m});
}

KDSL_MOTIF(QuatIntegrateMotif, "quaternion", 0, "quat_integrate") {
  int n = launch1();
  dims = {n};
  std::string rot = pick({"rot", "body_q", "orient"}), om = pick({"omega", "ang_vel", "body_w"}),
              qo = pick({"rot_out", "q_new", "orient_out"});
  arr(rot, "q", {n}, -1, 1, "unit");
  arr(om, "v3", {n}, -2, 2);
  std::string dt = named(c(0.005, 0.05), {"DT", "TIME_STEP", "SIM_DT", "DT_SIM", "STEP"});
  bool dtParam = rng.chance(0.5);
  if (dtParam) {
    dt = pick({"dt", "h", "sim_dt"});
    scal(dt, 0.005, 0.05);
  }
  // A rigid body's pose: in one of three the position is integrated too.
  bool pose = rng.chance(0.35);
  std::string bx = pick({"body_x", "com", "pos"}), bv = pick({"body_v", "lin_vel", "vel"}),
              xo = pick({"x_new", "pos_out", "body_x_out"});
  if (pose) {
    arr(bx, "v3", {n}, -1, 1);
    arr(bv, "v3", {n}, -1, 1);
  }
  bool firstOrder = rng.chance(0.5);
  // The first-order update as a @wp.func in one of three of those.
  std::string fn;
  if (firstOrder && rng.chance(0.35)) {
    fn = funcName(pick({"integrate_rotation", "quat_step", "advance_q"}));
    prefix += P("@wp.func\ndef " + fn +
                "(q: {Q}, w: {V3}, h: {F}):\n    dq = {Q}(w[0], w[1], w[2], 0.0) * q * 0.5\n" +
                "    return wp.normalize(q + dq * h)\n\n\n");
  }
  // Substeps in one of three: the update repeated with h = dt / substeps.
  bool sub = rng.chance(0.35);
  std::string q = pick({"q", "r", "qi"}), w = pick({"w", "wi", "omega_i"});
  line("i = wp.tid()");
  L(q + " = " + rot + "[i]");
  L(w + " = " + om + "[i]");
  std::string h = dt;
  if (sub) {
    std::string ns = pick({"substeps", "num_substeps", "n_sub"});
    iscal(ns, 2, 4);
    h = pick({"h_sub", "dt_sub", "step"});
    L(h + " = " + (dtParam ? dt : "{F}(" + dt + ")") + " / {F}(" + ns + ")");
    L("for s in range(" + ns + "):");
    ++indent;
  }
  std::string hArg = (!sub && !dtParam) ? "{F}(" + dt + ")" : h;
  if (!fn.empty()) {
    L(q + " = " + fn + "(" + q + ", " + w + ", " + hArg + ")");
  } else if (firstOrder) {
    std::string dq = pick({"dq", "q_dot", "spin"});
    L(dq + " = {Q}(" + w + "[0], " + w + "[1], " + w + "[2], 0.0) * " + q + " * 0.5");
    L(q + " = wp.normalize(" + q + " + " + dq + " * " + h + ")");
  } else {
    std::string ang = pick({"ang", "angle", "theta"});
    L(ang + " = wp.length(" + w + ") * " + h);
    // No rotation axis for a body at rest: guarded in half of them.
    if (rng.chance(0.5)) {
      L("if " + ang + " > 1.0e-6:");
      L("    " + q + " = wp.quat_from_axis_angle(wp.normalize(" + w + "), " + ang + ") * " + q);
    } else {
      L(q + " = wp.quat_from_axis_angle(wp.normalize(" + w + "), " + ang + ") * " + q);
    }
  }
  if (sub)
    --indent;
  if (rng.chance(0.4)) {
    std::string ax = pick({"up", "axis_out", "body_up"}), av = pick({"up_w", "ax_w", "y_axis"});
    L(av + " = wp.quat_rotate(" + q + ", {V3}(0.0, 1.0, 0.0))");
    L(ax + "[i] = " + av);
    out(ax, "v3", {n});
  }
  if (pose) {
    L(xo + "[i] = " + bx + "[i] + " + bv + "[i] * " + dt);
    out(xo, "v3", {n});
  }
  L(qo + "[i] = " + q);
  out(qo, "q", {n});
}

// Registrations of the motifs above that take parameters or are drawn in
// several categories.
KDSL_MOTIF(RaySphereInVectorMotif, "vector", 2, "ray_sphere") { mRaySphere(false); }
KDSL_MOTIF(RaySphereBranchInControlFlowMotif, "control_flow", 2, "ray_sphere_branch") {
  mRaySphere(true);
}

} // namespace kdsl::synth::gen
