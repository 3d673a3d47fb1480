// Just enough of a document for the drawing pieces (drawing_pieces.js: `h`, `svg`) to build nodes in
// Node: elements with attributes, classes, text and children. Installed as the global `document`.

class FakeNode {
  constructor(tag) {
    this.tagName = tag;
    this.attributes = {};
    this.children = [];
    this.className = "";
    this.ownText = null;
  }
  setAttribute(name, value) { this.attributes[name] = String(value); }
  getAttribute(name) { return name in this.attributes ? this.attributes[name] : null; }
  addEventListener() {}
  append(...nodes) { this.children.push(...nodes); }
  get classes() { return (this.attributes.class || this.className).split(" ").filter(Boolean); }
  set textContent(text) { this.ownText = text; this.children = []; }
  get textContent() {
    return this.ownText ?? this.children.map((child) => (typeof child === "string" ? child : child.textContent)).join("");
  }
  // Every node under this one, depth first, that `test` accepts.
  findAll(test) {
    const found = [];
    for (const child of this.children) {
      if (typeof child === "string") continue;
      if (test(child)) found.push(child);
      found.push(...child.findAll(test));
    }
    return found;
  }
  withClass(name) { return this.findAll((node) => node.classes.includes(name)); }
}

export function installFakeDocument() {
  globalThis.document = {
    createElement: (tag) => new FakeNode(tag),
    createElementNS: (namespace, tag) => new FakeNode(tag),
    createTextNode: (text) => text,
  };
}
