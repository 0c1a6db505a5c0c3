// What both rooms' pages share of their connection to the server: its address (the page's own host and port), a
// frame read as a message, and what a closed connection means: final (the server closed it for good, 1008 or
// 4000-4999: its words) or the seconds until the next try (1, 2 and 4 s, then every 5 s).
import { t } from "/static/words.js";

const RETRY = [1, 2, 4, 5];

export function socketAddress() {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/`;
}

// A frame's message, or null (a frame that is no JSON object is passed over).
export function parsed(text) {
  try {
    const message = JSON.parse(text);
    return message && typeof message === "object" ? message : null;
  } catch {
    return null;
  }
}

// After a close (``tries``: the tries since the last open): {final: words} or {wait: seconds}.
export function afterClose(event, tries) {
  if (event.code === 1008 || (event.code >= 4000 && event.code < 5000)) {
    return { final: t("web.error.closed", { detail: event.reason || event.code }) };
  }
  return { wait: RETRY[Math.min(tries, RETRY.length - 1)] };
}
