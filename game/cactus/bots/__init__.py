"""The Cactus bots: the simple bot, the look-ahead planner (its count model, play-outs and hand drive) and the hint."""
