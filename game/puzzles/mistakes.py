"""Puzzles cut from the player's own mistakes, in the games kept in the data folder
(game/records/kept_games.py).

A kept game is analysed (game/ai/analysis.py: the moves whose mover's value fell by its
THRESHOLD are blunders); at each blunder of a human seat ("You", "Player 2" in the
record's `Seat <title>` headers) the game's kit (game/puzzles/kit.py) tries the goals of
`mistake_kinds` there, and the first goal it proves makes a puzzle, unless the move
played in the game was one of its answers (then the goal was not what went wrong). At
most MOST_PER_GAME puzzles a game, the earliest blunders first.

An own puzzle's id is OWN_PREFIX and a hash of its record and answers; its source says
"your game of <date> against <opponent>, move N" (N the record's move number). Its grade
and rating are fixed, OWN_GRADE and OWN_RATING (medium, the middle of the generator's
medium band): how much the move lost says what the mistake cost, not how hard the right
move is to find, and nobody else plays the puzzle to measure it; the player's rating does
not count it (game/puzzles/progress.py). The loss is kept in its measures.

MistakeMiner looks through the kept games in a daemon thread: newest first, those the
progress has not marked analysed, at most `games` of them a start. The analysis and the
proofs run in a worker process of the miner's own (game/ai/worker.py, the job
`mine_job`), so neither the frame loop nor the app's computer players wait for them, and
stop() ends them at once. A game whose kit does not import (still to come) is left for a
later start; a game that cannot be read or analysed is marked analysed, with a message.
The screen calls poll() each frame: it moves what was found into the progress.
"""
from __future__ import annotations

import datetime
import hashlib
import queue
import threading

import game.records
from game.ai.analysis import analyse_record
from game.ai.worker import AIWorker, registered_spec
from game.core.registry import load_reference
from game.puzzles import Puzzle, kit_reference, puzzle_from_data
from game.puzzles.progress import OWN_PREFIX, puzzle_data, save_progress_soon
from game.records import kept_games
from game.services.session import seat_named

MOST_PER_GAME = 3           # own puzzles cut from one kept game at most
GAMES_PER_START = 3         # kept games a miner analyses before it stops by itself
OWN_GRADE = 2               # "medium"
OWN_RATING = 1350
POLL_SECONDS = 0.1          # how often the miner's thread looks at its worker
JOB = "game.puzzles.mistakes:mine_job"


def game_key(text: str) -> str:
    """The key a kept game is remembered by once analysed: a hash of its record."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def seat_labels(state, headers: dict) -> list[str]:
    """Who sat in each seat: the record's `Seat <title>` headers, else the seats' titles."""
    return [headers.get(f"Seat {title}", title)
            for title in state.spec.seats_for(state.options)]


def human_seats(state, headers: dict) -> list[int]:
    """The seats a person played in the kept game (its headers, as the session wrote
    them: "You", "Player 2")."""
    found = []
    for seat, label in enumerate(seat_labels(state, headers)):
        named = seat_named(label, state.spec.ai_levels)
        if named is not None and not named.is_computer:
            found.append(seat)
    return found


def mistake_puzzles(record_text: str, seats, kits: dict, seconds: float | None = None,
                    most: int = MOST_PER_GAME, should_stop=None) -> list[Puzzle]:
    """The own puzzles of one kept game: at the blunders of `seats`, proven by the kit of
    its game in `kits` (game name -> PuzzleKit; none: no puzzles). `seconds` per position
    of the analysis (None: the game's own); `should_stop()` returning True stops it
    (game.ai.SearchCancelled). ValueError for a record that does not load."""
    final, headers = game.records.loads(record_text)
    kit = kits.get(final.spec.name)
    if kit is None or not seats:
        return []
    analysis = analyse_record(record_text, seconds=seconds, should_stop=should_stop)
    blunders = {index for index in analysis["blunders"] if analysis["movers"][index] in seats}
    labels = seat_labels(final, headers)
    date = headers.get("Date", "")[:10] or "an unknown date"
    replay = final.spec.new_game(seed=final.seed, options=final.options)
    found = []
    for index, move in enumerate(final.history):
        if len(found) >= most:
            break
        if index in blunders:
            loss = (analysis["assessments"][index]["values"][replay.to_play]
                    - analysis["assessments"][index + 1]["values"][replay.to_play])
            opponents = " and ".join(label for seat, label in enumerate(labels)
                                     if seat != replay.to_play)
            puzzle = _puzzle_at(replay, move, kit, loss,
                                f"your game of {date} against {opponents}, move {index + 1}")
            if puzzle is not None:
                found.append(puzzle)
        replay.play(move)
    return found


def _puzzle_at(state, played, kit, loss: float, source: str) -> Puzzle | None:
    """The first goal of the kit proven at `state` that the move `played` missed."""
    played_text = state.format_move(played)
    for kind, n in kit.mistake_kinds(state.copy()):
        proof = kit.prove(state.copy(), kind, n)
        if proof is None or played_text in proof.answers:
            continue
        record = game.records.dumps(state)
        digest = hashlib.sha256("\n".join((record, *proof.answers)).encode("utf-8"))
        return Puzzle(
            game=state.spec.name, record=record, goal=kit.goal(kind, n),
            answers=tuple(proof.answers), forced=proof.forced,
            id=OWN_PREFIX + digest.hexdigest()[:16], kind=kind, n=n, grade=OWN_GRADE,
            rating=OWN_RATING, explanation=proof.explanation,
            notes=(*proof.notes, f"In the game you played {played_text}."), source=source,
            set_name=state.spec.name, measures={**proof.measures, "loss": round(loss, 3)})
    return None


def mine_job(args: dict, report) -> dict:
    """The worker's job (game/ai/worker.py): args "game", "source" (the module of its
    rules, for a game registered only in the app's process), "record", "seats", "kit"
    (the kit's reference), "seconds" (None: the game's own). Returns {"puzzles": [plain
    data]} or, when the kit does not import, {"no_kit": why}."""
    registered_spec(args["game"], args["source"])
    try:
        kit = load_reference(args["kit"])
    except (ImportError, AttributeError) as exc:
        return {"no_kit": f"{type(exc).__name__}: {exc}"}
    puzzles = mistake_puzzles(args["record"], args["seats"], {args["game"]: kit},
                              args.get("seconds"))
    return {"puzzles": [puzzle_data(puzzle) for puzzle in puzzles]}


class MistakeMiner:
    """Own puzzles from the kept games, found in the background (see the module's
    docstring). Starts at once; poll() each frame; stop() to end it early."""

    def __init__(self, progress, games: int = GAMES_PER_START, seconds: float | None = None):
        self.progress = progress        # changed by poll() only: on the caller's thread
        self.messages: list[str] = []   # kept games that could not be analysed
        self._analysed = set(progress.analysed_games)
        self._found: queue.SimpleQueue = queue.SimpleQueue()   # (key, puzzles, message)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(games, seconds),
                                        name="mistake miner", daemon=True)
        self._thread.start()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def stop(self) -> None:
        """End the search now (its worker process is stopped); returns at once."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the miner's thread to end; whether it has."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def poll(self) -> list[Puzzle]:
        """The own puzzles found since the last call, added to the progress (their games
        marked analysed, the progress saved by the background writer). Never blocks."""
        found, changed = [], False
        while True:
            try:
                key, puzzles, message = self._found.get_nowait()
            except queue.Empty:
                break
            found += self.progress.add_mistakes(puzzles, datetime.date.today())
            self.progress.mark_analysed(key)
            if message:
                self.messages.append(message)
            changed = True
        if changed:
            save_progress_soon(self.progress)
        return found

    # --- the thread -------------------------------------------------------------------------
    def _run(self, games: int, seconds: float | None) -> None:
        worker = None
        no_kit = set()                      # games whose kit does not import yet
        try:
            for path in reversed(kept_games.kept_files()):
                if games <= 0 or self._stop.is_set():
                    return
                try:
                    with open(path, "rb") as handle:
                        text = handle.read(game.records.MAX_BYTES + 1).decode("utf-8")
                except OSError:             # gone meanwhile (the oldest are removed)
                    continue
                except UnicodeDecodeError:
                    text = ""               # loads names the fault below
                key = game_key(text or path.name)
                if key in self._analysed:
                    continue
                try:
                    state, headers = game.records.loads(text)
                except ValueError as exc:
                    self._found.put((key, [], f"The kept game {path.name} could not be "
                                               f"looked at for your mistakes: {exc}"))
                    continue
                name = state.spec.name
                seats = human_seats(state, headers)
                reference = kit_reference(name)
                if not seats:
                    self._found.put((key, [], None))
                    continue
                if not reference or name in no_kit:
                    continue                # no puzzles for its game (yet): left for later
                worker = worker or AIWorker()
                reply = self._ask(worker, {
                    "game": name, "source": state.spec.state_class.__module__,
                    "record": text, "seats": seats, "kit": reference, "seconds": seconds})
                if reply is None:
                    return                  # stopped
                if reply.error is None and "no_kit" in reply.result:
                    no_kit.add(name)
                    continue
                games -= 1
                if reply.error is not None:
                    self._found.put((key, [], f"The kept game {path.name} could not be "
                                               f"analysed for your mistakes: "
                                               f"{reply.error.splitlines()[0]}"))
                else:
                    self._found.put((key, *self._rebuilt(reply.result["puzzles"], name,
                                                         path.name)))
        finally:
            if worker is not None:
                worker.shutdown()

    def _ask(self, worker, args: dict):
        """The worker's reply to the job on `args`, or None when stopped first."""
        worker.request_job(JOB, args)
        while not self._stop.wait(POLL_SECONDS):
            reply = worker.poll()
            if reply is not None:
                return reply
        worker.cancel()
        return None

    @staticmethod
    def _rebuilt(found: list, game_name: str, file_name: str) -> tuple[list, str | None]:
        """The worker's puzzles, checked again as any puzzle read from data is, and a
        message naming one that does not hold."""
        puzzles, message = [], None
        for data in found:
            try:
                puzzles.append(puzzle_from_data(data, game_name))
            except ValueError as exc:
                message = f"A puzzle of the kept game {file_name} was left out: {exc}"
        return puzzles, message
