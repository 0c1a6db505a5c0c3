"""The shape editor as a room: ``python -m game editor [--pieces PATH] [--cacti PATH]``."""

from __future__ import annotations

import argparse
from pathlib import Path

from game.app import BaseScene


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--pieces", type=Path, default=None, metavar="PATH",
                        help="the pieces file to edit (default: assets/pieces.json)")
    parser.add_argument("--cacti", type=Path, default=None, metavar="PATH",
                        help="the cacti file to edit (default: assets/cacti.json)")


def create_scene(args: argparse.Namespace | None) -> BaseScene:
    from tools.editor.scene import EditorScene

    return EditorScene(getattr(args, "pieces", None), getattr(args, "cacti", None))
