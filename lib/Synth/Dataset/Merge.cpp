//===- Merge.cpp - kdsl-synth merge: shards of --shard K/N runs -------------===//
//
// mergeDatasets and installDirectory (Merge.h); merge --dedup's dropping
// is Dedup.cpp.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Synth/Dataset/Merge.h"
#include "Dedup.h"
#include "Verify.h"

#include "kdsl/Support/InputFiles.h"
#include "kdsl/Support/OutputFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <map>

using namespace kdsl;
using namespace kdsl::synth;
using namespace kdsl::synth::shards;
namespace json = llvm::json;
namespace fs = llvm::sys::fs;

namespace {

/// The checked inputs of a merge: the options they were generated with and,
/// per file name, the file it is copied from.
struct MergeInputs {
  json::Value id = nullptr;
  std::map<std::string, std::string> files;
};

/// Checks every source in full (verifyDataset) before anything is written:
/// they must come from one command (--shard K/N of the same options) and
/// agree on every file they both have.
llvm::Expected<MergeInputs> collectMergeInputs(llvm::ArrayRef<std::string> sources) {
  MergeInputs in;
  std::optional<json::Value> id;
  for (const std::string &dir : sources) {
    auto dataset = verifyDataset(dir, VerifyOptions{/*requireManifest=*/true, /*hashFatal=*/true});
    if (!dataset)
      return dataset.takeError();
    if (id && toText(*id) != toText(dataset->run))
      return llvm::createStringError(dir + " was generated with other options than " + sources[0]);
    id = std::move(dataset->run);
    std::vector<std::string> names;
    for (const VerifiedShard &shard : dataset->shards) {
      names.push_back(shardName(shard.index, "jsonl"));
      names.push_back(shardName(shard.index, "stats"));
      if (fs::exists(pathIn(dir, shardName(shard.index, "failed"))))
        names.push_back(shardName(shard.index, "failed"));
    }
    // Shards keep their names (their index ranges): the merge of --shard 0/N
    // ... N-1/N is the unsharded dataset.
    for (const std::string &name : names) {
      std::string from = pathIn(dir, name);
      auto [it, inserted] = in.files.try_emplace(name, from);
      if (inserted)
        continue;
      auto a = readInputFile(it->second), b = readInputFile(from);
      if (!a)
        return a.takeError();
      if (!b)
        return b.takeError();
      if ((*a)->getBuffer() != (*b)->getBuffer())
        return llvm::createStringError(from + " differs from " + it->second +
                                       ": the inputs disagree on " + name);
    }
  }
  in.id = std::move(*id);
  return in;
}

} // namespace

llvm::Expected<json::Value> kdsl::synth::mergeDatasets(llvm::ArrayRef<std::string> inputs,
                                                       llvm::StringRef outRef,
                                                       const MergeOptions &options) {
  if (inputs.empty())
    return llvm::createStringError("nothing to merge");
  llvm::SmallString<256> outPath(outRef);
  if (auto ec = fs::make_absolute(outPath))
    return llvm::createStringError(ec, "cannot resolve " + outRef + ": " + ec.message());
  std::string out(outPath);
  // An existing output directory is one more input (a merge adds to it).
  std::vector<std::string> sources(inputs.begin(), inputs.end());
  if (fs::exists(out)) {
    if (!fs::is_directory(out))
      return llvm::createStringError(out + " exists and is not a directory");
    std::error_code ec;
    if (fs::directory_iterator(out, ec) != fs::directory_iterator()) {
      if (!fs::exists(pathIn(out, "run.json")))
        return llvm::createStringError(out + " exists and is not a kdsl-synth dataset");
      sources.push_back(out);
    }
  }
  auto in = collectMergeInputs(sources);
  if (!in)
    return in.takeError();
  std::map<std::string, std::string> contents; // name -> bytes
  for (auto &[name, from] : in->files) {
    auto buf = readInputFile(from);
    if (!buf)
      return buf.takeError();
    contents[name] = (*buf)->getBuffer().str();
  }
  int64_t dropped = options.dedup ? dropNormalizedDuplicates(contents) : 0;
  // All or nothing: the merge is made in a new directory next to the output,
  // renamed into place at the end.
  llvm::SmallString<256> temp;
  if (auto ec = fs::createUniqueDirectory(out + ".tmp", temp))
    return llvm::createStringError(ec, "cannot create a directory next to " + out + ": " +
                                           ec.message());
  std::string tempDir(temp);
  auto abandon = [&](llvm::Error e) {
    fs::remove_directories(tempDir);
    return e;
  };
  if (auto e = writeFileAtomically(pathIn(tempDir, "run.json"), toText(in->id)))
    return abandon(std::move(e));
  int64_t shards = 0, records = 0;
  for (auto &[name, bytes] : contents) {
    if (llvm::StringRef(name).starts_with("shard-") && llvm::StringRef(name).ends_with(".jsonl")) {
      ++shards;
      records += llvm::StringRef(bytes).count('\n');
    }
    if (auto e = writeFileAtomically(pathIn(tempDir, name), bytes))
      return abandon(std::move(e));
  }
  if (auto e = writeManifest(tempDir, in->id, [](uint64_t) { return true; }))
    return abandon(std::move(e));
  if (auto e = installDirectory(tempDir, out))
    return std::move(e);
  return json::Object{
      {"shards", shards}, {"records", records}, {"dedup", options.dedup}, {"dropped", dropped}};
}

llvm::Error kdsl::synth::installDirectory(llvm::StringRef tempRef, llvm::StringRef outRef) {
  std::string temp = tempRef.str(), out = outRef.str();
  auto cannotMove = [&](std::error_code ec) {
    fs::remove_directories(temp);
    return llvm::createStringError(ec,
                                   "cannot rename " + temp + " to " + out + ": " + ec.message());
  };
  std::error_code listError;
  if (!fs::exists(out) || fs::directory_iterator(out, listError) == fs::directory_iterator()) {
    // rename(2) replaces an empty directory.
    if (auto ec = fs::rename(temp, out))
      return cannotMove(ec);
    return llvm::Error::success();
  }
  // The previous output goes aside, the new one takes its place.
  llvm::SmallString<256> old;
  if (auto ec = fs::createUniqueDirectory(out + ".old", old))
    return cannotMove(ec);
  if (auto ec = fs::rename(out, old)) {
    fs::remove_directories(old);
    return cannotMove(ec);
  }
  if (auto ec = fs::rename(temp, out)) {
    (void)fs::rename(old, out);
    return cannotMove(ec);
  }
  fs::remove_directories(old);
  return llvm::Error::success();
}
