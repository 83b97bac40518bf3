"""Two test bots for offers of trade: one offers once and records the money it sees, one accepts every offer."""

from __future__ import annotations

from vegas_table.bots.base import Bot, Choice, Turn


class Offering(Bot):
    """Offers its partner $1m once, at the first decision of its own turn, then ends every turn; records the
    money each seat holds in every view it is asked on."""

    name = "offering"

    def __init__(self, seed: str = "0") -> None:
        super().__init__(seed)
        self.offered = False
        self.seat = -1
        self.money: list[list[int]] = []

    def choose(self, turn: Turn) -> Choice:
        seats = turn.view["seats"]
        self.seat = turn.seat
        self.money.append([seat["money"] for seat in seats])
        texts = [option.text for option in turn.legal]
        if "end" in texts and not self.offered:
            self.offered = True
            return f"trade {seats[turn.seat]['colour']}>{seats[1 - turn.seat]['colour']} $1"
        return "end" if "end" in texts else turn.legal[0]


class Accepting(Bot):
    """Accepts any offer made to it; otherwise plays the first legal action."""

    name = "accepting"

    def __init__(self, seed: str = "0") -> None:
        super().__init__(seed)
        self.accepted = 0

    def choose(self, turn: Turn) -> Choice:
        accepts = [option for option in turn.legal if option.text.startswith("accept")]
        self.accepted += bool(accepts)
        return accepts[0] if accepts else turn.legal[0]
