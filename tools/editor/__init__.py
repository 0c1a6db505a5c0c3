"""The shape editor: pieces.json and cacti.json as documents with undo, an outline canvas, a hang test.

Layers: :mod:`tools.editor.model` (documents, undo/redo, safe load and save), :mod:`tools.editor.checks`
(live outline verdicts and mass properties on top of :mod:`physics.geometry`), :mod:`tools.editor.hangtest`
(seeded drops in the physics world, no pygame) are plain Python; :mod:`tools.editor.canvas`,
:mod:`tools.editor.preview` and :mod:`tools.editor.scene` draw and take input.
"""
