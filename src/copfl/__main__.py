"""``python -m copfl ...``: the same command line as the ``copfl`` script."""

import sys

from copfl.cli import main

if __name__ == "__main__":
    sys.exit(main())
