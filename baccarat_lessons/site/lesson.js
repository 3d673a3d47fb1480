// A lesson's page in the browser edition: its text, tables and charts as the executed lesson showed them
// (written when the site was built, site/lessons.py), and its live parts run by the page's Python.
//
// - A table is drawn by the surface module from a PostedModel (python.js), as on the app's page.
// - An exercise, an explorer or the drill is a form (widgets/posted_parts.py wrote it): its answers go to
//   Python as {kind: "PART", part, action, fields}, each list's choice and each radio's as its position,
//   each box's text as text; Python sends back new contents for the form's places (data-slot).
// - A guide is stepped from the steps it showed (guide.js), as on the app's page.
// - "Present as slides" shows the lesson a slide at a time, from each cell's slide type.
// An answer given before Python is ready is kept, and sent once it is.

const config = JSON.parse(document.getElementById("site-config").textContent);
const early = [];
let hear = (message) => early.push(message);
const { startPython, PostedModel, tableModel, projectorToggle } = await import(config.python);
const python = startPython(config, "lesson", (message) => hear(message), {
  failed: (text) => say(`The lesson's exercises could not start Python in this page: ${text} Reload the page to try again.`, "refused"),
});
const { render } = (await import(config.surface)).default;
const { stepGuide } = await import(config.guide);
const { tableHeard } = await import(config.tables);
const { answeringClass, lessonClass } = await import(config.class);

const KEPT = "Your answer is kept: it is checked as soon as Python is ready.";
const message = document.getElementById("lesson-message");
function say(text, tone) {
  message.textContent = text || "";
  message.className = `bl-app-message bl-message-${tone || "info"}`;
}

// A class (issue 32): the page's `?class=…&name=…`, or the class this tab joined on the tables' page, is sent
// each answer the lesson's Python could read (class.js), besides the check here.
const joined = lessonClass(location.search);
const answering = joined && answeringClass(joined);
if (answering) say(`Your answers to this lesson's exercises go to class ${answering.code} as ${joined.name}, as well as being checked here.`, "done");

const places = new Map(); // part id -> its element
const models = new Map(); // a table's part id -> its model
for (const place of document.querySelectorAll("[data-part]")) places.set(place.dataset.part, place);

// Tables: drawn at once from the build's first state; Python's state replaces it.
for (const [part, first] of Object.entries(config.first)) {
  models.set(part, tableModel(python, first, (content) => python.send({ kind: "MODEL", part, content })));
}
for (const [part, recipe] of Object.entries(config.recipes)) python.send({ kind: "OPEN", part, recipe });
for (const [part, model] of models) render({ model, el: places.get(part).querySelector(".bls-host") });

// Guides: stepped from their data; a felt's model sends nothing anywhere.
const quietModel = (state) => new PostedModel(state, () => {});
for (const [part, data] of Object.entries(config.guides)) {
  stepGuide(places.get(part).querySelector(".bl-guide-host"), data, render, quietModel);
}

// Forms: what a form holds, read the same way for every part.
function fields(form) {
  const held = {};
  for (const control of form.querySelectorAll("input[name], select[name]")) {
    if (control.type === "radio") {
      if (control.checked) held[control.name] = Number(control.value);
    } else if (control.tagName === "SELECT") held[control.name] = control.selectedIndex;
    else held[control.name] = control.value;
  }
  return held;
}
function answer(form, action) {
  if (!python.ready) slot(form, "said", KEPT, "info");
  python.send({ kind: "PART", part: form.dataset.part, action, fields: fields(form) });
}
function slot(form, name, text, tone) {
  const place = form.querySelector(`[data-slot="${name}"]`);
  if (!place) return;
  place.textContent = text || "";
  place.className = `bl-slot-${name} bl-message-${tone || "info"}`;
}
for (const form of document.querySelectorAll("form[data-part]")) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const button = event.submitter;
    answer(form, button && button.name === "action" ? button.value : "check");
  });
  for (const control of form.querySelectorAll("[data-live]")) {
    control.addEventListener("change", () => answer(form, "change"));
  }
}

function heard(said) {
  const place = places.get(said.part);
  if (said.kind === "lesson-message") return say(said.text, said.tone);
  if (!place) return;
  if (said.kind === "class-answer") {
    if (answering) answering.send(said.exercise, said.answer, (text, tone) => slot(place, "said", text, tone));
    return;
  }
  if (models.has(said.part)) {
    tableHeard(place, models.get(said.part), said, (content) => python.send({ ...content, part: said.part }));
  } else if (said.kind === "slots") {
    for (const [name, html] of Object.entries(said.slots)) {
      const target = place.querySelector(`[data-slot="${name}"]`);
      if (target) target.innerHTML = html; // written by the lesson's Python, every text escaped there
    }
    for (const name of said.clear || []) {
      const box = place.querySelector(`input[name="${name}"]`);
      if (box) box.value = "";
    }
    place.dataset.answered = "true";
  } else if (said.kind === "said") slot(place, "said", said.text, said.tone);
  else if (said.kind === "guide") {
    stepGuide(place.querySelector('[data-slot="guide"]'), said.data, render, quietModel);
  }
}
hear = heard;
for (const said of early.splice(0)) heard(said);

projectorToggle();

// Slides: a slide or subslide cell starts a slide; a fragment appears at the next press; a notes cell is
// the teacher's, shown with T; skipped cells are not presented. → Space PageDown go on, ← PageUp
// Shift+Space go back, Home goes to the first slide, T shows or hides the notes, Escape leaves: the keys
// of the notebooks' slides (RISE), which the lessons' words name.
const cells = [...document.querySelectorAll(".bl-cell")];
const slides = []; // each: {steps: [[cell, ...], ...], notes: [cell, ...]}
for (const cell of cells) {
  const kind = cell.dataset.slide;
  if (kind === "skip") continue;
  if (!slides.length || kind === "slide" || kind === "subslide") slides.push({ steps: [[]], notes: [] });
  const slide = slides[slides.length - 1];
  if (kind === "notes") { slide.notes.push(cell); continue; }
  if (kind === "fragment") slide.steps.push([]);
  slide.steps[slide.steps.length - 1].push(cell);
}
let at = 0, step = 0, notes = false;
const counter = document.querySelector(".bl-slide-count");
function present() {
  for (const cell of cells) cell.classList.remove("bl-on-slide");
  const shown = slides[at].steps.slice(0, step + 1).flat().concat(notes ? slides[at].notes : []);
  shown.forEach((cell) => cell.classList.add("bl-on-slide"));
  counter.textContent = `${at + 1} / ${slides.length}`;
  window.scrollTo(0, 0);
}
function go(forward) {
  if (forward) {
    if (step + 1 < slides[at].steps.length) step += 1;
    else if (at + 1 < slides.length) { at += 1; step = 0; }
  } else if (step > 0) step -= 1;
  else if (at > 0) { at -= 1; step = slides[at].steps.length - 1; }
  present();
}
const presentButton = document.querySelector(".bl-present-toggle");
function presenting(on) {
  document.body.classList.toggle("bl-presenting", on);
  presentButton.setAttribute("aria-pressed", String(on));
  if (on) present();
}
presentButton.addEventListener("click", () => presenting(!document.body.classList.contains("bl-presenting")));
document.querySelector(".bl-slide-back").addEventListener("click", () => go(false));
document.querySelector(".bl-slide-next").addEventListener("click", () => go(true));
document.addEventListener("keydown", (event) => {
  if (!document.body.classList.contains("bl-presenting")) return;
  if (event.target.closest && event.target.closest("input, select, textarea")) return; // typing an answer
  const back = event.key === " " && event.shiftKey; // Shift + Space goes back, as in the notebooks' slides
  if (!back && ["ArrowRight", "PageDown", " "].includes(event.key)) { event.preventDefault(); go(true); }
  else if (back || ["ArrowLeft", "PageUp"].includes(event.key)) { event.preventDefault(); go(false); }
  else if (event.key === "Home") { event.preventDefault(); at = 0; step = 0; present(); }
  else if (event.key === "t" || event.key === "T") { notes = !notes; present(); }
  else if (event.key === "Escape") presenting(false);
});
if (new URLSearchParams(location.search).has("slides")) presenting(true);
