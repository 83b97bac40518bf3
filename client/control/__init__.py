"""The client's controllers over the view-model, each with one job; `client.app` makes them and hands each
what it needs (the server link, the saved seats, the background tasks, and callbacks to the others):

    tasks.Tasks             background work: run it, show what it refused, redraw after it
    seatbook.SeatBook       the seats this player holds, saved by server, game and name
    lobby.LobbyController   the list of games: refresh it, create, open (join or watch) one, resume
    game.GameController     the game on screen: follow its stream, take its updates, send the player's orders
    table.TableController   the table's own commands: the host's bots and stand-ins, the rematch
    endgame.EndController   a finished game: prove it fair, keep its replay, its standings and audit
    pages.Pages             the pages over the board: help, the whole log, scrolling
"""
