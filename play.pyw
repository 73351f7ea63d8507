"""Windows twin of play.py: double-click to play without a console window."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.realpath(os.path.abspath(__file__))))

import play  # needs the path set above

sys.exit(play.main(windowed=True))
