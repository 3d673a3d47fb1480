// The user's decision at a seated table: the prompt, the chip row and amount box where the action
// takes an amount, the action buttons (a forced choice's refused one shown disabled, with its note),
// and the chip row the bet spots use too. Drawn from `state`, `page` and `act` (see felt.js).

// The chip in the user's hand: the one chosen while it is enabled; else the largest enabled chip not
// above it (or the table's chip), else the smallest enabled; the table's chip when none is enabled.
export function chipInHand(chips, chosen, tableChip) {
  if (chips.some((chip) => chip.value === chosen && chip.enabled)) return chosen;
  const usable = chips.filter((chip) => chip.enabled).map((chip) => chip.value);
  const smaller = usable.filter((v) => v <= (chosen ?? tableChip));
  return smaller.length ? Math.max(...smaller) : usable.length ? Math.min(...usable) : tableChip;
}

// The amount box of the actions that take an amount, or null when none does: the range in hundredths
// (`lowest`, `highest`) and in chips (`low`, `high`), and the amount it shows — the one typed or
// chosen, else the table's default for the first such action, else the lowest — kept within the range.
export function amountRange(actions, presentation, amount) {
  const takesAmount = actions.filter((a) => (presentation.amount_kinds || []).includes(a.kind));
  if (!takesAmount.length) return null;
  const lowest = Math.min(...takesAmount.map((a) => a.min_amount));
  const highest = Math.max(...takesAmount.map((a) => a.max_amount));
  const [low, high] = [lowest / 100, highest / 100];
  const wanted = amount ?? (presentation.default_amounts || {})[takesAmount[0].kind] ?? low;
  return { lowest, highest, low, high, amount: Math.min(Math.max(wanted, low), high) };
}

// An action's button key: "DECLINE_BANCO" → "decline-banco", with the side's first word ("bet-left").
export function actionKey(kind, side) {
  return kind.toLowerCase().replace(/_/g, "-") + (side ? `-${side.split(" ")[0].toLowerCase()}` : "");
}

// Typing in the amount box moves the chip row's mark without a redraw (a redraw would take the typing away).
function markChosenChip(box, amount) {
  for (const button of box.querySelectorAll(".bls-chips .bls-chip")) {
    const chosen = Number(button.dataset.focus.slice("chip-".length)) === amount;
    button.classList.toggle("bl-chip-selected", chosen);
    button.setAttribute("aria-pressed", chosen ? "true" : "false");
  }
}

// The chips to choose from, `chosen` marked: the chip to place at the bet spots, or (`purpose`
// "amount") the amount in the box, if a chip is worth it.
function chipRow(chips, locked, purpose, chosen, act) {
  const row = h("div", { class: "bls-chips bl-chips", role: "group", "aria-label": purpose },
    h("span", { class: "bls-row-label", text: "Chip" }));
  for (const chip of chips) {
    const isChosen = chip.value === chosen;
    row.append(h("button", {
      type: "button", class: `bls-chip bl-chip bl-chip-${chip.value}${isChosen ? " bl-chip-selected" : ""}`,
      "data-focus": `chip-${chip.value}`, "aria-pressed": isChosen ? "true" : "false", title: chip.tooltip,
      "aria-label": `${chip.value} chip`, disabled: locked || !chip.enabled,
      onclick: () => act.chooseChip(chip.value, purpose === "amount"),
    }, h("span", { class: `bls-disc bls-disc-${chip.value}`, "aria-hidden": "true" }, h("span", { text: String(chip.value) }))));
  }
  return row;
}

function decision(state, page, act) {
  const turn = state.view.turn;
  const presentation = state.presentation;
  const box = h("div", { class: "bls-decision bl-decision-bar", role: "group", "aria-label": "Your decision" });
  if (!turn || !turn.actions || !turn.actions.length || page.locked) {
    const waiting = page.locked ? "The cards are on their way…" : turn ? `${turn.name} decides: ${turn.prompt}.` : "";
    if (waiting) box.append(h("p", { class: "bls-waiting", text: waiting }));
    return box;
  }
  // "Your turn: …" once: the table's sentence above says it already, unless it says something else.
  const prompt = `Your turn: ${turn.prompt}.`;
  if ((page.message.text || "") !== prompt) box.append(h("p", { class: "bls-prompt bl-decision-prompt", text: prompt }));
  if (presentation.situation) box.append(h("p", { class: "bls-situation bl-decision-situation", text: presentation.situation }));
  const range = amountRange(turn.actions, presentation, page.amount);
  if (range) {
    act.setAmount(range.amount);
    box.append(chipRow(presentation.chips || [], false, "amount", range.amount, act));
    const input = h("input", {
      type: "number", class: "bls-amount", min: range.low, max: range.high, step: "any", value: range.amount,
      "data-focus": "amount", "aria-label": `Chips (${rangeText(range.lowest, range.highest)})`,
      oninput: (event) => { act.setAmount(event.target.value); markChosenChip(box, Number(event.target.value)); },
    });
    box.append(h("label", { class: "bls-amount-label bl-amount" }, h("span", { text: `Chips (${rangeText(range.lowest, range.highest)})` }), input));
  }
  // Every action in the view is legal; where the rules force one, the other is shown refused.
  const buttons = h("div", { class: "bls-actions-row" });
  for (const action of turn.actions) {
    const key = actionKey(action.kind, action.side);
    const amountTaken = (presentation.amount_kinds || []).includes(action.kind);
    buttons.append(h("button", {
      type: "button", class: `bls-action bl-decision bl-decision-${key}${action.forced ? " bls-forced" : ""}`,
      "data-focus": `action-${key}`, title: action.reason || (presentation.tooltips || {})[action.kind] || action.label,
      onclick: () => act.decide(action, amountTaken),
    }, action.label));
  }
  for (const refusal of presentation.refused || []) {
    buttons.append(h("button", {
      type: "button", class: `bls-action bl-decision bl-decision-${actionKey(refusal.kind, null)}`, disabled: true,
      title: refusal.reason, "aria-label": `${refusal.label}: ${refusal.reason}`,
    }, refusal.label));
  }
  // Why the choice is forced, said once (a refused button's label says it to a screen reader too).
  for (const note of presentation.notes || []) buttons.append(h("span", { class: "bls-reason bl-decision-reason", text: note }));
  box.append(buttons);
  if (presentation.hint) box.append(h("p", { class: "bls-hint bl-hint-text", role: "note", text: presentation.hint }));
  return box;
}
