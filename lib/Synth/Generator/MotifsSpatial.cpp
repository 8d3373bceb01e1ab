//===- MotifsSpatial.cpp - transforms and spatial vectors -------------------===//
//
// Motifs of rigid-body and articulation code in the style of warp.sim:
// shape points and normals carried to world space by a body's transform
// (wp.transform_point / transform_vector, shapes composed with their body,
// world points back to a body frame by transform_inverse, point velocities
// from a spatial twist), forward kinematics of revolute or prismatic joints
// (parent * joint frame * joint motion), and spatial dynamics (twists and
// wrenches moved between frames, spatial momentum by a 6x6 inertia, kinetic
// energy by spatial_dot, bias forces by spatial cross products).
//
//===----------------------------------------------------------------------===//
#include "Gen.h"

#include <cmath>

using namespace kdsl::synth;
using namespace kdsl::synth::gen;

namespace kdsl::synth::gen {

KDSL_MOTIF_FILE(Spatial)

KDSL_MOTIF(BodyPointsMotif, "spatial", 0, "body_points") {
  int n = launch1(), nb = std::max(2, n / 2);
  dims = {n};
  std::string bq = pick({"body_q", "body_X", "body_pose"}),
              pts = pick({"shape_pts", "local_pts", "verts_local"}),
              sb = pick({"shape_body", "point_body", "owner"}),
              po = pick({"world_pts", "pts_out", "x_world"});
  arr(bq, "t", {nb}, -1, 1);
  arr(pts, "v3", {n}, -0.5, 0.5);
  idx(sb, n, nb);
  std::string tid = pick({"tid", "i", "pid"}), b = pick({"b", "body", "bi"}),
              X = pick({"X_wb", "X", "tf"}), pw = pick({"p_w", "x_w", "pw"});
  line(tid + " = wp.tid()");
  L(b + " = " + sb + "[" + tid + "]");
  L(X + " = " + bq + "[" + b + "]");
  if (rng.chance(0.4)) {
    // The point's shape sits in its body at a shape transform.
    std::string sx = pick({"shape_X", "shape_X_bs", "local_X"}),
                Xs = pick({"X_ws", "X_shape", "X_w"});
    arr(sx, "t", {n}, -0.3, 0.3);
    if (rng.chance(0.5))
      L(Xs + " = wp.transform_multiply(" + X + ", " + sx + "[" + tid + "])");
    else
      L(Xs + " = " + X + " * " + sx + "[" + tid + "]");
    X = Xs;
  }
  L(pw + " = wp.transform_point(" + X + ", " + pts + "[" + tid + "])");
  L(po + "[" + tid + "] = " + pw);
  out(po, "v3", {n});
  if (rng.chance(0.4)) {
    std::string nl = pick({"shape_nrm", "n_local", "normals"}),
                no = pick({"world_nrm", "n_out", "normals_w"});
    arr(nl, "v3", {n}, -1, 1, "unit");
    L(no + "[" + tid + "] = wp.transform_vector(" + X + ", " + nl + "[" + tid + "])");
    out(no, "v3", {n});
  }
  if (rng.chance(0.3)) {
    // A world target seen from the body frame.
    std::string tg = pick({"targets", "x_target", "goal"}),
                lo = pick({"local_out", "target_local", "p_rel"});
    arr(tg, "v3", {n}, -1, 1);
    L(lo + "[" + tid + "] = wp.transform_point(wp.transform_inverse(" + X + "), " + tg + "[" + tid +
      "])");
    out(lo, "v3", {n});
  }
  if (rng.chance(0.4)) {
    // The point's velocity from the body's twist (angular on top).
    std::string qd = pick({"body_qd", "body_vel", "twist_in"}),
                vo = pick({"pt_vel", "v_world", "vel_out"}), w = pick({"w", "omega", "ang"}),
                v = pick({"v", "lin", "v_com"}), r = pick({"r", "arm", "lever"});
    arr(qd, "sv", {nb}, -1, 1);
    L(w + " = wp.spatial_top(" + qd + "[" + b + "])");
    L(v + " = wp.spatial_bottom(" + qd + "[" + b + "])");
    L(r + " = " + pw + " - wp.transform_get_translation(" + X + ")");
    L(vo + "[" + tid + "] = " + v + " + wp.cross(" + w + ", " + r + ")");
    out(vo, "v3", {n});
  }
}

KDSL_MOTIF(JointChainMotif, "spatial", 1, "joint_chain") {
  int n = launch1();
  dims = {n};
  std::string pq = pick({"parent_q", "X_wp_in", "parent_pose"}),
              jx = pick({"joint_X_p", "joint_frame", "X_pj_in"}),
              jq = pick({"joint_q", "q_joint", "angles"}),
              bo = pick({"body_q_out", "body_q", "X_wc_out"});
  arr(pq, "t", {n}, -1, 1);
  arr(jx, "t", {n}, -0.5, 0.5);
  std::string tid = pick({"tid", "j", "joint"}), Xp = pick({"X_wp", "X_parent", "Xp"}),
              Xj = pick({"X_pj", "X_jf", "Xf"}), Xm = pick({"X_j", "X_motion", "Xq"}),
              Xc = pick({"X_wc", "X_child", "Xc"});
  std::string axis;
  bool perJoint = rng.chance(0.5);
  if (perJoint) {
    axis = pick({"joint_axis", "axes", "axis_in"});
    arr(axis, "v3", {n}, -1, 1, "unit");
    axis += "[" + tid + "]";
  } else {
    static const char *axes[] = {"{V3}(1.0, 0.0, 0.0)", "{V3}(0.0, 1.0, 0.0)",
                                 "{V3}(0.0, 0.0, 1.0)"};
    axis = axes[rng.range(0, 2)];
  }
  line(tid + " = wp.tid()");
  L(Xp + " = " + pq + "[" + tid + "]");
  L(Xj + " = " + jx + "[" + tid + "]");
  double kind = rng.uniform();
  if (kind < 0.3) {
    // Revolute or prismatic by the joint's type (warp.sim's joint_type).
    std::string jt = pick({"joint_type", "j_type", "kind"});
    Array types;
    for (int q = 0; q < n; ++q)
      types.push_back(int64_t(rng.range(0, 1)));
    inputs.push_back(indexInput(jt, std::move(types), false));
    arr(jq, "f", {n}, -1.0, 1.0);
    L("if " + jt + "[" + tid + "] == 0:");
    L("    " + Xm + " = {X}({V3}(0.0, 0.0, 0.0), wp.quat_from_axis_angle(" + axis + ", " + jq +
      "[" + tid + "]))");
    L("else:");
    L("    " + Xm + " = {X}(" + axis + " * " + jq + "[" + tid + "], wp.quat_identity(dtype={F}))");
  } else if (kind < 0.8) {
    // A revolute joint: a rotation about the axis by the joint angle.
    arr(jq, "f", {n}, -1.5, 1.5);
    std::string qj = pick({"q_j", "rot", "r_j"});
    L(qj + " = wp.quat_from_axis_angle(" + axis + ", " + jq + "[" + tid + "])");
    L(Xm + " = {X}({V3}(0.0, 0.0, 0.0), " + qj + ")");
  } else {
    // A prismatic joint: a translation along the axis.
    arr(jq, "f", {n}, -0.5, 0.5);
    L(Xm + " = {X}(" + axis + " * " + jq + "[" + tid + "], wp.quat_identity(dtype={F}))");
  }
  if (rng.chance(0.5))
    L(Xc + " = " + Xp + " * " + Xj + " * " + Xm);
  else
    L(Xc + " = wp.transform_multiply(wp.transform_multiply(" + Xp + ", " + Xj + "), " + Xm + ")");
  L(bo + "[" + tid + "] = " + Xc);
  out(bo, "t", {n});
  if (rng.chance(0.5)) {
    std::string com = pick({"body_com", "com_local", "c_local"}),
                co = pick({"com_world", "com_out", "c_w"});
    arr(com, "v3", {n}, -0.3, 0.3);
    L(co + "[" + tid + "] = wp.transform_point(" + Xc + ", " + com + "[" + tid + "])");
    out(co, "v3", {n});
  }
}

KDSL_MOTIF(SpatialVelocityMotif, "spatial", 2, "spatial_velocity") {
  int n = launch1();
  dims = {n};
  std::string qd = pick({"body_qd", "twists", "v_body"}), bq = pick({"body_q", "poses", "X_in"});
  arr(qd, "sv", {n}, -1, 1);
  arr(bq, "t", {n}, -1, 1);
  std::string vs = pick({"v_s", "twist", "qd_i"}), X = pick({"X", "X_wb", "pose"});
  line("i = wp.tid()");
  L(vs + " = " + qd + "[i]");
  L(X + " = " + bq + "[i]");
  // The spatial inertia: a 6x6 matrix per body, or rotational inertia and
  // mass on its diagonal.
  std::string I = pick({"I_s", "inertia", "M_s"});
  if (rng.chance(0.5)) {
    std::string im = pick({"body_I_s", "spatial_inertia", "I_body"});
    arr(im, "sm", {n}, 0.5, 2.0, "spd");
    L(I + " = " + im + "[i]");
  } else {
    std::string ms = pick({"body_mass", "mass", "m_body"}),
                id = pick({"body_inertia", "I_diag", "inertia_d"});
    arr(ms, "f", {n}, 0.5, 2.0);
    arr(id, "v3", {n}, 0.2, 1.0);
    L(I + " = {SM}()");
    for (int k = 0; k < 3; ++k)
      L(I + "[" + std::to_string(k) + ", " + std::to_string(k) + "] = " + id + "[i][" +
        std::to_string(k) + "]");
    for (int k = 3; k < 6; ++k)
      L(I + "[" + std::to_string(k) + ", " + std::to_string(k) + "] = " + ms + "[i]");
  }
  std::string h = pick({"h", "mom", "p_s"});
  switch (rng.range(0, 2)) {
  case 0: {
    // Kinetic energy in the body frame, and the twist in world coordinates.
    std::string ke = pick({"ke", "kinetic", "energy"}), vw = pick({"twist_w", "v_world", "qd_w"});
    L(h + " = " + I + " * " + vs);
    L(ke + "[i] = 0.5 * wp.spatial_dot(" + vs + ", " + h + ")");
    L(vw + "[i] = wp.transform_twist(" + X + ", " + vs + ")");
    out(ke, "f", {n});
    out(vw, "sv", {n});
    break;
  }
  case 1: {
    // The bias (Coriolis) force v x* (I v), as a world wrench.
    std::string fb = pick({"f_b", "bias", "f_cor"}), fo = pick({"body_f", "f_bias", "wrench_out"});
    L(h + " = " + I + " * " + vs);
    L(fb + " = wp.spatial_cross_dual(" + vs + ", " + h + ")");
    L(fo + "[i] = wp.transform_wrench(" + X + ", " + fb + ")");
    out(fo, "sv", {n});
    break;
  }
  default: {
    // Power of an applied wrench, and the velocity-product acceleration
    // v x v_j in world coordinates.
    std::string fe = pick({"f_ext", "body_f_ext", "wrench"}),
                pw = pick({"power", "p_out", "work_rate"}),
                vj = pick({"joint_qd", "v_j", "twist_j"}),
                ao = pick({"a_bias", "acc_out", "c_term"});
    arr(fe, "sv", {n}, -1, 1);
    arr(vj, "sv", {n}, -1, 1);
    L(h + " = " + I + " * " + vs + " + " + fe + "[i]");
    L(pw + "[i] = wp.spatial_dot(" + h + ", " + vs + ")");
    L(ao + "[i] = wp.transform_twist(" + X + ", wp.spatial_cross(" + vs + ", " + vj + "[i]))");
    out(pw, "f", {n});
    out(ao, "sv", {n});
    break;
  }
  }
}

} // namespace kdsl::synth::gen
