#!/usr/bin/env bash
# Headless Neovim as the client of `pdnkit lsp`: opens a PDN file with an illegal move (after
# a comment in Cyrillic), waits for the diagnostics the server publishes, and checks that
# their lines, columns and codes are those `pdnkit validate` prints for the same file.
# Usage: scripts/lsp-neovim.sh [PDNKIT]   (default: pdnkit on PATH). Exit code 0: they agree.
set -euo pipefail
pdnkit=$(realpath "$(command -v "${1:-pdnkit}")") || { echo "lsp-neovim: no ${1:-pdnkit}" >&2; exit 2; }
nvim=${NVIM:-nvim}
command -v "$nvim" >/dev/null || { echo "lsp-neovim: no $nvim (Debian package neovim)" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/games.pdn" <<'PDN'
[Event "Клуб"]
[White "Иванов"]
[Black "Петров"]
[GameType "41"]

1. c3-d4 {ход в центр} f6-e5 2. d4-c5 *

[Event "Кубок"]
[GameType "41"]

1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. a1-b2 *
PDN
# The client: the server started for *.pdn buffers (vim.lsp.start from Neovim 0.8, else
# start_client and buf_attach_client), its diagnostics written as LINE:COLUMN:CODE with
# the column in characters from 1, as validate counts them.
cat > "$dir/init.lua" <<'LUA'
vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
  pattern = "*.pdn",
  callback = function()
    vim.bo.filetype = "pdn"
    local config = { name = "pdnkit", cmd = { os.getenv("PDNKIT"), "lsp" }, root_dir = vim.fn.getcwd() }
    if vim.lsp.start then
      vim.lsp.start(config)
    else
      vim.lsp.buf_attach_client(0, vim.lsp.start_client(config))
    end
  end,
})

function PdnkitCheck()
  local got = vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)
  local lines = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    local text = vim.api.nvim_buf_get_lines(0, d.lnum, d.lnum + 1, false)[1] or ""
    local column = vim.str_utfindex(text, d.col) + 1
    table.insert(lines, string.format("%d:%d:%s", d.lnum + 1, column, tostring(d.code)))
  end
  vim.fn.writefile(lines, os.getenv("LSP_OUT"))
  vim.cmd(got and "qa!" or "cq!")
end
LUA
cd "$dir"
PDNKIT=$pdnkit LSP_OUT="$dir/neovim.txt" timeout 60 "$nvim" --headless --clean -u "$dir/init.lua" \
    games.pdn -c "lua PdnkitCheck()" >/dev/null 2>&1 \
    || { echo "lsp-neovim: Neovim received no diagnostics" >&2; exit 1; }
# validate's one-line form: games.pdn:LINE:COLUMN: severity[code]: ...
"$pdnkit" validate --no-config --format short games.pdn \
    | sed -n 's/^games\.pdn:\([0-9]*\):\([0-9]*\): [a-z]*\[\([a-z-]*\)\].*/\1:\2:\3/p' \
    | LC_ALL=C sort > "$dir/validate.txt" || true
LC_ALL=C sort -o "$dir/neovim.txt" "$dir/neovim.txt"
if [ ! -s "$dir/validate.txt" ] || ! cmp -s "$dir/neovim.txt" "$dir/validate.txt"; then
    echo "lsp-neovim: Neovim's diagnostics differ from validate's" >&2
    diff "$dir/neovim.txt" "$dir/validate.txt" >&2 || true
    exit 1
fi
echo "lsp-neovim: Neovim received what validate prints:"
cat "$dir/neovim.txt"
