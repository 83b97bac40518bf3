"""The one client library of the Vegas Table API: connecting, the lobby, following a game, acting, retrying.

    import vegas_client
    async with vegas_client.connect("localhost:50051") as client:
        joined = await client.join_game(game_id, "Ann")
        follower = vegas_client.Follower(client, game_id, joined.token)
        seat = vegas_client.Seat(client, game_id, joined.seat, joined.token, follower)
        async with follower:
            update = await follower.newest()
            ...
            await seat.act(update.legal[0].text, update.version)

Nothing in it knows a game: views are JSON, actions canonical texts. `vegas_client.sync` is the blocking
facade for scripts and notebooks. It logs through structlog but never configures logging.
"""

from vegas_client.acting import Seat
from vegas_client.channels import CLIENT_KEEPALIVE, open_channel
from vegas_client.client import Client, client_for, connect
from vegas_client.data import (
    ActionResult,
    Clock,
    Created,
    GameSummary,
    GameType,
    Joined,
    LegalAction,
    NewGame,
    Revealed,
    RuleSet,
    SeatInfo,
    Update,
    VersionEvents,
    ViewUpdate,
)
from vegas_client.errors import VegasError
from vegas_client.follow import Follower
from vegas_client.retry import BOTS, FOREVER, RetryPolicy
from vegas_client.seats import SavedSeat, SeatStore
from vegas_client.table import Table
from vegas_client.tracker import Resync, ViewTracker

__all__ = [
    "BOTS", "CLIENT_KEEPALIVE", "FOREVER", "ActionResult", "Client", "Clock", "Created", "Follower", "GameSummary",
    "GameType", "Joined", "LegalAction", "NewGame", "Resync", "RetryPolicy", "Revealed", "RuleSet", "SavedSeat",
    "Seat", "SeatInfo", "SeatStore", "Table", "Update", "VegasError", "VersionEvents", "ViewTracker", "ViewUpdate",
    "client_for", "connect", "open_channel",
]
