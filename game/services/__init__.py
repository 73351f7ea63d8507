"""What the screens use, above the games: the session (the midend), the suspended game,
statistics, matches, settings and puzzle progress. The records are their own package,
game/records/.

No pygame here."""
