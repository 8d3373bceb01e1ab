//===- KernelABI.h - the CPU kernel calling convention ---------*- C++ -*-===//
//
// Shared by the JIT (lowered MLIR), the emitted C++ and every host that
// launches kdsl kernels on the CPU (kdsl-run, benchmarks, tests). Plain C so
// the emitted C++ can repeat it verbatim.
//
// A kernel `k` is compiled to
//
//   extern "C" void k_cpu_forward(const int64_t *dims, int64_t begin,
//                                 int64_t end, void **args);
//
// `dims` points to 4 launch extents (unused ones are 1), then, read only by a
// lane-dependent tile kernel (include/kdsl/Transforms/Lanes.h), 2 more: the
// block dimension B and the lanes per grid point M (B when wp.tid() gives a
// tiled launch's block coordinates only, else 1); such a kernel runs each
// block of B threads (thread t at grid point t / M, lane t mod B) once, at
// the grid point of its lane 0, whichever [begin, end) holds it. The function runs
// the grid points whose row-major flat index is in [begin, end): thread
// (i, j) of a 2-d launch has flat index i * dims[1] + j. Calling it with
// begin = 0 and end = dims[0] * dims[1] * dims[2] * dims[3] runs the whole
// launch; a host splits [0, total) among threads.
//
// args[i] points to the value of the i-th kernel argument in C layout:
//  - scalars as their C type (bool: 1 byte, 0 or 1; float16: IEEE half),
//  - vecN: T[N]; matRxC: T[R][C] row-major; quat: T[4] as (x, y, z, w),
//  - @wp.struct: a C struct of its fields in order, natural alignment,
//  - arrays: a kdsl_array (data pointer, shape, byte strides, as in Warp).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_RUNTIME_KERNELABI_H
#define KDSL_RUNTIME_KERNELABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct kdsl_array {
  void *data;
  int64_t shape[4];   // extents; unused dimensions are 0
  int64_t strides[4]; // in bytes
} kdsl_array;

// A hash grid (Warp's wp.HashGrid), built by the host (lib/Runtime/HashGrid.cpp):
// a kernel's wp.uint64 grid id is the address of this header. The prelude's
// queries (lib/Frontend/Prelude/hashgrid.py) read it by these offsets: keep
// them (64 bytes; int32 word k is at byte 4 * k).
typedef struct kdsl_hash_grid {
  int32_t *point_ids;      // sorted position -> point index (num_points)
  int32_t *cell_starts;    // per cell: first sorted position (dim_x * dim_y * dim_z)
  int32_t *cell_ends;      // per cell: one past the last (empty cells: 0, 0)
  uint64_t *point_keys;    // grouped builds: (cell << 32) | group per sorted position; else null
  double cell_width_inv_d; // 1 / radius, for float64 queries
  int32_t dim_x, dim_y, dim_z;
  int32_t num_points;
  float cell_width_inv; // 1 / radius in float32, for float32 and float16 queries
  int32_t has_groups;
} kdsl_hash_grid;

// A BVH (Warp's wp.Bvh), built by the host (lib/Runtime/Bvh.cpp): a kernel's
// wp.uint64 BVH id is the address of this header, read by the prelude
// (lib/Frontend/Prelude/bvh.py) by these offsets (64 bytes; int32 word k at
// byte 4 * k). The nodes are in depth-first preorder: an inner node's first
// child is the next node, and node_skip[i] is the node after i's subtree (a
// leaf's is i + 1), so a query walks them without a stack. Every leaf holds
// one item.
typedef struct kdsl_bvh {
  float *node_lowers;   // vec3f per node: the lower corner of its bounds
  float *node_uppers;   // vec3f per node
  int32_t *node_skip;   // per node: the next node outside its subtree
  int32_t *node_item;   // per node: a leaf's item (index into lowers/uppers); -1 inner
  int32_t *group_ids;   // the distinct group ids, increasing (num_groups)
  int32_t *group_roots; // per group id: the root node of its items' subtree
  int32_t num_nodes, num_items, num_groups, reserved;
} kdsl_bvh;

// A triangle mesh (Warp's wp.Mesh), built by the host (lib/Runtime/Mesh.cpp):
// a kernel's wp.uint64 mesh id is the address of this header, read by the
// prelude (lib/Frontend/Prelude/mesh.py): 48 bytes; int32 word k at byte 4 * k.
typedef struct kdsl_mesh {
  kdsl_bvh *bvh;      // the BVH over the faces (item k: face k)
  float *points;      // vec3f per point (the spec's array itself)
  int32_t *indices;   // 3 per face
  float *velocities;  // vec3f per point, or null
  int32_t num_points; // int32 word 8
  int32_t num_faces;  // int32 word 9
  int32_t has_velocities, reserved;
} kdsl_mesh;

// A volume (Warp's wp.Volume), built by the host from a NanoVDB grid
// (lib/Runtime/Volume.cpp): a kernel's wp.uint64 volume id is the address of
// this header, read by the prelude (lib/Frontend/Prelude/volume.py) by these
// offsets (320 bytes): uint64 words 0..3, float64 words 4..24, float32 words
// 50..70, int32 words 71..79. The NanoVDB tree is flattened: the index space
// is cut into blocks of 8^3 voxels (NanoVDB's leaves); block_map covers the
// box of blocks [block_min, block_min + block_dims) and says per block which
// leaf holds its voxels (>= 0) or which tile value covers it (-1 - t; tile 0
// is the background). Outside the box every voxel reads the background.
// Leaf L's voxel (i, j, k) is value L * 512 + ((i & 7) << 6 | (j & 7) << 3 |
// (k & 7)); the leaves are in NanoVDB's order, so that number is also Warp's
// voxel index of a non-index grid (volume_lookup_index).
typedef struct kdsl_volume {
  void *values;         // per leaf voxel: one value of the grid's type
  int32_t *block_map;   // per block of the box (x-major): leaf, or -1 - tile
  void *tile_values;    // per tile: one value (tile 0: the background)
  int32_t *voxel_index; // index grids: per leaf voxel its index, or -1; else null
  double mat_d[9];      // index -> world: xyz = mat * ijk + vec (row-major, as NanoVDB's map)
  double inv_mat_d[9];  // world -> index: ijk = inv_mat * (xyz - vec)
  double vec_d[3];
  float mat_f[9], inv_mat_f[9], vec_f[3]; // the same in float32 (NanoVDB's float map)
  int32_t block_min[3];                   // in blocks (voxel coordinate >> 3)
  int32_t block_dims[3];
  int32_t value_type; // KDSL_VOLUME_* below
  int32_t num_leaves;
  int32_t voxel_count; // volume_voxel_count
} kdsl_volume;

enum {
  KDSL_VOLUME_INDEX = 0, // no values: an index grid (volume_lookup_index, volume_sample_index)
  KDSL_VOLUME_FLOAT = 1,
  KDSL_VOLUME_DOUBLE = 2,
  KDSL_VOLUME_INT32 = 3,
  KDSL_VOLUME_INT64 = 4,
  KDSL_VOLUME_UINT32 = 5,
  KDSL_VOLUME_VEC3F = 6,
  KDSL_VOLUME_VEC3D = 7,
  KDSL_VOLUME_VEC4F = 8,
  KDSL_VOLUME_VEC4D = 9
};

typedef void (*kdsl_kernel_fn)(const int64_t *dims, int64_t begin, int64_t end, void **args);

// Provided by the host and called by kernels:
// a failed assert / wp.expect_* (the thread keeps running),
void kdsl_report_assert(const char *kernel, const char *message, int32_t line, int64_t thread);
// an out-of-range index caught by --check-bounds (the access is skipped; a
// read gives 0). `dim` -1: an index of a vector, quaternion or matrix
// (kdsl.component_index), which `array` describes ("a component of vec3f
// 'a'", "a row of mat33f 'm'"); position 0 is used instead.
void kdsl_report_oob(const char *kernel, const char *array, int32_t dim, int64_t index,
                     int64_t extent, int64_t thread);

#ifdef __cplusplus
}
#endif

#endif
