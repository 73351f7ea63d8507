"""Tic-tac-toe's computer player: any legal move, at random."""


def choose_move(state, level, rng, should_stop=None):
    return rng.choice(state.legal_moves())
