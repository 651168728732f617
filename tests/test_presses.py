"""A screen acts only on presses made after it was drawn (issue 20).

The flow runs over the real press queue (hal/keys.py's ``Buttons``, as ``hal.desktop.Buttons``)
fed by the window's key source (pygame events) and by the terminal's (keys typed), with a test
player who answers a screen only once it is on display and waiting. Taps are also made at the
wrong moments: during every save write, during every bot's pause (A, B or Start), and a second
A right after each answer (a double tap). None of them may act on a screen drawn after it: no
hand-off passed, no turn played, no menu opened, no summary skipped unseen.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

import hal  # noqa: E402
from engine import rng  # noqa: E402
from hal import desktop, mock  # noqa: E402
from play import app as appmod  # noqa: E402
from play import match as mt  # noqa: E402
from tests.flow_driver import Driver, random_choice  # noqa: E402

WINDOW_KEYS = {
    hal.A: pygame.K_x,
    hal.B: pygame.K_z,
    hal.START: pygame.K_RETURN,
    hal.UP: pygame.K_UP,
    hal.DOWN: pygame.K_DOWN,
    hal.LEFT: pygame.K_LEFT,
    hal.RIGHT: pygame.K_RIGHT,
}
TERMINAL_KEYS = {hal.A: "x", hal.B: "z", hal.START: "\r", hal.UP: "w", hal.DOWN: "s", hal.LEFT: "a", hal.RIGHT: "d"}


class Typed:
    """A terminal's keyboard: what was typed since the last read (a person at a tty)."""

    typed = True  # as hal.desktop.TerminalInput on a tty

    def __init__(self):
        self.buf = ""
        self.eof = False

    def read(self):
        out, self.buf = self.buf, ""
        return out


class _Display:
    def present(self):
        pass


def keyboard(path, cleanups):
    """(the key source for hal.desktop.Buttons, tap(bit)): the window's, or the terminal's
    (``tty``: hal.desktop.TerminalInput reading a real pseudo-terminal the test types into)."""
    if path == "tty":
        master, slave = os.openpty()
        inp = desktop.TerminalInput(os.fdopen(slave, "rb", buffering=0))
        cleanups += [inp.close, lambda: os.close(master), inp.stream.close]

        def tap(bit):
            os.write(master, TERMINAL_KEYS[bit].encode())

        return desktop.terminal_source(inp), tap
    if path == "window":
        pygame.display.init()
        pygame.display.set_mode((8, 8))
        pygame.event.clear()

        def tap(bit, down=True, up=True):
            if down:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=WINDOW_KEYS[bit]))
            if up:
                pygame.event.post(pygame.event.Event(pygame.KEYUP, key=WINDOW_KEYS[bit]))

        return desktop.pygame_source(_Display()), tap
    typed = Typed()

    def tap(bit):
        typed.buf += TERMINAL_KEYS[bit]

    return desktop.terminal_source(typed), tap


class Player(desktop.Buttons):
    """The real press queue; when the flow finds no press waiting (it waits on the screen
    shown), the test player looks at that screen and answers it: one screen's presses."""

    def __init__(self, hw, keys, answer):
        source, self.tap = keys
        super().__init__(hw.ticks_ms, (), True, source)
        self.answer = answer

    def press(self):
        bit = super().press()
        if not bit:
            presses = hal.parse_script(self.answer())
            for i, b in enumerate(presses):
                if self.hold and i == len(presses) - 1 and b == hal.A:
                    self.tap(b, up=False)  # held down until the next answer
                else:
                    self.tap(b)
        return bit

    hold = False


def run(path, noise, kinds=(mt.HUMAN, mt.HUMAN, 2), answers=400, seed=5):
    """Play ``answers`` screens; returns (screens left unseen, answers by kind, noise taps made)."""
    hw = mock.Hardware("", seed=seed)
    app = appmod.App(hw)
    app.setup_match.players = len(kinds)  # the seats; the setup screen starts on "Start the game"
    app.setup_match.kinds[: len(kinds)] = bytes(kinds)
    driver = Driver(app, random_choice(rng.Rng(seed)))
    on = {"title": None, "seen": True}  # the screen waiting for a press, and whether the player saw it
    unseen = []
    bot_ms = []  # how long each bot screen stayed
    asked = {}
    made = [0]

    def answer():
        view = hw.screen.view
        if view.title != on["title"]:
            return ""  # (not a screen that waits: nothing to answer)
        on["seen"] = True
        if noise == "hold" and hw.buttons.held() & hal.A:
            hw.buttons.tap(hal.A, down=False)  # let go of the A held since the last answer
        if sum(asked.values()) >= answers:
            raise mock.Done()
        if view.footer.startswith("Quit round?"):
            presses = "A"
        else:
            presses = driver().split()
            ends = [i for i, b in enumerate(presses) if b in ("A", "B", "Start")]
            presses = " ".join(presses[: ends[0] + 1] if ends else presses)  # this screen's only
        kind = "hand-off" if view.title == "Pass the device" else "turn" if view.card_cursor >= 0 else "other"
        asked[kind] = asked.get(kind, 0) + 1
        if noise == "double":
            presses += " A A"  # more taps, made before the next screen is drawn
            made[0] += 1
        return presses

    cleanups = []
    hw.buttons = Player(hw, keyboard(path, cleanups), answer)
    hw.buttons.hold = noise == "hold"
    inner = hw.screen.show
    shown_at = [None, 0]  # the bot screen on display and when it was shown

    def show(view):
        if shown_at[0] is not None:
            bot_ms.append(hw.now - shown_at[1])
        shown_at[0] = view.title if view.title.endswith("(bot)") else None
        shown_at[1] = hw.now
        # A screen that waits for a press: bot moves (their footer says who plays) and motion do not.
        waits = bool(view.footer) and not view.title.endswith("(bot)")
        if on["title"] is not None and (not waits or view.title != on["title"]):
            if not on["seen"]:
                unseen.append(on["title"])  # left before the player ever saw it
            on["title"] = None
        if waits and on["title"] is None:
            on["title"] = view.title
            on["seen"] = False
        inner(view)
        if len(unseen) >= 10 or hw.screen.count > 20 * answers:
            raise mock.Done()  # enough seen (or the flow runs off without asking)

    hw.screen.show = show
    store = hw.storage.save

    def save(data):
        store(data)
        if noise == "save":
            hw.buttons.tap(hal.A)  # tapped twice while the save was written
            hw.buttons.tap(hal.A)
            made[0] += 1

    hw.storage.save = save
    sleep = hw.sleep_ms
    paused = [None]

    def sleep_ms(ms):
        view = hw.screen.view
        if noise == "pause" and view.title.endswith("(bot)") and paused[0] != view.serial:
            paused[0] = view.serial  # once a bot screen: A, B or Start in turn, then A
            hw.buttons.tap((hal.A, hal.B, hal.START)[made[0] % 3])
            hw.buttons.tap(hal.A)
            made[0] += 1
        sleep(ms)

    hw.sleep_ms = sleep_ms
    try:
        with pytest.raises(mock.Done):
            app.run()
    finally:
        for f in cleanups:
            f()
    if noise == "hold":
        return unseen, asked, bot_ms
    return unseen, asked, made[0]


@pytest.mark.parametrize("path", ["window", "terminal", "tty"])
@pytest.mark.parametrize("noise", ["save", "pause", "double"])
def test_presses_made_before_a_screen_is_drawn_never_act_on_it(path, noise):
    unseen, asked, made = run(path, noise)
    assert not unseen, "screens left before the player saw them: %s" % unseen
    assert made > 40 and asked.get("hand-off", 0) > 20 and asked.get("turn", 0) > 20, (made, asked)


@pytest.mark.parametrize("path", ["window", "terminal"])
def test_a_tap_while_the_bots_move_plays_nothing_for_you(path):
    # You against three bots (issue 20's seed 7): taps during every bot pause.
    unseen, asked, made = run(path, "pause", kinds=(mt.HUMAN, 2, 2, 2), answers=120, seed=7)
    assert not unseen, "screens left before the player saw them: %s" % unseen
    assert made > 40 and asked.get("turn", 0) > 30, (made, asked)


def test_clear_keeps_only_the_presses_read_after_the_screen_marked_its_showing():
    now = [0]
    b = desktop.Buttons(lambda: now[0], (), True, lambda buttons: None)  # hal.keys' queue, the desktop's mark
    for bit in (hal.A, hal.RIGHT, hal.B):  # made before the screen was shown
        b.down(bit)
        b.up(bit)
    b.clear()  # no mark: every press queued goes
    now[0] += 1000
    assert b.press() == 0
    b.down(hal.START)
    b.up(hal.START)
    b.mark()  # the screen shows its picture now (the terminal, before it flushes)
    b.down(hal.RIGHT)  # made after it, before the flow got to clear(): held
    b.down(hal.A)
    b.up(hal.A)
    b.clear()
    assert [b.press(), b.press(), b.press()] == [hal.RIGHT, hal.A, 0]
    now[0] += 400
    assert b.press() == hal.RIGHT  # its repeat goes on: pressed after the mark
    b.mark()
    b.clear()
    now[0] += 2000
    assert b.press() == 0 and b.held() == hal.RIGHT  # pressed before: no more repeats


def test_holding_a_still_hurries_the_bots_and_plays_nothing_for_you():
    # Each A that plays your card is held down while the bots move (the window has key-ups).
    unseen, asked, bot_ms = run("window", "hold", kinds=(mt.HUMAN, 2, 2, 2), answers=120, seed=7)
    assert not unseen, "screens left before the player saw them: %s" % unseen
    assert asked.get("turn", 0) > 30
    # Hurried: no bot screen stays its 1,200 ms (a magic show's flash of the lights takes 480).
    assert len(bot_ms) > 60 and max(bot_ms) < mt.SPEED_MS[1] // 2
