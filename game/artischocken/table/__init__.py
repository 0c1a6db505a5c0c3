"""The Artischocken table: its scenes (setup, table, remote table, replay) and their drawing (pygame)."""
