"""What the client knows about Lords of Vegas beyond the engine: commands, choices and a rules mirror."""
