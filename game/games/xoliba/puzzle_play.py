"""Playing one Xoliba solitaire puzzle: a level of levels/, or a random deal proved winnable.

The play scene with a puzzle's extras: the move counter against par, hints from the solver
(in the worker process, with a visible "thinking" state; or at once from the level's own
line while the player follows it), restart, giving up (which shows the solution move by
move), the attempt saved after every move in the puzzle progress file, and a solved
celebration leading to the next level.
"""
from __future__ import annotations

import pygame

from game.services import saves
from game.services.session import SessionConfig
from game.core.state import IllegalMoveError
from game.games.xoliba.puzzle_progress import PuzzleKeeper, near_par_margin, stars_for
from game.games.xoliba import rules as xoliba
from game.games.xoliba.levels import Level
from game.scenes.play import PlayScene
from sprites.puzzle_icons import draw_stars

SOLUTION_STEP = 1.1            # seconds between the moves of a shown solution
HUMAN = saves.Seat("human", None)


class PuzzleScene(PlayScene):
    """The play screen with a puzzle's panel, hints from the solver, the solution shown on
    giving up, and the solved banner; the session keeps the attempt in the progress file
    and counts nothing in the statistics."""
    exit_name = "levels"

    def __init__(self, app, level: Level, progress, levels: list | None = None):
        self.level = level
        self.progress = progress
        self.levels = levels or []              # the ladder, for "Next level" (not for deals)
        self.is_deal = level.kind == "random"
        self.keeper = PuzzleKeeper(progress, level)
        state, problem = self._resume_attempt()
        super().__init__(app, state, [HUMAN], config=SessionConfig(
            keeper=self.keeper, records_stats=False, pace=SOLUTION_STEP))
        if problem:
            self.session.notice = problem
        self.hint: dict | None = None           # the solver's answer for this position
        self.hint_job: int | None = None        # the worker request computing it
        self.hint_key = None                    # the history the hint is for
        self.hint_time = 0.0                    # seconds the solver has been thinking
        progress.current = level.id

    def enter(self) -> None:
        super().enter()
        self.app.worker.warm_up()       # a first hint then does not wait for a process

    @property
    def solved(self):
        return self.keeper.solved

    @property
    def hints_used(self) -> int:
        return self.keeper.hints

    @property
    def solution(self) -> list | None:
        """The level's line, while it is being shown."""
        return self.session.script

    # --- the attempt ---------------------------------------------------------------------
    def _saved_moves(self) -> list:
        if self.is_deal:
            return list((self.progress.deal or {}).get("moves", []))
        return list(self.progress.attempts.get(self.level.id, []))

    def _resume_attempt(self) -> tuple:
        """The level's board with the saved attempt's moves played again."""
        state = self.level.new_game()
        moves = self._saved_moves()
        for number, text in enumerate(moves, 1):
            try:
                state.play(state.parse_move(text))
            except (IllegalMoveError, ValueError) as exc:
                return self.level.new_game(), (f"The saved attempt could not be replayed "
                                               f"(move {number} {text!r}: {exc}); it starts afresh.")
        return state, ""

    # --- the scene's actions -------------------------------------------------------------
    def game_actions(self) -> list:
        if self.solution is not None:
            return [("Try it yourself", self.restart)]
        if self.solved is not None:
            return [("Restart", self.restart)]
        actions = [("Hint", self.request_hint), ("Restart", self.restart)]
        if self.hint and self.hint.get("status") == "lost" and self.hint.get("index") is not None:
            actions.append(("Rewind", self.back_to_winnable))
        elif not self.state.is_over:
            actions.append(("Give up", self.give_up))
        return actions

    def ask_hint(self) -> None:
        self.request_hint()

    def restart(self) -> None:
        self.keeper.showing_solution = False
        self._forget_solved()
        super().restart()

    def jumped(self) -> None:
        if not self.state.is_over:
            self._forget_solved()       # taking the last move back: play on for a better score
        super().jumped()

    def _forget_solved(self) -> None:
        """The solve stays recorded in the progress; the scene plays on as unsolved."""
        self.keeper.solved = None
        self.celebration = None

    def give_up(self) -> None:
        self.app.open("confirm", "Give up?", f"The solution ({self.level.par} moves) is then "
                      f"shown move by move; you can try again after it.", "Show the solution",
                      self.show_solution, "Keep trying", None)

    def show_solution(self) -> None:
        self.app.worker.cancel()
        self.hint_job = None
        if self.is_deal:
            if self.progress.deal is not None:
                self.progress.deal["moves"] = []
        else:
            self.progress.attempts.pop(self.level.id, None)
        self.session.save()
        self.keeper.showing_solution = True
        self.show(self.session.replace(self.level.new_game(), script=list(self.level.line)))

    def back_to_winnable(self) -> None:
        index = (self.hint or {}).get("index")
        if index is None:
            return
        while len(self.state.history) > index and self.state.can_undo:
            self.state.undo()
        self.show(self.session.jumped())

    def next_level(self) -> Level | None:
        """The next level of the ladder, if it is open now."""
        if self.is_deal or self.level not in self.levels:
            return None
        index = self.levels.index(self.level) + 1
        if index < len(self.levels) and self.progress.is_open(self.levels, index):
            return self.levels[index]
        return None

    def play_next(self) -> None:
        level = self.next_level()
        if level is not None:
            self.app.worker.cancel()
            self.app.switch_to("puzzle", level, self.progress, self.levels)

    def new_deal(self) -> None:
        self.app.worker.cancel()
        self.app.switch_to("deal_search", self.progress, self.levels)

    def exit_to(self) -> None:
        """Back to the level select (under this scene on the stack)."""
        self.leave()
        select = self.app.find("solitaire")
        if select is None:                  # (opened some other way)
            self.app.home()
            self.app.open("puzzles")
            self.app.open("solitaire")
            return
        while self.app.scene is not select:
            self.app.pop()

    # --- hints ---------------------------------------------------------------------------
    def request_hint(self) -> None:
        if self.solution is not None or self.view.animating or self.hint_job is not None:
            self.app.sounds.play("illegal")
            return
        state = self.state
        if state.is_over and state.outcome.winner == 0:
            self.app.sounds.play("illegal")
            return
        self.keeper.hint_used()
        self.hint_key = tuple(state.history)
        played = state.move_list()
        line = self.level.line
        if not state.is_over and played == line[:len(played)]:
            # Still on the level's own winning line: its next move is a proved hint.
            self._show_hint({"status": "won", "move": line[len(played)],
                             "length": len(line) - len(played), "proven": False,
                             "from_line": True})
            return
        self.hint = {"status": "thinking"}
        self.hint_job = self.app.worker.request_job(
            "game.games.xoliba.jobs:solitaire_hint", {"positions": self._positions()})
        self.hint_time = 0.0

    def _positions(self) -> list[str]:
        """The position text of every position of the game, first to current."""
        replay = self.level.new_game()
        texts = [xoliba.position_text(replay.board)]
        for move in self.state.history:
            replay.play(move)
            texts.append(xoliba.position_text(replay.board))
        return texts

    def _show_hint(self, hint: dict) -> None:
        self.hint = hint
        self.app.sounds.play("menu_confirm" if hint.get("status") == "won" else "illegal")
        self.rebuild()          # the panel's actions may change ("Back to move n")

    def _clear_hint(self) -> None:
        if self.hint_job is not None:
            self.app.worker.cancel()
            self.hint_job = None
        if self.hint is not None:
            self.hint = None
            self.rebuild()

    def settled(self) -> None:
        if self.hint_key != tuple(self.state.history):
            self._clear_hint()          # a hint (or its search) for another position
        super().settled()

    def shown_hint(self):
        return self._hinted_move()

    def _hinted_move(self):
        """The solver's move, when its hint found a win."""
        hint = self.hint
        if not hint or hint.get("status") != "won" or not hint.get("move"):
            return None
        try:
            return self.state.parse_move(hint["move"])
        except (IllegalMoveError, ValueError):
            return None

    # --- per frame -----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.hint_job is not None:
            self.hint_time += dt
            reply = self.app.worker.poll()
            if reply is not None:
                self.hint_job = None
                if reply.error:
                    self._show_hint({"status": "error",
                                     "message": reply.error.splitlines()[0]})
                else:
                    self._show_hint(reply.result)

    def celebrates(self) -> bool:
        return self.solved is not None          # not a shown solution

    # --- the side panel and the board ----------------------------------------------------
    def panel_title(self) -> str:
        if self.is_deal:
            return self.level.title
        return f"{self.level.id.lstrip('0') or '0'}. {self.level.title}"

    def panel_subtitle(self) -> list[str]:
        if self.is_deal:
            return ["A random deal, proved winnable · capture every blue piece"]
        level = self.level
        best = self.progress.best.get(level.id)
        text = f"Xoliba solitaire · {level.difficulty_name}"
        if best is not None:
            stars = stars_for(level.par, best)
            text += f" · best {best} ({stars} star{'s' if stars != 1 else ''})"
        return [text]

    def panel_lines(self) -> list:
        palette = self.app.palette
        state = self.state
        moves = len(state.history)
        par = self.level.par
        par_name = "par" if not self.is_deal else "the solver's line"
        lines = []
        colour = None if moves <= par else (
            palette.accent if moves <= par + near_par_margin(par) else palette.highlight_bad)
        lines.append((f"Moves: {moves} · {par_name} {par}", colour))
        if self.solution is not None:
            lines.append((f"The solution: move {moves} of {len(self.solution)}. "
                          f"Try it yourself when you like.", palette.accent))
        hint = self.hint
        if hint is not None:
            lines.append((self._hint_text(hint), palette.highlight_good
                          if hint.get("status") == "won" else palette.accent))
        if self.hints_used:
            lines.append((f"Hints used: {self.hints_used}", None))
        return lines

    def _hint_text(self, hint: dict) -> str:
        status = hint.get("status")
        if status == "thinking":
            dots = "." * (1 + int(self.hint_time * 3) % 3)
            seconds = int(self.hint_time)
            return f"Hint: the solver is thinking{dots} ({seconds} s)"
        if status == "won":
            if not hint.get("move"):
                return "Solved: no blue piece is left."
            length = hint.get("length")
            how = "the level's line" if hint.get("from_line") else (
                "a shortest line" if hint.get("proven") else "a line the solver found")
            return f"Hint: {hint['move']} still wins ({how}: {length} move" \
                   f"{'s' if length != 1 else ''} from here)."
        if status == "lost":
            index = hint.get("index")
            if index is None:
                return "This position cannot be won any more, and the solver found no " \
                       "earlier position of this game that could."
            where = "the starting position" if index == 0 else \
                f"the position after your move {index}"
            sure = "" if hint.get("exact") else " (as far as the solver could decide)"
            then = f"; from there {hint['move']} wins" if hint.get("move") else ""
            return f"This position cannot be won any more. The last one that could still be " \
                   f"won is {where}{sure}{then}. Rewind goes back to it."
        if status == "undecided":
            return f"The solver could not decide this position within " \
                   f"{hint.get('seconds', 0):g} s. Try again after another move."
        return f"The hint failed: {hint.get('message', 'unknown error')}"

    def status_text(self) -> str:
        if self.solution is not None and not self.state.is_over:
            return "The solution is being shown"
        return super().status_text()

    def draw_board_overlay(self, surface) -> None:
        super().draw_board_overlay(surface)             # the hint ring, the confetti
        if self.solved is not None:
            self._draw_solved_banner(surface)

    def _draw_solved_banner(self, surface) -> None:
        """"Solved in n moves!" and the stars: beside the board when the view has its
        column there, else over the board's top edge."""
        from game.ui.text import draw_text, fit_text
        s = self.app.scale
        palette = self.app.palette
        view = self.view
        if view.has_column and view.column.w >= round(180 * s):
            banner = pygame.Rect(view.column.x, view.column.centery - round(65 * s),
                                 view.column.w, round(130 * s))
        else:
            banner = pygame.Rect(0, 0, round(min(view.area.w * 0.8, 300 * s)), round(120 * s))
            banner.midtop = (view.area.centerx, view.area.y + round(12 * s))
        pygame.draw.rect(surface, palette.panel, banner, border_radius=round(14 * s))
        pygame.draw.rect(surface, palette.accent, banner, 3, border_radius=round(14 * s))
        moves = len(self.state.history)
        width = banner.w - round(16 * s)
        draw_text(surface, fit_text("Solved!", round(28 * s), width, True),
                  (banner.centerx, banner.y + banner.h * 0.24), round(28 * s), palette.accent,
                  True, anchor="center")
        par = "the solver's" if self.is_deal else "par"
        draw_text(surface, fit_text(f"{moves} move{'s' if moves != 1 else ''} · {par} "
                                    f"{self.level.par}", round(17 * s), width),
                  (banner.centerx, banner.y + banner.h * 0.5), round(17 * s), palette.text,
                  anchor="center")
        draw_stars(surface, (banner.centerx, banner.y + banner.h * 0.76), round(15 * s), 3,
                   self._stars(), palette.accent, palette.text_dim)

    def _stars(self) -> int:
        solved = self.solved
        return solved if isinstance(solved, int) else (solved.stars if solved else 0)

    # --- the results card ----------------------------------------------------------------
    @property
    def allows_take_back(self) -> bool:
        return self.solution is None and self.solved is None

    def result_headline(self) -> str:
        if self.solution is not None:
            return "The solution"
        if self.solved is not None:     # the banner on the board already says "Solved!"
            return "Random deal solved" if self.is_deal else f"{self.level.title}: solved"
        return "Not solved"

    def result_reason(self) -> str:
        state = self.state
        moves = len(state.history)
        par = self.level.par
        if self.solution is not None:
            return f"Par is {par} moves. Now try it yourself."
        if self.solved is None:
            blue = xoliba.counts(state.board)[xoliba.BLUE]
            return f"Red cannot form a triangle any more, with {blue} blue " \
                   f"piece{'s' if blue != 1 else ''} left. Take the move back, ask where it " \
                   f"went wrong, or start again."
        parts = [f"{moves} move{'s' if moves != 1 else ''}; "
                 f"{'the solver needed' if self.is_deal else 'par is'} {par}."]
        stars = self._stars()
        parts.append(f"{stars} star{'s' if stars != 1 else ''}: 3 at par or better, 2 within "
                     f"{near_par_margin(par)} moves of par, one less for each hint.")
        if moves < par:
            parts.append("Better than par!")
        solved = self.solved
        if not self.is_deal and solved.previous_best is not None:
            parts.append("A new best!" if solved.new_best
                         else f"Your best is {solved.best}.")
        if self.hints_used:
            parts.append(f"Hints used: {self.hints_used}.")
        return " ".join(parts)

    def result_actions(self) -> list:
        actions = []
        if self.is_deal:
            actions.append(("New random deal", self.new_deal))
        elif self.next_level() is not None:
            actions.append(("Next level", self.play_next))
        if self.solved is None and self.solution is None:
            actions.append(("Where did it go wrong?", self.request_hint))
        actions.append(("Try again" if self.solution is not None else "Play again",
                        self.restart))
        return actions

    def result_sound(self) -> str:
        return "win" if self.solved is not None else ("draw" if self.solution else "loss")
