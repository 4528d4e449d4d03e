#!/usr/bin/env bash
# The unreliable-clients study (issue 42; report: docs/results/unreliable-clients.md).
#
#   studies/study_unreliable.sh DATA_DIR [OUT_ROOT] [JOBS] [extra copfl flags ...]
#
# Part 1, unreliable clients: the three seed methods and six baselines (Local, FedAvg, Ditto, APFL,
# FedALA, FedRoD) under 0 / 20 / 50 % client dropout and 30 % stragglers (one local step), on two
# problems:
#   cifar10  the CO-PFL CIFAR-10 protocol at cpu scale (10 clients x 2 classes x 50 training and
#            100 test samples per class, the FedAvg CNN, batch 32, 1 local epoch, 100 rounds);
#   femnist  FEMNIST natural writers, 20 writers, the FedAvg CNN, 30 rounds. Not 50 writers:
#            pFedSV values every downloaded peer by Shapley values, about 3 n^2 utility
#            evaluations for a coalition of n, and with 50 writers its coalitions grow to ~25
#            peers: `--dry-run` prices a setting at about 12 h (11.5 of them pFedSV's), 70 min
#            with 20 writers.
# 2 seeds each, every method at its defaults. Each (problem, setting) pair is one
# `copfl compare --seeds 2` folder OUT_ROOT/PROBLEM/SETTING: every method of a folder loses
# the same clients (the draws depend on the seed, the round and the client only).
# Part 2, the seven new methods beside the existing rows: `copfl reproduce table2 --columns
# cifar10-10` (the CO-PFL CIFAR-10 protocol) and `copfl reproduce pfedsv-table1 --columns
# mnist-10-pathological` with `--add-algorithms apfl,fedala,fedrod,fedbabu,fedcac,gpfl,feddbe`, in
# REPRODUCE_OUT (default runs/reproduce-cpu, the reproductions' own folder: Table II's rows are
# the runs its reports were made from).
# Part 3, a follow-up the report reads: FedALA alone on cifar10 under 30 % stragglers with 4 steps
# (OUT_ROOT/cifar10/stragglers-0.3-steps-4). A straggler's budget covers every step of its round,
# and FedALA's ALA learns W in 3 mini-batch steps there before it trains, so with 1 step a
# straggler trains its model for none; with 4 it trains one step, as the other methods' do
# (except in the round of a client's first ALA, which spends the whole budget on W).
# JOBS (default 1) folders or reproductions run at once (--threads 1 each suits two on 2 cores).
# Resumable: run the same command again after an interruption; finished runs are kept.
# `DRY=1` prints each part's estimated cost (--dry-run) and runs nothing.
# `ARCHIVE=DIR` (or FILE.tar.xz) keeps the progress in small committable files
# (studies/study_archive.py): each compare folder is restored from its PROBLEM/SETTING part of
# the archive before it starts and saved there when it ends; the reproductions' runs likewise in
# REPRODUCE_ARCHIVE (default runs/archives/reproduce-cpu-runs.tar.xz). The committed archives are
# in the results line, out of the source tree: bring them back first (`python
# studies/study_archive.py restore results:archives/unreliable-runs.tar.xz OUT_ROOT`, and
# `results:archives/reproduce-cpu-runs.tar.xz REPRODUCE_OUT`) and publish the local files after
# (`python studies/study_archive.py publish FILE.tar.xz ...`).
# Then: python studies/unreliable_report.py OUT_ROOT --reproduce REPRODUCE_OUT --out docs/results/unreliable-clients
set -euo pipefail
DATA_DIR=${1:?usage: $0 DATA_DIR [OUT_ROOT] [JOBS] [extra copfl flags ...]}
OUT_ROOT=${2:-runs/study-unreliable}
JOBS=${3:-1}
usage="usage: $0 DATA_DIR [OUT_ROOT] [JOBS] [extra copfl flags ...] (OUT_ROOT and JOBS come before any flag)"
[[ $OUT_ROOT != -* ]] || { echo "OUT_ROOT '$OUT_ROOT' looks like a flag; $usage" >&2; exit 2; }
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || { echo "JOBS must be a whole number >= 1, got '$JOBS'; $usage" >&2; exit 2; }
shift $(( $# < 3 ? $# : 3 ))
COPFL=${COPFL:-copfl}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPRODUCE_OUT=${REPRODUCE_OUT:-runs/reproduce-cpu}
REPRODUCE_ARCHIVE=${REPRODUCE_ARCHIVE:-runs/archives/reproduce-cpu-runs.tar.xz}
METHODS=co-pfl,pfedsv,dpao-pfl,local,fedavg,ditto,apfl,fedala,fedrod
NEW_METHODS=apfl,fedala,fedrod,fedbabu,fedcac,gpfl,feddbe
declare -A PROBLEM=(
  [cifar10]="--dataset cifar10 --clients 10 --classes-per-client 2 --samples-per-class 50 --test-samples-per-class 100 --model cnn --rounds 100"
  [femnist]="--dataset femnist --partition natural --clients 20 --model cnn --rounds 30"
)
declare -A SETTING=(
  [reliable]=""
  [dropout-0.2]="--client-dropout 0.2"
  [dropout-0.5]="--client-dropout 0.5"
  [stragglers-0.3]="--stragglers 0.3 --straggler-steps 1"
  [stragglers-0.3-steps-4]="--stragglers 0.3 --straggler-steps 4"
)
declare -A ONLY=([cifar10/stragglers-0.3-steps-4]=fedala)  # a folder that runs some methods only
declare -A COLUMN=([table2]=cifar10-10 [pfedsv-table1]=mnist-10-pathological)
EXTRA=("$@")

reproduce_one() {  # EXPERIMENT [--dry-run]: the seven new methods beside the experiment's rows
  local exp=$1; shift
  # shellcheck disable=SC2206
  local cmd=($COPFL reproduce "$exp" --scale cpu --columns "${COLUMN[$exp]}" --add-algorithms "$NEW_METHODS"
             --data-dir "$DATA_DIR" --out "$REPRODUCE_OUT" ${EXTRA[@]+"${EXTRA[@]}"})
  if [[ $# -gt 0 ]]; then "${cmd[@]}" "$@"; return; fi
  if [[ -n "${ARCHIVE:-}" && -e "$REPRODUCE_ARCHIVE" ]]; then
    python "$HERE/study_archive.py" restore "$REPRODUCE_ARCHIVE" "$REPRODUCE_OUT" || { echo "FAILED to restore $REPRODUCE_ARCHIVE: reproduce $exp not started"; return 0; }
  fi
  echo "$(date -u +%H:%M:%S) start reproduce $exp"
  local log="$OUT_ROOT/reproduce-$exp.log"
  if "${cmd[@]}" >>"$log" 2>&1; then echo "$(date -u +%H:%M:%S) done  reproduce $exp"; else echo "$(date -u +%H:%M:%S) FAILED or stopped reproduce $exp (log: $log)"; fi
  if [[ -n "${ARCHIVE:-}" ]]; then python "$HERE/study_archive.py" save "$REPRODUCE_OUT" "$REPRODUCE_ARCHIVE" || echo "FAILED to save $REPRODUCE_ARCHIVE"; fi
}

compare_one() {  # PROBLEM SETTING [--dry-run]: one compare folder, its log beside it
  local p=$1 s=$2; shift 2
  local dir="$OUT_ROOT/$p/$s"
  # shellcheck disable=SC2206
  local cmd=($COPFL compare --algorithms "${ONLY[$p/$s]:-$METHODS}" --seeds 2 ${PROBLEM[$p]} ${SETTING[$s]} --data-dir "$DATA_DIR" --out "$dir" ${EXTRA[@]+"${EXTRA[@]}"})
  if [[ $# -gt 0 ]]; then "${cmd[@]}" "$@"; return; fi
  mkdir -p "$dir"
  if [[ -n "${ARCHIVE:-}" && -e "$ARCHIVE" ]]; then
    python "$HERE/study_archive.py" restore "$ARCHIVE" "$dir" --under "$p/$s" || { echo "FAILED to restore $ARCHIVE/$p/$s: $p/$s not started"; return 0; }
  fi
  echo "$(date -u +%H:%M:%S) start $p/$s"
  if "${cmd[@]}" >>"$dir.log" 2>&1; then echo "$(date -u +%H:%M:%S) done  $p/$s"; else echo "$(date -u +%H:%M:%S) FAILED or stopped $p/$s (log: $dir.log)"; fi
  if [[ -n "${ARCHIVE:-}" ]]; then python "$HERE/study_archive.py" save "$dir" "$ARCHIVE" --under "$p/$s" || echo "FAILED to save $ARCHIVE/$p/$s"; fi
}

# the order: the new methods' rows (cheap), then CIFAR-10's settings, then FEMNIST's
TASKS=("reproduce table2" "reproduce pfedsv-table1")
for p in cifar10 femnist; do
  for s in reliable dropout-0.2 dropout-0.5 stragglers-0.3; do TASKS+=("compare $p $s"); done
done
TASKS+=("compare cifar10 stragglers-0.3-steps-4")
if [[ -n "${DRY:-}" ]]; then
  for t in "${TASKS[@]}"; do
    read -r kind a b <<<"$t"
    echo "== $kind $a ${b:-}"
    if [[ $kind == reproduce ]]; then reproduce_one "$a" --dry-run; else compare_one "$a" "$b" --dry-run; fi
  done
  exit 0
fi
mkdir -p "$OUT_ROOT"
running=0
for t in "${TASKS[@]}"; do
  read -r kind a b <<<"$t"
  if [[ $kind == reproduce ]]; then reproduce_one "$a" & else compare_one "$a" "$b" & fi
  running=$((running + 1))
  if (( running >= JOBS )); then wait -n || true; running=$((running - 1)); fi
done
wait
