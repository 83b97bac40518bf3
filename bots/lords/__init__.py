"""The Lords of Vegas bots' shared reasoning: positions rebuilt from a view, their value, the greedy player."""
