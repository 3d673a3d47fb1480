// The settlement, seen. When a coup's last event is shown its bets are settled where they lie: a
// winner's payout slides out from the bank (or the house's rail) to beside its stake, a losing stake is
// swept to the bank, a push stays; moving chips pass under the cards, never over them (surface.css). Until the user's next click the stakes are drawn from the reveal's
// `settlement` (so the felt keeps its size) and each redraw carries the motion on from where it was (a
// negative animation delay): the kernel's answer arriving mid-way does not restart it. Reduced motion
// (the setting or the system's) draws the chips where they end, without moving (surface.css).

// Whether the end of `reveal` starts a settlement: a finished coup with bets on it, once
// (`settledId`: the last reveal settled).
export function startsSettlement(reveal, settledId) {
  return Boolean(reveal.done && (reveal.settlement || []).length && settledId !== reveal.id);
}

// The moves to draw the stakes from, each with its index, or null for stakes drawn as they stand: no
// settlement on the felt (`settle`: {id, at}), another coup's, none to make, or the coup still revealing.
export function settlementMoves(reveal, settle, revealing) {
  const moves = reveal.settlement || [];
  if (!settle || settle.id !== reveal.id || !moves.length || revealing) return null;
  return moves.map((move, index) => Object.assign({ index }, move));
}

// Where a seated table's chips go to and come from: the middle of the bank's banner (its rectangle `box`).
export function bankPoint(box) {
  return [box.left + box.width / 2, box.top + box.height / 2];
}

// Where the house's chips for a stake in `box` go to and come from: the felt's near rail straight under
// the stake. The bet spots are the felt's lowest row, so that short path crosses no card: from the felt's
// top it crossed both hands (issue 30, point 7). `felt` is the felt's rectangle, `rail` its border's width.
export function housePoint(felt, box, rail) {
  return [box.left + box.width / 2, felt.bottom - rail];
}

// How far the middle of `box` is from `point`, as the CSS lengths a chip moves by.
export function offsetTo(point, box) {
  return [`${(point[0] - box.left - box.width / 2).toFixed(1)}px`, `${(point[1] - box.top - box.height / 2).toFixed(1)}px`];
}

// The animation's delay `elapsedMs` after the settlement began: negative, so it goes on from there.
export function settleDelay(elapsedMs) {
  return `-${Math.round(elapsedMs)}ms`;
}

// Moves the stakes on `felt` (its [data-settle] nodes, drawn from `moves`): a loss swept to the bank, a
// win's payout (chips of `denominations`) beside its stake, coming from the bank.
function settleOnFelt(felt, moves, elapsedMs, denominations) {
  const bank = felt.querySelector(".bls-bank");
  const bankAt = bank ? bankPoint(bank.getBoundingClientRect()) : null;
  const feltBox = felt.getBoundingClientRect(), rail = parseFloat(getComputedStyle(felt).borderBottomWidth) || 0;
  const delay = settleDelay(elapsedMs);
  const toBank = (node) => {
    const box = node.getBoundingClientRect();
    const [x, y] = offsetTo(bankAt || housePoint(feltBox, box, rail), box);
    node.style.setProperty("--to-x", x);
    node.style.setProperty("--to-y", y);
    node.style.animationDelay = delay;
  };
  for (const stake of felt.querySelectorAll("[data-settle]")) {
    const move = moves[Number(stake.getAttribute("data-settle"))];
    if (move.result === "lost") {
      toBank(stake);
      stake.classList.add("bls-settle-chip", "bls-settle-swept");
    } else if (move.result === "won") {
      const paid = chipStack(move.paid, denominations, `paid ${chipsText(move.paid)} chips`);
      paid.classList.add("bls-settle-paid");
      paid.setAttribute("aria-hidden", "true");
      stake.classList.add("bls-settle-won");
      stake.append(paid);
      // Room beside the stake as wide as the payout's stack: a wide one (19 = 10, 5, 2, 2) overlapped
      // the next bettor's name when the room was a fixed width.
      stake.style.setProperty("--paid-w", `${paid.getBoundingClientRect().width.toFixed(1)}px`);
      toBank(paid); // measured where it ends, before it moves
      paid.classList.add("bls-settle-chip");
    }
  }
}

// The hand that was yours in a coup while it was in play (`revealId`), kept by the page from a presentation
// drawn then (or, for a coup revealed at once, the moment before it).
export function coupFelt(revealId, presentation) {
  return { id: revealId, yours: (presentation.hands || []).filter((spec) => spec.yours).map((spec) => spec.name) };
}

// The presentation to draw with: while a finished coup is still on the felt (its reveal done and shown, the
// user not yet moved on) your hand is the one you played (`kept`), not the next coup's, which the kernel sends
// with the coup's end: at Banque a phone's hands went from two rows to three columns when the hand you
// captained stopped being yours (issue 30, point 6). Otherwise as it came. (The bank's banner is the
// kernel's latest: it says the bank as settled, which the seats' chips add up with.)
export function feltPresentation(presentation, reveal, kept, revealing) {
  if (!kept || revealing || !reveal.done || kept.id !== reveal.id) return presentation;
  const hands = (presentation.hands || []).map((spec) => Object.assign({}, spec, { yours: kept.yours.includes(spec.name) }));
  return Object.assign({}, presentation, { hands });
}
