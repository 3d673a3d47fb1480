"""The round's tone and the session timer in Chromium: both made by the page itself (Web Audio, a
one-second count of its own), only when switched on."""

from __future__ import annotations

import json
import os
import re
import signal
from pathlib import Path

import pytest

from .reading import balance_in

pytestmark = pytest.mark.browser
ROUND_MS = 30_000

# Records the frequency of every note the page starts (the page looks up window.AudioContext
# when a click first needs it, so replacing it now is enough).
RECORD_NOTES = """
() => {
  window.__blNotes = [];
  const Native = window.AudioContext || window.webkitAudioContext;
  window.AudioContext = class extends Native {
    createOscillator() {
      const oscillator = super.createOscillator();
      const start = oscillator.start.bind(oscillator);
      oscillator.start = (...when) => { window.__blNotes.push(oscillator.frequency.value); return start(...when); };
      return oscillator;
    }
  };
}
"""


def balance(table) -> float:
    return balance_in(table.locator(".bl-balance").inner_text())


def play_round(page, table) -> None:
    """5 on Banker, Deal, and wait until the page has shown this round to its end."""
    done = table.locator(".bl-round-done")
    previous = done.first.get_attribute("data-round") if done.count() else None
    table.locator(".bl-chip", has_text=re.compile(r"^\s*5\s*$")).first.click()
    table.locator(".bl-spot-banker").first.click()
    table.locator(".bl-deal").first.click()
    page.wait_for_function(
        """([selector, previous]) => {
             const done = document.querySelector(selector);
             return done && done.getAttribute('data-round') !== previous;
           }""", arg=[".bl-page-punto-banco .bl-table .bl-round-done", previous], timeout=ROUND_MS)


def test_the_round_tone_sounds_only_with_sound_on_and_follows_the_result(app_page):
    page = app_page
    table = page.locator(".bl-page-punto-banco .bl-table")
    page.evaluate(RECORD_NOTES)
    play_round(page, table)
    assert page.evaluate("window.__blNotes") == [], "Sound is off by default: the page stays quiet"

    table.locator(".bl-settings").get_by_label("Sound").check()
    page.wait_for_timeout(500)  # the setting goes to the kernel; its redraw comes back before the next click
    for _ in range(3):  # a tied round pushes Banker back: play until one is won or lost
        before = balance(table)
        page.evaluate("window.__blNotes = []")
        play_round(page, table)
        page.wait_for_function("window.__blNotes.length >= 2", timeout=ROUND_MS)
        after = balance(table)
        if after != before:
            break
    notes = page.evaluate("window.__blNotes")
    assert notes == ([660, 880] if after > before else [440, 330]), (before, after, notes)


def test_the_session_timer_counts_in_the_page_without_the_kernel(app_page):
    page = app_page
    table = page.locator(".bl-page-punto-banco .bl-table")
    assert table.locator(".bl-stat-timer").count() == 0, "Show timer is off by default"
    table.locator(".bl-settings").get_by_label("Show timer").check()
    timer = table.locator(".bl-stat-timer")
    timer.wait_for(timeout=ROUND_MS)
    assert timer.evaluate("e => e.closest('[aria-live]') === null"), "a live region would read the timer out each second"
    # Stop the page's kernel: the page must go on counting by itself.
    kernel = kernel_process(page)
    os.kill(kernel, signal.SIGSTOP)
    try:
        first = timer.inner_text()
        page.wait_for_function(
            "([selector, first]) => document.querySelector(selector).textContent !== first",
            arg=[".bl-page-punto-banco .bl-table .bl-stat-timer", first], timeout=5_000)
    finally:
        os.kill(kernel, signal.SIGCONT)
    assert re.fullmatch(r"Session time \d+:\d\d", timer.inner_text()), timer.inner_text()


def kernel_process(page) -> int:
    """The process id of the page's kernel: its id is in the page's config, its connection file
    (named by it) on the kernel's command line."""
    config = json.loads(page.locator("#jupyter-config-data").first.text_content())
    kernel_id = config["kernelId"]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if kernel_id in command and "ipykernel" in command:
                return int(entry.name)
    raise AssertionError(f"no kernel process for {kernel_id}")
