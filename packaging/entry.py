"""The frozen program's entry point: the same ``main`` as ``python -m scorekeeper``."""

import sys

from scorekeeper.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
