// The app's keyboard shortcuts, on the server edition's page (index.html.j2) and the browser edition's
// (site/build.py): P, B, T put the chosen chip on a spot, D or Space deals, ← and → step a guide.
(function () {
  var KEYS = {
    p: [".bl-spot-player"], b: [".bl-spot-banker"], t: [".bl-spot-tie"],
    d: [".bl-deal"], " ": [".bl-deal", ".bl-next-coup"],
    ArrowLeft: [".bl-guide-back"], ArrowRight: [".bl-guide-next"]
  };
  function shownPage() {
    var pages = document.querySelectorAll(".bl-page");
    for (var i = 0; i < pages.length; i++) { if (pages[i].offsetParent !== null) return pages[i]; }
    return document;
  }
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var selectors = KEYS[event.key.length === 1 ? event.key.toLowerCase() : event.key];
    if (!selectors) return;
    var page = shownPage();
    for (var i = 0; i < selectors.length; i++) {
      var buttons = page.querySelectorAll("button" + selectors[i]);
      for (var j = 0; j < buttons.length; j++) {
        if (!buttons[j].disabled && buttons[j].offsetParent !== null) {
          event.preventDefault();
          buttons[j].click();
          return;
        }
      }
    }
  });
})();
