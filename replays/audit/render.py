"""An audit on a terminal: each section as a rich table, its note under it, and the reconciliation."""

from __future__ import annotations

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from vegas_table.replays.audit.model import Audit, Table


def render_table(table: Table, console: Console) -> None:
    rich = RichTable(title=table.title, title_justify="left", caption=table.note or None, caption_justify="left",
                     box=box.SIMPLE_HEAD)
    for index, column in enumerate(table.columns):
        rich.add_column(column, justify="left" if index == 0 else "right", overflow="fold")
    for row in table.rows:
        rich.add_row(*(escape(cell) for cell in row))
    if not table.rows:
        rich.add_row("none", *("" for _ in table.columns[1:]))
    console.print(rich)
    console.print()


def render_audit(audit: Audit, console: Console) -> None:
    console.print(f"[bold]{escape(audit.title)}[/]: {', '.join(audit.names)}\n")
    for table in audit.tables():
        render_table(table, console)
    if audit.reconciliation:
        console.print("[red]The audit does not reconcile with the final state:[/]")
        for line in audit.reconciliation:
            console.print(f"  {escape(line)}")
