"""Playing a match: turns, hand-offs, bot moves, rule prompts, round summaries.

Privacy rule of pass-the-device play: with more than one human, a hand is on
screen only on its owner's turn, after a hand-off screen the owner confirmed
("Pass to Ben - press A"); bot turns and hand-offs show no hand at all. With
one human, that human's hand stays visible during bot turns.

Every action is saved at once (``App.save``); ``Match.where`` records a
round summary still to be seen, so a power cut resumes on the same screen.
"""

import hal
from engine import cards, game
from engine import match as mt
from engine import view as v

_TOKEN_NAMES = ("white", "black", "magic token")


class Table:
    def __init__(self, app):
        self.app = app
        self.ui = app.ui
        self.m = app.match
        self.g = app.match.game
        self.holder = -1  # the human who last had their hand on screen
        self.event = ""  # what happened last, shown on the next screen

    # ---- the loop ------------------------------------------------------------
    def run(self):
        """Play until the game is over (True) or the player saves and quits (False)."""
        m = self.m
        g = self.g
        while True:
            if m.where == mt.SUMMARY:
                self.summary()
                m.where = mt.FINISHED if g.is_over() else mt.PLAYING
                self.app.save()
            if m.where == mt.FINISHED:
                self.game_over()
                return True
            p = g.current_player
            if m.kinds[p] == mt.HUMAN:
                a = self.human(p)
                if a < 0:
                    return False
                self.act(p, a)
            else:
                from engine import bots  # only when a bot plays

                self.status(p, self.m.name(p) + " is thinking...")
                self.ui.show()
                self.act(p, bots.choose(g, p, m.kinds[p] - 1, m.bot_rng))
                self.status(p, self.event)
                self.ui.show()
                self.ui.pause(mt.SPEED_MS[m.speed])

    def act(self, p, a):
        """Apply ``a`` for seat ``p``, note what happened, save."""
        g = self.g
        rnd = g.round_number
        self.event = self.describe(p, a)
        g.apply(a)
        if g.is_over() or g.round_number != rnd:
            self.m.where = mt.SUMMARY
        self.app.save()

    def describe(self, p, a):
        """A one-line account of action ``a`` by ``p`` (before it is applied)."""
        g = self.g
        who = self.m.name(p)
        if a < cards.COUNT:
            text = who + " plays " + cards.name(a)
            icon = cards.ICON[a]
            if icon == cards.ICON_SQUARE and g.draw_pile_size:
                q = p  # R12: the next player still in draws (the player, if alone)
                for i in range(1, g.players):
                    if g.in_round((p + i) % g.players):
                        q = (p + i) % g.players
                        break
                text += ": " + self.m.name(q) + " draws"
            elif icon == cards.ICON_STAR:
                text += ": takes magic"
            return text
        if a == game.DRAW:
            return who + " draws a card"
        if a == game.QUIT:
            return who + " quits the round"
        if a == game.SKIP:
            return who + " skips: magic back"
        if a == game.COLLECT:
            return "%s takes the stage (%d)" % (who, g.stage_tokens())
        if a == game.EXCHANGE:
            return who + " swaps 10 whites"
        if a < game.RETURN_WHITE:
            w, b, _ = g.tokens(p)
            kind = _TOKEN_NAMES[0 if w else 1 if b else 2]
            return "%s gives a %s to %s" % (who, kind, self.m.name(a - game.GIVE))
        if a == game.KEEP:
            return who + " keeps all tokens"
        return who + (" returns a white" if a == game.RETURN_WHITE else " returns a black")

    # ---- what everybody may see ----------------------------------------------
    def status(self, p, event, hand_of=-1, items=None, legal=None):
        """The table around seat ``p``'s turn, with ``hand_of``'s hand (or none)."""
        g = self.g
        m = self.m
        view = self.ui.view
        view.clear()
        view.title = "Round %d - %s%s" % (g.round_number, m.name(p), "" if m.kinds[p] == mt.HUMAN else " (bot)")
        w, b, magic = g.stage()
        if g.show_active:
            view.line(0, "MAGIC SHOW! Stage %d  Top %s" % (g.stage_tokens(), cards.name(g.top_card)), v.ALERT)
        else:
            view.line(0, "Top %-3s Pile %2d Stage %d%s" % (cards.name(g.top_card), g.draw_pile_size, g.stage_tokens(), "M" if magic else ""))
        for q in range(g.players):
            cell = "%-4s%s%3s %3d%s" % (
                m.name(q)[:4],
                ">" if q == p else " ",
                ("%dc" % g.hand_size(q)) if g.in_round(q) else "out",
                g.score(q),
                "M" if g.tokens(q)[2] else " ",
            )
            row = 1 + q // 2
            view.line(row, view.lines[row] + cell if q % 2 else cell)
        rows = 1 + (g.players + 1) // 2
        view.line(rows, event, v.ACCENT)
        if hand_of < 0 and m.humans() == 1:
            for q in range(g.players):
                if m.kinds[q] == mt.HUMAN:
                    hand_of = q
        if hand_of >= 0:
            w, b, magic = g.tokens(hand_of)
            view.line(rows + 1, "%s: %dw %db%s" % ("You" if m.humans() == 1 else m.name(hand_of), w, b, " +magic" if magic else ""), v.DIM)
            for c in g.hand(hand_of):
                view.add_card(c, v.PLAYABLE if legal and c in legal else 0)
        if items:
            for a in items:
                view.add_card(a, v.PLAYABLE)
        return view

    # ---- a human's turn ------------------------------------------------------
    def human(self, p):
        """The action the human at seat ``p`` chooses, or -1 to save and quit."""
        if self.m.humans() > 1 and self.holder != p:
            self.handoff(p)
        self.holder = p
        phase = self.g.phase
        if phase == game.CHOOSE_GIVE:
            return self.give_prompt(p)
        if phase == game.CHOOSE_RETURN:
            return self.return_prompt(p)
        return self.turn(p)

    def handoff(self, p):
        """Hide every hand until the next player confirms they hold the device."""
        name = self.m.name(p)
        lines = ["", "Pass to %s (P%d)" % (name, p + 1), "", "No peeking: your hand", "shows once you press A.", ""]
        if self.event:
            lines.append("Last: " + self.event)
        while not self.ui.message("Pass the device", lines, "A: I am " + name, v.HIGHLIGHT) & hal.A:
            pass

    def turn(self, p):
        g = self.g
        ui = self.ui
        legal = g.legal_actions()
        actions = [a for a in legal if a >= cards.COUNT]
        cursor = -1
        hint = ""
        confirm = False
        while True:
            view = self.status(p, self.event, p, actions, legal)
            items = view.ncards
            if cursor < 0:  # start on the first playable card, else on the first action
                cursor = items - len(actions)
                for i in range(items - len(actions)):
                    if view.marks[i]:
                        cursor = i
                        break
            cursor %= items
            view.card_cursor = cursor
            item = view.cards[cursor]
            if g.show_active:
                hint = hint or "Show: play a llama or Take"
            if hint:
                view.line(v.LINES_WITH_CARDS - 1, hint, v.ALERT)
            if confirm:
                view.footer = "Quit round? A:yes B:no"
            elif item in legal:
                view.footer = "A: " + game.action_name(item) + "  St: menu"
            else:
                view.footer = "B: table  Start: menu"
            ui.show()
            b = ui.wait()
            hint = ""
            if confirm:
                confirm = False
                if b & hal.A:
                    return game.QUIT
            elif b & hal.LEFT:
                cursor -= 1
            elif b & hal.RIGHT:
                cursor += 1
            elif b & hal.A:
                if item == game.QUIT:
                    confirm = True
                elif item in legal:
                    return item
                elif g.show_active:
                    hint = "Show: only a llama, or Take"
                else:
                    hint = "%s can't go on %s" % (cards.name(item), cards.name(g.top_card))
            elif b & (hal.B | hal.SELECT):
                self.app.table_info(g, self.m)
            elif b & hal.START:
                if self.app.game_menu():
                    return -1

    def give_prompt(self, p):
        g = self.g
        w, b, _ = g.tokens(p)
        kind = _TOKEN_NAMES[0 if w else 1 if b else 2]
        targets = [a - game.GIVE for a in g.legal_actions()]
        best = 0
        for i in range(len(targets)):  # default: the leader, who has the fewest points
            if g.score(targets[i]) < g.score(targets[best]):
                best = i
        items = ["%-5s %3d pts %2d cards" % (self.m.name(q), g.score(q), g.hand_size(q)) for q in targets]
        while True:
            i = self.ui.menu("Give a %s" % kind, items, best, "A: give", header=("You played a 1: choose", "who gets your " + kind + "."))
            if i >= 0:
                return game.GIVE + targets[i]

    def return_prompt(self, p):
        legal = self.g.legal_actions()
        choices = [a for a in (game.RETURN_BLACK, game.RETURN_WHITE, game.KEEP) if a in legal]
        labels = {game.RETURN_BLACK: "Return a black (-10)", game.RETURN_WHITE: "Return a white (-1)", game.KEEP: "Keep my tokens"}
        header = ("You went out!", "You may give one token", "back to the supply.")
        while True:
            i = self.ui.menu("Well played", [labels[a] for a in choices], 0, "A: choose", header=header)
            if i >= 0:
                return choices[i]

    # ---- between rounds --------------------------------------------------------
    def summary(self):
        g = self.g
        m = self.m
        last = g.last_round()
        lines = []
        for q in range(g.players):
            hand = " ".join([cards.name(c) for c in last["hands"][q]]) or "went out"
            if len(hand) > 16:
                hand = hand[:15] + "~"
            lines.append("%-4s %-16s +%2d" % (m.name(q)[:4], hand, last["points"][q]))
        if last["magic"] is not None:
            lines.append(m.name(last["magic"]) + " paid 10: magic")
        if last["returned"]:
            lines.append(self.describe(last["out"], last["returned"]))
        elif last["out"] is None:
            lines.append("Everybody quit.")
        self.holder = -1  # the next human turn starts with a hand-off
        self.ui.message("Round %d over" % last["round"], lines, "A: scores")
        self.scores("Final scores" if g.is_over() else "Scores", "A: title" if g.is_over() else "A: next round")

    def scores(self, title, footer):
        g = self.g
        order = sorted(range(g.players), key=lambda q: g.score(q))
        lines = []
        for q in order:
            w, b, _ = g.tokens(q)
            lines.append("%-5s %3d pts  %2dw %2db" % (self.m.name(q), g.score(q), w, b))
        self.ui.message(title, lines, footer)

    def game_over(self):
        g = self.g
        names = [self.m.name(q) for q in g.winners()]
        head = names[0] + " wins!" if len(names) == 1 else " and ".join(names) + " win!"
        lines = [head, "", "Fewest points win;", "someone reached 40."]
        self.ui.message("Game over", lines, "A: title", v.GOOD)
