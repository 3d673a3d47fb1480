// The browser edition's page: the tables drawn by the same module as the server's, Python in a worker.
//
// Each table surface (surface-*.js, the module the anywidget carries on a server) is given a model
// object with the anywidget model interface (get, set, on, off, send, save_changes); here it is a
// PostedModel, whose state comes from the worker's messages and whose `send` goes to the worker.
// One front end, three drivers: a kernel's comm (Voilà, JupyterLab), this worker, a class server.
//
// The first table is drawn at once from the state written into the page when the site was built (the
// same presentation, made by the same Python); the worker's own state replaces it when Python is up.
// A click made before then is kept and sent once Python is ready, and the table says so.

const config = JSON.parse(document.getElementById("site-config").textContent);
// Python starts first: the worker loads while the page's modules are read.
const worker = new Worker(config.worker, { type: "module" });
const early = []; // what the worker says before the page below is ready to hear it
worker.onmessage = (event) => early.push(event);
worker.postMessage({ kind: "START", pyodide: config.pyodide, wheel: config.wheel });
const { render } = (await import(config.surface)).default;
const { stepGuide, element } = await import(config.guide);

const STARTING = { text: "Python is starting in this page; the table plays in a moment.", tone: "info" };
const KEPT_CLICK = { text: "Your move is kept: it is played as soon as Python is ready.", tone: "info" };
// What a table's page sends on its own when it is drawn: not a move of the visitor's.
const PAGE_KINDS = new Set(["SHOWN", "PAGE", "REVEALED"]);

let ready = false;
const waiting = []; // messages for Python, kept until it is ready
function toPython(message) {
  const text = JSON.stringify(message);
  if (ready) worker.postMessage({ kind: "PY", text });
  else waiting.push(text);
}

// `deliver(content)` takes what the surface sends: to the worker for a table, nowhere for a guide's felt.
class PostedModel {
  constructor(state, deliver) {
    this.state = { ...state };
    this.listeners = new Map();
    this.deliver = deliver;
  }
  get(name) { return this.state[name]; }
  set(name, value) { this.state[name] = value; } // the page's own value; the worker's state is the truth
  save_changes() {}
  on(event, callback) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event).add(callback);
  }
  off(event, callback) {
    if (this.listeners.has(event)) this.listeners.get(event).delete(callback);
  }
  send(content) { this.deliver(content); }
  // The worker's changes, all set before any is announced (as one message of an anywidget's).
  apply(changes) {
    Object.assign(this.state, changes);
    for (const name of Object.keys(changes)) {
      for (const callback of this.listeners.get(`change:${name}`) || []) callback();
    }
  }
}

const pages = new Map(); // variant -> {model, place (its section), guided}
const appMessage = document.getElementById("app-message");

// A game's section, or null: a name from the address or the storage is checked against the games
// before it is put in a selector.
function section(variant) {
  return config.variants.includes(variant) ? document.querySelector(`.bl-page[data-variant="${variant}"]`) : null;
}

function open(variant) {
  if (pages.has(variant)) return pages.get(variant);
  const place = section(variant);
  const first = { ...config.first[variant], message: ready ? {} : STARTING };
  const model = new PostedModel(first, (content) => {
    if (!ready && !PAGE_KINDS.has(content && content.kind)) model.apply({ message: KEPT_CLICK });
    toPython({ kind: "MODEL", variant, content });
  });
  const page = { model, place, guided: false };
  pages.set(variant, page);
  toPython({ kind: "OPEN", variant }); // before the surface's own first messages
  render({ model, el: place.querySelector(".bls-host") });
  return page;
}

function show(variant) {
  if (!section(variant)) return;
  for (const place of document.querySelectorAll(".bl-page")) place.hidden = place.dataset.variant !== variant;
  for (const button of document.querySelectorAll(".bl-variant-selector button")) {
    button.setAttribute("aria-pressed", String(button.dataset.variant === variant));
  }
  guide(open(variant));
}

// The guides' steps are data fetched once the first table is drawn (the table comes first); each
// page's guide is drawn when that page is first shown.
let guides = null;
const guidesLoaded = fetch(config.guides).then((response) => response.json()).then((data) => { guides = data; })
  .catch(() => {
    guides = {}; // each guide's place says so (the tables play on without it)
    for (const host of document.querySelectorAll(".bl-guide-host")) {
      host.replaceChildren(element("p", { class: "bl-note" }, "The illustrated guide could not be loaded; reload the page to try again."));
    }
  });
function guide(page) {
  const host = page.place.querySelector(".bl-guide-host");
  if (page.guided || !host) return;
  if (!guides) {
    guidesLoaded.then(() => guide(page));
    return;
  }
  const data = guides[page.place.dataset.variant];
  if (!data) return;
  page.guided = true;
  stepGuide(host, data, render, (state) => new PostedModel(state, () => {}));
}

function drawRecords(variant, panels) {
  const place = section(variant).querySelector(".bl-records");
  place.replaceChildren(...panels.map((html) => {
    const panel = document.createElement("div");
    panel.className = "bl-panel bl-record";
    panel.innerHTML = html; // made by the app's Python from the engine's records, every text escaped there
    return panel;
  }));
}

// The settings form (Punto Banco and Mini): each choice goes to Python as its position in the list,
// which Python reads the value from; a change that would start a new session asks first.
function drawSettings(variant, form) {
  const host = section(variant).querySelector(".bl-settings-host");
  if (!form.fields.length) return host.replaceChildren();
  const box = element("div", { class: "bl-panel bl-settings" });
  box.append(element("h4", {}, "Table settings"), element("p", { class: "bl-note" }, form.notes[0]));
  const send = (name, choice, confirmed) => toPython({ kind: "SETTING", variant, name, choice, confirmed });
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
      control.addEventListener("change", () => send(field.name, control.checked, false));
      row.append(control, document.createTextNode(` ${field.label}`));
    } else {
      control = element("select", {});
      field.choices.forEach((words, at) => control.append(element("option", { value: String(at) }, words)));
      control.selectedIndex = field.chosen;
      control.addEventListener("change", () => send(field.name, control.selectedIndex, false));
      row.append(element("span", { class: "bl-setting-name" }, field.label), control);
    }
    control.disabled = !form.enabled;
    box.append(row);
  }
  host.replaceChildren(box);
}

function askSetting(variant, asked) {
  const ask = section(variant).querySelector(".bl-settings-ask");
  if (!ask) return;
  const yes = element("button", { type: "button", class: "bl-settings-confirm" }, "Start a new session");
  const keep = element("button", { type: "button", class: "bl-settings-keep" }, "Keep my session");
  yes.addEventListener("click", () => toPython({ kind: "SETTING", variant, name: asked.name, choice: asked.choice, confirmed: true }));
  keep.addEventListener("click", () => toPython({ kind: "SETTINGS_KEPT", variant }));
  ask.replaceChildren(element("p", { class: "bl-note" }, asked.text), yes, keep);
  ask.hidden = false;
}

function say(text, tone) {
  appMessage.textContent = text || "";
  appMessage.className = `bl-app-message bl-message-${tone || "info"}`;
}

function heard(event) {
  const data = event.data;
  if (data.kind === "READY") {
    ready = true;
    document.body.dataset.python = "ready";
    document.body.dataset.start = data.from; // "snapshot": from the one a first visit kept (worker.js)
    if (data.from !== "snapshot") setTimeout(keepSnapshot, SNAPSHOT_AFTER_MS);
    for (const text of waiting.splice(0)) worker.postMessage({ kind: "PY", text });
    keepOffline();
  } else if (data.kind === "FAILED") {
    document.body.dataset.python = "failed";
    say(`The app could not start Python in this page: ${data.text} Reload the page to try again.`, "refused");
  } else if (data.kind === "PY") {
    const message = JSON.parse(data.text);
    const page = pages.get(message.variant);
    if (message.kind === "state" && page) {
      page.model.apply(message.changes);
      page.place.dataset.live = "true"; // its table is Python's now (the benchmark waits for this)
      const shown = message.changes.presentation;
      // Reduced motion stills the table's animations, as the server's frame does (presenter.show_settings).
      if (shown) page.place.querySelector(".bl-table").classList.toggle("bl-reduced-motion", Boolean(shown.reduced_motion));
    } else if (message.kind === "records" && page) drawRecords(message.variant, message.panels);
    else if (message.kind === "settings" && page) drawSettings(message.variant, message);
    else if (message.kind === "settings-ask" && page) askSetting(message.variant, message);
    else if (message.kind === "errors" && page) {
      const log = page.place.querySelector(".bl-error-log");
      log.innerHTML = message.html; // the app's own report, escaped in Python
      log.hidden = false;
    } else if (message.kind === "show") show(message.variant);
    else if (message.kind === "app-message") say(message.text, message.tone);
  }
}
worker.onmessage = heard;
for (const event of early.splice(0)) heard(event);
for (const button of document.querySelectorAll(".bl-variant-selector button")) {
  button.addEventListener("click", () => show(button.dataset.variant));
}
// Projector mode, as in the server edition: large type and cards for the front of a classroom.
const projector = document.querySelector(".bl-projector-toggle");
projector.addEventListener("click", () => {
  const on = document.querySelector(".bl-app").classList.toggle("bl-projector");
  projector.setAttribute("aria-pressed", String(on));
});
// A staged link's game opens first, else the game this browser played last, as in the server edition
// (the worker then stages the link's coup, or confirms the game).
let last = null;
try { last = localStorage.getItem("baccarat-lessons:variant"); } catch (error) { /* storage off */ }
const asked = new URLSearchParams(location.search).get("variant");
show([asked, last].find((variant) => variant && section(variant)) || config.variants[0]);

// A first visit's Python keeps a memory snapshot for the next visit (worker.js says how), taken by a
// second worker a moment after the table is playable, so that the table never waits for it.
const SNAPSHOT_AFTER_MS = 1500;
function keepSnapshot() {
  const keeper = new Worker(config.worker, { type: "module" });
  keeper.onmessage = (event) => {
    document.body.dataset.snapshot = event.data.kind === "KEPT" ? "kept" : "not-kept";
    keeper.terminate();
  };
  keeper.postMessage({ kind: "SNAPSHOT", pyodide: config.pyodide, wheel: config.wheel });
}

// The site keeps itself in the browser's store: a second visit fetches nothing and works offline. The
// service worker is registered once Python is ready, so that storing the build (it fetches every file,
// mostly from the browser's cache) does not compete with the first visit's start.
function keepOffline() {
  if ("serviceWorker" in navigator && config.offline) {
    navigator.serviceWorker.register(config.offline).catch(() => { /* served without it: online only */ });
  }
}
