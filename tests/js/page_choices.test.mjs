// The page's own choices at a table: the chip in hand, the amount box of a decision, an action's key,
// and the session timer's words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadSurface } from "./surface_files.mjs";

const { chipInHand, amountRange, actionKey } = await loadSurface("decision.js");
const { sessionTimeText } = await loadSurface("layout.js");

const chips = (...values) => values.map(([value, enabled]) => ({ value, enabled }));

test("the chip chosen stays in hand while it is enabled", () => {
  assert.equal(chipInHand(chips([5, true], [10, true], [25, true]), 10, 5), 10);
});

test("a chip that can no longer be placed gives way to the largest enabled one below it, else the smallest", () => {
  const some = chips([5, true], [10, true], [25, false], [50, false]);
  assert.equal(chipInHand(some, 25, 5), 10);
  assert.equal(chipInHand(some, 50, 5), 10);
  assert.equal(chipInHand(chips([5, false], [10, false], [25, true]), 10, 5), 25);
  assert.equal(chipInHand(some, null, 5), 5); // nothing chosen yet: the table's chip
  assert.equal(chipInHand(chips([5, false], [10, false]), 10, 5), 5); // none enabled: the table's chip
  assert.equal(chipInHand([], null, 5), 5);
});

// A Chemin de Fer decision: Take the bank for 1 to 159 chips (in hundredths of a chip), or decline it.
const OPEN_BANK = { kind: "OPEN_BANK", min_amount: 100, max_amount: 15900 };
const DECLINE_BANK = { kind: "DECLINE_BANK" };
const TABLE = { amount_kinds: ["OPEN_BANK", "BET"], default_amounts: { OPEN_BANK: 20, BET: 10 } };

test("the amount box covers the actions that take an amount, in chips, showing the table's default", () => {
  assert.deepEqual(amountRange([OPEN_BANK, DECLINE_BANK], TABLE, null), { lowest: 100, highest: 15900, low: 1, high: 159, amount: 20 });
  assert.equal(amountRange([DECLINE_BANK], TABLE, null), null);
  assert.equal(amountRange([OPEN_BANK], {}, null), null); // a table whose actions take no amount
});

test("the amount typed or chosen is kept within the range; with no default the box starts at the lowest", () => {
  assert.equal(amountRange([OPEN_BANK], TABLE, 40).amount, 40);
  assert.equal(amountRange([OPEN_BANK], TABLE, "7.5").amount, 7.5); // as typed in the box
  assert.equal(amountRange([OPEN_BANK], TABLE, 500).amount, 159);
  assert.equal(amountRange([OPEN_BANK], TABLE, 0).amount, 1);
  assert.equal(amountRange([OPEN_BANK], { amount_kinds: ["OPEN_BANK"] }, null).amount, 1);
  // Banque: a bet on either tableau, the default of the first one.
  const bets = [{ kind: "BET", side: "Left tableau", min_amount: 50, max_amount: 20000 }, { kind: "BET", side: "Right tableau", min_amount: 100, max_amount: 30000 }];
  assert.deepEqual(amountRange(bets, TABLE, null), { lowest: 50, highest: 30000, low: 0.5, high: 300, amount: 10 });
});

test("an action's key names its kind and the first word of its side", () => {
  assert.equal(actionKey("DECLINE_BANCO", null), "decline-banco");
  assert.equal(actionKey("BET", "Left tableau"), "bet-left");
  assert.equal(actionKey("PASS", undefined), "pass");
});

test("the session timer counts on from the kernel's time, in minutes and seconds", () => {
  assert.equal(sessionTimeText(0, 0), "Session time 0:00");
  assert.equal(sessionTimeText(59, 999), "Session time 0:59");
  assert.equal(sessionTimeText(59, 1000), "Session time 1:00");
  assert.equal(sessionTimeText(605, 61500), "Session time 11:06");
});
