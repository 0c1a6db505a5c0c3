"""The shape editor: pieces.json and cacti.json as documents with undo, an outline canvas, a hang test.

Plain Python (no pygame, testable on their own):
:mod:`~tools.editor.model` (documents, undo/redo, safe load and save), :mod:`~tools.editor.session` (the
editing session: selection, outline and material edits, id rules, save outcomes), :mod:`~tools.editor.ranges`
(the material ranges, derived from physics' limits), :mod:`~tools.editor.checks` (live outline verdicts and
mass properties on top of :mod:`physics.geometry`), :mod:`~tools.editor.ops` (outline edits) and
:mod:`~tools.editor.hangtest` (seeded drops in the physics world, and the editor's runner of them).

Drawing and input: :mod:`~tools.editor.scene` (the scene: events to session calls), :mod:`~tools.editor.layout`
(where everything goes), :mod:`~tools.editor.controls` (buttons), :mod:`~tools.editor.forms` (pygame_gui
widgets), :mod:`~tools.editor.listing` (the piece and cactus list), :mod:`~tools.editor.panels` (material,
cactus and hang panels), :mod:`~tools.editor.canvas` (the outline canvas), :mod:`~tools.editor.preview` (the
live drop) and :mod:`~tools.editor.labels` (names in the current language).
"""
