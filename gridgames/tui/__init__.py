"""The full-screen Textual app. It asks the engine about every rule and decides none itself."""
