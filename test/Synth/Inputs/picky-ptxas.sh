#!/bin/sh
# A ptxas for tests: logs how many entries each run checks, rejects any
# module with the entry named in $REJECT_ENTRY or with an entry of the file
# $REJECT_LIST (a line per entry: NAME followed by "("), and otherwise runs the
# real ptxas ($REAL_PTXAS) on its arguments.
for a in "$@"; do
  case "$a" in *.ptx) input="$a" ;; esac
done
echo "run: $(grep -c '\.entry' "$input") entries" >> "$PTXAS_LOG"
if { [ -n "$REJECT_ENTRY" ] && grep -q "$REJECT_ENTRY(" "$input"; } ||
   { [ -n "$REJECT_LIST" ] && grep -q -F -f "$REJECT_LIST" "$input"; }; then
  echo "ptxas $input, line 1; error   : rejected by the test's ptxas"
  exit 1
fi
exec "$REAL_PTXAS" "$@"
