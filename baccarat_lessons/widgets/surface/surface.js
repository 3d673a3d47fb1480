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
// The reveal is paced in the browser (reveal_pacing.js): the kernel sends a coup once and the page
// shows its events one by one (slide and flip for each card), keeping the balances and seat panels of
// the moment before the coup until the last event is shown; then it tells the kernel ("revealed").
//
// This file is the last of those served.py joins into the module (see the list there): `render` keeps
// the page's own state, draws with the layout files (layout.js, felt.js, decision.js, controls.js),
// and wires the pacer, the settlement and the kept session to the model and the page.

function render({ model, el }) {
  const get = (name) => model.get(name) || {};
  const local = {
    chip: null, amount: null, speed: null, // the user's choices on this page
    told: null, pending: false, // the last reveal told to the kernel; an update waiting for the kernel's changes
    before: null, lastShown: null, // the state drawn before the coup being revealed
    focus: null, // the control the keyboard was on
    settle: null, settled: null, // the settlement on the felt ({id, at}), and the last reveal settled
    coupFelt: null, // your hand in the coup in play or being revealed (settlement.js)
    bubblesOpen: false, // what the bots said, opened on a phone
    confirmNew: false, // New session was pressed with hands played: the page asks before wiping them
    drawn: null, // what the last drawing was made from
    timerFrom: performance.now(), // when the kernel's session time last arrived
  };
  const reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  const speed = () => dealSpeed(get("presentation"), local.speed, Boolean(reducedMotion && reducedMotion.matches));
  const pacer = revealPacer({ reveal: () => get("reveal"), stepMs: () => stepMilliseconds(get("presentation").speeds, speed()),
    onStep: draw, onEnd: finished, timers: window });

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
  // The window resized (a tablet turned) while the settled chips are on the felt: each payout's room
  // and path were measured at the old size (at a phone's width another bettor's payout is not shown,
  // so its room was none), so the felt is drawn and measured again, once per frame at most.
  // Only a real change of the window's size: JupyterLab's panels and the slides send resize events of their
  // own, and a redraw replaces the buttons under the user's pointer.
  let resizeFrame = 0, windowSize = `${window.innerWidth}x${window.innerHeight}`;
  const resized = () => {
    const size = `${window.innerWidth}x${window.innerHeight}`;
    if (size === windowSize) return;
    windowSize = size;
    if (!local.settle || resizeFrame) return;
    resizeFrame = requestAnimationFrame(() => {
      resizeFrame = 0;
      local.drawn = null;
      draw();
    });
  };
  window.addEventListener("resize", resized);
  el.classList.add("bls-host"); // its width decides the layout (surface.css: @container)
  el.append(root);

  // The session timer (Show timer): the kernel says how long the session had run when it drew the
  // table; the page counts on from there, once a second, without asking the kernel.
  const sessionTime = () => sessionTimeText(get("presentation").timer, performance.now() - local.timerFrom);
  const countdown = () => countdownText(get("presentation"), performance.now() - local.timerFrom);
  const tick = setInterval(() => {
    const shown = root.querySelector(".bl-stat-timer");
    if (shown) shown.textContent = sessionTime();
    const clock = root.querySelector(".bl-countdown");
    if (clock) clock.textContent = countdown();
  }, 1000);

  const send = (kind, extra) => {
    if (get("presentation").sound) openAudio(); // a click: the page may make sound from now on
    if (kind !== "REVEALED") {
      local.settle = null; // the user moves on: the settled chips are cleared away
      local.coupFelt = null; // and the finished coup's hands with them
      rememberVariant(window, get("presentation").variant);
    }
    model.send(Object.assign({ kind, turn: model.get("turn") }, extra || {}));
  };
  // What a click on the drawing does.
  const act = {
    send,
    bet: (side) => send("BET", { side, amount: local.chip }),
    decide: (action, amountTaken) => send(action.kind, { side: action.side, amount: amountTaken ? local.amount : null }),
    chooseChip: (value, forAmount) => {
      local.chip = value;
      if (forAmount) local.amount = value;
      draw();
    },
    setAmount: (value) => { local.amount = value; }, // no redraw: it would take the typing away
    chooseSpeed: (name) => { local.speed = name; },
    toggleBubbles: (open) => { local.bubblesOpen = open; },
    askNewSession: () => { local.confirmNew = !local.confirmNew; draw(); },
    startNewSession: () => { local.confirmNew = false; send("NEW_SESSION"); },
    keepPlaying: () => { local.confirmNew = false; local.drawn = null; draw(); },
    showAll: () => pacer.showAll(),
    saveSession: () => saveSessionFile(model.get("saved_text"), get("presentation").variant),
    openSession: (event) => openSessionFile(event.target.files && event.target.files[0],
      (record) => model.send({ kind: "RESUME", record, source: "file" })), // the kernel checks it, or says why it cannot
  };

  // What the page shows outside the felt while a coup is revealed: the state before it.
  function shownState() {
    if (pacer.revealing() && local.before) return local.before;
    return { view: get("view"), presentation: get("presentation"), turn: model.get("turn") };
  }

  // The reveal's last event is shown: its bets are settled on the felt, and the kernel is told (once).
  function finished() {
    const reveal = get("reveal");
    if (startsSettlement(reveal, local.settled)) {
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

  // Called once after the kernel's changes have all arrived (they come as one message).
  function update() {
    local.pending = false;
    local.timerFrom = performance.now();
    pacer.follow();
    const revealing = pacer.revealing();
    if (revealing && !local.before) local.before = local.lastShown;
    draw();
    if (revealing) pacer.schedule();
  }

  function draw() {
    if (press.down && performance.now() - press.since < 2000) {
      press.waiting = true;
      return;
    }
    // Nothing the drawing depends on has changed: keep the page's elements (and what the user
    // is pointing at) as they are.
    const saved = Boolean(model.get("saved_text"));
    const signature = JSON.stringify([model.get("turn"), get("reveal").id, pacer.shown, get("message"), local.chip,
      local.amount, local.speed, local.before ? local.before.turn : null, saved, local.confirmNew,
      local.settle ? local.settle.id : null]);
    if (signature === local.drawn) return;
    local.drawn = signature;
    // A redraw replaces the buttons: keep the keyboard where it was, or on the next thing to press.
    const active = document.activeElement;
    const focused = root.contains(active) ? active.getAttribute("data-focus")
      : (!active || active === document.body) ? local.focus : null;
    const shown = shownState();
    const locked = pacer.revealing();
    if (!locked) {
      local.before = null;
      local.lastShown = shown;
    }
    const reveal = get("reveal");
    // Your hand stays the coup's while its cards are on the felt: kept from what was drawn while it was in
    // play (or, revealed at once, from the moment before), until the user moves on.
    if (!locked && !reveal.done) local.coupFelt = coupFelt(reveal.id, shown.presentation);
    else if (locked && !(local.coupFelt && local.coupFelt.id === reveal.id)) local.coupFelt = coupFelt(reveal.id, shown.presentation);
    const state = Object.assign({}, shown, { presentation: feltPresentation(shown.presentation, reveal, local.coupFelt, locked) });
    const presentation = state.presentation;
    local.chip = chipInHand(presentation.chips || [], local.chip, presentation.chip);
    const page = {
      chip: local.chip, amount: local.amount, confirmNew: local.confirmNew, bubblesOpen: local.bubblesOpen,
      locked, speed: speed(), saved, message: get("message"), idle: get("presentation").idle, sessionTime: sessionTime(), countdown: countdown(),
    };
    const moves = settlementMoves(reveal, local.settle, locked);
    const drawn = tablePage(state, reveal, pacer.shown, moves, page, act);
    root.className = drawn.className;
    root.replaceChildren(...drawn.children);
    if (presentation.layout === "guide") return;
    if (moves) settleOnFelt(drawn.felt, moves, performance.now() - local.settle.at, get("presentation").denominations || [1]);
    if (focused) focusAgain(root, focused);
  }

  const changed = () => {
    if (!local.pending) {
      local.pending = true;
      queueMicrotask(update);
    }
  };
  const names = ["reveal", "view", "presentation", "message", "turn"];
  names.forEach((name) => model.on(`change:${name}`, changed));
  // The record as JSON text, kept as it came.
  const keep = () => keepRecord(window, get("presentation").variant, model.get("saved_text"));
  model.on("change:saved_text", keep);
  pacer.open(); // a page opened on a table in play shows it as it stands
  local.settled = get("reveal").id; // its chips were settled before this page opened
  finished(); // a page reopened while a coup was on its way tells the kernel it is shown
  // The table is drawn: the kernel builds the rest of the page (guide, records) half a second later.
  model.send({ kind: "SHOWN" });
  // What the page was opened with, in one message, on a server and in the browser edition alike:
  // its address's query (a staged link, opened once by the app) and the session this browser kept
  // (sealed by a server's kernel), for the kernel to replay; it says "Resumed: …" or why it could not.
  model.send({ kind: "PAGE", query: window.location.search, kept: readKept(window, get("presentation").variant),
    variant: readVariant(window) });
  return () => {
    pacer.stop();
    clearInterval(tick);
    window.removeEventListener("pointerup", released, true);
    window.removeEventListener("pointercancel", released, true);
    window.removeEventListener("resize", resized);
    cancelAnimationFrame(resizeFrame);
    names.forEach((name) => model.off(`change:${name}`, changed));
    model.off("change:saved_text", keep);
  };
}

export default { render };
