//===- RuntimeReports.cpp - kernel-side failures ----------------------------===//
#include "kdsl/Runtime/LaunchSpec.h"

#include <algorithm>

using namespace kdsl;

//===----------------------------------------------------------------------===//
// Runtime reports
//===----------------------------------------------------------------------===//

RuntimeReports &RuntimeReports::global() {
  static RuntimeReports reports;
  return reports;
}

/// Failures are ordered by thread index; those from wp.func bodies, which do
/// not know their thread (the backends pass -1), come after all others.
static int64_t threadKey(int64_t thread) {
  return thread < 0 ? std::numeric_limits<int64_t>::max() : thread;
}

/// "in kernel 'k'" (with the thread later) or "in function 'f'".
static std::string ownerText(const char *owner, int64_t thread) {
  return std::string(thread < 0 ? "in function '" : "in kernel '") + (owner ? owner : "?") + "'";
}

static std::string threadText(int64_t thread) {
  return thread < 0 ? " (thread unknown)" : ", thread " + std::to_string(thread);
}

void RuntimeReports::record(int64_t thread, std::string message) {
  std::lock_guard<std::mutex> lock(mutex);
  ++total;
  if (total == 1 || threadKey(thread) < threadKey(firstThread)) {
    firstThread = thread;
    firstMessage = std::move(message);
  }
}

bool RuntimeReports::countIfNotFirst(int64_t thread) {
  // Only the failure of the lowest thread is kept: skip formatting the others.
  std::lock_guard<std::mutex> lock(mutex);
  if (total > 0 && threadKey(thread) >= threadKey(firstThread)) {
    ++total;
    return true;
  }
  return false;
}

void RuntimeReports::reportAssert(const char *kernel, const char *message, int32_t line,
                                  int64_t thread) {
  if (countIfNotFirst(thread))
    return;
  std::string text = message && *message ? message : "assert";
  text += " failed " + ownerText(kernel, thread);
  if (line > 0)
    text += " at line " + std::to_string(line);
  text += threadText(thread);
  record(thread, std::move(text));
}

void RuntimeReports::reportOOB(const char *kernel, const char *array, int32_t dim, int64_t index,
                               int64_t extent, int64_t thread) {
  if (countIfNotFirst(thread))
    return;
  std::string text = "index " + std::to_string(index) + " out of range [-" +
                     std::to_string(extent) + ", " + std::to_string(extent) + ") for ";
  // dim -1: a vector, quaternion or matrix index, `array` its description
  // ("a component of vec3f 'a'"; KernelABI.h).
  if (dim < 0)
    text += array ? array : "?";
  else
    text += "dimension " + std::to_string(dim) + " of array '" + (array ? array : "?") + "'";
  text += " " + ownerText(kernel, thread) + threadText(thread);
  record(thread, std::move(text));
}

uint64_t RuntimeReports::count() const {
  std::lock_guard<std::mutex> lock(mutex);
  return total;
}

std::string RuntimeReports::summary() const {
  std::lock_guard<std::mutex> lock(mutex);
  if (total == 0)
    return "";
  std::string s = firstMessage;
  if (total > 1)
    s += " (and " + std::to_string(total - 1) + " more failure" + (total > 2 ? "s" : "") + ")";
  return s;
}

void RuntimeReports::clear() {
  std::lock_guard<std::mutex> lock(mutex);
  total = 0;
  firstThread = 0;
  firstMessage.clear();
}
