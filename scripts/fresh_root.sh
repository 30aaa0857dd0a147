# Sourced by .ci/run and scripts/test_deb_install.sh: brand-new Debian 12 roots to run commands in.
# A root is a copy of a cached `debootstrap --variant=minbase bookworm` tree with /proc, /dev and
# /tmp mounted; nothing the host has installed is visible inside. Needs root (chroot, mount).
#   freshRootBase              ensure the cached empty base exists; its path in $FRESH_ROOT_BASE
#   freshRootCreate DIR        copy the base to DIR and mount /proc, /dev, /tmp in it
#   freshRootExec DIR COMMAND  run COMMAND with bash in DIR's root, clean environment, as root
#   freshRootRemove DIR        unmount and delete DIR (never through a mount that is still there)
# Every failure prints one line saying why on stderr and returns non-zero; nothing falls back to
# running on the host.

FRESH_ROOT_CACHE=${FRESH_ROOT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/actlab-ci}
FRESH_ROOT_BASE=$FRESH_ROOT_CACHE/bookworm-minbase
FRESH_ROOT_MIRROR=${FRESH_ROOT_MIRROR:-http://deb.debian.org/debian}
declare -a FRESH_ROOT_ENV  # extra NAME=VALUE pairs for freshRootExec's environment

freshRootFail() {
    echo "fresh-root: $*" >&2
    return 1
}

freshRootBase() {
    [ "$(id -u)" -eq 0 ] || { freshRootFail "needs root (debootstrap, chroot, mount)"; return 1; }
    mkdir -p "$FRESH_ROOT_CACHE" || { freshRootFail "cannot create $FRESH_ROOT_CACHE"; return 1; }
    # A complete base has bash and apt; a partial one (an interrupted debootstrap) is redone.
    if [ -x "$FRESH_ROOT_BASE/bin/bash" ] && [ -x "$FRESH_ROOT_BASE/usr/bin/apt-get" ]; then
        return 0
    fi
    if ! command -v debootstrap >/dev/null; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
            debootstrap >"$FRESH_ROOT_CACHE/install-debootstrap.log" 2>&1 ||
            { freshRootFail "debootstrap is missing and could not be installed (see $FRESH_ROOT_CACHE/install-debootstrap.log)"; return 1; }
    fi
    rm -rf "$FRESH_ROOT_BASE.partial"
    debootstrap --variant=minbase bookworm "$FRESH_ROOT_BASE.partial" "$FRESH_ROOT_MIRROR" \
        >"$FRESH_ROOT_CACHE/debootstrap.log" 2>&1 ||
        { freshRootFail "debootstrap of Debian 12 failed: $(tail -n 1 "$FRESH_ROOT_CACHE/debootstrap.log")"; return 1; }
    mv "$FRESH_ROOT_BASE.partial" "$FRESH_ROOT_BASE"
}

freshRootCreate() {
    local dir=$1
    freshRootBase || return 1
    mkdir -p "$dir" && cp -a "$FRESH_ROOT_BASE" "$dir/root" ||
        { freshRootFail "cannot copy the base root to $dir"; return 1; }
    cp /etc/resolv.conf "$dir/root/etc/resolv.conf" 2>/dev/null
    mount -t proc proc "$dir/root/proc" && mount --rbind /dev "$dir/root/dev" &&
        mount --make-rslave "$dir/root/dev" && mount -t tmpfs tmpfs "$dir/root/tmp" ||
        { freshRootFail "mounting /proc, /dev and /tmp in $dir/root failed"; return 1; }
}

freshRootExec() {
    local dir=$1
    shift
    chroot "$dir/root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin \
        LANG=C.UTF-8 CI=true "${FRESH_ROOT_ENV[@]}" bash -c "$*"
}

freshRootRemove() {
    local dir=$1 mounted
    [ -d "$dir/root" ] || { rm -rf "$dir"; return 0; }
    for mounted in tmp dev proc; do
        umount -R -l "$dir/root/$mounted" 2>/dev/null
    done
    if mountpoint -q "$dir/root/dev" || mountpoint -q "$dir/root/proc" ||
        mountpoint -q "$dir/root/tmp"; then
        freshRootFail "$dir/root still has mounts; left in place"
        return 1
    fi
    rm -rf --one-file-system "$dir"
}
