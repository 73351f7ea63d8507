"""Play between two machines with no server of ours: fair chance (fair.py) and play by
correspondence with short text codes (correspondence.py); docs/NETWORK.md."""
