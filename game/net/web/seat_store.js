// What this browser keeps of its seats (localStorage, one entry): the player's name, a player id, and per table
// code the seat and its token, so a reload or a tab opened again takes the same seat back; and the request id of
// a claim whose answer may have been lost (asked again, it gets the same seat, never a second one).
const STORE = "garden-table";

export function stored() {
  try {
    const data = JSON.parse(localStorage.getItem(STORE) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

export function keep(change) {
  const data = { ...stored(), ...change };
  localStorage.setItem(STORE, JSON.stringify(data));
  return data;
}

export function randomId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// The seat kept for table ``code``: {seat, token}, or undefined.
export function keptSeat(code) {
  return (stored().seats || {})[code];
}

// Keep ``entry`` ({seat, token}) as this browser's seat of table ``code`` (null: it holds none there any more).
export function keepSeat(code, entry) {
  const seats = { ...(stored().seats || {}) };
  if (entry) seats[code] = entry;
  else delete seats[code];
  const asking = { ...(stored().asking || {}) };
  delete asking[code];
  keep({ seats, asking });
}

// The message that sits this browser down at table ``code``: a join with the kept seat's token, else a claim of a
// free seat (with the same request id as an earlier claim whose answer never came). ``more``: fields to add.
export function sitDownMessage(code, more = {}) {
  const data = stored();
  const mine = keptSeat(code);
  if (mine) return { type: "join", table: code, seat: mine.seat, token: mine.token, name: data.name,
    player: data.player, ...more };
  const asking = { ...(data.asking || {}) };
  asking[code] = asking[code] || randomId();
  keep({ asking });
  return { type: "claim", table: code, request: asking[code], name: data.name, player: data.player };
}

// A player id for this browser, made once.
export function ensurePlayer() {
  if (!stored().player) keep({ player: randomId() });
}
