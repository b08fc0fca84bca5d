#!/usr/bin/env bash
# What the browser test (api/tests/it/browser.rs) needs: axe-core, Debian's chromium, and CJK fonts
# so that names in Chinese, Japanese or Korean show as letters in its screenshots.
# Installs only what is missing; a second run does nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
# axe-core, the accessibility rules the browser tests run on every page, puppeteer-core,
# which drives Chromium through a night with phones (it downloads no browser), and jsQR,
# which reads the projector's QR code as a phone's camera would: pinned in
# .ci/axe/package-lock.json, installed from the npm registry when missing.
if [ ! -f .ci/axe/node_modules/axe-core/axe.min.js ] || [ ! -d .ci/axe/node_modules/puppeteer-core ] || [ ! -f .ci/axe/node_modules/jsqr/dist/jsQR.js ]; then
  npm ci --prefix .ci/axe --no-audit --no-fund --silent
fi


missing=()
command -v chromium > /dev/null 2>&1 || missing+=(chromium)
dpkg -s fonts-noto-cjk > /dev/null 2>&1 || missing+=(fonts-noto-cjk)
if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi
echo "Installing for the browser test: ${missing[*]}"
sudo=
if [ "$(id -u)" -ne 0 ]; then sudo=sudo; fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" > /dev/null
command -v chromium > /dev/null
