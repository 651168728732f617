"""Makes ``hw.lights`` and ``hw.sound`` (hal/fx.py) at start-up; hal.board.open() forgets this module after."""

from hal import fx


def make_lights(board, count, notices):
    """The board's ``count`` NeoPixels (off), or nothing; a failure at start-up is a notice. (Their
    power pin, where the board has one, the Reverse TFT Feathers' NEOPIXEL_POWER, is driven high.)"""
    pin = getattr(board, "NEOPIXEL", None)
    if pin is None or not count:
        return fx.Lights(None, None, 0)
    try:
        import digitalio
        import neopixel_write

        if hasattr(board, "NEOPIXEL_POWER"):
            # Driven high until the program ends: a DigitalInOut has no finaliser to let it go
            # (shared-bindings/digitalio/DigitalInOut.c: mp_obj_malloc), so it need not be kept.
            digitalio.DigitalInOut(getattr(board, "NEOPIXEL_POWER")).switch_to_output(value=True)
        out = digitalio.DigitalInOut(pin)
        out.direction = digitalio.Direction.OUTPUT
        lights = fx.Lights(out, neopixel_write.neopixel_write, count)
        lights.show(0)  # a reload leaves them lit
        if not lights.broken:
            return lights
        notices.append("Lights off: write failed")
    except Exception as e:
        notices.append("Lights off: %s" % type(e).__name__)
    return fx.Lights(None, None, 0)


def make_sound(board, name, sleep_ms, notices):
    """The board's speaker (on pin ``name``: a profile's ``speaker``), or nothing; a failure at
    start-up is a notice."""
    pin = getattr(board, name, None) if name != "-" else None
    if pin is None:
        return fx.Sound(None, None, None, None, None)
    try:
        import digitalio

        enable = None
        if hasattr(board, "SPEAKER_ENABLE"):
            enable = digitalio.DigitalInOut(getattr(board, "SPEAKER_ENABLE"))
            enable.switch_to_output(value=False)
        try:
            import pwmio

            pwm = pwmio.PWMOut(pin, duty_cycle=0, frequency=440, variable_frequency=True)
            return fx.Sound(pwm, None, None, enable, sleep_ms)
        except (ImportError, ValueError, RuntimeError):  # no PWM on the pin (a DAC pin, as a PyBadge's)
            import audiocore
            import audioio

            wave = bytearray(fx.WAVE)
            for i in range(fx.WAVE):
                wave[i] = 0xB0 if i < fx.WAVE // 2 else 0x50  # unsigned 8-bit, around 0x80
            out = audioio.AudioOut(pin)
            return fx.Sound(None, out, audiocore.RawSample(wave, sample_rate=8000), enable, sleep_ms)
    except Exception as e:
        notices.append("Sound off: %s" % type(e).__name__)
    return fx.Sound(None, None, None, None, None)
