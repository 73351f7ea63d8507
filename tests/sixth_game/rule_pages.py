"""Tic-tac-toe's rules page (the rules screen), with its picture by the view."""
from game.rule_pages import Page, art

PAGES = (
    Page("Three in a row", "X and O take turns placing their mark on an empty square. "
         "Three of your marks in a row, across, down or diagonally, win; a full board "
         "without one is a draw.", art("sixth_game.view", "illustrate")),
)
