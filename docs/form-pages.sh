#!/usr/bin/env bash
# The page-count table of docs/forms.md: builds the events below with `xq`, prints every form
# from the CLI (`xq event export --format html --form NAME`) and from the desk
# (`xq serve`, `/e/F/print/NAME`) to PDF with headless Chromium, counts the pages (pdfinfo),
# checks every page's text (pdftotext) for the caption, a column head and `第 N 页 共 M 页`,
# and leaves 50-dpi PNGs of every page (pdftoppm) to look at.
#
#   docs/form-pages.sh [XQ] [OUT]     (XQ default: target/debug/xq; OUT default: /tmp/form-pages)
#
# Output: OUT/pages.tsv (event, form, pages, desk == cli, problems) and OUT/png/*.png.
set -euo pipefail
XQ=$(realpath "${1:-target/debug/xq}")
OUT=${2:-/tmp/form-pages}
rm -rf "$OUT"; mkdir -p "$OUT/png" "$OUT/pdf"
cd "$OUT"
UNITS=(中国火车头体育协会象棋队 北京威凯建设象棋俱乐部队 上海金外滩象棋俱乐部队伍 广东碧桂园象棋俱乐部队伍 黑龙江农村信用社象棋队伍)

players() { # N FILE
  : > "$2"
  for i in $(seq 1 "$1"); do echo "棋手$i,${UNITS[$((i % 5))]}" >> "$2"; done
}

# play FILE KO: pair and enter results until `pair` refuses (every round of every stage)
play() {
  local f=$1 ko=$2 n=0
  while out=$("$XQ" event pair "$f" --json 2>/dev/null); do
    n=$((n + 1))
    local r games=1
    r=$(jq -r .round <<<"$out")
    while :; do
      jq -r --argjson ko "$ko" --argjson g "$games" '.round as $r | .boards[] |
        (if $ko == 1 then ["1-0","0-1"][(.board + $r) % 2] else ["1-0","0-1","=","1-0","0-1","+-"][(.board + $r) % 6] end) as $res |
        "\($r) \(.board) \([range($g)] | map($res) | join(" "))"' <<<"$out" > results.txt
      if err=$("$XQ" event results "$f" results.txt 2>&1 >/dev/null); then break; fi
      g=$(sed -n 's/.*this event plays \([0-9]*\).*/\1/p' <<<"$err")
      if [ -n "$g" ] && [ "$g" != "$games" ]; then games=$g; else echo "results: $err" >&2; exit 1; fi
    done
    if [ "$n" -ge 200 ]; then break; fi
  done
  return 0
}

mk() { # NAME PLAYERS KO ARGS…
  local name=$1 np=$2 ko=$3; shift 3
  players "$np" players.txt
  "$XQ" event new "$name.toml" --name 全国象棋个人赛 --division 男子组 --ruleset cn-1987 \
    --players-file players.txt "$@" >/dev/null
  play "$name.toml" "$ko"
}

mk swiss9 40 0 --system swiss --rounds 9
mk swiss13 40 0 --system swiss --rounds 13
mk rr40 40 0 --system round-robin
mk groups16 16 1 --system groups --groups 4 --advance 2 --final knockout
mk ko8 8 1 --system knockout --games 2
mk ko16 16 1 --system knockout --third-place
mk ko32 32 1 --system knockout
mk dko16 16 1 --system double-knockout
if [ -n "${BIG:-}" ]; then players 2000 players.txt
  "$XQ" event new big.toml --name 全国象棋个人赛 --division 男子组 --ruleset cn-1987 --players-file players.txt --system swiss --rounds 9 >/dev/null
fi

# the game's paper: a one-board event, its log with 47 moves (national game 3495) and a sealed move
"$XQ" event new club.toml --name 全国象棋个人赛 --division 男子组 --ruleset cn-1987 --rounds 1 --no-lot \
  --player 黄海林,中国火车头体育协会象棋队 --player 徐天红,北京威凯建设象棋俱乐部队 >/dev/null
"$XQ" event pair club.toml >/dev/null
mkdir -p club-games
"$XQ" game new club-games/r1b1.pgn --event club.toml --round 1 --board 1 >/dev/null
i=0
for m in h2e2 h9g7 h0g2 i9h9 c3c4 g6g5 b0c2 b9c7 i0i1 g9e7 i1f1 f9e8 b2b4 b7a7 g3g4 g5g4 b4g4 a9b9 \
  f1f6 h7h3 a0a1 b9b5 a1h1 b5h5 e2f2 h3g3 h1h5 g7h5 f6f5 e8f9 g0e2 a7a8 g4h4 h5g7 f5f3 a8g8 h4g4 \
  g7h5 g4h4 h5g7 h4g4 g7h5 g4h4 h5g7 h4g4 g7h5 g4h4; do
  "$XQ" game move club-games/r1b1.pgn "$m" --clock "1:$(printf %02d $((29 - i / 2))):00" >/dev/null
  i=$((i + 1))
done
"$XQ" game seal club-games/r1b1.pgn 马3进5 >/dev/null

"$XQ" serve "$OUT" --bind 127.0.0.1:0 > serve.out 2>/dev/null &
SERVE=$!
trap 'kill $SERVE 2>/dev/null' EXIT
for _ in $(seq 50); do grep -q http:// serve.out 2>/dev/null && break; sleep 0.2; done
ADDR=$(grep -o 'http://[^/ ]*' serve.out | head -1)

print() { # HTML PDF
  chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer \
    --user-data-dir="$OUT/profile" --print-to-pdf="$2" "$1" >/dev/null 2>&1
}

printf 'event\tform\tpages\tdesk=cli\tproblems\n' > pages.tsv
check() { # EVENT FORM
  local ev=$1 form=$2 html="$OUT/pdf/$1-$2.html" pdf="$OUT/pdf/$1-$2.pdf"
  "$XQ" event export "$ev.toml" --format html --form "$form" -o "$html" 2>/dev/null || return 0
  local same=no
  if curl -sf "$ADDR/e/$ev.toml/print/$form" -o desk.html && cmp -s desk.html "$html"; then same=yes; fi
  print "$html" "$pdf"
  local m problems=""
  m=$(pdfinfo "$pdf" | awk '/^Pages:/ {print $2}')
  local want; want=$(grep -c '<section class="page">' "$html" || true)
  [ "$want" = "$m" ] || problems+="sections=$want "
  for p in $(seq 1 "$m"); do
    t=$(pdftotext -f "$p" -l "$p" "$pdf" - | tr -d ' \n')
    grep -q "第${p}页共${m}页" <<<"$t" || problems+="p$p:no-number "
    grep -q "全国象棋个人赛" <<<"$t" || problems+="p$p:no-caption "
  done
  pdftoppm -r 50 -png "$pdf" "$OUT/png/$ev-$form"
  printf '%s\t%s\t%s\t%s\t%s\n' "$ev" "$form" "$m" "$same" "${problems:-ok}" >> pages.tsv
}

for ev in swiss9 swiss13 rr40 groups16; do
  for form in table standings cards record scoresheets points-table cross groups groups-cross overall bracket; do
    check "$ev" "$form"
  done
done
for ev in ko8 ko16 ko32 dko16; do check "$ev" bracket; done
# 封棋记录 and 对局记录: `xq game export` and the desk's paper view
for form in seal record; do
  html="$OUT/pdf/club-$form.html" pdf="$OUT/pdf/club-$form.pdf"
  "$XQ" game export club-games/r1b1.pgn --form "$form" -o "$html"
  same=no
  if curl -sf "$ADDR/e/club.toml/round/1/board/1/paper/$form" -o desk.html && cmp -s desk.html "$html"; then same=yes; fi
  print "$html" "$pdf"
  m=$(pdfinfo "$pdf" | awk '/^Pages:/ {print $2}')
  problems=""
  for p in $(seq 1 "$m"); do
    t=$(pdftotext -f "$p" -l "$p" "$pdf" - | tr -d ' \n')
    grep -q "第${p}页共${m}页" <<<"$t" || problems+="p$p:no-number "
    grep -q "全国象棋个人赛" <<<"$t" || problems+="p$p:no-caption "
  done
  pdftoppm -r 50 -png "$pdf" "$OUT/png/club-$form"
  printf '%s\t%s\t%s\t%s\t%s\n' club "$form" "$m" "$same" "${problems:-ok}" >> pages.tsv
done
[ -f big.toml ] && { check big standings; check big table; }
column -t -s $'\t' pages.tsv
