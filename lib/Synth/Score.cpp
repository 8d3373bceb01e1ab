//===- Score.cpp - kdsl-synth score: model outputs against records ---------===//
//
// Each candidate (a record id, a target field, a text) replaces that field
// of its record; the unit (prelude, types, forward, backward) is compiled
// and run exactly as generate runs the record's own texts (Execute.h), in a
// sandboxed child process: rlimits on CPU time, address space, file size,
// processes and core files; the working directory a fresh temporary one;
// stdin/stdout/stderr on /dev/null and every other descriptor but the result
// pipe closed; and, after compilation and before the candidate's code runs,
// a seccomp filter: process creation, exec, opening or creating files,
// signals to other processes, sockets and ptrace kill the child (SIGSYS);
// any other system call outside a small allowlist fails with EPERM.
//
//===----------------------------------------------------------------------===//
#include "Execute.h"
#include "ScoreInputs.h"

#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Frontend/Frontend.h"
#include "kdsl/Synth/Score.h"
#include "kdsl/Target/Cpp.h"
#include "kdsl/Target/Verify.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

#include <chrono>
#include <map>
#include <csignal>
#include <cstddef>
#include <cstring>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace kdsl;
using namespace kdsl::synth;
namespace json = llvm::json;

namespace {
llvm::Expected<json::Object> scoreCandidate(const json::Object &record, llvm::StringRef target,
                                            llvm::StringRef text,
                                            const std::vector<InputSet> &sets,
                                            const ScoreLimits &limits);

/// Installs the filter described at the top of the file.
bool installSeccomp() {
  static const int kAllow[] = {
      SYS_read,         SYS_write,        SYS_writev,     SYS_close,          SYS_fstat,
      SYS_newfstatat,   SYS_lseek,        SYS_mmap,       SYS_munmap,         SYS_mremap,
      SYS_brk,          SYS_madvise,      SYS_mprotect,   SYS_rt_sigaction,   SYS_rt_sigprocmask,
      SYS_rt_sigreturn, SYS_exit,         SYS_exit_group, SYS_futex,          SYS_clock_gettime,
      SYS_gettimeofday, SYS_getpid,       SYS_gettid,     SYS_sched_yield,    SYS_getrandom,
      SYS_clock_nanosleep, SYS_nanosleep};
  static const int kKill[] = {
      SYS_fork,   SYS_vfork,  SYS_clone,     SYS_clone3,  SYS_execve,  SYS_execveat, SYS_open,
      SYS_openat, SYS_creat,  SYS_unlink,    SYS_unlinkat, SYS_rename, SYS_renameat, SYS_renameat2,
      SYS_mkdir,  SYS_mkdirat, SYS_socket,   SYS_connect, SYS_kill,    SYS_tkill,    SYS_ptrace,
      SYS_process_vm_writev, SYS_truncate, SYS_ftruncate, SYS_link, SYS_symlink, SYS_chmod,
      SYS_chown, SYS_setrlimit, SYS_prlimit64};
  std::vector<sock_filter> f;
  f.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)));
  f.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0));
  f.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS));
  f.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)));
  for (int nr : kAllow) {
    f.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, unsigned(nr), 0, 1));
    f.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
  }
  for (int nr : kKill) {
    f.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, unsigned(nr), 0, 1));
    f.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS));
  }
  f.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA)));
  sock_fprog prog = {static_cast<unsigned short>(f.size()), f.data()};
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
    return false;
  return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) == 0;
}

/// The address space the process uses now (VmSize), in bytes.
uint64_t currentAddressSpace() {
  uint64_t pages = 0;
  if (FILE *f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%lu", &pages) != 1)
      pages = 0;
    std::fclose(f);
  }
  return pages * uint64_t(sysconf(_SC_PAGESIZE));
}

void limit(int resource, uint64_t value) {
  rlimit r = {rlim_t(value), rlim_t(value)};
  setrlimit(resource, &r);
}

std::string firstLine(llvm::StringRef text) {
  for (llvm::StringRef line : llvm::split(text, '\n')) {
    if (line.contains(": error: ") || line.contains("JIT"))
      return line.trim().str();
  }
  return text.split('\n').first.trim().str();
}

json::Object verdict(llvm::StringRef kind) { return json::Object{{"verdict", kind}}; }

/// The unit a candidate is compiled as: the record's texts of the target's
/// language with the candidate in the target's place, in a namespace (plus
/// the CUDA host launchers for CUDA C).
std::string candidateUnit(const json::Object &record, llvm::StringRef target,
                          llvm::StringRef text, bool cuda, bool backward) {
  std::string lang = cuda ? "cuda" : "cpp";
  std::string body = "namespace kdsl_candidate {\n";
  for (const char *part : {"_types", "_forward", "_backward"}) {
    std::string key = lang + part;
    if (key == target)
      body += text.str() + "\n";
    else if (auto code = record.getString(key))
      body += code->str() + "\n";
  }
  if (cuda)
    body += cudaHostLaunchers(record.getString("kernel_name").value_or("").str(), backward);
  body += "}\n";
  return body;
}

/// What the sandboxed child compiles and runs.
struct SandboxJob {
  std::string body;
  bool cuda = false, backward = false;
  std::vector<std::string> symbols;
  /// The record's spec and the drawn input sets, with their references.
  const std::vector<InputSet> *sets = nullptr;
  std::string dir; // the run's working directory
};

/// The forked child: limits, a private directory, no descriptors but the
/// pipe `fd`; compiles, then (under seccomp) runs and compares, and writes
/// its verdict to the pipe. Never returns.
[[noreturn]] void runSandboxed(const SandboxJob &job, int fd, uint64_t baseSpace,
                               const ScoreLimits &limits) {
  setpgid(0, 0);
  limit(RLIMIT_CORE, 0);
  {
    // SIGXCPU at the soft limit (a timeout), SIGKILL a second later.
    rlimit cpu = {rlim_t(limits.cpuSeconds + 0.999), rlim_t(limits.cpuSeconds + 1.999)};
    setrlimit(RLIMIT_CPU, &cpu);
  }
  limit(RLIMIT_FSIZE, 1 << 20);
  limit(RLIMIT_NPROC, 64);
  limit(RLIMIT_AS, baseSpace + limits.compileBytes);
  int null = open("/dev/null", O_RDWR);
  for (int stdFd : {0, 1, 2})
    dup2(null, stdFd);
  for (int other = 3; other < 1024; ++other)
    if (other != fd)
      close(other);
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGXCPU, SIGXFSZ, SIGSYS})
    signal(sig, SIG_DFL);
  auto send = [&](const json::Object &o) {
    std::string s = llvm::formatv("{0}", json::Value(json::Object(o))).str();
    const char *p = s.data();
    size_t n = s.size();
    while (n > 0) {
      ssize_t w = write(fd, p, n);
      if (w <= 0)
        break;
      p += w;
      n -= size_t(w);
    }
    _exit(0);
  };
  EmittedLanguage language = job.cuda ? EmittedLanguage::CudaHost : EmittedLanguage::Cpp;
  EmittedBuild build = buildEmittedAfterPrelude(cppPrelude(), job.body, language,
                                                job.cuda ? "candidate.cu" : "candidate.cpp",
                                                job.symbols);
  if (!build.module) {
    json::Object v = verdict("compile_error");
    v["message"] = firstLine(build.diagnostics);
    send(v);
  }
  // The run: in the temporary directory (the compilation's in-memory files
  // are named relative to the parent's), with less memory, then no new
  // processes, files or signals.
  if (chdir(job.dir.c_str()) != 0)
    _exit(40);
  limit(RLIMIT_AS, currentAddressSpace() + limits.runBytes);
  if (!installSeccomp())
    _exit(41);
  // Every input set, in order; the first that differs decides.
  const size_t numSets = job.sets->size();
  auto setName = [&](const InputSet &set) {
    return set.number == 0
               ? llvm::formatv("input set 0 of {0}: the record's spec", numSets).str()
               : llvm::formatv("input set {0} of {1}: drawn, seed {2:x16}", set.number, numSets,
                               set.seed)
                     .str();
  };
  for (const InputSet &set : *job.sets) {
    RunOutcome run = runAndCompare(*build.module, set.rc, set.reference, job.backward);
    if (!run.executed) {
      json::Object v = verdict("runtime_fault");
      v["message"] = run.error + " (" + setName(set) + ")";
      v["input_set"] = int64_t(set.number);
      send(v);
    }
    if (!run.matched) {
      json::Object v = verdict("wrong_output");
      v["mismatch"] = json::Object{{"what", run.mismatch->what},
                                   {"array", run.mismatch->array},
                                   {"index", run.mismatch->index},
                                   {"expected", run.mismatch->expected},
                                   {"got", run.mismatch->got},
                                   {"input_set", int64_t(set.number)}};
      v["message"] = run.mismatch->text() + " (" + setName(set) + ")";
      send(v);
    }
  }
  json::Object pass = verdict("pass");
  pass["input_sets"] = int64_t(numSets);
  send(pass);
  _exit(0); // send exits; this tells the compiler
}

/// Everything the child writes to `fd` until it closes it, or until
/// `wallSeconds` have passed (then `timedOut`).
std::string readUntil(int fd, double wallSeconds, bool &timedOut) {
  using Clock = std::chrono::steady_clock;
  auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(wallSeconds));
  std::string payload;
  timedOut = false;
  char buffer[4096];
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) {
      timedOut = true;
      break;
    }
    pollfd pfd = {fd, POLLIN, 0};
    int ready = poll(&pfd, 1, int(left.count()) + 1);
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready == 0)
      continue;
    ssize_t n = read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    payload.append(buffer, size_t(n));
  }
  return payload;
}

/// The verdict from how the child ended and what it wrote.
json::Object childVerdict(int status, bool timedOut, llvm::StringRef payload,
                          const ScoreLimits &limits) {
  if (timedOut || (WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU)) {
    json::Object v = verdict("timeout");
    v["message"] = timedOut ? llvm::formatv("no result within {0} s (wall clock)", limits.wallSeconds).str()
                            : llvm::formatv("CPU time limit of {0} s", limits.cpuSeconds).str();
    return v;
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    auto parsed = json::parse(payload);
    if (parsed && parsed->getAsObject())
      return std::move(*parsed->getAsObject());
    if (!parsed)
      llvm::consumeError(parsed.takeError());
  }
  json::Object v = verdict("runtime_fault");
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    v["message"] = sig == SIGSYS
                       ? std::string("killed by the sandbox (a forbidden system call: process "
                                     "creation, exec, a file opened, a signal, a socket)")
                       : std::string("killed by signal ") + std::to_string(sig) + " (" +
                             strsignal(sig) + ")";
  } else {
    v["message"] = "the sandbox exited with status " + std::to_string(WEXITSTATUS(status));
  }
  return v;
}

llvm::Expected<json::Object> scoreCandidate(const json::Object &record, llvm::StringRef target,
                                            llvm::StringRef text,
                                            const std::vector<InputSet> &sets,
                                            const ScoreLimits &limits) {
  if (!llvm::is_contained({"cpp_forward", "cpp_backward", "cuda_forward", "cuda_backward"}, target))
    return llvm::createStringError("unknown target '" + target.str() + "'");
  SandboxJob job;
  job.cuda = target.starts_with("cuda_");
  job.backward = target.ends_with("_backward");
  job.body = candidateUnit(record, target, text, job.cuda, job.backward);
  std::string kernel = record.getString("kernel_name").value_or("").str();
  job.symbols = {kernel + "_cpu_forward"};
  if (job.backward)
    job.symbols.push_back(kernel + "_cpu_backward");
  job.sets = &sets;
  // The prelude's PCH is built here, in the parent, once per language.
  {
    static bool warmed[2] = {false, false};
    if (!warmed[job.cuda]) {
      (void)buildEmittedAfterPrelude(cppPrelude(), "",
                                     job.cuda ? EmittedLanguage::CudaHost : EmittedLanguage::Cpp,
                                     "warm.cpp", {});
      warmed[job.cuda] = true;
    }
  }

  llvm::SmallString<128> dir;
  if (std::error_code ec = llvm::sys::fs::createUniqueDirectory("kdsl-score", dir))
    return llvm::createStringError(ec, "cannot create a temporary directory");
  job.dir = std::string(dir);
  auto removeDir = llvm::make_scope_exit([&] {
    llvm::sys::fs::remove_directories(dir, /*IgnoreErrors=*/true);
  });
  int fds[2];
  if (pipe(fds) != 0)
    return llvm::createStringError("cannot create a pipe");
  uint64_t baseSpace = currentAddressSpace();
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return llvm::createStringError("cannot fork");
  }
  if (pid == 0)
    runSandboxed(job, fds[1], baseSpace, limits);
  close(fds[1]);
  bool timedOut = false;
  std::string payload = readUntil(fds[0], limits.wallSeconds, timedOut);
  close(fds[0]);
  int status = 0;
  if (timedOut)
    kill(-pid, SIGKILL), kill(pid, SIGKILL);
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return childVerdict(status, timedOut, payload, limits);
}


} // namespace

llvm::Error kdsl::synth::scoreCandidates(llvm::StringRef dataset, llvm::StringRef candidates,
                                         llvm::raw_ostream &out, const ScoreLimits &limits) {
  std::vector<std::string> files;
  if (llvm::sys::fs::is_directory(dataset)) {
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(dataset, ec), end; it != end && !ec; it.increment(ec)) {
      llvm::StringRef name = llvm::sys::path::filename(it->path());
      if (name.starts_with("shard-") && name.ends_with(".jsonl"))
        files.push_back(it->path());
    }
    llvm::sort(files);
  } else {
    files.push_back(dataset.str());
  }
  std::map<int64_t, json::Object> records;
  for (const std::string &f : files) {
    auto buf = llvm::MemoryBuffer::getFile(f);
    if (!buf)
      return llvm::createStringError("cannot read " + f);
    for (llvm::StringRef line : llvm::split((*buf)->getBuffer(), '\n')) {
      if (line.trim().empty())
        continue;
      auto v = json::parse(line);
      if (!v)
        return llvm::createStringError(f + ": " + llvm::toString(v.takeError()));
      if (json::Object *o = v->getAsObject())
        if (auto id = o->getInteger("id"))
          records[*id] = std::move(*o);
    }
  }
  auto cbuf = llvm::MemoryBuffer::getFile(candidates);
  if (!cbuf)
    return llvm::createStringError("cannot read " + candidates.str());
  mlir::DialectRegistry registry;
  registerKdslDialects(registry);
  // No thread pool: the process forks per candidate.
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  ctx.loadAllAvailableDialects();
  std::map<int64_t, std::vector<InputSet>> contexts;
  std::map<int64_t, std::string> notes;
  unsigned lineNo = 0;
  for (llvm::StringRef line : llvm::split((*cbuf)->getBuffer(), '\n')) {
    ++lineNo;
    if (line.trim().empty())
      continue;
    json::Object result;
    auto v = json::parse(line);
    const json::Object *c = v ? v->getAsObject() : nullptr;
    if (!v)
      llvm::consumeError(v.takeError());
    std::optional<int64_t> id = c ? c->getInteger("id") : std::nullopt;
    std::optional<llvm::StringRef> target = c ? c->getString("target") : std::nullopt;
    std::optional<llvm::StringRef> text = c ? c->getString("text") : std::nullopt;
    auto fail = [&](const std::string &why) {
      result["verdict"] = "error";
      result["message"] = why;
    };
    if (!id || !target || !text) {
      fail(llvm::formatv("{0}:{1}: not an object with id, target and text", candidates, lineNo).str());
    } else if (!records.count(*id)) {
      fail("no record with id " + std::to_string(*id));
    } else {
      const json::Object &record = records[*id];
      if (!contexts.count(*id)) {
        auto rc = inputSetsOf(record, ctx, limits.extraInputs, notes[*id]);
        if (!rc) {
          fail(llvm::toString(rc.takeError()));
        } else {
          contexts[*id] = std::move(*rc);
          if (!limits.dumpInputs.empty())
            for (const InputSet &set : contexts[*id]) {
              std::string path = llvm::formatv("{0}/{1}-{2}.json", limits.dumpInputs, *id,
                                               set.number).str();
              std::error_code ec;
              llvm::raw_fd_ostream os(path, ec);
              if (ec)
                return llvm::createStringError(ec, "cannot write " + path);
              os << llvm::formatv("{0:2}", set.rc.spec) << "\n";
            }
        }
      }
      if (contexts.count(*id)) {
        auto verdictOf = scoreCandidate(record, *target, *text, contexts[*id], limits);
        if (!verdictOf)
          fail(llvm::toString(verdictOf.takeError()));
        else
          result = std::move(*verdictOf);
        if (!notes[*id].empty())
          result["note"] = notes[*id];
      }
    }
    if (id)
      result["id"] = *id;
    if (target)
      result["target"] = *target;
    out << llvm::formatv("{0}", json::Value(std::move(result))) << "\n";
    out.flush();
  }
  return llvm::Error::success();
}
