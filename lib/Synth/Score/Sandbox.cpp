//===- Sandbox.cpp - run a candidate's code in a fresh, confined process ---===//
//
// See Sandbox.h. The wire format, all integers little-endian:
//   job (parent -> child stdin):  "KJOB" u64 n, n bytes of JSON; u64 m, m bytes of PCH
//   result (child -> fd 3):       "KCMP" u32 n, n bytes: the compile error; or per set
//                                 "KSET" u32 0, u32 arrays, (u64 n, n bytes)*, u32 grads,
//                                 (u64 n, n bytes)*, or "KSET" u32 1, u32 n, n bytes: the
//                                 runtime error that stopped it; then "KEND".
// A message is at most kMaxMessage bytes. The parent accepts exactly that
// shape with the sizes of its own plans, and nothing past "KEND".
//
//===----------------------------------------------------------------------===//
#include "Sandbox.h"

#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Driver/Driver.h"
#include "kdsl/Frontend/Frontend.h"
#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Synth/Score/Score.h"
#include "kdsl/Target/Cpp.h"
#include "kdsl/Target/Verify.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"

#include <chrono>
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
constexpr size_t kMaxMessage = 4096;
constexpr uint64_t kMaxJob = uint64_t(1) << 30;

//===----------------------------------------------------------------------===//
// Byte streams
//===----------------------------------------------------------------------===//

void putU32(std::string &out, uint32_t v) { out.append(reinterpret_cast<const char *>(&v), 4); }
void putU64(std::string &out, uint64_t v) { out.append(reinterpret_cast<const char *>(&v), 8); }

/// Reads fixed-size fields off a byte string; `ok` turns false past its end.
struct Reader {
  llvm::StringRef bytes;
  bool ok = true;
  bool tag(llvm::StringRef t) {
    ok = ok && bytes.consume_front(t);
    return ok;
  }
  template <typename T> T get() {
    T v{};
    if (!ok || bytes.size() < sizeof v) {
      ok = false;
      return v;
    }
    std::memcpy(&v, bytes.data(), sizeof v);
    bytes = bytes.drop_front(sizeof v);
    return v;
  }
  llvm::StringRef take(uint64_t n) {
    if (!ok || bytes.size() < n) {
      ok = false;
      return {};
    }
    llvm::StringRef r = bytes.take_front(n);
    bytes = bytes.drop_front(n);
    return r;
  }
};

bool writeAll(int fd, llvm::StringRef data) {
  while (!data.empty()) {
    ssize_t w = write(fd, data.data(), data.size());
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return false;
    data = data.drop_front(size_t(w));
  }
  return true;
}

//===----------------------------------------------------------------------===//
// The child
//===----------------------------------------------------------------------===//

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

void limit(int resource, uint64_t soft, uint64_t hard) {
  rlimit r = {rlim_t(soft), rlim_t(hard)};
  setrlimit(resource, &r);
}

/// The symbols allowedHostSymbol refused, for the compile error.
std::vector<std::string> &refusedSymbols() {
  static std::vector<std::string> refused;
  return refused;
}

bool isAllowedHostSymbol(llvm::StringRef name);

/// The process symbols a candidate may link: the C math library, memory
/// functions, operator new/delete, printf (wp.print), the compiler's runtime
/// helpers. Not the compiler, the JIT or anything else the process holds.
bool allowedHostSymbol(llvm::StringRef name) {
  if (isAllowedHostSymbol(name))
    return true;
  if (!llvm::is_contained(refusedSymbols(), name))
    refusedSymbols().push_back(name.str());
  return false;
}

bool isAllowedHostSymbol(llvm::StringRef name) {
  static const llvm::StringSet<> exact = [] {
    llvm::StringSet<> s;
    for (const char *n : {"memcpy",
                          "memmove",
                          "memset",
                          "memcmp",
                          "printf",
                          "puts",
                          "putchar",
                          "abort",
                          "_Znwm",
                          "_Znam",
                          "_ZdlPv",
                          "_ZdaPv",
                          "_ZdlPvm",
                          "_ZdaPvm",
                          "_ZnwmSt11align_val_t",
                          "_ZnamSt11align_val_t",
                          "_ZdlPvSt11align_val_t",
                          "_ZdaPvSt11align_val_t",
                          "_ZdlPvmSt11align_val_t",
                          "_ZdaPvmSt11align_val_t",
                          "__cxa_guard_acquire",
                          "__cxa_guard_release",
                          "__cxa_guard_abort",
                          "__cxa_pure_virtual",
                          "__stack_chk_fail",
                          "abs",
                          "labs",
                          "llabs"})
      s.insert(n);
    // <cmath>: each function in double, float (f) and long double (l).
    for (const char *n :
         {"sin",     "cos",   "tan",    "asin",    "acos",   "atan",      "atan2",
          "sinh",    "cosh",  "tanh",   "asinh",   "acosh",  "atanh",     "exp",
          "exp2",    "expm1", "log",    "log2",    "log10",  "log1p",     "logb",
          "pow",     "sqrt",  "cbrt",   "hypot",   "fmod",   "remainder", "remquo",
          "floor",   "ceil",  "round",  "trunc",   "rint",   "nearbyint", "lround",
          "llround", "lrint", "llrint", "fabs",    "fmin",   "fmax",      "fdim",
          "fma",     "erf",   "erfc",   "tgamma",  "lgamma", "copysign",  "ldexp",
          "frexp",   "modf",  "scalbn", "scalbln", "ilogb",  "nextafter", "nexttoward",
          "sincos"}) {
      s.insert(n);
      s.insert((llvm::Twine(n) + "f").str());
      s.insert((llvm::Twine(n) + "l").str());
    }
    return s;
  }();
  if (exact.contains(name))
    return true;
  // libgcc / compiler-rt helpers (half and bfloat16 conversions, integer
  // powers, 128-bit arithmetic) and libatomic's generic atomics.
  for (llvm::StringRef prefix : {"__extend", "__trunc", "__fix", "__float", "__powi", "__mul",
                                 "__div", "__mod", "__udiv", "__umod", "__atomic_"})
    if (name.starts_with(prefix))
      return true;
  return false;
}

/// Installs the seccomp filter of Sandbox.h.
bool installSeccomp() {
  static const int kAllow[] = {SYS_read,
                               SYS_write,
                               SYS_writev,
                               SYS_close,
                               SYS_fstat,
                               SYS_newfstatat,
                               SYS_lseek,
                               SYS_mmap,
                               SYS_munmap,
                               SYS_mremap,
                               SYS_brk,
                               SYS_madvise,
                               SYS_mprotect,
                               SYS_rt_sigaction,
                               SYS_rt_sigprocmask,
                               SYS_rt_sigreturn,
                               SYS_exit,
                               SYS_exit_group,
                               SYS_futex,
                               SYS_clock_gettime,
                               SYS_gettimeofday,
                               SYS_getpid,
                               SYS_gettid,
                               SYS_sched_yield,
                               SYS_getrandom,
                               SYS_clock_nanosleep,
                               SYS_nanosleep};
  static const int kKill[] = {SYS_fork,
                              SYS_vfork,
                              SYS_clone,
                              SYS_clone3,
                              SYS_execve,
                              SYS_execveat,
                              SYS_open,
                              SYS_openat,
                              SYS_creat,
                              SYS_unlink,
                              SYS_unlinkat,
                              SYS_rename,
                              SYS_renameat,
                              SYS_renameat2,
                              SYS_mkdir,
                              SYS_mkdirat,
                              SYS_socket,
                              SYS_connect,
                              SYS_kill,
                              SYS_tkill,
                              SYS_tgkill,
                              SYS_ptrace,
                              SYS_process_vm_readv,
                              SYS_process_vm_writev,
                              SYS_truncate,
                              SYS_ftruncate,
                              SYS_link,
                              SYS_symlink,
                              SYS_chmod,
                              SYS_chown,
                              SYS_setrlimit,
                              SYS_prlimit64,
                              SYS_openat2,
                              SYS_open_by_handle_at,
                              SYS_io_uring_setup,
                              SYS_memfd_create,
                              SYS_dup2,
                              SYS_dup3,
                              SYS_prctl};
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

/// The first error line of Clang's (or the JIT's) diagnostics.
std::string firstError(llvm::StringRef text) {
  for (llvm::StringRef line : llvm::split(text, '\n'))
    if (line.contains(": error: ") || line.contains("JIT"))
      return line.trim().str();
  for (llvm::StringRef line : llvm::split(text, '\n'))
    if (!line.trim().empty() && !line.starts_with("clang rejects"))
      return line.trim().str();
  return text.trim().empty() ? "the compiler failed without a message" : text.trim().str();
}

/// A message frame's text: at most kMaxMessage bytes.
std::string clip(std::string message) {
  if (message.size() > kMaxMessage)
    message.resize(kMaxMessage);
  return message;
}

/// The job's JSON and PCH off stdin, or "" when it is not one.
bool readJob(std::string &jsonText, std::string &pch) {
  std::string in;
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = read(0, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    in.append(buffer, size_t(n));
    if (in.size() > kMaxJob)
      return false;
  }
  Reader r{in};
  r.tag("KJOB");
  jsonText = r.take(r.get<uint64_t>()).str();
  pch = r.take(r.get<uint64_t>()).str();
  return r.ok && r.bytes.empty();
}

[[noreturn]] void finish(const std::string &frame) {
  writeAll(3, frame);
  _exit(0);
}
} // namespace

void kdsl::synth::scoreSandboxMain() {
  for (int sig :
       {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGXCPU, SIGXFSZ, SIGSYS, SIGPIPE})
    signal(sig, SIG_DFL);
  std::string jobText, pch;
  if (!readJob(jobText, pch))
    _exit(50);
  auto parsed = json::parse(jobText);
  const json::Object *job = parsed ? parsed->getAsObject() : nullptr;
  if (!job)
    _exit(51);
  bool cuda = job->getBoolean("cuda").value_or(false);
  bool backward = job->getBoolean("backward").value_or(false);
  double cpuSeconds = job->getNumber("cpu_seconds").value_or(10);
  uint64_t compileBytes = uint64_t(job->getInteger("compile_bytes").value_or(int64_t(2) << 30));
  uint64_t runBytes = uint64_t(job->getInteger("run_bytes").value_or(int64_t(512) << 20));
  std::string kernel = job->getString("kernel").value_or("").str();
  std::vector<std::string> kernelNames;
  if (const json::Array *a = job->getArray("kernels"))
    for (const json::Value &v : *a)
      kernelNames.push_back(v.getAsString().value_or("").str());
  if (kernelNames.empty())
    kernelNames.push_back(kernel);
  std::vector<std::string> symbols;
  if (const json::Array *a = job->getArray("symbols"))
    for (const json::Value &v : *a)
      symbols.push_back(v.getAsString().value_or("").str());

  limit(RLIMIT_CORE, 0, 0);
  limit(RLIMIT_FSIZE, 0, 0);
  // SIGXCPU at the soft limit (a timeout), SIGKILL a second later.
  limit(RLIMIT_CPU, uint64_t(cpuSeconds + 0.999), uint64_t(cpuSeconds + 1.999));
  uint64_t space = currentAddressSpace() + compileBytes;
  limit(RLIMIT_AS, space, space);

  // The launch plans' kernel, as the scorer's reference has it (adjoint
  // facts included).
  mlir::DialectRegistry registry;
  registerKdslDialects(registry);
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  ctx.loadAllAvailableDialects();
  llvm::SourceMgr sm;
  sm.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(job->getString("source").value_or(""), kernel + ".py"),
      llvm::SMLoc());
  std::string frontendErrors;
  llvm::raw_string_ostream errorStream(frontendErrors);
  auto module = driver::translatePython(sm, ctx, {}, &errorStream);
  if (!module || driver::prepareAdjoints(*module, {kernelNames}))
    _exit(52);
  std::vector<KernelInfo> kernels;
  for (const KernelInfo &k : collectKernels(*module))
    if (llvm::is_contained(kernelNames, k.name))
      kernels.push_back(k);

  // Compile: no file system, only allowlisted symbols, warnings allowed
  // (the scorer rejects inline assembly unless a test lets it through).
  llvm::InitializeNativeTargetAsmParser();
  EmittedLanguage language = cuda ? EmittedLanguage::CudaHost : EmittedLanguage::Cpp;
  adoptPrecompiledPrelude(cppPrelude(), language, /*checked=*/true,
                          llvm::MemoryBuffer::getMemBufferCopy(pch, "kdsl_prelude.pch"));
  pch.clear();
  pch.shrink_to_fit();
  EmittedBuildOptions options;
  options.warningsFail = false;
  options.sealed = true;
  options.checked = true;
  options.allowHostSymbol = allowedHostSymbol;
  EmittedBuild build =
      buildEmittedAfterPrelude(cppPrelude(), job->getString("unit").value_or(""), language,
                               cuda ? "candidate.cu" : "candidate.cpp", symbols, options);
  if (!build.module) {
    std::string frame = "KCMP";
    std::string message =
        clip(refusedSymbols().empty()
                 ? firstError(build.diagnostics)
                 : "the candidate links '" + llvm::join(refusedSymbols(), "', '") +
                       "', which a candidate may not call (it may call the C math library, memcpy, "
                       "memset, operator new and delete, printf)");
    putU32(frame, uint32_t(message.size()));
    finish(frame + message);
  }

  // Run: nothing to read any more, less memory, then the filter.
  close(0);
  space = currentAddressSpace() + runBytes;
  limit(RLIMIT_AS, space, space);
  if (!installSeccomp())
    _exit(53);
  std::string out;
  if (const json::Array *specs = job->getArray("specs"))
    for (const json::Value &spec : *specs) {
      out = "KSET";
      auto stopped = [&](std::string message) {
        message = clip(std::move(message));
        putU32(out, 1);
        putU32(out, uint32_t(message.size()));
        out += message;
        finish(out);
      };
      auto plan = LaunchPlan::create(spec, kernels);
      if (!plan)
        stopped("spec: " + llvm::toString(plan.takeError()));
      RuntimeReports reports;
      llvm::Error e = backward && (*plan)->hasBackward()
                          ? (*plan)->run(*build.module, 1, &reports)
                          : (*plan)->runForward(*build.module, 1, &reports);
      if (e)
        stopped(llvm::toString(std::move(e)));
      putU32(out, 0);
      for (llvm::ArrayRef<std::unique_ptr<HostArray>> list :
           {(*plan)->allArrays(), (*plan)->allGrads()}) {
        putU32(out, uint32_t(list.size()));
        for (const std::unique_ptr<HostArray> &a : list) {
          putU64(out, a->byteSize());
          out.append(const_cast<HostArray &>(*a).data(), a->byteSize());
        }
      }
      if (!writeAll(3, out))
        _exit(54);
    }
  finish("KEND");
}

//===----------------------------------------------------------------------===//
// The parent
//===----------------------------------------------------------------------===//

namespace {
/// The result bytes in SandboxOutcome form, checked against `layouts`; false
/// (and `why`) when they have another shape.
bool parseResult(llvm::StringRef bytes, const std::vector<SetLayout> &layouts, SandboxOutcome &out,
                 std::string &why) {
  Reader r{bytes};
  if (r.bytes.starts_with("KCMP")) {
    r.tag("KCMP");
    uint32_t n = r.get<uint32_t>();
    llvm::StringRef message = n <= kMaxMessage ? r.take(n) : (r.ok = false, llvm::StringRef());
    if (!r.ok || !r.bytes.empty()) {
      why = "a malformed compile-error frame";
      return false;
    }
    out.kind = SandboxOutcome::Kind::CompileError;
    out.message = message.str();
    return true;
  }
  for (const SetLayout &layout : layouts) {
    if (r.bytes.empty())
      return true; // ended early: the exit status says why
    if (!r.tag("KSET")) {
      why = "a set frame without its tag";
      return false;
    }
    SandboxSet set;
    uint32_t status = r.get<uint32_t>();
    if (status == 1) {
      uint32_t n = r.get<uint32_t>();
      set.error = n <= kMaxMessage ? r.take(n).str() : (r.ok = false, "");
      out.sets.push_back(std::move(set));
      if (!r.ok || !r.bytes.empty()) {
        why = "a malformed runtime-error frame";
        return false;
      }
      return true;
    }
    set.ran = status == 0;
    for (auto [sizes, into] :
         {std::make_pair(&layout.arrays, &set.arrays), std::make_pair(&layout.grads, &set.grads)}) {
      if (r.get<uint32_t>() != sizes->size())
        r.ok = false;
      for (uint64_t size : *sizes) {
        if (!r.ok || r.get<uint64_t>() != size) {
          r.ok = false;
          break;
        }
        into->push_back(r.take(size).str());
      }
    }
    if (!r.ok || !set.ran) {
      why = "a set frame of another size than the launch plan's";
      return false;
    }
    out.sets.push_back(std::move(set));
  }
  if (!r.tag("KEND") || !r.bytes.empty()) {
    why = "bytes after the last set";
    return false;
  }
  out.kind = SandboxOutcome::Kind::Finished;
  return true;
}

/// The most bytes a well-formed result for `layouts` can have.
uint64_t resultBound(const std::vector<SetLayout> &layouts) {
  uint64_t bound = 16 + kMaxMessage;
  for (const SetLayout &l : layouts) {
    bound += 24 + kMaxMessage;
    for (uint64_t n : l.arrays)
      bound += 8 + n;
    for (uint64_t n : l.grads)
      bound += 8 + n;
  }
  return bound;
}

std::string selfExecutable() {
  char path[4096];
  ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  return n > 0 ? std::string(path, size_t(n)) : std::string();
}
} // namespace

SandboxOutcome kdsl::synth::runInSandbox(const SandboxJob &job, llvm::StringRef pch,
                                         const std::vector<SetLayout> &layouts,
                                         double wallSeconds) {
  using Clock = std::chrono::steady_clock;
  SandboxOutcome out;
  json::Array specs;
  for (const json::Value &s : job.specs)
    specs.push_back(s);
  json::Array symbols, kernels;
  for (const std::string &s : job.symbols)
    symbols.push_back(s);
  for (const std::string &k : job.kernels)
    kernels.push_back(k);
  std::string jobJson =
      llvm::formatv("{0}", json::Value(json::Object{{"cuda", job.cuda},
                                                    {"backward", job.backward},
                                                    {"unit", job.unit},
                                                    {"symbols", std::move(symbols)},
                                                    {"source", job.source},
                                                    {"kernel", job.kernel},
                                                    {"kernels", std::move(kernels)},
                                                    {"specs", std::move(specs)},
                                                    {"cpu_seconds", job.cpuSeconds},
                                                    {"compile_bytes", int64_t(job.compileBytes)},
                                                    {"run_bytes", int64_t(job.runBytes)}}))
          .str();
  std::string input = "KJOB";
  putU64(input, jobJson.size());
  input += jobJson;
  putU64(input, pch.size());
  input += pch.str();

  std::string exe = selfExecutable();
  int jobPipe[2], resultPipe[2];
  if (exe.empty() || pipe2(jobPipe, O_CLOEXEC) != 0) {
    out.message = "cannot start the sandbox (no executable path or pipe)";
    return out;
  }
  if (pipe2(resultPipe, O_CLOEXEC) != 0) {
    close(jobPipe[0]);
    close(jobPipe[1]);
    out.message = "cannot start the sandbox (pipe)";
    return out;
  }
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid == 0) {
    // Only async-signal-safe calls until exec.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
      _exit(1);
    setpgid(0, 0);
    int null = open("/dev/null", O_RDWR);
    if (null < 0 || dup2(jobPipe[0], 0) < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0 ||
        dup2(resultPipe[1], 3) < 0)
      _exit(1);
    syscall(SYS_close_range, 4u, ~0u, 0u);
    char *argv[] = {const_cast<char *>("kdsl-synth"), const_cast<char *>(kScoreSandboxFlag),
                    nullptr};
    // The driver finds the system headers from its place on PATH.
    char *envp[] = {const_cast<char *>("PATH=/usr/local/bin:/usr/bin:/bin"), nullptr};
    execve(exe.c_str(), argv, envp);
    _exit(127);
  }
  close(jobPipe[0]);
  close(resultPipe[1]);
  if (pid < 0) {
    close(jobPipe[1]);
    close(resultPipe[0]);
    out.message = "cannot fork the sandbox";
    return out;
  }
  setpgid(pid, pid);
  fcntl(jobPipe[1], F_SETFL, O_NONBLOCK);
  // Feed the job and collect the result at once, both bounded in time; the
  // result also in size.
  auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(wallSeconds));
  uint64_t bound = resultBound(layouts);
  std::string result;
  llvm::StringRef pending = input;
  int writeFd = jobPipe[1];
  bool timedOut = false, flooded = false;
  char buffer[1 << 16];
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) {
      timedOut = true;
      break;
    }
    pollfd fds[2] = {{resultPipe[0], POLLIN, 0}, {writeFd, POLLOUT, 0}};
    int ready = poll(fds, writeFd >= 0 ? 2 : 1, int(std::min<int64_t>(left.count() + 1, 1000)));
    if (ready < 0 && errno != EINTR)
      break;
    if (ready <= 0)
      continue;
    if (writeFd >= 0 && (fds[1].revents & (POLLOUT | POLLERR | POLLHUP))) {
      ssize_t w = write(writeFd, pending.data(), std::min<size_t>(pending.size(), 1 << 16));
      if (w > 0)
        pending = pending.drop_front(size_t(w));
      if ((w < 0 && errno != EAGAIN && errno != EINTR) || pending.empty()) {
        close(writeFd);
        writeFd = -1;
      }
    }
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      ssize_t n = read(resultPipe[0], buffer, sizeof buffer);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      result.append(buffer, size_t(n));
      if (result.size() > bound) {
        flooded = true;
        break;
      }
    }
  }
  if (writeFd >= 0)
    close(writeFd);
  close(resultPipe[0]);
  // The child's whole group, whatever it did.
  kill(-pid, SIGKILL);
  kill(pid, SIGKILL);
  int status = 0;
  rusage usage{};
  while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  double cpu = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
               1e-6 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
  std::string why;
  bool wellFormed = !flooded && parseResult(result, layouts, out, why);
  if (timedOut) {
    out.kind = SandboxOutcome::Kind::Timeout;
    out.message = llvm::formatv("no result within {0} s (wall clock)", wallSeconds).str();
    return out;
  }
  if (flooded) {
    out.kind = SandboxOutcome::Kind::Fault;
    out.message =
        llvm::formatv("the sandbox wrote more than the {0} bytes its results can have", bound)
            .str();
    return out;
  }
  if (WIFSIGNALED(status) && WTERMSIG(status) != SIGKILL &&
      out.kind != SandboxOutcome::Kind::Finished) {
    int sig = WTERMSIG(status);
    if (sig == SIGXCPU) {
      out.kind = SandboxOutcome::Kind::Timeout;
      out.message = llvm::formatv("CPU time limit of {0} s", job.cpuSeconds).str();
      return out;
    }
    out.kind = SandboxOutcome::Kind::Fault;
    out.message = sig == SIGSYS ? std::string("killed by the sandbox (a forbidden system call: "
                                              "process creation, exec, a file opened, a signal, a "
                                              "socket)")
                                : std::string("killed by signal ") + std::to_string(sig) + " (" +
                                      strsignal(sig) + ")";
    return out;
  }
  if (!wellFormed) {
    out.kind = SandboxOutcome::Kind::Fault;
    out.message = "the sandbox's result is malformed (" + why + ")";
    return out;
  }
  if (out.kind == SandboxOutcome::Kind::Finished || out.kind == SandboxOutcome::Kind::CompileError)
    return out;
  // Ended before "KEND" without a signal we did not send ourselves.
  if (!out.sets.empty() && !out.sets.back().ran) {
    out.kind = SandboxOutcome::Kind::Finished; // a runtime error stopped it
    return out;
  }
  if (cpu >= job.cpuSeconds) {
    out.kind = SandboxOutcome::Kind::Timeout;
    out.message = llvm::formatv("CPU time limit of {0} s", job.cpuSeconds).str();
    return out;
  }
  out.kind = SandboxOutcome::Kind::Fault;
  out.message = WIFEXITED(status)
                    ? "the sandbox exited (status " + std::to_string(WEXITSTATUS(status)) +
                          ") before its results were complete"
                    : std::string("the sandbox was killed before its results were complete");
  return out;
}
