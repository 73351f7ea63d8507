"""Runs the computer's search in a separate process, so the frame loop never waits.

One persistent worker process serves requests one at a time. Cancelling a request kills
the process (a pure-Python search cannot be interrupted from outside any other way) and a
new one starts with the next request. Every request carries an id: a reply to an old,
cancelled request is never mistaken for the current one.

Besides moves, the worker runs background jobs, each a function named by its reference
("module:function", e.g. game.ai.analysis:analyse_job, the analysis of a record): it
takes plain data and a `report(value)` callback, which may report progress on the way,
and returns plain data.
"""
from __future__ import annotations

import multiprocessing
import traceback
from dataclasses import dataclass


def registered_spec(game_name: str, source: str):
    """The registered game `game_name`; a game registered only in the app's process (a
    test's own game) is registered here from `source`, the module defining its rules."""
    import game.rules
    try:
        return game.rules.get(game_name)
    except KeyError:
        from importlib import import_module
        for value in vars(import_module(source)).values():
            if isinstance(value, game.rules.GameSpec) and value.name == game_name:
                return game.rules.register(value)
        raise


def _serve(conn) -> None:
    import game.ai
    game.ai.load_players()
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        request_id, kind, payload = request
        try:
            if kind == MOVE:
                game_name, source, state_json, level = payload
                state = registered_spec(game_name, source).from_json(state_json)
                move = game.ai.choose_move(state, level)
                conn.send((request_id, MOVE, state.format_move(move)))
            else:
                from game.core.registry import load_reference
                job, args = payload

                def report(value, request_id=request_id):
                    conn.send((request_id, PROGRESS, value))
                conn.send((request_id, JOB, load_reference(job)(args, report)))
        except Exception as exc:  # reported to the player, who may take over the seat
            conn.send((request_id, ERROR, f"{type(exc).__name__}: {exc}\n"
                                          f"{traceback.format_exc(limit=4)}"))


MOVE, JOB, PROGRESS, ERROR = "move", "job", "progress", "error"


@dataclass
class Reply:
    request_id: int
    move_text: str | None = None     # a move request's answer
    error: str | None = None
    result: object = None            # a job's answer


class AIWorker:
    def __init__(self):
        self._context = multiprocessing.get_context("spawn")
        self._process = None
        self._conn = None
        self._next_id = 1
        self.pending_id: int | None = None
        self.progress = None            # the pending job's last progress report
        self._reports: list = []        # its reports not yet taken (take_reports)

    def _ensure_process(self) -> None:
        if self._process is not None and self._process.is_alive():
            return
        parent_conn, child_conn = self._context.Pipe()
        self._process = self._context.Process(target=_serve, args=(child_conn,), daemon=True,
                                              name="little-abstracts-ai")
        self._process.start()
        child_conn.close()
        self._conn = parent_conn

    # Quick questions, answered in this process (the session asks the computer through
    # the worker only).
    @staticmethod
    def accepts_end(state, seat: int) -> bool:
        """Whether the computer in `seat` agrees to end the game now."""
        import game.ai
        return game.ai.accepts_end(state, seat)

    @staticmethod
    def choose_now(state, level):
        """A move chosen here and now (the tutorial's suggestion at a weak level), the
        same for the same position."""
        import random

        import game.ai
        return game.ai.choose_move(state, level, random.Random(len(state.history)))

    def warm_up(self) -> None:
        """Start the process early so the first move does not pay for its start-up."""
        self._ensure_process()

    def request(self, state, level) -> int:
        """Ask for a move for `state` (a copy is serialised); returns the request id."""
        spec = state.spec
        return self._send(MOVE, (spec.name, spec.state_class.__module__, state.to_json(),
                                 level))

    def request_job(self, job: str, args) -> int:
        """Run the job `job` ("module:function") on `args` (plain data); returns the id."""
        return self._send(JOB, (job, args))

    def _send(self, kind: str, payload) -> int:
        self.cancel()
        self._ensure_process()
        request_id = self._next_id
        self._next_id += 1
        self._conn.send((request_id, kind, payload))
        self.pending_id = request_id
        self.progress = None
        self._reports = []
        return request_id

    @property
    def busy(self) -> bool:
        return self.pending_id is not None

    def poll(self) -> Reply | None:
        """The reply to the pending request if it has arrived; never blocks."""
        if self.pending_id is None or self._conn is None:
            return None
        try:
            while self._conn.poll():
                request_id, kind, value = self._conn.recv()
                if request_id != self.pending_id:
                    continue                    # from a cancelled request
                if kind == PROGRESS:
                    self.progress = value
                    self._reports.append(value)
                    continue
                self.pending_id = None
                if kind == ERROR:
                    return Reply(request_id, error=value)
                if kind == MOVE:
                    return Reply(request_id, move_text=value)
                return Reply(request_id, result=value)
        except (EOFError, OSError) as exc:
            failed = self.pending_id
            self.pending_id = None
            self._discard_process()
            return Reply(failed, error=f"the computer player stopped unexpectedly ({exc})")
        if not self._process.is_alive():
            failed = self.pending_id
            self.pending_id = None
            self._discard_process()
            return Reply(failed, error="the computer player stopped unexpectedly")
        return None

    def take_reports(self) -> list:
        """Every progress report poll() read since the last call, oldest first (a job
        that reports each step: the analysis of each position)."""
        taken, self._reports = self._reports, []
        return taken

    def cancel(self) -> None:
        """Abandon the pending request; its search is stopped at once."""
        if self.pending_id is None:
            return
        self.pending_id = None
        self._discard_process()

    def _discard_process(self) -> None:
        if self._process is not None:
            if self._process.is_alive():
                self._process.kill()
            self._process.join(timeout=2)
        if self._conn is not None:
            self._conn.close()
        self._process = None
        self._conn = None

    def shutdown(self) -> None:
        self.pending_id = None
        self._discard_process()

    @property
    def process_alive(self) -> bool:
        return self._process is not None and self._process.is_alive()
