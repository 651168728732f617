"""Lights and sound on a CircuitPython board: ``hw.lights`` and ``hw.sound`` (see hal/__init__.py).

* Lights: the 5 NeoPixels on ``board.NEOPIXEL`` through the core module
  ``neopixel_write`` (one 15-byte GRB buffer made once, no Adafruit library on
  the heap); a colour that writes the same bytes as the last one is skipped.
* Sound: ``board.SPEAKER`` with ``board.SPEAKER_ENABLE`` high only while a
  beep plays: a ``pwmio.PWMOut`` square wave where the pin has PWM, else (the
  PyBadge's speaker is on the DAC pin A0, which has none) ``audioio.AudioOut``
  looping one period of a square wave, the pitch set by its sample rate.

A board without those pins gets objects that do nothing (``broken`` from the
start, ``count`` 0 lights). A failure at start-up is a notice (and such an
object); one later turns that part off for good: the game goes on.
hal/fxopen.py makes them (imported for ``open()`` only, then forgotten).
"""

try:
    from micropython import const
except ImportError:  # CPython
    const = int  # type: ignore[assignment]

# hw.lights.level 0..3 -> a colour channel times this, / 256 (NeoPixels are bright: Mid is a quarter).
_SCALE = (0, 16, 64, 256)
# The notes of each beep kind (Hz, ms, Hz, ms, ...): a rising pair when a human's turn begins,
# a short fanfare when the game is over (370 ms).
_TUNES = ((880, 60, 1319, 90), (523, 80, 659, 80, 784, 80, 1047, 130))
WAVE = const(16)  # samples in one period of the DAC's square wave


class Lights:
    """``hw.lights``: NeoPixels through ``write(pin, buf)`` (``neopixel_write.neopixel_write``).

    One buffer, GRB per pixel, made once; a colour that writes the same bytes as the last
    one is not written again. A failing write turns the lights off for good (``broken``).
    """

    def __init__(self, pin, write, count=5):
        self.pin = pin
        self.write = write
        self.count = count
        self.buf = bytearray(3 * count)
        self.level = 2
        self.broken = write is None  # none: no lights (count 0)
        self._sent = -1  # the G, R, B last written (one int); -1: nothing yet

    def show(self, rgb):
        if self.broken:
            return
        level = self.level
        s = _SCALE[level] if 0 <= level < 4 else 0
        r = ((rgb >> 16) & 255) * s >> 8
        g = ((rgb >> 8) & 255) * s >> 8
        b = (rgb & 255) * s >> 8
        grb = (g << 16) | (r << 8) | b
        if grb == self._sent:
            return
        buf = self.buf
        for i in range(0, len(buf), 3):
            buf[i] = g
            buf[i + 1] = r
            buf[i + 2] = b
        try:
            self.write(self.pin, buf)
            self._sent = grb
        except Exception:
            self.broken = True


class Sound:
    """``hw.sound``: the tunes of ``_TUNES`` as a square wave, waiting with ``sleep_ms``.

    On ``pwm`` (a ``pwmio.PWMOut`` with ``variable_frequency``), else on ``out`` (an
    ``audioio.AudioOut`` looping ``sample``, one period, its pitch set by the sample rate).
    The amplifier (``enable``, a DigitalInOut or None) is on only while a tune plays. A
    hardware error silences it for good (``broken``).
    """

    def __init__(self, pwm, out, sample, enable, sleep_ms):
        self.pwm = pwm
        self.out = out
        self.sample = sample
        self.enable = enable
        self.sleep_ms = sleep_ms
        self.on = True
        self.broken = pwm is None and out is None  # neither: no speaker

    def tone(self, hz):
        """A square wave of ``hz`` from now on; 0: silence."""
        pwm = self.pwm
        if pwm is not None:
            if hz:
                pwm.frequency = hz
            pwm.duty_cycle = 0x8000 if hz else 0
            return
        self.out.stop()
        if hz:
            self.sample.sample_rate = hz * WAVE  # takes effect at the next play
            self.out.play(self.sample, loop=True)

    def beep(self, kind):
        if not self.on or self.broken or not 0 <= kind < len(_TUNES):
            return
        notes = _TUNES[kind]
        enable = self.enable
        try:
            if enable is not None:
                enable.value = True
            for i in range(0, len(notes), 2):
                self.tone(notes[i])
                self.sleep_ms(notes[i + 1])
            self.tone(0)
            if enable is not None:
                enable.value = False
        except Exception:
            self.broken = True
            try:
                if enable is not None:
                    enable.value = False  # the amplifier off first: the tone may fail again
                self.tone(0)
            except Exception:
                pass
