"""The editor's names for ids in the current language (colours, forms, cactus parts) and its number formats."""

from __future__ import annotations

from game.i18n import t
from tools.editor.model import PART_BASE, PART_TRUNK


def colour_name(colour: str) -> str:
    key = f"editor.colour.{colour}"
    text = t(key)
    return colour if text == key else text


def form_name(form: str) -> str:
    key = f"editor.formname.{form}"
    text = t(key)
    return form if text == key else text


def part_label(index: int) -> str:
    if index == PART_BASE:
        return t("editor.part.base")
    if index == PART_TRUNK:
        return t("editor.part.trunk")
    return t("editor.part.arm", n=index)


def edit_label(label: str) -> str:
    """An undo label ("move", "rename", ...) in words."""
    return t(f"editor.edit.{label}")


def mm(v: float) -> str:
    """A length in mm with one decimal ("-0.0" shown as "0.0")."""
    text = f"{v:.1f}"
    return "0.0" if text == "-0.0" else text
