"""`python -m little_abstracts`, installed: the same as the `little-abstracts` command."""
import sys

from little_abstracts import main

if __name__ == "__main__":
    sys.exit(main())
