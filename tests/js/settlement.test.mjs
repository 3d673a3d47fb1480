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

// Chemin de Fer, coup 1 banked by you for 20; at its end the kernel already says the bank's next state.
const IN_PLAY = { bank: "Bank: 20 chips, held by You · covered this coup: 20", bank_amount: 2000, status: [["coup", "Coup 1"]],
  hands: [{ name: "Player", yours: false }, { name: "Banker", yours: true, caption: "Banker: You" }] };
const NEXT = { bank: "Nobody holds the bank; it is offered to Bot 1", bank_amount: 0, status: [["coup", "Coup 2"]],
  hands: [{ name: "Player", yours: false }, { name: "Banker", yours: false, caption: "Banker this coup: You" }] };

test("a finished coup on the felt keeps the bank's banner and your hand it was played with until the user moves on", () => {
  const kept = coupFelt("0-1", IN_PLAY);
  const finished = { id: "0-1", done: true };
  const drawn = feltPresentation(NEXT, finished, kept, false);
  assert.equal(drawn.bank, IN_PLAY.bank);
  assert.equal(drawn.bank_amount, 2000);
  assert.deepEqual(drawn.hands, [{ name: "Player", yours: false }, { name: "Banker", yours: true, caption: "Banker this coup: You" }]);
  assert.deepEqual(drawn.status, NEXT.status); // everything else is the kernel's latest
  assert.equal(NEXT.bank, "Nobody holds the bank; it is offered to Bot 1"); // left as it came
});

test("the banner is the kernel's own in play, while revealing (the page shows the moment before), for another coup, or once moved on", () => {
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
