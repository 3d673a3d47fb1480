// A class's shared table in the page: the same table surface as every other edition, driven by the class
// server's connection (class_tables/handlers.py) instead of a kernel's comm or a worker's Python.
//
// The page sits down with the student's name (the address's ?name= or the form), or watches with ?watch
// (the projector's onlooker view). The server answers with the seat and a ticket, kept in this tab's
// sessionStorage: a reload, or the page after a lost connection, takes the same seat back with it (the
// server holds a seat a while: `--hold-seconds`, two minutes by default). Then every message is the seat's
// page state, drawn as the browser edition draws its worker's (tables.js), and every click goes back on the
// connection.
const config = JSON.parse(document.getElementById("table-config").textContent);
const files = config.files;
const { PostedModel } = await import(`${files}python.js`);
const { render } = (await import(`${files}surface.js`)).default;
const { tableHeard } = await import(`${files}tables.js`);

const place = document.querySelector(".bl-app"); // holds the table's frame: surface, records, error log
const status = document.getElementById("table-status");
const form = document.querySelector(".bl-sit-form");
const query = new URLSearchParams(location.search);
const watching = query.has("watch");
const kept = `baccarat-lessons:table:${config.code}:${config.table}`;
let name = query.get("name") || "";
let model = null;
let socket = null;
let waitMs = 500; // the wait before connecting again, doubled up to 5 s
let closed = false; // the teacher closed the table: nothing to connect to again

function say(text, tone) {
  status.textContent = text;
  status.className = `bl-class-status bl-message-${tone || "info"}`;
}
function ticket() {
  try { return sessionStorage.getItem(kept); } catch (error) { return null; }
}
function keepTicket(value) {
  try { sessionStorage.setItem(kept, value); } catch (error) { /* storage off: a reload sits anew */ }
}

function send(content) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(content));
  else say(closed ? "The teacher closed this table." : "Not connected to the class server: your click was not sent. "
    + "Connecting again…", "refused");
}

function heard(message) {
  if (message.kind === "seated") {
    keepTicket(message.ticket);
    waitMs = 500;
    say(`You sit at the table as ${message.name}. The table waits for each seat's decision.`, "done");
  } else if (message.kind === "refused") {
    say(message.text, "refused");
    if (!model && !watching) form.hidden = false;
  } else if (message.kind === "closed") {
    closed = true;
    say(message.text, "info");
  } else if (message.kind === "state" && !model) {
    model = new PostedModel(message.changes, send);
    place.dataset.live = "true";
    render({ model, el: place.querySelector(".bls-host") });
  } else if (model) {
    tableHeard(place, model, message, send);
  }
}

function connect() {
  const address = new URL(config.socket, location.href);
  address.protocol = address.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(address);
  socket.onopen = () => {
    socket.send(JSON.stringify(watching ? { kind: "WATCH" } : { kind: "SIT", name, ticket: ticket() }));
    if (watching) say("Watching the table: what every seat may know, and nothing else.", "done");
  };
  socket.onmessage = (event) => heard(JSON.parse(event.data));
  socket.onclose = () => {
    socket = null;
    if (closed || (!model && !watching && !ticket())) return;
    say(watching ? "The connection to the class server was lost: connecting again…"
      : "The connection to the class server was lost: connecting again… Your seat is held while you are away.", "refused");
    setTimeout(connect, waitMs);
    waitMs = Math.min(5000, waitMs * 2);
  };
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  name = form.elements.name.value.trim();
  if (!name) return say("Give a display name: a few letters the class will see.", "refused");
  form.hidden = true;
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ kind: "SIT", name, ticket: ticket() }));
  else connect();
});
if (watching || name || ticket()) connect();
else {
  form.hidden = false;
  say("Give your display name to sit down at this table.", "info");
}
