"""The lab: benchmarks, experiments, fitters, demo positions and screenshot scripts, apart from the product.

Nothing in the rooms imports the lab; ``python -m game bench NAME`` and ``python -m game.lab.<module>`` reach it.
"""
