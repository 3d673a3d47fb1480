// The app's class line (ClassBar in joined_class.py): a folded "Join a class" form and the class's status.
// The form sends what was typed; the kernel checks it and joins the class itself, so the seed and the
// ticket it is given never reach this page. Every word the kernel says comes from the model.

function field(labelText, input) {
  const label = document.createElement("label");
  label.className = "bl-class-field";
  const words = document.createElement("span");
  words.textContent = labelText;
  label.append(words, input);
  return label;
}

function input(name, attributes) {
  const box = document.createElement("input");
  box.name = name;
  for (const [key, value] of Object.entries(attributes)) box.setAttribute(key, value);
  return box;
}

// The class's shared tables with a free seat, each a link that opens its page (the class server's) in a new tab;
// the kernel made the links (classroom/client.py's table_links), the browser edition's class.js the same way.
function drawTables(place, links) {
  place.replaceChildren();
  place.hidden = !links.length;
  if (!links.length) return;
  place.append(document.createTextNode("Sit down at your class's table: "));
  links.forEach((table, at) => {
    const link = document.createElement("a");
    link.href = table.link;
    link.target = "_blank";
    link.rel = "noopener";
    link.textContent = table.text;
    place.append(...(at ? [document.createTextNode(" · "), link] : [link]));
  });
}

function render({ model, el }) {
  const bar = document.createElement("div");
  bar.className = "bl-class-bar";
  const details = document.createElement("details");
  details.className = "bl-class-join";
  const summary = document.createElement("summary");
  summary.textContent = "Join a class";
  const form = document.createElement("form");
  form.className = "bl-class-form";
  form.noValidate = true; // the kernel says what is wrong, in the app's words
  const address = input("class", { type: "url", inputmode: "url", autocomplete: "off", spellcheck: "false",
    placeholder: "http://…/class/0A1B2C", maxlength: "500" });
  const name = input("name", { type: "text", autocomplete: "nickname", maxlength: "40", placeholder: "Ann" });
  const join = document.createElement("button");
  join.type = "submit";
  join.textContent = "Join";
  form.append(field("Class address", address), field("Your display name", name), join);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    model.send({ kind: "JOIN", address: address.value, name: name.value });
  });
  details.append(summary, form);
  const status = document.createElement("p");
  status.className = "bl-class-status";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  const tables = document.createElement("p");
  tables.className = "bl-class-tables";
  bar.append(details, status, tables);
  el.appendChild(bar);

  const draw = () => {
    const said = model.get("status") || {};
    status.textContent = said.text || "";
    status.className = `bl-class-status bl-message-${said.tone || "info"}`;
    drawTables(tables, model.get("tables") || []);
  };
  model.on("change:status", draw);
  model.on("change:tables", draw);
  model.on("msg:custom", (message) => {
    if (message && message.kind === "joined") details.open = false; // joined: the form folds away
  });
  draw();
}

export default { render };
