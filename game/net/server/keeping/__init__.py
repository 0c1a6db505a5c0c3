"""What the server keeps of its tables: the saves (:mod:`.store`), the journal of every change since (:mod:`.journal`,
:mod:`.segments`) and the way back from both after a crash (:mod:`.kept`)."""
