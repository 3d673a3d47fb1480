// The teacher's page of a class. What does not change (the exact chances, lesson 09's curve, the exercises) is
// read once from teacher/course.json; the pool is read again every second from teacher/pool.json, and each read
// redraws the page from it: the page holds no state of its own beyond the last pool and what the teacher is
// typing. The teacher's actions (ask, reveal, stage) post to the server and draw the pool it answers with, or
// show its one sentence. The class's shared tables are read every second from teacher/tables.json, and opened
// and closed the same way. Every text is set as text: a student's name or answer is never read as HTML.
(function () {
  "use strict";
  const key = new URLSearchParams(location.search).get("key") || "";
  const base = location.pathname.replace(/\/teacher$/, "/teacher/");
  const classBase = location.origin + location.pathname.replace(/\/teacher$/, "/");
  const query = "?key=" + encodeURIComponent(key);
  const SVG = "http://www.w3.org/2000/svg";
  const RESULTS = ["banker", "player", "tie"];
  const NAMES = { banker: "Banker", player: "Player", tie: "Tie" };
  const UNREACHABLE = "The class server could not be reached; nothing was changed.";
  const $ = (id) => document.getElementById(id);

  // ---- numbers as the page writes them ---------------------------------------------------------------------
  const percent = (share, places) => (100 * share).toFixed(places) + "%";
  function chips(hundredths) {
    const text = Math.abs(hundredths / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return hundredths < 0 ? "−" + text : text;
  }
  const plural = (count, one, many) => count.toLocaleString("en-US") + " " + (count === 1 ? one : many);

  // ---- DOM building --------------------------------------------------------------------------------------------
  function el(tag, attributes, text) {
    const node = document.createElement(tag);
    Object.entries(attributes || {}).forEach(([name, value]) => node.setAttribute(name, value));
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function svgEl(tag, attributes, text) {
    const node = document.createElementNS(SVG, tag);
    Object.entries(attributes || {}).forEach(([name, value]) => node.setAttribute(name, String(value)));
    if (text !== undefined) node.textContent = text;
    return node;
  }
  const remPixels = () => parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;

  // A chart's frame: an SVG as wide as its box (so its text keeps the page's size), the plot area inside margins
  // that fit the tick labels, scales from data to pixels, grid lines and labelled axes.
  function frame(box, spec) {
    const rem = remPixels();
    const width = Math.max(240, box.clientWidth || 600);
    const height = Math.round(Math.max(11 * rem, Math.min(width * 0.55, window.innerHeight * 0.45)));
    const margin = { left: 3.4 * rem, right: (spec.right || 1) * rem, top: 0.8 * rem, bottom: 2.6 * rem };
    const plot = { left: margin.left, right: width - margin.right, top: margin.top, bottom: height - margin.bottom };
    const x = (value) => plot.left + (value - spec.x[0]) / (spec.x[1] - spec.x[0]) * (plot.right - plot.left);
    const y = (value) => plot.bottom - (value - spec.y[0]) / (spec.y[1] - spec.y[0]) * (plot.bottom - plot.top);
    const svg = svgEl("svg", { width, height, viewBox: `0 0 ${width} ${height}`, "aria-hidden": "true" });
    spec.yTicks.forEach((tick) => {
      svg.append(svgEl("line", { class: "grid", x1: plot.left, x2: plot.right, y1: y(tick), y2: y(tick) }),
        svgEl("text", { x: plot.left - 0.3 * rem, y: y(tick) + 0.28 * rem, "text-anchor": "end" }, spec.yLabel(tick)));
    });
    spec.xTicks.forEach((tick) => {
      svg.append(svgEl("text", { x: x(tick), y: plot.bottom + 1.0 * rem, "text-anchor": "middle" }, spec.xLabel(tick)));
    });
    svg.append(svgEl("line", { class: "axis", x1: plot.left, x2: plot.right, y1: plot.bottom, y2: plot.bottom }),
      svgEl("line", { class: "axis", x1: plot.left, x2: plot.left, y1: plot.top, y2: plot.bottom }),
      svgEl("text", { x: (plot.left + plot.right) / 2, y: height - 0.25 * rem, "text-anchor": "middle" }, spec.xTitle));
    return { svg, x, y, plot, rem };
  }

  // Ticks at 1, 2 or 5 times a power of ten, about `count` of them from 0 to `top`.
  function ticks(top, count) {
    const raw = top / Math.max(1, count);
    const power = Math.pow(10, Math.floor(Math.log10(raw)));
    const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) || raw;
    const out = [];
    for (let tick = 0; tick <= top + 1e-9; tick += step) out.push(Math.round(tick / step) * step);
    return out;
  }

  const points = (pairs) => pairs.map(([px, py]) => px.toFixed(1) + "," + py.toFixed(1)).join(" ");

  // Labels at the right of a chart, pushed apart so that two close chances (Banker's and Player's) stay readable.
  function spreadApart(wanted, gap, top, bottom) {
    const order = wanted.map((y, index) => ({ y, index })).sort((a, b) => a.y - b.y);
    order.forEach((item, i) => { item.y = Math.max(item.y, top + gap * 0.7, i ? order[i - 1].y + gap : -Infinity); });
    for (let i = order.length - 1; i >= 0; i--) {
      order[i].y = Math.min(order[i].y, i === order.length - 1 ? bottom : order[i + 1].y - gap);
    }
    const placed = [];
    order.forEach((item) => { placed[item.index] = item.y; });
    return placed;
  }

  // ---- 1. the class's coups: the running shares beside the exact chances ----------------------------------------
  function drawPool(pool, exact) {
    const counted = pool.banker + pool.player + pool.tie;
    const counts = $("counts");
    counts.replaceChildren(...RESULTS.map((result) => {
      const tile = el("div", { class: result, "data-result": result });
      tile.append(el("span", {}, NAMES[result] + " "), el("b", { id: "count-" + result }, String(pool[result])),
        el("span", {}, counted ? " (" + percent(pool[result] / counted, 1) + ")" : ""));
      return tile;
    }));
    const running = pool.running || [];
    const shares = running.map(([coups, ...rest]) => rest.map((count) => count / coups));
    const highest = Math.max(0.5, ...RESULTS.map((result) => exact[result]), ...shares.flat());
    const top = Math.min(1, Math.ceil(highest * 10 + 0.5) / 10);
    const last = running.length ? running[running.length - 1][0] : 0;
    const xTop = Math.max(10, last);
    const chart = frame($("running-chart"), {
      x: [0, xTop], y: [0, top], right: 6.2, xTitle: "coups counted",
      xTicks: ticks(xTop, 5), xLabel: (tick) => tick.toLocaleString("en-US"),
      yTicks: ticks(top, 5), yLabel: (tick) => Math.round(tick * 100) + "%",
    });
    const { svg, x, y, plot, rem } = chart;
    const labelled = spreadApart(RESULTS.map((result) => y(exact[result])), 1.05 * rem, plot.top, plot.bottom);
    RESULTS.forEach((result, index) => {
      svg.append(svgEl("line", { class: "exact " + result, "data-result": result, x1: plot.left, x2: plot.right,
        y1: y(exact[result]), y2: y(exact[result]) }));
      svg.append(svgEl("text", { class: result, x: plot.right + 0.3 * rem, y: labelled[index] + 0.3 * rem },
        NAMES[result] + " " + percent(exact[result], 1)));
      if (running.length) {
        const line = running.map((point, at) => [x(point[0]), y(shares[at][index])]);
        svg.append(svgEl("polyline", { class: "series " + result, "data-result": result, points: points(line) }));
        const [endX, endY] = line[line.length - 1];
        svg.append(svgEl("circle", { class: "series " + result, cx: endX, cy: endY, r: 0.25 * rem }));
      }
    });
    $("running-chart").replaceChildren(svg);
    $("pool-sentence").textContent = counted ? poolSentence(pool, exact, counted)
      : "No Punto Banco or Mini coup has been counted yet; the dashed lines are where the shares will head.";
  }

  function poolSentence(pool, exact, counted) {
    const parts = RESULTS.map((result, index) => {
      const share = pool[result] / counted;
      const gap = Math.abs(100 * (share - exact[result])).toFixed(1);
      const side = Math.abs(share - exact[result]) < 0.0005 ? "right on" : gap + (share > exact[result] ? " points above" : " points below");
      const what = index === 0 ? NAMES[result] + " came up in " + percent(share, 1) + " of the " + plural(counted, "coup", "coups")
        : NAMES[result] + " in " + percent(share, 1);
      return what + ", " + side + " its exact " + percent(exact[result], 2);
    });
    // Two standard errors of Banker's share: Banker's and Player's shares stay within it in about 19 classes
    // out of 20 after this many coups (Tie's, whose standard error is smaller, stays closer still).
    const usual = 200 * Math.sqrt(exact.banker * (1 - exact.banker) / counted);
    return parts.join("; ") + " (after " + plural(counted, "coup", "coups") + " a share usually lies within about "
      + usual.toFixed(1) + " points of its chance).";
  }

  // ---- 2. the students' results beside the central limit theorem ----------------------------------------------
  const played = (pool) => pool.per_student.filter((student) => "expected" in student && student.coups > 0);
  const normal = (z) => Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI);
  const BIN = 0.5;
  const EDGE = 3.5; // bins from −3.5 to 3.5; a z beyond is counted in the outermost bin
  const LONG_SESSION = 30; // coups: the shortest session whose z the sentence sets beside the bell curve's 68%

  function drawResults(pool) {
    const students = played(pool);
    const expected = students.reduce((sum, student) => sum + student.expected, 0);
    const net = students.reduce((sum, student) => sum + student.net, 0);
    const spread = Math.sqrt(students.reduce((sum, student) => sum + student.sd * student.sd, 0));
    $("class-expected").textContent = chips(expected) + (spread ? " ± " + chips(spread) : "");
    $("class-net").textContent = chips(net);
    const scored = students.filter((student) => student.sd > 0);
    const zs = scored.map((student) => (student.net - student.expected) / student.sd);
    const bins = new Array(Math.round(2 * EDGE / BIN)).fill(0);
    zs.forEach((z) => { bins[Math.min(bins.length - 1, Math.max(0, Math.floor((z + EDGE) / BIN)))] += 1; });
    const peak = zs.length * BIN * normal(0);
    const top = Math.max(1, ...bins, peak) * 1.1;
    const chart = frame($("z-histogram"), {
      x: [-EDGE, EDGE], y: [0, top], xTitle: "z: spreads from the student's expected result",
      xTicks: [-3, -2, -1, 0, 1, 2, 3], xLabel: (tick) => (tick < 0 ? "−" + -tick : String(tick)),
      yTicks: ticks(top, 4).filter((tick) => Number.isInteger(tick)), yLabel: String,
    });
    const { svg, x, y } = chart;
    svg.dataset.students = String(zs.length);
    bins.forEach((count, index) => {
      const left = -EDGE + index * BIN;
      if (count) {
        svg.append(svgEl("rect", { class: "bin", "data-count": count, x: x(left) + 1, y: y(count),
          width: Math.max(1, x(left + BIN) - x(left) - 2), height: y(0) - y(count) }));
      }
    });
    if (zs.length) {
      const curve = [];
      for (let z = -EDGE; z <= EDGE + 1e-9; z += 0.05) curve.push([x(z), y(zs.length * BIN * normal(z))]);
      svg.append(svgEl("polyline", { class: "curve", points: points(curve) }));
    }
    $("z-histogram").replaceChildren(svg);
    // The bell curve's 68% within one spread is a sum of many coups: for a session of a few coups it can be far
    // off (a single Banker coup is within one spread 9.5% of the time), so only sessions of 30 coups or more count.
    const long = scored.filter((student) => student.coups >= LONG_SESSION)
      .map((student) => (student.net - student.expected) / student.sd);
    const within = long.filter((z) => Math.abs(z) <= 1).length;
    const totals = "the class expected " + chips(expected) + " chips and has " + chips(net) + ".";
    $("z-sentence").textContent = !zs.length ? "No Punto Banco or Mini student has a bet counted yet."
      : long.length ? "Of the " + plural(long.length, "student", "students") + " with " + LONG_SESSION + " coups or more, "
        + within + (within === 1 ? " is" : " are") + " within one spread of their expected result (the bell curve says"
        + " about 68%); " + totals
      : "No student has " + LONG_SESSION + " coups yet, which the bell curve needs to be a fair guide; " + totals;
  }

  // ---- 3. the share ahead beside lesson 09's exact curve ---------------------------------------------------------
  function median(values) {
    const sorted = values.slice().sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }

  function drawAhead(pool, ahead) {
    const students = played(pool);
    const aheadCount = students.filter((student) => student.net > 0).length;
    const coups = students.length ? Math.max(1, Math.round(median(students.map((student) => student.coups)))) : 0;
    const reach = ahead.length;
    const at = Math.min(coups, reach);
    const curveValue = at ? ahead[at - 1] : 0;
    const share = students.length ? aheadCount / students.length : 0;
    if (students.length) {
      $("ahead-summary").textContent = aheadCount + " of " + plural(students.length, "student is", "students are")
        + " ahead (" + percent(share, 0) + ") after a median of " + plural(coups, "coup", "coups") + "; lesson 09's curve gives "
        + percent(curveValue, 1) + (coups > reach ? " at " + reach.toLocaleString("en-US") + " coups, where it ends." : " there.");
    } else {
      $("ahead-summary").textContent = "No Punto Banco or Mini student has played a coup yet.";
    }
    if (!reach) return;
    const span = [25, 50, 100, 200, 400, 800].find((n) => n >= 2 * at) || reach;
    const top = share > 0.6 ? 1 : 0.6;
    const chart = frame($("ahead-chart"), {
      x: [0, span], y: [0, top], xTitle: "coups played", xTicks: ticks(span, 5), xLabel: (tick) => tick.toLocaleString("en-US"),
      yTicks: ticks(top, 5), yLabel: (tick) => Math.round(tick * 100) + "%",
    });
    const { svg, x, y, plot, rem } = chart;
    const line = ahead.slice(0, span).map((chance, index) => [x(index + 1), y(chance)]);
    svg.append(svgEl("polyline", { class: "ahead-curve", points: points(line) }));
    if (students.length) {
      svg.append(svgEl("line", { class: "median", x1: x(at), x2: x(at), y1: plot.top, y2: plot.bottom }),
        svgEl("circle", { class: "curve-mark", cx: x(at), cy: y(curveValue), r: 0.3 * rem }),
        svgEl("circle", { class: "class-mark", "data-share": share, cx: x(at), cy: y(share), r: 0.42 * rem }));
      const right = x(at) < (plot.left + plot.right) / 2;
      svg.append(svgEl("text", { x: x(at) + (right ? 0.7 : -0.7) * rem, y: Math.max(plot.top + rem, y(share) - 0.6 * rem),
        "text-anchor": right ? "start" : "end" }, "the class: " + percent(share, 0)));
    }
    $("ahead-chart").replaceChildren(svg);
  }

  // ---- 4. seat-banked games ------------------------------------------------------------------------------------
  function drawSeatBanked(pool, games) {
    const variants = Object.keys(pool.seat_banked || {});
    $("seat-banked-section").hidden = !variants.length;
    $("seat-banked").replaceChildren(...variants.map((variant) => {
      const game = pool.seat_banked[variant];
      const table = el("table", { "data-variant": variant });
      table.append(el("caption", {}, games[variant] || variant));
      const body = el("tbody");
      const rows = [
        ["Coups", plural(game.coups, "coup", "coups")],
        ["Banker won", String(game.banker)],
        [variant === "chemin-de-fer" ? "Player won" : "Players won", String(game.player)],
        ["Tie", String(game.tie)],
        ["Students holding the bank", plural(game.as_bank.coups, "coup", "coups") + ", net " + chips(game.as_bank.net) + " chips"],
        ["Students punting", plural(game.as_punter.coups, "coup", "coups") + ", net " + chips(game.as_punter.net) + " chips"],
      ];
      rows.forEach(([label, value]) => {
        const row = el("tr");
        row.append(el("th", { scope: "row" }, label), el("td", { class: "n" }, value));
        body.append(row);
      });
      table.append(body);
      const wrap = el("div", { class: "wide" });
      wrap.append(table);
      return wrap;
    }));
  }

  // ---- 5. class answers ------------------------------------------------------------------------------------------
  function fillExercises(exercises) {
    const select = $("exercise");
    const groups = new Map();
    exercises.forEach((exercise) => {
      if (!groups.has(exercise.lesson)) groups.set(exercise.lesson, el("optgroup", { label: exercise.lesson }));
      groups.get(exercise.lesson).append(el("option", { value: exercise.id }, exercise.prompt));
    });
    select.replaceChildren(el("option", { value: "" }, "None"), ...groups.values());
  }

  function drawAnswers(answers, ui) {
    const select = $("exercise");
    if (!ui.pending && document.activeElement !== select && select.options.length > 1) select.value = answers.exercise || "";
    const asked = answers.exercise !== null;
    $("reveal").disabled = !asked || answers.revealed;
    $("reveal").textContent = asked && answers.revealed ? "Answer shown" : "Show the answer";
    $("answer-prompt").textContent = asked ? answers.prompt : "No exercise is on the students' screens.";
    $("answer-count").textContent = asked ? plural(answers.answered, "answer", "answers") + " so far." : "";
    const given = asked ? answers.given : [];
    const most = Math.max(1, ...given.map((item) => item.count));
    $("answer-bars").replaceChildren(...given.map((item) => {
      const row = el("li");
      if (answers.revealed) {
        row.className = item.right ? "right" : "wrong";
        row.dataset.right = String(item.right);
      }
      const track = el("div", { class: "track" });
      const fill = el("div", { class: "fill" });
      fill.style.width = (100 * item.count / most) + "%";
      track.append(fill);
      row.append(el("span", { class: "answer" }, item.answer), track, el("span", { class: "count" }, String(item.count)));
      return row;
    }));
    $("right-answer").textContent = asked && answers.revealed ? "The answer: " + answers.right_answer : "";
  }

  // ---- 6. one coup for everyone ----------------------------------------------------------------------------------
  function drawStage(stage) {
    $("stage-status").textContent = stage.link
      ? "Coup " + stage.id + " staged for everyone: " + stage.link
      : "Nothing is staged: every table deals from its own shoe.";
  }

  // ---- 7. tables for the class ----------------------------------------------------------------------------------
  const SEAT_STATES = { student: "student", away: "student, away (seat held)", free: "free student seat", bot: "bot" };
  const tableAddress = (id) => new URL("table/" + encodeURIComponent(id), classBase).href;
  // A card is built once per table and only its changing part is drawn again when the table changed: drawing
  // the whole list every second would take the teacher's selection off a link, and the focus off a button.
  const cards = new Map(); // table id -> { card, live, text }: its element, its changing part, the summary drawn there

  function waitsFor(table) {
    if (table.over) return table.over;
    if (!table.seats.some((seat) => seat.state === "student" || seat.state === "away")) {
      return "Waits for a student to sit down.";
    }
    return table.waits_for ? "Waits for " + table.waits_for + "'s decision." : "No decision is awaited.";
  }

  function seatsTable(seats) {
    const head = el("tr");
    head.append(...["Seat", "Name", "State"].map((title) => el("th", { scope: "col" }, title)),
      el("th", { scope: "col", class: "n" }, "Chips"));
    const thead = el("thead");
    thead.append(head);
    const rows = el("tbody");
    rows.append(...seats.map((seat) => {
      const row = el("tr", { "data-state": seat.state });
      row.append(el("td", { class: "n" }, String(seat.seat + 1)), el("td", {}, seat.name),
        el("td", { class: "state" }, SEAT_STATES[seat.state] || seat.state),
        el("td", { class: "n" }, chips(seat.balance)));
      return row;
    }));
    const table = el("table", { class: "seats" });
    table.append(thead, rows);
    const wrap = el("div", { class: "wide" });
    wrap.append(table);
    return wrap;
  }

  function tableLive(table) {
    const pace = plural(table.coups, "coup", "coups") + " played · " + table.seconds + " seconds a decision";
    return [el("p", { class: "tell" }, pace), el("p", { class: "say waits" }, waitsFor(table)),
      seatsTable(table.seats)];
  }

  function tableCard(table) {
    const address = tableAddress(table.id);
    const card = el("article", { class: "shared-table", "data-table": table.id,
      "aria-label": table.name + " table " + table.id });
    const title = el("h3", {}, table.name + " ");
    title.append(el("span", { class: "id" }, "table " + table.id));
    const live = el("div", { class: "live" });
    const linkLine = el("p", {}, "Students' link: ");
    const link = el("a", { class: "student-link", href: address, target: "_blank", rel: "noopener" }, address);
    const copied = el("span", { class: "note copied", role: "status" });
    linkLine.append(link, " ", copied);
    const copy = el("button", { type: "button", class: "plain copy" }, "Copy the link");
    copy.addEventListener("click", () => copyLink(link, copied));
    const close = el("button", { type: "button", class: "plain close" }, "Close table");
    close.addEventListener("click", () => closeTable(table));
    const actions = el("div", { class: "row" });
    actions.append(copy, el("a", { class: "projector", href: address + "?watch", target: "_blank", rel: "noopener" },
      "Show on the projector"), close);
    card.append(title, live, linkLine, actions);
    return { card, live, text: "" };
  }

  // The clipboard is there on a secure page (https, or this computer's own address); elsewhere the link is
  // selected for the teacher to copy.
  function copyLink(link, copied) {
    const select = () => {
      const range = document.createRange();
      range.selectNodeContents(link);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      copied.textContent = "The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.";
    };
    if (!navigator.clipboard || !window.isSecureContext) return select();
    navigator.clipboard.writeText(link.href).then(() => { copied.textContent = "Copied."; }, select);
  }

  function drawTables(tables, served) {
    $("tables-section").hidden = !served;
    if (!served || tables === null) return;
    const shown = tables.map((table) => {
      if (!cards.has(table.id)) cards.set(table.id, tableCard(table));
      const shownCard = cards.get(table.id);
      const text = JSON.stringify(table);
      if (shownCard.text !== text) {
        shownCard.live.replaceChildren(...tableLive(table));
        shownCard.text = text;
      }
      return shownCard.card;
    });
    const ids = new Set(tables.map((table) => table.id));
    [...cards.keys()].filter((id) => !ids.has(id)).forEach((id) => cards.delete(id));
    const list = $("tables-list");
    const none = el("p", { class: "tell" }, "No table is open: open one above for the class.");
    const nodes = shown.length ? shown : [none];
    if (nodes.length !== list.children.length || nodes.some((node, at) => list.children[at] !== node)) {
      list.replaceChildren(...nodes);
    }
    // A link is this page's address: one only this computer reaches is no use to the students.
    $("tables-address").textContent = shown.length && /^(127\.|localhost$|\[::1\]$)/.test(location.hostname)
      ? "These links start with " + location.host + ", which only this computer reaches: open the teacher's page at "
        + "the address the students' computers reach, and the links follow it." : "";
  }

  // ---- the rest: counts, students, refusals --------------------------------------------------------------------
  function drawTotals(pool, games) {
    $("coups").textContent = pool.coups.toLocaleString("en-US");
    $("students").textContent = plural(pool.students, "table", "tables");
    $("refused").textContent = pool.refused.toLocaleString("en-US");
    $("students-table").replaceChildren(...pool.per_student.map((student) => {
      const row = el("tr");
      row.append(el("td", {}, student.name), el("td", {}, games[student.variant] || student.variant),
        el("td", { class: "n" }, String(student.coups)), el("td", { class: "n" }, chips(student.net)),
        el("td", { class: "n" }, "expected" in student ? chips(student.expected) : ""));
      return row;
    }));
    const reasons = Object.keys(pool.refusals);
    $("refusals").replaceChildren(...(reasons.length
      ? reasons.map((reason) => el("li", {}, pool.refusals[reason] + " × " + reason)) : [el("li", {}, "None.")]));
  }

  // ---- wiring: one state, one render ---------------------------------------------------------------------------
  const state = { pool: null, course: null, tables: null, tablesServed: true, pending: 0, actions: 0 };

  function render() {
    drawTables(state.tables, state.tablesServed);
    const { pool, course } = state;
    if (!pool) return;
    const exact = (course && course.exact) || pool.exact;
    const games = (course && course.games) || pool.games || {};
    drawTotals(pool, games);
    if (exact) drawPool(pool, exact);
    drawResults(pool);
    drawAhead(pool, (course && course.ahead) || []);
    drawSeatBanked(pool, games);
    drawAnswers(pool.answers, state);
    drawStage(pool.stage);
    document.body.dataset.updated = String(Date.now());
  }

  // An action posts, then draws what the server answers with (`took`: by default its pool), or shows the
  // server's one sentence in `said`.
  const tookPool = (value) => { state.pool = { ...value.pool, exact: state.pool && state.pool.exact }; };

  function act(name, body, said, took = tookPool) {
    state.pending += 1;
    state.actions += 1;
    return fetch(base + name + query, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
      .then((response) => response.json().then((value) => ({ ok: response.ok, value }), () => ({ ok: false, value: {} })))
      .then(({ ok, value }) => {
        if (ok) {
          said.textContent = "";
          took(value);
          state.actions += 1; // a poll sent before this answer is older than it
        } else {
          said.textContent = value.said || UNREACHABLE;
        }
      })
      .catch(() => { said.textContent = UNREACHABLE; })
      .finally(() => { state.pending -= 1; render(); });
  }

  $("exercise").addEventListener("change", (event) => {
    act("ask", { exercise: event.target.value || null }, $("answer-said"));
  });
  $("reveal").addEventListener("click", () => act("reveal", {}, $("answer-said")));
  $("stage-form").addEventListener("submit", (event) => {
    event.preventDefault();
    // A whole link pasted is taken from its "?" on: the server reads the query.
    const text = $("stage-link").value.trim();
    const link = text.includes("?") ? text.slice(text.indexOf("?") + 1) : text;
    act("stage", { link }, $("stage-said"));
  });
  $("clear-stage").addEventListener("click", () => act("stage", { link: null }, $("stage-said")));
  $("table-form").addEventListener("submit", (event) => {
    event.preventDefault();
    // Sent as typed (a number, or null for no number): the server checks it and says what it takes.
    const number = (id) => ($(id).value.trim() === "" ? null : Number($(id).value));
    const body = { variant: $("table-variant").value, students: number("table-students"),
      seconds: number("table-seconds") };
    act("tables", body, $("tables-said"), (value) => {
      state.tables = [...(state.tables || []).filter((table) => table.id !== value.table.id), value.table];
    });
  });

  function closeTable(table) {
    if (!window.confirm("Close the " + table.name + " table " + table.id + "? Nothing more is played at it, and its "
      + "students' pages say the teacher closed it.")) return;
    act("tables/close", { id: table.id }, $("tables-said"), (value) => {
      state.tables = (state.tables || []).filter((listed) => listed.id !== value.closed);
    });
  }

  $("json").href = base + "results.json" + query;
  $("csv").href = base + "results.csv" + query;
  window.addEventListener("resize", render);

  function loadCourse() {
    fetch(base + "course.json" + query)
      .then((response) => (response.ok ? response.json() : Promise.reject(response.status)))
      .then((course) => { state.course = course; fillExercises(course.exercises); render(); })
      .catch(() => setTimeout(loadCourse, 2000));
  }

  function poll() {
    const sent = state.actions;
    fetch(base + "pool.json" + query, { cache: "no-store" })
      .then((response) => (response.ok ? response.json() : null))
      .then((pool) => {
        if (pool && sent === state.actions && !state.pending) {
          state.pool = pool;
          render();
        }
      })
      .catch(() => { /* the server restarting: the next poll draws again */ })
      .finally(() => { setTimeout(poll, 1000); });
  }

  // A class server without shared tables (the classroom's own application) answers 404: the section is hidden.
  function pollTables() {
    const sent = state.actions;
    fetch(base + "tables.json" + query, { cache: "no-store" })
      .then((response) => {
        if (response.status === 404) state.tablesServed = false;
        return response.ok ? response.json() : null;
      })
      .then((value) => {
        if (value && sent === state.actions && !state.pending) state.tables = value.tables;
        drawTables(state.tables, state.tablesServed);
      })
      .catch(() => { /* the server restarting: the next poll draws again */ })
      .finally(() => { if (state.tablesServed) setTimeout(pollTables, 1000); });
  }

  loadCourse();
  poll();
  pollTables();
})();
