"""Runs the computer's search in a separate process, so the frame loop never waits.

One persistent worker process serves requests one at a time. Cancelling a request kills
the process (a pure-Python search cannot be interrupted from outside any other way) and a
new one starts with the next request. Every request carries an id: a reply to an old,
cancelled request is never mistaken for the current one.
"""
from __future__ import annotations

import multiprocessing
import traceback
from dataclasses import dataclass


def _serve(conn) -> None:
    import game.ai
    import game.rules
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        request_id, game_name, state_json, level = request
        try:
            spec = game.rules.get(game_name)
            state = spec.from_json(state_json)
            move = game.ai.choose_move(state, level)
            conn.send((request_id, state.format_move(move), None))
        except Exception as exc:  # reported to the player, who may take over the seat
            conn.send((request_id, None, f"{type(exc).__name__}: {exc}\n"
                                          f"{traceback.format_exc(limit=4)}"))


@dataclass
class Reply:
    request_id: int
    move_text: str | None
    error: str | None


class AIWorker:
    def __init__(self):
        self._context = multiprocessing.get_context("spawn")
        self._process = None
        self._conn = None
        self._next_id = 1
        self.pending_id: int | None = None

    def _ensure_process(self) -> None:
        if self._process is not None and self._process.is_alive():
            return
        parent_conn, child_conn = self._context.Pipe()
        self._process = self._context.Process(target=_serve, args=(child_conn,), daemon=True,
                                              name="little-abstracts-ai")
        self._process.start()
        child_conn.close()
        self._conn = parent_conn

    def warm_up(self) -> None:
        """Start the process early so the first move does not pay for its start-up."""
        self._ensure_process()

    def request(self, state, level) -> int:
        """Ask for a move for `state` (a copy is serialised); returns the request id."""
        self.cancel()
        self._ensure_process()
        request_id = self._next_id
        self._next_id += 1
        self._conn.send((request_id, state.spec.name, state.to_json(), level))
        self.pending_id = request_id
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
                reply = Reply(*self._conn.recv())
                if reply.request_id == self.pending_id:
                    self.pending_id = None
                    return reply
        except (EOFError, OSError) as exc:
            failed = self.pending_id
            self.pending_id = None
            self._discard_process()
            return Reply(failed, None, f"the computer player stopped unexpectedly ({exc})")
        if not self._process.is_alive():
            failed = self.pending_id
            self.pending_id = None
            self._discard_process()
            return Reply(failed, None, "the computer player stopped unexpectedly")
        return None

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
