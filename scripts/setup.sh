#!/usr/bin/env bash
# Installs what dtrans needs on Debian 12 (run as root, or with sudo present):
# LLVM 19 (library, tools, FileCheck-19), clang-19, lld-19 and LLVMgold
# (llvm-19-linker-tools: the link step of `dtrans cc` and the plugin), make and
# cmake (tests of project builds), csmith with its headers
# and creduce (execution testing), chromium (the screenshot test of
# `dtrans advise --format html`), and lit. Idempotent.
set -euo pipefail

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

need_apt=0
for tool in llvm-config-19 clang-19 opt-19 FileCheck-19 llvm-link-19 llvm-ar-19 ld.lld-19 make cmake csmith creduce chromium; do
  command -v "$tool" >/dev/null 2>&1 || need_apt=1
done
[ -e /usr/include/csmith/csmith.h ] || need_apt=1
[ -e /usr/lib/llvm-19/lib/LLVMgold.so ] || need_apt=1
if [ "$need_apt" = 1 ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
    llvm-19-dev llvm-19-tools clang-19 lld-19 llvm-19-linker-tools make cmake g++ python3-pip csmith libcsmith-dev creduce \
    chromium >/dev/null
fi

if ! command -v lit >/dev/null 2>&1; then
  python3 -m pip install --quiet lit 2>/dev/null \
    || python3 -m pip install --quiet --break-system-packages lit
fi

if ! command -v cargo >/dev/null 2>&1; then
  echo "setup: cargo not found; install a Rust toolchain (rustup) first" >&2
  exit 1
fi
echo "setup: LLVM $(llvm-config-19 --version), $(clang-19 --version | head -1), lit $(lit --version 2>&1 | tail -1)"
