"""The Cactus lab: physics and bot benchmarks, demo positions and screenshot scripts."""
