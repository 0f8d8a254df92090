"""Make the game's sound cues (earcons): short, soft, distinct, in 16-bit mono WAV.

They are made here, by arithmetic, so their origin and licence are plain: the
project's own work, dedicated to the public domain (CC0 1.0). Run
``python tools/make_sounds.py`` to write them into ``bergen_access/sounds``;
the same script always writes the same bytes.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "bergen_access" / "sounds"
Wave = list[float]


def tone(frequency: float, seconds: float, loud: float = 0.5, decay: float = 6.0) -> Wave:
    """A sine with a soft start and an exponential fade (no click at either end)."""
    count = int(RATE * seconds)
    attack = int(RATE * 0.006)
    samples = []
    for n in range(count):
        t = n / RATE
        envelope = min(1.0, n / attack) * math.exp(-decay * t / seconds) * min(1.0, (count - n) / attack)
        samples.append(loud * envelope * math.sin(2 * math.pi * frequency * t))
    return samples


def chord(frequencies: Sequence[float], seconds: float, loud: float = 0.5) -> Wave:
    parts = [tone(f, seconds, loud / len(frequencies)) for f in frequencies]
    return [sum(values) for values in zip(*parts, strict=True)]


def noise(seconds: float, loud: float = 0.3, seed: int = 7) -> Wave:
    """A soft swish: noise, smoothed (a one-pole low-pass), fading out."""
    rng = random.Random(seed)
    count = int(RATE * seconds)
    value, samples = 0.0, []
    for n in range(count):
        value = 0.85 * value + 0.15 * rng.uniform(-1, 1)
        samples.append(loud * value * 3 * math.exp(-5 * n / count) * min(1.0, n / (RATE * 0.005)))
    return samples


def then(*parts: Wave, gap: float = 0.02) -> Wave:
    silence = [0.0] * int(RATE * gap)
    joined: Wave = []
    for part in parts:
        joined += part + silence
    return joined


CUES: dict[str, Callable[[], Wave]] = {
    "turn": lambda: then(tone(660, 0.07, 0.35), tone(880, 0.09, 0.35)),  # your turn: a rising pair
    "play": lambda: tone(420, 0.06, 0.55, decay=9),  # a tile laid: a short knock
    "draw": lambda: noise(0.09),  # a tile drawn: a swish
    "header": lambda: chord((880, 1320), 0.16, 0.55),  # a header: a bright chime
    "out": lambda: then(tone(523, 0.07), tone(659, 0.07), tone(784, 0.12)),  # going out: up the chord
    "block": lambda: then(tone(330, 0.08), tone(247, 0.14)),  # a blocked hand: falling, low
    "win": lambda: then(tone(523, 0.08), tone(659, 0.08), tone(784, 0.08), chord((1047, 784), 0.3)),
}


def write(name: str, samples: Wave) -> Path:
    path = OUT / f"{name}.wav"
    with wave.open(str(path), "wb") as stream:
        stream.setnchannels(1)
        stream.setsampwidth(2)
        stream.setframerate(RATE)
        stream.writeframes(b"".join(struct.pack("<h", int(max(-1, min(1, s)) * 32767)) for s in samples))
    return path


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in CUES.items():
        path = write(name, make())
        print(f"{path.name}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
