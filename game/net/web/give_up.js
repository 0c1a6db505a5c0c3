// "Give up my seat" for good, asked first in a dialog with the program's words (a bot plays the seat from then on
// and the seat's token joins no more): the question of both rooms' pages, ``send`` sends the answer.
import { t } from "/static/words.js";

export function askToGiveUp(send) {
  const dialog = document.createElement("dialog");
  dialog.className = "ask";
  const title = document.createElement("h2");
  title.textContent = t("presence.resign.title");
  const body = document.createElement("p");
  body.textContent = t("presence.resign.body");
  const keep = document.createElement("button");
  keep.type = "button";
  keep.textContent = t("presence.resign.keep");
  keep.addEventListener("click", () => dialog.close());
  const go = document.createElement("button");
  go.type = "button";
  go.textContent = t("presence.resign.go");
  go.addEventListener("click", () => {
    send({ type: "resign" });
    dialog.close();
  });
  dialog.append(title, body, keep, go);
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  keep.focus(); // the safe answer is the first one
}
