// The table surface: one baccarat table drawn from the user's seat view.
//
// What it draws comes from four synced values and nothing else:
//   view          the user's seat view (engine/seated/view.py): hands, seats, stakes, turn;
//   presentation  the words and settings to draw it with (status line, seat panels, controls);
//   reveal        this coup's events as the user's seat may read them;
//   message       the one sentence the table says now (a refusal, a result, whose turn it is).
// It never writes a synced value back: every click is one message, {kind, amount, side, turn},
// which the kernel checks like any other input. `turn` names the redraw the click answers, so
// the second click of a double-click is recognised as stale and ignored there.
//
// The reveal is paced here, in the browser: the kernel sends a coup once and the page shows its
// events one by one (slide and flip for each card), keeping the balances and seat panels of the
// moment before the coup until the last event is shown; then it tells the kernel ("revealed").

// -- the widget ----------------------------------------------------------------------------------
function render({ model, el }) {
  const local = {
    chip: null, amount: null, speed: null, // the user's choices on this page
    revealId: null, shown: 0, timer: null, told: null, pending: false, // the reveal in progress
    before: null, lastShown: null, // the state drawn before the coup being revealed
    focus: null, // the control the keyboard was on
    settle: null, settled: null, // the settlement on the felt ({id, at}), and the last reveal settled
    bubblesOpen: false, // what the bots said, opened on a phone
    confirmNew: false, // New session was pressed with hands played: the page asks before wiping them
    drawn: null, // what the last drawing was made from
    timerFrom: performance.now(), // when the kernel's session time last arrived
  };
  const reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  const root = h("div", { class: "bls" });
  root.addEventListener("focusin", (event) => { local.focus = event.target.getAttribute("data-focus"); });
  root.addEventListener("focusout", (event) => {
    if (event.relatedTarget && !root.contains(event.relatedTarget)) local.focus = null; // the user moved on
  });
  // A redraw replaces the buttons; one made between a press and its release would swallow the click
  // (the release lands on a new button, so no click is fired). While a pointer is down on the table
  // the redraw waits, and is made just after the click (a press held over 2 s is no click: it waits no more).
  const press = { down: false, since: 0, waiting: false };
  root.addEventListener("pointerdown", () => { press.down = true; press.since = performance.now(); });
  const released = () => {
    if (!press.down) return;
    press.down = false;
    if (press.waiting) {
      press.waiting = false;
      setTimeout(draw, 0); // after the click this release is part of
    }
  };
  window.addEventListener("pointerup", released, true);
  window.addEventListener("pointercancel", released, true);
  el.classList.add("bls-host"); // its width decides the layout (surface.css: @container)
  el.append(root);

  const get = (name) => model.get(name) || {};
  const storageKey = () => `baccarat-lessons:session:${get("presentation").variant}`;
  const VARIANT_KEY = "baccarat-lessons:variant";
  function readVariant() {
    try { return window.localStorage.getItem(VARIANT_KEY); } catch (error) { return null; }
  }
  function readKept() {
    try {
      const text = window.localStorage.getItem(storageKey());
      return text ? JSON.parse(text) : null;
    } catch (error) {
      return null; // no storage, or not JSON: nothing to resume
    }
  }
  function exportSession() {
    const saved = model.get("saved_text");
    if (!saved) return;
    const link = h("a", {
      href: URL.createObjectURL(new Blob([JSON.stringify(JSON.parse(saved), null, 1)], { type: "application/json" })),
      download: `baccarat-lessons-${get("presentation").variant}-session.json`,
    });
    document.body.append(link);
    link.click();
    link.remove();
  }
  function importSession(event) {
    const file = event.target.files && event.target.files[0];
    if (!file) return;
    if (file.size > 1000000) {
      model.send({ kind: "RESUME", record: null, source: "file" }); // the kernel says why it cannot
      return;
    }
    file.text().then((text) => {
      let record = null;
      try { record = JSON.parse(text); } catch (error) { record = null; }
      model.send({ kind: "RESUME", record, source: "file" });
    });
  }
  // The session timer (Show timer): the kernel says how long the session had run when it drew the
  // table; the page counts on from there, once a second, without asking the kernel.
  function sessionTime() {
    const elapsed = get("presentation").timer + Math.floor((performance.now() - local.timerFrom) / 1000);
    return `Session time ${Math.floor(elapsed / 60)}:${String(elapsed % 60).padStart(2, "0")}`;
  }
  const tick = setInterval(() => {
    const shown = root.querySelector(".bl-stat-timer");
    if (shown) shown.textContent = sessionTime();
  }, 1000);

  const send = (kind, extra) => {
    if (get("presentation").sound) openAudio(); // a click: the page may make sound from now on
    if (kind !== "REVEALED") {
      local.settle = null; // the user moves on: the settled chips are cleared away
      // The game played last: a reload of the app opens on it, not on the first game.
      try { window.localStorage.setItem(VARIANT_KEY, get("presentation").variant); } catch (error) { /* storage off */ }
    }
    model.send(Object.assign({ kind, turn: model.get("turn") }, extra || {}));
  };

  function speed() {
    const presentation = get("presentation");
    if (presentation.reduced_motion || (reducedMotion && reducedMotion.matches)) return "instant";
    return local.speed || presentation.speed || "normal";
  }

  function revealing() {
    return local.shown < (get("reveal").events || []).length;
  }

  // What the page shows outside the felt while a coup is revealed: the state before it.
  function shownState() {
    if (revealing() && local.before) return local.before;
    return { view: get("view"), presentation: get("presentation"), turn: model.get("turn") };
  }

  function schedule() {
    const events = get("reveal").events || [];
    if (local.timer !== null) return;
    if (local.shown >= events.length) {
      finished();
      return;
    }
    const ms = Object.fromEntries((get("presentation").speeds || []).map(([name, , ms]) => [name, ms]))[speed()] ?? 0;
    if (ms === 0) {
      local.shown = events.length;
      finished();
      return;
    }
    local.timer = setTimeout(() => {
      local.timer = null;
      local.shown = Math.min(local.shown + 1, (get("reveal").events || []).length);
      draw();
      schedule();
    }, ms);
  }

  function finished() {
    const reveal = get("reveal");
    if (reveal.done && (reveal.settlement || []).length && local.settled !== reveal.id) {
      local.settled = reveal.id;
      local.settle = { id: reveal.id, at: performance.now() };
    }
    draw();
    if (reveal.done && local.told !== reveal.id) {
      local.told = reveal.id;
      if (get("presentation").sound && reveal.tone) playTone(reveal.tone);
      send("REVEALED");
    }
  }

  function showAll() {
    if (local.timer !== null) clearTimeout(local.timer);
    local.timer = null;
    local.shown = (get("reveal").events || []).length;
    finished();
  }

  // Called once after the kernel's changes have all arrived (they come as one message).
  function update() {
    local.pending = false;
    local.timerFrom = performance.now();
    const reveal = get("reveal");
    const events = reveal.events || [];
    if (reveal.id !== local.revealId || events.length < local.shown) {
      if (local.timer !== null) clearTimeout(local.timer);
      local.timer = null;
      local.revealId = reveal.id;
      local.shown = Math.min(reveal.start || 0, events.length);
    }
    if (local.shown < events.length && !local.before) local.before = local.lastShown;
    if (local.shown < events.length) {
      draw();
      schedule();
    } else {
      draw();
    }
  }

  // -- drawing ---------------------------------------------------------------------------------
  function statusLine(state) {
    const spans = (state.presentation.status || []).map(([key, text]) =>
      h("span", { class: `bl-stat bl-stat-${key}`, text }));
    // The timer stays outside the live region: a screen reader is not to read it out every second.
    const timer = typeof state.presentation.timer === "number"
      ? h("span", { class: "bl-stat bl-stat-timer bl-timer", text: sessionTime() }) : null;
    return h("div", { class: "bl-balance bls-status" },
      h("div", { class: "bl-status", "data-turn": state.turn, role: "status", "aria-live": "polite" }, spans), timer);
  }

  // The shoe in the felt's corner, labelled, with the cards left in it (a guide's felt has no table: no count).
  // A screen reader has the count in the balance line.
  function shoe(view) {
    const left = view && typeof view.cards_in_shoe === "number" ? view.cards_in_shoe : null;
    return h("div", { class: "bls-shoe", "aria-hidden": "true", title: left === null ? "The shoe" : `The shoe: ${left} cards left` },
      h("span", { class: "bls-shoe-name", text: "Shoe" }), left === null ? null : h("span", { class: "bls-shoe-count", text: String(left) }));
  }

  function seatPanel(seat, presentation) {
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
      const seat = seats.find((s) => s.index === index);
      if (seat) row.append(seatPanel(seat, state.presentation));
    }
    return row;
  }

  function handBox(spec, hand, presentation, stakes) {
    const classes = ["bls-hand", `bls-hand-${spec.key}`];
    if (spec.yours) classes.push("bls-hand-yours");
    const winner = hand.won || hand.beats.length > 0;
    if (winner) classes.push("bls-hand-winner");
    const cards = h("div", { class: "bls-cards" });
    hand.cards.forEach((card, i) => cards.append(cardNode(card, i, i === hand.fresh, presentation)));
    if (!hand.cards.length) cards.append(h("span", { class: "bls-empty", text: "no cards yet" }));
    const total = hand.total === null || hand.total === undefined ? null
      : h("span", { class: "bls-total", text: `total ${hand.total}` });
    // Against two tableaux the bank may win one and lose the other: the badge says which it beat.
    const beaten = hand.beats.length === 1 && (presentation.hands || []).length > 2 ? ` against the ${hand.beats[0].toLowerCase()}` : "";
    const badge = winner ? h("span", { class: "bls-badge", text: `${spec.wins || `${spec.label} wins`}${beaten}` })
      : hand.tie ? h("span", { class: "bls-badge bls-badge-tie", text: "Tie" }) : null;
    const said = hand.cards.map((c) => cardWords(c, presentation.words)).join(", ") || "no cards yet";
    const box = h("section", {
      class: classes.join(" "),
      "aria-label": `${spec.label} hand: ${said}${hand.total !== null && hand.total !== undefined ? `, total ${hand.total}` : ""}${winner ? ", wins" : ""}`,
    },
      h("div", { class: "bls-hand-head" }, h("span", { class: "bls-hand-name", text: spec.label }), total, badge),
      cards,
      // "Captain: Bot 3 · on the banker's left": on a phone the side folds away (the felt's layout shows it).
      // "Captain this coup: Bot 3; the cards pass to Bot 4": a slide leaves off where they pass (its seat strip says).
      spec.caption ? h("div", { class: "bls-caption" }, ...spec.caption.split(" · ").flatMap((part, i) => {
        if (i) return [h("span", { class: "bls-fold", text: ` · ${part}` })];
        const [played, ...then] = part.split("; ");
        return then.length ? [played, h("span", { class: "bls-caption-then", text: `; ${then.join("; ")}` })] : [part];
      })) : null);
    if (stakes && stakes.length) {
      const row = h("div", { class: "bls-hand-stakes" });
      for (const stake of stakes) {
        // The bettor's name first, then the stake, then (settled) the payout marked "+": "Bot 1 [10] 10 [+10]",
        // so a payout is not read as the next bettor's stake.
        row.append(h("span", { class: "bls-hand-stake", "data-who": stake.who, "data-settle": stake.settle },
          h("span", { class: "bls-stake-who", text: stake.who }),
          chipStack(stake.amount, presentation.denominations, `${stake.who}: ${chipsText(stake.amount)} chips`)));
      }
      box.append(row);
    }
    return box;
  }

  function spotButton(spot, state, locked, moves) {
    const view = state.view;
    const settled = (moves || []).find((m) => m.place === spot.side);
    const stake = moves ? (settled ? settled.amount : 0)
      : (view.stakes || []).filter((s) => s.hand === spot.side).reduce((sum, s) => sum + s.amount, 0);
    const reason = (spot.reasons || {})[String(local.chip)];
    const disabled = locked || reason === undefined || reason !== "";
    const label = `${spot.label} ${spot.pays}` + (stake ? ` · ${chipsText(stake)} on it` : "");
    const tooltip = disabled && reason ? reason : `Add a ${local.chip} chip to ${spot.label} (pays ${spot.pays}).`;
    const button = h("button", {
      type: "button", class: `bls-spot bl-spot bl-spot-${spot.key}${stake ? " bl-spot-has-chips" : ""}`,
      "data-focus": `spot-${spot.key}`, title: tooltip, "aria-label": label + (disabled && reason ? `. ${reason}` : ""),
      disabled: disabled, onclick: () => send("BET", { side: spot.side, amount: local.chip }),
    }, h("span", { class: "bls-spot-name", text: spot.label }), h("span", { class: "bls-spot-pays", text: spot.pays }));
    if (stake) {
      const stack = chipStack(stake, state.presentation.denominations);
      if (settled) stack.setAttribute("data-settle", settled.index);
      button.append(stack);
    }
    return button;
  }

  // Typing in the amount box moves the chip row's mark without a redraw (a redraw would take the typing away).
  function markChosenChip(box, amount) {
    for (const button of box.querySelectorAll(".bls-chips .bls-chip")) {
      const chosen = Number(button.dataset.focus.slice("chip-".length)) === amount;
      button.classList.toggle("bl-chip-selected", chosen);
      button.setAttribute("aria-pressed", chosen ? "true" : "false");
    }
  }

  function chipRow(state, locked, purpose) {
    const chips = state.presentation.chips || [];
    const row = h("div", { class: "bls-chips bl-chips", role: "group", "aria-label": purpose },
      h("span", { class: "bls-row-label", text: "Chip" }));
    for (const chip of chips) {
      // Choosing an amount, the chip shown chosen is the amount in the box, if a chip is worth it.
      const chosen = purpose === "amount" ? Number(local.amount) === chip.value : chip.value === local.chip;
      row.append(h("button", {
        type: "button", class: `bls-chip bl-chip bl-chip-${chip.value}${chosen ? " bl-chip-selected" : ""}`,
        "data-focus": `chip-${chip.value}`, "aria-pressed": chosen ? "true" : "false", title: chip.tooltip,
        "aria-label": `${chip.value} chip`, disabled: locked || !chip.enabled,
        onclick: () => { local.chip = chip.value; if (purpose === "amount") local.amount = chip.value; draw(); },
      }, h("span", { class: `bls-disc bls-disc-${chip.value}`, "aria-hidden": "true" }, h("span", { text: String(chip.value) }))));
    }
    return row;
  }

  function decision(state, locked) {
    const view = state.view;
    const turn = view.turn;
    const presentation = state.presentation;
    const box = h("div", { class: "bls-decision bl-decision-bar", role: "group", "aria-label": "Your decision" });
    if (!turn || !turn.actions || !turn.actions.length || locked) {
      const waiting = locked ? "The cards are on their way…" : turn ? `${turn.name} decides: ${turn.prompt}.` : "";
      if (waiting) box.append(h("p", { class: "bls-waiting", text: waiting }));
      return box;
    }
    // "Your turn: …" once: the table's sentence above says it already, unless it says something else.
    const prompt = `Your turn: ${turn.prompt}.`;
    if ((get("message").text || "") !== prompt) box.append(h("p", { class: "bls-prompt bl-decision-prompt", text: prompt }));
    if (presentation.situation) box.append(h("p", { class: "bls-situation bl-decision-situation", text: presentation.situation }));
    const takesAmount = turn.actions.filter((a) => (presentation.amount_kinds || []).includes(a.kind));
    if (takesAmount.length) {
      const lowest = Math.min(...takesAmount.map((a) => a.min_amount));
      const highest = Math.max(...takesAmount.map((a) => a.max_amount));
      const [low, high] = [lowest / 100, highest / 100];
      const wanted = local.amount ?? (presentation.default_amounts || {})[takesAmount[0].kind] ?? low;
      local.amount = Math.min(Math.max(wanted, low), high);
      box.append(chipRow(state, false, "amount"));
      const input = h("input", {
        type: "number", class: "bls-amount", min: low, max: high, step: "any", value: local.amount,
        "data-focus": "amount", "aria-label": `Chips (${rangeText(lowest, highest)})`,
        oninput: (event) => { local.amount = event.target.value; markChosenChip(box, Number(local.amount)); },
      });
      box.append(h("label", { class: "bls-amount-label bl-amount" }, h("span", { text: `Chips (${rangeText(lowest, highest)})` }), input));
    }
    // Every action in the view is legal; where the rules force one, the other is shown refused.
    const buttons = h("div", { class: "bls-actions-row" });
    const keyOf = (kind, side) => kind.toLowerCase().replace(/_/g, "-") + (side ? `-${side.split(" ")[0].toLowerCase()}` : "");
    for (const action of turn.actions) {
      const key = keyOf(action.kind, action.side);
      const amountTaken = (presentation.amount_kinds || []).includes(action.kind);
      buttons.append(h("button", {
        type: "button", class: `bls-action bl-decision bl-decision-${key}${action.forced ? " bls-forced" : ""}`,
        "data-focus": `action-${key}`, title: action.reason || (presentation.tooltips || {})[action.kind] || action.label,
        onclick: () => send(action.kind, { side: action.side, amount: amountTaken ? local.amount : null }),
      }, action.label));
    }
    for (const refused of presentation.refused || []) {
      buttons.append(h("button", {
        type: "button", class: `bls-action bl-decision bl-decision-${keyOf(refused.kind, null)}`, disabled: true,
        title: refused.reason, "aria-label": `${refused.label}: ${refused.reason}`,
      }, refused.label));
    }
    // Why the choice is forced, said once (a refused button's label says it to a screen reader too).
    for (const note of presentation.notes || []) buttons.append(h("span", { class: "bls-reason bl-decision-reason", text: note }));
    box.append(buttons);
    if (presentation.hint) box.append(h("p", { class: "bls-hint bl-hint-text", role: "note", text: presentation.hint }));
    return box;
  }

  function controls(state, locked) {
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
        "aria-expanded": asks ? String(local.confirmNew) : null,
        onclick: asks ? () => { local.confirmNew = !local.confirmNew; draw(); } : () => send(control.kind),
      }, control.label));
      // Why the main control cannot be pressed, in words on screen too (the label says it to a screen reader).
      if (control.primary && !locked && control.enabled === false && control.tooltip) reasons.push(`${control.label}: ${control.tooltip}`);
    }
    for (const reason of reasons) row.append(h("p", { class: "bls-control-reason bl-control-reason", "aria-hidden": "true", text: reason }));
    if (local.confirmNew && played > 0 && !locked) { // stays until answered (or New session pressed again)
      const hands = `${played} ${played === 1 ? "hand" : "hands"}`;
      row.append(h("div", { class: "bls-confirm bl-new-session-ask", role: "group", "aria-label": "Start a new session?" },
        h("p", { text: `A new session wipes this one: its ${hands}, its history and its balance. Start a new session?` }),
        h("button", { type: "button", class: "bls-control bl-new-session-confirm", "data-focus": "new-session-confirm",
          onclick: () => { local.confirmNew = false; send("NEW_SESSION"); } }, "Start a new session"),
        h("button", { type: "button", class: "bls-control bl-new-session-keep", "data-focus": "new-session-keep",
          onclick: () => { local.confirmNew = false; local.drawn = null; draw(); } }, "Keep playing")));
    }
    row.append(h("button", {
      type: "button", class: "bls-control bl-skip", "data-focus": "skip", disabled: !revealing(),
      title: "Show the rest of this coup at once.", onclick: showAll,
    }, "Show all"));
    const select = h("select", { class: "bls-speed", "aria-label": "Deal speed", "data-focus": "speed",
      onchange: (event) => { local.speed = event.target.value; } });
    for (const [name, label] of state.presentation.speeds || []) {
      select.append(h("option", { value: name, selected: name === speed() }, label));
    }
    row.append(h("label", { class: "bls-speed-label bl-speed" }, h("span", { text: "Deal speed" }), select));
    if (model.get("saved_text")) {
      row.append(h("button", {
        type: "button", class: "bls-control bl-export", "data-focus": "export", disabled: locked,
        title: "Save this session to a file (a teacher can open it on this server).", onclick: exportSession,
      }, "Save session file"));
      const input = h("input", { type: "file", accept: "application/json,.json", class: "bls-sr", tabindex: "-1",
        "aria-hidden": "true", onchange: importSession });
      row.append(input, h("button", {
        type: "button", class: "bls-control bl-import", "data-focus": "import", disabled: locked,
        title: "Open a session file saved from this app; it is replayed and checked.", onclick: () => input.click(),
      }, "Open session file"));
    }
    return row;
  }

  function log(reveal, count, done) {
    const events = (reveal.events || []).slice(0, count);
    const box = h("div", { class: "bls-log bl-reveal" });
    if (!events.length) {
      box.append(h("p", { class: "bls-idle bl-reveal-idle", text: get("presentation").idle || "" }));
      return box;
    }
    if (reveal.label) box.append(h("h4", { text: reveal.label }));
    const list = h("ol", { "aria-live": "polite" });
    events.forEach((event, i) => list.append(h("li", {
      class: `bls-step bls-step-${event.kind}${i === count - 1 && !done ? " bls-step-current" : ""}`, text: event.text,
    })));
    box.append(list);
    if (done && reveal.done) {
      box.append(h("p", { class: "bl-round-done", "data-round": reveal.number, "data-label": reveal.label,
        text: `${reveal.label || "Round"} complete.` }));
    }
    return box;
  }

  // -- the settlement, seen ----------------------------------------------------------------------
  // When a coup's last event is shown its bets are settled where they lie: a winner's payout slides
  // out from the bank (or the house) to beside its stake, a losing stake is swept to the bank, a
  // push stays. Until the user's next click the stakes are drawn from the reveal's `settlement` (so
  // the felt keeps its size) and each redraw carries the motion on from where it was (a negative
  // animation delay): the kernel's answer arriving mid-way does not restart it. Reduced motion (the
  // setting or the system's) draws the chips where they end, without moving.
  function settlement() {
    const reveal = get("reveal");
    const moves = reveal.settlement || [];
    if (!local.settle || local.settle.id !== reveal.id || !moves.length || revealing()) return null;
    return moves.map((move, index) => Object.assign({ index }, move));
  }

  function settle(felt, moves) {
    if (!moves) return;
    const bank = felt.querySelector(".bls-bank");
    const origin = (bank || felt).getBoundingClientRect();
    // The house has no banner: its chips go to and come from the top middle of the felt.
    const [bankX, bankY] = [origin.left + origin.width / 2, bank ? origin.top + origin.height / 2 : origin.top];
    const delay = `-${Math.round(performance.now() - local.settle.at)}ms`;
    const toBank = (node) => {
      const box = node.getBoundingClientRect();
      node.style.setProperty("--to-x", `${(bankX - box.left - box.width / 2).toFixed(1)}px`);
      node.style.setProperty("--to-y", `${(bankY - box.top - box.height / 2).toFixed(1)}px`);
      node.style.animationDelay = delay;
    };
    for (const stake of felt.querySelectorAll("[data-settle]")) {
      const move = moves[Number(stake.getAttribute("data-settle"))];
      if (move.result === "lost") {
        toBank(stake);
        stake.classList.add("bls-settle-chip", "bls-settle-swept");
      } else if (move.result === "won") {
        const paid = chipStack(move.paid, get("presentation").denominations || [1], `paid ${chipsText(move.paid)} chips`);
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

  function draw() {
    if (press.down && performance.now() - press.since < 2000) {
      press.waiting = true;
      return;
    }
    // Nothing the drawing depends on has changed: keep the page's elements (and what the user
    // is pointing at) as they are.
    const saved = Boolean(model.get("saved_text"));
    const signature = JSON.stringify([model.get("turn"), get("reveal").id, local.shown, get("message"), local.chip,
      local.amount, local.speed, local.before ? local.before.turn : null, saved, local.confirmNew,
      local.settle ? local.settle.id : null]);
    if (signature === local.drawn) return;
    local.drawn = signature;
    // A redraw replaces the buttons: keep the keyboard where it was, or on the next thing to press.
    const active = document.activeElement;
    const focused = root.contains(active) ? active.getAttribute("data-focus")
      : (!active || active === document.body) ? local.focus : null;
    const state = shownState();
    if (!revealing()) {
      local.before = null;
      local.lastShown = state;
    }
    const presentation = state.presentation;
    const reveal = get("reveal");
    const locked = revealing();
    const chips = presentation.chips || [];
    if (!chips.some((c) => c.value === local.chip && c.enabled)) {
      const usable = chips.filter((c) => c.enabled).map((c) => c.value);
      const smaller = usable.filter((v) => v <= (local.chip ?? presentation.chip));
      local.chip = smaller.length ? Math.max(...smaller) : usable.length ? Math.min(...usable) : presentation.chip;
    }
    const count = local.shown;
    const hands = handsAfter(reveal.events || [], count);
    const done = count >= (reveal.events || []).length;

    const moves = settlement();
    const frame = h("div", { class: `bls-frame bls-${presentation.layout || "punto-banco"}` });
    const seated = presentation.layout === "seated" || presentation.seated_hands;
    // Every table's presentation has every key (one shape); a layout has spots, a seat-banked table seats.
    const hasSpots = (presentation.spots || []).length > 0;
    const hasSeats = (presentation.seats || []).length > 0;
    if (hasSeats) frame.append(seatRow(state, presentation.seats_above || [], "top"));
    const felt = h("div", { class: "bls-felt", role: "group", "aria-label": "Table" });
    if (presentation.bank) felt.append(h("div", { class: "bls-bank bl-bank", role: "status" },
      presentation.bank_amount ? chipStack(presentation.bank_amount, presentation.denominations, `Bank: ${chipsText(presentation.bank_amount)} chips`) : null,
      h("span", { text: presentation.bank })));
    const row = h("div", { class: "bls-hands" });
    for (const spec of presentation.hands || []) {
      const hand = hands[spec.name] || { cards: [], total: null, fresh: -1, won: false, tie: false, beats: [] };
      const stakes = !seated ? null : moves ? moves.filter((m) => m.place === spec.name).map((m) => ({ amount: m.amount, who: m.who, settle: m.index }))
        : (state.presentation.stakes || []).filter((s) => s.hand === spec.name);
      row.append(handBox(spec, hand, presentation, stakes));
    }
    felt.append(row);
    if (hasSpots) {
      const spots = h("div", { class: "bls-spots bl-spots", role: "group", "aria-label": "Bet spots" });
      for (const spot of presentation.spots) spots.append(spotButton(spot, state, locked, moves));
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
        frame.append(h("details", { class: "bls-bubbles", open: local.bubblesOpen,
          ontoggle: (event) => { local.bubblesOpen = event.target.open; } },
        h("summary", { text: `What the bots said this coup (${spoken.length})` }),
        h("ul", {}, spoken.map((seat) => h("li", {}, h("strong", { text: `${seat.name}: ` }), `“${seat.reason}”`)))));
      }
    }

    if (presentation.layout === "guide") {
      // An illustrated guide: only the felt; its own buttons step through the coup.
      root.className = "bls bls-guide-surface";
      root.replaceChildren(frame);
      return;
    }
    const message = get("message");
    const said = locked ? { text: "Dealing…", tone: "info" } : message;
    const children = [statusLine(state), frame];
    const sentence = h("div", { class: "bls-message bl-message" },
      said.text ? h("div", { class: `bl-message-${said.tone || "info"}`, role: said.tone === "refused" ? "alert" : "status", "aria-live": "polite", text: said.text }) : null);
    // At the bet spots the sentence comes under the chips and Deal: a longer or shorter one must not move Deal.
    if (!hasSpots) children.push(sentence);
    if (hasSpots) { // chips and buttons share a row where the width allows: Deal stays on a laptop's first screen
      const row = controls(state, locked);
      const bar = h("div", { class: "bls-bar" }, chipRow(state, locked, "Chip to place"), row);
      // A reason or a question gets a line of its own under the bar: inside the buttons' row it would
      // widen that row and push Deal onto a second line.
      bar.append(...row.querySelectorAll(":scope > .bls-control-reason, :scope > .bls-confirm"));
      children.push(bar, sentence);
    } else {
      if (seated) children.push(decision(state, locked));
      children.push(controls(state, locked));
    }
    children.push(log(reveal, count, done));
    root.className = `bls${seated ? " bls-seated" : ""}${(presentation.hands || []).length === 3 ? " bls-banque-3" : ""}${presentation.projector ? " bls-projector" : ""}${locked ? " bls-revealing" : ""}${speed() === "instant" ? " bls-still" : ""}`;
    root.replaceChildren(...children);
    settle(felt, moves);
    if (focused) {
      const again = root.querySelector(`[data-focus="${focused}"]`);
      const next = [".bls-actions-row button:not(:disabled)", ".bls-controls .bls-primary:not(:disabled)",
        ".bls-spot:not(:disabled)", ".bls-controls button:not(:disabled)"];
      const target = again && !again.disabled ? again
        : next.map((selector) => root.querySelector(selector)).find((button) => button);
      if (target) target.focus({ preventScroll: true }); // a redraw never scrolls the page under the user
    }
  }

  const changed = () => {
    if (!local.pending) {
      local.pending = true;
      queueMicrotask(update);
    }
  };
  const names = ["reveal", "view", "presentation", "message", "turn"];
  names.forEach((name) => model.on(`change:${name}`, changed));
  const keep = () => {
    const saved = model.get("saved_text"); // the record as JSON text, kept as it came
    if (saved) {
      try { window.localStorage.setItem(storageKey(), saved); } catch (error) { /* storage off: nothing kept */ }
    }
  };
  model.on("change:saved_text", keep);
  // A page opened on a table in play shows it as it stands, without replaying the last coup.
  local.revealId = get("reveal").id;
  local.shown = (get("reveal").events || []).length;
  local.settled = get("reveal").id; // its chips were settled before this page opened
  finished(); // a page reopened while a coup was on its way tells the kernel it is shown
  // The table is drawn: the kernel builds the rest of the page (guide, records) half a second later.
  model.send({ kind: "SHOWN" });
  // What the page was opened with, in one message, on a server and in the browser edition alike:
  // its address's query (a staged link, opened once by the app) and the session this browser kept
  // (sealed by a server's kernel), for the kernel to replay; it says "Resumed: …" or why it could not.
  model.send({ kind: "PAGE", query: window.location.search, kept: readKept(), variant: readVariant() });
  return () => {
    if (local.timer !== null) clearTimeout(local.timer);
    clearInterval(tick);
    window.removeEventListener("pointerup", released, true);
    window.removeEventListener("pointercancel", released, true);
    names.forEach((name) => model.off(`change:${name}`, changed));
    model.off("change:saved_text", keep);
  };
}

export default { render };
