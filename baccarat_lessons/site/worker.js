// The browser edition's Python: Pyodide in a Web Worker, with the project's wheel and nothing else.
//
// No JupyterLite, no kernel, no IPython, no ipywidgets: the worker loads Pyodide's core, unpacks the
// project's wheel (the standard-library engine, the driver and the presenters) and runs the tables
// (baccarat_lessons/widgets/posted_app.py). Between it and the page go messages of JSON text only, so
// a browser's null is Python's None here as on a server:
//   page -> worker  {kind: "START", pyodide, wheel}  once, then {kind: "PY", text} for each message
//   worker -> page  {kind: "READY"}, {kind: "FAILED", text}, {kind: "PY", text}
// Until READY the page keeps its messages (page.js): nothing the visitor clicks is lost.

let app = null;

async function start({ pyodide: folder, wheel }) {
  const base = new URL(folder, self.location.href).href;
  // The wheel is fetched while Python starts: the two downloads run side by side.
  const wheelBytes = fetch(new URL(wheel, base)).then((response) => {
    if (!response.ok) throw new Error(`The app's Python package did not load (${response.status}).`);
    return response.arrayBuffer();
  });
  const { loadPyodide } = await import(new URL("pyodide.mjs", base).href);
  const pyodide = await loadPyodide({ indexURL: base, packages: [] });
  pyodide.unpackArchive(await wheelBytes, "wheel");
  pyodide.globals.set("post_to_page", (text) => self.postMessage({ kind: "PY", text }));
  app = pyodide.runPython(`
from baccarat_lessons.widgets.posted_app import PostedApp
PostedApp.speaking_json(post_to_page)
`);
}

self.onmessage = async (event) => {
  const message = event.data || {};
  if (message.kind === "START") {
    try {
      await start(message);
      self.postMessage({ kind: "READY" });
    } catch (error) {
      self.postMessage({ kind: "FAILED", text: String(error && error.message ? error.message : error) });
    }
  } else if (message.kind === "PY" && app && typeof message.text === "string") {
    app.receive_text(message.text);
  }
};
