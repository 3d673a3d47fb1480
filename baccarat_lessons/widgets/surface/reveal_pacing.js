// Reveal pacing: which of a coup's events the page shows, and when. The kernel sends a coup once, as
// the events the user's seat may read (`reveal`); the page shows them one by one, one every step of
// the deal speed, and keeps the rest of the table as it was before the coup until the last is shown.
// The pacer keeps the one timer; everything else here is a pure function of its arguments.

// The deal speed in use: "instant" when the table's setting or the system asks for reduced motion,
// else the speed chosen on this page, else the table's.
export function dealSpeed(presentation, chosen, systemReducesMotion) {
  if (presentation.reduced_motion || systemReducesMotion) return "instant";
  return chosen || presentation.speed || "normal";
}

// How long each event is shown before the next at `speed`, from the table's [name, label, ms] list;
// 0 (every event at once) for a speed the list does not have.
export function stepMilliseconds(speeds, speed) {
  return Object.fromEntries((speeds || []).map(([name, , ms]) => [name, ms]))[speed] ?? 0;
}

// Where the reveal starts again once the kernel's values arrive, or null when it goes on where it
// was (`id`, `shown`): a new coup, or one with fewer events than are shown, starts at its `start`
// (a guide's coup opens on the events it has already stepped through).
export function restartAt(reveal, id, shown) {
  const count = (reveal.events || []).length;
  if (reveal.id === id && count >= shown) return null;
  return Math.min(reveal.start || 0, count);
}

// A hand before any event has reached it.
function emptyHand() {
  return { cards: [], total: null, fresh: -1, won: false, tie: false, beats: [] };
}

// The hands after the first `count` events: cards dealt, cards turned over, totals the seat may know,
// who won; `fresh` is the card the last event dealt (it slides in and flips).
export function handsAfter(events, count) {
  const hands = {};
  const get = (name) => (hands[name] = hands[name] || emptyHand());
  events.slice(0, count).forEach((event, i) => {
    if (event.kind === "CardDealt" && event.hand) {
      const hand = get(event.hand);
      hand.cards.push(event.cards[0]);
      hand.total = event.total;
      hand.fresh = i === count - 1 ? hand.cards.length - 1 : -1;
    } else if (event.kind === "CardsRevealed" && event.hand) {
      const hand = get(event.hand);
      hand.cards = event.cards.concat(hand.cards.slice(event.cards.length));
      hand.total = event.total;
    } else if (event.kind === "CoupResult" && event.hand) {
      if (event.outcome === "Tie") get(event.hand).tie = true;
      else if (event.outcome === "Banker") get("Banker").beats.push(event.hand);
      else get(event.hand).won = true;
    }
  });
  return hands;
}

// One page's pacer: `shown` of the reveal's events (`reveal()`, the coup `id`) are drawn. `schedule`
// shows one more every `stepMs()` milliseconds, calling `onStep` after each, and `onEnd` once all are
// shown (at once when the step is 0). `timers` has setTimeout and clearTimeout: the page's window, or
// a test's clock.
export function revealPacer({ reveal, stepMs, onStep, onEnd, timers }) {
  const count = () => (reveal().events || []).length;
  const pacer = {
    id: null,
    shown: 0,
    timer: null,
    revealing: () => pacer.shown < count(),
    stop() {
      if (pacer.timer !== null) timers.clearTimeout(pacer.timer);
      pacer.timer = null;
    },
    // A page opened on a table in play shows it as it stands, without replaying the last coup.
    open() {
      pacer.id = reveal().id;
      pacer.shown = count();
    },
    // The kernel's values have arrived: a new coup starts again, the one being shown goes on.
    follow() {
      const start = restartAt(reveal(), pacer.id, pacer.shown);
      if (start === null) return;
      pacer.stop();
      pacer.id = reveal().id;
      pacer.shown = start;
    },
    schedule() {
      if (pacer.timer !== null) return;
      if (pacer.shown >= count()) {
        onEnd();
        return;
      }
      const ms = stepMs();
      if (ms === 0) {
        pacer.shown = count();
        onEnd();
        return;
      }
      pacer.timer = timers.setTimeout(() => {
        pacer.timer = null;
        pacer.shown = Math.min(pacer.shown + 1, count());
        onStep();
        pacer.schedule();
      }, ms);
    },
    showAll() {
      pacer.stop();
      pacer.shown = count();
      onEnd();
    },
  };
  return pacer;
}
