#!/usr/bin/env bash
# A reproduction on one GPU as PROCS processes that share one --out (each run claimed by one of
# them: copfl reproduce's run claims), so that the GPU trains several runs at once. One small run
# keeps a GPU waiting on Python and kernel launches (docs/performance.md, "On a GPU"), so PROCS
# processes on PROCS cores train nearly PROCS times as many runs; with MPS (started here when
# nvidia-cuda-mps-control is there and works) their kernels also overlap on the device.
#
#   bash studies/gpu_reproduce.sh EXPERIMENT COLUMNS PROCS DATA_DIR OUT [DEADLINE_S] [-- REPRODUCE_FLAGS...]
#
# e.g. bash studies/gpu_reproduce.sh table2 cifar10-10 14 DIR runs/reproduce-paper 540
# Every process runs `copfl reproduce EXPERIMENT --scale paper (SCALE) --columns COLUMNS --data-dir DIR
# --out OUT --threads 1 FLAGS`; the last one to finish writes the complete report. DEADLINE_S:
# after that many seconds every process is asked to stop at the end of its round (SIGTERM: the
# unfinished runs keep their checkpoints and resume with the same command). Logs: OUT/gpu-procs/.
set -u
exp=$1 cols=$2 procs=$3 data=$4 out=$5 deadline=0
shift 5
if [ $# -gt 0 ] && [ "$1" != "--" ]; then deadline=$1; shift; fi
[ "${1:-}" = "--" ] && shift
case $deadline in ''|*[!0-9]*) echo "DEADLINE_S must be a number of seconds, got '$deadline'" >&2; exit 2;; esac
py=${PYTHON:-python}
scale=${SCALE:-paper}  # SCALE=smoke: a functional check of this script on any machine
mkdir -p "$out/gpu-procs"
mps=off
if command -v nvidia-cuda-mps-control >/dev/null 2>&1 && nvidia-cuda-mps-control -d 2>/dev/null; then
  if $py -c "import torch; torch.zeros(1, device='cuda'); print('ok')" >/dev/null 2>&1; then mps=on
  else echo quit | nvidia-cuda-mps-control; fi
fi
echo "$(date +%T) $procs processes, MPS $mps" | tee "$out/gpu-procs/driver.log"
pids=()
for i in $(seq 1 "$procs"); do
  $py -m copfl reproduce "$exp" --scale "$scale" --columns "$cols" --data-dir "$data" --out "$out" --threads 1 "$@" \
    > "$out/gpu-procs/proc$i.log" 2>&1 &
  pids+=($!)
  sleep 1  # the first claims spread out; every process then takes the next unclaimed run
done
start=$SECONDS
while :; do
  alive=0
  for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive=$((alive + 1)); done
  [ "$alive" -eq 0 ] && break
  if [ "$deadline" -gt 0 ] && [ $((SECONDS - start)) -ge "$deadline" ]; then
    echo "$(date +%T) deadline: asking $alive processes to stop at their round's end" | tee -a "$out/gpu-procs/driver.log"
    kill -TERM "${pids[@]}" 2>/dev/null  # copfl stops a run on SIGTERM as on Ctrl-C (background jobs ignore SIGINT)
    for p in "${pids[@]}"; do wait "$p"; done
    break
  fi
  sleep 5
done
echo "$(date +%T) done after $((SECONDS - start)) s; finished runs: $(grep -lE '"status": "(completed|diverged)"' "$out"/runs/*/summary.json 2>/dev/null | wc -l)" | tee -a "$out/gpu-procs/driver.log"
[ "$mps" = on ] && echo quit | nvidia-cuda-mps-control
exit 0
