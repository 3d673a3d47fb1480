// Reveal pacing: the deal speed in use, how long a step lasts, where a reveal starts, the hands after a
// number of events, and the pacer's timer (on a test clock).
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadSurface } from "./surface_files.mjs";

const { dealSpeed, stepMilliseconds, restartAt, handsAfter, revealPacer } = await loadSurface("reveal_pacing.js");

const SPEEDS = [["slow", "Slow", 1000], ["normal", "Normal", 170], ["fast", "Fast", 80], ["instant", "Instant", 0]];

// A Punto Banco coup as the kernel sends it (widgets/surface: `reveal`): Player 2♠ 2♥ 8♣, Banker A♣ 2♦.
const dealt = (hand, rank, suit, total) => ({ kind: "CardDealt", hand, cards: [{ rank, suit, face_up: true }], total });
const COUP = [
  dealt("Player", "2", "S", 2),
  dealt("Banker", "A", "C", 1),
  dealt("Player", "2", "H", 4),
  dealt("Banker", "2", "D", 3),
  { kind: "RuleApplied", hand: "Player", cards: [], total: null },
  dealt("Player", "8", "C", 2),
  { kind: "RuleApplied", hand: "Banker", cards: [], total: null },
  { kind: "CoupResult", hand: "Player", cards: [], total: null, outcome: "Banker" },
  { kind: "BetSettled", hand: null, cards: [], total: null },
];
const ranks = (hand) => hand.cards.map((card) => card.rank);

test("reduced motion, the table's or the system's, shows every coup at once; else this page's speed, else the table's", () => {
  assert.equal(dealSpeed({ speed: "slow", reduced_motion: true }, "fast", false), "instant");
  assert.equal(dealSpeed({ speed: "slow" }, "fast", true), "instant");
  assert.equal(dealSpeed({ speed: "slow" }, "fast", false), "fast");
  assert.equal(dealSpeed({ speed: "slow" }, null, false), "slow");
  assert.equal(dealSpeed({}, null, false), "normal");
});

test("a step lasts the milliseconds the table gives its speed; an unknown speed shows everything at once", () => {
  assert.equal(stepMilliseconds(SPEEDS, "slow"), 1000);
  assert.equal(stepMilliseconds(SPEEDS, "instant"), 0);
  assert.equal(stepMilliseconds(SPEEDS, "warp"), 0);
  assert.equal(stepMilliseconds(undefined, "normal"), 0);
});

test("a new coup starts at its start; the coup being shown goes on; one with fewer events than shown starts again", () => {
  const reveal = { id: "0-2", events: COUP, start: 0 };
  assert.equal(restartAt(reveal, "0-1", 9), 0);
  assert.equal(restartAt(reveal, "0-2", 4), null);
  assert.equal(restartAt(reveal, "0-2", 9), null);
  assert.equal(restartAt({ id: "0-2", events: COUP.slice(0, 3), start: 2 }, "0-2", 5), 2);
  assert.equal(restartAt({ id: "g", events: COUP, start: 20 }, null, 0), COUP.length); // never past the last
});

test("after four events each hand has its two cards and total; the last card dealt is the fresh one", () => {
  const hands = handsAfter(COUP, 4);
  assert.deepEqual(ranks(hands.Player), ["2", "2"]);
  assert.deepEqual(ranks(hands.Banker), ["A", "2"]);
  assert.deepEqual([hands.Player.total, hands.Banker.total], [4, 3]);
  assert.deepEqual([hands.Player.fresh, hands.Banker.fresh], [-1, 1]);
  assert.equal(hands.Player.won || hands.Banker.beats.length > 0, false);
});

test("the third card arrives at step six, and the result at step eight: the Banker beats the Player", () => {
  assert.deepEqual(ranks(handsAfter(COUP, 5).Player), ["2", "2"]);
  const six = handsAfter(COUP, 6);
  assert.deepEqual(ranks(six.Player), ["2", "2", "8"]);
  assert.equal(six.Player.fresh, 2);
  assert.deepEqual(handsAfter(COUP, 7).Banker.beats, []);
  const all = handsAfter(COUP, COUP.length);
  assert.deepEqual(all.Banker.beats, ["Player"]);
  assert.equal(all.Player.won, false);
  assert.equal(all.Player.fresh, -1); // the last event dealt no card
  assert.deepEqual(handsAfter(COUP, 0), {});
});

test("a tie marks the hand; a Player win marks the Player; cards turned over replace the face-down ones", () => {
  assert.equal(handsAfter([{ kind: "CoupResult", hand: "Player", outcome: "Tie" }], 1).Player.tie, true);
  assert.equal(handsAfter([{ kind: "CoupResult", hand: "Player", outcome: "Player" }], 1).Player.won, true);
  const down = { kind: "CardDealt", hand: "Banker", cards: [{ rank: null, face_up: false }], total: null };
  const events = [down, down, { kind: "CardsRevealed", hand: "Banker", cards: [{ rank: "9", suit: "S" }, { rank: "K", suit: "H" }], total: 9 }];
  assert.deepEqual(ranks(handsAfter(events, 2).Banker), [null, null]);
  const turned = handsAfter(events, 3).Banker;
  assert.deepEqual(ranks(turned), ["9", "K"]);
  assert.equal(turned.total, 9);
});

// A clock for the pacer: timers run when the test moves time on.
function testClock() {
  const clock = { now: 0, pending: [], next: 1 };
  clock.setTimeout = (callback, ms) => {
    clock.pending.push({ id: clock.next, at: clock.now + ms, callback });
    return clock.next++;
  };
  clock.clearTimeout = (id) => { clock.pending = clock.pending.filter((timer) => timer.id !== id); };
  clock.advance = (ms) => {
    const until = clock.now + ms;
    for (;;) {
      const due = clock.pending.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      clock.pending = clock.pending.filter((timer) => timer !== due);
      clock.now = due.at;
      due.callback();
    }
    clock.now = until;
  };
  return clock;
}

function pacedCoup(ms, reveal = { id: "0-1", events: COUP, start: 0, done: true }) {
  const clock = testClock();
  const seen = { steps: [], ends: 0 };
  const model = { reveal };
  const pacer = revealPacer({
    reveal: () => model.reveal, stepMs: () => ms, timers: clock,
    onStep: () => seen.steps.push(pacer.shown), onEnd: () => { seen.ends += 1; },
  });
  return { clock, seen, model, pacer };
}

test("the pacer shows one more event every step, and ends once when the last is shown", () => {
  const { clock, seen, pacer } = pacedCoup(170);
  pacer.follow();
  assert.deepEqual([pacer.id, pacer.shown, pacer.revealing()], ["0-1", 0, true]);
  pacer.schedule();
  clock.advance(169);
  assert.equal(pacer.shown, 0);
  clock.advance(1);
  assert.equal(pacer.shown, 1);
  clock.advance(170 * 3);
  assert.deepEqual(seen.steps, [1, 2, 3, 4]);
  pacer.schedule(); // a second schedule while a timer runs starts no second timer
  clock.advance(170 * 10);
  assert.deepEqual(seen.steps, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.equal(seen.ends, 1);
  assert.equal(pacer.revealing(), false);
  assert.equal(clock.pending.length, 0);
});

test("at the instant speed the whole coup is shown at once, with no timer", () => {
  const { clock, seen, pacer } = pacedCoup(0);
  pacer.follow();
  pacer.schedule();
  assert.deepEqual([pacer.shown, seen.ends, clock.pending.length], [COUP.length, 1, 0]);
});

test("Show all stops the timer and shows the rest; a new coup stops the old one's timer and starts again", () => {
  const { clock, seen, model, pacer } = pacedCoup(1000);
  pacer.follow();
  pacer.schedule();
  clock.advance(2000);
  pacer.showAll();
  assert.deepEqual([pacer.shown, seen.ends, clock.pending.length], [COUP.length, 1, 0]);

  model.reveal = { id: "0-2", events: COUP.slice(0, 4), start: 1 };
  pacer.follow();
  assert.deepEqual([pacer.id, pacer.shown], ["0-2", 1]);
  pacer.schedule();
  clock.advance(1000);
  model.reveal = { id: "0-3", events: COUP, start: 0 };
  pacer.follow(); // the kernel's next coup arrives mid-way
  assert.deepEqual([pacer.shown, clock.pending.length], [0, 0]);
});

test("a page opened on a table in play shows its last coup as it stands", () => {
  const { clock, seen, pacer } = pacedCoup(170);
  pacer.open();
  assert.deepEqual([pacer.id, pacer.shown, pacer.revealing()], ["0-1", COUP.length, false]);
  pacer.follow(); // the same coup: nothing to replay
  pacer.schedule();
  assert.deepEqual([seen.steps, seen.ends, clock.pending.length], [[], 1, 0]);
});
