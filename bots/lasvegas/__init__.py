"""The Las Vegas search bot's game-specific parts: determinization, fast playouts, scores."""
