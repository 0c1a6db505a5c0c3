// The page's words: the program's own catalogues (served as /static/words-LANG.json), English or German
// by the browser's language.
const LANGUAGES = ["en", "de"];

export function language() {
  const asked = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"]);
  for (const tag of asked) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}

let words = {};

export async function loadWords() {
  const lang = language();
  const answer = await fetch(`/static/words-${lang}.json`);
  words = answer.ok ? await answer.json() : {};
  document.documentElement.lang = lang;
  for (const element of document.querySelectorAll("[data-word]")) {
    element.textContent = t(element.dataset.word);
  }
  for (const element of document.querySelectorAll("[data-label]")) {
    element.setAttribute("aria-label", t(element.dataset.label));
  }
  return lang;
}

// The text of key with its {placeholders} filled; the key itself when the catalogue has no such text.
export function t(key, values = {}) {
  const template = words[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

// key_one or key_other by number.
export function plural(key, number, values = {}) {
  return t(`${key}_${number === 1 ? "one" : "other"}`, { ...values, n: number, count: number });
}
