// The drawing pieces: amounts in words, a stake broken into chips, and (on a small fake document) the
// chip stack and card nodes the felt is drawn with.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadSurface } from "./surface_files.mjs";
import { installFakeDocument } from "./fake_dom.mjs";

const { chipsText, rangeText, chipsFor, chipStack, cardNode, cardWords } = await loadSurface("drawing_pieces.js");
installFakeDocument();

test("amounts are hundredths of a chip, printed with thousands grouped and cents only when there are some", () => {
  assert.equal(chipsText(1234500), "12,345");
  assert.equal(chipsText(1950), "19.50");
  assert.equal(chipsText(5), "0.05");
  assert.equal(chipsText(-250), "-2.50");
  assert.equal(chipsText(0), "0");
});

test("a range has cents at both ends when either end has them", () => {
  assert.equal(rangeText(100, 1500), "from 1 up to 15");
  assert.equal(rangeText(100, 1590), "from 1.00 up to 15.90");
  assert.equal(rangeText(150, 250000), "from 1.50 up to 2,500.00");
  assert.equal(rangeText(100000, 250000), "from 1,000 up to 2,500");
});

test("a stake is broken into chips largest first, whatever order the denominations come in", () => {
  assert.deepEqual(chipsFor(1900, [1, 2, 5, 10]), [[10, 1], [5, 1], [2, 2]]);
  assert.deepEqual(chipsFor(1900, [10, 2, 1, 5]), [[10, 1], [5, 1], [2, 2]]);
  // A 0.95:1 payout of 5 is 4.75: four chips are drawn, the 0.75 is in the amount printed beside them.
  assert.deepEqual(chipsFor(475, [1, 5, 10, 25, 50]), [[1, 4]]);
  assert.deepEqual(chipsFor(50, [1, 5]), []);
});

test("a stack has at most eight discs: a big stake is drawn as eight of its largest chips", () => {
  assert.deepEqual(chipsFor(50000, [1, 5, 10, 25, 50]), [[50, 8]]);
  assert.deepEqual(chipsFor(1234, [50, 1]), [[1, 8]]);
  assert.deepEqual(chipsFor(8600, [1, 5, 10, 25, 50]), [[50, 1], [25, 1], [10, 1], [1, 1]]);
});

test("a chip stack shows one pile per denomination, each disc marked with its value, and says its amount", () => {
  const stack = chipStack(1900, [1, 2, 5, 10]);
  assert.equal(stack.getAttribute("aria-label"), "19 chips");
  const piles = stack.withClass("bls-stack-pile");
  assert.deepEqual(piles.map((pile) => pile.withClass("bls-disc").map((disc) => disc.textContent)), [["10"], ["5"], ["2", "2"]]);
  assert.equal(stack.withClass("bls-stack-amount")[0].textContent, "19");
  assert.equal(chipStack(475, [1, 5], "paid 4.75 chips").getAttribute("aria-label"), "paid 4.75 chips");
});

const presentation = {
  words: { ranks: { A: "ace", 8: "eight" }, suits: { C: "clubs", H: "hearts" } },
  suits: { C: "M0 0", H: "M1 1" },
};

test("a card is named in words; a card the seat may not see is a face-down card", () => {
  assert.equal(cardWords({ rank: "A", suit: "C" }, presentation.words), "ace of clubs");
  assert.equal(cardWords({ rank: "7", suit: "H" }, presentation.words), "7 of hearts");
  assert.equal(cardWords({ rank: null }, presentation.words), "face-down card");
  assert.equal(cardWords({}, presentation.words), "face-down card"); // a kernel's None can arrive as undefined
});

test("only a hand's third card lies sideways, and the user's own face-down card is marked as theirs", () => {
  const first = cardNode({ rank: "8", suit: "H", face_up: true }, 0, false, presentation);
  assert.deepEqual(first.classes, ["bls-card"]);
  assert.equal(first.getAttribute("aria-label"), "eight of hearts");
  const third = cardNode({ rank: "A", suit: "C", face_up: false }, 2, true, presentation);
  assert.deepEqual(third.classes, ["bls-card", "bls-card-sideways", "bls-card-peek", "bls-card-new"]);
  assert.equal(third.getAttribute("aria-label"), "ace of clubs, face down: only you see it, turned sideways");
  assert.equal(third.withClass("bls-peek-mark")[0].textContent, "you");
  const hidden = cardNode({ rank: null, face_up: false }, 1, false, presentation);
  assert.deepEqual(hidden.classes, ["bls-card", "bls-card-down"]);
  assert.equal(hidden.withClass("bls-peek-mark").length, 0);
});
