//===- OutputFiles.cpp - outputs that are complete or absent --------------===//
#include "kdsl/Support/OutputFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace fs = llvm::sys::fs;

namespace {
llvm::Error cannotWrite(const llvm::Twine &path, std::error_code ec) {
  return llvm::createStringError(ec, "cannot write '" + path + "': " + ec.message());
}

/// `contents` in a temporary file next to `path` (removed on signals until
/// it is kept or discarded).
llvm::Expected<fs::TempFile> writeTemporary(llvm::StringRef path, llvm::StringRef contents) {
  auto temp = fs::TempFile::create(path + ".tmp-%%%%%%");
  if (!temp)
    return cannotWrite(path, llvm::errorToErrorCode(temp.takeError()));
  llvm::raw_fd_ostream os(temp->FD, /*shouldClose=*/false);
  os << contents;
  os.flush();
  if (os.has_error()) {
    std::error_code ec = os.error();
    os.clear_error();
    llvm::consumeError(temp->discard());
    return cannotWrite(path, ec);
  }
  return std::move(*temp);
}
} // namespace

/// Writes `contents` to an existing non-regular file (/dev/null, a FIFO, a
/// link): renaming a file over it would replace the device or the link.
static llvm::Error writeInPlace(llvm::StringRef path, llvm::StringRef contents) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, fs::OF_None);
  if (ec)
    return cannotWrite(path, ec);
  os << contents;
  os.flush();
  if (os.has_error()) {
    ec = os.error();
    os.clear_error();
    return cannotWrite(path, ec);
  }
  return llvm::Error::success();
}

/// Whether `path` exists and is not a regular file: a device, a FIFO, or a
/// symbolic link (/dev/stdout; a rename would replace the link, not write
/// where it points).
static bool isSpecialFile(llvm::StringRef path) {
  fs::file_status st;
  return !fs::status(path, st, /*Follow=*/false) && fs::exists(st) &&
         st.type() != fs::file_type::regular_file;
}

llvm::Error kdsl::writeFileAtomically(llvm::StringRef path, llvm::StringRef contents) {
  if (isSpecialFile(path))
    return writeInPlace(path, contents);
  auto temp = writeTemporary(path, contents);
  if (!temp)
    return temp.takeError();
  if (llvm::Error e = temp->keep(path))
    return cannotWrite(path, llvm::errorToErrorCode(std::move(e)));
  return llvm::Error::success();
}

llvm::Error kdsl::writeFilesInDirectory(llvm::StringRef dir,
                                        llvm::ArrayRef<std::pair<std::string, std::string>> files) {
  if (std::error_code ec = fs::create_directories(dir))
    return llvm::createStringError(ec, "cannot create '" + dir + "': " + ec.message());
  std::vector<std::pair<std::string, fs::TempFile>> written;
  auto discardAll = [&] {
    for (auto &[path, temp] : written)
      llvm::consumeError(temp.discard());
  };
  for (const auto &[name, contents] : files) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, name);
    if (isSpecialFile(path)) {
      discardAll();
      return cannotWrite(path, std::make_error_code(std::errc::invalid_argument));
    }
    auto temp = writeTemporary(path, contents);
    if (!temp) {
      discardAll();
      return temp.takeError();
    }
    written.emplace_back(std::string(path), std::move(*temp));
  }
  for (auto &[path, temp] : written)
    if (llvm::Error e = temp.keep(path)) {
      discardAll();
      return cannotWrite(path, llvm::errorToErrorCode(std::move(e)));
    }
  return llvm::Error::success();
}
