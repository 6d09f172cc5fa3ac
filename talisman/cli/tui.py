"""The terminal game on Textual: the map, the whole log, the decision, the sheets.

The screen shows the board as a map (regions in their colours, each piece in
its seat's colour, the option number of every space an option leads to), the
whole log in a scrollable pane (each bot's move appears as it is made, at the
pace of ``--bot-delay``), the current decision's options as a list to pick
with the arrow keys and Enter, a number key or the mouse (each option followed
by the text of the card or space it involves), and every character's sheet
(a seat's own Spells by name, the others' counted). ``?`` opens the rules at
hand for the highlighted option; ``help NAME`` in the command line finds the
text of any card, space, Spell, character or game option. Ctrl+S sets the
person's standing answers (``never ask me to reroll with Fate``...,
:mod:`talisman.engine.standing`): the decisions they cover are answered at
once, with a line in the log; a person begins with a new player's, and a Fate
reroll is then offered for a few seconds beside the roll (Enter keeps it, a
number picks another way), the roll kept when the time is up.

With ten options or more a number is typed digit by digit (``1`` then ``2``
for option 12): each digit moves the highlight, Enter takes it. The options
that take nothing (``Take nothing more``) come last, so that Enter never
throws a choice away. A question that appears right after one answered by
itself (a standing answer, a roll kept) ignores keys for a moment, so that a
key meant for the last question does not answer the new one unseen. Ctrl+Q
asks before leaving, and says whether the game is saved. ``--tutorial`` shows
a tip above the question for each step of play as it first comes. ``h`` (or
``hint`` in the command line) shows under the question what the rule-aware bot
would choose, and why in a sentence (:mod:`talisman.bots.hint`): it chooses
nothing.

With two people or more at one keyboard (hot-seat) the log shows what every
seat may read (a Spell drawn is not named); with one person it shows what
that person may read.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Header, Input, OptionList, RichLog, SelectionList, Static
from textual.widgets.option_list import Option

from talisman import tutorial
from talisman.bots import act
from talisman.bots.base import Agent
from talisman.bots.hint import hint
from talisman.bots.loop import play
from talisman.cli import legendary_board as lt
from talisman.cli.board_map import draw, seat_colour
from talisman.cli.rules_text import Entry, character_entry, character_lines, lookup, notes
from talisman.content.places import place_names
from talisman.content.ruleset import Ruleset, ruleset_for
from talisman.engine.decision import Decision
from talisman.engine.game import Game
from talisman.engine.standing import BESIDE_THE_DIE_SECONDS, STANDING_ANSWERS, beside_the_die, decline, standing_answer

CHOOSE = "choose"  # a seat's character chosen by its person when the game begins
BATCH = 50  # bot actions between two redraws when bots play without a pause
TYPING = 1.2  # seconds within which digits typed make one number (option 12: 1 then 2)
GRACE = 0.6  # seconds a question that came right after an automatic answer ignores keys
TAKE_NOTHING = ("done",)  # options that take nothing: listed last, so that Enter never takes them
# The standing answer that covers a kind of question, named at that question (the first prompt too).
STANDING_FOR = {"fate": "no-fate", "others-turn": "spells-that-matter", "counterspell": "spells-own-turn"}


def decision_of(g: Game) -> Decision:
    """The decision a game waits for (one that is not over always waits for one)."""
    d = g.decision
    assert d is not None
    return d


def entry_text(e: Entry) -> Text:
    out = Text(e.title, style="bold")
    out.append(f" ({e.kind})", style="dim")
    if e.text:
        out.append(f"\n{e.text}")
    return out


class HelpScreen(ModalScreen[None]):
    """The rules at hand: texts shown first, and a box to look up any name."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", "Close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    #help-box { width: 90%; height: 80%; border: thick $accent; background: $surface; padding: 0 1; }
    #help-texts { height: 1fr; }
    """

    def __init__(
        self, rules: Ruleset, shown: Sequence[Entry], query: str = "", options: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__()
        self.rules = rules
        self.options = options
        self.shown = list(shown)
        self.query_text = query

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            yield Static("[b]The rules at hand[/b]  (type a name and Enter; Esc closes)")
            yield Input(value=self.query_text, placeholder="a card, space, Spell, character or option", id="help-query")
            with VerticalScroll(id="help-texts"):
                yield Static(id="help-body")

    def on_mount(self) -> None:
        self.show(
            self.shown if not self.query_text else lookup(self.rules, self.query_text, self.options), self.query_text
        )
        self.query_one("#help-query", Input).focus()

    def show(self, found: Sequence[Entry], query: str) -> None:
        body = Text()
        if not found:
            body.append(f"Nothing is called {query!r}." if query else "Type a name to read its rules.")
        for i, e in enumerate(found):
            if i:
                body.append("\n\n")
            body.append_text(entry_text(e))
        self.query_one("#help-body", Static).update(body)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.show(lookup(self.rules, event.value, self.options), event.value.strip())


class StandingScreen(ModalScreen[tuple[str, ...]]):
    """A seat's standing answers: questions it has answered once and for all."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "done", "Done")]
    DEFAULT_CSS = """
    StandingScreen { align: center middle; }
    #standing-box { width: 80; height: auto; border: thick $accent; background: $surface; padding: 0 1; }
    #standing-list { height: auto; }
    """

    def __init__(self, seat: int, name: str, answers: Collection[str]) -> None:
        super().__init__()
        self.seat = seat
        self.seat_name = name
        self.answers = set(answers)

    def compose(self) -> ComposeResult:
        with Vertical(id="standing-box"):
            yield Static(
                f"[b]Standing answers of seat {self.seat + 1}, the {self.seat_name}[/b]\n"
                "Space or a click turns one on or off; Esc when done. They are kept in the save."
            )
            yield SelectionList[str](
                *((text, key, key in self.answers) for key, text in STANDING_ANSWERS.items()), id="standing-list"
            )

    def on_mount(self) -> None:
        self.query_one("#standing-list").focus()

    def action_done(self) -> None:
        chosen = self.query_one("#standing-list", SelectionList).selected
        self.dismiss(tuple(key for key in STANDING_ANSWERS if key in chosen))


class LeaveScreen(ModalScreen[bool]):
    """Leave the game? Says whether it is saved, and where."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Leave"),
        Binding("n,escape", "answer(False)", "Stay"),
    ]
    DEFAULT_CSS = """
    LeaveScreen { align: center middle; }
    #leave-box { width: 70; height: auto; border: thick $warning; background: $surface; padding: 0 1; }
    """

    def __init__(self, saved_to: str | None) -> None:
        super().__init__()
        self.saved_to = saved_to

    def compose(self) -> ComposeResult:
        where = (
            f"It is saved to {self.saved_to}: --load {self.saved_to} goes on with it."
            if self.saved_to
            else "It is not saved (start with --save FILE to keep a game): what was played is lost."
        )
        with Vertical(id="leave-box"):
            yield Static(f"[b]Leave the game?[/b]\n{where}\n\ny: leave   n or Esc: play on", id="leave-text")

    def action_answer(self, leave: bool) -> None:
        self.dismiss(leave)


class PlayApp(App[None]):
    """One game at one terminal: people and bots, to the end or until left."""

    TITLE = "Talisman"
    SUB_TITLE = "an unofficial fan implementation"
    CSS = """
    #main { height: 1fr; }
    #left { width: 1fr; min-width: 60; }
    #map-pane { height: 2fr; border: round $primary; }
    #sheets { height: 14; }
    .sheet { width: 1fr; border: round $secondary; padding: 0 1; }
    #right { width: 68; }
    #prompt { height: auto; padding: 0 1; background: $boost; }
    #tip { height: auto; max-height: 12; padding: 0 1; border: round $success; }
    #hint { height: auto; max-height: 8; padding: 0 1; border: round $accent; }
    #options { height: 1fr; }
    #log { height: 1fr; border: round $primary; }
    #command { dock: bottom; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "rules", "Rules (?)"),
        Binding("h", "hint", "Hint"),
        Binding("ctrl+l", "focus_log", "Log"),
        Binding("ctrl+o", "focus_options", "Options"),
        Binding("ctrl+f", "faster", "Bots faster"),
        Binding("ctrl+s", "standing", "Standing answers"),
        Binding("ctrl+q", "leave", "Leave"),
    ]

    def __init__(
        self,
        controllers: Sequence[str],
        bots: Mapping[int, Agent],
        *,
        game: Game | None = None,
        wanted: Sequence[str | None] = (),
        new_game: Callable[[list[str | None]], Game] | None = None,
        modules: tuple[str, ...] = ("core",),
        options: Mapping[str, Any] | None = None,
        bot_delay: float = 0.3,
        max_turns: int = 2000,
        standing: Mapping[int, Collection[str]] | None = None,
        save_to: str | None = None,
        tutorial: bool = False,
        beside_wait: float = BESIDE_THE_DIE_SECONDS,
    ) -> None:
        super().__init__()
        self.controllers = list(controllers)
        self.bots = dict(bots)
        self.game = game
        self.rules = game.rules if game is not None else ruleset_for(modules)
        self.options = dict(game.options if game is not None else options or {})
        self.wanted = list(wanted)
        self.new_game = new_game
        self.bot_delay = bot_delay
        self.max_turns = max_turns
        humans = [i for i, c in enumerate(self.controllers) if c == "human"]
        self.humans = humans
        self.reader = humans[0] if len(humans) == 1 else None  # whose eyes the log is read with
        self.logged = 0
        self.pending: list[tuple[str, str]] = []  # the options on screen: (id, label)
        self.character_menu: dict[str, str] = {}  # while people choose characters: option id -> character
        self.stopped = ""  # why the game stopped, once it has
        self.left = False  # the person left before the end
        self.sheet_boxes: list[tuple[VerticalScroll, Static]] = []
        self.standing = {seat: tuple(answers) for seat, answers in (standing or {}).items()}
        self.save_to = save_to
        self.tutorial = tutorial
        self.shown: set[str] = set()  # the tutorial's tips shown
        self.beside_wait = beside_wait
        self.asked = 0  # how many questions have been put to people (a timer knows its own)
        self.typed = ""  # digits typed toward an option's number
        self.typed_at = 0.0
        self.shown_at = 0.0  # when the question on screen appeared
        self.after_auto = False  # it came right after an automatic answer

    # --- layout -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="main"):
            with Vertical(id="left"):
                with VerticalScroll(id="map-pane"):
                    yield Static(id="map")
                yield Horizontal(id="sheets")
            with Vertical(id="right"):
                yield Static(id="tip")
                yield Static(id="prompt")
                yield Static(id="hint")
                yield OptionList(id="options")
                yield RichLog(id="log", wrap=True, markup=False, max_lines=None, min_width=20)
        yield Input(placeholder="a number to choose, help NAME for the rules, hint, quit to leave", id="command")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#map-pane").border_title = "The board"
        self.query_one("#log").border_title = "What happened"
        self.query_one("#tip").display = False
        self.query_one("#hint").display = False
        self.query_one("#hint").border_title = "Hint"
        self.query_one("#tip").border_title = "Tutorial"
        if self.game is None:
            self.ask_character()
        else:
            self.begin()

    # --- characters chosen before the game ----------------------------------

    def ask_character(self) -> None:
        seat = next((i for i, c in enumerate(self.wanted) if c == CHOOSE), None)
        if seat is None:
            assert self.new_game is not None
            self.game = self.new_game(list(self.wanted))
            self.rules = self.game.rules
            self.options = dict(self.game.options)
            self.begin()
            return
        free = [
            (k, c)
            for k, c in sorted(self.rules.characters.items(), key=lambda kc: kc[1].name)
            if c.playable and k not in self.wanted
        ]
        self.show_prompt(f"Seat {seat + 1}: choose your character")
        self.character_menu = {f"character:{k}": k for k, _ in free}
        self.pending = [(f"character:{k}", c.name) for k, c in free]
        ol = self.query_one("#options", OptionList)
        ol.clear_options()
        for n, (k, _) in enumerate(free, 1):
            first, *rest = character_lines(self.rules, k, self.options).split("\n")
            t = Text(f"{n}. {first}", style="bold")
            for a in rest:
                t.append(f"\n   {a}", style="dim")
            ol.add_option(Option(t, id=f"character:{k}"))
        ol.highlighted = 0
        ol.focus()

    # --- the game -----------------------------------------------------------

    def begin(self) -> None:
        assert self.game is not None
        g = self.game
        log = self.query_one("#log", RichLog)
        log.write(Text(f"Seed {g.config.seed}.", style="dim"))
        for p in g.players:
            log.write(Text(f"Seat {p.seat + 1}: the {g.name(p.seat)} ({self.controllers[g.controller(p.seat)]})"))
        self.step()

    def viewer(self) -> int | None:
        """The seat whose view the screen shows: the person choosing now, else the only person."""
        g = self.game
        if g is not None and g.result is None and decision_of(g).player in self.humans:
            return decision_of(g).player
        return self.reader

    def write_log(self) -> None:
        assert self.game is not None
        log = self.query_one("#log", RichLog)
        for e in self.game.events[self.logged :]:
            text = e.text_for(self.reader)
            if not text:
                continue
            style = (
                f"bold {seat_colour(self.game.controller(e.seat))}" if e.type == "turn" and e.seat is not None else ""
            )
            log.write(Text(text, style=style or ("bold" if e.type == "game-over" else "")))
        self.logged = len(self.game.events)

    def redraw(self, targets: Mapping[str, int] | None = None) -> None:
        assert self.game is not None
        g = self.game
        view = g.view(self.viewer())
        if lt.is_legendary(view):
            self.redraw_legendary(view, targets)
            return
        self.query_one("#map", Static).update(draw(self.rules, view, targets))
        self.sub_title = f"turn {g.turn}, round {g.round}"
        if len(self.sheet_boxes) != len(view["players"]):
            sheets = self.query_one("#sheets", Horizontal)
            sheets.remove_children()
            self.sheet_boxes = [(VerticalScroll(text := Static(), classes="sheet"), text) for _ in view["players"]]
            sheets.mount_all([box for box, _ in self.sheet_boxes])
        for (box, text), p in zip(self.sheet_boxes, view["players"]):
            text.update(sheet_text(self.rules, p, mine=p["controller"] == view["you"]))
            box.border_title = f"{p['seat'] + 1}. {p['name']}"
            box.styles.border = ("round", seat_colour(p["controller"]))

    def redraw_legendary(self, view: Mapping[str, Any], targets: Mapping[str, int] | None) -> None:
        """Legendary Tales: the story, time track and locations in the map pane; a box per hero's bag."""
        assert self.game is not None
        self.query_one("#map", Static).update(lt.board_text(view, targets))
        self.sub_title = f"Legendary Tales, turn {self.game.turn}"
        heroes = view["heroes"]
        if len(self.sheet_boxes) != len(heroes):
            sheets = self.query_one("#sheets", Horizontal)
            sheets.remove_children()
            self.sheet_boxes = [(VerticalScroll(text := Static(), classes="sheet"), text) for _ in heroes]
            sheets.mount_all([box for box, _ in self.sheet_boxes])
        for (box, text), h in zip(self.sheet_boxes, heroes):
            text.update(lt.hero_text(view, h))
            box.border_title = f"{h['seat'] + 1}. {h['name']}"
            box.styles.border = ("round", seat_colour(self.game.controller(h["seat"])))

    def show_prompt(self, text: str) -> None:
        self.query_one("#prompt", Static).update(Text(text, style="bold"))
        self.query_one("#hint").display = False  # a hint is for the question it was asked at

    def step(self) -> None:
        """Let bots play until a person must choose or the game ends: the one game loop
        (:func:`talisman.bots.loop.play`), a batch of moves between two redraws, or one bot move
        and a pause when the bots are to be watched."""
        g = self.game
        assert g is not None
        asked: list[int] = []  # the seat of a person who must choose
        moves, paused = 0, False

        def answer(d: Decision) -> str | None:
            if d.player in self.bots:
                return act(self.bots[d.player], g)
            auto = standing_answer(g, self.standing.get(d.player, ()))
            if auto is None:
                asked.append(d.player)
                return None
            option = d.option(auto)  # a question the person answered once and for all
            self.write_log()
            self.query_one("#log", RichLog).write(
                Text(f"(Seat {d.player + 1}'s standing answer: {option.label if option else auto}.)", style="dim")
            )
            self.after_auto = True
            return auto

        def applied(d: Decision, choice: str) -> None:
            nonlocal moves, paused
            moves += 1
            paused = self.bot_delay > 0 and d.player in self.bots

        play(g, answer, max_turns=self.max_turns, applied=applied, going=lambda: moves < BATCH and not paused)
        self.write_log()
        if g.is_over or g.turn > self.max_turns:
            self.finish()
        elif asked:
            self.ask(asked[0])
        else:
            self.redraw()
            self.set_timer(self.bot_delay if paused else 0.01, self.step)

    def ask(self, seat: int) -> None:
        g = self.game
        assert g is not None
        d = decision_of(g)
        who = g.name(d.character if d.character is not None else seat)
        me = g.players[d.character if d.character is not None else seat]
        here = g.rules.spaces[me.space].id
        answers = self.standing.get(seat, ())
        beside = beside_the_die(g, answers)
        prompt = f"Seat {seat + 1}, the {who}: {d.prompt}"
        if beside:
            prompt += f"\n(The roll is kept in {self.beside_wait:g} s: Enter keeps it now, a number picks another way.)"
        covered = STANDING_FOR.get(d.kind)
        if covered and covered not in answers:
            prompt += f"\n(Ctrl+S: answer this for me from now on: {STANDING_ANSWERS[covered].lower()}.)"
        self.show_prompt(prompt)
        # the options that take nothing go last: Enter, on the first, never throws a choice away
        options = [o for o in d.options if o.id not in TAKE_NOTHING] + [o for o in d.options if o.id in TAKE_NOTHING]
        self.pending = [(o.id, o.label) for o in options]
        targets: dict[str, int] = {}
        ol = self.query_one("#options", OptionList)
        ol.clear_options()
        for n, o in enumerate(options, 1):
            t = Text(f"{n}. {o.label}", style="bold")
            if o.group == "free":
                t.append("  (free)", style="dim")
            for e in notes(self.rules, o.label, o, here=here, game=g):
                t.append(f"\n   {e.title}: {e.text}", style="dim")
            ol.add_option(Option(t, id=o.id))
            space = o.args.get("space")
            if isinstance(space, str) and space in self.rules.space_index:
                targets.setdefault(space, n)
        ol.highlighted = 0
        self.asked += 1
        self.shown_at = time.monotonic()
        self.typed = ""
        self.show_tip(seat)
        self.redraw(targets)
        ol.focus()
        if beside:
            asked = self.asked
            self.set_timer(self.beside_wait, lambda: self.keep_roll(asked))

    def keep_roll(self, asked: int) -> None:
        """The time beside the die is up: the roll is kept, if that question is still the one on screen."""
        g = self.game
        if g is None or g.result is not None or self.asked != asked or not self.pending:
            return
        keep = decline(g)
        if keep is None:
            return
        self.query_one("#log", RichLog).write(Text("(The roll is kept.)", style="dim"))
        self.after_auto = True
        self.choose(keep, by_itself=True)

    def show_tip(self, seat: int) -> None:
        """The tutorial's tip for this moment, above the question (each once), also written in the log."""
        if not self.tutorial or self.game is None:
            return
        tip = tutorial.next_tip(self.game, seat, self.shown)
        if tip is None:
            return
        box = self.query_one("#tip", Static)
        box.update(Text.assemble((f"{tip.title}\n", "bold"), tip.text))
        box.display = True
        self.query_one("#log", RichLog).write(Text(f"Tutorial: {tip.title}. {tip.text}", style="green"))

    def choose(self, option_id: str, by_itself: bool = False) -> None:
        if not by_itself:
            self.after_auto = False
        key = self.character_menu.pop(option_id, None)
        if key is not None:
            self.character_menu = {}
            seat = self.wanted.index(CHOOSE)
            self.wanted[seat] = key
            self.query_one("#log", RichLog).write(f"Seat {seat + 1} plays the {self.rules.characters[key].name}.")
            self.ask_character()
            return
        g = self.game
        assert g is not None
        if g.result is not None:
            self.exit()
            return
        self.pending = []
        self.query_one("#options", OptionList).clear_options()
        g.apply(option_id, player=decision_of(g).player)
        self.write_log()
        self.redraw()
        self.step()

    def finish(self) -> None:
        g = self.game
        assert g is not None
        self.write_log()
        self.redraw()
        if g.result is not None and "won" in g.result:  # Legendary Tales: won or lost together
            self.stopped = lt.result_text(g.result)
        elif g.result is not None:
            winners = " and ".join(f"the {g.name(w)}" for w in g.result["winners"]) or "nobody"
            self.stopped = f"{winners} {'win' if len(g.result['winners']) > 1 else 'wins'} after {g.turn} turns: {g.result['how']}."
        else:
            self.stopped = f"The game stops after {self.max_turns} turns without a winner."
        self.show_prompt(f"Game over. {self.stopped}")
        self.pending = [("leave", "Leave the game")]
        ol = self.query_one("#options", OptionList)
        ol.clear_options()
        ol.add_option(Option("1. Leave the game", id="leave"))
        ol.highlighted = 0
        ol.focus()

    # --- input --------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == "leave":
            self.exit()
        elif event.option.id is not None and not self.held_back():
            self.choose(event.option.id)

    def held_back(self) -> bool:
        """Is a key now too soon for the question on screen? One that came right after a question
        answered by itself (a standing answer, a roll kept) ignores keys for :data:`GRACE` seconds: a
        key meant for the question before must not answer it unseen."""
        if self.after_auto and time.monotonic() - self.shown_at < GRACE:
            self.notify("A new question: read it before you answer.", severity="warning")
            return True
        return False

    def on_key(self, event: Any) -> None:
        """A number key picks that option (1-9) when the options are in focus; with ten options or
        more, digits typed one after the other make the number and move the highlight (Enter takes it)."""
        if self.focused is not self.query_one("#options") or not event.character or not event.character.isdigit():
            return
        event.stop()
        if self.held_back():
            return
        count = len(self.pending)
        if count < 10:
            n = int(event.character)
            if 1 <= n <= count:
                self.pick(n)
            else:
                self.notify(f"There is no option {n}: 1 to {count}.", severity="warning")
            return
        now = time.monotonic()
        typed = (self.typed if now - self.typed_at < TYPING else "") + event.character
        if not 1 <= int(typed) <= count:
            typed = event.character  # a number too big: this digit begins a new one
        self.typed, self.typed_at = typed, now
        n = int(typed)
        if not 1 <= n <= count:
            self.notify(f"There is no option {n}: 1 to {count}.", severity="warning")
            self.typed = ""
            return
        self.query_one("#options", OptionList).highlighted = n - 1
        more = n * 10 <= count
        self.notify(f"Option {n}: Enter takes it{' (or type another digit)' if more else ''}.")

    def pick(self, n: int) -> None:
        option_id = self.pending[n - 1][0]
        if option_id == "leave":
            self.exit()
        else:
            self.choose(option_id)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        raw = event.value.strip()
        event.input.value = ""
        low = raw.lower()
        if low in ("q", "quit", "leave"):
            self.action_leave()
        elif low == "hint":
            self.action_hint()
        elif low in ("?", "help") or low.startswith(("help ", "? ")):
            self.open_rules(raw.split(" ", 1)[1] if " " in raw else "")
        elif raw.isdigit() and 1 <= int(raw) <= len(self.pending):
            if not self.held_back():
                self.pick(int(raw))
        elif raw in {i for i, _ in self.pending}:
            if not self.held_back():
                self.choose(raw)
        elif raw:
            self.notify(
                f"Answer with a number from 1 to {len(self.pending)}, help NAME or quit." if self.pending else "Wait…",
                severity="warning",
            )

    # --- actions ------------------------------------------------------------

    def highlighted_notes(self) -> list[Entry]:
        """The texts about the highlighted option, the decision and the acting character."""
        ol = self.query_one("#options", OptionList)
        out: list[Entry] = []
        if ol.highlighted is not None and ol.highlighted < len(self.pending):
            oid, label = self.pending[ol.highlighted]
            if oid in self.character_menu:
                return [character_entry(self.rules, self.character_menu[oid], self.options)]
            g = self.game
            here = (
                g.rules.spaces[g.players[decision_of(g).player].space].id
                if g is not None and g.result is None
                else None
            )
            offered = {o.id: o for o in decision_of(g).options} if g is not None and g.result is None else {}
            out += notes(self.rules, label, offered.get(oid), here=here, game=g)
        g = self.game
        if g is not None and g.result is None:
            d = decision_of(g)
            out += [e for e in notes(self.rules, d.prompt) if e not in out]
            who = g.players[d.character if d.character is not None else d.player].character
            out += [character_entry(self.rules, who, self.options)]
        return out

    def open_rules(self, query: str = "") -> None:
        self.push_screen(HelpScreen(self.rules, self.highlighted_notes(), query, self.options))

    def action_rules(self) -> None:
        self.open_rules()

    def action_hint(self) -> None:
        """Under the question: the option the rule-aware bot would take, and why (it takes nothing)."""
        g = self.game
        if g is None or g.result is not None or not self.pending or decision_of(g).player in self.bots:
            self.notify("A hint is for a question put to you.", severity="warning")
            return
        d = decision_of(g)
        found = hint(g, d.player)
        number = next(n for n, (oid, _) in enumerate(self.pending, 1) if oid == found.option_id)
        box = self.query_one("#hint", Static)
        box.update(Text.assemble((f"The rule-aware bot would choose {number}. {found.label}\n", "bold"), found.reason))
        box.display = True

    def action_focus_log(self) -> None:
        self.query_one("#log").focus()

    def action_focus_options(self) -> None:
        self.query_one("#options").focus()

    def action_faster(self) -> None:
        self.bot_delay = 0 if self.bot_delay > 0.05 else 0.3
        self.notify("Bots play without a pause." if self.bot_delay == 0 else "Bots pause 0.3 s a move.")

    def action_standing(self) -> None:
        seat = self.viewer()
        if seat is None or self.game is None:
            self.notify("Standing answers are for the people at the table.", severity="warning")
            return

        def keep(answers: tuple[str, ...] | None) -> None:
            self.standing[seat] = answers or ()
            g = self.game
            if g is not None and g.result is None and decision_of(g).player == seat:
                if standing_answer(g, self.standing[seat]) is not None:
                    self.step()

        self.push_screen(StandingScreen(seat, self.game.name(seat), self.standing.get(seat, ())), keep)

    def action_leave(self) -> None:
        """Leave, once the person has said so: the game is saved, or lost, and the screen says which."""
        if self.game is None or self.game.result is not None:
            self.exit()
            return

        def answer(leave: bool | None) -> None:
            if leave:
                self.left = True
                self.exit()

        self.push_screen(LeaveScreen(self.save_to), answer)


def sheet_text(rules: Ruleset, p: Mapping[str, Any], mine: bool) -> Text:
    """A character sheet: counters, place, what it carries; one's own Spells by name and abilities."""
    names = place_names(rules)
    out = Text()
    where = f"at the {names[p['space']]}" if p["alive"] else "dead"
    out.append(f"{p['alignment'].capitalize()}, {where}" + (f", a Toad ({p['toad']} turns)" if p["toad"] else ""))
    out.append(
        f"\nStrength {p['strength']} ({p['strength_counters']})  Craft {p['craft']} ({p['craft_counters']})"
        f"\nLives {p['lives']}  Gold {p['gold']}  Fate {p['fate']}"
    )

    def cards(title: str, held: Sequence[Mapping[str, Any]]) -> None:
        if held:
            out.append(f"\n{title}: ", style="bold")
            out.append(", ".join(c["name"] for c in held))

    cards("Objects", p["objects"])
    cards("On the Mule", p["packed"])
    cards("Followers", p["followers"])
    if "spells" in p and not p["spells"]:
        out.append("\nSpells: none", style="bold")
    elif "spells" in p:
        cards("Spells", p["spells"])
    elif p["spell_count"]:
        out.append(f"\nSpells: {p['spell_count']} (hidden)", style="bold")
    cards("Scrolls", p.get("scrolls", ()))
    cards("Trophies", p["trophies"])
    cards("Titles", p["titles"])
    cards("Abilities", p["ability_cards"])  # the view's "abilities" are the character card's, in words
    for note in p["notes"]:  # its states in words: a hold, a quest, a ship and its Hit Points...
        out.append(f"\n{note}", style="italic")
    if mine:
        for a in p["abilities"]:
            out.append(f"\n- {a}", style="dim")
    return out
