#!/usr/bin/env bash
# Builds a gh-hooks release: static binaries for linux, darwin and windows on
# amd64 and arm64, each in an archive with the README and the man page, and
# checksums.txt (sha256sum's format; check with `sha256sum -c checksums.txt`).
# The version is stamped into the binary (`gh-hooks version` prints it). The
# archives are reproducible: the same commit and version give the same bytes
# (file times are the commit's time, owners are 0, entries are sorted).
#
#   scripts/release.sh [-o DIR] [-t OS/ARCH[,OS/ARCH...]] [-T] VERSION
#
# VERSION is a semantic version with a leading v (v1.0.0, v1.5.0-rc.1). DIR
# is dist/ by default and must be empty or absent. Nothing is published: the
# maintainer uploads DIR's files to the release of the tag VERSION. The
# dry run is the same command with -o into a temporary directory
# (TestReleaseScript in release_test.go does it, opt-in).
#
# -T tags the release once it is built, and this script is the only place
# a release tag is made: the annotated tag VERSION on HEAD, and the major
# tag (v1) moved to it, which `uses: gh-hooks/gh-hooks@v1` follows. It
# tags only the version the docs name, scripts/next-version (the install
# lines, the Action and pre-commit examples; TestDocsNameNextVersion keeps
# them in step), from a clean tree; after a release, the next version goes
# there and in the docs together.
set -euo pipefail

usage() {
  echo "usage: scripts/release.sh [-o DIR] [-t OS/ARCH[,OS/ARCH...]] [-T] VERSION" >&2
  [ -n "${1:-}" ] && echo "error: $1" >&2
  exit 2
}

out=dist
targets=linux/amd64,linux/arm64,darwin/amd64,darwin/arm64,windows/amd64,windows/arm64
tag=
while getopts "o:t:Th" opt; do
  case $opt in
  o) out=$OPTARG ;;
  t) targets=$OPTARG ;;
  T) tag=1 ;;
  h) usage ;;
  *) usage "unknown option" ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage "give one VERSION"
version=$1
[[ $version =~ ^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$ ]] ||
  usage "VERSION \"$version\" is not a semantic version with a leading v (v1.0.0)"

cd "$(dirname "$0")/.."
root=$PWD
if [ -n "$tag" ]; then
  next=$(cat scripts/next-version)
  [ "$version" = "$next" ] ||
    usage "-T tags only $next, the version the docs name (scripts/next-version): put $version there and in the docs first"
  [ -z "$(git status --porcelain)" ] || usage "-T tags HEAD: commit or stash the changes first"
  ! git rev-parse -q --verify "refs/tags/$version" >/dev/null || usage "the tag $version exists"
fi
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
if [ -n "$tag" ]; then
  major=${version%%.*}
  git tag -a "$version" -m "gh-hooks $version"
  case $version in
  *-*) echo "tagged $version (a pre-release moves no major tag); push it: git push origin $version" >&2 ;;
  *)
    git tag -f -a "$major" -m "gh-hooks $version"
    echo "tagged $version and moved $major to it; push them: git push origin $version && git push -f origin $major" >&2
    ;;
  esac
fi
