"""Rules-agnostic core: the State contract, the registry, storage, saves and AI workers.

Nothing here imports pygame.
"""
