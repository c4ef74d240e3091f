"""The app's screens: pick a variant, set up a game, play it, read the rules, confirm."""
