"""pygame_gui for the real widgets (text fields, sliders, drop-downs, lists), dressed in the house style."""

from __future__ import annotations

from typing import Any

import pygame_gui

from game.paths import asset
from game.ui.theme import PALETTE, Color


def _hex(c: Color) -> str:
    return "#{:02x}{:02x}{:02x}".format(*c)


def theme() -> dict[str, Any]:
    """The pygame_gui theme of the house: Lato, sand and terracotta."""
    colours = {
        "normal_bg": _hex(PALETTE.paper),
        "hovered_bg": _hex(PALETTE.sand_light),
        "disabled_bg": _hex(PALETTE.sand),
        "selected_bg": _hex(PALETTE.terracotta),
        "active_bg": _hex(PALETTE.terracotta),
        "dark_bg": _hex(PALETTE.sand),
        "normal_text": _hex(PALETTE.ink),
        "hovered_text": _hex(PALETTE.ink),
        "selected_text": _hex(PALETTE.paper),
        "active_text": _hex(PALETTE.paper),
        "disabled_text": _hex(PALETTE.ink_faint),
        "text_cursor": _hex(PALETTE.ink),
        "normal_border": _hex(PALETTE.dune),
        "hovered_border": _hex(PALETTE.terracotta),
        "selected_border": _hex(PALETTE.terracotta_dark),
        "active_border": _hex(PALETTE.terracotta_dark),
        "disabled_border": _hex(PALETTE.sand_dark),
        "filled_bar": _hex(PALETTE.cactus),
        "unfilled_bar": _hex(PALETTE.sand),
    }
    return {
        "defaults": {
            "colours": colours,
            "font": {"name": "lato", "size": "16", "regular_path": str(asset("fonts", "Lato-Regular.ttf")),
                     "bold_path": str(asset("fonts", "Lato-Bold.ttf"))},
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "6", "border_width": "2",
                     "shadow_width": "0"},
        },
    }


def make_manager(size: tuple[int, int]) -> pygame_gui.UIManager:
    """A UIManager with the house theme, for one scene."""
    manager = pygame_gui.UIManager(size, enable_live_theme_updates=False)
    manager.get_theme().load_theme(theme())
    manager.rebuild_all_from_changed_theme_data()
    return manager
