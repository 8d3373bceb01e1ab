//===- MotifsQueries.cpp - the geometry category: queries of structures ----===//
//
// Kernels that query structures the host builds, written the way Warp's
// examples write them (example_sph.py, example_dem.py, example_raycast.py,
// example_mesh*.py): SPH density and pressure / viscosity forces over a hash
// grid, DEM contact forces, ray casts against a triangle mesh, closest-point
// projection onto it, AABB overlaps against a BVH and a density volume
// sampled trilinearly. The structures are kdsl-run's "objects" (the record's
// spec names them); the kernel receives each as a wp.uint64 parameter.
//
// Mesh, BVH and volume queries take and return float32 values in Warp (and
// in kdsl): the float64 twin converts around them, and the inputs that reach
// an output only through such a query (ray origins, query points) take no
// gradient (the twin's finite differences would see float32 rounding);
// the gradient reaches the per-face, per-item or per-particle values the
// kernel combines with the query's result. Hash grid queries have float64
// forms: the SPH and DEM kernels are differentiated in their positions.
//
//===----------------------------------------------------------------------===//
#include "Gen.h"

#include <array>
#include <cmath>
#include <tuple>

using namespace kdsl::synth;
using namespace kdsl::synth::gen;

namespace kdsl::synth::gen {

KDSL_MOTIF_FILE(Queries)

/// A wp.uint64 parameter (first, as in Warp's examples) that receives the
/// structure of kind `kind` built from `build` (kdsl-run's "objects"
/// entry; the object takes the parameter's name).
std::string Gen::structureParam(llvm::ArrayRef<const char *> names, const std::string &,
                                Object build, llvm::StringRef kind) {
  std::string name = pick(names);
  inputs.insert(inputs.begin(), Input{name, "wp.uint64", Value("@" + name), false});
  objects.push_back({name, Object{{kind.str(), std::move(build)}}});
  return name;
}

/// `n` particle positions in a cube of side `extent` (3 decimals, pairwise
/// at least 0.02 apart: no two at one place), as the input array `name`.
std::string Gen::clusterPoints(const std::string &name, int n, double extent, bool grad) {
  std::vector<std::array<double, 3>> pts;
  Array data;
  while (int(pts.size()) < n) {
    std::array<double, 3> p;
    for (double &c : p)
      c = val(0.01, extent, false);
    bool apart = true;
    for (const auto &q : pts) {
      double d2 = 0;
      for (int k = 0; k < 3; ++k)
        d2 += (p[k] - q[k]) * (p[k] - q[k]);
      apart &= d2 > 0.02 * 0.02;
    }
    if (!apart)
      continue;
    pts.push_back(p);
    data.push_back(Array{p[0], p[1], p[2]});
  }
  inputs.push_back({name,
                    ann("v3", 1),
                    Object{{"data", std::move(data)}, {"requires_grad", grad}},
                    grad,
                    false,
                    "v3",
                    {n}});
  return name;
}

/// A height field over [0, 1]^2 of m x m cells, two triangles each (Warp's
/// wp.Mesh(points, indices)): the two arrays only the mesh reads, whose
/// names it returns (points, indices). `zs` gets the heights; `lo`, `hi`
/// their range.
std::pair<std::string, std::string> Gen::triangleMesh(std::vector<double> &zs, double &lo,
                                                      double &hi) {
  int m = rng.range(2, 3);
  std::string pts = pick({"mesh_points", "vertices", "verts"}),
              tris = pick({"mesh_indices", "faces", "tri_indices"});
  Array points, indices;
  lo = 1e9, hi = -1e9;
  for (int i = 0; i <= m; ++i)
    for (int j = 0; j <= m; ++j) {
      double z = val(-0.15, 0.15, false);
      zs.push_back(z);
      lo = std::min(lo, z), hi = std::max(hi, z);
      points.push_back(
          Array{std::round(1000.0 * i / m) / 1000, std::round(1000.0 * j / m) / 1000, z});
    }
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j) {
      int64_t a = i * (m + 1) + j, b = a + 1, c = a + m + 1, d = c + 1;
      for (int64_t v : {a, c, b, b, c, d})
        indices.push_back(v);
    }
  objectArrays.push_back({pts, Object{{"data", std::move(points)}, {"dtype", "vec3f"}}});
  objectArrays.push_back({tris, Object{{"data", std::move(indices)}, {"dtype", "int32"}}});
  return {pts, tris};
}

//===----------------------------------------------------------------------===//
// Hash grids: SPH and DEM
//===----------------------------------------------------------------------===//

/// A loop over a hash grid's neighbours of `xi` as Warp's examples write it:
/// `for j in query:` or `while wp.hash_grid_query_next(q, j):`; returns the
/// neighbour index's name (`a` or `b`). The caller indents the body.
std::string Gen::hashGridLoop(const std::string &grid, const std::string &xi, const std::string &hs,
                              const char *a, const char *b) {
  std::string nb = rng.chance(0.5) ? a : b;
  if (rng.chance(0.5)) {
    std::string q = pick({"neighbors", "query", "nbrs"});
    L(q + " = wp.hash_grid_query(" + grid + ", " + xi + ", " + hs + ")");
    L("for " + nb + " in " + q + ":");
  } else {
    std::string q = pick({"query", "q", "grid_query"});
    L(q + " = wp.hash_grid_query(" + grid + ", " + xi + ", " + hs + ")");
    L(nb + " = int(0)");
    L("while wp.hash_grid_query_next(" + q + ", " + nb + "):");
  }
  return nb;
}

KDSL_MOTIF(SphDensityMotif, "geometry", 0, "sph_density") {
  int n = launch1() + 4;
  dims = {n};
  double h = val(0.2, 0.3, false);
  std::string x = pick({"x", "particle_x", "positions", "pos"});
  std::string grid = structureParam(
      {"grid", "hash_grid", "grid_id"}, x,
      Object{{"dims", Array{16, 16, 16}}, {"points", "@" + x}, {"radius", h}}, "hash_grid");
  clusterPoints(x, n, 2.2 * h, true);
  std::string hs = pick({"smoothing_length", "h", "support_radius", "kernel_radius"});
  inputs.push_back({hs, ty(Ty::F), Value(h), false});
  std::string mass;
  bool perParticle = rng.chance(0.5);
  std::string mk = massKind();
  if (perParticle) {
    mass = pick({"mass", "particle_mass", "m"});
    arr(mass, mk, {n}, 0.5, 1.5);
  } else {
    mass = pick({"particle_mass", "mass", "m0"});
    scal(mass, 0.5, 1.5);
  }
  std::string norm = pick({"density_normalization", "poly6_norm", "norm"});
  inputs.push_back(
      {norm, ty(Ty::F), Value(std::round(315.0 / (64.0 * M_PI * std::pow(h, 9)))), false});
  std::string rho = pick({"rho", "density", "particle_rho"});
  std::string poly6;
  if (rng.chance(0.5)) {
    poly6 = funcName(rng.chance(0.5) ? "poly6" : "density_kernel");
    std::string dd = rng.chance(0.5) ? "d" : "q";
    prefix += P("@wp.func\ndef " + poly6 + "(r_sq: {F}, h: {F}):\n    " + dd +
                " = h * h - r_sq\n    return " + dd + " * " + dd + " * " + dd + "\n\n\n");
  }
  std::string tid = pick({"tid", "t", "thread"}), xi = pick({"x_i", "xi", "p"}),
              acc = pick({"rho_i", "acc", "dens"}), r = pick({"r", "rij", "delta"}),
              rsq = pick({"r_sq", "dist_sq", "r2"});
  bool sorted = rng.chance(0.5);
  if (sorted) {
    L(tid + " = wp.tid()");
    L("i = wp.hash_grid_point_id(" + grid + ", " + tid + ")");
  } else {
    L("i = wp.tid()");
  }
  L(xi + " = " + x + "[i]");
  L(acc + " = {F}(0.0)");
  std::string nb = hashGridLoop(grid, xi, hs, "j", "index");
  ++indent;
  L(r + " = " + xi + " - " + x + "[" + nb + "]");
  L(rsq + " = wp.dot(" + r + ", " + r + ")");
  L("if " + rsq + " < " + hs + " * " + hs + ":");
  ++indent;
  std::string m = perParticle ? load(mass, nb, mk) : mass;
  if (!poly6.empty()) {
    L(acc + " += " + m + " * " + poly6 + "(" + rsq + ", " + hs + ")");
  } else {
    std::string d = pick({"d", "w", "diff"});
    L(d + " = " + hs + " * " + hs + " - " + rsq);
    L(acc + " += " + m + " * " + d + " * " + d + " * " + d);
  }
  indent -= 2;
  L(rho + "[i] = " + norm + " * " + acc);
  out(rho, "f", {n});
}

/// SPH pressure forces (symmetric pressure over the spiky kernel's
/// gradient), and with `viscosity` the viscous term over its Laplacian, as
/// example_sph.py's get_acceleration: a @wp.func per term in half.
void Gen::mSphForces(bool viscosity) {
  int n = launch1() + 4;
  dims = {n};
  double h = val(0.2, 0.3, false);
  std::string x = pick({"x", "particle_x", "positions"});
  std::string grid = structureParam(
      {"grid", "hash_grid", "grid_id"}, x,
      Object{{"dims", Array{16, 16, 16}}, {"points", "@" + x}, {"radius", h}}, "hash_grid");
  clusterPoints(x, n, 2.2 * h, true);
  std::string v;
  if (viscosity) {
    v = pick({"v", "particle_v", "velocities"});
    arr(v, "v3", {n}, -1, 1);
  }
  std::string rho = pick({"rho", "density", "particle_rho"});
  arr(rho, "f", {n}, 0.8, 1.2);
  std::string hs = pick({"smoothing_length", "h", "support_radius"});
  inputs.push_back({hs, ty(Ty::F), Value(h), false});
  std::string k = pick({"stiffness", "k_pressure", "isotropic_exp"}),
              rho0 = pick({"rest_density", "rho0", "base_density"});
  scal(k, 1.0, 5.0);
  scal(rho0, 0.9, 1.1);
  std::string pn = pick({"pressure_normalization", "spiky_norm", "press_norm"});
  inputs.push_back(
      {pn, ty(Ty::F), Value(std::round(-45.0 * 0.01 / (M_PI * std::pow(h, 6)))), false});
  std::string vn;
  if (viscosity) {
    vn = pick({"viscous_normalization", "visc_norm", "viscosity_norm"});
    inputs.push_back(
        {vn, ty(Ty::F), Value(std::round(45.0 * 0.01 * 0.1 / (M_PI * std::pow(h, 6)))), false});
  }
  std::string fo = pick({"particle_a", "accel", "forces", "particle_f"});
  bool funcs = rng.chance(0.5);
  std::string pk, vk;
  if (funcs) {
    pk = funcName("diff_pressure_kernel");
    prefix += P("@wp.func\ndef " + pk +
                "(xyz: {V3}, pressure: {F}, neighbor_pressure: {F}, neighbor_rho: {F}, "
                "smoothing_length: {F}):\n"
                "    distance = wp.sqrt(wp.dot(xyz, xyz))\n"
                "    if distance < smoothing_length:\n"
                "        term_1 = -xyz / distance\n"
                "        term_2 = (neighbor_pressure + pressure) / (2.0 * neighbor_rho)\n"
                "        term_3 = (smoothing_length - distance) * (smoothing_length - distance)\n"
                "        return term_1 * term_2 * term_3\n"
                "    return {V3}()\n\n\n");
    if (viscosity) {
      vk = funcName("diff_viscous_kernel");
      prefix += P("@wp.func\ndef " + vk +
                  "(xyz: {V3}, v: {V3}, neighbor_v: {V3}, neighbor_rho: {F}, "
                  "smoothing_length: {F}):\n"
                  "    distance = wp.sqrt(wp.dot(xyz, xyz))\n"
                  "    if distance < smoothing_length:\n"
                  "        term_1 = neighbor_v - v\n"
                  "        term_2 = smoothing_length - distance\n"
                  "        return term_1 * (term_2 / neighbor_rho)\n"
                  "    return {V3}()\n\n\n");
    }
  }
  std::string tid = pick({"tid", "t", "thread"}), xi = pick({"x_i", "xi", "p"}),
              pi = pick({"pressure", "p_i", "press"}), fp = pick({"pressure_force", "f_press"}),
              fv = pick({"viscous_force", "f_visc"}), vi = pick({"v_i", "vel_i", "u_i"});
  bool sorted = rng.chance(0.5);
  if (sorted) {
    L(tid + " = wp.tid()");
    L("i = wp.hash_grid_point_id(" + grid + ", " + tid + ")");
  } else {
    L("i = wp.tid()");
  }
  L(xi + " = " + x + "[i]");
  if (viscosity)
    L(vi + " = " + v + "[i]");
  L(pi + " = " + k + " * (" + rho + "[i] - " + rho0 + ")");
  L(fp + " = {V3}()");
  if (viscosity)
    L(fv + " = {V3}()");
  std::string nb = hashGridLoop(grid, xi, hs, "index", "j");
  ++indent;
  L("if " + nb + " != i:");
  ++indent;
  std::string r = pick({"r", "rel", "xyz"}), pj = pick({"neighbor_pressure", "p_j", "press_j"});
  L(r + " = " + x + "[" + nb + "] - " + xi);
  L(pj + " = " + k + " * (" + rho + "[" + nb + "] - " + rho0 + ")");
  if (funcs) {
    L(fp + " += " + pk + "(" + r + ", " + pi + ", " + pj + ", " + rho + "[" + nb + "], " + hs +
      ")");
    if (viscosity)
      L(fv + " += " + vk + "(" + r + ", " + vi + ", " + v + "[" + nb + "], " + rho + "[" + nb +
        "], " + hs + ")");
  } else {
    std::string dist = pick({"dist", "distance", "r_len"}), q = pick({"q", "d", "gap"});
    L(dist + " = wp.length(" + r + ")");
    L("if " + dist + " < " + hs + ":");
    ++indent;
    L(q + " = " + hs + " - " + dist);
    L(fp + " += -" + r + " / " + dist + " * ((" + pj + " + " + pi + ") / (2.0 * " + rho + "[" + nb +
      "])) * " + q + " * " + q);
    if (viscosity)
      L(fv + " += (" + v + "[" + nb + "] - " + vi + ") * (" + q + " / " + rho + "[" + nb + "])");
    --indent;
  }
  indent -= 2;
  std::string total = pn + " * " + fp;
  if (viscosity)
    total += " + " + vn + " * " + fv;
  if (rng.chance(0.5))
    L(fo + "[i] = (" + total + ") / " + rho + "[i]");
  else
    L(fo + "[i] = " + total);
  out(fo, "v3", {n});
}

KDSL_MOTIF(SphPressureMotif, "geometry", 1, "sph_forces") { mSphForces(rng.chance(0.5)); }

KDSL_MOTIF(DemContactMotif, "geometry", 2, "dem_contact") {
  int n = launch1() + 4;
  dims = {n};
  double radius = val(0.06, 0.1, false);
  std::string x = pick({"particle_x", "x", "positions"}), v = pick({"particle_v", "v", "vel"});
  std::string grid = structureParam({"grid", "hash_grid", "grid_id"}, x,
                                    Object{{"dims", Array{16, 16, 16}},
                                           {"points", "@" + x},
                                           {"radius", std::round(2000 * radius) / 1000}},
                                    "hash_grid");
  clusterPoints(x, n, 5.0 * radius, true);
  arr(v, "v3", {n}, -1, 1);
  std::string rad = pick({"radius", "particle_radius", "r_p"});
  inputs.push_back({rad, ty(Ty::F), Value(radius), false});
  std::string kn = pick({"k_contact", "ke", "k_n"}), kd = pick({"k_damp", "kd", "k_d"});
  scal(kn, 500.0, 2000.0);
  scal(kd, 1.0, 10.0);
  bool friction = rng.chance(0.5);
  std::string kf, mu;
  if (friction) {
    kf = pick({"k_friction", "kf", "k_t"});
    mu = pick({"k_mu", "mu", "friction_coeff"});
    scal(kf, 1.0, 10.0);
    scal(mu, 0.2, 0.8);
  }
  std::string cf = funcName("contact_force");
  std::string sig = "(n: {V3}, v: {V3}, c: {F}, k_n: {F}, k_d: {F}" +
                    std::string(friction ? ", k_f: {F}, k_mu: {F}" : "") + ")";
  std::string fn = "@wp.func\ndef " + cf + sig +
                   ":\n"
                   "    vn = wp.dot(n, v)\n"
                   "    jn = c * k_n\n"
                   "    jd = wp.min(vn, 0.0) * k_d\n"
                   "    # contact force\n"
                   "    fn = jn + jd\n";
  if (friction)
    fn += "    # friction force\n"
          "    vt = v - n * vn\n"
          "    vs = wp.length(vt)\n"
          "    if vs > 0.0:\n"
          "        vt = vt / vs\n"
          "    # Coulomb condition\n"
          "    ft = wp.min(vs * k_f, k_mu * wp.abs(fn))\n"
          "    # total force\n"
          "    return -n * fn - vt * ft\n\n\n";
  else
    fn += "    return -n * fn\n\n\n";
  prefix += P(fn);
  std::string fo = pick({"particle_f", "forces", "f"});
  std::string tid = pick({"tid", "t", "thread"}), xi = pick({"xi", "x_i", "p"}),
              vi = pick({"vi", "v_i", "u"}), f = pick({"f_i", "force", "f_acc"}),
              nrm = pick({"n", "normal", "dir"}), d = pick({"d", "dist", "len_n"}),
              err = pick({"err", "c", "overlap"}), vrel = pick({"vrel", "v_rel", "dv"});
  std::string extra = friction ? ", " + kf + ", " + mu : "";
  if (rng.chance(0.6)) {
    L(tid + " = wp.tid()");
    L("i = wp.hash_grid_point_id(" + grid + ", " + tid + ")");
  } else {
    L("i = wp.tid()");
  }
  L(xi + " = " + x + "[i]");
  L(vi + " = " + v + "[i]");
  L(f + " = {V3}()");
  if (rng.chance(0.5)) {
    // A ground plane at y = 0, as example_dem.py's.
    std::string gn = pick({"ground_n", "up", "n_ground"}), gc = pick({"c_ground", "height", "cg"});
    L(gn + " = {V3}(0.0, 1.0, 0.0)");
    L(gc + " = wp.dot(" + gn + ", " + xi + ") - " + rad);
    L("if " + gc + " < 0.0:");
    L("    " + f + " = " + f + " + " + cf + "(" + gn + ", " + vi + ", " + gc + ", " + kn + ", " +
      kd + extra + ")");
  }
  std::string nb = rng.chance(0.5) ? "index" : "j";
  std::string q = pick({"neighbors", "query", "nbrs"});
  L(q + " = wp.hash_grid_query(" + grid + ", " + xi + ", " + rad + " * 2.0)");
  if (rng.chance(0.5)) {
    L("for " + nb + " in " + q + ":");
  } else {
    L(nb + " = int(0)");
    L("while wp.hash_grid_query_next(" + q + ", " + nb + "):");
  }
  ++indent;
  L("if " + nb + " != i:");
  ++indent;
  L(nrm + " = " + xi + " - " + x + "[" + nb + "]");
  L(d + " = wp.length(" + nrm + ")");
  L(err + " = " + d + " - " + rad + " * 2.0");
  L("if " + err + " <= 0.0:");
  ++indent;
  L(nrm + " = " + nrm + " / " + d);
  L(vrel + " = " + vi + " - " + v + "[" + nb + "]");
  L(f + " = " + f + " + " + cf + "(" + nrm + ", " + vrel + ", " + err + ", " + kn + ", " + kd +
    extra + ")");
  indent -= 3;
  L(fo + "[i] = " + f);
  out(fo, "v3", {n});
}

//===----------------------------------------------------------------------===//
// Meshes, BVHs, volumes
//===----------------------------------------------------------------------===//

KDSL_MOTIF(MeshRaycastMotif, "geometry", 3, "mesh_raycast") {
  std::vector<double> zs;
  double zlo, zhi;
  std::string pts, tris;
  std::tie(pts, tris) = triangleMesh(zs, zlo, zhi);
  int faces = 0;
  for (auto &[name, desc] : objectArrays)
    if (name == tris)
      faces = int(desc.getArray("data")->size() / 3);
  std::string mesh = structureParam({"mesh", "mesh_id", "surface"}, "",
                                    Object{{"points", "@" + pts}, {"indices", "@" + tris}}, "mesh");
  bool camera = rng.chance(0.5);
  std::string ro = pick({"ro", "origin", "ray_o"}), rd = pick({"rd", "dir", "ray_d"}),
              q = pick({"query", "hit", "q"}), color = pick({"color", "shade_val", "c"}),
              nrm = pick({"n", "normal", "n_hit"}), tid = "tid";
  std::string albedo = pick({"face_albedo", "albedo", "reflectance"});
  arr(albedo, "f", {faces}, 0.2, 1.0);
  std::string light = pick({"light_dir", "sun_dir", "light"});
  inputs.push_back({light, T("v3"), elem("v3", 0.2, 1.0, "unit"), false});
  std::string maxT = named("1.0e6", {"MAX_T", "T_MAX", "FAR"}, 0.5);
  std::string out0 = pick({"pixels", "radiance", "image", "colors"});
  int n;
  if (camera) {
    // example_raycast.py's draw: a pinhole camera above the height field.
    int w = rng.range(2, 4), hgt = rng.range(2, 3);
    n = w * hgt;
    std::string cam = pick({"cam_pos", "eye", "camera_pos"}), width = pick({"width", "img_w"}),
                height = pick({"height", "img_h"});
    Array cp{val(0.4, 0.6, false), val(0.4, 0.6, false), val(1.5, 2.5, false)};
    inputs.push_back({cam, T("v3"), Value(std::move(cp)), false});
    inputs.push_back({width, "int", Value(int64_t(w)), false});
    inputs.push_back({height, "int", Value(int64_t(hgt)), false});
    std::string sx = pick({"sx", "u"}), sy = pick({"sy", "v_px"});
    L(tid + " = wp.tid()");
    L("x = " + tid + " % " + width);
    L("y = " + tid + " // " + width);
    L(sx + " = 2.0 * {F}(x) / {F}(" + width + ") - 1.0");
    L(sy + " = 2.0 * {F}(y) / {F}(" + height + ") - 1.0");
    L(ro + " = " + cam);
    L(rd + " = wp.normalize({V3}(" + sx + " * 0.3, " + sy + " * 0.3, -1.0))");
  } else {
    n = launch1();
    std::string o = pick({"ray_origins", "origins", "ray_start"}),
                d = pick({"ray_dirs", "directions", "ray_dir"});
    Array od, dd;
    for (int k = 0; k < n; ++k) {
      od.push_back(Array{val(0.05, 0.95, false), val(0.05, 0.95, false), val(0.5, 1.5, false)});
      Value u = elem("v3", -0.2, 0.2, "");
      Array dv{(*u.getAsArray())[0], (*u.getAsArray())[1], -1.0};
      dd.push_back(std::move(dv));
    }
    // Ray origins and directions reach the output only through the query
    // (float32 in Warp): no gradient.
    inputs.push_back(
        {o, ann("v3", 1), Object{{"data", std::move(od)}, {"requires_grad", false}}, false});
    inputs.push_back(
        {d, ann("v3", 1), Object{{"data", std::move(dd)}, {"requires_grad", false}}, false});
    L(tid + " = wp.tid()");
    L(ro + " = " + o + "[" + tid + "]");
    L(rd + " = wp.normalize(" + d + "[" + tid + "])");
  }
  dims = {n};
  L(q + " = wp.mesh_query_ray(" + mesh + ", " + r32(ro, "wp.vec3") + ", " + r32(rd, "wp.vec3") +
    ", " + maxT + ")");
  L(color + " = {F}(0.0)");
  L("if " + q + ".result:");
  ++indent;
  L(nrm + " = " + rv(q + ".normal", "v3"));
  std::string shade = "wp.max(wp.dot(" + nrm + ", " + light + "), 0.0)";
  if (rng.chance(0.5)) {
    // Fog: attenuated by the hit distance.
    std::string fog = pick({"fog_density", "sigma", "extinction"});
    scal(fog, 0.1, 0.5);
    L(color + " = " + albedo + "[" + q + ".face] * " + shade + " * wp.exp(-" + fog + " * " +
      rv(q + ".t") + ")");
  } else {
    L(color + " = " + albedo + "[" + q + ".face] * " + shade);
  }
  --indent;
  L(out0 + "[" + tid + "] = " + color);
  out(out0, "f", {n});
}

KDSL_MOTIF(MeshClosestPointMotif, "geometry", 4, "mesh_closest_point") {
  std::vector<double> zs;
  double zlo, zhi;
  std::string pts, tris;
  std::tie(pts, tris) = triangleMesh(zs, zlo, zhi);
  std::string mesh = structureParam({"mesh", "mesh_id", "collider"}, "",
                                    Object{{"points", "@" + pts}, {"indices", "@" + tris}}, "mesh");
  int n = launch1();
  dims = {n};
  std::string x = pick({"particle_x", "points", "x"});
  Array xd;
  for (int k = 0; k < n; ++k)
    xd.push_back(
        Array{val(0.05, 0.95, false), val(0.05, 0.95, false), val(zlo - 0.2, zhi + 0.2, false)});
  // The query points reach the output through the closest point (float32):
  // no gradient.
  inputs.push_back(
      {x, ann("v3", 1), Object{{"data", std::move(xd)}, {"requires_grad", false}}, false});
  std::string maxDist = named(c(0.5, 2.0), {"MAX_DIST", "QUERY_DIST", "SEARCH_RADIUS"}, 0.5);
  std::string i = "i", p = pick({"p", "x_i", "pos"}), q = pick({"query", "q", "closest"}),
              cp = pick({"cp", "closest_p", "surface_p"});
  L(i + " = wp.tid()");
  L(p + " = " + x + "[i]");
  L(q + " = wp.mesh_query_point_no_sign(" + mesh + ", " + r32(p, "wp.vec3") + ", " + maxDist + ")");
  bool project = rng.chance(0.4);
  if (project) {
    // Pull each point toward its closest surface point by its own weight.
    std::string w = pick({"blend", "snap_weight", "alpha"}), o = pick({"x_proj", "projected"});
    arr(w, "f", {n}, 0.1, 0.9);
    std::string res = pick({"x_new", "target", "res"});
    L(res + " = " + p);
    L("if " + q + ".result:");
    L("    " + cp + " = " +
      rv("wp.mesh_eval_position(" + mesh + ", " + q + ".face, " + q + ".u, " + q + ".v)", "v3"));
    L("    " + res + " = wp.lerp(" + p + ", " + cp + ", " + w + "[i])");
    L(o + "[i] = " + res);
    out(o, "v3", {n});
    return;
  }
  // A penalty force pushing points out of a contact margin around the surface.
  std::string margin = pick({"margin", "contact_margin", "thickness"});
  scal(margin, 0.1, 0.3);
  std::string ke = pick({"stiffness", "k_contact", "ke"});
  arr(ke, "f", {n}, 10.0, 100.0);
  std::string f = pick({"f", "f_contact", "force"}), delta = pick({"delta", "diff", "offset"}),
              dist = pick({"dist", "d", "sep"}), fo = pick({"forces", "particle_f", "f_out"});
  L(f + " = {V3}()");
  L("if " + q + ".result:");
  ++indent;
  L(cp + " = " +
    rv("wp.mesh_eval_position(" + mesh + ", " + q + ".face, " + q + ".u, " + q + ".v)", "v3"));
  L(delta + " = " + p + " - " + cp);
  L(dist + " = wp.length(" + delta + ")");
  L("if " + dist + " < " + margin + ":");
  L("    " + f + " = " + delta + " * (" + ke + "[i] * (" + margin + " - " + dist + ") / " + dist +
    ")");
  --indent;
  L(fo + "[i] = " + f);
  out(fo, "v3", {n});
}

KDSL_MOTIF(BvhOverlapMotif, "geometry", 5, "bvh_overlap") {
  int items = rng.range(6, 12), n = launch1();
  dims = {n};
  std::string lo = pick({"lowers", "item_lower", "box_lo"}),
              hi = pick({"uppers", "item_upper", "box_hi"});
  Array lod, hid;
  for (int k = 0; k < items; ++k) {
    Array l, u;
    for (int c3 = 0; c3 < 3; ++c3) {
      double cc = val(0.1, 0.9, false), s = val(0.05, 0.2, false);
      l.push_back(std::round((cc - s) * 1000) / 1000);
      u.push_back(std::round((cc + s) * 1000) / 1000);
    }
    lod.push_back(std::move(l));
    hid.push_back(std::move(u));
  }
  std::string bvh = structureParam({"bvh", "bvh_id", "tree"}, "",
                                   Object{{"lowers", "@" + lo}, {"uppers", "@" + hi}}, "bvh");
  std::string centers = pick({"centers", "query_pos", "x"});
  arr(centers, "v3", {n}, 0.1, 0.9);
  // The item boxes are float32 (wp.Bvh's): no gradient.
  inputs.push_back({lo, "wp.array(dtype=wp.vec3)",
                    Object{{"data", std::move(lod)}, {"requires_grad", false}}, false});
  inputs.push_back({hi, "wp.array(dtype=wp.vec3)",
                    Object{{"data", std::move(hid)}, {"requires_grad", false}}, false});
  bool perQuery = rng.chance(0.5);
  std::string ext = pick({"half_extent", "query_radius", "half_size"});
  if (perQuery)
    arr(ext, "f", {n}, 0.1, 0.25);
  else
    scal(ext, 0.1, 0.25);
  std::string e = perQuery ? ext + "[i]" : ext;
  std::string qlo = pick({"lower", "q_lo", "lo"}), qhi = pick({"upper", "q_hi", "hi"}),
              q = pick({"query", "q", "bvh_query"}), acc = pick({"total", "overlap", "vol_sum"}),
              ov = pick({"ov", "extent", "inter"});
  std::string o = pick({"overlap_volume", "overlaps", "contact_vol"});
  L("i = wp.tid()");
  L(qlo + " = " + centers + "[i] - {V3}(" + e + ", " + e + ", " + e + ")");
  L(qhi + " = " + centers + "[i] + {V3}(" + e + ", " + e + ", " + e + ")");
  L(q + " = wp.bvh_query_aabb(" + bvh + ", " + r32(qlo, "wp.vec3") + ", " + r32(qhi, "wp.vec3") +
    ")");
  std::string nb = rng.chance(0.5) ? "j" : "bounds_nr";
  L(nb + " = int(0)");
  L(acc + " = {F}(0.0)");
  L("while wp.bvh_query_next(" + q + ", " + nb + "):");
  ++indent;
  L(ov + " = wp.min(" + qhi + ", " + rv(hi + "[" + nb + "]", "v3") + ") - wp.max(" + qlo + ", " +
    rv(lo + "[" + nb + "]", "v3") + ")");
  L("if " + ov + "[0] > 0.0 and " + ov + "[1] > 0.0 and " + ov + "[2] > 0.0:");
  if (rng.chance(0.4)) {
    std::string w = pick({"item_weight", "item_mass", "weights"});
    arr(w, "f", {items}, 0.5, 2.0);
    L("    " + acc + " += " + w + "[" + nb + "] * " + ov + "[0] * " + ov + "[1] * " + ov + "[2]");
  } else {
    L("    " + acc + " += " + ov + "[0] * " + ov + "[1] * " + ov + "[2]");
  }
  --indent;
  L(o + "[i] = " + acc);
  out(o, "f", {n});
}

KDSL_MOTIF(VolumeSampleMotif, "geometry", 6, "volume_sample") {
  int nx = rng.range(4, 6), ny = rng.range(4, 6), nz = rng.range(4, 6);
  static const double sizes[] = {0.1, 0.125, 0.2, 0.25};
  double vs = sizes[rng.range(0, 3)];
  Array origin{val(-0.5, 0.5, false), val(-0.5, 0.5, false), val(-0.5, 0.5, false)};
  double o3[3] = {*origin[0].getAsNumber(), *origin[1].getAsNumber(), *origin[2].getAsNumber()};
  // A smooth density field (a sum of two separable waves), 3 decimals.
  double a = val(0.5, 1.5, false), b = val(0.5, 1.5, false);
  Array field;
  for (int i = 0; i < nx; ++i) {
    Array plane;
    for (int j = 0; j < ny; ++j) {
      Array row;
      for (int k = 0; k < nz; ++k)
        row.push_back(std::round((1.0 + 0.5 * std::sin(a * i + 0.3 * j) * std::cos(b * k)) * 1000) /
                      1000);
      plane.push_back(std::move(row));
    }
    field.push_back(std::move(plane));
  }
  std::string data = pick({"density_grid", "sdf_data", "field_data"});
  objectArrays.push_back({data, Object{{"data", std::move(field)}, {"dtype", "float32"}}});
  std::string vol = structureParam({"volume", "density_volume", "field"}, "",
                                   Object{{"data", "@" + data},
                                          {"voxel_size", vs},
                                          {"min_world", std::move(origin)},
                                          {"background", 0.5}},
                                   "volume");
  int n = launch1();
  dims = {n};
  std::string x = pick({"particle_x", "x", "positions"});
  Array xd;
  int ext[3] = {nx, ny, nz};
  for (int k = 0; k < n; ++k) {
    Array p;
    for (int c3 = 0; c3 < 3; ++c3)
      p.push_back(val(o3[c3] + 0.1 * vs, o3[c3] + (ext[c3] - 1.1) * vs, false));
    xd.push_back(std::move(p));
  }
  // The positions reach the output through the sample (float32 in Warp):
  // no gradient.
  inputs.push_back(
      {x, ann("v3", 1), Object{{"data", std::move(xd)}, {"requires_grad", false}}, false});
  std::string uvw = pick({"uvw", "p_index", "idx_pos"}), rho = pick({"rho", "density", "s"});
  L("i = wp.tid()");
  L(uvw + " = wp.volume_world_to_index(" + vol + ", " + x + "[i])");
  L(rho + " = " +
    rv("wp.volume_sample_f(" + vol + ", " + r32(uvw, "wp.vec3") + ", wp.Volume.LINEAR)"));
  if (rng.chance(0.5)) {
    // Drag through a medium of sampled density (quadratic or linear).
    std::string v = pick({"particle_v", "v", "vel"}), cd = pick({"drag_coeff", "c_d", "k_drag"}),
                vi = pick({"vi", "u", "v_i"}), fo = pick({"drag", "f_drag", "forces"});
    arr(v, "v3", {n}, -1, 1);
    scal(cd, 0.2, 1.5);
    L(vi + " = " + v + "[i]");
    if (rng.chance(0.5))
      L(fo + "[i] = -" + cd + " * " + rho + " * wp.length(" + vi + ") * " + vi);
    else
      L(fo + "[i] = -" + cd + " * " + rho + " * " + vi);
    out(fo, "v3", {n});
  } else {
    // Transmittance of a ray segment through the density (Beer-Lambert).
    std::string sigma = pick({"sigma_t", "extinction", "absorption"}),
                step = pick({"step_len", "ds", "seg_len"}),
                o = pick({"transmittance", "trans", "T_out"});
    arr(sigma, "f", {n}, 0.5, 2.0);
    scal(step, 0.05, 0.3);
    L(o + "[i] = wp.exp(-" + sigma + "[i] * " + rho + " * " + step + ")");
    out(o, "f", {n});
  }
}

} // namespace kdsl::synth::gen
