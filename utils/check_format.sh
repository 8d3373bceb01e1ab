#!/usr/bin/env bash
# Checks that the C++ lines changed since a base commit are formatted as .clang-format says
# (clang-format-22 through its clang-format-diff script); fails listing the changes it would make.
#
#   utils/check_format.sh [BASE]
#
# BASE defaults to `git merge-base HEAD origin/main` when origin/main exists, else HEAD~1. Only
# changed lines are checked, so the tree need not be formatted as a whole. Files: *.cpp and *.h
# outside test/ (the *.inc texts under lib/Target are embedded in emitted code byte for byte and
# are never formatted). Without git, a history or clang-format-22 (utils/install-deps.sh installs
# it) it says so and skips: it never fails for want of them. To apply the format to those lines:
#   git diff -U0 BASE -- '*.cpp' '*.h' | clang-format-diff-22 -p1 -i
set -euo pipefail
skip() {
  echo "check_format: $1; skipped" >&2
  exit 0
}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
command -v git >/dev/null 2>&1 || skip "git is not installed"
root="$(git -C "$here" rev-parse --show-toplevel 2>/dev/null)" || skip "not a git checkout"
cd "$root"

fmt="$(command -v clang-format-22 || true)"
[ -n "$fmt" ] || [ ! -x /usr/lib/llvm-22/bin/clang-format ] || fmt=/usr/lib/llvm-22/bin/clang-format
[ -n "$fmt" ] || skip "clang-format-22 is not installed"
diffpy=""
for f in /usr/share/clang/clang-format-22/clang-format-diff.py \
         /usr/lib/llvm-22/share/clang/clang-format-diff.py; do
  [ -f "$f" ] && { diffpy=$f; break; }
done
[ -n "$diffpy" ] || skip "clang-format-diff.py of clang-format-22 not found"

if [ $# -gt 0 ]; then
  base=$1
  git rev-parse -q --verify "$base^{commit}" >/dev/null ||
    { echo "check_format: '$base' is no commit" >&2; exit 2; }
elif git rev-parse -q --verify origin/main >/dev/null &&
     base="$(git merge-base HEAD origin/main 2>/dev/null)"; then
  :
elif git rev-parse -q --verify 'HEAD~1^{commit}' >/dev/null; then
  base=HEAD~1
else
  skip "no base commit (no origin/main and no parent of HEAD: a shallow or one-commit checkout)"
fi

changes="$(git diff -U0 --no-color --no-ext-diff --diff-filter=d "$base" -- '*.cpp' '*.h' ':!test/')"
if [ -z "$changes" ]; then
  echo "check_format: no C++ lines changed since $(git rev-parse --short "$base")"
  exit 0
fi
if out="$(printf '%s\n' "$changes" | python3 "$diffpy" -p1 -binary "$fmt")" && [ -z "$out" ]; then
  echo "check_format: the C++ lines changed since $(git rev-parse --short "$base") are formatted"
  exit 0
fi
printf '%s\n' "$out"
echo "check_format: the changes above are what clang-format-22 (.clang-format) would make to the" \
     "lines changed since $(git rev-parse --short "$base") (apply: git diff -U0 $base -- '*.cpp' '*.h'" \
     "| clang-format-diff-22 -p1 -i)" >&2
exit 1
