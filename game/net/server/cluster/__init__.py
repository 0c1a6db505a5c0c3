"""Many server processes sharing their tables through one Redis (``serve --redis URL``): the table directory with
its leases and fenced saves (:mod:`.directory`), the tables shared between the processes (:mod:`.sharing`), the
relays that pass a player's messages to the process holding the table (:mod:`.relay`) and the queue of the card
bots' decisions (:mod:`.bot_queue`)."""
