// What the browser edition's pages share: Python in a worker, a model object for the table surfaces, and
// the browser's own store (the app's page, page.js, and each lesson's page, lesson.js).
//
// Each table surface (surface-*.js, the module the anywidget carries on a server) is given a model
// object with the anywidget model interface (get, set, on, off, send, save_changes); here it is a
// PostedModel, whose state comes from the worker's messages and whose `send` goes to the worker.
// One front end, three drivers: a kernel's comm (Voilà, JupyterLab), this worker, a class server.

// `deliver(content)` takes what the surface sends: to the worker for a table, nowhere for a guide's felt.
export class PostedModel {
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

// A table surface's model on a page: drawn at once from the build's first state, where the table says
// Python is starting; its moves go to `send(content)`. A move made before Python is ready is kept (the
// worker's messages wait in `python.send`), and the table says so.
const STARTING = { text: "Python is starting in this page; the table plays in a moment.", tone: "info" };
const KEPT_CLICK = { text: "Your move is kept: it is played as soon as Python is ready.", tone: "info" };
const PAGE_KINDS = new Set(["SHOWN", "PAGE", "REVEALED"]); // what a surface sends on its own, not a move
export function tableModel(python, first, send) {
  const model = new PostedModel({ ...first, message: python.ready ? {} : STARTING }, (content) => {
    if (!python.ready && !PAGE_KINDS.has(content && content.kind)) model.apply({ message: KEPT_CLICK });
    send(content);
  });
  return model;
}

// Projector mode, as in the server edition: large type and cards for the front of a classroom.
export function projectorToggle() {
  const projector = document.querySelector(".bl-projector-toggle");
  projector.addEventListener("click", () => {
    const on = document.querySelector(".bl-app").classList.toggle("bl-projector");
    projector.setAttribute("aria-pressed", String(on));
  });
}

// Python in a worker running `app` ("tables" or "lesson", worker.js). Messages for Python are kept until
// it is ready (`python.ready`); `heard(message)` gets each of Python's, parsed; `on.ready()` and
// `on.failed(text)` say how the start went. On READY the body says so (data-python, data-start), a
// first visit's snapshot is kept a moment later, and the service worker is registered.
export function startPython(config, app, heard, on = {}) {
  const worker = new Worker(config.worker, { type: "module" });
  const waiting = [];
  const python = {
    ready: false,
    send(message) {
      const text = JSON.stringify(message);
      if (python.ready) worker.postMessage({ kind: "PY", text });
      else waiting.push(text);
    },
  };
  worker.onmessage = (event) => {
    const data = event.data;
    if (data.kind === "READY") {
      python.ready = true;
      document.body.dataset.python = "ready";
      document.body.dataset.start = data.from; // "snapshot": from the one a first visit kept (worker.js)
      if (data.from !== "snapshot") setTimeout(() => keepSnapshot(config), SNAPSHOT_AFTER_MS);
      for (const text of waiting.splice(0)) worker.postMessage({ kind: "PY", text });
      keepOffline(config);
      if (on.ready) on.ready();
    } else if (data.kind === "FAILED") {
      document.body.dataset.python = "failed";
      if (on.failed) on.failed(data.text);
    } else if (data.kind === "PY") {
      heard(JSON.parse(data.text));
    }
  };
  worker.postMessage({ kind: "START", pyodide: config.pyodide, wheel: config.wheel, app });
  return python;
}

// A first visit's Python keeps a memory snapshot for the next visit (worker.js says how), taken by a
// second worker a moment after the page is playable, so that the page never waits for it.
const SNAPSHOT_AFTER_MS = 1500;
function keepSnapshot(config) {
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
function keepOffline(config) {
  if ("serviceWorker" in navigator && config.offline) {
    navigator.serviceWorker.register(config.offline).catch(() => { /* served without it: online only */ });
  }
}
