#!/usr/bin/env bash
# Installs the Node LTS line production runs (docker/Dockerfile) into .cache/node-lts, from the npm
# registry's node-linux-<arch> package (the binary the `node` package itself installs), so the
# compiled server's test (scripts/node-lts.test.ts) can run on it while development stays on Node 20.
# Needs only the npm registry. Prints the binary's path.
set -euo pipefail
cd "$(dirname "$0")/.."
# The major version is the production image's (ARG NODE_IMAGE=node:<major>-…), written there only.
major="$(sed -n 's/^ARG NODE_IMAGE=node:\([0-9]*\).*/\1/p' docker/Dockerfile)"
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "No node-linux package for $(uname -m)" >&2; exit 1 ;;
esac
dir=.cache/node-lts
bin="$dir/node_modules/node-linux-$arch/bin/node"
if [ ! -x "$bin" ] || [ "$("$bin" --version | cut -d. -f1)" != "v$major" ]; then
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node-linux-$arch@$major" >&2
fi
"$bin" --version >&2
echo "$PWD/$bin"
