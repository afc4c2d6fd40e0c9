#!/usr/bin/env bash
# What Launchpad needs from the operating system, installed when it can be (root with apt-get):
# bubblewrap, the sandbox of the `local` provider's machines. Without it Launchpad still starts,
# and only administrators can start local machines (the server says so at start-up).
# `chromium` may be named as an argument for the end-to-end specs (.ci/run does).
set -u
[ "$(uname -s)" = Linux ] || exit 0
missing=()
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
command -v setpriv >/dev/null 2>&1 || missing+=(util-linux)
# each local machine's disk is an ext4 image (server/deployments/providers/local/machine-disk.ts)
[ -x /usr/sbin/mkfs.ext4 ] || [ -x /sbin/mkfs.ext4 ] || missing+=(e2fsprogs)
for extra in "$@"; do
  case "$extra" in
    chromium) [ -x /usr/bin/chromium ] || missing+=(chromium) ;;
  esac
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null && exit 0
fi
echo "Launchpad: please install ${missing[*]} (e.g. sudo apt-get install -y ${missing[*]}); without bubblewrap local machines cannot be sandboxed and only administrators can start them." >&2
exit 0
