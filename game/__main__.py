"""`python -m game` starts the app."""
import sys

from game.app import main

sys.exit(main())
