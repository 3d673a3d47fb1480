// The pieces the table is drawn with: DOM and SVG nodes, amounts and chip stacks, cards. Pure functions
// of their arguments; nothing here reads the model. The first of the files served.py joins into the
// table surface's module (see the list there): the files after it draw with these.

const SVG = "http://www.w3.org/2000/svg";

function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
  }
  return node;
}

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, String(value));
  for (const child of children) node.append(child);
  return node;
}

// -- money and chips ------------------------------------------------------------------------
export function chipsText(hundredths) {
  const sign = hundredths < 0 ? "-" : "";
  const whole = Math.floor(Math.abs(hundredths) / 100);
  const cents = Math.abs(hundredths) % 100;
  const grouped = whole.toLocaleString("en-US");
  return sign + (cents === 0 ? grouped : `${grouped}.${String(cents).padStart(2, "0")}`);
}

// Two amounts as a range, both with cents when either has them ("from 1.00 up to 15.90").
export function rangeText(low, high) {
  const cents = low % 100 !== 0 || high % 100 !== 0;
  const text = (hundredths) => (cents ? (hundredths / 100).toLocaleString("en-US", { minimumFractionDigits: 2 }) : chipsText(hundredths));
  return `from ${text(low)} up to ${text(high)}`;
}

// The chips that make up a stake, largest first (at most eight discs); what they cannot make up
// exactly (half chips of a 0.95 payout) is still in the amount printed beside them.
export function chipsFor(hundredths, denominations) {
  const piles = [];
  let left = Math.floor(hundredths / 100);
  let count = 0;
  for (const value of [...denominations].sort((a, b) => b - a)) {
    let many = 0;
    while (left >= value && count < 8) {
      many += 1;
      count += 1;
      left -= value;
    }
    if (many) piles.push([value, many]);
  }
  return piles;
}

// A stake as stacks of chips side by side, one for each denomination in it (19 = 10, 5, 2 and 2),
// each stack showing the value on its top chip.
export function chipStack(hundredths, denominations, label) {
  const stack = h("span", { class: "bls-stack", role: "img", "aria-label": label || `${chipsText(hundredths)} chips` });
  const piles = h("span", { class: "bls-stack-piles", "aria-hidden": "true" });
  for (const [value, many] of chipsFor(hundredths, denominations)) {
    const pile = h("span", { class: "bls-stack-pile", style: `--n:${many}` });
    for (let i = 0; i < many; i += 1) {
      pile.append(h("span", { class: `bls-disc bls-disc-${value}`, style: `--i:${i}` }, h("span", { text: String(value) })));
    }
    piles.append(pile);
  }
  stack.append(piles, h("span", { class: "bls-stack-amount", "aria-hidden": "true", text: chipsText(hundredths) }));
  return stack;
}

// -- cards ---------------------------------------------------------------------------------------
export function cardWords(card, words) {
  if (card.rank == null) return "face-down card"; // == null: a kernel's None may arrive as undefined
  return `${words.ranks[card.rank] || card.rank} of ${words.suits[card.suit]}`;
}

function cardFace(card, suits) {
  const red = card.suit === "H" || card.suit === "D";
  const face = svg("svg", { viewBox: "0 0 60 84", class: `bls-card-svg ${red ? "bls-red" : "bls-black"}`, "aria-hidden": "true" });
  face.append(svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: "bls-card-paper" }));
  const corner = (transform) => {
    const group = svg("g", transform ? { transform } : {});
    const rank = svg("text", { x: card.rank === "10" ? 2.5 : 4, y: 15, class: "bls-card-rank" });
    rank.textContent = card.rank;
    group.append(rank, svg("path", { d: suits[card.suit], transform: "translate(4 18) scale(0.7)" }));
    return group;
  };
  face.append(corner(""), corner("rotate(180 30 42)"));
  face.append(svg("path", { d: suits[card.suit], transform: "translate(17 29) scale(2.6)" }));
  return face;
}

function cardBack() {
  const back = svg("svg", { viewBox: "0 0 60 84", class: "bls-card-svg", "aria-hidden": "true" });
  back.append(svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: "bls-back-paper" }));
  back.append(svg("rect", { x: 5, y: 5, width: 50, height: 74, rx: 3, class: "bls-back-frame" }));
  for (let x = 6; x < 54; x += 8) {
    back.append(svg("path", { d: `M${x} 6 L${x + 6} 78 M${x + 6} 6 L${x} 78`, class: "bls-back-line" }));
  }
  return back;
}

// A card as the user's seat sees it: a face, a back, or (the user's own face-down card) a face
// marked as hidden from the others. The third card of a hand lies sideways.
export function cardNode(card, index, fresh, presentation) {
  const peek = card.rank != null && !card.face_up;
  const hidden = card.rank == null;
  let label = cardWords(card, presentation.words);
  if (peek) label += presentation.peek_words || ", face down: only you see it";
  if (index === 2) label += ", turned sideways";
  const classes = ["bls-card"];
  if (index === 2) classes.push("bls-card-sideways");
  if (hidden) classes.push("bls-card-down");
  if (peek) classes.push("bls-card-peek");
  if (fresh) classes.push("bls-card-new");
  const node = h("div", { class: classes.join(" "), role: "img", "aria-label": label, title: label });
  const inner = h("div", { class: "bls-card-inner" });
  inner.append(h("div", { class: "bls-card-front" }, hidden ? cardBack() : cardFace(card, presentation.suits)));
  inner.append(h("div", { class: "bls-card-rear" }, cardBack()));
  node.append(inner);
  if (peek) node.append(h("span", { class: "bls-peek-mark", "aria-hidden": "true", text: presentation.peek_mark || "you" }));
  return node;
}
