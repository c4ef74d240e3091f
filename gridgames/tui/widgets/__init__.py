"""Widgets of the app: the board, the move log, the variant picker's cards."""
