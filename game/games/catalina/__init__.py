"""Catalina Tiles: its rules and record, computer player, view, rules pages, tutorial and benches."""
