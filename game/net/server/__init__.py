"""The server side of remote play: the table server, its tables of both rooms and their saves (no pygame)."""
