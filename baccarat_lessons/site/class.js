// A class (issue 32): the page's address `?class=<join address>&name=<display name>`, or the "Join a class"
// form, joins each table the visitor opens to the class server at that address (classroom/server.py).
//
// Joining gives the table a token and its shoe's root seed: the page hands the seed to Python, which
// starts a session dealt from it (TablePlay.join_class), so the class server can replay every coup.
// After each coup shown Python posts the session's record; the page reports it with the token. Only the
// newest record is ever needed (it holds the whole session): one that could not be sent is kept and
// sent again with the next, or after a pause, and the server counts each coup once. A coup the teacher
// stages for everyone (`GET stage`) is handed to Python once per staging (`{kind: "STAGE", link}`).
// The server edition does all this in its kernel instead (classroom/client.py).

const JOIN_ADDRESS = /^\/class\/[0-9A-F]{6}\/?$/;
const RETRY_MS = 3000;
const TABLES_MS = 5000; // how often the class's shared tables are asked for (as the server edition's kernel)
const MAX_NAME = 40;
// The sentences a bad address or name is refused with, as the server edition's (widgets/app/joined_class.py).
export const ADDRESS_PROBLEM = "That is not a class's address (a teacher's looks like http://…/class/0A1B2C)";
export const NAME_PROBLEM = "A class needs a display name, a few letters it will show";

// A class's join address without its trailing slash, or null: http(s), the path of a class, no query and no
// fragment (classroom/client.py's class_address reads it the same way in the server edition's kernel).
export function joinAddress(text) {
  if (typeof text !== "string" || !text.trim() || text.includes("?") || text.includes("#")) return null;
  try {
    const url = new URL(text.trim());
    if (!/^https?:$/.test(url.protocol) || !url.hostname || !JOIN_ADDRESS.test(url.pathname)) return null;
    return url.href.replace(/\/$/, "");
  } catch (error) {
    return null;
  }
}

// A display name as sent: spaces folded, at most 40 characters ("" if there is none).
export function displayName(text) {
  return typeof text === "string" ? text.trim().replace(/\s+/g, " ").slice(0, MAX_NAME) : "";
}

// The class the page's query joins, or null if it names none: {text, name} as given, checked where used.
export function classLink(search) {
  const query = new URLSearchParams(search);
  if (!query.has("class") && !query.has("name")) return null;
  return { text: query.getAll("class").length === 1 ? query.get("class") : "", name: query.get("name") || "" };
}

async function post(address, body) {
  const response = await fetch(address, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body), cache: "no-store", credentials: "omit" });
  const answer = await response.json().catch(() => ({ said: "The class server's answer could not be read." }));
  return { ok: response.ok, answer };
}

// The class's shared tables with a free seat, from the class server's `GET tables` answer: {text, link} each, the
// link opening the table's page (the class server's) with the student's name. classroom/client.py's table_links
// is the same.
const TABLE_ID = /^[0-9A-F]{8}$/;
export function tableLinks(address, name, answer) {
  const tables = answer && Array.isArray(answer.tables) ? answer.tables : [];
  return tables.filter((table) => table && typeof table.id === "string" && TABLE_ID.test(table.id)
    && typeof table.name === "string" && Number.isInteger(table.free) && table.free > 0).slice(0, 10)
    .map((table) => ({ text: `${table.name.slice(0, 40)}: ${table.free} seat${table.free === 1 ? "" : "s"} free`,
      link: `${address}/table/${table.id}?name=${encodeURIComponent(name)}` }));
}

// `place` is {address, name} (joinAddress's and displayName's); `toPython(message)` reaches the worker;
// `say(text, tone)` writes the class's line on the page; `showTables(links)` offers the class's shared tables
// (tableLinks's), asked for every few seconds. `leave()` silences it (a class joined anew).
export function joinedClass(place, toPython, sayLine, showTables = () => {}) {
  const tickets = new Map(); // variant -> {token, counted, pending, sending}
  const where = new URL(place.address);
  let left = false;
  const say = (text, tone) => { if (!left) sayLine(text, tone); };
  say(`Joining class ${where.pathname.split("/")[2]} (${where.host}) as ${place.name}…`, "info");
  function tell(ticket) {
    say(`In class ${where.pathname.split("/")[2]} (${where.host}) as ${place.name}: ${ticket.counted} coup${ticket.counted === 1 ? "" : "s"} counted.`, "done");
  }
  async function join(variant) {
    if (left || tickets.has(variant)) return;
    const ticket = { token: null, counted: 0, pending: null, sending: false };
    tickets.set(variant, ticket);
    try {
      const { ok, answer } = await post(`${place.address}/join`, { name: place.name, variant });
      if (!ok) throw new Error(answer.said);
      if (left) return;
      ticket.token = answer.token;
      toPython({ kind: "CLASS", variant, seed: answer.seed });
      tell(ticket);
    } catch (error) { // a refusal's sentence, or fetch's TypeError: the server out of reach
      tickets.delete(variant);
      const said = error instanceof TypeError ? "The class server could not be reached." : error.message;
      say(`This table could not join the class: ${said} It plays on its own.`, "refused");
    }
  }
  function send(ticket) {
    if (ticket.sending || !ticket.pending) return;
    const record = ticket.pending;
    ticket.sending = true;
    post(`${place.address}/report`, { token: ticket.token, record })
      .then(({ ok, answer }) => {
        ticket.sending = false;
        if (ticket.pending === record) ticket.pending = null;
        if (ok) {
          ticket.counted += answer.counted;
          if (answer.refused && !answer.counted) say(`The class did not count a report: ${answer.refused}`, "refused");
          else tell(ticket);
        } else if (answer.said) say(`The class did not take a report: ${answer.said}`, "refused");
        send(ticket); // a newer record that came meanwhile
      })
      .catch(() => { // the class server out of reach: the record is kept and sent again
        ticket.sending = false;
        say(`The class server is out of reach; ${ticket.counted} coups counted so far, the rest are kept and sent when it answers.`, "info");
        setTimeout(() => send(ticket), RETRY_MS);
      });
  }
  function report(variant, record) {
    const ticket = tickets.get(variant);
    if (!ticket || !ticket.token) return;
    ticket.pending = record;
    send(ticket);
  }
  // The coup the teacher staged for everyone, asked for every few seconds: each new one opens once (Python
  // stages it as a staged link; a joined table's class session waits behind it until New session).
  let staged = null;
  let stageTimer = null;
  async function followStage() {
    stageTimer = null;
    try {
      const response = await fetch(`${place.address}/stage`, { cache: "no-store", credentials: "omit" });
      const answer = response.ok ? await response.json() : null;
      if (!answer || !Number.isInteger(answer.id)) return; // a class server that stages nothing: not asked again
      if (answer.id !== staged) {
        staged = answer.id;
        if (typeof answer.link === "string" && answer.link && !left) toPython({ kind: "STAGE", link: answer.link });
      }
    } catch (error) {
      // out of reach: asked again (a report says so)
    }
    if (!left) stageTimer = setTimeout(followStage, RETRY_MS);
  }
  followStage();
  // The class's shared tables, asked for every few seconds; a class server without them is not asked again.
  let tablesTimer = null;
  let shownTables = "";
  async function followTables() {
    tablesTimer = null;
    try {
      const response = await fetch(`${place.address}/tables`, { cache: "no-store", credentials: "omit" });
      if (!response.ok) return;
      const links = tableLinks(place.address, place.name, await response.json());
      if (JSON.stringify(links) !== shownTables && !left) {
        shownTables = JSON.stringify(links);
        showTables(links);
      }
    } catch (error) {
      // out of reach: asked again
    }
    if (!left) tablesTimer = setTimeout(followTables, TABLES_MS);
  }
  followTables();
  function leave() {
    left = true;
    if (stageTimer) clearTimeout(stageTimer);
    if (tablesTimer) clearTimeout(tablesTimer);
    showTables([]);
  }
  return { join, report, leave, code: where.pathname.split("/")[2] };
}

// The class a tab joined, kept for its lesson pages (sessionStorage: this tab only, gone when it closes).
const KEPT_CLASS = "baccarat-lessons-class";
export function keepClass(place) {
  try {
    sessionStorage.setItem(KEPT_CLASS, JSON.stringify(place));
  } catch (error) { /* storage off: the lessons' answers stay in the page */ }
}
// The class a lesson page sends its answers to: its own address's `?class=…&name=…`, else the one this tab
// joined on the tables' page; each checked again as the form checks it. Null when there is none.
export function lessonClass(search) {
  const link = classLink(search);
  let given = link;
  if (!given) {
    try {
      given = JSON.parse(sessionStorage.getItem(KEPT_CLASS) || "null");
    } catch (error) {
      given = null;
    }
  }
  if (!given || typeof given !== "object") return null;
  const address = joinAddress(given.text ?? given.address);
  const name = displayName(given.name);
  return address && name ? { address, name } : null;
}

// A lesson page's answers (issue 32): each answer the lesson's Python could read goes to the class too, from
// a ticket that only answers (joined with no game), one at a time; `told(text, tone)` hears how each went.
export function answeringClass(place) {
  const code = new URL(place.address).pathname.split("/")[2];
  let token = null;
  let queue = Promise.resolve();
  async function deliver(exercise, answer, told) {
    try {
      if (!token) {
        const joined = await post(`${place.address}/join`, { name: place.name, variant: null });
        if (!joined.ok) throw new Error(joined.answer.said);
        token = joined.answer.token;
      }
      const taken = await post(`${place.address}/answer`, { token, exercise, answer });
      if (!taken.ok) throw new Error(taken.answer.said);
      told(`Sent to class ${code}.`, "done");
    } catch (error) {
      told(error instanceof TypeError ? `The class server is out of reach, so this answer did not reach class ${code}.`
        : `The class did not take this answer: ${error.message}`, "refused");
    }
  }
  return {
    code,
    send(exercise, answer, told) {
      queue = queue.then(() => deliver(exercise, answer, told));
    },
  };
}
