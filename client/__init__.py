"""The terminal client: a prompt_toolkit application that plays on a Vegas Table server.

Structured like ptpython: a pure view-model (`viewmodel`), pure render functions from it to formatted text
(`render/`), key bindings built by `load_*_bindings` functions (`bindings`), one `Application` run with
`run_async()` (`app`), and the network (the client library, `vegas_client`: its `Follower` in a background
task that updates the view-model and asks the application to redraw; its `Seat` for the player's orders).
Nothing here draws log lines onto the screen: the client logs to a file.
"""
