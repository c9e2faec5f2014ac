#!/usr/bin/env bash
# Builds target/debug/server (debug) the way `cargo test --workspace` builds it, for the scripts
# that run the binary. `cargo build -p server` resolves the dependencies' features without the
# workspace's other crates and the dev-dependencies, so the server crate is compiled again at
# each switch between the two (about a minute on 2 cores, three times in a run of the test
# command); building the test targets leaves the same binary at target/debug/server, once.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
cargo test --workspace --no-run --quiet
