#!/bin/sh
# Starts the production server: `sh scripts/serve.sh [node options] [entry]` (npm start, the
# bench and the browser tests all start it this way, so what they measure is what runs).
#
# glibc raises its mmap threshold to the size of the largest block freed so far, so after the
# first image buffers (sharp decoding uploads or drawing the demo pictures) later ones come from
# its arenas and stay resident after they are freed: about 100 MB for good. A fixed threshold
# keeps large blocks mapped and hands them back on free (decision 054). Ignored off glibc; an
# operator's own GLIBC_TUNABLES wins.
export GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.mmap_threshold=131072}"
[ "$#" -gt 0 ] || set -- dist/server/main.js
exec "${NODE:-node}" "$@"
