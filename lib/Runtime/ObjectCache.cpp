//===- ObjectCache.cpp - compiled kernels kept on disk --------------------===//
#include "kdsl/Runtime/ObjectCache.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;

std::string kdsl::defaultObjectCacheDir() {
  if (std::optional<std::string> dir = sys::Process::GetEnv("KDSL_CACHE_DIR"))
    return *dir;
  SmallString<128> path;
  if (std::optional<std::string> xdg = sys::Process::GetEnv("XDG_CACHE_HOME"); xdg && !xdg->empty())
    path = *xdg;
  else if (std::optional<std::string> home = sys::Process::GetEnv("HOME"); home && !home->empty())
    sys::path::append(path, *home, ".cache");
  else
    return "";
  sys::path::append(path, "kdsl");
  return std::string(path);
}

/// What identifies the running executable's build: kdsl's own passes
/// (optimizeForHost) are linked into it.
static std::string executableIdentity() {
  struct stat st;
  if (::stat("/proc/self/exe", &st) != 0)
    return "unknown-executable";
  return formatv("{0}:{1}:{2}:{3}.{4}", st.st_dev, st.st_ino, st.st_size, st.st_mtim.tv_sec,
                 st.st_mtim.tv_nsec)
      .str();
}

kdsl::KernelObjectCache::KernelObjectCache(StringRef dir, const Module &module,
                                           const TargetMachine &machine, bool optimize)
    : dir(dir.str()) {
  SmallVector<char, 0> bytes;
  raw_svector_ostream os(bytes);
  os << "kdsl-jit-object-v1\n"
     << LLVM_VERSION_STRING << '\n'
     << executableIdentity() << '\n'
     << machine.getTargetTriple().str() << '\n'
     << machine.getTargetCPU() << '\n'
     << machine.getTargetFeatureString() << '\n'
     << (optimize ? "O3" : "O0") << '\n';
  WriteBitcodeToFile(module, os);
  XXH128_hash_t h = xxh3_128bits(arrayRefFromStringRef(StringRef(bytes.data(), bytes.size())));
  SmallString<128> path(dir);
  sys::path::append(path, utohexstr(h.high64, true, 16) + utohexstr(h.low64, true, 16) + ".o");
  file = std::string(path);
}

std::unique_ptr<MemoryBuffer> kdsl::KernelObjectCache::load() const {
  if (dir.empty())
    return nullptr;
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getFile(file, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buffer)
    return nullptr;
  Expected<std::unique_ptr<object::ObjectFile>> obj =
      object::ObjectFile::createObjectFile((*buffer)->getMemBufferRef());
  if (!obj) {
    consumeError(obj.takeError());
    return nullptr;
  }
  return std::move(*buffer);
}

void kdsl::KernelObjectCache::notifyObjectCompiled(const Module *, MemoryBufferRef object) {
  if (dir.empty() || sys::fs::create_directories(dir))
    return;
  // A temporary file in the same directory, then rename: readers see the
  // whole object or none.
  SmallString<128> temp(file);
  temp += formatv(".{0}.tmp", ::getpid()).str();
  {
    std::error_code ec;
    raw_fd_ostream os(temp, ec, sys::fs::OF_None);
    if (ec)
      return;
    os << object.getBuffer();
    os.close();
    if (os.has_error()) {
      os.clear_error();
      sys::fs::remove(temp);
      return;
    }
  }
  if (sys::fs::rename(temp, file))
    sys::fs::remove(temp);
}
