"""Starting the game: the command line, the virtualenv, the desktop entry, the self-check,
and the window that tells why a start failed."""
