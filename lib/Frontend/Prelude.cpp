//===- Prelude.cpp - builtins written in the Warp language ----------------===//
//
// The prelude sources (lib/Frontend/Prelude/*.py) come in as strings through
// PreludeSources.inc, which CMake generates; see docs/architecture.md.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Frontend/Prelude.h"
#include "kdsl/Frontend/Parser.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace kdsl;
using llvm::StringRef;

namespace {
struct PreludeSource {
  const char *file;
  const char *text;
};
} // namespace

static const PreludeSource kSources[] = {
#include "PreludeSources.inc"
};

/// Warp 1.16's builtins written in the prelude (warp/_src/builtins.py: the
/// group "Random", the dense_* routines and spatial_jacobian / spatial_mass),
/// overloads in Warp's order.
static const PreludeOverload kOverloads[] = {
    // Random numbers: Prelude/random.py.
    {"rand_init", "rand_init"},
    {"rand_init", "rand_init_offset"},
    {"randi", "randi", true},
    {"randi", "randi_range", true},
    {"randu", "randu", true},
    {"randu", "randu_range", true},
    {"randf", "randf", true},
    {"randf", "randf_range", true},
    {"randn", "randn", true},
    {"sample_cdf", "sample_cdf", true},
    {"sample_triangle", "sample_triangle", true},
    {"sample_unit_ring", "sample_unit_ring", true},
    {"sample_unit_disk", "sample_unit_disk", true},
    {"sample_unit_sphere_surface", "sample_unit_sphere_surface", true},
    {"sample_unit_sphere", "sample_unit_sphere", true},
    {"sample_unit_hemisphere_surface", "sample_unit_hemisphere_surface", true},
    {"sample_unit_hemisphere", "sample_unit_hemisphere", true},
    {"sample_unit_square", "sample_unit_square", true},
    {"sample_unit_cube", "sample_unit_cube", true},
    {"poisson", "poisson", true},
    {"noise", "noise_1d"},
    {"noise", "noise_2d"},
    {"noise", "noise_3d"},
    {"noise", "noise_4d"},
    {"pnoise", "pnoise_1d"},
    {"pnoise", "pnoise_2d"},
    {"pnoise", "pnoise_3d"},
    {"pnoise", "pnoise_4d"},
    {"curlnoise", "curlnoise_2d", false, "octaves=1 lacunarity=2.0 gain=0.5"},
    {"curlnoise", "curlnoise_3d", false, "octaves=1 lacunarity=2.0 gain=0.5"},
    {"curlnoise", "curlnoise_4d", false, "octaves=1 lacunarity=2.0 gain=0.5"},
    // Dense matrices on flat arrays, spatial_jacobian / spatial_mass: Prelude/dense.py.
    // Warp's take float32 arrays; the _d forms (float64) are a kdsl extension.
    {"dense_gemm", "dense_gemm"},
    {"dense_gemm", "dense_gemm_d"},
    {"dense_chol", "dense_chol"},
    {"dense_chol", "dense_chol_d"},
    {"dense_subs", "dense_subs"},
    {"dense_subs", "dense_subs_d"},
    {"dense_solve", "dense_solve"},
    {"dense_solve", "dense_solve_d"},
    {"spatial_jacobian", "spatial_jacobian"},
    {"spatial_jacobian", "spatial_jacobian_d"},
    {"spatial_mass", "spatial_mass"},
    {"spatial_mass", "spatial_mass_d"},
    // Warp's math.py helpers: Prelude/helpers.py (the _d forms a kdsl extension).
    {"velocity_at_point", "velocity_at_point"},
    {"velocity_at_point", "velocity_at_point_d"},
    {"quat_twist", "quat_twist"},
    {"quat_twist", "quat_twist_d"},
    {"quat_twist_angle", "quat_twist_angle"},
    {"quat_twist_angle", "quat_twist_angle_d"},
    {"quat_twist_angle_signed", "quat_twist_angle_signed"},
    {"quat_twist_angle_signed", "quat_twist_angle_signed_d"},
    {"quat_to_rpy", "quat_to_rpy"},
    {"quat_to_rpy", "quat_to_rpy_d"},
    {"quat_from_euler", "quat_from_euler"},
    {"quat_from_euler", "quat_from_euler_d"},
    {"quat_to_euler", "quat_to_euler"},
    {"quat_to_euler", "quat_to_euler_d"},
    {"transform_from_matrix", "transform_from_matrix"},
    {"transform_from_matrix", "transform_from_matrix_d"},
    {"transform_decompose", "transform_decompose"},
    {"transform_decompose", "transform_decompose_d"},
    {"norm_l1", "norm_l1"},
    {"norm_l2", "norm_l2"},
    {"norm_huber", "norm_huber"},
    {"norm_pseudo_huber", "norm_pseudo_huber"},
    {"smooth_normalize", "smooth_normalize"},
    // Hash grid queries: Prelude/hashgrid.py (the query state is its struct
    // hash_grid_query_t; Sema::preludeStructType).
    {"hash_grid_query", "hash_grid_query"},
    {"hash_grid_query", "hash_grid_query_group"},
    {"hash_grid_query", "hash_grid_query_h"},
    {"hash_grid_query", "hash_grid_query_group_h"},
    {"hash_grid_query", "hash_grid_query_d"},
    {"hash_grid_query", "hash_grid_query_group_d"},
    {"hash_grid_query_next", "hash_grid_query_next"},
    {"hash_grid_point_id", "hash_grid_point_id"},
    // BVH queries and a mesh's AABB queries: Prelude/bvh.py (the query state
    // is its struct bvh_query_t).
    {"bvh_query_aabb", "bvh_query_aabb"},
    {"bvh_query_aabb", "bvh_query_aabb_root"},
    {"bvh_query_ray", "bvh_query_ray"},
    {"bvh_query_ray", "bvh_query_ray_root"},
    {"bvh_query_next", "bvh_query_next"},
    {"bvh_query_next", "bvh_query_next_dist"},
    {"bvh_get_group_root", "bvh_get_group_root"},
    {"mesh_query_aabb", "mesh_query_aabb"},
    {"mesh_query_aabb_next", "mesh_query_aabb_next"},
    {"mesh_get_group_root", "mesh_get_group_root"},
    // Thread-block queries (the state: bvh_query_tiled_t); their `next`
    // builtins make tiles (SemaTileQueries.cpp).
    {"tile_bvh_query_aabb", "tile_bvh_query_aabb"},
    {"bvh_query_aabb_tiled", "tile_bvh_query_aabb"},
    {"tile_bvh_query_ray", "tile_bvh_query_ray"},
    {"bvh_query_ray_tiled", "tile_bvh_query_ray"},
    {"tile_mesh_query_aabb", "tile_mesh_query_aabb"},
    {"mesh_query_aabb_tiled", "tile_mesh_query_aabb"},
    {"tile_query_valid", "tile_query_valid"},
    // Mesh queries: Prelude/mesh.py (results in its structs
    // mesh_query_point_t and mesh_query_ray_t; the older forms with
    // out-parameters are the _out funcs).
    {"mesh_query_point", "mesh_query_point"},
    {"mesh_query_point", "mesh_query_point_out"},
    {"mesh_query_point_no_sign", "mesh_query_point_no_sign"},
    {"mesh_query_point_no_sign", "mesh_query_point_no_sign_out"},
    {"mesh_query_point_sign_parity", "mesh_query_point_sign_parity"},
    {"mesh_query_point_sign_parity", "mesh_query_point_sign_parity_out"},
    {"mesh_query_point_sign_normal", "mesh_query_point_sign_normal", false, "epsilon=0.001"},
    {"mesh_query_point_sign_normal", "mesh_query_point_sign_normal_out", false, "epsilon=0.001"},
    {"mesh_query_point_sign_winding_number", "mesh_query_point_sign_winding_number", false,
     "accuracy=2.0 threshold=0.5"},
    {"mesh_query_point_sign_winding_number", "mesh_query_point_sign_winding_number_out", false,
     "accuracy=2.0 threshold=0.5"},
    {"mesh_query_furthest_point_no_sign", "mesh_query_furthest_point_no_sign"},
    {"mesh_query_furthest_point_no_sign", "mesh_query_furthest_point_no_sign_out"},
    {"mesh_query_ray", "mesh_query_ray"},
    {"mesh_query_ray", "mesh_query_ray_root"},
    {"mesh_query_ray", "mesh_query_ray_out"},
    {"mesh_query_ray", "mesh_query_ray_out_root"},
    {"mesh_query_ray_anyhit", "mesh_query_ray_anyhit"},
    {"mesh_query_ray_anyhit", "mesh_query_ray_anyhit_root"},
    {"mesh_query_ray_count_intersections", "mesh_query_ray_count_intersections"},
    {"mesh_query_ray_count_intersections", "mesh_query_ray_count_intersections_root"},
    {"mesh_eval_position", "mesh_eval_position"},
    {"mesh_eval_velocity", "mesh_eval_velocity"},
    {"mesh_eval_face_normal", "mesh_eval_face_normal"},
    {"mesh_get", "mesh_get"},
    {"mesh_get_point", "mesh_get_point"},
    {"mesh_get_velocity", "mesh_get_velocity"},
    {"mesh_get_index", "mesh_get_index"},
    // Volumes: Prelude/volume.py (one func per value type; the generic forms
    // pick theirs by dtype=, SemaPrelude.cpp, or, volume_store, by the value).
    {"volume_sample", "volume_sample_f"},
    {"volume_sample", "volume_sample_d"},
    {"volume_sample", "volume_sample_i_mode"},
    {"volume_sample", "volume_sample_l_mode"},
    {"volume_sample", "volume_sample_u_mode"},
    {"volume_sample", "volume_sample_v"},
    {"volume_sample", "volume_sample_vd"},
    {"volume_sample", "volume_sample_v4"},
    {"volume_sample", "volume_sample_v4d"},
    {"volume_sample_f", "volume_sample_f"},
    {"volume_sample_v", "volume_sample_v"},
    {"volume_sample_i", "volume_sample_i"},
    {"volume_sample_grad", "volume_sample_grad_f"},
    {"volume_sample_grad", "volume_sample_grad_v"},
    {"volume_sample_grad_f", "volume_sample_grad_f"},
    {"volume_lookup", "volume_lookup_f"},
    {"volume_lookup", "volume_lookup_d"},
    {"volume_lookup", "volume_lookup_i"},
    {"volume_lookup", "volume_lookup_l"},
    {"volume_lookup", "volume_lookup_u"},
    {"volume_lookup", "volume_lookup_v"},
    {"volume_lookup", "volume_lookup_vd"},
    {"volume_lookup", "volume_lookup_v4"},
    {"volume_lookup", "volume_lookup_v4d"},
    {"volume_lookup_f", "volume_lookup_f"},
    {"volume_lookup_v", "volume_lookup_v"},
    {"volume_lookup_i", "volume_lookup_i"},
    {"volume_store", "volume_store_f"},
    {"volume_store", "volume_store_d"},
    {"volume_store", "volume_store_i"},
    {"volume_store", "volume_store_l"},
    {"volume_store", "volume_store_u"},
    {"volume_store", "volume_store_v"},
    {"volume_store", "volume_store_vd"},
    {"volume_store", "volume_store_v4"},
    {"volume_store", "volume_store_v4d"},
    {"volume_store_f", "volume_store_f"},
    {"volume_store_v", "volume_store_v"},
    {"volume_store_i", "volume_store_i"},
    {"volume_sample_index", "volume_sample_index"},
    {"volume_lookup_index", "volume_lookup_index"},
    {"volume_voxel_count", "volume_voxel_count"},
    {"volume_index_to_world", "volume_index_to_world"},
    {"volume_index_to_world", "volume_index_to_world_d"},
    {"volume_index_to_world_dir", "volume_index_to_world_dir"},
    {"volume_index_to_world_dir", "volume_index_to_world_dir_d"},
    {"volume_world_to_index", "volume_world_to_index"},
    {"volume_world_to_index", "volume_world_to_index_d"},
    {"volume_world_to_index_dir", "volume_world_to_index_dir"},
    {"volume_world_to_index_dir", "volume_world_to_index_dir_d"},
};

llvm::ArrayRef<PreludeOverload> kdsl::preludeOverloads(StringRef name) {
  // The table is grouped by builtin: find the run of `name`.
  const PreludeOverload *begin = std::begin(kOverloads), *end = std::end(kOverloads);
  const PreludeOverload *first =
      std::find_if(begin, end, [&](const PreludeOverload &o) { return o.builtin == name; });
  const PreludeOverload *last =
      std::find_if(first, end, [&](const PreludeOverload &o) { return o.builtin != name; });
  return llvm::ArrayRef<PreludeOverload>(first, last);
}

bool Prelude::parseNext() {
  const PreludeSource &src = kSources[modules.size()];
  llvm::SourceMgr &sm = diags.getSourceMgr();
  std::string bufferName = (llvm::Twine("kdsl-prelude/") + src.file).str();
  unsigned id = sm.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(src.text, bufferName, /*RequiresNullTerminator=*/true),
      llvm::SMLoc());
  auto module = std::make_unique<ModuleAST>();
  if (!parseModule(id, diags, *module)) {
    diags.internalError(llvm::SMLoc(), "the prelude file " + bufferName + " does not parse");
    parseFailed = true;
    return false;
  }
  // Symbols wp_<name>: a prelude func never takes a user kernel's symbol
  // (kernels are named after the funcs, Sema::uniqueSymbol).
  for (FuncDef *f : module->funcs)
    f->name = saver.save("wp_" + f->name);
  modules.push_back(std::move(module));
  return true;
}

StructDef *Prelude::lookupStruct(StringRef name) {
  for (size_t i = 0; i < std::size(kSources); ++i) {
    if (i == modules.size() && (parseFailed || !parseNext()))
      return nullptr;
    if (const Symbol *s = modules[i]->globals->lookup(name); s && s->kind == Symbol::Struct)
      return s->structDef;
  }
  return nullptr;
}

FuncDef *Prelude::lookup(StringRef name) {
  for (size_t i = 0; i < std::size(kSources); ++i) {
    if (i == modules.size() && (parseFailed || !parseNext()))
      return nullptr;
    if (const Symbol *s = modules[i]->globals->lookup(name); s && s->kind == Symbol::Func)
      return s->func;
  }
  return nullptr;
}
