"""Playing a match: turns, hand-offs, bot moves, rule prompts, round summaries.

Privacy rule of pass-the-device play: with more than one human, a hand is on
screen only on its owner's turn, after a hand-off screen the owner confirmed
("Pass to Ben - press A"); bot turns and hand-offs show no hand at all. With
one human, that human's hand stays visible during bot turns.

Saves (``App.save``): one when the game next waits for a person after a human
decided something: at the next human's turn (or hand-off), at a round summary,
at the game's end; a human's own further decisions in the same turn (the
give-away after a 1, the token returned, an exchange) wait for it. So a board's
flash is erased at most once per human turn, and a power cut costs at most the
current human turn: the bots between two saves replay exactly (the save holds
their PRNG). ``Match.where`` records a round summary still to be seen, so a
power cut there resumes on the same screen.
"""

import hal
from engine import cards, game, history
from play import match as mt
from play import ui as _ui
from play import view as v
from play.lang import say

try:
    from micropython import const
except ImportError:  # CPython
    const = int

# Menu entries and screens by id: play/ui.py's table, the lines this module uses.
_RULES = const(1)
_HINT = const(3)
_LOG = const(4)
_MARKS = const(5)
_SAVE_QUIT = const(9)
_GAME_MENU = const(14)
_SUMMARY = const(16)
_SINCE = const(17)
_RECORD = const(18)

# Texts are kept as one string a group and split when shown: on a board each
# string object of 10 characters or more costs about 40 bytes of heap.
# What an action did, by code from DRAW to EXCHANGE, then RETURN_WHITE to KEEP:
# ("%s": the seat's name; said where shown: play/lang.py.)
_DID = "%s draws a card|%s quits the round|%s skips, returns magic|%s takes the stage|%s swaps 10\x05 for 1\x06"
_DID_RETURN = "%s returns a white|%s returns a black|%s keeps all tokens"


def look(view, g, m, p, seat, event):
    """Fill ``view`` with the table of game ``g`` (match ``m``) on seat ``p``'s turn, as seat ``seat``
    may see it: the only place that decides what a seat sees (OpenSpiel's observer, a buffer filled
    in place); ``event``: the last-move line. Returns the seat whose hand it shows, -1 for none.

    Everything public: the round, each seat's name, cards in hand, points, magic token and whether
    it is out or human, the top card, the pile, the stage. A hand: ``seat``'s own (-1: nobody in
    particular looks, a bot's turn; with one human, that human holds the device and sees theirs),
    with its tokens; on ``seat``'s own turn its legal cards marked and the turn's actions after it.
    Never a card of another seat: the View is the same whatever the cards ``seat`` cannot see.
    """
    view.clear()
    view.title = say("Round %d - %s") % (
        g.round_number,
        m.name(p) if m.kinds[p] == mt.HUMAN else say("%s (bot)") % m.name(p),
    )
    view.seats = g.players
    view.to_act = p
    view.top = g.top_card
    view.pile = g.draw_pile_size
    view.show = g.show_active
    stage = g.stage()
    for i in range(3):
        view.stage[i] = min(stage[i], 255)  # a byte: the screens show up to 99
    for q in range(g.players):
        view.names[q] = m.name(q)
        view.seat_cards[q] = min(255, g.hand_size(q))
        view.points[q] = g.score(q)
        flags = v.SEAT_MAGIC if g.tokens(q)[2] else 0
        if not g.in_round(q):
            flags |= v.SEAT_OUT
        if m.kinds[q] == mt.HUMAN:
            flags |= v.SEAT_HUMAN
        view.seat_flags[q] = flags
    view.event = event
    if seat < 0 and m.humans() == 1:
        seat = bytes(m.kinds).index(b"\x00")  # (the one human: kinds' HUMAN is 0)
    if seat < 0:
        return -1
    w, b, magic = g.tokens(seat)
    view.has_mine = True
    view.mine[0] = min(w, 255)
    view.mine[1] = min(b, 255)
    view.mine[2] = 1 if magic else 0
    legal = g.legal_actions() if seat == p == g.current_player and g.phase == game.PLAY else ()
    for c in g.hand(seat):
        view.add_card(c, v.PLAYABLE if c in legal else 0)
    for a in legal:
        if a >= cards.COUNT:
            view.add_card(a, v.PLAYABLE)
    return seat


class Table:
    def __init__(self, app):
        self.app = app
        self.ui = app.ui
        self.match = app.match
        self.game = app.match.game
        self.holder = -1  # the human who last had their hand on screen
        self.event = ""  # what happened last, shown on the next screen
        self.text = app.hw.screen.text  # fill the View's text lines too
        # play/motion.py where the screen animates, loaded at the first move that travels (none at
        # the Instant speed: its ~1 KB stays off a board's heap); False where the screen has no motion.
        self.motion = None if app.hw.screen.motion else False
        self.waited = True  # a human waited (a hand-off, bots moving): their turn starts with a beep
        self.unsaved = False  # a human decided something since the last save
        self.open = -1  # the human whose turn goes on (after an exchange, or into a prompt)

    def run(self):
        """Play until the game is over (True) or the player saves and quits (False)."""
        m = self.match
        g = self.game
        if not m.seen:  # the first game ever: what the marks mean, once (play/menu.py)
            m.seen = self.app.setup_match.seen = True
            self.app.screen(_MARKS, self.app)
        while True:
            if m.where == mt.SUMMARY:
                over = g.is_over()
                if over:  # the game's last save, whoever moved last (a cut now ends on the title)
                    m.where = mt.FINISHED
                    self.unsaved = True
                self.save()
                if over:  # then the statistics (play/stats.py: a cut before them, the next start-up)
                    self.app.screen(_RECORD, self.app)
                self.holder = -1  # the next human turn starts with a hand-off
                self.app.screen(_SUMMARY, self)  # (and game over)
                if over:
                    return True
                m.where = mt.PLAYING
            p = g.current_player
            self.app.light(p)  # the NeoPixels in the colour of the seat to act
            if m.kinds[p] != mt.HUMAN:
                self.bot(p)
                continue
            a = self.human(p)
            if a < 0:
                return False
            self.act(p, a)

    def bot(self, p):
        """Seat ``p``'s bot moves, shown for the match's speed."""
        m = self.match
        ui = self.ui
        self.waited = True
        self.status(p, say("%s is thinking...") % m.name(p))
        ui.show()
        from engine import bots  # (dropped while a screen's module is loaded: App.screen)

        budget = bots.HARD_BUDGET * self.app.hw.pystones // 1500  # ~1 s on any board
        self.act(p, bots.choose(self.game, p, m.kinds[p] - 1, m.bot_rng, budget))
        self.status(p, self.event)
        # What a press does meanwhile: holding the act key hurries the bots (Ui.pause). Made at each
        # move, as the status's texts are, not kept per seat: a list of them for the whole game took
        # the PyPortals' board flows 1 KB over (92 -> 91 KB measured, tools/cpboard.smallest_profile_heap).
        act = self.app.hw.buttons.labels[hal.LABEL_ACT]
        text = "" if act == "tap" else say("{0} plays, hold {1}: faster").format(m.name(p), act)
        ui.view.footer = text if 0 < len(text) <= v.COLUMNS else say("%s is playing") % m.name(p)
        ui.show()
        ui.pause(mt.SPEED_MS[m.speed])

    def human(self, p):
        """Seat ``p``'s decision: the hand-off when the device changes hands, what happened since
        their last turn (play/recap.py), then the turn or a rule prompt; -1 to save and quit."""
        m = self.match
        g = self.game
        new = p != self.open  # a human's turn begins (not an exchange's or a card's sequel)
        if new:  # the decisions before it are saved
            self.save()
        changed = m.humans() > 1 and self.holder != p  # the device changes hands
        if changed:
            self.handoff(p)
        if changed or self.waited:
            self.waited = False
            self.app.beep(hal.BEEP_TURN)
            # Since their turn: always after a hand-off; with only bots in between, by the setting
            # (play.match.RECAPS: Auto is on at the Fast and Instant speeds).
            recap = changed or m.recap == 1 or (m.recap == 0 and m.speed >= 2)
            if new and recap and history.newest(g.moves) not in (-1, p):
                self.app.screen(_SINCE, self.app, p)
        self.holder = p
        if g.phase == game.PLAY:
            return self.turn(p)
        # A rule prompt (R11's give-away, R21's return): play/prompts.py, loaded for the moment.
        from play import prompts

        try:
            return prompts.give(self, p) if g.phase == game.CHOOSE_GIVE else prompts.give_back(self, p)
        finally:
            hal.forget("play.prompts")

    def save(self):
        """Save when a human decided something since the last save (the game waits for a person).

        Bot moves alone are never saved: bots are deterministic (the game and
        the saved bot PRNG decide), so after a power cut they replay exactly
        the same moves. A save that failed is tried again at the next wait.
        """
        if self.unsaved:
            self.unsaved = not self.app.save()

    def act(self, p, a):
        """Apply ``a`` for seat ``p`` and note what happened (saved at the next wait: Table.save)."""
        g = self.game
        m = self.match
        rnd = g.round_number
        self.event = self.describe(p, a)
        show = g.show_active
        motion = self.motion
        if motion is None and mt.MOVE_MS[m.speed]:  # (the speed can change in a game: the menu)
            from play import motion

            self.motion = motion
        before = motion.pieces(self) if motion else None
        g.apply(a)
        if motion:
            motion.animate(self, p, a, before, rnd)
        if g.show_active and not show:
            self.app.flash()  # a magic show began
        if g.is_over() or g.round_number != rnd:
            m.where = mt.SUMMARY
        self.open = -1
        if m.kinds[p] == mt.HUMAN:
            self.unsaved = True
            # The same turn goes on after an exchange (R16) and into a give-away or return prompt.
            if g.current_player == p and m.where == mt.PLAYING and (a == game.EXCHANGE or g.phase != game.PLAY):
                self.open = p

    def describe(self, p, a):
        """A one-line account of action ``a`` by ``p``, made before it is applied."""
        g = self.game
        who = self.match.name(p)
        if a >= game.RETURN_WHITE:
            return say(_DID_RETURN).split("|")[a - game.RETURN_WHITE] % who
        if a >= game.GIVE:  # R11: the lowest token
            text = say("{0} gives {1} a white|{0} gives {1} a black|{0} gives {1} the magic")
            return text.split("|")[g.lowest(p)].format(who, self.match.name(a - game.GIVE))
        if a >= game.DRAW:
            return say(_DID).split("|")[a - game.DRAW] % who
        if cards.ICON[a] == cards.ICON_SQUARE and g.draw_pile_size:
            q = p  # R12: the next player still in draws (the player, if alone)
            for i in range(g.players - 1, 0, -1):
                if g.in_round((p + i) % g.players):
                    q = (p + i) % g.players
            return say("{0} plays {1}: {2} draws").format(who, v.label(a), self.match.name(q))
        if cards.ICON[a] == cards.ICON_STAR:
            return say("{0} plays {1}: takes magic").format(who, v.label(a))
        return say("{0} plays {1}").format(who, v.label(a))

    def status(self, p, event, seat=-1):
        """The table on seat ``p``'s turn as ``seat`` sees it (:func:`look`), in the one View; where the
        screen shows text (``hw.screen.text``: the terminal, the tests, a board's console) its text
        lines too (play/textview.py: a board's display never loads that code)."""
        view = self.ui.view
        shown = look(view, self.game, self.match, p, seat, event)
        if self.text:
            from play import textview

            textview.table(view, shown if self.match.humans() > 1 else -1)
        return view

    def handoff(self, p):
        """Hide every hand until the next player confirms they hold the device (A or a tap)."""
        name = self.match.name(p)
        act = self.ui.hw.buttons.labels[hal.LABEL_ACT]
        once = (
            say("No peeking: your hand|shows once you tap.")
            if act == "tap"
            else say("No peeking: your hand|shows once you press %s.") % act
        )
        lines = ("|" + say("Pass to {0} (P{1})").format(name, p + 1) + "||" + once + "||").split("|")
        lines[-1:] = _ui.wrap(say("Last: %s") % self.event) if self.event else ()  # (wrapped: a line is never cut)
        footer = self.ui.footer(say("I am %s") % name)
        self.ui.message(say("Pass the device"), lines, footer, v.HIGHLIGHT, keys=hal.A | hal.TAP)

    def draw(self, p, cursor, hint, confirm):
        """The screen of seat ``p``'s turn: the table as ``p`` sees it, the row's cursor on item ``cursor``
        (-1: on the first playable card, else on the first action), ``hint`` (or the magic show's
        reminder) on the alert line, and the footer: what A does on the item under the cursor, or
        the quit question when ``confirm``."""
        g = self.game
        ui = self.ui
        view = self.status(p, self.event, p)
        if cursor < 0:  # start on the first playable card, else on the first action (all playable)
            cursor = 0
            while cursor < view.ncards and not view.marks[cursor]:
                cursor += 1
        cursor %= view.ncards
        view.card_cursor = cursor
        item = view.cards[cursor]
        if confirm:
            hint = say("Quit this round?")
        elif g.show_active and not hint:
            hint = say("Show: play a llama or Take")
        if hint:
            view.line(v.LINES_WITH_CARDS - 1, hint, v.ALERT)
            view.event = hint
            view.event_color = v.ALERT
        if confirm:
            view.footer = ui.footer(say("quit"), say("no"))
        elif view.marks[cursor] & v.PLAYABLE:
            if item < cards.COUNT:
                said = say("play %s") % v.label(item)
            else:
                said = say("draw|quit|skip|take|swap").split("|")[item - game.DRAW]
            view.footer = ui.footer(said, "", say("menu"))
        else:
            view.footer = ui.footer("", menu=say("menu"), move=say("choose"))
        return view

    def turn(self, p):
        """A human's turn: pick a card or an action in the row; -1 to save and quit. The input alone:
        what the screen shows is :meth:`draw`'s.

        Left/Right (or Right alone, wrapping) move the cursor along the row, A acts on it; a
        tap on an item moves the cursor there, a tap on the item under the cursor acts."""
        g = self.game
        ui = self.ui
        legal = g.legal_actions()
        cursor = -1
        hint = ""
        confirm = False
        new = True  # a new screen: presses made before it was drawn do not act (play/ui.py)
        while True:
            view = self.draw(p, cursor, hint, confirm)
            cursor = view.card_cursor
            item = view.cards[cursor]
            ui.show(new)
            b = ui.wait()
            new = False
            hint = ""
            if b & hal.TAP:  # on the cursor's item: as A (asked to quit: the footer's "tap: quit" is A)
                kind, i = ui.hw.buttons.tapped
                if not (kind == hal.HIT_ITEM and i < view.ncards):
                    continue  # (a tap on nothing; asked to quit: still asked)
                if confirm:  # (a card or a button: no)
                    b = 0
                elif i == cursor:
                    b = hal.A
                else:
                    cursor = i
                    continue
            if confirm:
                confirm = False
                if b & hal.A:
                    return game.QUIT
            elif b & (hal.LEFT | hal.RIGHT):
                cursor += 1 if b & hal.RIGHT else -1
            elif b & hal.A:
                if item == game.QUIT:
                    confirm = True
                    new = True  # a question: a second tap of A made before it is no answer
                elif item in legal:
                    return item
                else:
                    hint = (
                        say("Show: only a llama, or Take")
                        if g.show_active
                        else say("{0} can't go on {1}").format(v.label(item), v.label(g.top_card))
                    )
            elif b & hal.START:
                choice = self.app.screen(_GAME_MENU, self.app)
                while choice == _HINT:  # the menu's Hint (play/hint.py), then back to the menu, on Hint
                    self.app.screen(_HINT, self.app)
                    choice = self.app.screen(_GAME_MENU, self.app, _HINT)
                if choice == _SAVE_QUIT:
                    return -1
                if choice == _LOG:  # the menu's Round log (play/recap.py)
                    self.app.screen(_LOG, self.app, p)
                elif choice == _RULES:  # the menu's Rules (play/rules_text.py), then the turn
                    self.app.screen(_RULES, self.app)
                new = True  # back from the menu
