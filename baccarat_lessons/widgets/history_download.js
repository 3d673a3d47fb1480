// The hand history's two download buttons (HistoryDownloads in history_download.py). A click asks
// the kernel for the file; the answer is saved as a download from the page itself (a Blob), so
// the page keeps no copy of the history between clicks. Every word shown comes from the model.

function saveFile({ filename, mime, text }) {
  const url = URL.createObjectURL(new Blob([text], { type: `${mime};charset=utf-8` }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function render({ model, el }) {
  const box = document.createElement("p");
  box.className = "bl-history-downloads-box";
  const note = document.createElement("span");
  note.className = "bl-note";
  note.setAttribute("aria-live", "polite");
  const buttons = Object.entries(model.get("labels")).map(([format, label]) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "bl-download";
    button.textContent = label;
    button.addEventListener("click", () => model.send({ format }));
    return button;
  });
  box.append(...buttons, note);
  el.appendChild(box);

  const draw = () => {
    const none = model.get("rounds") === 0;
    for (const button of buttons) button.disabled = none;
    note.textContent = model.get("note");
  };
  model.on("change:rounds", draw);
  model.on("change:note", draw);
  model.on("msg:custom", (answer) => {
    if (answer.error) note.textContent = answer.error;
    else saveFile(answer);
  });
  draw();
}

export default { render };
