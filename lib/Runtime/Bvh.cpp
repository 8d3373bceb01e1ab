//===- Bvh.cpp - Warp's BVH, built on the host ----------------------------===//
#include "kdsl/Runtime/Bvh.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <numeric>
#include <thread>

using namespace kdsl;

// The prelude reads the header by these offsets (Prelude/bvh.py).
static_assert(sizeof(kdsl_bvh) == 64, "kdsl_bvh layout");
static_assert(offsetof(kdsl_bvh, node_lowers) == 0 && offsetof(kdsl_bvh, node_uppers) == 8 &&
                  offsetof(kdsl_bvh, node_skip) == 16 && offsetof(kdsl_bvh, node_item) == 24 &&
                  offsetof(kdsl_bvh, group_ids) == 32 && offsetof(kdsl_bvh, group_roots) == 40,
              "kdsl_bvh layout: uint64 words 0..5");
static_assert(offsetof(kdsl_bvh, num_nodes) == 48 && offsetof(kdsl_bvh, num_items) == 52 &&
                  offsetof(kdsl_bvh, num_groups) == 56,
              "kdsl_bvh layout: int32 words 12..14");

HostObject::~HostObject() = default;

/// The union of the bounds of inner node `i`'s two children.
static void unionOfChildren(std::vector<BvhTree::Vec3> &lowers, std::vector<BvhTree::Vec3> &uppers,
                            const std::vector<int32_t> &skip, int32_t i) {
  int32_t l = i + 1, r = skip[size_t(l)];
  for (int d = 0; d < 3; ++d) {
    lowers[size_t(i)][d] = std::min(lowers[size_t(l)][d], lowers[size_t(r)][d]);
    uppers[size_t(i)][d] = std::max(uppers[size_t(l)][d], uppers[size_t(r)][d]);
  }
}

/// Sorts `ids[lo, hi)` by the centres of their boxes along the longest axis
/// of the centres' bounds (ties by id) and returns the median position.
static size_t medianSplit(std::vector<int32_t> &ids, size_t lo, size_t hi,
                          const std::vector<BvhTree::Vec3> &lowers,
                          const std::vector<BvhTree::Vec3> &uppers) {
  auto centre = [&](int32_t k, int d) {
    return double(lowers[size_t(k)][d]) + double(uppers[size_t(k)][d]);
  };
  double cmin[3], cmax[3];
  for (int d = 0; d < 3; ++d) {
    cmin[d] = cmax[d] = centre(ids[lo], d);
    for (size_t k = lo + 1; k < hi; ++k) {
      cmin[d] = std::min(cmin[d], centre(ids[k], d));
      cmax[d] = std::max(cmax[d], centre(ids[k], d));
    }
  }
  int axis = 0;
  for (int d = 1; d < 3; ++d)
    if (cmax[d] - cmin[d] > cmax[axis] - cmin[axis])
      axis = d;
  // The lower half by (centre, id), a strict total order: the halves (as
  // sets, which is all the tree depends on) are the same whatever order
  // nth_element leaves them in.
  size_t mid = lo + (hi - lo) / 2;
  std::nth_element(ids.begin() + ptrdiff_t(lo), ids.begin() + ptrdiff_t(mid),
                   ids.begin() + ptrdiff_t(hi), [&](int32_t a, int32_t b) {
                     double ca = centre(a, axis), cb = centre(b, axis);
                     return ca < cb || (ca == cb && a < b);
                   });
  return mid;
}

// A subtree over k items has 2k - 1 nodes (every inner node has two
// children), so each half's nodes are known before it is built: the left
// child of node `at` is at + 1, the right one at + 2 * (left items), and
// large halves are built on threads of their own.
void BvhTree::emitItems(std::vector<int32_t> &items, size_t lo, size_t hi, int32_t at,
                        unsigned threads) {
  size_t i = size_t(at);
  if (hi - lo == 1) {
    int32_t k = items[lo];
    item[i] = k;
    nodeLowers[i] = (*itemLo)[size_t(k)];
    nodeUppers[i] = (*itemHi)[size_t(k)];
    skip[i] = at + 1;
    return;
  }
  size_t mid = medianSplit(items, lo, hi, *itemLo, *itemHi);
  int32_t right = at + 2 * int32_t(mid - lo);
  if (threads > 1 && hi - lo > 16384) {
    std::thread left([&, lo, mid, at, threads] { emitItems(items, lo, mid, at + 1, threads / 2); });
    emitItems(items, mid, hi, right, threads - threads / 2);
    left.join();
  } else {
    emitItems(items, lo, mid, at + 1, 1);
    emitItems(items, mid, hi, right, 1);
  }
  item[i] = -1;
  unionOfChildren(nodeLowers, nodeUppers, skip, at);
  skip[i] = at + 2 * int32_t(hi - lo) - 1;
}

void BvhTree::emitGroups(std::vector<int32_t> &order, size_t lo, size_t hi, int32_t at,
                         unsigned threads) {
  auto itemsOf = [&](size_t from, size_t to) {
    size_t n = 0;
    for (size_t k = from; k < to; ++k)
      n += groupStart[size_t(order[k]) + 1] - groupStart[size_t(order[k])];
    return n;
  };
  if (hi - lo == 1) {
    int32_t g = order[lo];
    emitItems(groupItems, groupStart[size_t(g)], groupStart[size_t(g) + 1], at, threads);
    groupRoots[size_t(g)] = at;
    return;
  }
  size_t mid = medianSplit(order, lo, hi, groupLowers, groupUppers);
  size_t leftItems = itemsOf(lo, mid);
  emitGroups(order, lo, mid, at + 1, threads);
  emitGroups(order, mid, hi, at + 2 * int32_t(leftItems), threads);
  item[size_t(at)] = -1;
  unionOfChildren(nodeLowers, nodeUppers, skip, at);
  skip[size_t(at)] = at + 2 * int32_t(leftItems + itemsOf(mid, hi)) - 1;
}

void BvhTree::build(const std::vector<Vec3> &lowers, const std::vector<Vec3> &uppers,
                    const std::vector<int32_t> &groups, unsigned threads) {
  itemLo = &lowers;
  itemHi = &uppers;
  groupIds.clear();
  groupRoots.clear();
  groupStart.clear();
  size_t n = lowers.size();
  size_t numNodes = n ? 2 * n - 1 : 0;
  nodeLowers.assign(numNodes, {0, 0, 0});
  nodeUppers.assign(numNodes, {0, 0, 0});
  skip.assign(numNodes, 0);
  item.assign(numNodes, -1);
  if (threads == 0)
    threads = std::max(1u, std::thread::hardware_concurrency());
  groupItems.resize(n);
  std::iota(groupItems.begin(), groupItems.end(), 0);
  if (groups.empty()) {
    // One group, 0: the whole tree (Warp's ungrouped BVH).
    groupIds.push_back(0);
    groupRoots.push_back(n ? 0 : -1);
    if (n)
      emitItems(groupItems, 0, n, 0, threads);
  } else if (n) {
    std::stable_sort(groupItems.begin(), groupItems.end(),
                     [&](int32_t a, int32_t b) { return groups[size_t(a)] < groups[size_t(b)]; });
    for (size_t k = 0; k < n; ++k)
      if (k == 0 || groups[size_t(groupItems[k])] != groups[size_t(groupItems[k - 1])]) {
        groupIds.push_back(groups[size_t(groupItems[k])]);
        groupStart.push_back(k);
      }
    groupStart.push_back(n);
    size_t numGroups = groupIds.size();
    groupLowers.assign(numGroups, {0, 0, 0});
    groupUppers.assign(numGroups, {0, 0, 0});
    for (size_t g = 0; g < numGroups; ++g)
      for (size_t k = groupStart[g]; k < groupStart[g + 1]; ++k)
        for (int d = 0; d < 3; ++d) {
          float l = lowers[size_t(groupItems[k])][d], u = uppers[size_t(groupItems[k])][d];
          groupLowers[g][d] = k == groupStart[g] ? l : std::min(groupLowers[g][d], l);
          groupUppers[g][d] = k == groupStart[g] ? u : std::max(groupUppers[g][d], u);
        }
    groupRoots.assign(numGroups, -1);
    std::vector<int32_t> order(numGroups);
    std::iota(order.begin(), order.end(), 0);
    emitGroups(order, 0, numGroups, 0, threads);
  }
  header.num_items = int32_t(n);
  publish();
}

void BvhTree::refit(const std::vector<Vec3> &lowers, const std::vector<Vec3> &uppers) {
  for (size_t i = skip.size(); i-- > 0;) {
    if (item[i] >= 0) {
      nodeLowers[i] = lowers[size_t(item[i])];
      nodeUppers[i] = uppers[size_t(item[i])];
    } else {
      unionOfChildren(nodeLowers, nodeUppers, skip, int32_t(i));
    }
  }
  publish();
}

void BvhTree::publish() {
  header.node_lowers = nodeLowers.empty() ? nullptr : nodeLowers[0].data();
  header.node_uppers = nodeUppers.empty() ? nullptr : nodeUppers[0].data();
  header.node_skip = skip.data();
  header.node_item = item.data();
  header.group_ids = groupIds.data();
  header.group_roots = groupRoots.data();
  header.num_nodes = int32_t(skip.size());
  header.num_groups = int32_t(groupIds.size());
}

//===----------------------------------------------------------------------===//
// HostBvh
//===----------------------------------------------------------------------===//

static llvm::Error specFail(const llvm::Twine &m) { return makeRunError(RunErrorKind::Spec, m); }

llvm::Error kdsl::checkVec3fArray(const HostArray *a, llvm::StringRef what) {
  const ElemType &e = a->elemType();
  if (a->ndim() != 1 || e.family != ElemType::Family::Vector || e.numScalars() != 3 ||
      e.scalar != ScalarKind::F32)
    return specFail("\"" + what + "\" must be a 1-d array of vec3f, got " + e.name() + " with " +
                    llvm::Twine(a->ndim()) + " dimension(s)");
  if (a->numElements() > INT32_MAX / 2)
    return specFail("\"" + what + "\" has more than 1073741823 elements");
  return llvm::Error::success();
}

llvm::Error kdsl::checkInt32Array(const HostArray *a, llvm::StringRef what) {
  const ElemType &e = a->elemType();
  if (a->ndim() != 1 || e.family != ElemType::Family::Scalar || e.scalar != ScalarKind::I32)
    return specFail("\"" + what + "\" must be a 1-d array of int32, got " + e.name() + " with " +
                    llvm::Twine(a->ndim()) + " dimension(s)");
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<HostBvh>> HostBvh::create(HostArray *lowers, HostArray *uppers,
                                                         HostArray *groups) {
  if (llvm::Error e = checkVec3fArray(lowers, "lowers"))
    return std::move(e);
  if (llvm::Error e = checkVec3fArray(uppers, "uppers"))
    return std::move(e);
  if (lowers->numElements() != uppers->numElements())
    return specFail("\"lowers\" has " + llvm::Twine(lowers->numElements()) +
                    " elements, \"uppers\" " + llvm::Twine(uppers->numElements()) +
                    " (one box per item)");
  if (groups) {
    if (llvm::Error e = checkInt32Array(groups, "groups"))
      return std::move(e);
    if (groups->numElements() != lowers->numElements())
      return specFail("\"groups\" has " + llvm::Twine(groups->numElements()) +
                      " elements, \"lowers\" " + llvm::Twine(lowers->numElements()) +
                      " (one group id per item)");
  }
  std::unique_ptr<HostBvh> b(new HostBvh());
  b->lowerArray = lowers;
  b->upperArray = uppers;
  b->groupArray = groups;
  return std::move(b);
}

void HostBvh::readBounds() {
  size_t n = size_t(lowerArray->numElements());
  lowers.resize(n);
  uppers.resize(n);
  if (n) {
    std::memcpy(lowers.data(), lowerArray->data(), n * sizeof(BvhTree::Vec3));
    std::memcpy(uppers.data(), upperArray->data(), n * sizeof(BvhTree::Vec3));
  }
}

std::vector<int32_t> kdsl::readGroups(const HostArray *groups, size_t n) {
  std::vector<int32_t> out;
  if (groups && n) {
    out.resize(n);
    std::memcpy(out.data(), groups->data(), n * sizeof(int32_t));
  }
  return out;
}

void HostBvh::build(unsigned threads) {
  readBounds();
  tree.build(lowers, uppers, readGroups(groupArray, lowers.size()), threads);
}

void HostBvh::update(unsigned) {
  readBounds();
  tree.refit(lowers, uppers);
}

void BvhTree::describe(ObjectMemory &m) const {
  unsigned h = m.add(&header, sizeof header);
  m.add(nodeLowers.data(), nodeLowers.size() * sizeof(Vec3));
  m.add(nodeUppers.data(), nodeUppers.size() * sizeof(Vec3));
  m.add(skip.data(), skip.size() * sizeof(int32_t));
  m.add(item.data(), item.size() * sizeof(int32_t));
  m.add(groupIds.data(), groupIds.size() * sizeof(int32_t));
  m.add(groupRoots.data(), groupRoots.size() * sizeof(int32_t));
  for (size_t field : {offsetof(kdsl_bvh, node_lowers), offsetof(kdsl_bvh, node_uppers),
                       offsetof(kdsl_bvh, node_skip), offsetof(kdsl_bvh, node_item),
                       offsetof(kdsl_bvh, group_ids), offsetof(kdsl_bvh, group_roots)})
    m.pointers.push_back({h, field});
}

ObjectMemory HostBvh::memory() const {
  ObjectMemory m;
  tree.describe(m);
  return m;
}
