"""Playing a friend on another computer, with no server of ours (docs/NETWORK.md): the
live protocol (protocol), the connection and the game over it (live), fair chance for
rolls and deals (fair), and play by correspondence with short text codes
(correspondence). Headless: no pygame."""
