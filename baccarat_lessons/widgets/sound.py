"""A short tone when a round is settled (presentation only; off by default).

The tone is a WAV made here with numpy, so nothing is fetched. An ``Audio``
widget plays when its value changes, so each tone exists in two copies that
differ in one sample, and the player alternates between them.

>>> chime = RoundChime()
>>> chime.enabled = True
>>> chime.play(won=True); first = chime.widget.value
>>> chime.play(won=True); first != chime.widget.value
True
"""

from __future__ import annotations

import io
import wave

import ipywidgets as widgets
import numpy as np

RATE = 22050


def tone_wav(frequencies: tuple[float, ...], seconds: float = 0.12, variant: int = 0) -> bytes:
    """A few short notes in a row, as WAV bytes (16-bit mono)."""
    t = np.arange(int(RATE * seconds)) / RATE
    envelope = np.minimum(1, 10 * (seconds - t) / seconds)
    notes = [0.3 * np.sin(2 * np.pi * f * t) * envelope for f in frequencies]
    samples = (np.concatenate(notes) * 32767).astype("<i2")
    samples[-1] = variant  # the one-sample difference that makes a new value
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples.tobytes())
    return buffer.getvalue()


class RoundChime:
    """A hidden ``Audio`` widget; ``play(won)`` sounds a rising or a falling pair of notes."""

    def __init__(self):
        self._tones = {
            True: [tone_wav((660, 880), variant=v) for v in (0, 1)],
            False: [tone_wav((440, 330), variant=v) for v in (0, 1)],
        }
        self._turn = 0
        # An empty value makes the browser request an empty range; start with a silent note.
        self.widget = widgets.Audio(value=tone_wav((0.0,), seconds=0.01), format="wav", autoplay=False, loop=False, controls=False,
                                    layout=widgets.Layout(display="none"))
        self.widget.add_class("bl-sound")

    @property
    def enabled(self) -> bool:
        return self.widget.autoplay

    @enabled.setter
    def enabled(self, value: bool) -> None:
        # Autoplay only while sound is on, so the page never tries to play on load.
        self.widget.autoplay = bool(value)

    def play(self, won: bool) -> None:
        if not self.enabled:
            return
        self._turn = 1 - self._turn
        self.widget.value = self._tones[won][self._turn]
