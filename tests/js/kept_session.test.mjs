// The kept session: what the page reads from and writes to the browser's local storage, and the session
// file it opens, when the storage or the file is not what it should be.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadSurface } from "./surface_files.mjs";

const { readKept, readVariant, keepRecord, rememberVariant, sessionKey, VARIANT_KEY, openSessionFile,
  MAX_SESSION_FILE_BYTES } = await loadSurface("kept_session.js");

// A window whose local storage holds `items`.
function windowWith(items = {}) {
  const stored = { ...items };
  return {
    stored,
    localStorage: {
      getItem: (key) => (key in stored ? stored[key] : null),
      setItem: (key, value) => { stored[key] = String(value); },
    },
  };
}
// A window that refuses its storage (storage turned off: reading `localStorage` throws).
const REFUSING = { get localStorage() { throw new Error("SecurityError: access is denied for this document"); } };
// A full storage: writing throws.
const FULL = { localStorage: { getItem: () => null, setItem: () => { throw new Error("QuotaExceededError"); } } };

test("each variant's record is kept under its own key, as the text the kernel sent", () => {
  const place = windowWith();
  keepRecord(place, "chemin-de-fer", '{"sealed":"abc"}');
  assert.deepEqual(place.stored, { "baccarat-lessons:session:chemin-de-fer": '{"sealed":"abc"}' });
  assert.deepEqual(readKept(place, "chemin-de-fer"), { sealed: "abc" });
  assert.equal(readKept(place, "punto-banco"), null);
  keepRecord(place, "punto-banco", ""); // no record yet: nothing kept
  assert.equal(sessionKey("punto-banco") in place.stored, false);
});

test("a kept record that is not JSON, or storage missing or refused, is nothing to resume", () => {
  assert.equal(readKept(windowWith({ [sessionKey("punto-banco")]: "{not json" }), "punto-banco"), null);
  assert.equal(readKept(windowWith({ [sessionKey("punto-banco")]: "" }), "punto-banco"), null);
  assert.equal(readKept({}, "punto-banco"), null); // no localStorage at all
  assert.equal(readKept(REFUSING, "punto-banco"), null);
});

test("the variant played last is remembered, and read back as null when there is none or no storage", () => {
  const place = windowWith();
  assert.equal(readVariant(place), null);
  rememberVariant(place, "banque-limitee");
  assert.equal(place.stored[VARIANT_KEY], "banque-limitee");
  assert.equal(readVariant(place), "banque-limitee");
  assert.equal(readVariant({}), null);
  assert.equal(readVariant(REFUSING), null);
});

test("writing to a refused or full storage keeps nothing and raises nothing", () => {
  for (const place of [REFUSING, FULL, {}]) {
    assert.doesNotThrow(() => keepRecord(place, "punto-banco", "{}"));
    assert.doesNotThrow(() => rememberVariant(place, "punto-banco"));
  }
});

// A chosen file: its size and its text.
const file = (text, size = text.length) => ({ size, text: async () => text });
const opened = (chosen) => new Promise((resolve) => openSessionFile(chosen, resolve));

test("a session file's record is sent; a file that is not JSON sends null, for the kernel to say why", async () => {
  assert.deepEqual(await opened(file('{"variant":"punto-banco","actions":[]}')), { variant: "punto-banco", actions: [] });
  assert.equal(await opened(file("<html>not a session</html>")), null);
});

test("a file over a megabyte is refused before it is read; no file chosen sends nothing", () => {
  const sent = [];
  const huge = { size: MAX_SESSION_FILE_BYTES + 1, text: () => { throw new Error("read a file too large"); } };
  openSessionFile(huge, (record) => sent.push(record));
  assert.deepEqual(sent, [null]); // at once, not after reading it
  openSessionFile(undefined, (record) => sent.push(record));
  assert.deepEqual(sent, [null]);
});
