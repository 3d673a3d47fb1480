// The settlement on the felt: when it starts, which stakes it moves and how, and where the chips go.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadSurface } from "./surface_files.mjs";

const { startsSettlement, settlementMoves, bankPoint, housePoint, offsetTo, settleDelay, coupFelt, feltPresentation } =
  await loadSurface("settlement.js");

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

test("a seated table's chips go to the bank's banner's middle", () => {
  assert.deepEqual(bankPoint({ left: 100, top: 40, width: 200, height: 30 }), [200, 55]);
});

test("a chip moves by the distance from its middle to the bank, and a redraw carries its motion on", () => {
  const stake = { left: 30, top: 200, width: 40, height: 20 };
  assert.deepEqual(offsetTo([200, 55], stake), ["150.0px", "-155.0px"]);
  assert.deepEqual(offsetTo([50.25, 210], stake), ["0.3px", "0.0px"]);
  assert.equal(settleDelay(412.6), "-413ms");
  assert.equal(settleDelay(0), "-0ms");
});

// Banque limitée, coup 1 with you captaining the right tableau; at its end the kernel sends the next coup's
// hands, none of them yours.
const IN_PLAY = { bank: "The house banks every coup. Its result so far: 0 chips", status: [["coup", "Coup 1"]],
  hands: [{ name: "Left tableau", yours: false }, { name: "Banker", yours: false }, { name: "Right tableau", yours: true }] };
const NEXT = { bank: "The house banks every coup. Its result so far: +5 chips", status: [["coup", "Coup 2"]],
  hands: [{ name: "Left tableau", yours: false }, { name: "Banker", yours: false },
    { name: "Right tableau", yours: false, caption: "Captain this coup: You" }] };

test("a finished coup on the felt keeps the hand you played until the user moves on; the rest is the kernel's latest", () => {
  const kept = coupFelt("0-1", IN_PLAY);
  const drawn = feltPresentation(NEXT, { id: "0-1", done: true }, kept, false);
  assert.deepEqual(drawn.hands.map((spec) => spec.yours), [false, false, true]);
  assert.equal(drawn.hands[2].caption, "Captain this coup: You");
  assert.equal(drawn.bank, NEXT.bank); // the bank as settled: the seats' chips add up with it
  assert.deepEqual(drawn.status, NEXT.status);
  assert.equal(NEXT.hands[2].yours, false); // left as it came
});

test("the hands are the kernel's own in play, while revealing (the page shows the moment before), for another coup, or once moved on", () => {
  const kept = coupFelt("0-1", IN_PLAY);
  assert.equal(feltPresentation(NEXT, { id: "0-1", done: false }, kept, false), NEXT);
  assert.equal(feltPresentation(NEXT, { id: "0-1", done: true }, kept, true), NEXT);
  assert.equal(feltPresentation(NEXT, { id: "0-2", done: true }, kept, false), NEXT);
  assert.equal(feltPresentation(NEXT, { id: "0-1", done: true }, null, false), NEXT);
});

test("the house's chips come from and go to the felt's near rail, straight under the stake", () => {
  const felt = { left: 30, top: 240, right: 1330, bottom: 510, width: 1300, height: 270 };
  const spot = { left: 520, top: 440, width: 112, height: 30 };
  assert.deepEqual(housePoint(felt, spot, 10), [576, 500]);
  assert.deepEqual(offsetTo(housePoint(felt, spot, 10), spot), ["0.0px", "45.0px"]); // down only: no hand on the way
});
