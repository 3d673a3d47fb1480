// A class (issue 32): the page's address `?class=<join address>&name=<display name>` joins each table the
// visitor opens to the class server at that address (baccarat_lessons/classroom/server.py).
//
// Joining gives the table a token and its shoe's root seed: the page hands the seed to Python, which
// starts a session dealt from it (PostedTable.join_class), so the class server can replay every coup.
// After each coup shown Python posts the session's record; the page reports it with the token. Only the
// newest record is ever needed (it holds the whole session): one that could not be sent is kept and
// sent again with the next, or after a pause, and the server counts each coup once.

const JOIN_ADDRESS = /^\/class\/[0-9A-F]{6}\/?$/;
const RETRY_MS = 3000;

// The class's address from the page's query, or null: only an http(s) address of a class's join path.
export function classAddress(search) {
  const query = new URLSearchParams(search);
  const text = query.get("class");
  if (!text) return null;
  try {
    const url = new URL(text);
    if (!/^https?:$/.test(url.protocol) || !JOIN_ADDRESS.test(url.pathname) || url.search || url.hash) return null;
    return { address: url.href.replace(/\/$/, ""), name: (query.get("name") || "").slice(0, 40) };
  } catch (error) {
    return null;
  }
}

async function post(address, body) {
  const response = await fetch(address, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body), cache: "no-store", credentials: "omit" });
  const answer = await response.json().catch(() => ({ said: "The class server's answer could not be read." }));
  return { ok: response.ok, answer };
}

// `toPython(message)` reaches the worker; `say(text, tone)` writes the class's line on the page.
export function joinedClass(place, toPython, say) {
  const tickets = new Map(); // variant -> {token, counted, pending, sending}
  const where = new URL(place.address);
  function tell(ticket) {
    say(`In class ${where.pathname.split("/")[2]} (${where.host}) as ${place.name}: ${ticket.counted} coup${ticket.counted === 1 ? "" : "s"} counted.`, "done");
  }
  async function join(variant) {
    if (tickets.has(variant)) return;
    const ticket = { token: null, counted: 0, pending: null, sending: false };
    tickets.set(variant, ticket);
    try {
      const { ok, answer } = await post(`${place.address}/join`, { name: place.name, variant });
      if (!ok) throw new Error(answer.said);
      ticket.token = answer.token;
      toPython({ kind: "CLASS", variant, seed: answer.seed });
      tell(ticket);
    } catch (error) {
      tickets.delete(variant);
      say(`This table could not join the class: ${error.message} It plays on its own.`, "refused");
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
  return { join, report };
}
