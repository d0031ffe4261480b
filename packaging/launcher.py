"""Entry script of the PyInstaller bundle: the same ``main`` as the ``harp-towers`` command."""

import sys

from harptowers.cli import main

if __name__ == "__main__":
    sys.exit(main())
