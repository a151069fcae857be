"""Test-wide settings: Qt runs offscreen so the suite works on a machine with no screen."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
