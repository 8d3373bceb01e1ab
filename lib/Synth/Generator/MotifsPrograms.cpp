//===- MotifsPrograms.cpp - programs of several kernels ----------------------===//
//
// Small Warp programs: two to four kernels that host code launches in
// sequence on shared arrays (compute forces -> integrate -> a loss; p2g
// scatter -> grid update -> g2p gather; row norms -> normalize; a few
// substeps of a stencil, then a loss). Each kernel is built as a motif's is
// (arr, out, L), then endKernel files it; the shared arrays are the same
// names (shared) and finishProgram writes the file and kdsl-run's general
// form of the spec: named arrays, one launch per kernel or the motif's
// `launches` (substeps on arrays named x_0, x_1, ...), every array a kernel
// writes seeded for the backward pass. The motifs register as
// "program:<category>" (KDSL_MOTIF); Gen::run draws a program in
// GenOptions::programShare of the categories that have one.
//
//===----------------------------------------------------------------------===//
#include "Gen.h"

using namespace kdsl::synth;
using namespace kdsl::synth::gen;

namespace kdsl::synth::gen {

KDSL_MOTIF_FILE(Programs)

bool Gen::hasPrograms() const {
  for (const MotifRegistration *r : motifRegistry())
    if (llvm::StringRef(r->category) == "program:" + cat)
      return true;
  return false;
}

const Gen::OutArr *Gen::earlierOut(const std::string &name) const {
  for (const KernelPart &k : kernelParts)
    for (const OutArr &o : k.outs)
      if (o.name == name)
        return &o;
  return nullptr;
}

void Gen::shared(const std::string &name) {
  if (const OutArr *o = earlierOut(name)) {
    Input in{name, ann(o->k, o->shape.size()), nullptr, o->k != "i" && o->k != "u"};
    in.k = o->k;
    in.shape = o->shape;
    in.ref = true;
    inputs.push_back(std::move(in));
    return;
  }
  for (const KernelPart &k : kernelParts)
    for (const Input &in : k.inputs)
      if (in.name == name) {
        Input copy = in;
        copy.ref = true;
        inputs.push_back(std::move(copy));
        return;
      }
  assert(false && "shared: no earlier kernel has the array");
}

/// `if tid >= count: return` (count an int parameter >= the launch) after
/// the first line of the body, in `share` of the kernels of 1-D launches.
static void guardKernel(Gen *g, std::string &body, std::vector<int> &dims, Rng &rng,
                        const std::function<std::string()> &countName,
                        const std::function<void(const std::string &, int)> &addCount,
                        double share) {
  (void)g;
  size_t eol = body.find('\n');
  std::string first = body.substr(0, eol);
  size_t at = first.find(" = wp.tid()");
  if (dims.size() != 1 || at == std::string::npos || first.find(',') != std::string::npos ||
      !rng.chance(share))
    return;
  std::string tid = llvm::StringRef(first.substr(0, at)).trim().str();
  std::string cnt = countName();
  addCount(cnt, dims[0] + rng.range(0, 2));
  body.insert(eol + 1, "    if " + tid + " >= " + cnt + ":\n        return\n");
}

void Gen::endKernel(const std::string &name) {
  // A bounds guard on the thread index in some 1-D kernels, as Warp code has.
  guardKernel(
      this, body, dims, rng,
      [&] { return pick({"count", "num_items", "num_particles", "size", "n_active"}); },
      [&](const std::string &cnt, int value) {
        inputs.push_back({cnt, "int", Value(int64_t(value)), false});
      },
      0.25);
  std::string params;
  for (const Input &in : inputs)
    params += (params.empty() ? "" : ", ") + in.name + ": " + in.annotation;
  for (const OutArr &o : outs)
    params += (params.empty() ? "" : ", ") + o.name + ": " + ann(o.k, o.shape.size());
  kernelsText += std::string(kernelsText.empty() ? "" : "\n\n") + "@wp.kernel\ndef " + name + "(" +
                 params + "):\n" + body;
  kernelParts.push_back({name, std::move(inputs), std::move(outs), std::move(dims)});
  inputs.clear();
  outs.clear();
  dims.clear();
  body.clear();
  vars.clear();
  used.clear();
  indent = 1;
  // The next kernel's locals may take the names this one's did (its own
  // scope); parameters and the file's symbols stay taken.
  taken = {"i",   "j",   "k",   "n",   "ps",    "wp",  "float", "int",
           "len", "abs", "min", "max", "round", "pow", "range", "print"};
  for (const std::string &s : symbols)
    taken.insert(s);
  for (const KernelPart &k : kernelParts) {
    for (const Input &in : k.inputs)
      taken.insert(in.name);
    for (const OutArr &o : k.outs)
      taken.insert(o.name);
  }
}

Program Gen::runProgram() {
  Program p;
  p.category = cat;
  std::vector<MotifChoice> choices = motifsOf("program:" + cat);
  const MotifChoice &m =
      choices.size() == 1 ? choices[0] : choices[rng.range(0, int(choices.size()) - 1)];
  motifName = m.name;
  (this->*m.build)();
  p.motif = motifName;
  return finishProgram(p);
}

Program Gen::finishProgram(Program &p) {
  static auto isArray = [](const std::string &annotation) {
    return llvm::StringRef(annotation).starts_with("wp.array");
  };
  if (launchParts.empty())
    for (size_t k = 0; k < kernelParts.size(); ++k)
      launchParts.push_back({k, {}});
  Object arrays, seeds;
  Array launches;
  auto seedOf = [&](const std::string &k, const std::vector<int> &shape) {
    return nested(shape, 0, [&]() -> Value {
      if (k == "f")
        return rng.value(-1, 1);
      return elem(k, -1, 1, "");
    });
  };
  for (const LaunchPart &l : launchParts) {
    const KernelPart &kp = kernelParts[l.kernel];
    Object args;
    auto bound = [&](const std::string &param) -> std::optional<Value> {
      for (auto &[name, value] : l.args)
        if (name == param)
          return value;
      return std::nullopt;
    };
    for (const Input &in : kp.inputs) {
      std::optional<Value> v = bound(in.name);
      if (!isArray(in.annotation)) {
        args[in.name] = v ? *v : in.data;
        continue;
      }
      std::string arrayName = v ? v->getAsString()->drop_front().str() : in.name;
      if (!arrays.get(arrayName)) {
        if (!in.ref) {
          arrays[arrayName] = in.data;
        } else if (const OutArr *o = earlierOut(in.name)) {
          Array shape;
          for (int d : o->shape)
            shape.push_back(d);
          arrays[arrayName] = Object{{"zeros", std::move(shape)}, {"requires_grad", true}};
        } else {
          for (const KernelPart &other : kernelParts)
            for (const Input &def : other.inputs)
              if (def.name == in.name && !def.ref && !arrays.get(arrayName))
                arrays[arrayName] = def.data;
        }
      }
      args[in.name] = "@" + arrayName;
    }
    for (const OutArr &o : kp.outs) {
      std::optional<Value> v = bound(o.name);
      std::string arrayName = v ? v->getAsString()->drop_front().str() : o.name;
      if (!arrays.get(arrayName)) {
        arrays[arrayName] = o.specEntry();
        seeds[arrayName] = seedOf(o.k, o.shape);
      }
      args[o.name] = "@" + arrayName;
    }
    Array dimArr;
    for (int d : kp.dims)
      dimArr.push_back(d);
    launches.push_back(
        Object{{"kernel", kp.name}, {"dim", std::move(dimArr)}, {"args", std::move(args)}});
  }
  p.kernelName = kernelParts.front().name;
  for (const KernelPart &k : kernelParts)
    p.kernels.push_back(k.name);
  p.source = header() + constantsText() + prefix + kernelsText;
  p.spec = Object{{"arrays", std::move(arrays)},
                  {"launches", std::move(launches)},
                  {"backward", Object{{"seed", std::move(seeds)}}}};
  return std::move(p);
}

//===----------------------------------------------------------------------===//
// The programs
//===----------------------------------------------------------------------===//

/// compute forces -> integrate (-> a loss): `viaFunc` computes the spring
/// force in a @wp.func; `loss` adds a kernel that sums the squared distance
/// of the new positions to targets (an atomic); in one of three programs
/// without a func the pair runs two or three substeps on arrays x_0, x_1, ...
void Gen::mForcesIntegrate(bool viaFunc, bool loss) {
  int n = launch1();
  dims = {n};
  std::string x = pick({"x", "pos", "particle_q", "positions"}),
              v = pick({"v", "vel", "particle_qd", "velocities"}),
              f = pick({"f", "forces", "particle_f", "f_total"});
  arr(x, "v3", {n}, -1, 1);
  arr(v, "v3", {n}, -1, 1);
  out(f, "v3", {n});
  std::string ke = named(c(2.0, 20.0), {"STIFFNESS", "K_SPRING", "SPRING_KE", "KE"}),
              kd = named(c(0.1, 1.0), {"DAMPING", "K_DAMP", "SPRING_KD", "KD"});
  std::string anchor = "{V3}(" + c(-0.5, 0.5) + ", " + c(0.5, 1.5) + ", " + c(-0.5, 0.5) + ")";
  std::string d = pick({"d", "disp", "offset", "stretch"});
  L("i = wp.tid()");
  L(d + " = " + x + "[i] - " + anchor);
  std::string grav =
      rng.chance(0.5) ? " + {V3}(0.0, " + named(gravity(), {"GRAVITY", "G_Y"}) + ", 0.0)" : "";
  if (viaFunc) {
    std::string fn = funcName(pick({"spring_force", "damped_spring", "eval_spring"}));
    prefix += P("@wp.func\ndef " + fn + "(d: {V3}, v: {V3}):\n    return -" + ke + " * d - " + kd +
                " * v\n\n\n");
    L(f + "[i] = " + fn + "(" + d + ", " + v + "[i])" + grav);
  } else if (rng.chance(0.4)) {
    // The spring and the damper as terms of their own.
    std::string fs = pick({"f_s", "f_spring", "fe"}), fd = pick({"f_d", "f_damp", "fv"});
    L(fs + " = -" + ke + " * " + d);
    L(fd + " = -" + kd + " * " + v + "[i]");
    if (rng.chance(0.5)) {
      std::string ft = pick({"f_sum", "total_f", "ftot"});
      L(ft + " = " + fs + " + " + fd + grav);
      L(f + "[i] = " + ft);
    } else {
      L(f + "[i] = " + fs + " + " + fd + grav);
    }
  } else {
    L(f + "[i] = -" + ke + " * " + d + " - " + kd + " * " + v + "[i]" + grav);
  }
  endKernel(drawSymbol({"compute_forces", "eval_forces", "spring_forces", "accumulate_forces",
                        "eval_spring_forces"}));

  dims = {n};
  shared(x);
  shared(v);
  shared(f);
  std::string im = pick({"inv_mass", "w", "inv_m", "particle_inv_mass"});
  arr(im, "f", {n}, 0.2, 2.0);
  std::string dt = pick({"dt", "sim_dt", "h", "step_dt"});
  scal(dt, 0.005, 0.05);
  std::string xo = pick({"x_new", "pos_out", "x_next", "q_out"}),
              vo = pick({"v_new", "vel_out", "v_next", "qd_out"});
  out(xo, "v3", {n});
  out(vo, "v3", {n});
  std::string vn = pick({"v1", "vi", "v_next_i", "u"});
  L("i = wp.tid()");
  if (rng.chance(0.5)) {
    std::string acc = pick({"a", "acc", "accel"});
    L(acc + " = " + f + "[i] * " + im + "[i]");
    L(vn + " = " + v + "[i] + " + acc + " * " + dt);
  } else {
    L(vn + " = " + v + "[i] + " + f + "[i] * " + im + "[i] * " + dt);
  }
  if (rng.chance(0.35))
    L(vn + " = " + vn + " * " +
      named(c(0.95, 0.999), {"VEL_DAMPING", "DRAG", "LINEAR_DAMPING", "DECAY"}));
  if (rng.chance(0.5)) {
    L(xo + "[i] = " + x + "[i] + " + vn + " * " + dt);
    L(vo + "[i] = " + vn);
  } else {
    L(vo + "[i] = " + vn);
    L(xo + "[i] = " + x + "[i] + " + vo + "[i] * " + dt);
  }
  endKernel(drawSymbol(
      {"integrate", "integrate_particles", "semi_implicit_euler", "advance", "step_particles"}));

  if (loss) {
    dims = {n};
    shared(xo);
    std::string tgt = pick({"target", "x_target", "goal", "ref_pos"});
    arr(tgt, "v3", {n}, -1, 1);
    std::string l = pick({"loss", "cost", "l2", "err_sum"});
    out(l, "f", {1});
    std::string e = pick({"e", "diff", "delta"});
    L("i = wp.tid()");
    if (rng.chance(0.5)) {
      L(e + " = " + xo + "[i] - " + tgt + "[i]");
      L("wp.atomic_add(" + l + ", 0, wp.dot(" + e + ", " + e + "))");
    } else {
      L("wp.atomic_add(" + l + ", 0, wp.length_sq(" + xo + "[i] - " + tgt + "[i]))");
    }
    endKernel(drawSymbol({"compute_loss", "position_loss", "l2_loss", "loss_kernel"}));
  }
  // Substeps: forces and integrate on x_0, v_0 -> x_1, v_1 -> ...
  if (!viaFunc && rng.chance(0.35)) {
    int steps = rng.range(2, 3);
    auto at = [](const std::string &a, int s) { return Value("@" + a + "_" + std::to_string(s)); };
    for (int s = 0; s < steps; ++s) {
      launchParts.push_back({0, {{x, at(x, s)}, {v, at(v, s)}, {f, at(f, s)}}});
      launchParts.push_back(
          {1,
           {{x, at(x, s)}, {v, at(v, s)}, {f, at(f, s)}, {xo, at(x, s + 1)}, {vo, at(v, s + 1)}}});
    }
    if (loss)
      launchParts.push_back({2, {{xo, at(x, steps)}}});
  }
}

KDSL_MOTIF(ForcesIntegrateVec, "program:vector", 0, "forces_integrate") {
  mForcesIntegrate(false, rng.chance(0.4));
}
KDSL_MOTIF(ForcesIntegrateFunc, "program:func_call", 0, "forces_integrate_func") {
  mForcesIntegrate(true, rng.chance(0.4));
}
KDSL_MOTIF(ForcesIntegrateLoss, "program:atomic", 1, "forces_integrate_loss") {
  mForcesIntegrate(false, true);
}

/// p2g scatter -> grid update -> g2p gather on a 1-D grid (linear weights).
KDSL_MOTIF(ParticleGrid, "program:atomic", 0, "p2g_g2p") {
  int np = launch1(), cells = std::max(4, np / 2 + 2);
  std::string px = pick({"px", "particle_x", "x_p", "positions"}),
              pm = pick({"pm", "mass", "particle_mass", "m_p"}),
              pv = pick({"pv", "particle_v", "v_p", "vel"});
  std::string gm = pick({"grid_m", "grid_mass", "node_m"}),
              gmv = pick({"grid_mv", "grid_mom", "node_p"});
  dims = {np};
  arr(px, "f", {np}, 0.05, cells - 1.05);
  arr(pm, "f", {np}, 0.5, 2.0);
  arr(pv, "f", {np}, -1, 1);
  out(gm, "f", {cells});
  out(gmv, "f", {cells});
  std::string xp = pick({"xp", "xi", "pos_p"}), base = pick({"cell", "base", "c0", "idx"}),
              fx = pick({"fx", "frac", "t"}), w0 = pick({"w0", "wl", "w_left"});
  L("p = wp.tid()");
  L(xp + " = " + px + "[p]");
  L(base + " = int(" + xp + ")");
  L(fx + " = " + xp + " - {F}(" + base + ")");
  L(w0 + " = 1.0 - " + fx);
  L("wp.atomic_add(" + gm + ", " + base + ", " + w0 + " * " + pm + "[p])");
  L("wp.atomic_add(" + gm + ", " + base + " + 1, " + fx + " * " + pm + "[p])");
  L("wp.atomic_add(" + gmv + ", " + base + ", " + w0 + " * " + pm + "[p] * " + pv + "[p])");
  L("wp.atomic_add(" + gmv + ", " + base + " + 1, " + fx + " * " + pm + "[p] * " + pv + "[p])");
  endKernel(drawSymbol({"p2g", "p2g_scatter", "particle_to_grid", "scatter_particles"}));

  dims = {cells};
  shared(gm);
  shared(gmv);
  std::string dt = pick({"dt", "sim_dt", "h"});
  scal(dt, 0.005, 0.05);
  Input dtInput = inputs.back();
  std::string gv = pick({"grid_v", "node_v", "grid_vel"});
  out(gv, "f", {cells});
  std::string mass = pick({"m", "mass_i", "node_mass"}), vel = pick({"v", "vel_i", "node_vel"});
  L("i = wp.tid()");
  L(mass + " = " + gm + "[i]");
  L(vel + " = " + gmv + "[i] / (" + mass + " + " + named(c(0.001, 0.01), {"EPS", "MASS_EPS"}) +
    ")");
  std::string g = named(gravity(), {"GRAVITY", "G_Y", "G"});
  if (rng.chance(0.5)) {
    // Walls: the velocity of the border nodes damped.
    L(vel + " = " + vel + " + " + dt + " * " + g);
    L("if i == 0 or i == " + gm + ".shape[0] - 1:");
    L("    " + vel + " = " + vel + " * " + c(0.1, 0.5));
    L(gv + "[i] = " + vel);
  } else {
    L(gv + "[i] = " + vel + " + " + dt + " * " + g);
  }
  endKernel(drawSymbol({"grid_update", "update_grid", "grid_op", "apply_grid_forces"}));

  dims = {np};
  shared(px);
  shared(gv);
  inputs.push_back(dtInput);
  std::string pxo = pick({"px_new", "x_out", "new_x"}), pvo = pick({"pv_new", "v_out", "new_v"});
  out(pxo, "f", {np});
  out(pvo, "f", {np});
  std::string vp = pick({"vp", "v_p_i", "u"});
  L("p = wp.tid()");
  L(xp + " = " + px + "[p]");
  L(base + " = int(" + xp + ")");
  L(fx + " = " + xp + " - {F}(" + base + ")");
  L(vp + " = (1.0 - " + fx + ") * " + gv + "[" + base + "] + " + fx + " * " + gv + "[" + base +
    " + 1]");
  L(pvo + "[p] = " + vp);
  L(pxo + "[p] = " + xp + " + " + vp + " * " + dt);
  endKernel(drawSymbol({"g2p", "g2p_gather", "grid_to_particle", "gather_particles"}));
}

/// Row norms (a loop carrying a sum over a row) -> each element divided by
/// its row's norm (a 2-D launch) (-> a weighted loss, an atomic).
/// `sqrtNorm`: the norm is sqrt(sum of squares + eps), else 1 + the sum.
void Gen::mNormalizeRows(bool sqrtNorm) {
  int rows = std::max(2, opt.threads / 2), cols = rng.range(3, 5);
  std::string a = pick({"a", "feats", "scores", "rows", "logits"});
  arr(a, "f", {rows, cols}, -1, 1);
  std::string nc = pick({"num_cols", "m", "cols", "width"});
  iscal(nc, cols, cols);
  std::string w;
  if (rng.chance(0.5)) {
    w = pick({"col_w", "weights", "w"});
    arr(w, "f", {cols}, 0.5, 1.5);
  }
  std::string norms = pick({"norms", "row_norm", "denom", "row_scale"});
  out(norms, "f", {rows});
  dims = {rows};
  std::string s = pick({"s", "acc", "sum_sq", "total"}), e = pick({"e", "x_ij", "val"});
  L("i = wp.tid()");
  L(s + " = {F}(0.0)");
  L("for j in range(" + nc + "):");
  if (rng.chance(0.5)) {
    L("    " + e + " = " + a + "[i, j]" + (w.empty() ? "" : " * " + w + "[j]"));
    L("    " + s + " += " + e + " * " + e);
  } else {
    L("    " + s + " = " + s + " + " + a + "[i, j] * " + a + "[i, j]" +
      (w.empty() ? "" : " * " + w + "[j]"));
  }
  if (sqrtNorm)
    L(norms + "[i] = wp.sqrt(" + s + " + " + named(c(0.001, 0.01), {"EPS", "NORM_EPS"}) + ")");
  else
    L(norms + "[i] = " + s + " + 1.0");
  endKernel(drawSymbol({"row_norms", "compute_row_norms", "row_energy", "sum_squares_rows"}));

  shared(a);
  shared(norms);
  std::string o = pick({"out", "normed", "a_hat", "y"});
  out(o, "f", {rows, cols});
  if (rng.chance(0.6)) {
    dims = {rows, cols};
    L("i, j = wp.tid()");
    L(o + "[i, j] = " + a + "[i, j] / " + norms + "[i]");
  } else {
    // A row per thread: the reciprocal once, a loop over the columns.
    dims = {rows};
    std::string nc2 = pick({"n_cols", "ncols", "row_len"}), inv = pick({"inv", "inv_n", "scale"});
    iscal(nc2, cols, cols);
    L("i = wp.tid()");
    L(inv + " = 1.0 / " + norms + "[i]");
    L("for j in range(" + nc2 + "):");
    L("    " + o + "[i, j] = " + a + "[i, j] * " + inv);
  }
  endKernel(drawSymbol({"normalize_rows", "row_normalize", "apply_norm", "scale_rows"}));

  if (rng.chance(0.4)) {
    dims = {rows, cols};
    shared(o);
    std::string t = pick({"target", "labels", "y_ref"});
    arr(t, "f", {rows, cols}, -1, 1);
    std::string l = pick({"loss", "cost", "score_sum"});
    out(l, "f", {1});
    L("i, j = wp.tid()");
    L("wp.atomic_add(" + l + ", 0, " + o + "[i, j] * " + t + "[i, j])");
    endKernel(drawSymbol({"dot_loss", "compute_loss", "weighted_sum", "loss_kernel"}));
  }
}

KDSL_MOTIF(NormalizeRows2d, "program:array2d", 0, "normalize_rows") {
  mNormalizeRows(rng.chance(0.5));
}
KDSL_MOTIF(NormalizeRowsLoop, "program:loop_carried", 0, "normalize_rows_loop") {
  mNormalizeRows(rng.chance(0.5));
}
KDSL_MOTIF(NormalizeRowsMath, "program:math", 0, "normalize_rows_sqrt") { mNormalizeRows(true); }
KDSL_MOTIF(NormalizeRowsArith, "program:arithmetic", 0, "normalize_rows_sum") {
  mNormalizeRows(false);
}

/// Two or three substeps of an explicit diffusion step on a 2-D grid
/// (u_0 -> u_1 -> ...; the border cells keep their value), then a loss
/// against a target field (an atomic).
void Gen::mDiffuseSubsteps(bool border) {
  int nx = rng.range(4, 6), ny = rng.range(4, 6);
  std::string u = pick({"u", "temp", "field", "heat"});
  arr(u, "f", {nx, ny}, -1, 1);
  std::string kd = pick({"k_diff", "alpha", "kappa", "diffusivity"});
  scal(kd, 0.5, 2.0);
  std::string dt = pick({"dt", "h", "step_dt"});
  scal(dt, 0.01, 0.05);
  std::string uo = pick({"u_out", "u_new", "field_out", "temp_next"});
  out(uo, "f", {nx, ny});
  dims = {nx, ny};
  std::string cval = pick({"c", "center", "u_c"}), lap = pick({"lap", "laplacian", "del2"});
  // The new value: with a decay term in some programs.
  std::string decay =
      rng.chance(0.35) ? named(c(0.1, 0.9), {"DECAY", "DECAY_RATE", "K_DECAY"}) : "";
  std::string nv = pick({"u_next", "val", "nv"});
  auto update = [&](const std::string &pad) {
    if (decay.empty()) {
      L(pad + uo + "[i, j] = " + cval + " + " + kd + " * " + dt + " * " + lap);
      return;
    }
    L(pad + nv + " = " + cval + " + " + kd + " * " + dt + " * " + lap);
    L(pad + uo + "[i, j] = " + nv + " * (1.0 - " + decay + " * " + dt + ")");
  };
  std::string borderTest =
      "i == 0 or j == 0 or i == " + u + ".shape[0] - 1 or j == " + u + ".shape[1] - 1";
  std::string stencil = u + "[i - 1, j] + " + u + "[i + 1, j] + " + u + "[i, j - 1] + " + u +
                        "[i, j + 1] - 4.0 * " + cval;
  L("i, j = wp.tid()");
  L(cval + " = " + u + "[i, j]");
  int form = border ? rng.range(0, 1) : rng.range(0, 2);
  if (form == 0) {
    L("if " + borderTest + ":");
    L("    " + uo + "[i, j] = " + cval);
    L("else:");
    L("    " + lap + " = " + stencil);
    update("    ");
  } else if (form == 1) {
    // The border first, with an early return.
    L("if " + borderTest + ":");
    L("    " + uo + "[i, j] = " + cval);
    L("    return");
    L(lap + " = " + stencil);
    update("");
  } else {
    // Clamped neighbours (a zero-flux border).
    std::string im = pick({"im", "i0", "il"}), ip = pick({"ip", "i1", "ir"}),
                jm = pick({"jm", "j0", "jd"}), jp = pick({"jp", "j1", "ju"});
    L(im + " = wp.max(i - 1, 0)");
    L(ip + " = wp.min(i + 1, " + u + ".shape[0] - 1)");
    L(jm + " = wp.max(j - 1, 0)");
    L(jp + " = wp.min(j + 1, " + u + ".shape[1] - 1)");
    L(lap + " = " + u + "[" + im + ", j] + " + u + "[" + ip + ", j] + " + u + "[i, " + jm + "] + " +
      u + "[i, " + jp + "] - 4.0 * " + cval);
    update("");
  }
  endKernel(drawSymbol({"diffuse", "heat_step", "diffuse_step", "explicit_diffusion"}));

  // A source term added after each diffusion step, by a kernel of its own.
  std::string last = uo, src, so;
  if (rng.chance(0.35)) {
    dims = {nx, ny};
    shared(uo);
    src = pick({"source", "src", "heat_src", "q_src"});
    arr(src, "f", {nx, ny}, -1, 1);
    inputs.push_back(kernelParts.front().inputs[2]); // dt
    so = pick({"u_src", "with_source", "u_after"});
    out(so, "f", {nx, ny});
    L("i, j = wp.tid()");
    L(so + "[i, j] = " + uo + "[i, j] + " + dt + " * " + src + "[i, j]");
    endKernel(drawSymbol({"add_source", "apply_source", "inject_heat", "source_step"}));
    last = so;
  }

  dims = {nx, ny};
  shared(last);
  std::string t = pick({"target", "u_target", "goal"});
  arr(t, "f", {nx, ny}, -1, 1);
  std::string l = pick({"loss", "err", "mismatch"});
  out(l, "f", {1});
  std::string e = pick({"e", "diff", "r"});
  L("i, j = wp.tid()");
  if (rng.chance(0.6)) {
    L(e + " = " + last + "[i, j] - " + t + "[i, j]");
    L("wp.atomic_add(" + l + ", 0, " + e + " * " + e + ")");
  } else {
    L("wp.atomic_add(" + l + ", 0, " + last + "[i, j] * " + t + "[i, j])");
  }
  endKernel(drawSymbol({"field_loss", "compute_loss", "l2_loss", "mismatch_loss"}));

  int steps = rng.range(2, 3);
  auto at = [&](const std::string &base, int s) {
    return Value("@" + base + "_" + std::to_string(s));
  };
  for (int s = 0; s < steps; ++s) {
    if (so.empty()) {
      launchParts.push_back({0, {{u, at(u, s)}, {uo, at(u, s + 1)}}});
      continue;
    }
    launchParts.push_back({0, {{u, at(u, s)}, {uo, at(uo, s)}}});
    launchParts.push_back({1, {{uo, at(uo, s)}, {so, at(u, s + 1)}}});
  }
  launchParts.push_back({kernelParts.size() - 1, {{last, at(u, steps)}}});
}

KDSL_MOTIF(DiffuseSubsteps2d, "program:array2d", 1, "diffuse_substeps") { mDiffuseSubsteps(false); }
KDSL_MOTIF(DiffuseSubstepsScalar, "program:scalar_param", 0, "diffuse_substeps_param") {
  mDiffuseSubsteps(false);
}
KDSL_MOTIF(DiffuseSubstepsBranch, "program:control_flow", 0, "diffuse_substeps_border") {
  mDiffuseSubsteps(true);
}

} // namespace kdsl::synth::gen
