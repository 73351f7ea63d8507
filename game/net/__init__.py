"""Playing a friend on another computer (docs/NETWORK.md): the live protocol
(protocol), the connection and the game over it (live). Headless: no pygame."""
