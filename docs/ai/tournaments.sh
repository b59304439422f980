#!/usr/bin/env bash
# The tournaments of docs/ai.md, in two queues of one core each (hard's root-parallel search
# takes both cores: its queue runs alone). Each runs with --resume, so a queue stopped
# anywhere (a session's end, Ctrl-C) goes on with the same command, playing only the games
# still missing; every result file and its plots land in docs/ai/tournaments/.
#
#   bash docs/ai/tournaments.sh a        # queue a: Ishtar, Babylonia, then Amyitis at 3 and 4
#   bash docs/ai/tournaments.sh b        # queue b: Tower of Babel and Amyitis at 2 players
#   bash docs/ai/tournaments.sh hard     # hard against medium (both cores)
#
# ZIGGURAT="python -m ziggurat" by default; set it to run another installation.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=docs/ai/tournaments
mkdir -p "$out"
run() {  # run GAME AGENTS GAMES SEED NAME [JOBS]
  ${ZIGGURAT:-python -m ziggurat} arena "$1" --agents "$2" --games "$3" --seed "$4" \
    --jobs "${6:-1}" --out "$out/$5.json" --resume
}
case "${1:-}" in
  a)
    run ishtar medium,greedy 200 1 ishtar-medium-greedy-2p
    run ishtar medium,greedy,greedy 200 3 ishtar-medium-greedy-3p
    run babylonia medium,greedy 200 1 babylonia-medium-greedy-2p
    run babylonia medium,easy,greedy 200 2 babylonia-medium-easy-greedy-3p
    run babylonia medium,greedy,greedy 200 3 babylonia-medium-greedy-3p
    run babylonia medium,greedy,greedy,greedy 200 4 babylonia-medium-greedy-4p
    run ishtar medium,greedy,greedy,greedy 200 4 ishtar-medium-greedy-4p
    run amyitis medium,greedy,greedy 200 3 amyitis-medium-greedy-3p
    run amyitis medium,greedy,greedy,greedy 200 4 amyitis-medium-greedy-4p
    ;;
  b)
    run tower_of_babel medium,greedy,greedy 200 1 tower_of_babel-medium-greedy-3p
    run amyitis medium,greedy 200 1 amyitis-medium-greedy-2p
    run tower_of_babel medium,greedy,greedy,greedy 200 4 tower_of_babel-medium-greedy-4p
    run tower_of_babel medium,greedy,greedy,greedy,greedy 200 5 tower_of_babel-medium-greedy-5p
    ;;
  hard)
    run ishtar hard,medium 100 11 ishtar-hard-medium-2p
    run babylonia hard,medium 100 11 babylonia-hard-medium-2p
    # Tower of Babel's and Amyitis's hard, tuned for each game (docs/ai.md), replay before
    # the larger counts.
    run tower_of_babel hard,medium,greedy 102 11 tower_of_babel-hard-medium-greedy-3p
    run amyitis hard,medium 100 11 amyitis-hard-medium-2p
    run babylonia hard,medium,medium,medium 100 14 babylonia-hard-medium-4p
    run ishtar hard,medium,medium,medium 100 14 ishtar-hard-medium-4p
    run tower_of_babel hard,medium,medium,medium,medium 100 15 tower_of_babel-hard-medium-5p
    run amyitis hard,medium,medium,medium 100 14 amyitis-hard-medium-4p
    ;;
  *)
    echo "usage: bash docs/ai/tournaments.sh a|b|hard" >&2
    exit 2
    ;;
esac
