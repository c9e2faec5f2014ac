#!/usr/bin/env bash
# The security review's hostile workbooks against a real server process: the 1.9 KB file whose
# shared-strings count would make the reader reserve more memory than there is, and the 497 KB
# workbook of 12,000,000 shared strings (204 MB of XML). Prints how long each refusal took, the
# server's resident memory before and after (VmRSS) and its peak (VmHWM), and how long
# getAccountDetails took while two bombs were refused at once.
#   bash scripts/bench-hostile-workbooks.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/servers.sh
bash scripts/build-server.sh >/dev/null

WORK=$(mktemp -d)
PORT=$(free_port 8461)
stub_static_dir "$WORK"
DATABASE_URL="sqlite://$WORK/admin.db" STATIC_DIR="$WORK/dist" BIND="127.0.0.1:$PORT" RUST_LOG=warn \
  target/debug/server >"$WORK/server.log" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null; rm -rf "$WORK"' EXIT
wait_for_server "$PORT" || { cat "$WORK/server.log"; exit 1; }

python3 - "$WORK" <<'EOF'
import sys, zipfile
work = sys.argv[1]
ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
parts = {
    '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    '_rels/.rels': '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml': f'<?xml version="1.0"?><workbook {ns} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        '<sheets><sheet name="Sales" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels': '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    'xl/worksheets/sheet1.xml': f'<?xml version="1.0"?><worksheet {ns}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>',
}
def book(name, shared):
    with zipfile.ZipFile(f'{work}/{name}', 'w', zipfile.ZIP_DEFLATED) as z:
        for part, text in parts.items():
            z.writestr(part, text)
        with z.open('xl/sharedStrings.xml', 'w', force_zip64=True) as out:
            shared(out)
def tiny(out):
    out.write(f'<?xml version="1.0"?><sst {ns} count="4000000000" uniqueCount="4000000000"><si><t>Date</t></si></sst>'.encode())
def bomb(out):
    n = 12_000_000
    out.write(f'<?xml version="1.0"?><sst {ns} count="{n}" uniqueCount="{n}">'.encode())
    chunk = b'<si><t>x</t></si>' * 10_000
    for _ in range(n // 10_000):
        out.write(chunk)
    out.write(b'</sst>')
book('tiny.xlsx', tiny)
book('bomb.xlsx', bomb)
EOF

session=$(curl -s -D - -o /dev/null --data-urlencode "email=owner@demo.test" --data-urlencode "password=demopass" \
  "http://127.0.0.1:$PORT/login" | sed -n 's/^[Ss]et-[Cc]ookie: admin_session=\([^;]*\).*/\1/p' | head -n 1)
post() { # file -> "status seconds"
  curl -s -o "$WORK/answer" -w '%{http_code} %{time_total}' -H 'X-Admin-Area: 1' -b "admin_session=$session" \
    -F "form_file=@$WORK/$1" "http://127.0.0.1:$PORT/api/importsales/preview"
}
rss() { awk -v k="$1:" '$1 == k { print $2 / 1024 " MB" }' "/proc/$PID/status"; }

printf 'files: tiny.xlsx %s bytes, bomb.xlsx %s bytes\n' "$(stat -c %s "$WORK/tiny.xlsx")" "$(stat -c %s "$WORK/bomb.xlsx")"
printf 'server before: RSS %s, peak %s\n' "$(rss VmRSS)" "$(rss VmHWM)"
printf 'tiny.xlsx: %s s, %s\n' "$(post tiny.xlsx)" "$(cat "$WORK/answer")"
printf 'bomb.xlsx: %s s, %s\n' "$(post bomb.xlsx)" "$(cat "$WORK/answer")"
post bomb.xlsx >"$WORK/one" &
one=$!
post bomb.xlsx >"$WORK/two" &
two=$!
details=$(curl -s -o /dev/null -w '%{http_code} %{time_total}' -H 'X-Admin-Area: 1' -b "admin_session=$session" \
  "http://127.0.0.1:$PORT/api/accountsettings/getAccountDetails")
wait "$one" "$two"
printf 'two bombs at once: %s s and %s s; getAccountDetails beside them: %s s\n' "$(cat "$WORK/one")" "$(cat "$WORK/two")" "$details"
printf 'server after: RSS %s, peak %s\n' "$(rss VmRSS)" "$(rss VmHWM)"
