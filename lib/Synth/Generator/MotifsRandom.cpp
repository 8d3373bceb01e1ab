//===- MotifsRandom.cpp - kernels that draw random numbers ------------------===//
//
// Motifs of code that uses Warp's random numbers (wp.rand_init, randf,
// randn, randi, sample_*, noise, pnoise, curlnoise): particle emission with
// jitter, Langevin (Brownian) dynamics, dropout and noise injection, fractal
// noise fields on a grid, Monte Carlo estimates over hemisphere samples, and
// randomly drawn pairs. Each thread seeds its own stream, as Warp's examples
// do (`wp.rand_init(seed, tid)`), so the outputs are a function of the seed:
// verifiable. Random values carry no derivative; they scale, offset or select
// differentiable inputs, whose gradients are checked. The random builtins
// take and return float32 in both precisions: the float64 twin converts
// their results (rv) and passes float32 points to the noise functions.
//
//===----------------------------------------------------------------------===//
#include "Gen.h"

#include <cmath>

using namespace kdsl::synth;
using namespace kdsl::synth::gen;

namespace kdsl::synth::gen {

KDSL_MOTIF_FILE(Random)

namespace {
const char *const kSeeds[] = {"seed", "rng_seed", "frame_seed", "step_seed"};
const char *const kStates[] = {"rng", "state", "rstate", "s_rng"};
} // namespace

KDSL_MOTIF(JitterEmitMotif, "random", 0, "jitter_emit") {
  int n = launch1();
  dims = {n};
  std::string ctr = pick({"emitter_pos", "origins", "centers", "spawn_pos"}),
              rad = pick({"radius", "spread", "emit_radius"}),
              po = pick({"particle_pos", "pos_out", "spawned"});
  std::string seed = pick(kSeeds), st = pick(kStates), off = pick({"offset", "jitter", "dp"}),
              tid = pick({"tid", "i", "p_id"});
  // Each emitter spawns several particles in two of five: a loop that draws
  // fresh numbers per particle, stored at tid * m + k.
  int m = rng.chance(0.4) ? rng.range(2, 4) : 1;
  arr(ctr, "v3", {n}, -1, 1);
  arr(rad, "f", {n}, 0.05, 0.5);
  iscal(seed, 0, 100000);
  bool vel = rng.chance(0.5);
  std::string base = pick({"base_vel", "emit_vel", "v_init"}),
              vo = pick({"particle_vel", "vel_out", "v_spawn"});
  std::string sigma = named(c(0.05, 0.5), {"SIGMA", "NOISE_SCALE", "NOISE_STD", "JITTER"});
  if (vel) {
    if (rng.chance(0.5)) {
      sigma = pick({"sigma", "vel_noise", "spread_v"});
      scal(sigma, 0.05, 0.5);
    }
    arr(base, "v3", {n}, -1, 1);
  }
  line(tid + " = wp.tid()");
  L(st + " = wp.rand_init(" + seed + ", " + tid + ")");
  std::string at = pointLoop(m, tid, {"k", "p_k", "s_i"}, {"per_emitter", "num_spawn", "burst"},
                             {"slot", "dst", "p_out"});
  switch (rng.range(0, 2)) {
  case 0:
    L(off + " = " + rv("wp.sample_unit_sphere(" + st + ")", "v3") + " * " + rad + "[" + tid + "]");
    break;
  case 1: {
    std::string u = rv("wp.randf(" + st + ", -1.0, 1.0)");
    L(off + " = {V3}(" + u + ", " + u + ", " + u + ") * " + rad + "[" + tid + "]");
    break;
  }
  default:
    L(off + " = " + rv("wp.sample_unit_sphere_surface(" + st + ")", "v3") + " * (" + rad + "[" +
      tid + "] * " + rv("wp.randf(" + st + ")") + ")");
    break;
  }
  L(po + "[" + at + "] = " + ctr + "[" + tid + "] + " + off);
  out(po, "v3", {n * m});
  if (vel) {
    std::string g = rv("wp.randn(" + st + ")");
    L(vo + "[" + at + "] = " + base + "[" + tid + "] + {V3}(" + g + ", " + g + ", " + g + ") * " +
      sigma);
    out(vo, "v3", {n * m});
  }
  if (m > 1)
    --indent;
}

KDSL_MOTIF(LangevinMotif, "random", 1, "langevin") {
  int n = launch1();
  dims = {n};
  std::string pos = pick({"pos", "x", "particle_q"}), vel = pick({"vel", "v", "particle_qd"});
  arr(pos, "v3", {n}, -1, 1);
  arr(vel, "v3", {n}, -1, 1);
  std::string seed = pick(kSeeds), st = pick(kStates);
  iscal(seed, 0, 100000);
  double dtv = rng.value(0.005, 0.05), gv = rng.value(0.1, 2.0), kv = rng.value(0.1, 1.0);
  std::string dt = num(dtv), gamma = num(gv), kT = num(kv);
  bool dtParam = rng.chance(0.5);
  if (dtParam) {
    dt = pick({"dt", "sim_dt", "h"});
    scal(dt, 0.005, 0.05);
  }
  // The noise amplitude sqrt(2 gamma kT dt): computed, or a constant when
  // dt is one.
  std::string sq = dtParam ? "wp.sqrt(2.0 * " + gamma + " * " + kT + " * " + dt + ")"
                           : (f64 ? "{F}(" + num(std::sqrt(2.0 * gv * kv * dtv)) + ")"
                                  : num(std::sqrt(2.0 * gv * kv * dtv)));
  std::string x = pick({"x0", "xi", "p"}), v = pick({"v0", "vi", "u"}),
              xi = pick({"xi_n", "noise", "eta", "dW"}), po = pick({"pos_out", "x_new", "new_pos"}),
              vo = pick({"vel_out", "v_new", "new_vel"});
  line("i = wp.tid()");
  L(st + " = wp.rand_init(" + seed + ", i)");
  L(x + " = " + pos + "[i]");
  L(v + " = " + vel + "[i]");
  bool inPlace = false;
  if (rng.chance(0.5)) {
    std::string f = pick({"force", "f_ext", "particle_f"}), im = pick({"inv_mass", "inv_m", "w"});
    std::string k = massKind();
    arr(f, "v3", {n}, -1, 1);
    arr(im, k, {n}, 0.2, 2.0);
    L(v + " = " + v + " + " + f + "[i] * " + load(im, "i", k) + " * " + dt);
    // With a force (whose gradient the record checks), the state is
    // updated in place in two of five: the step is linear in it (inOut).
    inPlace = rng.chance(0.4);
  }
  std::string g = rv("wp.randn(" + st + ")");
  bool hoisted = rng.chance(0.5);
  std::string amp = pick({"amp", "sigma_v", "kick"});
  if (hoisted)
    L(amp + " = " + sq);
  // Several substeps per launch in two of five, each with fresh noise.
  bool substeps = rng.chance(0.4);
  if (substeps) {
    std::string ns = pick({"substeps", "num_substeps", "n_sub"});
    iscal(ns, 2, 4);
    L("for s in range(" + ns + "):");
    ++indent;
  }
  L(xi + " = {V3}(" + g + ", " + g + ", " + g + ")");
  if (!hoisted)
    L(v + " = " + v + " * (1.0 - " + gamma + " * " + dt + ") + " + xi + " * " + sq);
  else
    L(v + " = " + v + " - " + v + " * (" + gamma + " * " + dt + ") + " + xi + " * " + amp);
  L(x + " = " + x + " + " + v + " * " + dt);
  if (substeps)
    --indent;
  if (inPlace) {
    L(pos + "[i] = " + x);
    L(vel + "[i] = " + v);
    inOut(pos);
    inOut(vel);
    return;
  }
  L(po + "[i] = " + x);
  L(vo + "[i] = " + v);
  out(po, "v3", {n});
  out(vo, "v3", {n});
}

KDSL_MOTIF(DropoutMotif, "random", 2, "dropout") {
  int n = launch1();
  dims = {n};
  std::string x = pick({"x", "acts", "features", "h"}),
              y = pick({"y", "out_acts", "h_out", "x_aug"});
  std::string seed = pick(kSeeds), st = pick(kStates);
  // A row of features per thread in two of five (a batch of rows, [n, C]):
  // a loop over the row that draws a number per feature.
  int C = rng.chance(0.4) ? rng.range(2, 4) : 0;
  std::vector<int> shape = C ? std::vector<int>{n, C} : std::vector<int>{n};
  std::string at = C ? "i, j" : "i";
  std::string at1 = C ? "j" : "i"; // per-feature parameters
  arr(x, "f", shape, -2, 2);
  iscal(seed, 0, 100000);
  line("i = wp.tid()");
  L(st + " = wp.rand_init(" + seed + ", i)");
  auto row = [&] {
    if (C) {
      L("for j in range(" + x + ".shape[1]):");
      ++indent;
    }
  };
  switch (rng.range(0, 2)) {
  case 0: {
    row();
    // Inverted dropout: keep with probability 1 - p, scaled by 1 / (1 - p).
    double p = rng.value(0.1, 0.4);
    std::string u = pick({"u", "r", "coin"}), mask = pick({"mask", "keep", "m"});
    L(u + " = wp.randf(" + st + ")");
    if (rng.chance(0.5)) {
      L(mask + " = wp.where(" + u + " < " + num(p) + ", {F}(0.0), {F}(" + num(1.0 / (1.0 - p)) +
        "))");
      L(y + "[" + at + "] = " + x + "[" + at + "] * " + mask);
    } else {
      L("if " + u + " < " + num(p) + ":");
      L("    " + y + "[" + at + "] = 0.0");
      L("else:");
      L("    " + y + "[" + at + "] = " + x + "[" + at + "] * " + num(1.0 / (1.0 - p)));
    }
    break;
  }
  case 1: {
    // Gaussian noise injection, scaled per feature.
    std::string sigma = pick({"sigma", "noise_scale", "std"}), e = pick({"eps", "z", "g"});
    arr(sigma, "f", {C ? C : n}, 0.05, 0.5);
    row();
    L(e + " = " + rv("wp.randn(" + st + ")"));
    L(y + "[" + at + "] = " + x + "[" + at + "] + " + sigma + "[" + at1 + "] * " + e);
    break;
  }
  default: {
    // Mixup: a random convex combination of two samples.
    std::string x2 = pick({"x_other", "x_b", "partner"}), lam = pick({"lam", "mix", "t"});
    arr(x2, "f", shape, -2, 2);
    // One weight per sample (row), drawn before the row's loop.
    L(lam + " = " + rv("wp.randf(" + st + ", " + c(0.1, 0.3) + ", " + c(0.7, 0.9) + ")"));
    row();
    L(y + "[" + at + "] = wp.lerp(" + x + "[" + at + "], " + x2 + "[" + at + "], " + lam + ")");
    break;
  }
  }
  if (C)
    --indent;
  out(y, "f", shape);
}

KDSL_MOTIF(NoiseFieldMotif, "random", 3, "noise_field") {
  int nx = rng.range(3, 6), ny = rng.range(3, 6);
  dims = {nx, ny};
  std::string seed = pick(kSeeds), st = pick(kStates), uv = pick({"uv", "p", "coord"});
  iscal(seed, 0, 100000);
  line("i, j = wp.tid()");
  L(st + " = wp.rand_init(" + seed + ")");
  // float32 coordinates in both precisions (the noise functions take them).
  L(uv + " = wp.vec2(float(i) * " + c(0.13, 0.6) + " + " + c(0.05, 0.9) + ", float(j) * " +
    c(0.13, 0.6) + " + " + c(0.05, 0.9) + ")");
  if (rng.chance(0.3)) {
    // A 2-D curl-noise wind added to a velocity field.
    std::string vel = pick({"vel", "u_field", "flow"}), vo = pick({"vel_out", "u_new", "advected"}),
                w = pick({"wind", "curl", "turb"});
    std::string strength = c(0.1, 1.0);
    arr(vel, "v2", {nx, ny}, -1, 1);
    L(w + " = " + rv("wp.curlnoise(" + st + ", " + uv + ")", "v2"));
    if (rng.chance(0.5)) {
      std::string s = pick({"strength", "gain", "amp"});
      arr(s, "f", {nx, ny}, 0.1, 1.0);
      strength = s + "[i, j]";
    }
    L(vo + "[i, j] = " + vel + "[i, j] + " + w + " * " + strength);
    out(vo, "v2", {nx, ny});
    return;
  }
  std::string base = pick({"height", "terrain", "base_h", "h0"}),
              ho = pick({"height_out", "terrain_out", "h_new"}), h = pick({"h", "n_sum", "fbm"}),
              amp = pick({"amp", "scale", "relief"});
  arr(base, "f", {nx, ny}, -1, 1);
  arr(amp, "f", {nx, ny}, 0.1, 1.0);
  if (rng.chance(0.5)) {
    // Fractal Brownian motion: octaves of noise at doubling frequencies.
    std::string oct = pick({"octaves", "num_octaves", "levels"}),
                a = pick({"a", "w_oct", "gain_o"}), fr = pick({"freq", "fr", "lac"});
    iscal(oct, 2, 4);
    L(h + " = {F}(0.0)");
    L(a + " = {F}(1.0)");
    L(fr + " = float(1.0)");
    L("for o in range(" + oct + "):");
    L("    " + h + " += " + a + " * " + rv("wp.noise(" + st + ", " + uv + " * " + fr + ")"));
    L("    " + a + " *= " + c(0.4, 0.6));
    L("    " + fr + " *= 2.0");
  } else {
    // Tileable noise with integer periods.
    L(h + " = " +
      rv("wp.pnoise(" + st + ", " + uv + ", " + std::to_string(rng.range(2, 8)) + ", " +
         std::to_string(rng.range(2, 8)) + ")"));
  }
  L(ho + "[i, j] = " + base + "[i, j] + " + amp + "[i, j] * " + h);
  out(ho, "f", {nx, ny});
}

KDSL_MOTIF(MonteCarloMotif, "random", 4, "monte_carlo") {
  int n = launch1();
  dims = {n};
  std::string nrm = pick({"normals", "n_surf", "nrm"}),
              alb = pick({"albedo", "reflectance", "k_d"}),
              res = pick({"irradiance", "ao", "radiance"}),
              cnt = pick({"num_samples", "spp", "samples"});
  std::string seed = pick(kSeeds), st = pick(kStates), acc = pick({"acc", "sum_l", "total"}),
              d = pick({"d", "dir", "w_i"}), nn = pick({"n", "nv", "n_i"});
  arr(nrm, "v3", {n}, -1, 1, "unit");
  arr(alb, "f", {n}, 0.2, 0.9);
  iscal(seed, 0, 100000);
  iscal(cnt, 2, 6);
  line("i = wp.tid()");
  L(st + " = wp.rand_init(" + seed + ", i)");
  L(nn + " = " + nrm + "[i]");
  L(acc + " = {F}(0.0)");
  L("for s in range(" + cnt + "):");
  bool hemi = rng.chance(0.5);
  L("    " + d + " = " +
    rv(std::string(hemi ? "wp.sample_unit_hemisphere_surface(" : "wp.sample_unit_sphere_surface(") +
           st + ")",
       "v3"));
  L("    " + acc + " += wp.max(wp.dot(" + d + ", " + nn + "), 0.0)");
  L(res + "[i] = " + alb + "[i] * " + acc + " / {F}(" + cnt + ")");
  out(res, "f", {n});
}

KDSL_MOTIF(RandomPairsMotif, "random", 5, "random_pairs") {
  int n = launch1();
  dims = {n};
  std::string x = pick({"x", "embeddings", "points", "pos"}),
              loss = pick({"loss", "energy", "repulsion"});
  std::string seed = pick(kSeeds), st = pick(kStates), j = pick({"j", "other", "k_idx"}),
              d = pick({"d", "diff", "r"}), d2 = pick({"d2", "dist_sq", "r2"});
  arr(x, "v3", {n}, -1, 1);
  iscal(seed, 0, 100000);
  line("i = wp.tid()");
  L(st + " = wp.rand_init(" + seed + ", i)");
  std::string k = named(c(0.5, 3.0), {"INTERACTION_K", "PAIR_STRENGTH", "K_PAIR"});
  auto draw = [&] {
    if (rng.chance(0.6))
      L(j + " = wp.randi(" + st + ", 0, " + x + ".shape[0])");
    else
      L(j + " = int(wp.randu(" + st + ") % wp.uint32(" + x + ".shape[0]))");
    L(d + " = " + x + "[i] - " + x + "[" + j + "]");
  };
  if (rng.chance(0.4)) {
    // Several random partners per point (negative sampling), averaged.
    std::string cnt = pick({"num_pairs", "k_neg", "num_draws"}),
                acc = pick({"acc", "e_sum", "total"});
    iscal(cnt, 2, 4);
    L(acc + " = {F}(0.0)");
    L("for s in range(" + cnt + "):");
    ++indent;
    draw();
    L(acc + " += wp.exp(-wp.dot(" + d + ", " + d + ") * " + k + ")");
    --indent;
    L(loss + "[i] = " + acc + " / {F}(" + cnt + ")");
    out(loss, "f", {n});
    return;
  }
  draw();
  L(d2 + " = wp.dot(" + d + ", " + d + ")");
  if (rng.chance(0.5)) {
    L("wp.atomic_add(" + loss + ", 0, wp.exp(-" + d2 + " * " + k + "))");
    out(loss, "f", {1});
  } else {
    L(loss + "[i] = " + d2 + " / (" + d2 + " + " + c(0.1, 1.0) + ")");
    out(loss, "f", {n});
  }
}

} // namespace kdsl::synth::gen
