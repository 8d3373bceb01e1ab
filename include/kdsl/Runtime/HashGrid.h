//===- HashGrid.h - Warp's hash grid, built on the host ---------*- C++ -*-===//
//
// wp.HashGrid(dim_x, dim_y, dim_z) then grid.build(points, radius), with
// Warp 1.16's semantics (warp/native/hashgrid.cpp): cells of width `radius`,
// a point's cell is (floor(p * (1 / radius)) + 2^20) clamped at 0 and taken
// modulo the dims; points are sorted by cell, stably (within a cell in
// increasing point index, as Warp's radix sort leaves them); every cell
// gets the range [start, end) of its points in sorted order (0, 0 when
// empty). Kernels receive header() as their wp.uint64 grid id
// (KernelABI.h); the prelude's queries read it.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_RUNTIME_HASHGRID_H
#define KDSL_RUNTIME_HASHGRID_H

#include "kdsl/Runtime/HostObject.h"
#include "kdsl/Runtime/KernelABI.h"
#include "kdsl/Runtime/ValueLayout.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace kdsl {

class HostHashGrid : public HostObject {
public:
  /// A grid of `dims` cells (each >= 1; their product fits int32) of width
  /// `radius` (finite, > 0) over the 1-d vec3 array `points` (float16,
  /// float32 or float64), not built yet (the header says so: null arrays).
  /// `groups` (optional): a 1-d int32 array of one group id per point, as
  /// Warp's grid.build(points, radius, groups): within a cell the points are
  /// then sorted by group (as uint32) and the header gets the sort keys
  /// (cell << 32 | group) that grouped queries search.
  static llvm::Expected<std::unique_ptr<HostHashGrid>>
  create(const int64_t dims[3], double radius, HostArray *points, HostArray *groups = nullptr);

  /// (Re)builds the grid from the points' current values with `threads`
  /// threads (0: all hardware threads; the cells of the points are computed
  /// in parallel, the counting sort is sequential).
  void build(unsigned threads = 1) override;

  /// The grid id kernels receive: the header's address.
  uint64_t id() const override { return uint64_t(uintptr_t(&header)); }
  Kind kind() const override { return Kind::HashGrid; }
  ObjectMemory memory() const override;
  const kdsl_hash_grid &view() const { return header; }
  HostArray *points() const { return pointArray; }

private:
  HostHashGrid() = default;
  /// cells[i] for the points [lo, hi) (Warp's hash_grid_index).
  void cellsOf(int64_t lo, int64_t hi);

  kdsl_hash_grid header{};
  HostArray *pointArray = nullptr, *groupArray = nullptr;
  std::vector<int32_t> cells, ids, starts, ends;
  std::vector<uint64_t> keys;
};

} // namespace kdsl

#endif
