"""What the two tile games, Che and Xutoli, share: the Truchet tile layout, its board view
and its bench. Not a game of its own."""
