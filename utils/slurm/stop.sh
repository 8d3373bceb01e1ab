#!/usr/bin/env bash
# Stops the one-node Slurm cluster that utils/slurm/start.sh STATE_DIR started: slurmd,
# slurmctld and munged, each by the pid in its pid file (TERM, then KILL after 10 s).
# Harmless when some or all of them are not running; the state directory stays for its logs.
set -uo pipefail
[ $# -eq 1 ] || { echo "usage: $0 STATE_DIR" >&2; exit 2; }
state="$1"
stop_daemon() {
  local pidfile="$state/$1.pid" pid
  [ -f "$pidfile" ] || return 0
  pid="$(cat "$pidfile" 2>/dev/null)"
  # Only a process of this name with this pid: a stale pid file must not stop another process.
  # (/proc, not ps: a minimal Debian has no procps.)
  if [[ "$pid" =~ ^[0-9]+$ ]] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$1" ]; then
    kill "$pid" 2>/dev/null
    for _ in $(seq 100); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
  fi
  rm -f "$pidfile"
}
stop_daemon slurmd
stop_daemon slurmctld
stop_daemon munged
exit 0
