"""The app's screens: menu, setup, play, pause, results, rules, settings."""
