"""Stand-in for a PyBadge's board module: the button shift register pins and the display.

LAMA_DISPLAY = "WxH" in the environment gives another display size (240x240, 320x240).
"""

import os

import busdisplay

board_id = "pybadge"
BUTTON_CLOCK = "BUTTON_CLOCK"
BUTTON_OUT = "BUTTON_OUT"
BUTTON_LATCH = "BUTTON_LATCH"
NEOPIXEL = "NEOPIXEL"
# No SPEAKER / SPEAKER_ENABLE: a beep plays in real time (time.sleep), which made every flow run
# under the interpreters minutes slower. hw.sound is then the silent object (hal/fxopen.py); its
# code is still loaded and counted, the PWM and enable pin objects (~200 bytes) are not.

_size = (os.getenv("LAMA_DISPLAY") or "160x128").split("x")
DISPLAY = busdisplay.BusDisplay(int(_size[0]), int(_size[1]))
del _size
