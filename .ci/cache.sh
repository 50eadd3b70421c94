# Sourced by .ci/run: the build cache kept outside the clone.
#
# CI runs on a fresh clone each time, on the machine that submitted it, so
# a target folder inside the clone is thrown away with it. As the Rust
# ecosystem's CI caches do, the target folder lives under a key of the
# toolchain and the lock files, here in SERBENCH_CI_CACHE (default
# ~/.cache/serbench-ci); cargo's registry is already outside the clone, in
# CARGO_HOME. A key not seen before starts from the newest folder of the
# same toolchain (cargo rebuilds what the new lock changed), as a cache's
# restore keys do; folders of other toolchains are removed, so the cache
# holds one target folder.
#
# It holds build output only. Every tool and package is still installed
# by .ci/run on every run, so a missing install step fails here as it
# would on a new machine.

cache_root=${SERBENCH_CI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/serbench-ci}
toolchain_key=$(rustc -vV | sha256sum | cut -c1-12)
lock_key=$(cat Cargo.lock fuzz/Cargo.lock | sha256sum | cut -c1-12)
cache_dir="$cache_root/$toolchain_key-$lock_key"
mkdir -p "$cache_root"
if [ -d "$cache_dir" ]; then
    echo "cache: $cache_dir (this toolchain and lock)"
else
    nearest=$(ls -dt "$cache_root/$toolchain_key"-* 2>/dev/null | head -n 1 || true)
    if [ -n "$nearest" ]; then
        mv "$nearest" "$cache_dir"
        echo "cache: $cache_dir, restored from $(basename "$nearest") (the lock changed)"
    else
        mkdir -p "$cache_dir"
        echo "cache: $cache_dir, empty (a first run with this toolchain)"
    fi
fi
for other in "$cache_root"/*; do
    [ "$other" = "$cache_dir" ] || rm -rf "$other"
done
export CARGO_TARGET_DIR="$cache_dir/target"

# No incremental compilation. Its state is made for one developer's
# edit-compile loop; carried from run to run over changed sources it is
# where rustc's "unstable fingerprints" internal errors come from (one
# failed a CI run in serbench-bitcode's lints), and a build from a cache
# recompiles whole crates anyway. Rust CI caches turn it off for the same
# reasons. The state a run with it left behind is removed, as it is only
# disk.
export CARGO_INCREMENTAL=0
rm -rf "$CARGO_TARGET_DIR"/*/incremental

# A clone writes every file anew, so cargo, which decides by modification
# times, would compile every workspace crate again from a warm cache. The
# cache records each tracked file's hash and when the run began; a file
# whose bytes are those the last run had gets that run's start time. Every
# artifact that run built is newer, so cargo reuses it; an artifact built
# from other bytes is older, and a changed file keeps the clone's time, so
# cargo compiles those again, as it must. Only when the clone is where the
# last run's was, and so is the target folder: a build records both in what
# it writes (CARGO_MANIFEST_DIR; CARGO_BIN_EXE_* and CARGO_TARGET_TMPDIR in
# tests), so a new clone folder, or a folder restored from another lock's
# key above, must have the workspace's crates built anew. (A restored
# folder kept the times once, and its tests ran binaries of the folder it
# had been.)
sources="$cache_dir/sources"
hashes=$(git ls-files -z | xargs -0 sha256sum)
where="$CARGO_TARGET_DIR $PWD"
if [ -f "$sources" ] && [ "$(sed -n 1p "$sources" | cut -d' ' -f3-)" = "$where" ]; then
    since=$(sed -n 1p "$sources" | cut -d' ' -f2)
    comm -12 <(tail -n +2 "$sources" | sort) <(printf '%s\n' "$hashes" | sort) |
        cut -c67- | tr '\n' '\0' | xargs -0 -r touch -m -d "@$since"
    echo "cache: the files unchanged since the last run keep its time"
fi
printf '# %s %s\n%s\n' "$(date +%s)" "$where" "$hashes" > "$sources"
