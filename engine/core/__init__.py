"""Game-agnostic pieces every game of the engine shares: the interface, errors, chance, canonical encoding."""
