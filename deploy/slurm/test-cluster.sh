#!/bin/bash
# Vedette: runs deploy/slurm/submit.sh on a real one-node Slurm cluster and
# checks that the merged report equals one run of the same batch, byte for
# byte. `.ci/run` calls it; run it by hand with
#
#   deploy/slurm/test-cluster.sh path/to/vedette
#
# It needs Debian's slurm-wlm and munge (`.ci/run` installs them) and root
# (or sudo) to start the daemons. Everything it starts lives in a fresh
# temporary folder: a munge key and munged on its own socket, slurmctld and
# slurmd on free ports with a minimal slurm.conf (proctrack/linuxproc,
# task/none, one node with this machine's CPUs, no accounting). Every
# daemon it started is stopped when it ends, whether it passed or not.
#
# Environment: GAMES (games in the batch, default 200), SHARDS (4),
# SCENARIO (scenarios/waterloo.ron), KEEP=1 keeps the folder for a look.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
vedette="$(realpath "${1:?usage: test-cluster.sh VEDETTE_BINARY}")"
GAMES="${GAMES:-200}"
SHARDS="${SHARDS:-4}"
SCENARIO="$(realpath "${SCENARIO:-$repo/scenarios/waterloo.ron}")"

for tool in munged slurmctld slurmd sbatch squeue scontrol; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "test-cluster: $tool is missing (install Debian's slurm-wlm and munge)" >&2
    exit 2
  fi
done
sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo

dir="$(mktemp -d /tmp/vedette-slurm.XXXXXX)"
chmod 755 "$dir"
pids=()
stop() {
  local code=$?
  # scancel first, so that no job outlives the cluster.
  scancel --full --quiet -u "$(id -un)" 2>/dev/null || true
  for f in slurmd slurmctld munged; do
    if [ -f "$dir/$f.pid" ]; then
      $sudo kill "$(cat "$dir/$f.pid")" 2>/dev/null || true
    fi
  done
  # Wait (at most ten seconds) until each is gone.
  for _ in $(seq 1 50); do
    alive=0
    for f in slurmd slurmctld munged; do
      [ -f "$dir/$f.pid" ] && kill -0 "$(cat "$dir/$f.pid")" 2>/dev/null && alive=1
    done
    [ "$alive" = 0 ] && break
    sleep 0.2
  done
  if [ "$code" != 0 ]; then
    for log in "$dir"/*.log "$dir"/work/*.log; do
      [ -f "$log" ] || continue
      echo "---- $log" >&2
      tail -n 30 "$log" >&2
    done
  fi
  if [ "${KEEP:-}" = 1 ]; then
    echo "test-cluster: kept $dir" >&2
  else
    $sudo rm -rf "$dir"
  fi
  exit "$code"
}
trap stop EXIT

# A free TCP port on loopback (asks the kernel for one).
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

host="$(hostname -s)"
cpus="$(nproc)"
user="$(id -un)"
mkdir -p "$dir/state" "$dir/spool" "$dir/munge" "$dir/work"
chmod 700 "$dir/munge"

echo "test-cluster: munged"
dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$dir/munge/munge.key"
$sudo munged --force --socket="$dir/munge/socket" --key-file="$dir/munge/munge.key" \
  --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munge/seed"

ctld_port="$(free_port)"
slurmd_port="$(free_port)"
cat >"$dir/slurm.conf" <<EOF
ClusterName=vedette-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/socket
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=vedette Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$dir/slurm.conf"

echo "test-cluster: slurmctld on port $ctld_port, slurmd on port $slurmd_port, $cpus CPUs"
$sudo env SLURM_CONF="$SLURM_CONF" slurmctld -i -f "$SLURM_CONF"
$sudo env SLURM_CONF="$SLURM_CONF" slurmd -f "$SLURM_CONF"

# Wait (at most a minute) for the node to be idle.
for i in $(seq 1 120); do
  state="$(sinfo -h -n "$host" -o %t 2>/dev/null || true)"
  [ "$state" = idle ] && break
  if [ "$i" = 120 ]; then
    echo "test-cluster: the node never became idle (state: ${state:-none})" >&2
    exit 1
  fi
  sleep 0.5
done
echo "test-cluster: node $host idle"

cd "$dir/work"
BATCH="$SCENARIO --games $GAMES --seed 7"
start=$SECONDS
N="$SHARDS" CPUS=1 BATCH="$BATCH" OUT="$dir/work/shards" VEDETTE="$vedette" \
  "$here/submit.sh"

# Wait (at most twenty minutes) until no job of ours is queued or running.
for i in $(seq 1 2400); do
  left="$(squeue -h -u "$user" -o %i | wc -l)"
  [ "$left" = 0 ] && break
  if [ "$i" = 2400 ]; then
    echo "test-cluster: jobs still queued after twenty minutes" >&2
    squeue -u "$user" >&2
    exit 1
  fi
  sleep 0.5
done
echo "test-cluster: the shards and the merge ran in $((SECONDS - start)) s"

# Every job must have completed (the merge runs only after every shard
# succeeded: afterok).
scontrol show job 2>/dev/null | grep -o 'JobState=[A-Z_]*' | sort | uniq -c
if scontrol show job 2>/dev/null | grep -o 'JobState=[A-Z_]*' | grep -qv COMPLETED; then
  echo "test-cluster: a job did not complete" >&2
  scontrol show job >&2
  exit 1
fi
test -f shards/report.txt || { echo "test-cluster: no merged report" >&2; exit 1; }
count="$(ls shards/shard-*.json | wc -l)"
[ "$count" = "$SHARDS" ] || { echo "test-cluster: $count shard files, not $SHARDS" >&2; exit 1; }

# The whole batch in one run, as the shards' report must be.
# shellcheck disable=SC2086 # BATCH is a list of arguments
"$vedette" simulate $BATCH >one.txt
if ! cmp -s one.txt shards/report.txt; then
  echo "test-cluster: the merged report differs from one run:" >&2
  diff one.txt shards/report.txt >&2 || true
  exit 1
fi
echo "test-cluster: the merged report of $SHARDS Slurm shards equals one run ($(wc -c <one.txt) bytes)"
