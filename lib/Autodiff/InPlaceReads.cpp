//===- InPlaceReads.cpp - arrays the adjoint reads before the kernel writes them ===//
//
// The adjoint kernel replays the forward body on the arrays it is given. A
// kernel that reads an array and later writes it (`x[i] = x[i] * x[i]`)
// (or tile_loads it and tile_stores into it) read, in the forward launch,
// a value the launch then overwrote: a replay
// after the forward launch reads the new value. Where the adjoint needs the
// value read (a nonlinear use, a branch condition), the adjoint must run on
// the arrays as they were before the forward launch.
//
// Before the adjoint is built, the loads of arrays the kernel also writes
// are tagged; the replay clones keep the tag. After, a simplified copy of
// the adjoint (canonicalize, remove-dead-values) tells which of them the
// adjoint still needs (`x[i] = x[i] + v[i]` needs none). For each array with
// a needed load of an element a later write overwrites (the same view and
// indices, after a write in program order or in a loop that does not vary
// them), the write gets a warning (the analogue of Warp's
// wp.config.verify_autograd_array_access), with a note where the adjoint
// also needs a value the kernel wrote, and the adjoint kernel the attribute
// kdsl.pre_launch_args (kPreLaunchArgsAttrName), which tells hosts
// (kdsl-run's LaunchPlan) to launch it on those arrays as they were.
//
//===----------------------------------------------------------------------===//
#include "InPlaceReads.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/TypeSwitch.h"

#include <map>
#include <set>

using namespace mlir;
using namespace kdsl;

static constexpr llvm::StringLiteral kTag = "kdsl.in_place_read";

/// The kernel argument an array value views and the struct fields on the
/// way ("state.x" for `state.x` or a slice of it); none for a local array or
/// an array chosen at run time.
static std::optional<std::pair<unsigned, std::string>> arrayKey(Value v, Block &body) {
  std::string fields;
  while (Operation *def = v.getDefiningOp()) {
    if (auto e = dyn_cast<StructExtractOp>(def))
      fields = "." + e.getField().str() + fields;
    else if (!isa<SubArrayOp, ArraySliceOp, FieldViewOp, AssumeDenseOp>(def))
      return std::nullopt;
    v = def->getOperand(0);
  }
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg || arg.getOwner() != &body)
    return std::nullopt;
  return std::make_pair(arg.getArgNumber(), fields);
}

/// The array `op` writes: scalar stores and atomics, and the tile ops that
/// write a block's tile (tile_store, tile_atomic_add, their indexed forms).
static Value writtenArray(Operation *op) {
  return llvm::TypeSwitch<Operation *, Value>(op)
      .Case<StoreOp, AtomicOp, TileStoreOp, TileAtomicAddOp, TileStoreIndexedOp,
            TileAtomicAddIndexedOp>([](auto w) { return w.getArray(); })
      .Default([](Operation *) { return Value(); });
}

/// The array `op` reads: scalar loads and tile loads (plain and indexed).
static Value readArray(Operation *op) {
  return llvm::TypeSwitch<Operation *, Value>(op)
      .Case<LoadOp, TileLoadOp, TileLoadIndexedOp>([](auto r) { return r.getArray(); })
      .Default([](Operation *) { return Value(); });
}

/// Whether `op` reads or writes a whole tile of elements (its offsets are
/// the first element's, not every element's indices).
static bool isTileAccess(Operation *op) {
  return isa<TileLoadOp, TileLoadIndexedOp, TileStoreOp, TileAtomicAddOp, TileStoreIndexedOp,
             TileAtomicAddIndexedOp>(op);
}

bool kdsl::tagInPlaceReads(KernelOp primal) {
  Block &body = primal.getBody().front();
  std::set<std::pair<unsigned, std::string>> written;
  primal.walk([&](Operation *op) {
    if (Value a = writtenArray(op))
      if (auto key = arrayKey(a, body))
        written.insert(*key);
  });
  if (written.empty())
    return false;
  int64_t id = 0;
  Builder b(primal.getContext());
  primal.walk([&](Operation *read) {
    if (Value a = readArray(read))
      if (auto key = arrayKey(a, body); key && written.count(*key))
        read->setAttr(kTag, b.getI64IntegerAttr(id++));
  });
  return id > 0;
}

/// "file:line:col" of a location (the first file position in it).
static std::string describe(Location loc) {
  if (auto fl = loc->findInstanceOf<FileLineColLoc>())
    return (fl.getFilename().getValue() + ":" + llvm::Twine(fl.getLine()) + ":" +
            llvm::Twine(fl.getColumn()))
        .str();
  std::string s;
  llvm::raw_string_ostream os(s);
  os << loc;
  return s;
}

/// Whether two values are the same computation (`i + 1` twice), through
/// pure ops and loads.
static bool sameValue(Value a, Value b, unsigned depth = 0) {
  if (a == b)
    return true;
  Operation *da = a.getDefiningOp(), *db = b.getDefiningOp();
  if (depth > 8 || !da || !db || da->getName() != db->getName() ||
      da->getAttrDictionary() != db->getAttrDictionary() ||
      da->getNumOperands() != db->getNumOperands() || da->getNumRegions() != 0 ||
      !(isPure(da) || isa<LoadOp>(da)) ||
      cast<OpResult>(a).getResultNumber() != cast<OpResult>(b).getResultNumber())
    return false;
  for (auto [x, y] : llvm::zip(da->getOperands(), db->getOperands()))
    if (!sameValue(x, y, depth + 1))
      return false;
  return true;
}

/// The indices of a scalar access, the offsets of a tile access.
static ValueRange indicesOf(Operation *op) {
  return llvm::TypeSwitch<Operation *, ValueRange>(op)
      .Case<LoadOp, StoreOp, AtomicOp>([](auto a) { return a.getIndices(); })
      .Case<TileLoadOp, TileLoadIndexedOp, TileStoreOp, TileAtomicAddOp, TileStoreIndexedOp,
            TileAtomicAddIndexedOp>([](auto a) { return a.getOffsets(); })
      .Default([](Operation *) { return ValueRange(); });
}

void kdsl::checkInPlaceReads(KernelOp primal, KernelOp adjoint, ArrayRef<Attribute> argNames) {
  llvm::scope_exit untag([&] { adjoint.walk([](Operation *op) { op->removeAttr(kTag); }); });
  // Simplified copies of both kernels, in a module of their own: the tags
  // left in the adjoint's are the reads it needs (remove-dead-values also
  // drops what only the adjoints of scalar arguments need, `adj_beta +=
  // adj * y[i]` in a loop: nothing reads them back); the primal's has its
  // index arithmetic folded (`p.id` of a struct built from `tid` is `tid`).
  OwningOpRef<ModuleOp> scratch = ModuleOp::create(adjoint.getLoc());
  auto primalCopy = cast<KernelOp>(primal->clone());
  scratch->push_back(primalCopy);
  scratch->push_back(adjoint->clone());
  PassManager pm(adjoint.getContext());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createRemoveDeadValuesPass());
  pm.addPass(createCanonicalizerPass());
  if (failed(pm.run(*scratch)))
    return; // nothing to learn
  llvm::DenseSet<int64_t> needed;
  for (Operation &k : scratch->getBody()->getOperations())
    if (&k != primalCopy.getOperation())
      k.walk([&](Operation *l) {
        if (auto tag = l->getAttrOfType<IntegerAttr>(kTag))
          needed.insert(tag.getInt());
      });
  if (needed.empty())
    return;

  // Program order of the primal's ops, and the writes of each array.
  Block &body = primalCopy.getBody().front();
  llvm::DenseMap<Operation *, unsigned> order;
  using Key = std::pair<unsigned, std::string>;
  std::map<Key, SmallVector<Operation *>> writes;
  primalCopy.walk<WalkOrder::PreOrder>([&](Operation *op) {
    order[op] = order.size();
    if (Value a = writtenArray(op))
      if (auto key = arrayKey(a, body))
        writes[*key].push_back(op);
  });
  // How `write` and `load` order on the element they share: the same
  // indices (other indices are other elements as far as this can tell: a
  // loop recurrence `x[k] = x[k + 1]` reads what the launch wrote, and the
  // arrays after the launch are right for it), and the write after the read
  // (Before), before it (After), or both in a loop that does not vary the
  // indices (Both: each iteration reads what the last one wrote).
  enum Order { None = 0, Before = 1, After = 2, Both = 3 };
  // A tile access covers a range of elements from its offsets: any two
  // accesses of one array of which one is a tile access may share elements
  // (blocks' tiles overlap, a scalar read falls in a stored tile), so only
  // their order tells.
  auto orderOf = [&](Operation *write, Operation *load) -> Order {
    ValueRange wi = indicesOf(write), li = indicesOf(load);
    if (!sameValue(writtenArray(write), readArray(load)))
      return None;
    if (!isTileAccess(write) && !isTileAccess(load)) {
      if (wi.size() != li.size())
        return None;
      for (auto [a, b] : llvm::zip(wi, li))
        if (!sameValue(a, b))
          return None;
    }
    for (Operation *p = load->getParentOp(); p; p = p->getParentOp())
      if (isa<scf::ForOp, scf::WhileOp>(p) && p->isAncestor(write) &&
          llvm::none_of(li,
                        [&](Value v) { return p->isAncestor(v.getParentBlock()->getParentOp()); }))
        return Both;
    return order[write] > order[load] ? Before : After;
  };

  // Per array: the first needed read a later write overwrites (and that
  // write), and the first needed read of a value the kernel wrote.
  struct Found {
    Operation *overwritten = nullptr;
    Operation *write = nullptr;
    Operation *readsWritten = nullptr;
  };
  std::map<Key, Found> found;
  primalCopy.walk<WalkOrder::PreOrder>([&](Operation *load) {
    auto tag = load->getAttrOfType<IntegerAttr>(kTag);
    if (!tag || !needed.count(tag.getInt()))
      return;
    auto key = arrayKey(readArray(load), body);
    if (!key)
      return;
    for (Operation *w : writes[*key]) {
      Order o = orderOf(w, load);
      Found &f = found[*key];
      if ((o & Before) && !f.write) {
        f.overwritten = load;
        f.write = w;
      }
      if ((o & After) && !f.readsWritten)
        f.readsWritten = load;
    }
  });
  std::set<int64_t> preLaunch;
  for (auto &[key, f] : found) {
    if (!f.write)
      continue; // it reads what this launch wrote: the arrays after the launch
    preLaunch.insert(key.first);
    std::string name = cast<StringAttr>(argNames[key.first]).getValue().str() + key.second;
    InFlightDiagnostic w = emitWarning(f.write->getLoc());
    w << "autodiff: '" << name << "' is written here after its read at "
      << describe(f.overwritten->getLoc())
      << ", whose value the adjoint needs: launch the adjoint on '" << name
      << "' as it was before the forward launch (kdsl-run does; Warp's wp.Tape does not)";
    if (f.readsWritten)
      w.attachNote(f.readsWritten->getLoc())
          << "the adjoint also needs the value written that this reads, and no one state of '"
          << name << "' has both: the gradient is wrong (keep one of the values in a local)";
  }
  if (!preLaunch.empty())
    adjoint->setAttr(
        kPreLaunchArgsAttrName,
        DenseI64ArrayAttr::get(adjoint.getContext(),
                               SmallVector<int64_t>(preLaunch.begin(), preLaunch.end())));
}
