//===- Bvh.h - Warp's BVH, built on the host --------------------*- C++ -*-===//
//
// wp.Bvh(lowers, uppers[, groups]) (Warp 1.16): a bounding volume hierarchy
// over boxes, one item per leaf, that kernels query with bvh_query_aabb /
// bvh_query_ray / bvh_query_next (lib/Frontend/Prelude/bvh.py). The build is
// deterministic: a median split of the items' centres on the longest axis
// of their bounds, ties by item index; with groups, the items of each group
// get a subtree of their own (bvh_get_group_root) under a tree over the
// groups. refit() keeps the tree and recomputes every node's bounds.
// Query results depend on the items' bounds only, never on the tree.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_RUNTIME_BVH_H
#define KDSL_RUNTIME_BVH_H

#include "kdsl/Runtime/HostObject.h"
#include "kdsl/Runtime/KernelABI.h"
#include "kdsl/Runtime/ValueLayout.h"

#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace kdsl {

/// The tree of a kdsl_bvh over item bounds that its owner computes.
class BvhTree {
public:
  using Vec3 = std::array<float, 3>;
  /// Builds the tree over `lowers`/`uppers` (one box per item); `groups`
  /// (empty, or one id per item) splits it into a subtree per group. Large
  /// subtrees are built on up to `threads` threads (0: all hardware
  /// threads); the tree is the same for any count.
  void build(const std::vector<Vec3> &lowers, const std::vector<Vec3> &uppers,
             const std::vector<int32_t> &groups, unsigned threads = 1);
  /// New bounds for the same items: every node's bounds, same tree.
  void refit(const std::vector<Vec3> &lowers, const std::vector<Vec3> &uppers);
  const kdsl_bvh &view() const { return header; }
  uint64_t id() const { return uint64_t(uintptr_t(&header)); }
  /// Adds the header and the node and group buffers to `m`.
  void describe(ObjectMemory &m) const;

private:
  /// The subtree of items[lo, hi) (of groups order[lo, hi)) at node `at`.
  void emitItems(std::vector<int32_t> &items, size_t lo, size_t hi, int32_t at, unsigned threads);
  void emitGroups(std::vector<int32_t> &order, size_t lo, size_t hi, int32_t at, unsigned threads);
  void publish();

  const std::vector<Vec3> *itemLo = nullptr, *itemHi = nullptr;
  std::vector<Vec3> nodeLowers, nodeUppers;
  std::vector<int32_t> skip, item;
  // Groups: ids (increasing), each one's items [groupStart[g], groupStart[g+1])
  // of groupItems, its root, and its bounds.
  std::vector<int32_t> groupIds, groupRoots, groupItems;
  std::vector<size_t> groupStart;
  std::vector<Vec3> groupLowers, groupUppers;
  kdsl_bvh header{};
};

/// wp.Bvh(lowers, uppers[, groups]) over two 1-d vec3f arrays of a spec.
class HostBvh : public HostObject {
public:
  static llvm::Expected<std::unique_ptr<HostBvh>> create(HostArray *lowers, HostArray *uppers,
                                                         HostArray *groups = nullptr);
  void build(unsigned threads) override;
  void update(unsigned threads) override; // refit
  uint64_t id() const override { return tree.id(); }
  Kind kind() const override { return Kind::Bvh; }
  ObjectMemory memory() const override;
  const kdsl_bvh &view() const { return tree.view(); }

private:
  HostBvh() = default;
  void readBounds();

  HostArray *lowerArray = nullptr, *upperArray = nullptr, *groupArray = nullptr;
  std::vector<BvhTree::Vec3> lowers, uppers;
  BvhTree tree;
};

/// A "spec" error unless `a` is a 1-d array of vec3f (`what`: its key).
llvm::Error checkVec3fArray(const HostArray *a, llvm::StringRef what);
/// The first `n` values of a BVH's or mesh's group array (Warp's `groups=`:
/// one int32 per item), or none without one.
std::vector<int32_t> readGroups(const HostArray *groups, size_t n);
/// A "spec" error unless `a` is a 1-d array of int32 (`what`: its key).
llvm::Error checkInt32Array(const HostArray *a, llvm::StringRef what);

} // namespace kdsl

#endif
