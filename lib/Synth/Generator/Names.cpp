//===- Names.cpp - names of kernels, funcs and structs ----------------------===//
//
// What a person would call a generated kernel: drawn from the motif (or,
// for the free generator, the category) and its domain, in the forms
// codebases use (a verb first or not, `_kernel` / `_kern` suffixes, `2d`
// tags, abbreviations). Drawn from a stream of their own (Gen::nameRng), so
// that a program's structure, values and spec do not depend on its names.
//
//===----------------------------------------------------------------------===//
#include "Gen.h"

#include "llvm/ADT/StringMap.h"

using namespace kdsl::synth;
using namespace kdsl::synth::gen;

namespace {

/// Base names per motif (docs/synth.md, "Motifs") and, for the free
/// generator, per category.
const llvm::StringMap<std::vector<const char *>> &kernelBases() {
  static const llvm::StringMap<std::vector<const char *>> bases = {
      // Motifs.
      {"saxpy", {"saxpy", "axpy", "scale_add", "scaled_sum", "fused_multiply_add", "blend_arrays"}},
      {"stencil3d", {"laplacian_3d", "diffuse_3d", "stencil_3d", "smooth_volume", "heat_step_3d"}},
      {"gradient2d", {"grad_2d", "central_diff", "image_gradient", "sobel_grad", "finite_diff_2d"}},
      {"gray_scott", {"gray_scott_step", "react_diffuse", "reaction_diffusion", "gs_update"}},
      {"stencil2d",
       {"laplacian_2d", "diffuse", "heat_step", "jacobi_smooth", "blur_2d", "stencil5"}},
      {"histogram",
       {"histogram", "bin_counts", "accumulate_bins", "build_histogram", "count_bins"}},
      {"reduce", {"reduce_sum", "sum_reduce", "total_energy", "accumulate_loss", "global_sum"}},
      {"scatter", {"scatter_add", "p2g_scatter", "splat", "scatter_to_grid", "deposit"}},
      {"rigid_body", {"integrate_bodies", "rigid_body_step", "step_rigid", "update_bodies"}},
      {"contact", {"contact_forces", "resolve_contacts", "penalty_contact", "ground_contact"}},
      {"integrate_collide",
       {"integrate_collide", "step_with_collision", "advect_and_bounce", "particle_bounce"}},
      {"ray_sphere_branch", {"ray_sphere", "trace_spheres", "intersect_spheres", "ray_hit_sphere"}},
      {"activation_func", {"apply_activation", "activate", "nonlinearity", "act_fwd"}},
      {"springs_func", {"spring_forces", "eval_springs", "compute_springs", "spring_kernel"}},
      {"generic_blend", {"blend_fields", "lerp_fields", "mix_values", "interp_values"}},
      {"generic_stencil", {"smooth_generic", "average_neighbors", "box_filter", "neighbor_avg"}},
      {"overload_energy", {"kinetic_energy", "compute_energy", "eval_energy", "energy_terms"}},
      {"jacobi3", {"jacobi_iterate", "relax", "jacobi_sweep", "gauss_seidel_like"}},
      {"kepler", {"solve_kepler", "kepler_anomaly", "orbit_anomaly", "kepler_newton"}},
      {"neighbours", {"neighbor_sum", "sum_neighbors", "gather_neighbors", "accumulate_neighbors"}},
      {"newton_root", {"newton_solve", "find_root", "newton_iter", "solve_cubic"}},
      {"activation", {"activation", "apply_gelu", "softplus_fwd", "act_layer"}},
      {"bias4d", {"add_bias", "bias_add_4d", "tensor_bias", "broadcast_bias"}},
      {"row_op", {"row_softmax", "row_normalize", "normalize_rows", "row_logsumexp", "row_scale"}},
      {"rotate2d", {"rotate_points", "rotate_2d", "apply_rotation", "rot_points_2d"}},
      {"strain", {"compute_strain", "green_strain", "deformation_energy", "fem_strain"}},
      {"transform", {"transform_points", "apply_transform", "mat_vec_points", "xform_points"}},
      {"piecewise", {"piecewise_response", "classify_regions", "clamp_regions", "tiered_cost"}},
      {"multiscale_blur", {"multiscale_blur", "pyramid_blur", "blur_levels", "multi_blur"}},
      {"neighbours_nested", {"pairwise_forces", "all_pairs", "n_body_forces", "pair_interactions"}},
      {"quat_integrate",
       {"integrate_orientation", "quat_integrate", "update_rotations", "spin_step"}},
      {"quat_rotate",
       {"rotate_vectors", "quat_rotate_points", "orient_points", "apply_orientation"}},
      {"dropout", {"dropout", "dropout_fwd", "random_mask", "stochastic_mask"}},
      {"jitter_emit", {"emit_particles", "jitter_points", "spawn_particles", "emit_jittered"}},
      {"langevin", {"langevin_step", "brownian_step", "thermostat", "add_thermal_noise"}},
      {"monte_carlo", {"mc_estimate", "monte_carlo", "sample_integral", "mc_integrate"}},
      {"noise_field", {"noise_field", "perlin_field", "sample_noise", "curl_noise"}},
      {"random_pairs", {"random_pairs", "sample_pairs", "random_interactions", "pick_pairs"}},
      {"integrate_scalar", {"integrate_scalar", "explicit_euler", "euler_step", "advance_state"}},
      {"body_points", {"body_to_world", "world_points", "transform_body_points", "attach_points"}},
      {"joint_chain", {"forward_kinematics", "eval_joint_chain", "chain_transforms", "fk_chain"}},
      {"spatial_velocity", {"spatial_velocity", "body_twist", "point_velocity", "eval_twists"}},
      {"particles_struct",
       {"update_particles", "step_particles", "particle_update", "advance_particles"}},
      {"integrate",
       {"integrate_particles", "integrate", "semi_implicit_euler", "advect_particles",
        "symplectic_euler"}},
      {"ray_sphere", {"ray_sphere_intersect", "intersect_rays", "raycast_spheres", "ray_hit"}},
      {"springs",
       {"spring_forces", "eval_springs", "compute_spring_forces", "hooke_springs", "mass_spring"}},
      {"tile_gemm", {"tile_gemm", "gemm_tiled", "matmul_tiles", "blocked_matmul", "tiled_mm"}},
      {"dense_layer", {"dense_layer", "mlp_layer", "linear_act", "fc_forward", "dense_fwd"}},
      {"tile_softmax", {"row_softmax", "softmax_rows", "tile_softmax", "softmax_fwd"}},
      {"tile_layer_norm", {"layer_norm", "layernorm_rows", "tile_layer_norm", "ln_forward"}},
      {"tile_reduce", {"block_reduce", "tile_reduce_sum", "sum_blocks", "reduce_tiles"}},
      {"tile_attention", {"attention_block", "tile_attention", "sdpa_tile", "attn_forward"}},
      {"tile_cholesky_solve",
       {"batched_cholesky_solve", "solve_spd", "cholesky_solve_tiles", "gauss_newton_step"}},
      {"sph_density", {"compute_density", "sph_density", "eval_density", "density_sum"}},
      {"sph_forces",
       {"get_acceleration", "compute_forces", "sph_forces", "pressure_forces", "eval_sph_forces"}},
      {"dem_contact", {"apply_forces", "dem_contacts", "particle_contacts", "eval_contact_forces"}},
      {"mesh_raycast", {"draw", "raycast", "render_mesh", "cast_rays", "shade_hits"}},
      {"mesh_closest_point",
       {"mesh_collide", "project_to_surface", "closest_point_forces", "surface_contact"}},
      {"bvh_overlap", {"bvh_overlaps", "aabb_overlap", "broad_phase", "query_boxes"}},
      {"volume_sample", {"sample_volume", "volume_drag", "sample_density", "volume_lookup"}},
      // Categories (the free generator).
      {"arithmetic",
       {"combine_values", "scale_values", "weighted_sum", "affine_map", "elementwise"}},
      {"math", {"eval_math", "apply_transfer", "shape_response", "math_terms", "nonlinear_map"}},
      {"vector", {"vector_ops", "eval_vectors", "project_vectors", "direction_terms"}},
      {"matrix", {"matrix_ops", "eval_matrices", "mat_transform", "linear_maps"}},
      {"control_flow", {"branch_select", "conditional_update", "select_values", "guarded_eval"}},
      {"atomic", {"accumulate", "atomic_accumulate", "sum_into", "gather_stats"}},
      {"nested_loop", {"nested_accumulate", "double_loop", "tile_sum", "loop_nest"}},
      {"multi_conditional", {"classify_values", "piecewise_eval", "multi_branch", "region_select"}},
      {"combined", {"update_state", "simulate_step", "eval_model", "combined_step"}},
      {"scalar_param", {"apply_params", "scale_by_params", "param_update", "tuned_update"}},
      {"loop_carried", {"iterate", "fixed_point", "run_iterations", "recurrence"}},
      {"func_call", {"eval_with_helpers", "apply_helpers", "call_helpers", "compose_funcs"}},
      {"array2d", {"process_grid", "grid_update", "image_op", "field_update_2d"}},
      {"quaternion", {"rotate_by_quat", "quat_ops", "orientation_update", "eval_rotations"}},
      {"struct", {"update_records", "struct_update", "process_items", "eval_state"}},
      {"random", {"sample_random", "randomize", "stochastic_eval", "noisy_update"}},
      {"spatial", {"spatial_ops", "eval_transforms", "body_kinematics", "twist_ops"}},
      {"generic", {"generic_eval", "blend_generic", "typed_ops", "eval_any"}},
      {"tile", {"tile_ops", "block_compute", "tiled_eval", "tile_kernel"}},
      {"geometry", {"query_structure", "spatial_query", "geometry_query", "scene_query"}},
  };
  return bases;
}

/// Shorter spellings codebases use for a word of a name.
const char *abbreviation(llvm::StringRef word) {
  static const llvm::StringMap<const char *> shorter = {
      {"particles", "parts"},    {"forces", "frc"},       {"compute", "comp"},
      {"velocity", "vel"},       {"position", "pos"},     {"positions", "pos"},
      {"orientation", "orient"}, {"gradient", "grad"},    {"neighbors", "nbrs"},
      {"normalize", "norm"},     {"transform", "xform"},  {"energy", "nrg"},
      {"integrate", "integ"},    {"accumulate", "accum"}, {"rotation", "rot"},
      {"rotations", "rots"},     {"points", "pts"},       {"values", "vals"},
      {"springs", "spr"},        {"bodies", "bods"}};
  auto it = shorter.find(word);
  return it == shorter.end() ? nullptr : it->second;
}

} // namespace

std::string Gen::kernelNameFor(llvm::StringRef motif) {
  const auto &bases = kernelBases();
  auto it = bases.find(motif.empty() ? llvm::StringRef(cat) : motif);
  if (it == bases.end())
    it = bases.find(cat);
  std::string name = it == bases.end() ? "compute" : it->second[nameRng.next() % it->second.size()];
  // The forms of one name across codebases: a word shortened, a verb in
  // front, a suffix that says it is a kernel.
  if (nameRng.chance(0.25)) {
    llvm::SmallVector<llvm::StringRef> words;
    llvm::StringRef(name).split(words, '_');
    std::string shortened;
    bool changed = false;
    for (llvm::StringRef w : words) {
      const char *a = changed ? nullptr : abbreviation(w);
      changed |= a != nullptr;
      shortened += (shortened.empty() ? "" : "_") + std::string(a ? a : w.str());
    }
    name = shortened;
  }
  static const char *verbs[] = {"compute_", "eval_", "update_", "apply_", "do_"};
  llvm::StringRef first = llvm::StringRef(name).split('_').first;
  bool hasVerb = llvm::is_contained(
      {"compute", "eval",      "update",     "apply",   "solve",    "integrate", "step",
       "rotate",  "transform", "accumulate", "emit",    "sample",   "scatter",   "find",
       "build",   "count",     "run",        "add",     "resolve",  "trace",     "intersect",
       "gather",  "sum",       "normalize",  "process", "classify", "select",    "smooth",
       "blend",   "lerp",      "mix",        "interp",  "relax",    "spawn",     "jitter",
       "pick",    "attach",    "advance",    "advect",  "orient",   "project",   "randomize",
       "average", "diffuse",   "react",      "splat",   "deposit",  "call",      "scale",
       "combine", "iterate",   "simulate",   "do"},
      first);
  if (!hasVerb && nameRng.chance(0.3))
    name = verbs[nameRng.next() % std::size(verbs)] + name;
  double form = nameRng.uniform();
  if (form < 0.15)
    name += "_kernel";
  else if (form < 0.2)
    name += "_kern";
  else if (form < 0.24)
    name += "_fwd";
  return symbolName(name);
}

std::string Gen::symbolName(const std::string &base, bool local) {
  std::string name = base;
  for (int n = 2; !symbols.insert(name).second || (local && taken.count(name)); ++n)
    name = base + "_" + std::to_string(n);
  taken.insert(name);
  return name + suffix();
}

std::string Gen::named(const std::string &value, llvm::ArrayRef<const char *> names, double share) {
  if (!nameRng.chance(share))
    return value;
  std::string base = names[nameRng.next() % names.size()], name = base;
  for (int n = 2; !symbols.insert(name).second || taken.count(name); ++n)
    name = base + "_" + std::to_string(n);
  taken.insert(name);
  moduleConstants.push_back({name, nameRng.chance(0.6) ? "wp.constant(" + value + ")" : value});
  return name;
}

std::string Gen::constantsText() const {
  // Only those the code uses (a motif may replace a value by a parameter
  // after drawing it).
  auto uses = [&](const std::string &name) {
    for (const std::string *text : {&prefix, &kernelsText, &body})
      for (size_t at = text->find(name); at != std::string::npos; at = text->find(name, at + 1)) {
        auto identifier = [](char c) { return llvm::isAlnum(c) || c == '_'; };
        bool before = at > 0 && identifier((*text)[at - 1]);
        bool after = at + name.size() < text->size() && identifier((*text)[at + name.size()]);
        if (!before && !after)
          return true;
      }
    return false;
  };
  std::string out;
  for (auto &[name, value] : moduleConstants)
    if (uses(name))
      out += name + " = " + value + "\n";
  return out.empty() ? out : out + "\n\n";
}

std::string Gen::drawSymbol(llvm::ArrayRef<const char *> pool) {
  return symbolName(pool[nameRng.next() % pool.size()]);
}
