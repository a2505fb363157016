#!/usr/bin/env bash
# Runs before `npm test`: what the test suites need on a machine of our kind,
# installed or started when missing: Debian's chromium (browser suite) and
# ffmpeg (the one production runs: its libass shapes with HarfBuzz, see
# docs/captions-languages.md), PostgreSQL on 127.0.0.1:5432 and Redis on
# 127.0.0.1:6379.
set -euo pipefail

packages=()
command -v "${CHROMIUM_PATH:-chromium}" >/dev/null 2>&1 || packages+=(chromium)
command -v ffmpeg >/dev/null 2>&1 || packages+=(ffmpeg)
if [ "${#packages[@]}" -gt 0 ]; then
  echo "[test] installing Debian's ${packages[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi

if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  echo "[test] starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  echo "[test] starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no
  for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done
fi
