"""Remote play (docs/design.md, "Remote play"): the table server, its clients and the remote sessions.

No pygame here (layer 6): the server and the clients see games through the cores and the sessions; a scene
talks to a remote table only through a session built on :mod:`game.net.client.connection`.
"""
