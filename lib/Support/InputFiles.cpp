//===- InputFiles.cpp - input files of bounded size -----------------------===//
#include "kdsl/Support/InputFiles.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Errno.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <cerrno>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

using namespace llvm;

static Error cannotRead(StringRef path, const Twine &reason) {
  return createStringError("cannot read '" + path + "': " + reason);
}

static std::string limitText(uint64_t maxBytes) {
  if (maxBytes % (1 << 20) == 0)
    return std::to_string(maxBytes >> 20) + " MiB";
  return std::to_string(maxBytes) + " bytes";
}

/// Reads `fd` (blocking) to its end, or fails once more than `maxBytes`
/// came. `data` may hold what was read before.
static Expected<std::unique_ptr<MemoryBuffer>>
readStream(int fd, StringRef path, StringRef name, uint64_t maxBytes, SmallString<0> data = {}) {
  for (;;) {
    if (data.size() > maxBytes)
      return cannotRead(path, "more than the limit of " + limitText(maxBytes) +
                                  " for an input file (not a regular file: read up to the limit)");
    size_t chunk = size_t(std::min<uint64_t>(uint64_t(1) << 16, maxBytes + 1 - data.size()));
    size_t before = data.size();
    data.resize_for_overwrite(before + chunk);
    ssize_t n = sys::RetryAfterSignal(-1, ::read, fd, data.data() + before, chunk);
    if (n < 0)
      return cannotRead(path, sys::StrError(errno));
    data.truncate(before + size_t(n));
    if (n == 0)
      break;
  }
  return MemoryBuffer::getMemBufferCopy(data, name);
}

/// A device, named pipe or socket: opened without blocking (the open of a
/// named pipe waits for a writer), and a named pipe that no process opens
/// for writing within kFifoWriterWaitSeconds is an error, not a wait without
/// end. Then read as a stream.
static Expected<std::unique_ptr<MemoryBuffer>>
readSpecial(StringRef path, const sys::fs::file_status &status, uint64_t maxBytes) {
  SmallString<256> zpath(path);
  int fd = sys::RetryAfterSignal(-1, ::open, zpath.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return cannotRead(path, sys::StrError(errno));
  llvm::scope_exit close([&] { ::close(fd); });
  // One read without blocking: on a named pipe, 0 bytes means no process has
  // it open for writing (EAGAIN: a writer that has not written yet).
  SmallString<0> data;
  data.resize_for_overwrite(1 << 16);
  ssize_t n = sys::RetryAfterSignal(-1, ::read, fd, data.data(), data.size());
  if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    return cannotRead(path, sys::StrError(errno));
  data.truncate(n < 0 ? 0 : size_t(n));
  if (n == 0 && status.type() != sys::fs::file_type::fifo_file)
    return MemoryBuffer::getMemBufferCopy("", path); // e.g. /dev/null
  if (n == 0) {
    // Wait for a writer (one started with the tool may open it a moment
    // later): poll reports data, or the end of a writer that wrote nothing.
    struct pollfd ready = {fd, POLLIN, 0};
    int r = sys::RetryAfterSignal(-1, ::poll, &ready, 1, kdsl::kFifoWriterWaitSeconds * 1000);
    if (r < 0)
      return cannotRead(path, sys::StrError(errno));
    if (r == 0)
      return cannotRead(path, "a named pipe (FIFO) that no process opened for writing within " +
                                  Twine(kdsl::kFifoWriterWaitSeconds) + " s");
  }
  int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0)
    return cannotRead(path, sys::StrError(errno));
  return readStream(fd, path, path, maxBytes, std::move(data));
}

Expected<std::unique_ptr<MemoryBuffer>> kdsl::readInputFile(StringRef path, uint64_t maxBytes) {
  if (path == "-")
    return readStream(STDIN_FILENO, path, "<stdin>", maxBytes);
  sys::fs::file_status status;
  if (std::error_code ec = sys::fs::status(path, status))
    return cannotRead(path, ec.message());
  if (status.type() == sys::fs::file_type::directory_file)
    return cannotRead(path, "is a directory");
  if (status.type() != sys::fs::file_type::regular_file)
    return readSpecial(path, status, maxBytes);
  if (status.getSize() > maxBytes)
    return cannotRead(path, std::to_string(status.getSize()) + " bytes, more than the limit of " +
                                limitText(maxBytes) + " for an input file");
  Expected<sys::fs::file_t> fd = sys::fs::openNativeFileForRead(path);
  if (!fd)
    return cannotRead(path, toString(fd.takeError()));
  llvm::scope_exit close([&] { sys::fs::closeFile(*fd); });
  // A regular file of size 0 may still have contents (/proc/self/status):
  // read as a stream.
  if (status.getSize() == 0)
    return readStream(*fd, path, path, maxBytes);
  // Read, not mapped (IsVolatile): a file truncated while it is read would
  // end the tool with SIGBUS.
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getOpenFile(*fd, path, status.getSize(), /*RequiresNullTerminator=*/true,
                                /*IsVolatile=*/true);
  if (!buffer)
    return cannotRead(path, buffer.getError().message());
  return std::move(*buffer);
}

namespace {
/// A file already read (by readInputFile), handed over once.
class ReadFile : public vfs::File {
public:
  ReadFile(vfs::Status status, std::unique_ptr<MemoryBuffer> buffer)
      : fileStatus(std::move(status)), buffer(std::move(buffer)) {}
  ErrorOr<vfs::Status> status() override { return fileStatus; }
  ErrorOr<std::unique_ptr<MemoryBuffer>> getBuffer(const Twine &name, int64_t, bool,
                                                   bool) override {
    if (!buffer)
      return std::make_error_code(std::errc::io_error);
    return std::move(buffer);
  }
  std::error_code close() override { return {}; }

private:
  vfs::Status fileStatus;
  std::unique_ptr<MemoryBuffer> buffer;
};

/// The real file system, whose files are read with readInputFile; the
/// error of the last refused file is kept in `error`.
class BoundedFileSystem : public vfs::ProxyFileSystem {
public:
  BoundedFileSystem(std::string &error) : ProxyFileSystem(vfs::getRealFileSystem()), error(error) {}
  ErrorOr<std::unique_ptr<vfs::File>> openFileForRead(const Twine &path) override {
    ErrorOr<vfs::Status> st = status(path);
    if (!st)
      return st.getError();
    Expected<std::unique_ptr<MemoryBuffer>> buffer = kdsl::readInputFile(path.str());
    if (!buffer) {
      error = toString(buffer.takeError());
      return std::make_error_code(std::errc::io_error);
    }
    return std::make_unique<ReadFile>(std::move(*st), std::move(*buffer));
  }

private:
  std::string &error;
};
} // namespace

Error kdsl::expandResponseFiles(int &argc, char **&argv) {
  static BumpPtrAllocator allocator;
  static SmallVector<const char *, 0> args;
  args.assign(argv, argv + argc);
  std::string error;
  BoundedFileSystem fs(error);
  cl::ExpansionContext expansion(allocator, cl::TokenizeGNUCommandLine, &fs);
  if (Error e = expansion.expandResponseFiles(args)) {
    if (error.empty())
      return e;
    consumeError(std::move(e));
    return createStringError(error);
  }
  argc = int(args.size());
  args.push_back(nullptr); // argv[argc]
  argv = const_cast<char **>(args.data());
  return Error::success();
}
