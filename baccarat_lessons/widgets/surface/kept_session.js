// The kept session: what this browser keeps between visits in its local storage — each variant's
// session record, as the kernel sent it (sealed on a server, plain in the browser edition), and the
// variant played last — and the session file a user saves or opens. `place` is the page's window:
// its storage may be missing or refuse to be read (storage turned off), and then nothing is kept.

export const VARIANT_KEY = "baccarat-lessons:variant";
export const MAX_SESSION_FILE_BYTES = 1000000;

export function sessionKey(variant) {
  return `baccarat-lessons:session:${variant}`;
}

// The record kept for `variant`, or null: none kept, no storage, or not JSON (nothing to resume).
export function readKept(place, variant) {
  try {
    const text = place.localStorage.getItem(sessionKey(variant));
    return text ? JSON.parse(text) : null;
  } catch (error) {
    return null;
  }
}

// The variant this browser played last, or null.
export function readVariant(place) {
  try { return place.localStorage.getItem(VARIANT_KEY); } catch (error) { return null; }
}

// Keeps the record's JSON text as it came (`text`; nothing when there is none).
export function keepRecord(place, variant, text) {
  if (!text) return;
  try { place.localStorage.setItem(sessionKey(variant), text); } catch (error) { /* storage off: nothing kept */ }
}

// The game played last: a reload of the app opens on it, not on the first game.
export function rememberVariant(place, variant) {
  try { place.localStorage.setItem(VARIANT_KEY, variant); } catch (error) { /* storage off */ }
}

function sessionFileName(variant) {
  return `baccarat-lessons-${variant}-session.json`;
}

// A chosen file's record, or null when it is not JSON.
function readSessionFile(text) {
  try { return JSON.parse(text); } catch (error) { return null; }
}

// Hands a chosen session file's record to `sendRecord`: null for a file too large or not JSON, and the
// kernel says why it cannot open it. No file chosen: nothing.
export function openSessionFile(file, sendRecord) {
  if (!file) return;
  if (file.size > MAX_SESSION_FILE_BYTES) {
    sendRecord(null);
    return;
  }
  file.text().then((text) => sendRecord(readSessionFile(text)));
}

// Downloads the record (`savedText`, its JSON text) as a file a teacher can open on this server.
function saveSessionFile(savedText, variant) {
  if (!savedText) return;
  const link = document.createElement("a");
  link.setAttribute("href", URL.createObjectURL(new Blob([JSON.stringify(JSON.parse(savedText), null, 1)], { type: "application/json" })));
  link.setAttribute("download", sessionFileName(variant));
  document.body.append(link);
  link.click();
  link.remove();
}
