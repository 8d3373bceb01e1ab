//===- OutputFiles.cpp - write several files as one output ----------------===//
#include "kdsl/Support/OutputFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"

#include <memory>
#include <vector>

llvm::Error
kdsl::writeFilesInDirectory(llvm::StringRef dir,
                            llvm::ArrayRef<std::pair<std::string, std::string>> files) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return llvm::createStringError(ec, "cannot create '" + dir + "': " + ec.message());
  // ToolOutputFile deletes its file unless kept: keep them only at the end.
  std::vector<std::unique_ptr<llvm::ToolOutputFile>> written;
  for (const auto &[name, contents] : files) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, name);
    std::error_code ec;
    auto file = std::make_unique<llvm::ToolOutputFile>(path, ec, llvm::sys::fs::OF_None);
    if (!ec) {
      file->os() << contents;
      file->os().flush();
      if (file->os().has_error()) {
        ec = file->os().error();
        file->os().clear_error();
      }
    }
    if (ec)
      return llvm::createStringError(ec, "cannot write '" + path + "': " + ec.message());
    written.push_back(std::move(file));
  }
  for (auto &file : written)
    file->keep();
  return llvm::Error::success();
}
