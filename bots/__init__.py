"""Bots: strategies that choose among a game's legal actions. They see only what the engine exposes."""
