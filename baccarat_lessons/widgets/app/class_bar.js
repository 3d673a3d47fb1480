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
  bar.append(details, status);
  el.appendChild(bar);

  const draw = () => {
    const said = model.get("status") || {};
    status.textContent = said.text || "";
    status.className = `bl-class-status bl-message-${said.tone || "info"}`;
  };
  model.on("change:status", draw);
  model.on("msg:custom", (message) => {
    if (message && message.kind === "joined") details.open = false; // joined: the form folds away
  });
  draw();
}

export default { render };
