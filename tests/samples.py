"""Positions the tests of more than one module share."""

# A Xoliba solitaire position proved lost at once, by the solver's capture bound
# (tests/test_xoliba_solver.py).
BLUE_ON_CORNER = """\
.wwwww.
wwwwwww
wwwwwww
wwrrrww
wwwwwww
wwrwrww
.bwwww."""
