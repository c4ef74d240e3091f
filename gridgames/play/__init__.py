"""The play layer: what every front end (the app, line mode, online play) shares, without Textual."""
