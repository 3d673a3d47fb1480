// The page's layout: the status line, the felt's frame, the table's sentence, the chips and controls
// (at bet spots in one bar under the felt, at a seated table the decision above the controls), and the
// coup's events so far; an illustrated guide is its felt alone. Drawn from `state` (the view and
// presentation shown), `page` (this page's choices and moment: the chip in hand, the amount typed,
// whether a coup is being revealed, the speed in use, the sentence, the session time…) and `act` (what
// a click does); render (surface.js) makes those and puts the result on the page.

// The session timer's words, `elapsedMs` after the kernel said the session had run `seconds`.
export function sessionTimeText(seconds, elapsedMs) {
  const elapsed = seconds + Math.floor(elapsedMs / 1000);
  return `Session time ${Math.floor(elapsed / 60)}:${String(elapsed % 60).padStart(2, "0")}`;
}

// At a class's table, the countdown of the decision the table waits for: its words with the seconds left,
// `elapsedMs` after the server said `seconds` were left (never below 0); "" when there is none.
export function countdownText(presentation, elapsedMs) {
  if (typeof presentation.countdown !== "number") return "";
  const left = Math.max(0, presentation.countdown - Math.floor(elapsedMs / 1000));
  return (presentation.countdown_text || "").replace("{s}", String(left));
}

function statusLine(state, sessionTime, countdown) {
  const spans = (state.presentation.status || []).map(([key, text]) =>
    h("span", { class: `bl-stat bl-stat-${key}`, text }));
  // The timer stays outside the live region: a screen reader is not to read it out every second.
  const timer = typeof state.presentation.timer === "number"
    ? h("span", { class: "bl-stat bl-stat-timer bl-timer", text: sessionTime }) : null;
  // The countdown too: it is said once in the table's sentence, not read out every second.
  const clock = countdown ? h("span", { class: "bl-stat bl-countdown", text: countdown }) : null;
  return h("div", { class: "bl-balance bls-status" },
    h("div", { class: "bl-status", "data-turn": state.turn, role: "status", "aria-live": "polite" }, spans), timer, clock);
}

// The coup's first `count` events as a list, the last one current until all are shown (`done`), then
// "… complete."; `idle`, the table's words, before a coup.
function revealLog(reveal, count, done, idle) {
  const events = (reveal.events || []).slice(0, count);
  const box = h("div", { class: "bls-log bl-reveal" });
  if (!events.length) {
    box.append(h("p", { class: "bls-idle bl-reveal-idle", text: idle || "" }));
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

// The page's parts after `count` of the reveal's events, with `moves` the settlement drawn (or null):
// {className, children} for the page's root, and the felt (the settlement moves its chips).
function tablePage(state, reveal, count, moves, page, act) {
  const presentation = state.presentation;
  const hands = handsAfter(reveal.events || [], count);
  const done = count >= (reveal.events || []).length;
  const { seated, hasSpots } = tableShape(presentation);
  const { frame, felt } = feltFrame(state, hands, moves, page, act);
  // An illustrated guide: only the felt; its own buttons step through the coup.
  if (presentation.layout === "guide") return { className: "bls bls-guide-surface", children: [frame], felt };
  const said = page.locked ? { text: "Dealing…", tone: "info" } : page.message;
  const children = [statusLine(state, page.sessionTime, page.countdown), frame];
  const sentence = h("div", { class: "bls-message bl-message" },
    said.text ? h("div", { class: `bl-message-${said.tone || "info"}`, role: said.tone === "refused" ? "alert" : "status", "aria-live": "polite", text: said.text }) : null);
  // At the bet spots the sentence comes under the chips and Deal: a longer or shorter one must not move Deal.
  if (!hasSpots) children.push(sentence);
  if (hasSpots) { // chips and buttons share a row where the width allows: Deal stays on a laptop's first screen
    const row = controls(state, page, act);
    const bar = h("div", { class: "bls-bar" }, chipRow(presentation.chips || [], page.locked, "Chip to place", page.chip, act), row);
    // A reason or a question gets a line of its own under the bar: inside the buttons' row it would
    // widen that row and push Deal onto a second line.
    bar.append(...row.querySelectorAll(":scope > .bls-control-reason, :scope > .bls-confirm"));
    children.push(bar, sentence);
  } else {
    if (seated) children.push(decision(state, page, act));
    children.push(controls(state, page, act));
  }
  children.push(revealLog(reveal, count, done, page.idle));
  const className = `bls${seated ? " bls-seated" : ""}${(presentation.hands || []).length === 3 ? " bls-banque-3" : ""}${page.locked ? " bls-revealing" : ""}${page.speed === "instant" ? " bls-still" : ""}`;
  return { className, children, felt };
}

// A redraw replaces the buttons: the keyboard goes back to the one it was on (`focused`, its
// data-focus), or to the next thing to press; the page does not scroll under the user.
function focusAgain(root, focused) {
  const again = root.querySelector(`[data-focus="${focused}"]`);
  const next = [".bls-actions-row button:not(:disabled)", ".bls-controls .bls-primary:not(:disabled)",
    ".bls-spot:not(:disabled)", ".bls-controls button:not(:disabled)"];
  const target = again && !again.disabled ? again
    : next.map((selector) => root.querySelector(selector)).find((button) => button);
  if (target) target.focus({ preventScroll: true });
}
