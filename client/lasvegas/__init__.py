"""What the client knows about Las Vegas beyond the engine: commands, completion and prompts.

A Las Vegas view already lists what the player to act may do (`can_place`, or the pending decision's
`choices`), so no rules mirror is needed: completion and validation read those lists.
"""
