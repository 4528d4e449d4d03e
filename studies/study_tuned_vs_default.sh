#!/usr/bin/env bash
# The tuned-vs-default study (issue 37; report: docs/results/tuned-vs-default.md).
#
#   studies/study_tuned_vs_default.sh DATA_DIR [OUT_ROOT] [JOBS] [extra copfl flags ...]
#
# Two problems (FEMNIST natural writers, 50 clients; MNIST Dirichlet(0.5), 20 clients, each client's
# training data capped at 500 samples (a seeded subsample, --train-per-client 500: the scarce-data
# regime, and 5x cheaper: a full-data MNIST round costs ~35 s here against ~6 s); 20 rounds each) x eight methods, each method tuned with 20 trials on seed 0's validation data, then its
# default and tuned rows run on 3 seeds. Every (problem, method) pair is its own
# `copfl compare --tune` folder OUT_ROOT/PROBLEM/METHOD: a method's tuning (TPE seeded per method and
# trial) and final runs do not depend on the other methods, so the pairs run as JOBS processes at
# once (default 1: one after another) and give the same rows as one compare of all eight.
# Resumable: run the same command again after an interruption; finished trials and runs are kept,
# and a trial or run cut short goes on from its last checkpoint (written once a minute).
# `PROBLEMS="a b"` picks the problems and their order (default: the cheaper MNIST one first);
# `ONLY_METHODS="a b"` runs only those of the study's methods (e.g. the ones whose search space changed).
# `DRY=1` prints each problem's estimated cost (compare --dry-run) and runs nothing.
# `ARCHIVE=DIR` (or FILE.tar.xz) keeps the study's progress in small files that can be committed
# (studies/study_archive.py): each pair is restored from its PROBLEM/METHOD part of the archive
# before it starts and saved there when it ends, so a study whose run folders were lost goes on
# from the archive. The committed archives are in the results line, out of the source tree: bring
# one back first (`python studies/study_archive.py restore results:archives/NAME.tar.xz OUT_ROOT`)
# and publish the local FILE.tar.xz after (`python studies/study_archive.py publish FILE.tar.xz`).
# Order: method by method, both problems each (Local, the reference every row is read against,
# first; pFedSV, the dearest, last).
# pFedSV runs as the variant `pfedsv[topk=capped]` (folder pfedsv--topk-capped): its dynamic top-k
# capped at k0 (A6's `capped` reading; k0, decay and the rates are still tuned). With the default
# `explore` rule a client's coalition grows to every peer with a positive relevance, and Shapley
# values cost about 3 n^2 utility evaluations for n peers: `copfl compare --dry-run` prices the
# explore row at about 47 h on FEMNIST's 50 writers (30 h of tuning) and 7 h on MNIST, the capped
# row at about 6 h and 3 h.
# Then: python studies/tuned_vs_default_report.py OUT_ROOT/* --out docs/results/tuned-vs-default
#
# `STUDY=tuning` runs issue 78's study instead (report: docs/results/tuning-study.md): every one of
# the 30 algorithms, at its defaults (pFedSV too), on three problems none of copfl's defaults were
# set on (FEMNIST's natural writers, 20 clients; CIFAR-10 Dirichlet(0.3), 20 clients, 250 training
# samples each; Fashion-MNIST Dirichlet(0.1), 20 clients, 250 each; 10 rounds), each method tuned
# for the same trial time (`--budget`, BUDGET_MIN minutes per method, default 4: the default setting first,
# then TPE with Hyperband) on seed 0's validation data, then its default and tuned rows on 3 seeds.
# Then: python studies/tuned_vs_default_report.py OUT_ROOT/* --methods tuning --out docs/results/tuning-study
set -euo pipefail
DATA_DIR=${1:?usage: $0 DATA_DIR [OUT_ROOT] [JOBS] [extra copfl flags ...]}
OUT_ROOT=${2:-runs/study-tuned-vs-default}
JOBS=${3:-1}
shift $(( $# < 3 ? $# : 3 ))
COPFL=${COPFL:-copfl}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if [[ "${STUDY:-tuned-vs-default}" == tuning ]]; then
  # every algorithm: the reference (Local), FedAvg and the three papers' methods first, then the others, cheap ones first
  METHODS=(local fedavg co-pfl dpao-pfl pfedsv fedprox fedavg-ft fedper lg-fedavg fedrep fedbn ditto fedselect fedpac apfl fedala fedrod
           fedbabu fedcac gpfl feddbe centralized fedfomo ifca fedem per-fedavg fedamp fedmeta pfedme pfedhn)
  declare -A PROBLEM=(
    [femnist-natural-20]="--dataset femnist --partition natural --clients 20 --rounds 10"
    [cifar10-dirichlet0.3-20]="--dataset cifar10 --partition dirichlet --alpha 0.3 --clients 20 --rounds 10 --train-per-client 250 --test-per-client 100"
    [fmnist-dirichlet0.1-20]="--dataset fashion-mnist --partition dirichlet --alpha 0.1 --clients 20 --rounds 10 --train-per-client 250 --test-per-client 100"
  )
  DEFAULT_PROBLEMS="femnist-natural-20 fmnist-dirichlet0.1-20 cifar10-dirichlet0.3-20"
  TUNE=(--budget "${BUDGET_MIN:-4}m")
else
  METHODS=(local fedavg fedrep dpao-pfl co-pfl ditto fedpac "pfedsv[topk=capped]")
  declare -A PROBLEM=(
    [mnist-dirichlet0.5-20]="--dataset mnist --partition dirichlet --alpha 0.5 --clients 20 --rounds 20 --train-per-client 500"
    [femnist-natural-50]="--dataset femnist --partition natural --clients 50 --rounds 20"
  )
  DEFAULT_PROBLEMS="mnist-dirichlet0.5-20 femnist-natural-50"
  TUNE=(--tune 20)
  DRY_TUNE=("${TUNE[@]}")
fi
if [[ -n "${ONLY_METHODS:-}" ]]; then  # a subset of the study's methods, in the study's order
  read -r -a only <<<"$ONLY_METHODS"
  for m in "${only[@]}"; do
    [[ " ${METHODS[*]} " == *" $m "* ]] || { echo "unknown method '$m'; expected some of: ${METHODS[*]}" >&2; exit 2; }
  done
  kept=()
  for m in "${METHODS[@]}"; do [[ " ${only[*]} " == *" $m "* ]] && kept+=("$m"); done
  read -r -a METHODS <<<"${kept[*]}"
fi
if [[ "${STUDY:-tuned-vs-default}" == tuning ]]; then
  DRY_TUNE=(--budget "$(( ${BUDGET_MIN:-4} * ${#METHODS[@]} ))m")  # one compare of every method: their budgets together
fi
read -r -a PROBLEMS <<<"${PROBLEMS:-$DEFAULT_PROBLEMS}"
for p in "${PROBLEMS[@]}"; do
  [[ -n "${PROBLEM[$p]:-}" ]] || { echo "unknown problem '$p'; expected one of: ${!PROBLEM[*]}" >&2; exit 2; }
done
if [[ -n "${DRY:-}" ]]; then
  for p in "${PROBLEMS[@]}"; do
    echo "== $p"
    # shellcheck disable=SC2086
    $COPFL compare --algorithms "$(IFS=,; echo "${METHODS[*]}")" "${DRY_TUNE[@]}" --seeds 3 ${PROBLEM[$p]} \
      --data-dir "$DATA_DIR" --out "$OUT_ROOT/$p" --dry-run "$@"
  done
  exit 0
fi
jobs_file=$(mktemp)
for m in "${METHODS[@]}"; do
  for p in "${PROBLEMS[@]}"; do
    printf '%s\t%s\n' "$p" "$m" >>"$jobs_file"
  done
done
run_one() {  # PROBLEM METHOD: one compare --tune folder, its log beside it
  local p=$1 m=$2 key
  # the row's folder-safe key (copfl.app.variants.Row.key) for rows of at most one knob=value of [A-Za-z0-9._-]:
  # pfedsv[topk=capped] -> pfedsv--topk-capped
  key=${m/\[/--}; key=${key%]}; key=${key//=/-}
  local dir="$OUT_ROOT/$p/$key"
  mkdir -p "$dir"
  if [[ -n "${ARCHIVE:-}" && -e "$ARCHIVE" ]]; then
    python "$HERE/study_archive.py" restore "$ARCHIVE" "$dir" --under "$p/$key"
  fi
  echo "$(date -u +%H:%M:%S) start $p/$m"
  # shellcheck disable=SC2086
  local rc=0
  $COPFL compare --algorithms "$m" "${TUNE[@]}" --seeds 3 ${PROBLEM[$p]} --data-dir "$DATA_DIR" \
      --out "$dir" "${EXTRA[@]}" >>"$dir.log" 2>&1 || rc=$?
  if (( rc == 0 )); then
    echo "$(date -u +%H:%M:%S) done  $p/$m"
  else  # the exit status read before $(date) replaces $?
    echo "$(date -u +%H:%M:%S) FAILED or stopped $p/$m (exit $rc; log: $dir.log)"
  fi
  if [[ -n "${ARCHIVE:-}" ]]; then
    python "$HERE/study_archive.py" save "$dir" "$ARCHIVE" --under "$p/$key"
  fi
}
EXTRA=("$@")
running=0
while IFS=$'\t' read -r p m; do
  run_one "$p" "$m" &
  running=$((running + 1))
  if (( running >= JOBS )); then wait -n || true; running=$((running - 1)); fi
done <"$jobs_file"
wait
rm -f "$jobs_file"
