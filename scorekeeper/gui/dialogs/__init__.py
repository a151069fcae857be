"""The dialogs: new game, win, draw, edit a past hand, results."""
