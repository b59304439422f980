"""``python -m ziggurat`` is the ``ziggurat`` command."""

import sys

from ziggurat.cli import main

sys.exit(main())
