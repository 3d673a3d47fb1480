// The settlement on the felt: when it starts, which stakes it moves and how, and where the chips go.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadSurface } from "./surface_files.mjs";

const { startsSettlement, settlementMoves, bankPoint, offsetTo, settleDelay } = await loadSurface("settlement.js");

// Round 1 of a Punto Banco table as the kernel sends it: 5 on the Banker (won, paid 4.75), 10 on the Player (lost).
const ROUND = {
  id: "0-1", done: true,
  settlement: [
    { place: "Banker", who: "", amount: 500, paid: 475, result: "won" },
    { place: "Player", who: "", amount: 1000, paid: 0, result: "lost" },
  ],
};

test("a finished coup with bets starts its settlement once; a coup without bets, or unfinished, starts none", () => {
  assert.equal(startsSettlement(ROUND, null), true);
  assert.equal(startsSettlement(ROUND, "0-1"), false); // settled already (or before this page opened)
  assert.equal(startsSettlement({ ...ROUND, done: false }, null), false);
  assert.equal(startsSettlement({ ...ROUND, settlement: [] }, null), false);
  assert.equal(startsSettlement({ id: "0-2", done: true }, null), false);
});

test("the settled coup's stakes are drawn from its moves, each numbered for the felt's data-settle", () => {
  const moves = settlementMoves(ROUND, { id: "0-1", at: 0 }, false);
  assert.deepEqual(moves, [
    { index: 0, place: "Banker", who: "", amount: 500, paid: 475, result: "won" },
    { index: 1, place: "Player", who: "", amount: 1000, paid: 0, result: "lost" },
  ]);
  assert.deepEqual(ROUND.settlement[0].index, undefined); // the reveal is left as it came
});

test("no moves while the coup is still shown, for another coup's settlement, or once the user moved on", () => {
  assert.equal(settlementMoves(ROUND, { id: "0-1", at: 0 }, true), null);
  assert.equal(settlementMoves(ROUND, { id: "0-0", at: 0 }, false), null);
  assert.equal(settlementMoves(ROUND, null, false), null); // a click clears the settlement away
  assert.equal(settlementMoves({ id: "0-1" }, { id: "0-1", at: 0 }, false), null);
});

test("chips go to the bank's banner's middle, or to the top middle of a felt with no bank (the house)", () => {
  const box = { left: 100, top: 40, width: 200, height: 30 };
  assert.deepEqual(bankPoint(box, true), [200, 55]);
  assert.deepEqual(bankPoint(box, false), [200, 40]);
});

test("a chip moves by the distance from its middle to the bank, and a redraw carries its motion on", () => {
  const stake = { left: 30, top: 200, width: 40, height: 20 };
  assert.deepEqual(offsetTo([200, 55], stake), ["150.0px", "-155.0px"]);
  assert.deepEqual(offsetTo([50.25, 210], stake), ["0.3px", "0.0px"]);
  assert.equal(settleDelay(412.6), "-413ms");
  assert.equal(settleDelay(0), "-0ms");
});
