#!/usr/bin/env bash
# Screenshots of each kind of report page (summary, charts, an invalid game, the viewer, the
# page with scripts off), taken by the report's browser tests into docs/images/.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p docs/images
PDNKIT_SCREENSHOTS="$PWD/docs/images" scripts/test --test it report::
# Smaller files where Debian's pngquant is installed (apt-get install pngquant).
if command -v pngquant >/dev/null; then
    pngquant --quality=70-90 --speed 1 --force --ext .png docs/images/report-*.png
fi
