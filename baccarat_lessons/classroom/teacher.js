// The teacher's page of a class: the pool, read again every second from teacher/pool.json (with the key
// the page's address carries). Every text is set as text: a student's name is never read as HTML.
(function () {
  var key = new URLSearchParams(location.search).get("key") || "";
  var base = location.pathname.replace(/\/teacher$/, "/teacher/");
  var query = "?key=" + encodeURIComponent(key);
  document.getElementById("json").href = base + "results.json" + query;
  document.getElementById("csv").href = base + "results.csv" + query;
  function cell(row, text, numeric) {
    var td = document.createElement("td");
    td.textContent = text;
    if (numeric) td.className = "n";
    row.appendChild(td);
    return td;
  }
  function draw(pool) {
    document.getElementById("coups").textContent = pool.coups;
    document.getElementById("students").textContent = pool.students + (pool.students === 1 ? " student" : " students");
    document.getElementById("refused").textContent = pool.refused;
    var counted = pool.banker + pool.player + pool.tie;
    var rows = [["Banker", pool.banker, pool.exact.banker], ["Player", pool.player, pool.exact.player], ["Tie", pool.tie, pool.exact.tie]];
    var body = document.getElementById("outcomes");
    body.replaceChildren();
    rows.forEach(function (item) {
      var row = document.createElement("tr");
      row.dataset.result = item[0].toLowerCase();
      cell(row, item[0]);
      cell(row, String(item[1]), true);
      var share = counted ? item[1] / counted : 0;
      cell(row, counted ? (100 * share).toFixed(1) + "%" : "–", true);
      var bar = document.createElement("div");
      bar.className = "bar";
      var fill = document.createElement("span");
      fill.style.width = (100 * share) + "%";
      var mark = document.createElement("i");
      mark.style.left = (100 * item[2]) + "%";
      bar.append(fill, mark);
      cell(row, "").appendChild(bar);
      cell(row, (100 * item[2]).toFixed(2) + "%", true);
      body.appendChild(row);
    });
    var table = document.getElementById("students-table");
    table.replaceChildren();
    pool.per_student.forEach(function (student) {
      var row = document.createElement("tr");
      cell(row, student.name);
      cell(row, pool.games[student.variant] || student.variant);
      cell(row, String(student.coups), true);
      cell(row, (student.net / 100).toFixed(2), true);
      table.appendChild(row);
    });
    var list = document.getElementById("refusals");
    list.replaceChildren();
    Object.keys(pool.refusals).forEach(function (reason) {
      var item = document.createElement("li");
      item.textContent = pool.refusals[reason] + " × " + reason;
      list.appendChild(item);
    });
    if (!list.children.length) {
      var none = document.createElement("li");
      none.textContent = "None.";
      list.appendChild(none);
    }
    document.body.dataset.updated = String(Date.now());
  }
  function poll() {
    fetch(base + "pool.json" + query, { cache: "no-store" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (pool) { if (pool) draw(pool); })
      .catch(function () { /* the server restarting: the next poll draws again */ })
      .finally(function () { setTimeout(poll, 1000); });
  }
  poll();
})();
