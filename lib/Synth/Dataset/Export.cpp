//===- Export.cpp - kdsl-synth export: one folder per sample --------------===//
//
// See include/kdsl/Synth/Dataset/Export.h. The .cu is the record's own CUDA C (the
// texts a model is trained on) after the prelude of the dataset's manifest,
// followed by the host program of kdsl-translate --standalone
// (emitStandaloneHost); the inputs reach it as a kdsl bundle written from
// the record's kdsl_run_spec, as `kdsl-run --write-bundle` writes one.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Synth/Dataset/Export.h"
#include "kdsl/Synth/Dataset/Merge.h"
#include "kdsl/Synth/Dataset/Records.h"
#include "kdsl/Synth/Validation/Record.h"

#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Driver/Driver.h"
#include "kdsl/Frontend/Frontend.h"
#include "kdsl/Runtime/Bundle.h"
#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Support/InputFiles.h"
#include "kdsl/Support/Mangle.h"
#include "kdsl/Target/Cpp.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace kdsl;
using namespace kdsl::synth;
namespace json = llvm::json;
namespace fs = llvm::sys::fs;

namespace {

using Files = std::vector<std::pair<std::string, std::string>>;

std::string pathIn(llvm::StringRef dir, llvm::StringRef name) {
  llvm::SmallString<256> p(dir);
  llvm::sys::path::append(p, name);
  return std::string(p);
}

llvm::Error writeFile(const std::string &path, llvm::StringRef bytes) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (!ec) {
    os << bytes;
    os.close();
    ec = os.error();
  }
  if (ec)
    return llvm::createStringError(ec, "cannot write '" + path + "': " + ec.message());
  return llvm::Error::success();
}

/// Whether OUT may be written: absent, an empty directory, or (with --force)
/// an earlier export. Anything else is refused before any work is done.
llvm::Error checkOutput(llvm::StringRef out, bool force) {
  if (!fs::exists(out))
    return llvm::Error::success();
  if (!fs::is_directory(out))
    return llvm::createStringError(out + " exists and is not a directory");
  std::error_code ec;
  if (fs::directory_iterator(out, ec) == fs::directory_iterator() && !ec)
    return llvm::Error::success();
  if (!force)
    return llvm::createStringError(out + " is not empty (--force replaces an earlier export)");
  // --force replaces only what an export wrote, never an arbitrary directory.
  if (!fs::exists(pathIn(out, "export.json")))
    return llvm::createStringError(out + " is not empty and not a kdsl-synth export (no "
                                         "export.json): --force does not replace it");
  return llvm::Error::success();
}

/// The record's kdsl_run_spec as a bundle (the inputs before the run, the
/// forward and adjoint launches, the outputs and gradients to print), and the
/// CUDA entry points its launches use (no adjoint ones for a record without a
/// backward).
/// A record whose spec rebuilds an object between launches gets no bundle
/// (writeBundleInputs refuses it): `rebuilds` is set and "" returned.
llvm::Expected<std::string> bundleOf(const json::Object &record, llvm::StringRef stem,
                                     mlir::MLIRContext &ctx, std::vector<std::string> &entries,
                                     bool &rebuilds) {
  llvm::StringRef source = *record.getString("source");
  std::optional<llvm::StringRef> runSpec = record.getString("kdsl_run_spec");
  if (!runSpec)
    return llvm::createStringError("no \"kdsl_run_spec\"");
  llvm::SourceMgr sm;
  sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(source, stem + ".py"), llvm::SMLoc());
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  mlir::OwningOpRef<mlir::ModuleOp> module = driver::translatePython(sm, ctx, {}, &errorStream);
  if (!module)
    return llvm::createStringError("its source does not translate: " + errors);
  auto spec = parseJSONText(*runSpec, "kdsl_run_spec");
  if (!spec)
    return spec.takeError();
  // A dataset generated with --no-backward has no adjoint kernels to launch
  // (its spec still seeds the outputs): the bundle runs the forward only.
  if (!record.getString("cuda_backward"))
    if (json::Object *o = spec->getAsObject())
      o->erase("backward");
  // The adjoints say which arrays a backward needs as they were before the
  // forward overwrote them (LaunchPlan::restoresArrays); a bundle runs the
  // forward and then the adjoints on the same buffers, with no restore step.
  bool backward = spec->getAsObject() && spec->getAsObject()->get("backward");
  if (backward) {
    // Their in-place warnings are this function's error, below.
    mlir::ScopedDiagnosticHandler quiet(&ctx, [](mlir::Diagnostic &d) {
      return mlir::success(d.getSeverity() != mlir::DiagnosticSeverity::Error);
    });
    if (llvm::Error e = driver::prepareAdjoints(*module))
      return e;
  }
  auto plan = LaunchPlan::create(*spec, *module);
  if (!plan)
    return plan.takeError();
  if ((rebuilds = (*plan)->rebuildsObjects()))
    return std::string();
  if ((*plan)->restoresArrays())
    return llvm::createStringError(
        "its backward pass runs adjoints on arrays as they were before a launch that "
        "overwrote them (an array read, then written in place), which a bundle does not carry");
  for (const LaunchPlan::Launch &l : (*plan)->launches())
    entries.push_back(mangleName(l.kernel) + "_cuda_kernel_forward");
  for (const LaunchPlan::Launch &l : (*plan)->backwardLaunches())
    entries.push_back(mangleName(l.kernel) + "_cuda_kernel_backward");
  llvm::sort(entries);
  entries.erase(std::unique(entries.begin(), entries.end()), entries.end());
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  if (llvm::Error e = writeBundleInputs(**plan, os))
    return std::move(e);
  return bytes;
}

/// prelude + types + forward + backward of one language: one complete unit.
std::string unitOf(const json::Object &record, llvm::StringRef lang, llvm::StringRef prelude) {
  std::string unit = prelude.str();
  for (const char *part : {"_types", "_forward", "_backward"})
    unit += record.getString((lang + part).str()).value_or("").str();
  return unit;
}

/// The files of one sample's folder; none (and `rebuilds` set) for a record
/// whose spec rebuilds an object between launches.
llvm::Expected<Files> sampleFiles(const json::Object &record, llvm::StringRef prelude,
                                  mlir::MLIRContext &ctx, bool &rebuilds) {
  std::optional<llvm::StringRef> kernel = record.getString("kernel_name");
  if (!kernel || !record.getString("source"))
    return llvm::createStringError("no \"kernel_name\" or \"source\"");
  if (!record.getString("cuda_forward"))
    return llvm::createStringError("no CUDA C (the dataset was generated without --targets cuda)");
  // The stem names files and the make target: the kernel's identifier.
  std::string stem = mangleName(*kernel);
  std::vector<std::string> entries;
  auto bundle = bundleOf(record, stem, ctx, entries, rebuilds);
  if (!bundle)
    return bundle.takeError();
  if (rebuilds)
    return Files();
  Files files;
  files.push_back({stem + ".py", record.getString("source")->str()});
  std::string cu = llvm::formatv("// kdsl-synth export of record {0} ({1}): the record's CUDA C "
                                 "after the prelude, and a host program.\n// Build: make; run: "
                                 "./{2} bundle.bin (make run)\n",
                                 record.getInteger("id").value_or(-1),
                                 record.getString("category").value_or("?"), stem)
                       .str();
  llvm::raw_string_ostream cuStream(cu);
  cuStream << unitOf(record, "cuda", prelude);
  emitStandaloneHost(entries, cuStream);
  files.push_back({stem + ".cu", cu});
  files.push_back({"bundle.bin", std::move(*bundle)});
  if (record.getString("cpp_forward"))
    files.push_back({stem + ".cpp", unitOf(record, "cpp", prelude)});
  files.push_back({"Makefile", standaloneMakefile(stem) +
                                   "\n# Runs the program on the record's "
                                   "inputs: outputs and gradients as JSON.\n"
                                   "run: " +
                                   stem + "\n\t./" + stem + " bundle.bin\n.PHONY: run\n"});
  json::Object metadata = record;
  for (llvm::StringRef text :
       {"source", "cpp_types", "cpp_forward", "cpp_backward", "cuda_types", "cuda_forward",
        "cuda_backward", "ptx_forward", "ptx_backward", "mlir"})
    metadata.erase(text);
  files.push_back({"metadata.json", recordText(json::Value(std::move(metadata))) + "\n"});
  return files;
}

} // namespace

llvm::Expected<json::Value> kdsl::synth::exportDataset(llvm::StringRef dataset,
                                                       llvm::StringRef outRef,
                                                       const ExportOptions &options) {
  if (options.layout != "dirs")
    return llvm::createStringError("unknown layout '" + options.layout + "' (layouts: dirs)");
  llvm::SmallString<256> outPath(outRef);
  if (auto ec = fs::make_absolute(outPath))
    return llvm::createStringError(ec, "cannot resolve " + outRef + ": " + ec.message());
  std::string out(outPath);
  if (llvm::Error e = checkOutput(out, options.force))
    return std::move(e);
  if (!fs::is_directory(dataset))
    return llvm::createStringError(dataset + ": not a dataset directory (" +
                                   (fs::exists(dataset) ? "not a directory" : "no such directory") +
                                   ")");
  llvm::SmallString<256> temp;
  if (auto ec = fs::createUniqueDirectory(out + ".tmp", temp))
    return llvm::createStringError(ec, "cannot create a directory next to " + out + ": " +
                                           ec.message());
  std::string tempDir(temp);
  auto abandon = [&](llvm::Error e) -> llvm::Expected<json::Value> {
    fs::remove_directories(tempDir);
    return std::move(e);
  };

  mlir::DialectRegistry registry;
  registerKdslDialects(registry);
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  ctx.loadAllAvailableDialects();
  // The prelude the records compile after: the manifest's (forEachRecord
  // checks the manifest; without one it fails and nothing is kept).
  std::string prelude;
  if (auto buf = readInputFile(pathIn(dataset, "manifest.json"))) {
    if (auto m = json::parse((*buf)->getBuffer()))
      if (const json::Object *mo = m->getAsObject())
        prelude = mo->getString("cpp_prelude").value_or("").str();
  } else {
    llvm::consumeError(buf.takeError()); // forEachRecord reports a bad manifest
  }
  if (prelude.empty())
    prelude = cppPrelude();
  // Records are exported as they come, shard by shard; the first error stops
  // the export.
  llvm::Error firstError = llvm::Error::success();
  int64_t samples = 0, withObjects = 0, withRebuilds = 0;
  auto exportRecord = [&](const json::Object &record) -> llvm::Error {
    int64_t id = record.getInteger("id").value_or(-1);
    // Records whose kernels query structures the host builds (the geometry
    // category's hash grids, meshes, BVHs, volumes) are exported like the
    // others: the bundle carries the structures as built before the first
    // launch. One whose spec rebuilds or refits a structure between launches
    // has no bundle (kdsl-run --write-bundle refuses it too), so no folder.
    bool rebuilds = false;
    auto files = sampleFiles(record, prelude, ctx, rebuilds);
    if (!files)
      return llvm::createStringError(
          llvm::formatv("{0}: record {1}: {2}", dataset, id, llvm::toString(files.takeError()))
              .str());
    if (rebuilds) {
      ++withRebuilds;
      return llvm::Error::success();
    }
    if (const json::Object *spec = record.getObject("spec"); spec && spec->get("objects"))
      ++withObjects;
    std::string folder = pathIn(tempDir, llvm::formatv("{0:d6}", id).str());
    if (auto ec = fs::create_directory(folder))
      return llvm::createStringError(ec, "cannot create " + folder + ": " + ec.message());
    for (auto &[name, bytes] : *files)
      if (llvm::Error e = writeFile(pathIn(folder, name), bytes))
        return e;
    ++samples;
    return llvm::Error::success();
  };
  auto manifest = forEachRecord(dataset, [&](const json::Object &record) {
    if (!firstError)
      firstError = exportRecord(record);
  });
  if (!manifest) {
    llvm::consumeError(std::move(firstError));
    return abandon(manifest.takeError());
  }
  if (firstError)
    return abandon(std::move(firstError));
  json::Object summaryObject{{"samples", samples}, {"layout", options.layout}, {"out", out}};
  if (withObjects > 0)
    summaryObject["with_objects"] = withObjects;
  if (withRebuilds > 0)
    summaryObject["skipped_with_rebuilds"] = withRebuilds;
  json::Value summary = std::move(summaryObject);
  std::string text;
  llvm::raw_string_ostream(text) << summary << "\n";
  if (llvm::Error e = writeFile(pathIn(tempDir, "export.json"), text))
    return abandon(std::move(e));
  if (llvm::Error e = installDirectory(tempDir, out))
    return std::move(e);
  return summary;
}
