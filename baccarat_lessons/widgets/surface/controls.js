// The controls under the table: its own buttons (Deal, Next coup, New session… with why the main one
// cannot be pressed, and New session's question when hands have been played), Show all, the deal
// speed, and the session file's Save and Open. Drawn from `state`, `page` and `act` (see felt.js).

function controls(state, page, act) {
  const locked = page.locked;
  const row = h("div", { class: "bls-controls bl-actions" });
  const played = state.view.coups_played || 0;
  const reasons = [];
  for (const control of state.presentation.controls || []) {
    const disabled = locked || !control.enabled;
    // New session wipes the hands played: with some played, the page asks first.
    const asks = control.kind === "NEW_SESSION" && played > 0;
    row.append(h("button", {
      type: "button", class: `bls-control ${control.css}${control.primary && !disabled ? " bls-primary" : ""}`,
      "data-focus": control.kind, disabled, title: control.tooltip, "aria-label": `${control.label}${disabled && control.enabled === false && control.tooltip ? `: ${control.tooltip}` : ""}`,
      "aria-expanded": asks ? String(page.confirmNew) : null,
      onclick: asks ? act.askNewSession : () => act.send(control.kind),
    }, control.label));
    // Why the main control cannot be pressed, in words on screen too (the label says it to a screen reader).
    if (control.primary && !locked && control.enabled === false && control.tooltip) reasons.push(`${control.label}: ${control.tooltip}`);
  }
  for (const reason of reasons) row.append(h("p", { class: "bls-control-reason bl-control-reason", "aria-hidden": "true", text: reason }));
  if (page.confirmNew && played > 0 && !locked) { // stays until answered (or New session pressed again)
    const hands = `${played} ${played === 1 ? "hand" : "hands"}`;
    row.append(h("div", { class: "bls-confirm bl-new-session-ask", role: "group", "aria-label": "Start a new session?" },
      h("p", { text: `A new session wipes this one: its ${hands}, its history and its balance. Start a new session?` }),
      h("button", { type: "button", class: "bls-control bl-new-session-confirm", "data-focus": "new-session-confirm",
        onclick: act.startNewSession }, "Start a new session"),
      h("button", { type: "button", class: "bls-control bl-new-session-keep", "data-focus": "new-session-keep",
        onclick: act.keepPlaying }, "Keep playing")));
  }
  row.append(h("button", {
    type: "button", class: "bls-control bl-skip", "data-focus": "skip", disabled: !locked,
    title: "Show the rest of this coup at once.", onclick: act.showAll,
  }, "Show all"));
  const select = h("select", { class: "bls-speed", "aria-label": "Deal speed", "data-focus": "speed",
    onchange: (event) => act.chooseSpeed(event.target.value) });
  for (const [name, label] of state.presentation.speeds || []) {
    select.append(h("option", { value: name, selected: name === page.speed }, label));
  }
  row.append(h("label", { class: "bls-speed-label bl-speed" }, h("span", { text: "Deal speed" }), select));
  if (page.saved) {
    row.append(h("button", {
      type: "button", class: "bls-control bl-export", "data-focus": "export", disabled: locked,
      title: "Save this session to a file (a teacher can open it on this server).", onclick: act.saveSession,
    }, "Save session file"));
    const input = h("input", { type: "file", accept: "application/json,.json", class: "bls-sr", tabindex: "-1",
      "aria-hidden": "true", onchange: act.openSession });
    row.append(input, h("button", {
      type: "button", class: "bls-control bl-import", "data-focus": "import", disabled: locked,
      title: "Open a session file saved from this app; it is replayed and checked.", onclick: () => input.click(),
    }, "Open session file"));
  }
  return row;
}

