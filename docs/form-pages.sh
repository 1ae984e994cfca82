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
[ -f big.toml ] && { check big standings; check big table; }
column -t -s $'\t' pages.tsv
