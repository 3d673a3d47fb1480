// The browser edition's reading of a class's address and a display name (site/class.js), case for case as
// the server edition's kernel reads them (classroom/client.py, tests/test_class_client.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { classLink, displayName, joinAddress } from "../../baccarat_lessons/site/class.js";

test("anything but a class's join address is refused", () => {
  for (const text of ["", "   ", "http://127.0.0.1:8000/class/0a1b2c", "http://127.0.0.1:8000/class/0A1B2", "ftp://127.0.0.1/class/0A1B2C",
    "javascript:alert(1)//class/0A1B2C", "http://127.0.0.1:8000/class/0A1B2C?key=1", "http://127.0.0.1/class/0A1B2C#",
    "http://127.0.0.1:99999/class/0A1B2C", "http://127.0.0.1/class/0A1B2C/join", null, 42]) {
    assert.equal(joinAddress(text), null, String(text));
  }
});

test("a join address is kept without its trailing slash", () => {
  assert.equal(joinAddress(" https://school.example:8443/class/0A1B2C/ "), "https://school.example:8443/class/0A1B2C");
  assert.equal(joinAddress("http://127.0.0.1:8870/class/5D3CDC"), "http://127.0.0.1:8870/class/5D3CDC");
});

test("a display name's spaces are folded and it is at most 40 characters", () => {
  assert.equal(displayName("  Bea   Lee "), "Bea Lee");
  assert.equal(displayName(" \t "), "");
  assert.equal(displayName("x".repeat(50)), "x".repeat(40));
});

test("the page's query names a class, or none", () => {
  assert.deepEqual(classLink("?name=Ann&class=http%3A%2F%2Fh%2Fclass%2F0A1B2C&shoe=9S"), { text: "http://h/class/0A1B2C", name: "Ann" });
  assert.deepEqual(classLink("?class=a&class=b&name=Ann"), { text: "", name: "Ann" });
  assert.deepEqual(classLink("?name=Ann"), { text: "", name: "Ann" });
  assert.equal(classLink("?variant=mini-baccarat"), null);
});

test("the class's shared tables are offered as links, case for case as the server edition's kernel", async () => {
  const { readFile } = await import("node:fs/promises");
  const { tableLinks } = await import("../../baccarat_lessons/site/class.js");
  const { cases } = JSON.parse(await readFile(new URL("../data/table_links.json", import.meta.url), "utf8"));
  for (const { address, name, answer, links } of cases) assert.deepEqual(tableLinks(address, name, answer), links, JSON.stringify(answer));
});
