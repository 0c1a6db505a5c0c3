// The start page: a table code (as the host reads it out: HOST:PORT/TABLE, or the table alone) opens its table.
import { loadWords, t } from "/static/words.js";

await loadWords();
const form = document.getElementById("join");
const field = document.getElementById("code");
const status = document.getElementById("status");

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const text = field.value.trim();
  // the table part of a code as read out: eight of the server's letters, a dash or a space in the middle or not
  const letters = text.split("/").pop().replace(/[\s-]+/g, "").toUpperCase();
  const table = `${letters.slice(0, 4)}-${letters.slice(4)}`;
  if (!/^[2-9A-HJKMNP-TV-Z]{8}$/.test(letters)) {
    status.textContent = t("web.start.bad_code");
    return;
  }
  window.location.assign(`/t/${encodeURIComponent(table)}`);
});
