// Loads the table surface's JavaScript files (baccarat_lessons/widgets/surface/) into Node: one file, or
// several joined as served.py joins them, as one module. It is imported from the file's text (a data:
// URL), so the files need no package.json of their own: Debian's Node 18 would read a `.js` file outside
// an ES-module package as CommonJS.

import { readFile } from "node:fs/promises";

const SURFACE = new URL("../../baccarat_lessons/widgets/surface/", import.meta.url);

export async function loadSurface(...names) {
  const texts = await Promise.all(names.map((name) => readFile(new URL(name, SURFACE), "utf8")));
  return import(`data:text/javascript;charset=utf-8,${encodeURIComponent(texts.join("\n"))}`);
}
