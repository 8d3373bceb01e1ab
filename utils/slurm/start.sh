#!/usr/bin/env bash
# Starts a one-node Slurm cluster on this machine: munged, slurmctld and slurmd, all of their
# state in STATE_DIR (created if missing), on free ports. Waits until `sinfo` shows the node
# idle, then prints `export SLURM_CONF=...` for `eval`; sbatch, sinfo, squeue then use it.
# Stop it with utils/slurm/stop.sh STATE_DIR.
#   eval "$(utils/slurm/start.sh /tmp/kdsl-slurm)"
# STATE_DIR's path must be short (the munge socket lives there; a socket path has at most
# 107 bytes). A failed start stops what it started and prints the daemons' logs on stderr.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[ $# -eq 1 ] || { echo "usage: $0 STATE_DIR" >&2; exit 2; }
mkdir -p "$1"
state="$(cd "$1" && pwd)"
chmod 700 "$state"
timeout_s=${KDSL_SLURM_START_TIMEOUT:-60}

fail() {
  echo "kdsl slurm: $*" >&2
  for log in "$state"/*.log; do
    [ -f "$log" ] && { echo "--- $log" >&2; tail -n 20 "$log" >&2; }
  done
  "$here/stop.sh" "$state" >&2 || true
  exit 1
}

for tool in munged mungekey slurmctld slurmd sinfo; do
  command -v "$tool" >/dev/null || PATH="$PATH:/usr/sbin:/sbin"
  command -v "$tool" >/dev/null || { echo "kdsl slurm: $tool is not installed (utils/install-deps.sh)" >&2; exit 1; }
done

# Two free TCP ports (the kernel picks them; closed again before the daemons bind them).
read -r ctld_port slurmd_port < <(python3 - <<'PY'
import socket
socks = [socket.socket() for _ in range(2)]
for s in socks:
    s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in socks])
PY
)

# munge: a key of this cluster's own and a socket in the state directory.
mungekey --create --keyfile="$state/munge.key" --force
chmod 600 "$state/munge.key"
munged --socket="$state/munge.socket" --key-file="$state/munge.key" \
  --pid-file="$state/munged.pid" --log-file="$state/munged.log" \
  --seed-file="$state/munged.seed" --force ||
  fail "munged did not start"

# The node is this machine as slurmd sees it: CPUs, sockets, cores, threads, memory.
node_hw="$(slurmd -C | head -n 1 | tr ' ' '\n' | grep -E '^(CPUs|Boards|SocketsPerBoard|CoresPerSocket|ThreadsPerCore|RealMemory)=' | tr '\n' ' ')"
node=localhost
sed -e "s|@CLUSTER@|kdsl$ctld_port|; s|@CTLD_HOST@|$(hostname -s)|; s|@CTLD_PORT@|$ctld_port|" \
    -e "s|@SLURMD_PORT@|$slurmd_port|; s|@USER@|$(id -un)|g; s|@STATE@|$state|g" \
    -e "s|@NODE@|$node|g; s|@NODE_HW@|$node_hw|" "$here/slurm.conf.in" > "$state/slurm.conf"
mkdir -p "$state/ctld"
export SLURM_CONF="$state/slurm.conf"

slurmctld -f "$SLURM_CONF" -i || fail "slurmctld did not start"
slurmd -f "$SLURM_CONF" -N "$node" || fail "slurmd did not start"

deadline=$(($(date +%s) + timeout_s))
until [ "$(timeout 10 sinfo -h -N -n "$node" -o %T 2>/dev/null)" = idle ]; do
  [ "$(date +%s)" -lt "$deadline" ] || fail "the node is not idle after ${timeout_s} s"
  sleep 0.5
done
echo "export SLURM_CONF='$SLURM_CONF'"
