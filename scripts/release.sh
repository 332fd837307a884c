#!/usr/bin/env bash
# Builds a gh-hooks release: static binaries for linux, darwin and windows on
# amd64 and arm64, each in an archive with the README and the man page, and
# checksums.txt (sha256sum's format; check with `sha256sum -c checksums.txt`).
# The version is stamped into the binary (`gh-hooks version` prints it). The
# archives are reproducible: the same commit and version give the same bytes
# (file times are the commit's time, owners are 0, entries are sorted).
#
#   scripts/release.sh [-o DIR] [-t OS/ARCH[,OS/ARCH...]] VERSION
#
# VERSION is a semantic version with a leading v (v1.4.0, v1.5.0-rc.1). DIR
# is dist/ by default and must be empty or absent. Nothing is published: the
# maintainer uploads DIR's files to the release of the tag VERSION. The
# dry run is the same command with -o into a temporary directory
# (TestReleaseScript in release_test.go does it, opt-in).
set -euo pipefail

usage() {
  echo "usage: scripts/release.sh [-o DIR] [-t OS/ARCH[,OS/ARCH...]] VERSION" >&2
  [ -n "${1:-}" ] && echo "error: $1" >&2
  exit 2
}

out=dist
targets=linux/amd64,linux/arm64,darwin/amd64,darwin/arm64,windows/amd64,windows/arm64
while getopts "o:t:h" opt; do
  case $opt in
  o) out=$OPTARG ;;
  t) targets=$OPTARG ;;
  h) usage ;;
  *) usage "unknown option" ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage "give one VERSION"
version=$1
[[ $version =~ ^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$ ]] ||
  usage "VERSION \"$version\" is not a semantic version with a leading v (v1.4.0)"

cd "$(dirname "$0")/.."
root=$PWD
for t in ${targets//,/ }; do
  case $t in
  linux/amd64 | linux/arm64 | darwin/amd64 | darwin/arm64 | windows/amd64 | windows/arm64) ;;
  *) usage "target \"$t\" is not one of linux, darwin, windows on amd64, arm64" ;;
  esac
done
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then
  usage "$out is not empty"
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)

# Reproducible archives: every file gets the commit's time.
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

for t in ${targets//,/ }; do
  os=${t%/*} arch=${t#*/}
  name="gh-hooks_${version#v}_${os}_${arch}"
  exe=gh-hooks
  [ "$os" = windows ] && exe=gh-hooks.exe
  mkdir -p "$stage/$name"
  echo "building $name" >&2
  CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build -trimpath -buildvcs=false \
    -ldflags "-s -w -buildid= -X github.com/gh-hooks/gh-hooks/cli.Version=$version" \
    -o "$stage/$name/$exe" .
  cp README.md "$stage/$name/README.md"
  cp cli/man/gh-hooks.1 "$stage/$name/gh-hooks.1"
  find "$stage/$name" -exec touch -h -d "@$epoch" {} +
  if [ "$os" = windows ]; then
    (cd "$stage" && find "$name" -print | LC_ALL=C sort | TZ=UTC zip -q -X -D "$out/$name.zip" -@)
  else
    tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" \
      -cf - "$name" | gzip -n -9 >"$out/$name.tar.gz"
  fi
done
(cd "$out" && LC_ALL=C ls | grep -v '^checksums.txt$' | xargs sha256sum >checksums.txt)
echo "wrote $(($(wc -l <"$out/checksums.txt"))) archive(s) and checksums.txt to $out" >&2
