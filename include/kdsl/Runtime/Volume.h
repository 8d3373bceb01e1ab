//===- Volume.h - Warp's NanoVDB volumes, built on the host -----*- C++ -*-===//
//
// wp.Volume (Warp 1.16): a sparse grid of voxels that kernels read with
// volume_sample / volume_lookup, write with volume_store and map between
// index and world space (lib/Frontend/Prelude/volume.py). The host side
// holds a NanoVDB grid (Debian's libnanovdb-dev headers) made either
//  - from a dense array, as wp.Volume.load_from_numpy: the array padded to
//    a multiple of 8 voxels per axis with the background, voxel (i, j, k) at
//    world position min_world + voxel_size * (i, j, k); or
//  - from a .nvdb file, as wp.Volume.load_from_nvdb (its first grid);
// and flattens it into the kdsl_volume layout of KernelABI.h, which every
// target (JIT, C++, CUDA C, PTX) reads with plain array loads: no NanoVDB
// code runs inside kernels. build() flattens the grid again, so every
// forward run starts from the grid's values (volume_store writes into the
// flattened copy).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_RUNTIME_VOLUME_H
#define KDSL_RUNTIME_VOLUME_H

#include "kdsl/Runtime/HostObject.h"
#include "kdsl/Runtime/KernelABI.h"
#include "kdsl/Runtime/ValueLayout.h"

#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace kdsl {

class HostVolume : public HostObject {
public:
  ~HostVolume() override;
  /// wp.Volume.load_from_numpy(data, min_world, voxel_size, bg_value): `data`
  /// a 3-d array of float32, float64 (read as float32), int32 or vec3f;
  /// `background` one number (three for vec3f).
  static llvm::Expected<std::unique_ptr<HostVolume>> createDense(HostArray *data,
                                                                 std::array<double, 3> voxelSize,
                                                                 std::array<double, 3> minWorld,
                                                                 std::vector<double> background);
  /// wp.Volume.load_from_nvdb(file): the file's first grid (float, double,
  /// int32, int64, uint32, vec3f, vec3d, vec4f or vec4d values).
  static llvm::Expected<std::unique_ptr<HostVolume>> createNvdb(const std::string &path);
  /// wp.Volume.allocate_by_voxels(points, voxel_size, translation): an index
  /// grid whose active voxels are those of the points (index space, rounded
  /// to the nearest voxel), numbered in NanoVDB's order.
  static llvm::Expected<std::unique_ptr<HostVolume>> createIndex(HostArray *voxels,
                                                                 std::array<double, 3> voxelSize,
                                                                 std::array<double, 3> translation);

  void build(unsigned threads) override;
  uint64_t id() const override { return uint64_t(uintptr_t(&header)); }
  Kind kind() const override { return Kind::Volume; }
  ObjectMemory memory() const override;
  const kdsl_volume &view() const { return header; }

  struct Grid; // the NanoVDB grid (Volume.cpp)

private:
  HostVolume();

  std::unique_ptr<Grid> grid;
  HostArray *dense = nullptr;                  // createDense: rebuilt from it in build()
  std::array<double, 3> voxelSize{}, origin{}; // createDense
  std::vector<double> background;              // createDense
  std::vector<char> values, tiles;
  std::vector<int32_t> blockMap, voxelIndex;
  kdsl_volume header{};
};

} // namespace kdsl

#endif
