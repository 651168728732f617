"""The rules in numbers: the action codes, the phases of a turn and the limits (R1-R24).

Shared by engine/game.py (which plays them), engine/checks.py (which checks loaded data
against them) and everyone who names an action (``game.DRAW`` is this ``DRAW``). Plain
numbers, nothing to run.
"""

try:
    from micropython import const
except ImportError:  # CPython
    const = int

# ---- actions ---------------------------------------------------------------
# 0..17: play the card with that code (engine/cards.py).
DRAW = const(18)
QUIT = const(19)
SKIP = const(20)  # return the magic token to the supply, skip the turn (R7)
COLLECT = const(21)  # take every token from the stage during a show (R15)
EXCHANGE = const(22)  # 10 whites -> 1 black, the turn goes on (R16)
GIVE = const(23)  # GIVE + seat: give that seat the lowest token (R11)
RETURN_WHITE = const(29)  # R21, after going out
RETURN_BLACK = const(30)
KEEP = const(31)
NUM_ACTIONS = const(32)

# ---- phases ----------------------------------------------------------------
PLAY = const(0)  # a turn (a show turn when show_active)
CHOOSE_GIVE = const(1)  # a circle card was played: choose who gets a token
CHOOSE_RETURN = const(2)  # went out, round scored: choose a token to return
OVER = const(3)

# ---- limits ----------------------------------------------------------------
MAX_PLAYERS = const(6)
HAND_SIZE = const(6)
START_WHITES = const(3)
SHOW_AT = const(5)  # stage tokens that make a llama start the show (R14)
GAME_END = const(40)  # R22

# Where the magic token is, besides a seat number.
SUPPLY = const(6)
STAGE = const(7)
