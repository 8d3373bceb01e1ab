//===- Volume.cpp - Warp's NanoVDB volumes, built on the host -------------===//
//
// The grids are NanoVDB's (Debian's libnanovdb-dev, headers only): built
// with its GridBuilder or read with its io::readGrid, then flattened into the
// kdsl_volume layout (KernelABI.h) that the prelude reads. Flattening keeps
// NanoVDB's values exactly: a leaf's 512 values (active or not), the value
// of a tile for each block it covers, the background elsewhere.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Runtime/Volume.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"

#include <nanovdb/NanoVDB.h>
#include <nanovdb/util/GridBuilder.h>
#include <nanovdb/util/IO.h>

#include <cmath>
#include <cstddef>
#include <cstring>
#include <map>

using namespace kdsl;

// The prelude reads the header by these offsets (Prelude/volume.py).
static_assert(sizeof(kdsl_volume) == 320, "kdsl_volume layout");
static_assert(offsetof(kdsl_volume, values) == 0 && offsetof(kdsl_volume, block_map) == 8 &&
                  offsetof(kdsl_volume, tile_values) == 16 &&
                  offsetof(kdsl_volume, voxel_index) == 24,
              "kdsl_volume layout: uint64 words 0..3");
static_assert(offsetof(kdsl_volume, mat_d) == 32 && offsetof(kdsl_volume, inv_mat_d) == 104 &&
                  offsetof(kdsl_volume, vec_d) == 176,
              "kdsl_volume layout: float64 words 4, 13, 22");
static_assert(offsetof(kdsl_volume, mat_f) == 200 && offsetof(kdsl_volume, inv_mat_f) == 236 &&
                  offsetof(kdsl_volume, vec_f) == 272,
              "kdsl_volume layout: float32 words 50, 59, 68");
static_assert(offsetof(kdsl_volume, block_min) == 284 && offsetof(kdsl_volume, block_dims) == 296 &&
                  offsetof(kdsl_volume, value_type) == 308 &&
                  offsetof(kdsl_volume, num_leaves) == 312 &&
                  offsetof(kdsl_volume, voxel_count) == 316,
              "kdsl_volume layout: int32 words 71..79");

/// At most this many blocks of 8^3 voxels in the box of a flattened grid
/// (its block map: 4 bytes each).
static constexpr int64_t kMaxBlocks = int64_t(1) << 27;
/// Warp's voxel indices are int32.
static constexpr int64_t kMaxLeaves = INT32_MAX / 512;

static llvm::Error specFail(const llvm::Twine &m) { return makeRunError(RunErrorKind::Spec, m); }

struct HostVolume::Grid {
  nanovdb::GridHandle<nanovdb::HostBuffer> handle;
  bool index = false; // an index grid: the active voxels numbered (createIndex)
};

HostVolume::HostVolume() = default;
HostVolume::~HostVolume() = default;

namespace {
template <typename T> struct ValueCode;
template <> struct ValueCode<float> {
  static constexpr int32_t code = KDSL_VOLUME_FLOAT;
};
template <> struct ValueCode<double> {
  static constexpr int32_t code = KDSL_VOLUME_DOUBLE;
};
template <> struct ValueCode<int32_t> {
  static constexpr int32_t code = KDSL_VOLUME_INT32;
};
template <> struct ValueCode<int64_t> {
  static constexpr int32_t code = KDSL_VOLUME_INT64;
};
template <> struct ValueCode<uint32_t> {
  static constexpr int32_t code = KDSL_VOLUME_UINT32;
};
template <> struct ValueCode<nanovdb::Vec3f> {
  static constexpr int32_t code = KDSL_VOLUME_VEC3F;
};
template <> struct ValueCode<nanovdb::Vec3d> {
  static constexpr int32_t code = KDSL_VOLUME_VEC3D;
};
template <> struct ValueCode<nanovdb::Vec4f> {
  static constexpr int32_t code = KDSL_VOLUME_VEC4F;
};
template <> struct ValueCode<nanovdb::Vec4d> {
  static constexpr int32_t code = KDSL_VOLUME_VEC4D;
};

/// The flattened grid (KernelABI.h, kdsl_volume).
struct Flat {
  std::vector<char> &values, &tiles;
  std::vector<int32_t> &blockMap, &voxelIndex;
  kdsl_volume &header;
};

int32_t blockOf(int32_t v) { return v >> 3; } // floor(v / 8)

template <typename ValueT>
llvm::Error flatten(const nanovdb::NanoGrid<ValueT> &grid, bool index, Flat out) {
  const auto &tree = grid.tree();
  const nanovdb::Map &map = grid.map();
  kdsl_volume &h = out.header;
  h = kdsl_volume{};
  std::memcpy(h.mat_d, map.mMatD, sizeof(h.mat_d));
  std::memcpy(h.inv_mat_d, map.mInvMatD, sizeof(h.inv_mat_d));
  std::memcpy(h.vec_d, map.mVecD, sizeof(h.vec_d));
  std::memcpy(h.mat_f, map.mMatF, sizeof(h.mat_f));
  std::memcpy(h.inv_mat_f, map.mInvMatF, sizeof(h.inv_mat_f));
  std::memcpy(h.vec_f, map.mVecF, sizeof(h.vec_f));
  h.value_type = index ? KDSL_VOLUME_INDEX : ValueCode<ValueT>::code;

  uint64_t numLeaves = tree.nodeCount(0);
  if (numLeaves > uint64_t(kMaxLeaves))
    return specFail("the grid has " + llvm::Twine(numLeaves) + " leaves, more than " +
                    llvm::Twine(kMaxLeaves) + " (Warp's voxel indices are int32)");
  const auto *leaves = numLeaves ? tree.template getFirstNode<0>() : nullptr;

  // The box of blocks: every leaf and the bounding box of the active values
  // (which covers active tiles).
  int64_t lo[3] = {INT32_MAX, INT32_MAX, INT32_MAX}, hi[3] = {INT32_MIN, INT32_MIN, INT32_MIN};
  auto include = [&](const nanovdb::Coord &c) {
    for (int d = 0; d < 3; ++d) {
      lo[d] = std::min<int64_t>(lo[d], blockOf(c[d]));
      hi[d] = std::max<int64_t>(hi[d], blockOf(c[d]));
    }
  };
  for (uint64_t l = 0; l < numLeaves; ++l)
    include(leaves[l].origin());
  const nanovdb::CoordBBox &bbox = grid.indexBBox();
  if (!bbox.empty() && tree.root().tileCount() + numLeaves > 0) {
    include(bbox.min());
    include(bbox.max());
  }
  int64_t blocks = 1;
  for (int d = 0; d < 3; ++d) {
    int64_t n = hi[d] >= lo[d] ? hi[d] - lo[d] + 1 : 0;
    h.block_min[d] = n ? int32_t(lo[d]) : 0;
    h.block_dims[d] = int32_t(n);
    blocks *= n;
    if (blocks > kMaxBlocks)
      return specFail("the grid's active values span more than " + llvm::Twine(kMaxBlocks) +
                      " blocks of 8^3 voxels (the flattened grid would be too large)");
  }

  out.values.assign(index ? 0 : numLeaves * 512 * sizeof(ValueT), 0);
  out.voxelIndex.assign(index ? numLeaves * 512 : 0, -1);
  int32_t count = 0;
  for (uint64_t l = 0; l < numLeaves; ++l)
    for (uint32_t n = 0; n < 512; ++n) {
      if (index) {
        if (leaves[l].isActive(n))
          out.voxelIndex[l * 512 + n] = count++;
        continue;
      }
      ValueT v = leaves[l].getValue(n);
      std::memcpy(out.values.data() + (l * 512 + n) * sizeof(ValueT), &v, sizeof(ValueT));
    }
  h.num_leaves = int32_t(numLeaves);
  h.voxel_count = index ? count : int32_t(numLeaves * 512);

  // Tiles: the distinct values of the blocks no leaf holds (tile 0 is the
  // background).
  std::map<std::string, int32_t> tileOf;
  out.tiles.clear();
  auto tile = [&](const ValueT &v) {
    std::string key(reinterpret_cast<const char *>(&v), sizeof(ValueT));
    auto [it, added] = tileOf.emplace(key, int32_t(tileOf.size()));
    if (added)
      out.tiles.insert(out.tiles.end(), key.begin(), key.end());
    return it->second;
  };
  tile(tree.background());
  out.blockMap.assign(size_t(blocks), INT32_MIN);
  auto blockIndex = [&](const nanovdb::Coord &c) {
    int64_t b[3];
    for (int d = 0; d < 3; ++d)
      b[d] = blockOf(c[d]) - h.block_min[d];
    return (b[0] * h.block_dims[1] + b[1]) * h.block_dims[2] + b[2];
  };
  for (uint64_t l = 0; l < numLeaves; ++l)
    out.blockMap[blockIndex(leaves[l].origin())] = int32_t(l);
  for (int32_t x = 0; x < h.block_dims[0]; ++x)
    for (int32_t y = 0; y < h.block_dims[1]; ++y)
      for (int32_t z = 0; z < h.block_dims[2]; ++z) {
        int32_t &b = out.blockMap[(int64_t(x) * h.block_dims[1] + y) * h.block_dims[2] + z];
        if (b != INT32_MIN)
          continue;
        nanovdb::Coord c((h.block_min[0] + x) * 8, (h.block_min[1] + y) * 8,
                         (h.block_min[2] + z) * 8);
        // A block outside every leaf lies in one tile (or outside the
        // root's tiles): the value at its first voxel is its value.
        b = -1 - (index ? 0 : tile(tree.getValue(c)));
      }
  if (index)
    out.tiles.assign(8, 0);
  h.values = out.values.empty() ? nullptr : out.values.data();
  h.tile_values = out.tiles.data();
  h.block_map = out.blockMap.empty() ? nullptr : out.blockMap.data();
  h.voxel_index = out.voxelIndex.empty() ? nullptr : out.voxelIndex.data();
  return llvm::Error::success();
}

/// Calls flatten with the grid's value type, or fails for a type Warp's
/// volumes do not read.
llvm::Error flattenAny(const nanovdb::GridHandle<nanovdb::HostBuffer> &handle, bool index,
                       Flat out) {
  using namespace nanovdb;
  if (auto *g = handle.grid<float>())
    return flatten(*g, index, out);
  if (auto *g = handle.grid<double>())
    return flatten(*g, index, out);
  if (auto *g = handle.grid<int32_t>())
    return flatten(*g, index, out);
  if (auto *g = handle.grid<int64_t>())
    return flatten(*g, index, out);
  if (auto *g = handle.grid<uint32_t>())
    return flatten(*g, index, out);
  if (auto *g = handle.grid<Vec3f>())
    return flatten(*g, index, out);
  if (auto *g = handle.grid<Vec3d>())
    return flatten(*g, index, out);
  if (auto *g = handle.grid<Vec4f>())
    return flatten(*g, index, out);
  if (auto *g = handle.grid<Vec4d>())
    return flatten(*g, index, out);
  const GridMetaData *m = handle.gridMetaData();
  return specFail(llvm::Twine("the grid's values are ") + (m ? toStr(m->gridType()) : "unknown") +
                  ", not one of float, double, int32, int64, uint32, Vec3f, Vec3d, Vec4f, Vec4d");
}

/// Warp's map of an axis-aligned volume: index -> world is diag(voxel size)
/// then the translation.
nanovdb::Map axisMap(const std::array<double, 3> &voxelSize, const std::array<double, 3> &t) {
  double mat[3][3] = {{voxelSize[0], 0, 0}, {0, voxelSize[1], 0}, {0, 0, voxelSize[2]}};
  double inv[3][3] = {{1 / voxelSize[0], 0, 0}, {0, 1 / voxelSize[1], 0}, {0, 0, 1 / voxelSize[2]}};
  nanovdb::Map map;
  map.set(mat, inv, t, 1.0);
  return map;
}

template <typename ValueT, typename Read>
nanovdb::GridHandle<nanovdb::HostBuffer> buildDense(const int64_t shape[3], ValueT background,
                                                    const nanovdb::Map &map, Read read) {
  nanovdb::GridBuilder<ValueT> builder(background);
  auto acc = builder.getAccessor();
  // Warp pads each axis to a multiple of 8 with the background.
  int64_t padded[3];
  for (int d = 0; d < 3; ++d)
    padded[d] = (shape[d] + 7) / 8 * 8;
  for (int64_t i = 0; i < padded[0]; ++i)
    for (int64_t j = 0; j < padded[1]; ++j)
      for (int64_t k = 0; k < padded[2]; ++k) {
        bool inside = i < shape[0] && j < shape[1] && k < shape[2];
        acc.setValue(nanovdb::Coord(int32_t(i), int32_t(j), int32_t(k)),
                     inside ? read((i * shape[1] + j) * shape[2] + k) : background);
      }
  return builder.template getHandle<>(map, "kdsl");
}
} // namespace

llvm::Expected<std::unique_ptr<HostVolume>>
HostVolume::createDense(HostArray *data, std::array<double, 3> voxelSize,
                        std::array<double, 3> minWorld, std::vector<double> background) {
  const ElemType &e = data->elemType();
  bool vec3 =
      e.family == ElemType::Family::Vector && e.numScalars() == 3 && e.scalar == ScalarKind::F32;
  bool scalar =
      e.family == ElemType::Family::Scalar &&
      (e.scalar == ScalarKind::F32 || e.scalar == ScalarKind::F64 || e.scalar == ScalarKind::I32);
  if (data->ndim() != 3 || !(vec3 || scalar))
    return specFail("\"data\" must be a 3-d array of float32, float64, int32 or vec3f (as "
                    "wp.Volume.load_from_numpy's), got " +
                    e.name() + " with " + llvm::Twine(data->ndim()) + " dimension(s)");
  for (int d = 0; d < 3; ++d) {
    if (data->shape()[d] < 1)
      return specFail("\"data\" has no voxels (shape " + llvm::Twine(data->shape()[0]) + "x" +
                      llvm::Twine(data->shape()[1]) + "x" + llvm::Twine(data->shape()[2]) + ")");
    if (data->shape()[d] > (int64_t(1) << 20))
      return specFail("\"data\" has more than 2^20 voxels along an axis");
    if (!std::isfinite(voxelSize[d]) || voxelSize[d] <= 0)
      return specFail("\"voxel_size\" must be finite and > 0");
  }
  int64_t blocks = 1;
  for (int d = 0; d < 3; ++d)
    blocks *= (data->shape()[d] + 7) / 8;
  if (blocks > kMaxLeaves)
    return specFail("\"data\" has more than " + llvm::Twine(kMaxLeaves * 512) +
                    " voxels once padded to blocks of 8^3 (Warp's voxel indices are int32)");
  if (background.empty())
    background.assign(vec3 ? 3 : 1, 0.0); // Warp's bg_value=0.0
  if (background.size() != (vec3 ? 3u : 1u))
    return specFail(llvm::Twine("\"background\" must be ") +
                    (vec3 ? "a list of 3 numbers (a vec3f volume)" : "a number") + ", got " +
                    llvm::Twine(background.size()) + " number(s)");
  std::unique_ptr<HostVolume> v(new HostVolume());
  v->dense = data;
  v->voxelSize = voxelSize;
  v->origin = minWorld;
  v->background = std::move(background);
  v->grid = std::make_unique<Grid>();
  return std::move(v);
}

llvm::Expected<std::unique_ptr<HostVolume>> HostVolume::createNvdb(const std::string &path) {
  if (!llvm::sys::fs::is_regular_file(path))
    return makeRunError(RunErrorKind::IO, "cannot read the NanoVDB file '" + path + "'");
  std::unique_ptr<HostVolume> v(new HostVolume());
  v->grid = std::make_unique<Grid>();
  try {
    v->grid->handle = nanovdb::io::readGrid<nanovdb::HostBuffer>(path);
  } catch (const std::exception &ex) {
    return specFail("'" + path + "' is not a NanoVDB file this NanoVDB (" +
                    llvm::Twine(NANOVDB_MAJOR_VERSION_NUMBER) + "." +
                    llvm::Twine(NANOVDB_MINOR_VERSION_NUMBER) + ") reads: " + ex.what());
  }
  if (!v->grid->handle.gridMetaData())
    return specFail("'" + path + "' holds no grid");
  // Check the value type and size now: a spec error before anything runs.
  if (llvm::Error e = flattenAny(v->grid->handle, false,
                                 Flat{v->values, v->tiles, v->blockMap, v->voxelIndex, v->header}))
    return prefixRunError(std::move(e), "'" + path + "'");
  return std::move(v);
}

llvm::Expected<std::unique_ptr<HostVolume>>
HostVolume::createIndex(HostArray *voxels, std::array<double, 3> voxelSize,
                        std::array<double, 3> translation) {
  const ElemType &e = voxels->elemType();
  if (voxels->ndim() != 1 || e.family != ElemType::Family::Vector || e.numScalars() != 3 ||
      e.scalar != ScalarKind::I32)
    return specFail("\"voxels\" must be a 1-d array of vec3i (index-space voxel coordinates), "
                    "got " +
                    e.name() + " with " + llvm::Twine(voxels->ndim()) + " dimension(s)");
  for (int d = 0; d < 3; ++d)
    if (!std::isfinite(voxelSize[d]) || voxelSize[d] <= 0)
      return specFail("\"voxel_size\" must be finite and > 0");
  std::unique_ptr<HostVolume> v(new HostVolume());
  v->grid = std::make_unique<Grid>();
  v->grid->index = true;
  nanovdb::GridBuilder<float> builder(0.0f);
  auto acc = builder.getAccessor();
  for (int64_t p = 0; p < voxels->numElements(); ++p) {
    int32_t c[3];
    std::memcpy(c, voxels->element(p), sizeof(c));
    acc.setValue(nanovdb::Coord(c[0], c[1], c[2]), 0.0f);
  }
  v->grid->handle = builder.getHandle<>(axisMap(voxelSize, translation), "kdsl");
  if (llvm::Error e = flattenAny(v->grid->handle, true,
                                 Flat{v->values, v->tiles, v->blockMap, v->voxelIndex, v->header}))
    return std::move(e);
  return std::move(v);
}

void HostVolume::build(unsigned) {
  if (dense) {
    const ElemType &e = dense->elemType();
    const int64_t shape[3] = {dense->shape()[0], dense->shape()[1], dense->shape()[2]};
    nanovdb::Map map = axisMap(voxelSize, origin);
    if (e.family == ElemType::Family::Vector)
      grid->handle = buildDense(
          shape, nanovdb::Vec3f(float(background[0]), float(background[1]), float(background[2])),
          map, [&](int64_t i) {
            float f[3];
            std::memcpy(f, dense->element(i), sizeof(f));
            return nanovdb::Vec3f(f[0], f[1], f[2]);
          });
    else if (e.scalar == ScalarKind::I32)
      grid->handle = buildDense(shape, int32_t(background[0]), map, [&](int64_t i) {
        int32_t x;
        std::memcpy(&x, dense->element(i), 4);
        return x;
      });
    else
      grid->handle = buildDense(shape, float(background[0]), map, [&](int64_t i) {
        if (e.scalar == ScalarKind::F64) {
          double x;
          std::memcpy(&x, dense->element(i), 8);
          return float(x);
        }
        float x;
        std::memcpy(&x, dense->element(i), 4);
        return x;
      });
  }
  // Checked by create*: cannot fail here.
  llvm::cantFail(
      flattenAny(grid->handle, grid->index, Flat{values, tiles, blockMap, voxelIndex, header}));
}

ObjectMemory HostVolume::memory() const {
  ObjectMemory m;
  m.add(&header, sizeof header);
  m.add(values.data(), values.size());
  m.add(blockMap.data(), blockMap.size() * sizeof(int32_t));
  m.add(tiles.data(), tiles.size());
  m.add(voxelIndex.data(), voxelIndex.size() * sizeof(int32_t));
  for (size_t field : {offsetof(kdsl_volume, values), offsetof(kdsl_volume, block_map),
                       offsetof(kdsl_volume, tile_values), offsetof(kdsl_volume, voxel_index)})
    m.pointers.push_back({0, field});
  return m;
}
