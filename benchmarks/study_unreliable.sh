#!/usr/bin/env bash
# The unreliable-clients study (issue 42; report: docs/results/unreliable-clients.md).
#
#   benchmarks/study_unreliable.sh DATA_DIR [OUT_ROOT] [extra copfl flags ...]
#
# The three seed methods and six baselines (Local, FedAvg, Ditto, APFL, FedALA, FedRoD) under
# 0 / 20 / 50 % client dropout and 30 % stragglers (one local step), on two problems:
#   cifar10  the CO-PFL CIFAR-10 protocol at cpu scale (10 clients x 2 classes x 50 training and
#            100 test samples per class, the FedAvg CNN, batch 32, 1 local epoch, 100 rounds);
#   femnist  FEMNIST natural writers, 50 writers, the FedAvg CNN, 30 rounds (its 100-round runs
#            would take about 8 h a setting here);
# 2 seeds each, every method at its defaults. Each (problem, setting) pair is one
# `copfl compare --seeds 2` folder OUT_ROOT/PROBLEM/SETTING: every method of a folder loses
# the same clients (the draws depend on the seed, the round and the client only).
# Resumable: run the same command again after an interruption; finished runs are kept.
# `DRY=1` prints each folder's estimated cost (compare --dry-run) and runs nothing.
# `ARCHIVE=DIR` keeps the progress in small committable files (benchmarks/study_archive.py): each
# folder is restored from DIR/PROBLEM/SETTING before it starts and saved there when it ends.
# Then: copfl table OUT_ROOT/*/* --out docs/results/unreliable-clients-table.md
set -euo pipefail
DATA_DIR=${1:?usage: $0 DATA_DIR [OUT_ROOT] [extra copfl flags ...]}
OUT_ROOT=${2:-runs/study-unreliable}
shift $(( $# < 2 ? $# : 2 ))
COPFL=${COPFL:-copfl}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
METHODS=co-pfl,pfedsv,dpao-pfl,local,fedavg,ditto,apfl,fedala,fedrod
declare -A PROBLEM=(
  [cifar10]="--dataset cifar10 --clients 10 --classes-per-client 2 --samples-per-class 50 --test-samples-per-class 100 --model cnn --rounds 100"
  [femnist]="--dataset femnist --partition natural --clients 50 --model cnn --rounds 30"
)
declare -A SETTING=(
  [reliable]=""
  [dropout-0.2]="--client-dropout 0.2"
  [dropout-0.5]="--client-dropout 0.5"
  [stragglers-0.3]="--stragglers 0.3 --straggler-steps 1"
)
for p in cifar10 femnist; do
  for s in reliable dropout-0.2 dropout-0.5 stragglers-0.3; do
    dir="$OUT_ROOT/$p/$s"
    # shellcheck disable=SC2086
    cmd=($COPFL compare --algorithms "$METHODS" --seeds 2 ${PROBLEM[$p]} ${SETTING[$s]} --data-dir "$DATA_DIR" --out "$dir" "$@")
    if [[ -n "${DRY:-}" ]]; then
      echo "== $p / $s"
      "${cmd[@]}" --dry-run
      continue
    fi
    mkdir -p "$dir"
    if [[ -n "${ARCHIVE:-}" && -d "$ARCHIVE/$p/$s" ]]; then python "$HERE/study_archive.py" restore "$ARCHIVE/$p/$s" "$dir"; fi
    echo "$(date -u +%H:%M:%S) start $p/$s"
    if "${cmd[@]}" >>"$dir.log" 2>&1; then echo "$(date -u +%H:%M:%S) done  $p/$s"; else echo "FAILED or stopped $p/$s (log: $dir.log)"; fi
    if [[ -n "${ARCHIVE:-}" ]]; then python "$HERE/study_archive.py" save "$dir" "$ARCHIVE/$p/$s"; fi
  done
done
