#!/usr/bin/env bash
# Checks report pages with the Nu Html Checker (vnu.jar, from the npm package vnu-jar; needs
# java): the reports of every fixture directory, of the hostile-text fixture and of an empty
# input must have no error and no warning. Not part of scripts/test (it needs a Java
# runtime); run it after changing the page's markup.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v java >/dev/null || {
    echo "check-html: java is needed (apt-get install default-jre-headless)" >&2
    exit 2
}
jar=target/vnu/node_modules/vnu-jar/build/dist/vnu.jar
if [ ! -f "$jar" ]; then
    mkdir -p target/vnu
    npm install --prefix target/vnu --ignore-scripts --silent vnu-jar@26.9.27
fi
cargo build --release --quiet
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for archive in fixtures/*/; do
    name=$(basename "$archive")
    target/release/pdnkit report "$archive" -o "$dir/$name.html" || true
done
target/release/pdnkit report fixtures/report/hostile_text.pdn fixtures/errors -o "$dir/hostile.html" || true
target/release/pdnkit report -o "$dir/empty.html" < /dev/null
# Trailing slashes on void elements (<meta/>) are kept on purpose: the page is XML too.
java -jar "$jar" --Werror --filterpattern '.*Trailing slash on void elements.*' "$dir"/*.html
echo "check-html: $(ls "$dir"/*.html | wc -l) pages without error or warning"
