//===- ObjectCache.h - compiled kernels kept on disk -----------*- C++ -*-===//
//
// The JIT's kernel cache, as Warp's (~/.cache/warp): the object code of a
// module is kept in a directory under a key of everything that determines
// it, and a later compile of the same module (another kdsl-run of the same
// kernels) loads it instead of running LLVM's optimizer and code generator,
// about two thirds of the time from source to a callable kernel.
//
// The key hashes the LLVM IR before optimization, the target (triple, CPU,
// features, optimization level), LLVM's version and the running executable
// (its device, inode, size and modification time: a rebuilt kdsl may
// optimize differently). Files are written to a temporary name and renamed,
// so concurrent runs never read half an object; an unreadable or invalid
// file is a miss. The cache is best effort: a directory that cannot be
// created or written only means no cache.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_RUNTIME_OBJECTCACHE_H
#define KDSL_RUNTIME_OBJECTCACHE_H

#include "llvm/ExecutionEngine/ObjectCache.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Target/TargetMachine.h"

#include <memory>
#include <string>

namespace kdsl {

/// The directory kdsl-run caches kernels in: $KDSL_CACHE_DIR if set (empty:
/// no cache), else $XDG_CACHE_HOME/kdsl, else $HOME/.cache/kdsl; empty if
/// none of them is set.
std::string defaultObjectCacheDir();

/// One module's entry in a cache directory.
class KernelObjectCache : public llvm::ObjectCache {
public:
  /// The entry of `module` (not yet optimized; its triple and data layout
  /// set) compiled by `machine`, optimized or not, in `dir`.
  KernelObjectCache(llvm::StringRef dir, const llvm::Module &module,
                    const llvm::TargetMachine &machine, bool optimize);

  /// The cached object, or null (absent, unreadable, not an object file).
  std::unique_ptr<llvm::MemoryBuffer> load() const;
  /// The file of the entry.
  const std::string &path() const { return file; }

  /// ORC's compiler calls these: the module is the one of the constructor.
  void notifyObjectCompiled(const llvm::Module *, llvm::MemoryBufferRef object) override;
  std::unique_ptr<llvm::MemoryBuffer> getObject(const llvm::Module *) override { return nullptr; }

private:
  std::string dir, file;
};

} // namespace kdsl

#endif
