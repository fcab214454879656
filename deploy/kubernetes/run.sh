#!/bin/bash
# Runs the shards Job, waits for it, then the merge Job, and prints the
# report. Needs kubectl pointed at a cluster where the vedette:latest
# image can be pulled (see deploy/Containerfile).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
kubectl apply -f "$here/shards.yaml"
kubectl wait --for=condition=complete --timeout=24h job/vedette-shards
kubectl apply -f "$here/merge.yaml"
kubectl wait --for=condition=complete --timeout=1h job/vedette-merge
kubectl logs job/vedette-merge
