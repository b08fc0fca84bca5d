#!/usr/bin/env bash
# What the mail test (api/tests/it/mail.rs) needs: aiosmtpd, a real SMTP server the test
# starts on 127.0.0.1, pinned and installed from PyPI when missing; a second run does nothing.
set -euo pipefail
if python3 -c 'import aiosmtpd, sys; sys.exit(aiosmtpd.__version__ != "1.4.6")' 2> /dev/null; then
  exit 0
fi
echo "Installing for the mail test: aiosmtpd 1.4.6"
python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore aiosmtpd==1.4.6
