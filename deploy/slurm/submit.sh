#!/bin/bash
# Submits a Vedette balance batch to Slurm as a job array of N shards,
# and its merge as a job that runs once every shard has succeeded.
#
#   N=8 BATCH="scenarios/waterloo.ron --games 100000 --seed 1" \
#     deploy/slurm/submit.sh
#
# The report lands in $OUT/report.txt (default shards/report.txt). CPUS
# sets the CPUs of each shard task (default: shards.sbatch's 4).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
N="${N:-4}"
: "${BATCH:?set BATCH to the simulate arguments, e.g. \"scenarios/waterloo.ron --games 10000\"}"
export BATCH OUT="${OUT:-shards}" VEDETTE="${VEDETTE:-vedette}"
cpus=()
[ -n "${CPUS:-}" ] && cpus=(--cpus-per-task="$CPUS")
job=$(sbatch --parsable --export=ALL "${cpus[@]}" --array="0-$((N - 1))" "$here/shards.sbatch")
sbatch --export=ALL --dependency="afterok:${job%%;*}" "$here/merge.sbatch"
echo "queued shards as job $job and the merge after it; report: $OUT/report.txt"
