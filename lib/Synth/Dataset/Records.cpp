//===- Records.cpp - reading the records of a dataset or a JSONL file -------===//
#include "kdsl/Synth/Dataset/Records.h"
#include "Verify.h"

#include "kdsl/Support/InputFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace kdsl;
using namespace kdsl::synth;
using namespace kdsl::synth::shards;
namespace json = llvm::json;
namespace fs = llvm::sys::fs;

llvm::Expected<json::Value>
kdsl::synth::forEachRecord(llvm::StringRef dir,
                           llvm::function_ref<void(const json::Object &)> onRecord) {
  if (!fs::is_directory(dir))
    return llvm::createStringError(dir + ": not a dataset directory (" +
                                   (fs::exists(dir) ? "not a directory" : "no such directory") +
                                   ")");
  auto dataset =
      verifyDataset(dir, VerifyOptions{/*requireManifest=*/true, /*hashFatal=*/true}, onRecord);
  if (!dataset)
    return dataset.takeError();
  return readJSON(pathIn(dir, "manifest.json"));
}

llvm::Error kdsl::synth::readRecords(
    llvm::StringRef path,
    llvm::function_ref<llvm::Error(json::Object &&, llvm::StringRef)> onRecord) {
  if (fs::is_directory(path)) {
    llvm::Error failed = llvm::Error::success();
    auto manifest = forEachRecord(path, [&](const json::Object &record) {
      if (!failed)
        failed = onRecord(
            json::Object(record),
            llvm::formatv("{0}: record {1}", path, record.getInteger("id").value_or(-1)).str());
    });
    if (!manifest) {
      llvm::consumeError(std::move(failed));
      return manifest.takeError();
    }
    return failed;
  }
  auto buf = readInputFile(path); // bounded: /dev/zero is an error
  if (!buf)
    return buf.takeError();
  llvm::StringRef rest = (*buf)->getBuffer();
  for (size_t line = 1; !rest.empty(); ++line) {
    auto [text, tail] = rest.split('\n');
    rest = tail;
    if (text.trim().empty())
      continue;
    auto v = json::parse(text);
    if (!v)
      return llvm::createStringError(
          llvm::formatv("{0}:{1}:1: {2}", path, line, llvm::toString(v.takeError())).str());
    json::Object *o = v->getAsObject();
    if (!o)
      return llvm::createStringError(
          llvm::formatv("{0}:{1}:1: a record is a JSON object", path, line).str());
    if (llvm::Error e = onRecord(std::move(*o), llvm::formatv("{0}:{1}", path, line).str()))
      return e;
  }
  return llvm::Error::success();
}
