"""Stand-in for busio: an SPI that only exists (the TFT Gizmo's display bus, fourwire.py) and the
MEMENTO's I2C with its AW9523 expander at 0x58 (chip id 0x23 in register 0x10; the input
registers 0 and 1 read the script's key, keypad.py, pressed low; each read of them is a poll of
the keys, which ticks the script: that board has no keypad)."""

import keypad


class SPI:
    def __init__(self, clock, MOSI=None, MISO=None):
        self.clock = clock


class I2C:
    def __init__(self, scl, sda, frequency=100000):
        self.scl = scl

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def writeto(self, address, buffer, start=0, end=None):
        if address != 0x58:
            raise OSError(19)

    def writeto_then_readfrom(self, address, out, into, out_start=0, out_end=None, in_start=0, in_end=None):
        self.writeto(address, out)
        if out[0] == 0x10:
            into[0] = 0x23
            return
        if out[0] == 0:
            keypad.tick()
        levels = 0xFFFF
        s = keypad.script
        if s.pin.startswith("@"):
            levels &= ~(1 << s.bit)
        into[0] = levels & 0xFF
        into[1] = levels >> 8

    def deinit(self):
        pass
