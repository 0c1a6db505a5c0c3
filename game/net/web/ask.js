// A question asked before a move that cannot be taken back (giving a seat up for good, ending a turn while a card
// could still be played): a dialog with the program's words whose first answer, focused, is the safe one.
import { t } from "/static/words.js";

function button(words, onClick) {
  const made = document.createElement("button");
  made.type = "button";
  made.textContent = words;
  made.addEventListener("click", onClick);
  return made;
}

// Ask ``title`` / ``body``; ``go`` (the words of the move) calls ``onGo``, ``keep`` (the safe answer) nothing.
export function askFirst(title, body, keep, go, onGo) {
  const dialog = document.createElement("dialog");
  dialog.className = "ask";
  const heading = document.createElement("h2");
  heading.textContent = title;
  const text = document.createElement("p");
  text.textContent = body;
  const safe = button(keep, () => dialog.close());
  const move = button(go, () => {
    dialog.close();
    onGo();
  });
  dialog.append(heading, text, safe, move);
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  safe.focus();
}

// "Give up my seat" for good: a bot plays the seat from then on and the seat's token joins no more.
export function askToGiveUp(send) {
  askFirst(t("presence.resign.title"), t("presence.resign.body"), t("presence.resign.keep"), t("presence.resign.go"),
    () => send({ type: "resign" }));
}
