"""What every package of Vegas Table shares below the entry points: logging (`logs.py`), the server password's
metadata key and file (`password.py`), and the event loop the server and its bulk clients run on (`loops.py`).
It imports nothing of the project but the standard library and its dependencies, so that the server, the
clients and the tools can all stand on it."""
