//===- HostObject.h - structures built on the host for kernels --*- C++ -*-===//
//
// A spec's "objects" (docs/kdsl-run.md): hash grids, BVHs, meshes and volumes that the
// host builds from named arrays and that kernels receive as a wp.uint64 id
// (the address of a header of KernelABI.h).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_RUNTIME_HOSTOBJECT_H
#define KDSL_RUNTIME_HOSTOBJECT_H

#include <cstdint>
#include <utility>
#include <vector>

namespace kdsl {

/// Where a built structure lives, for a host that copies it elsewhere (a GPU
/// bundle, lib/Runtime/Bundle.cpp): the header and the buffers it points
/// to, and where its pointer fields are.
struct ObjectMemory {
  struct Region {
    const void *data;
    uint64_t size; // bytes
  };
  /// regions[0] is the header (its address is the id); the others are
  /// buffers the structure owns (a mesh's BVH header among them).
  std::vector<Region> regions;
  /// Every pointer field, as (region, byte offset). A field is null, or
  /// points into a region or into one of the plan's arrays (a mesh's points).
  std::vector<std::pair<unsigned, uint64_t>> pointers;

  /// Appends a region; returns its index.
  unsigned add(const void *data, uint64_t size) {
    regions.push_back({data, size});
    return unsigned(regions.size() - 1);
  }
};

class HostObject {
public:
  /// The kinds of structure, as GPU bundles number them (docs/gpu-suite.md).
  enum class Kind : uint32_t { HashGrid = 0, Bvh = 1, Mesh = 2, Volume = 3 };

  virtual ~HostObject();
  virtual Kind kind() const = 0;
  /// The header and buffers of the structure as last built.
  virtual ObjectMemory memory() const = 0;
  /// Builds the structure from its arrays' current values with `threads`
  /// threads (0: all hardware threads).
  virtual void build(unsigned threads) = 0;
  /// What a spec's {"rebuild": name} does: a hash grid is built again, a
  /// BVH or mesh refitted (same tree, bounds from the current values), as
  /// Warp's grid.build() / bvh.refit() / mesh.refit() in a substep loop.
  virtual void update(unsigned threads) { build(threads); }
  /// The id kernels receive: the header's address.
  virtual uint64_t id() const = 0;
};

} // namespace kdsl

#endif
