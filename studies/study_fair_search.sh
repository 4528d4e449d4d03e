#!/usr/bin/env bash
# The fair-search studies, after the momentum rerun of the tuning study (docs/results/tuning-momentum-study):
#   selection   copfl compare --algorithms all --budget B --select on the tuning study's three problems, B = 1/5 of
#               the trial time the per-method study spent on that problem (studies/fair_search_inputs.py budget),
#               with the built-in priors only (COPFL_PRIORS points at no file), which leave out the problem's own
#               study; 3 seeds. Report: studies/selection_report.py (docs/results/selection-study.json).
#   shakespeare the same selection on a problem in no study: Shakespeare next-character prediction, the LSTM,
#               20 speaking roles (natural clients), --budget SHAKESPEARE_BUDGET (45m); then the reference: a
#               per-method `compare --budget 4m` of the methods the selection kept, plus Local.
#   follow-ups  30 rounds instead of 10, 3 seeds: Local, FedRep (the best federated row of the three problems)
#               and DPAO-PFL, pFedSV at their tuned values (studies/fair_search_inputs.py params).
# Usage: studies/study_fair_search.sh DATA_DIR [OUT_ROOT] [STAGE ...] (stages: selection shakespeare follow-ups;
# default: all three, in that order). Resumable: run the same command again (finished runs and trials are kept).
# DRY=1 in front prints each command's dry run (its cost) and runs nothing. ARCHIVE=DIR|FILE.tar.xz saves each
# folder's progress there after its command, and restores it first (studies/study_archive.py).
set -euo pipefail
DATA_DIR=${1:?usage: $0 DATA_DIR [OUT_ROOT] [STAGE ...]}
OUT_ROOT=${2:-runs/fair-search}
shift $(( $# < 2 ? $# : 2 ))
STAGES=("$@")
(( ${#STAGES[@]} )) || STAGES=(selection shakespeare follow-ups)
COPFL=${COPFL:-copfl}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPORTS=("$HERE/../docs/results/tuning-study.json" "$HERE/../docs/results/tuning-momentum-study.json")
export COPFL_PRIORS=${COPFL_PRIORS:-$OUT_ROOT/no-own-priors.json}  # no library of one's own: the built-in one
declare -A PROBLEM=(
  [femnist-natural-20]="--dataset femnist --partition natural --clients 20 --rounds 10"
  [fmnist-dirichlet0.1-20]="--dataset fashion-mnist --partition dirichlet --alpha 0.1 --clients 20 --rounds 10 --train-per-client 250 --test-per-client 100"
  [cifar10-dirichlet0.3-20]="--dataset cifar10 --partition dirichlet --alpha 0.3 --clients 20 --rounds 10 --train-per-client 250 --test-per-client 100"
  [shakespeare-natural-20]="--dataset shakespeare --partition natural --clients 20 --rounds 10 --train-per-client 300 --test-per-client 100"
)
STUDIED="femnist-natural-20 fmnist-dirichlet0.1-20 cifar10-dirichlet0.3-20"

step() {  # NAME DIR copfl-arguments...: one command into DIR, its log beside it, its progress archived
  local name=$1 dir=$2 rc=0
  shift 2
  mkdir -p "$dir"
  if [[ -n "${DRY:-}" ]]; then
    echo "== $name"
    $COPFL "$@" --data-dir "$DATA_DIR" --out "$dir" --dry-run
    return 0
  fi
  local under=${dir#"$OUT_ROOT"/}
  if [[ -n "${ARCHIVE:-}" && -e "$ARCHIVE" ]]; then
    python "$HERE/study_archive.py" restore "$ARCHIVE" "$dir" --under "$under"
  fi
  echo "$(date -u +%H:%M:%S) start $name"
  $COPFL "$@" --data-dir "$DATA_DIR" --out "$dir" >>"$dir.log" 2>&1 || rc=$?
  if (( rc == 0 )); then echo "$(date -u +%H:%M:%S) done  $name"; else echo "$(date -u +%H:%M:%S) FAILED or stopped $name (exit $rc; log: $dir.log)"; fi
  if [[ -n "${ARCHIVE:-}" ]]; then
    python "$HERE/study_archive.py" save "$dir" "$ARCHIVE" --under "$under"
  fi
  return $rc
}

kept_methods() {  # SELECTION_DIR: the methods the selection kept, comma-separated (Local among them)
  python -c 'import json, sys; print(",".join(json.load(open(sys.argv[1]))["kept"]))' "$1/selection.json"
}

for stage in "${STAGES[@]}"; do
  case $stage in
    selection)
      for p in $STUDIED; do
        budget=$(python "$HERE/fair_search_inputs.py" budget "$p" "${REPORTS[@]}")
        # shellcheck disable=SC2086
        step "selection $p (--budget $budget)" "$OUT_ROOT/selection/$p" compare --algorithms all --budget "$budget" --select \
          --seeds 3 ${PROBLEM[$p]} --threads 1
      done ;;
    shakespeare)
      p=shakespeare-natural-20
      # shellcheck disable=SC2086
      step "selection $p" "$OUT_ROOT/selection/$p" compare --algorithms all --budget "${SHAKESPEARE_BUDGET:-45m}" --select \
        --seeds 3 ${PROBLEM[$p]} --threads 1
      if [[ -z "${DRY:-}" ]]; then
        kept=$(kept_methods "$OUT_ROOT/selection/$p")
        [[ ",$kept," == *",local,"* ]] || kept="$kept,local"
        # shellcheck disable=SC2086
        step "reference $p ($kept, 4 min each)" "$OUT_ROOT/reference/$p" compare --algorithms "$kept" --budget 4m \
          --seeds 3 ${PROBLEM[$p]} --threads 1
      fi ;;
    follow-ups)
      for p in $STUDIED; do
        params="$OUT_ROOT/follow-ups/$p.params.json"
        mkdir -p "$OUT_ROOT/follow-ups"
        python "$HERE/fair_search_inputs.py" params "$p" local,fedrep,dpao-pfl,pfedsv "${REPORTS[@]}" --out "$params"
        # shellcheck disable=SC2086
        step "follow-up $p (30 rounds)" "$OUT_ROOT/follow-ups/$p" compare --algorithms local,fedrep,dpao-pfl,pfedsv \
          --params "$params" --seeds 3 ${PROBLEM[$p]/--rounds 10/--rounds 30} --threads 1
      done ;;
    *) echo "unknown stage '$stage'; expected: selection shakespeare follow-ups" >&2; exit 2 ;;
  esac
done
