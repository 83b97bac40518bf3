"""vegas replay: prove a replay file (verify), step through it (show), see where the money went (audit).

    vegas replay verify FILE...                  exit 0 only if every file verifies (a running game: so far)
    vegas replay show FILE                       step through the game on the client's board
    vegas replay audit FILE [--json] [--plot PNG]  money in and out, points, trades, gambles, luck, dice
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import structlog
from rich.console import Console
from rich.markup import escape

from vegas_table.cli.choices import add_color_argument
from vegas_table.cli.progress import progress
from vegas_table.common.extras import missing_extra
from vegas_table.common.logs import configure_logging
from vegas_table.replays.audit import AuditError, audit_replay
from vegas_table.replays.audit.plot import write_plot
from vegas_table.replays.audit.render import render_audit
from vegas_table.replays.format import ReplayFormatError, read_replay
from vegas_table.replays.stepper import COMMANDS, ReplayStepper, StepperError
from vegas_table.replays.verify import VerificationReport, verify_path
from vegas_table.replays.verify_render import render_report, render_totals

log = structlog.get_logger("replays")
PIPED_WIDTH = 150


def register(commands: Any) -> None:
    parser = commands.add_parser("replay", help="verify, step through and audit replay files",
                                 description=__doc__)
    jobs = parser.add_subparsers(dest="replay_command", metavar="JOB", required=True)
    verify = jobs.add_parser("verify", help="re-run replay files and check every record",
                             description="Re-run each game from its header and actions and check every hash, "
                             "the chain, the events and the result. Exit 0 only if every file verifies.")
    verify.add_argument("files", nargs="+", type=Path, metavar="FILE", help="replay files (.jsonl) to verify")
    verify.add_argument("--json", action="store_true", help="print one JSON report per file (a JSON list)")
    _logging_options(verify)
    verify.set_defaults(func=run_verify)
    show = jobs.add_parser("show", help="step through a game on the board: next, previous, turn N, next gamble",
                           description=show_description())
    show.add_argument("file", type=Path, metavar="FILE", help="the replay file (.jsonl) to step through")
    add_color_argument(show)
    _logging_options(show)
    show.set_defaults(func=run_show)
    audit = jobs.add_parser("audit", help="who made and lost money where, trades, gambles, luck and dice",
                            description="Verify a replay, then audit it: per player where the money came from "
                            "and went, points per casino, every trade and gamble, the luck of the dice and "
                            "a chi-square test of their fairness.")
    audit.add_argument("file", type=Path, metavar="FILE", help="the replay file (.jsonl) to audit")
    audit.add_argument("--json", action="store_true", help="print the audit as one JSON object")
    audit.add_argument("--plot", type=Path, metavar="PNG", help="write score and money over the turns as a PNG")
    _logging_options(audit)
    audit.set_defaults(func=run_audit)


def show_description() -> str:
    """The viewer's commands as a list, one a line (the formatter keeps indented lines as they are)."""
    width = max(len(command) for command, _ in COMMANDS)
    keys = "\n".join(f"  {command:<{width}}  {what}" for command, what in COMMANDS)
    return (f"Step through a replay on the client's board view. Commands:\n\n{keys}\n\n"
            "The arrow keys step when the command line is empty.")


def _logging_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--log-json", action="store_true", help="log as JSON lines (on stderr)")
    parser.add_argument("--log-level", default="warning", type=str.lower, choices=("debug", "info", "warning", "error"),
                        help="the least important log lines shown (default: %(default)s)")


def run_verify(args: argparse.Namespace) -> int:
    configure_logging(json=args.log_json, level=args.log_level)
    console = Console(stderr=args.json, highlight=False)
    reports: list[VerificationReport] = []
    started = time.perf_counter()
    with progress(console, "verifying", len(args.files), "files", shown=len(args.files) > 1) as tracker:
        for path in args.files:
            report = verify_path(path)
            reports.append(report)
            log.info("replay_verified", file=str(path), status=report.status, actions=report.actions,
                     line=report.problem.line if report.problem else None)
            if not args.json:
                render_report(report, tracker.console)
            tracker.advance(1)
    seconds = time.perf_counter() - started
    if args.json:
        print(json.dumps([r.to_json() for r in reports], indent=2))
    elif len(reports) > 1:
        render_totals(reports, seconds, console)
    return 0 if all(r.ok for r in reports) else 1


def run_show(args: argparse.Namespace) -> int:
    configure_logging(json=args.log_json, level=args.log_level)
    console = Console(stderr=True, highlight=False)
    try:
        stepper = ReplayStepper(read_replay(args.file))
    except (OSError, ReplayFormatError, StepperError) as error:
        console.print(f"[red]vegas replay show:[/] {escape(str(error))}")
        return 1
    from vegas_table.client.replay_viewer import ReplayViewer  # prompt_toolkit's screen only when there is one to show

    ReplayViewer(stepper, str(args.file), color=args.color).run()
    return 0


def run_audit(args: argparse.Namespace) -> int:
    configure_logging(json=args.log_json, level=args.log_level)
    console = Console(stderr=args.json, highlight=False)
    if not console.is_terminal:
        console.width = max(console.width, PIPED_WIDTH)  # a file or a pipe: wide tables rather than folded
    if args.plot and (missing := missing_extra("plot", "--plot")):
        console.print(f"[red]vegas replay audit:[/] {escape(missing)}")
        return 2
    try:
        audit = audit_replay(read_replay(args.file))
    except (OSError, ReplayFormatError, AuditError) as error:
        console.print(f"[red]vegas replay audit:[/] {escape(str(error))}")
        return 1
    if args.json:
        print(json.dumps(audit.to_json(), indent=2, ensure_ascii=False))
    else:
        render_audit(audit, console)
    if args.plot:
        write_plot(audit, args.plot)
        console.print(f"wrote {escape(str(args.plot))}")
        log.info("audit_plotted", file=str(args.file), plot=str(args.plot))
    return 1 if audit.reconciliation else 0
