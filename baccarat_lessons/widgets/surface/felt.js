// The felt and the seats around it: the bank's banner, the hands with their cards and (at a seated
// table) the stakes on them, the bet spots, the shoe, the seat panels above and below, and what the
// bots said. Drawn from `state` (the view and presentation shown), `page` (this page's own choices)
// and `act` (what a click does: surface.js).
//
// The presentation is the page contract (widgets/presentation/: a Presentation's to_json(), whose JSON
// Schema tests/widgets/test_page_contract.py holds these files to): every file reads it as
// `presentation.<key>` (or `state.presentation.<key>`, `get("presentation").<key>`), and each of its
// parts through a name that is its record's name in lowerCamelCase and holds nothing else: a spot
// `spot`, a seat panel `seat`, a stake on a hand `handStake`, a chip `chip`, a button `control`, a
// hand's label `handLabel`, a refused choice `refusal`, the card words `words`. A key read that way is
// one Python sends, and every key Python sends is read.

// What kind of table a presentation draws: its hands are bet on from seats (`seated`), it has bet
// spots, it has seat panels (every presentation has every key: one shape).
function tableShape(presentation) {
  return {
    seated: presentation.layout === "seated",
    hasSpots: (presentation.spots || []).length > 0,
    hasSeats: (presentation.seats || []).length > 0,
  };
}

// The shoe in the felt's corner, labelled, with the cards left in it (a guide's felt has no table: no count).
// A screen reader has the count in the balance line.
function shoe(view) {
  const left = view && typeof view.cards_in_shoe === "number" ? view.cards_in_shoe : null;
  return h("div", { class: "bls-shoe", "aria-hidden": "true", title: left === null ? "The shoe" : `The shoe: ${left} cards left` },
    h("span", { class: "bls-shoe-name", text: "Shoe" }), left === null ? null : h("span", { class: "bls-shoe-count", text: String(left) }));
}

function seatPanel(seat) {
  const classes = ["bls-seat", "bl-seat"];
  if (seat.you) classes.push("bls-seat-you", "bl-seat-you");
  if (seat.banker) classes.push("bls-seat-banker", "bl-seat-banker");
  if (seat.to_act) classes.push("bls-seat-to-act", "bl-seat-to-act");
  return h("div", { class: classes.join(" "), "data-seat": seat.index, "aria-label": `Seat ${seat.index}: ${seat.name}` },
    // "right side", "Chips: 100": on a phone's narrow seat strip the second words fold away ("right", "100").
    h("div", { class: "bls-seat-name bl-seat-name" }, seat.name, seat.side ? h("span", { class: "bls-seat-side" },
      h("span", { class: "bls-fold", text: " · " }), seat.side.split(" ")[0], h("span", { class: "bls-fold", text: ` ${seat.side.split(" ").slice(1).join(" ")}` })) : null),
    seat.role ? h("div", { class: "bls-seat-role bl-seat-role", text: seat.role }) : null,
    h("div", { class: "bls-seat-chips bl-seat-chips" }, ...seat.chips.split(" · ").map((part, i) => (i
      ? h("span", { class: "bls-fold", text: ` · ${part}` }) // the bank's amount: the felt's banner says it too
      : part.startsWith("Chips: ") ? h("span", {}, h("span", { class: "bls-fold", text: "Chips: " }), part.slice(7)) : part))),
    seat.stake ? h("div", { class: `bls-seat-stake bl-seat-stake${seat.stake_is_last_coup ? " bls-seat-last" : ""}`, text: seat.stake }) : null,
    seat.to_act ? h("div", { class: "bls-seat-turn", text: seat.you ? "Your turn" : "Deciding…" }) : null,
    seat.reason ? h("div", { class: "bls-bubble bl-seat-reason", text: `“${seat.reason}”` }) : null);
}

function seatRow(state, indexes, where) {
  const seats = state.presentation.seats || [];
  const row = h("div", { class: `bls-seats bls-seats-${where}` });
  for (const index of indexes) {
    const panel = seats.find((seat) => seat.index === index);
    if (panel) row.append(seatPanel(panel));
  }
  return row;
}

// `bets`: the stakes on the hand (or the settlement's moves of them), as {amount, who, settle}.
function handBox(handLabel, hand, presentation, bets) {
  const classes = ["bls-hand", `bls-hand-${handLabel.key}`];
  if (handLabel.yours) classes.push("bls-hand-yours");
  const winner = hand.won || hand.beats.length > 0;
  if (winner) classes.push("bls-hand-winner");
  const cards = h("div", { class: "bls-cards" });
  hand.cards.forEach((card, i) => cards.append(cardNode(card, i, i === hand.fresh, presentation)));
  if (!hand.cards.length) cards.append(h("span", { class: "bls-empty", text: "no cards yet" }));
  const total = hand.total === null || hand.total === undefined ? null
    : h("span", { class: "bls-total", text: `total ${hand.total}` });
  // Against two tableaux the bank may win one and lose the other: the badge says which it beat.
  const beaten = hand.beats.length === 1 && (presentation.hands || []).length > 2 ? ` against the ${hand.beats[0].toLowerCase()}` : "";
  const badge = winner ? h("span", { class: "bls-badge", text: `${handLabel.wins || `${handLabel.label} wins`}${beaten}` })
    : hand.tie ? h("span", { class: "bls-badge bls-badge-tie", text: "Tie" }) : null;
  const said = hand.cards.map((c) => cardWords(c, presentation.words)).join(", ") || "no cards yet";
  // A group, not a <section>: reveal.js takes every <section> in a slide for a slide of its own and hides
  // those it thinks are far away, so on a slide a hand (Banque's third) vanished.
  const box = h("div", {
    class: classes.join(" "), role: "group",
    "aria-label": `${handLabel.label} hand: ${said}${hand.total !== null && hand.total !== undefined ? `, total ${hand.total}` : ""}${winner ? ", wins" : ""}`,
  },
    h("div", { class: "bls-hand-head" }, h("span", { class: "bls-hand-name", text: handLabel.label }), total, badge),
    cards,
    // "Captain: Bot 3 · on the banker's left": on a phone the side folds away (the felt's layout shows it).
    // "Captain this coup: Bot 3; the cards pass to Bot 4": a slide leaves off where they pass (its seat strip says).
    handLabel.caption ? h("div", { class: "bls-caption" }, ...handLabel.caption.split(" · ").flatMap((part, i) => {
      if (i) return [h("span", { class: "bls-fold", text: ` · ${part}` })];
      const [played, ...then] = part.split("; ");
      return then.length ? [played, h("span", { class: "bls-caption-then", text: `; ${then.join("; ")}` })] : [part];
    })) : null);
  if (bets && bets.length) {
    const row = h("div", { class: "bls-hand-stakes" });
    for (const bet of bets) {
      // The bettor's name first, then the stake, then (settled) the payout marked "+": "Bot 1 [10] 10 [+10]",
      // so a payout is not read as the next bettor's stake.
      row.append(h("span", { class: "bls-hand-stake", "data-who": bet.who, "data-settle": bet.settle },
        h("span", { class: "bls-stake-who", text: bet.who }),
        chipStack(bet.amount, presentation.denominations, `${bet.who}: ${chipsText(bet.amount)} chips`)));
    }
    box.append(row);
  }
  return box;
}

function spotButton(spot, state, moves, page, act) {
  const view = state.view;
  const settled = (moves || []).find((m) => m.place === spot.side);
  const stake = moves ? (settled ? settled.amount : 0)
    : (view.stakes || []).filter((s) => s.hand === spot.side).reduce((sum, s) => sum + s.amount, 0);
  const reason = (spot.reasons || {})[String(page.chip)];
  const disabled = page.locked || reason === undefined || reason !== "";
  const label = `${spot.label} ${spot.pays}` + (stake ? ` · ${chipsText(stake)} on it` : "");
  const tooltip = disabled && reason ? reason : `Add a ${page.chip} chip to ${spot.label} (pays ${spot.pays}).`;
  const button = h("button", {
    type: "button", class: `bls-spot bl-spot bl-spot-${spot.key}${stake ? " bl-spot-has-chips" : ""}`,
    "data-focus": `spot-${spot.key}`, title: tooltip, "aria-label": label + (disabled && reason ? `. ${reason}` : ""),
    disabled: disabled, onclick: () => act.bet(spot.side),
  }, h("span", { class: "bls-spot-name", text: spot.label }), h("span", { class: "bls-spot-pays", text: spot.pays }));
  if (stake) {
    const stack = chipStack(stake, state.presentation.denominations);
    if (settled) stack.setAttribute("data-settle", settled.index);
    button.append(stack);
  }
  return button;
}


// The frame: the seats above, the felt, the seats below; `hands` after the events shown, `moves` the
// settlement being drawn (or null). Returns the frame and the felt in it (the settlement moves its chips).
function feltFrame(state, hands, moves, page, act) {
  const presentation = state.presentation;
  const { seated, hasSpots, hasSeats } = tableShape(presentation);
  const frame = h("div", { class: `bls-frame bls-${presentation.layout || "punto-banco"}` });
  if (hasSeats) frame.append(seatRow(state, presentation.seats_above || [], "top"));
  const felt = h("div", { class: "bls-felt", role: "group", "aria-label": "Table" });
  if (presentation.bank) felt.append(h("div", { class: "bls-bank bl-bank", role: "status" },
    presentation.bank_amount ? chipStack(presentation.bank_amount, presentation.denominations, `Bank: ${chipsText(presentation.bank_amount)} chips`) : null,
    h("span", { text: presentation.bank })));
  const row = h("div", { class: "bls-hands" });
  for (const handLabel of presentation.hands || []) {
    const hand = hands[handLabel.name] || emptyHand();
    const bets = !seated ? null : moves ? moves.filter((m) => m.place === handLabel.name).map((m) => ({ amount: m.amount, who: m.who, settle: m.index }))
      : (presentation.stakes || []).filter((handStake) => handStake.hand === handLabel.name)
        .map((handStake) => ({ amount: handStake.amount, who: handStake.who, settle: null }));
    row.append(handBox(handLabel, hand, presentation, bets));
  }
  felt.append(row);
  if (hasSpots) {
    const spots = h("div", { class: "bls-spots bl-spots", role: "group", "aria-label": "Bet spots" });
    for (const spot of presentation.spots) spots.append(spotButton(spot, state, moves, page, act));
    felt.append(spots);
  }
  felt.append(shoe(state.view));
  frame.append(felt);
  if (hasSeats) {
    frame.append(seatRow(state, presentation.seats_below || [], "bottom"));
    // On a narrow screen the bots sit in a strip too small for their words: what they said this
    // coup is one tap away under the strip instead (surface.css shows one or the other).
    const spoken = presentation.seats.filter((seat) => seat.reason && !seat.you);
    if (spoken.length) {
      frame.append(h("details", { class: "bls-bubbles", open: page.bubblesOpen,
        ontoggle: (event) => act.toggleBubbles(event.target.open) },
      h("summary", { text: `What the bots said this coup (${spoken.length})` }),
      h("ul", {}, spoken.map((seat) => h("li", {}, h("strong", { text: `${seat.name}: ` }), `“${seat.reason}”`)))));
    }
  }
  return { frame, felt };
}
