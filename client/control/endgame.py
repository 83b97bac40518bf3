"""A finished game: fetch the reveal and the replay, prove the game fair (`client.endgame`), say so in the
log, keep the replay where the player can audit it later, and show its standings and audit pages."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import structlog

from vegas_client.table import Table
from vegas_table.client.control.seatbook import SeatBook
from vegas_table.client.endgame import Witnessed, check_finished_game
from vegas_table.client.orders import CommandError
from vegas_table.client.standings import audit_page, final_page
from vegas_table.client.viewmodel import ClientModel, note, shown_view, tell

log = structlog.get_logger("client")


class EndController:
    def __init__(self, model: ClientModel, link: Table, seats: SeatBook, replay_dir: Path) -> None:
        self.model = model
        self.link = link
        self.seats = seats
        self.replay_dir = replay_dir  # where finished games' replays are kept
        self.revealed: tuple[str, bytes] | None = None  # the finished game on screen and its replay, for `audit`

    async def prove(self, witnessed: Witnessed | None) -> None:
        """The game is over: fetch the reveal and the replay, prove the game against what this client
        `witnessed` on the way, say so in the log."""
        game_id = self.model.game_id
        assert game_id is not None
        revealed = await self.link.replay(game_id)
        saved = self.seats.saved_seat(game_id)
        seen = (saved.commitments if saved else ()) or self.link.entropies.seen.get(game_id, ())
        witnessed = dataclasses.replace(witnessed or Witnessed(), commitments=seen)
        findings = check_finished_game(revealed, self.model.commitment, self.model.seat,
                                       saved.entropy if saved else None, self.model.view, witnessed)
        for finding in findings:
            note(self.model, ("✓ " if finding.ok else "✗ ") + finding.text, "notice" if finding.ok else "error")
            log.info("fairness_check", ok=finding.ok, check=finding.text, game_id=game_id)
        ok = all(f.ok for f in findings)
        tell(self.model, "Game over. The game is proven fair." if ok else
             "Game over. A fairness check FAILED: see the standings page.", "notice" if ok else "error")
        view = shown_view(self.model)
        if view is not None and self.model.game_id == game_id:
            self.revealed = (game_id, revealed.replay)
            path = self._keep_replay(game_id, revealed.replay)
            self.model.final = final_page(view, revealed.replay, findings, path)
            self.model.help = self.model.final

    def _keep_replay(self, game_id: str, data: bytes) -> Path | None:
        """Save the revealed replay where the player can audit it later (None if it cannot be written)."""
        path = self.replay_dir / f"{game_id}.jsonl"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        except OSError as error:
            log.warning("replay_not_saved", game_id=game_id, reason=str(error))
            return None
        return path

    def show(self, page: str, columns: int) -> None:
        """`standings` or `audit` of the finished game in the pane; CommandError before the end."""
        if self.revealed is None or self.revealed[0] != self.model.game_id or self.model.final is None:
            raise CommandError(f"{page}: the game is not over yet (or not yet proven): it comes at the end")
        self.model.help = audit_page(self.revealed[1], columns - 2) if page == "audit" else self.model.final
        self.model.help_scroll = 0
