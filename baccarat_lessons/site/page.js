// The browser edition's page: the tables drawn by the same module as the server's, Python in a worker.
//
// The first table is drawn at once from the state written into the page when the site was built (the
// same presentation, made by the same Python); the worker's own state replaces it when Python is up.
// A click made before then is kept and sent once Python is ready, and the table says so. Python, the
// model object the table surfaces draw from, and the browser's store are python.js's.

const config = JSON.parse(document.getElementById("site-config").textContent);
const early = []; // what Python says before the page below is ready to hear it
let hear = (message) => early.push(message);
const { startPython, PostedModel, tableModel, projectorToggle } = await import(config.python);
// Python starts first: the worker loads while the page's other modules are read.
const python = startPython(config, "tables", (message) => hear(message), {
  failed: (text) => say(`The app could not start Python in this page: ${text} Reload the page to try again.`, "refused"),
});
const { render } = (await import(config.surface)).default;
const { stepGuide, element } = await import(config.guide);
const { tableHeard } = await import(config.tables);
const { ADDRESS_PROBLEM, NAME_PROBLEM, classLink, displayName, joinAddress, joinedClass, keepClass } = await import(config.class);

const toPython = (message) => python.send(message);

const pages = new Map(); // variant -> {model, place (its section), guided}
const appMessage = document.getElementById("app-message");
const classLine = document.getElementById("class-status");
let shown = null; // the variant shown
// A class joined by the page's address or the "Join a class" form (class.js): each table shown joins it
// and reports its coups. A bad address or name is one sentence (`after` says what follows), and false.
let inClass = null;
function joinClass(text, typedName, after) {
  const address = joinAddress(text);
  const name = displayName(typedName);
  if (!address || !name) {
    say(`${address ? NAME_PROBLEM : ADDRESS_PROBLEM}; ${after}.`, "refused");
    return false;
  }
  if (inClass) inClass.leave();
  keepClass({ address, name }); // the lesson pages opened from this tab send their answers to it
  inClass = joinedClass({ address, name }, toPython, (said, tone) => {
    classLine.textContent = said;
    classLine.className = `bl-class-status bl-message-${tone}`;
  }, drawTables);
  return true;
}
// The class's shared tables with a free seat: links that open each table's page (the class server's) in a new
// tab, under the class's line, as the server edition's class line draws them (widgets/app/class_bar.js).
const tablesLine = element("p", { class: "bl-class-tables", hidden: "" });
classLine.after(tablesLine);
function drawTables(links) {
  tablesLine.replaceChildren();
  tablesLine.hidden = !links.length;
  if (!links.length) return;
  tablesLine.append("Sit down at your class's table: ");
  links.forEach((table, at) => {
    if (at) tablesLine.append(" · ");
    tablesLine.append(element("a", { href: table.link, target: "_blank", rel: "noopener" }, table.text));
  });
}
const link = classLink(location.search);
if (link) joinClass(link.text, link.name, "the app plays on alone");
const classForm = document.querySelector(".bl-class-form");
classForm.addEventListener("submit", (event) => {
  event.preventDefault();
  if (!joinClass(classForm.elements.class.value, classForm.elements.name.value, "nothing was changed")) return;
  say(`Joining class ${inClass.code} as ${displayName(classForm.elements.name.value)}: the table shown starts a fresh `
    + "session dealt by the class.", "done");
  classForm.closest("details").open = false;
  if (shown) inClass.join(shown);
});

// A game's section, or null: a name from the address or the storage is checked against the games
// before it is put in a selector.
function section(variant) {
  return config.variants.includes(variant) ? document.querySelector(`.bl-page[data-variant="${variant}"]`) : null;
}

function open(variant) {
  if (pages.has(variant)) return pages.get(variant);
  const place = section(variant);
  const model = tableModel(python, config.first[variant], (content) => toPython({ kind: "MODEL", variant, content }));
  const page = { model, place, guided: false };
  pages.set(variant, page);
  toPython({ kind: "OPEN", variant }); // before the surface's own first messages
  render({ model, el: place.querySelector(".bls-host") });
  return page;
}

function show(variant) {
  if (!section(variant)) return;
  for (const place of document.querySelectorAll(".bl-page")) place.hidden = place.dataset.variant !== variant;
  for (const button of document.querySelectorAll(".bl-variant-selector button")) {
    button.setAttribute("aria-pressed", String(button.dataset.variant === variant));
  }
  guide(open(variant));
  shown = variant;
  if (inClass) inClass.join(variant); // once per class: the table starts its class session
}

// The guides' steps are data fetched once the first table is drawn (the table comes first); each
// page's guide is drawn when that page is first shown.
let guides = null;
const guidesLoaded = fetch(config.guides).then((response) => response.json()).then((data) => { guides = data; })
  .catch(() => {
    guides = {}; // each guide's place says so (the tables play on without it)
    for (const host of document.querySelectorAll(".bl-guide-host")) {
      host.replaceChildren(element("p", { class: "bl-note" }, "The illustrated guide could not be loaded; reload the page to try again."));
    }
  });
function guide(page) {
  const host = page.place.querySelector(".bl-guide-host");
  if (page.guided || !host) return;
  if (!guides) {
    guidesLoaded.then(() => guide(page));
    return;
  }
  const data = guides[page.place.dataset.variant];
  if (!data) return;
  page.guided = true;
  stepGuide(host, data, render, (state) => new PostedModel(state, () => {}));
}

function say(text, tone) {
  appMessage.textContent = text || "";
  appMessage.className = `bl-app-message bl-message-${tone || "info"}`;
}

function heard(message) {
  const page = pages.get(message.variant);
  const send = (content) => toPython({ ...content, variant: message.variant });
  if (page && tableHeard(page.place, page.model, message, send)) return;
  if (message.kind === "class-record" && inClass) inClass.report(message.variant, message.record);
  else if (message.kind === "show") show(message.variant);
  else if (message.kind === "app-message") say(message.text, message.tone);
}
hear = heard;
for (const message of early.splice(0)) heard(message);
for (const button of document.querySelectorAll(".bl-variant-selector button")) {
  button.addEventListener("click", () => show(button.dataset.variant));
}
projectorToggle();
// A staged link's game opens first, else the game this browser played last, as in the server edition
// (the worker then stages the link's coup, or confirms the game).
let last = null;
try { last = localStorage.getItem("baccarat-lessons:variant"); } catch (error) { /* storage off */ }
const asked = new URLSearchParams(location.search).get("variant");
show([asked, last].find((variant) => variant && section(variant)) || config.variants[0]);
