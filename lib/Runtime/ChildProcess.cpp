//===- ChildProcess.cpp - run launches in a child process -----------------===//
#include "kdsl/Runtime/ChildProcess.h"
#include "kdsl/Runtime/LaunchSpec.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <poll.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace kdsl;

namespace {
/// The page the child shares with its parent.
struct SharedState {
  LaunchProgress progress;
  volatile int32_t signal;
  volatile int32_t code;
  volatile uint64_t address;
};
} // namespace

static SharedState *shared = nullptr;

/// Records the fault and returns: the handler was reset to the default on
/// entry (SA_RESETHAND), so the faulting instruction runs again and the
/// signal kills the child, which the parent sees in its wait status. Only
/// plain stores: async-signal-safe.
static void recordFault(int sig, siginfo_t *info, void *) {
  shared->signal = sig;
  shared->code = info ? info->si_code : 0;
  shared->address = info ? reinterpret_cast<uintptr_t>(info->si_addr) : 0;
  // A signal sent by kill() (not a fault) does not come back by itself.
  if (!info || info->si_code <= 0)
    raise(sig);
}

static void prepareChild() {
  // No core files for a kernel's fault; they are slow to write.
  struct rlimit noCore = {0, 0};
  setrlimit(RLIMIT_CORE, &noCore);
  // The handler runs on a stack of its own, so that a kernel that overflows
  // its stack (onto a guard page) is reported with the faulting address, not
  // killed before the handler can run.
  constexpr size_t kAltStack = 64 * 1024;
  if (void *alt =
          mmap(nullptr, kAltStack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      alt != MAP_FAILED) {
    stack_t ss = {};
    ss.ss_sp = alt;
    ss.ss_size = kAltStack;
    sigaltstack(&ss, nullptr);
  }
  // Replace LLVM's crash handlers (which print kdsl's stack) with ours.
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = recordFault;
  sa.sa_flags = SA_SIGINFO | SA_RESETHAND | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGFPE, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT})
    sigaction(sig, &sa, nullptr);
  signal(SIGPIPE, SIG_DFL);
  setLaunchProgress(&shared->progress);
  // The kernels' wp.printf / print output goes to stderr, line by line (so
  // that it survives a fault): stdout carries the tools' own results.
  fflush(stdout);
  dup2(STDERR_FILENO, STDOUT_FILENO);
  setvbuf(stdout, nullptr, _IOLBF, BUFSIZ);
}

static bool writeAll(int fd, const char *p, size_t n) {
  while (n > 0) {
    ssize_t w = ::write(fd, p, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return false;
    p += w;
    n -= size_t(w);
  }
  return true;
}

static llvm::Error systemError(const char *what) {
  return llvm::createStringError(std::error_code(errno, std::generic_category()),
                                 llvm::Twine(what) + ": " + std::strerror(errno));
}

llvm::Expected<ChildOutcome> kdsl::runInChildProcess(llvm::function_ref<std::string()> body,
                                                     std::optional<double> timeoutSeconds) {
  void *page =
      mmap(nullptr, sizeof(SharedState), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED)
    return systemError("cannot map memory shared with the child process");
  shared = new (page) SharedState();
  llvm::scope_exit unmap([&] {
    munmap(page, sizeof(SharedState));
    shared = nullptr;
  });

  int fds[2];
  if (pipe(fds) != 0)
    return systemError("cannot create a pipe to the child process");
  llvm::outs().flush();
  llvm::errs().flush();
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return systemError("cannot fork the child process that runs the kernels");
  }
  if (pid == 0) {
    close(fds[0]);
    prepareChild();
    std::string payload = body();
    fflush(stdout);
    _exit(writeAll(fds[1], payload.data(), payload.size()) ? 0 : 3);
  }
  close(fds[1]);

  using Clock = std::chrono::steady_clock;
  std::optional<Clock::time_point> deadline;
  if (timeoutSeconds)
    deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                  std::chrono::duration<double>(*timeoutSeconds));
  ChildOutcome out;
  bool timedOut = false;
  char buffer[1 << 16];
  for (;;) {
    int waitMs = -1;
    if (deadline) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - Clock::now());
      if (left.count() <= 0) {
        timedOut = true;
        break;
      }
      waitMs = int(std::min<int64_t>(left.count() + 1, 1 << 30));
    }
    struct pollfd pfd = {fds[0], POLLIN, 0};
    int ready = poll(&pfd, 1, waitMs);
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready == 0)
      continue; // the deadline check above ends the wait
    ssize_t n = read(fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break; // EOF: the child exited or closed the pipe
    out.payload.append(buffer, size_t(n));
  }
  close(fds[0]);

  int status = 0;
  if (timedOut) {
    kill(pid, SIGKILL);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    out.kind = ChildOutcome::Kind::TimedOut;
    out.payload.clear();
  } else {
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
      out.kind = ChildOutcome::Kind::Exited;
    } else {
      out.kind = ChildOutcome::Kind::Crashed;
      out.payload.clear();
      if (WIFSIGNALED(status))
        out.signal = WTERMSIG(status);
      else
        out.exitStatus = WEXITSTATUS(status);
      out.faultCode = shared->code;
      out.faultAddress = shared->address;
    }
  }
  const LaunchProgress &p = shared->progress;
  out.inKernel = p.inKernel;
  out.kernel = std::string(p.kernel, strnlen(p.kernel, sizeof p.kernel));
  out.backward = p.backward;
  out.launch = p.launch;
  return out;
}

std::string ChildOutcome::cause() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  switch (kind) {
  case Kind::Exited:
    return "";
  case Kind::TimedOut:
    return "time limit reached";
  case Kind::Crashed:
    break;
  }
  switch (signal) {
  case 0:
    os << "the run exited with status " << exitStatus;
    break;
  case SIGFPE:
    // x86 raises the same exception for INT_MIN / -1 as for a zero divisor.
    os << (faultCode == FPE_INTDIV || faultCode == FPE_INTOVF
               ? "integer division by zero (or overflow: the most negative integer divided by -1)"
               : "arithmetic exception (SIGFPE)");
    break;
  case SIGSEGV:
  case SIGBUS:
    os << "invalid memory access at address " << llvm::format_hex(faultAddress, 2);
    break;
  case SIGILL:
    os << "illegal instruction";
    break;
  case SIGABRT:
    os << "aborted (a corrupted heap, e.g. after an out-of-range write with bounds checks off)";
    break;
  case SIGKILL:
    os << "killed (SIGKILL: out of memory?)";
    break;
  default:
    os << "killed by signal " << signal << " (" << strsignal(signal) << ")";
    break;
  }
  return text;
}

std::string ChildOutcome::describe(std::optional<double> timeout, bool checkedBounds,
                                   llvm::StringRef boundsOption, llvm::StringRef tool,
                                   llvm::StringRef timeoutSource) const {
  std::string where;
  if (inKernel)
    where = llvm::formatv("{0}kernel '{1}' (launch {2} of the spec{3})",
                          backward ? "the adjoint of " : "", kernel, launch,
                          backward ? "'s backward pass" : "")
                .str();
  if (kind == Kind::TimedOut)
    return llvm::formatv("{0} did not finish within {1} s ({2})",
                         where.empty() ? std::string("the run") : where,
                         llvm::format("%g", timeout.value_or(0)), timeoutSource)
        .str();
  if (where.empty())
    return (tool + " crashed outside any kernel while running the spec: " + cause() +
            " (a kdsl bug)")
        .str();
  std::string message = where + " crashed: " + cause();
  if (!checkedBounds && signal != SIGFPE)
    message += (" (bounds checks were off: an array index out of range? " + boundsOption + " " +
                tool + " reports which)")
                   .str();
  return message;
}
