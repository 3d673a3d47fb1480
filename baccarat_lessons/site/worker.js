// The browser edition's Python: Pyodide in a Web Worker, with the project's wheel and nothing else.
//
// No JupyterLite, no kernel, no IPython, no ipywidgets: the worker loads Pyodide's core, unpacks the
// project's wheel (the standard-library engine, the driver and the presenters) and runs the tables
// (baccarat_lessons/widgets/posted_app.py), or a lesson's tables and exercises (posted_lesson.py). Between
// it and the page go messages of JSON text only, so a browser's null is Python's None here as on a server:
//   page -> worker  {kind: "START", pyodide, wheel, app: "tables" | "lesson"}  once, then {kind: "PY", text}
//   worker -> page  {kind: "READY", from: "snapshot" | "start"}, {kind: "FAILED", text}, {kind: "PY", text}
// Until READY the page keeps its messages (page.js): nothing the visitor clicks is lost.
//
// A later visit starts Python from a memory snapshot this browser keeps (Pyodide's _makeSnapshot and
// _loadSnapshot options): 0.56-0.61 s to two open tables against 1.68-2.00 s for a plain start on this
// machine (benchmarks/README.md). The first visit does not wait for it: once its table is live the page
// starts this same file as a second worker with {kind: "SNAPSHOT"}, which starts Python, imports the app,
// takes the snapshot, keeps it in the browser's Cache Storage under this build's Python folder and says
// {kind: "KEPT"} (or {kind: "NOT-KEPT", text}). A snapshot holds Python's memory but not the files it
// unpacked, so the wheel is unpacked again after a restore; the start-up's random state is in it too,
// so `random` is seeded again. A snapshot that fails to restore is deleted and Python starts plainly.

const SNAPSHOTS = "bl-python-snapshots"; // not "baccarat-lessons-…": the service worker clears those
// What each page runs: the app's tables, or a lesson's parts. A snapshot holds both modules imported.
const APPS = {
  tables: ["baccarat_lessons.widgets.posted_app", "PostedApp"],
  lesson: ["baccarat_lessons.widgets.posted_lesson", "PostedLesson"],
};
let app = null;

function where(folder) {
  const base = new URL(folder, self.location.href).href;
  return { base, snapshot: new URL("python.snapshot", base).href }; // one per build: the folder is hashed
}

function fetchWheel(base, wheel) {
  return fetch(new URL(wheel, base)).then((response) => {
    if (!response.ok) throw new Error(`The app's Python package did not load (${response.status}).`);
    return response.arrayBuffer();
  });
}

async function keptSnapshot(key) {
  try {
    const hit = await (await caches.open(SNAPSHOTS)).match(key);
    return hit ? await hit.arrayBuffer() : null;
  } catch (error) {
    return null; // no Cache Storage here (a private window may refuse it): a plain start
  }
}

async function forget(key) {
  try { await (await caches.open(SNAPSHOTS)).delete(key); } catch (error) { /* nothing kept */ }
}

async function python(base, wheelBytes, key) {
  const { loadPyodide } = await import(new URL("pyodide.mjs", base).href);
  const kept = await keptSnapshot(key);
  if (kept) {
    try {
      const pyodide = await loadPyodide({ indexURL: base, _loadSnapshot: kept });
      pyodide.unpackArchive(await wheelBytes, "wheel");
      pyodide.runPython("import random\nrandom.seed()");
      return { pyodide, from: "snapshot" };
    } catch (error) {
      await forget(key); // another Pyodide's, or damaged: never tried again
    }
  }
  const pyodide = await loadPyodide({ indexURL: base, packages: [] });
  pyodide.unpackArchive(await wheelBytes, "wheel");
  return { pyodide, from: "start" };
}

async function start({ pyodide: folder, wheel, app: name }) {
  const [module, appClass] = APPS[name] || APPS.tables;
  const { base, snapshot } = where(folder);
  const wheelBytes = fetchWheel(base, wheel); // fetched while Python starts: the two run side by side
  wheelBytes.catch(() => {}); // its failure is reported where it is awaited
  const { pyodide, from } = await python(base, wheelBytes, snapshot);
  pyodide.globals.set("post_to_page", (text) => self.postMessage({ kind: "PY", text }));
  app = pyodide.runPython(`
from ${module} import ${appClass}
${appClass}.speaking_json(post_to_page)
`);
  return from;
}

async function keepSnapshot({ pyodide: folder, wheel }) {
  const { base, snapshot } = where(folder);
  const wheelBytes = fetchWheel(base, wheel);
  const { loadPyodide } = await import(new URL("pyodide.mjs", base).href);
  const pyodide = await loadPyodide({ indexURL: base, _makeSnapshot: true });
  pyodide.unpackArchive(await wheelBytes, "wheel");
  // The apps' modules, and nothing that holds a JavaScript object.
  pyodide.runPython(Object.values(APPS).map(([module]) => `import ${module}`).join("\n"));
  const bytes = pyodide.makeMemorySnapshot();
  const store = await caches.open(SNAPSHOTS);
  for (const old of await store.keys()) await store.delete(old); // an earlier build's
  await store.put(snapshot, new Response(bytes));
}

self.onmessage = async (event) => {
  const message = event.data || {};
  if (message.kind === "START") {
    try {
      self.postMessage({ kind: "READY", from: await start(message) });
    } catch (error) {
      self.postMessage({ kind: "FAILED", text: String(error && error.message ? error.message : error) });
    }
  } else if (message.kind === "SNAPSHOT") {
    try {
      await keepSnapshot(message);
      self.postMessage({ kind: "KEPT" });
    } catch (error) {
      self.postMessage({ kind: "NOT-KEPT", text: String(error && error.message ? error.message : error) });
    }
  } else if (message.kind === "PY" && app && typeof message.text === "string") {
    app.receive_text(message.text);
  }
};
