"""The client side of remote play: the connection, the lobby's requests, a local host, and the remote sessions."""
