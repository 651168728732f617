"""The PyGamer's analog stick as the four D-pad bits (hal/board.py's ``KeypadButtons`` polls it).

``JOYSTICK_X``/``_Y`` read 0..65535 with the centre near 32767: beyond a +-15000 dead zone a
direction is pressed, and it is let go again only back inside +-12000 (hysteresis, so a
stick resting near the edge does not chatter). Imported on boards with a stick only, and by
hal/gamepad.py (a Fruit Jam's pad) for :func:`change`.
"""

import hal

try:
    from micropython import const
except ImportError:  # CPython
    const = int  # type: ignore[assignment]

CENTRE = const(32767)
DEAD_ZONE = const(15000)
RELEASE_ZONE = const(12000)


def change(buttons, was, now):
    """For a source that reads which keys are down (a stick, a gamepad's report): ``buttons.down()``
    or ``up()`` for each logical bit that differs between ``was`` and ``now``, the lowest first."""
    changed = was ^ now
    bit = 1
    while changed:
        if changed & bit:
            changed &= ~bit
            if now & bit:
                buttons.down(bit)
            else:
                buttons.up(bit)
        bit <<= 1


class Joystick:
    """An analog stick as the four D-pad bits, with a dead zone and hysteresis."""

    def __init__(self, ax, ay, flip="", centre=CENTRE, dead=DEAD_ZONE, release=RELEASE_ZONE):
        self.ax = ax
        self.ay = ay
        self.flip_x = "x" in flip
        self.flip_y = "y" in flip
        self.centre = centre
        self.dead = dead
        self.release = release
        self.state = 0

    def _axis(self, value, low, high, flip):
        d = value - self.centre
        if flip:
            d = -d
        was = self.state & (low | high)
        zone = self.release if was else self.dead
        if d < -zone:
            return low
        if d > zone:
            return high
        return 0

    def read(self):
        return self._axis(self.ax.value, hal.LEFT, hal.RIGHT, self.flip_x) | self._axis(
            self.ay.value, hal.UP, hal.DOWN, self.flip_y
        )

    def poll(self, buttons):
        now = self.read()
        change(buttons, self.state, now)
        self.state = now
