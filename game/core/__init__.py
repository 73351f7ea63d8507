"""The core the games stand on: the State base class, the registry of game specs, the
user's folders and atomic writes (storage), JSON read from outside (json_data).

It imports no game, no service and no pygame."""
