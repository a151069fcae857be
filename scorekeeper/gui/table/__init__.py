"""The table view's widgets: seat panels, the centre, the whole table, the history and the score chart."""
