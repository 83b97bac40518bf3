"""The seats this player holds, saved (`vegas_client.seats`) by server, game and name, so two people on one
account keep their own seats and a killed client comes back to its seat."""

from __future__ import annotations

from vegas_client.seats import SavedSeat, SeatStore
from vegas_table.client.viewmodel import ClientModel


class SeatBook:
    def __init__(self, store: SeatStore, key: str, model: ClientModel) -> None:
        self.store = store
        self.key = key  # seats are saved under this name of the server
        self.model = model  # whose name the seats are kept by

    @property
    def _named_key(self) -> str:
        return f"{self.key}#{self.model.name.lower()}"

    def put(self, saved: SavedSeat) -> None:
        self.store.put(self._named_key, saved)

    def saved_seat(self, game_id: str) -> SavedSeat | None:
        """The seat this player (by name) holds in `game_id`: saved under their name, or saved before seats
        were kept by name and joined with this name. Another name's seat is never taken silently."""
        saved = self.store.get(self._named_key, game_id)
        if saved is None:
            older = self.store.get(self.key, game_id)
            saved = older if older is not None and older.name == self.model.name else None
        return saved

    def others_seat(self, game_id: str) -> SavedSeat | None:
        """A seat of `game_id` saved on this machine for someone else (another --name)."""
        older = self.store.get(self.key, game_id)
        return older if older is not None and older.name != self.model.name else None

    def forget_seat(self, game_id: str) -> None:
        self.store.forget(self._named_key, game_id)
        if self.others_seat(game_id) is None:
            self.store.forget(self.key, game_id)

    def my_games(self) -> list[str]:
        older = [g for g, saved in self.store.games(self.key).items() if saved.name == self.model.name]
        return list(dict.fromkeys([*older, *self.store.games(self._named_key)]))
