// A table's frame on a browser edition's page, around its surface: the records beside it, the settings
// form (Punto Banco and Mini), the question a change that would start a new session asks first, the error
// report and the reduced-motion class. The app's page (page.js) and a lesson's (lesson.js) draw them the
// same way from the same messages of the worker's PostedTable (widgets/posted_table.py).
import { element } from "./guide.js";

export function drawRecords(place, panels) {
  place.querySelector(".bl-records").replaceChildren(...panels.map((html) => {
    const panel = document.createElement("div");
    panel.className = "bl-panel bl-record";
    panel.innerHTML = html; // made by the app's Python from the engine's records, every text escaped there
    return panel;
  }));
}

// The settings form: each choice goes to Python as its position in the list, which Python reads the
// value from; a change that would start a new session asks first. `send(message)` reaches the table.
export function drawSettings(place, form, send) {
  const host = place.querySelector(".bl-settings-host");
  if (!form.fields.length) return host.replaceChildren();
  const box = element("div", { class: "bl-panel bl-settings" });
  box.append(element("h4", {}, "Table settings"), element("p", { class: "bl-note" }, form.notes[0]));
  const choose = (name, choice) => send({ kind: "SETTING", name, choice, confirmed: false });
  let noted = false;
  for (const field of form.fields) {
    if (field.presentation && !noted) {
      box.append(element("div", { class: "bl-settings-ask", hidden: "" }), element("p", { class: "bl-note" }, form.notes[1]));
      noted = true;
    }
    const row = element("label", { class: `bl-setting bl-setting-${field.name}`, title: field.tip });
    let control;
    if (field.box) {
      control = element("input", { type: "checkbox" });
      control.checked = field.chosen;
      control.addEventListener("change", () => choose(field.name, control.checked));
      row.append(control, document.createTextNode(` ${field.label}`));
    } else {
      control = element("select", {});
      field.choices.forEach((words, at) => control.append(element("option", { value: String(at) }, words)));
      control.selectedIndex = field.chosen;
      control.addEventListener("change", () => choose(field.name, control.selectedIndex));
      row.append(element("span", { class: "bl-setting-name" }, field.label), control);
    }
    control.disabled = !form.enabled;
    box.append(row);
  }
  host.replaceChildren(box);
}

export function askSetting(place, asked, send) {
  const ask = place.querySelector(".bl-settings-ask");
  if (!ask) return;
  const yes = element("button", { type: "button", class: "bl-settings-confirm" }, "Start a new session");
  const keep = element("button", { type: "button", class: "bl-settings-keep" }, "Keep my session");
  yes.addEventListener("click", () => send({ kind: "SETTING", name: asked.name, choice: asked.choice, confirmed: true }));
  keep.addEventListener("click", () => send({ kind: "SETTINGS_KEPT" }));
  ask.replaceChildren(element("p", { class: "bl-note" }, asked.text), yes, keep);
  ask.hidden = false;
}

// One of the worker's messages about the table in `place` drawn from `model`; false if it is not one.
export function tableHeard(place, model, message, send) {
  if (message.kind === "state") {
    model.apply(message.changes);
    place.dataset.live = "true"; // its table is Python's now (the benchmark and the tests wait for this)
    const shown = message.changes.presentation;
    // Reduced motion stills the table's animations, as the server's frame does (presenter.show_settings).
    if (shown) place.querySelector(".bl-table").classList.toggle("bl-reduced-motion", Boolean(shown.reduced_motion));
  } else if (message.kind === "records") drawRecords(place, message.panels);
  else if (message.kind === "settings") drawSettings(place, message, send);
  else if (message.kind === "settings-ask") askSetting(place, message, send);
  else if (message.kind === "errors") {
    const log = place.querySelector(".bl-error-log");
    log.innerHTML = message.html; // the app's own report, escaped in Python
    log.hidden = false;
  } else return false;
  return true;
}
