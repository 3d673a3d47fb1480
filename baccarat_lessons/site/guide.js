// An illustrated guide on the browser edition's page: the server's guide widget, stepped here.
//
// The steps were taken from that widget when the site was built (site/page_parts.py, guides()): the
// felt's events, each step's sentence and drawing table. The felt is drawn by the same surface module
// as the tables, from a model that holds the step's state and sends nothing anywhere; the buttons
// carry the server's classes, so the page's keys (← and →) step it as they step the server's.

// A DOM element with its attributes and text (page.js builds the settings form with it too).
export function element(tag, attributes, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function stepGuide(host, data, render, makeModel) {
  const root = element("div", { class: data.classes.join(" ") });
  const title = element("h4", { class: "bl-guide-title" }, data.title);
  const note = element("div");
  note.innerHTML = data.note; // the project's own sentence, written in Python
  const felt = element("div", { class: data.felt_classes.join(" ") });
  const step = element("div", { class: "bl-guide-step" });
  const buttons = element("div", { class: "bl-guide-buttons" });
  const names = [["Restart", "bl-guide-restart", "Back to the first step."], ["Back", "bl-guide-back", "Go back one step."],
    ["Next", "bl-guide-next", "Show the next step."], ["To the end", "bl-guide-end", "Jump to the last step: the result."]];
  const [restart, back, next, end] = names.map(([label, name, tip]) => element("button", { type: "button", class: name, title: tip }, label));
  buttons.append(restart, back, next, end);
  const log = element("div", { class: "bl-guide-log" });
  const drawing = element("div", { class: "bl-guide-drawing" });
  const records = element("div", { class: "bl-guide-records" });
  records.append(log, drawing);
  root.append(title, note, felt, step, buttons, records);
  host.replaceChildren(root);

  const last = data.steps.length - 1;
  let index = 0, shown = 0, jumps = 0;
  const model = makeModel({ view: {}, presentation: data.presentation, reveal: {}, message: {}, turn: 0, saved_text: "" });

  function events(at) {
    const told = data.events.slice(0, data.steps[at].count);
    for (const [position, event] of Object.entries(data.steps[at].changed)) told[Number(position)] = event;
    return told;
  }

  function draw() {
    if (index !== shown + 1) jumps += 1; // not one step forward: the felt shows the step at once, without dealing
    shown = index;
    const told = events(index);
    model.apply({ reveal: { id: `guide-${jumps}`, label: "", number: null, done: false, start: told.length, events: told } });
    const current = data.steps[index];
    step.replaceChildren(element("div", { class: "bl-guide-count" }, `Step ${index + 1} of ${data.steps.length}`),
      element("div", { class: "bl-guide-sentence", "aria-live": "polite" }, current.text + (index === last ? " The round is over." : "")));
    const list = element("ol");
    data.steps.slice(0, index + 1).forEach((earlier, at) =>
      list.append(element("li", at === index ? { class: "bl-step-current" } : {}, earlier.text)));
    const sofar = element("div", { class: "bl-guide-so-far" });
    sofar.append(element("h4", {}, "So far"), list);
    log.replaceChildren(sofar);
    drawing.innerHTML = data.drawings[current.drawing]; // the drawing table, rendered in Python
    restart.disabled = back.disabled = index === 0;
    next.disabled = end.disabled = index === last;
  }

  function go(to) {
    const wasNext = next.disabled, wasBack = back.disabled;
    index = Math.max(0, Math.min(to, last));
    draw();
    // A button that becomes disabled loses the keyboard's focus: pass it to the other one.
    if (next.disabled && !wasNext && document.activeElement === next) back.focus();
    if (back.disabled && !wasBack && document.activeElement === back) next.focus();
  }
  restart.addEventListener("click", () => go(0));
  back.addEventListener("click", () => go(index - 1));
  next.addEventListener("click", () => go(index + 1));
  end.addEventListener("click", () => go(last));
  draw();
  render({ model, el: felt });
}
