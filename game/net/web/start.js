// The start page: a table code (as the host reads it out: HOST:PORT/TABLE, or the table alone) opens its table.
import { loadWords, t } from "/static/words.js";

await loadWords();
const form = document.getElementById("join");
const field = document.getElementById("code");
const status = document.getElementById("status");

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const text = field.value.trim();
  const table = text.split("/").pop().trim().replace(/\s+/g, "-").toUpperCase();
  if (!/^[A-Z0-9_-]{1,64}$/.test(table)) {
    status.textContent = t("web.start.bad_code");
    return;
  }
  window.location.assign(`/t/${encodeURIComponent(table)}`);
});
