#!/bin/sh
# Regenerates the encoding fixtures from the UTF-8 sample texts below with iconv(1).
# Each sample becomes <language>.<label>.xml (declared) and <language>.undeclared.xml.
# The tests (Tests/FeedParserTests/Encoding/) hold the same texts and expect them back exactly.
set -eu
cd "$(dirname "$0")"

latin='Café crème, naïve façade à Zürich — “Ünïcödé” costs 5 €; São Paulo, Ærø, señor.'
russian='Съешь же ещё этих мягких французских булок, да выпей же чаю. Широкая электрификация южных губерний даст мощный толчок подъёму сельского хозяйства.'
japanese='いろはにほへと ちりぬるを わかよたれそ つねならむ。日本語のニュースを毎日お届けします。カタカナもあります①。'
simplified='我们的网站每天提供最新的新闻和信息。朱镕基是中国的总理。这是一个关于编码的测试。'
traditional='我們的網站每天提供最新的新聞和資訊。這是一個關於編碼的測試。香港的報紙。'

feed() { # $1 = declaration line or empty, $2 = text
    [ -n "$1" ] && printf '%s\n' "$1"
    printf '<rss version="2.0"><channel><title>%s</title></channel></rss>\n' "$2"
}
make() { # $1 = name, $2 = iconv encoding, $3 = declared label or empty, $4 = text
    if [ -n "$3" ]; then decl="<?xml version=\"1.0\" encoding=\"$3\"?>"; else decl=''; fi
    feed "$decl" "$4" | iconv -f UTF-8 -t "$2" > "$1"
}

make latin.windows-1252.xml CP1252 windows-1252 "$latin"
make latin.iso-8859-1.xml CP1252 ISO-8859-1 "$latin"
make latin.undeclared.xml CP1252 '' "$latin"
make russian.koi8-r.xml KOI8-R KOI8-R "$russian"
make russian.koi8-r.undeclared.xml KOI8-R '' "$russian"
make russian.windows-1251.xml CP1251 windows-1251 "$russian"
make russian.windows-1251.undeclared.xml CP1251 '' "$russian"
make japanese.shift_jis.xml CP932 Shift_JIS "$japanese"
make japanese.shift_jis.undeclared.xml CP932 '' "$japanese"
make japanese.euc-jp.xml EUC-JP-MS EUC-JP "$japanese"
make japanese.euc-jp.undeclared.xml EUC-JP-MS '' "$japanese"
make chinese.gb2312.xml GBK gb2312 "$simplified"
make chinese.gb2312.undeclared.xml GBK '' "$simplified"
make chinese.big5.xml BIG5 Big5 "$traditional"
make chinese.big5.undeclared.xml BIG5 '' "$traditional"
# Unicode with byte-order marks (iconv's UTF-16/UTF-32 write a BOM in native order, so add it by hand).
{ printf '\357\273\277'; feed '<?xml version="1.0" encoding="utf-8"?>' "$latin"; } > latin.utf-8-bom.xml
{ printf '\377\376'; feed '<?xml version="1.0" encoding="UTF-16"?>' "$japanese" | iconv -f UTF-8 -t UTF-16LE; } > japanese.utf-16le-bom.xml
{ printf '\376\377'; feed '<?xml version="1.0" encoding="UTF-16"?>' "$russian" | iconv -f UTF-8 -t UTF-16BE; } > russian.utf-16be-bom.xml
feed '<?xml version="1.0" encoding="UTF-16"?>' "$simplified" | iconv -f UTF-8 -t UTF-16LE > chinese.utf-16le-no-bom.xml
{ printf '\377\376\000\000'; feed '<?xml version="1.0" encoding="UTF-32"?>' "$latin" | iconv -f UTF-8 -t UTF-32LE; } > latin.utf-32le-bom.xml
