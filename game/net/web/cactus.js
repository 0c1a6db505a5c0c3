// The page of a Cactus table: watches it live. The browser runs no physics: it asks the table for its bodies
// ("bodies": true in its watch) and draws each piece's outline where the table's match has it, after every
// change the table makes (a player's drag, a bot's falling piece, a turn's end). The outlines come from the
// server's own assets (/static/cactus-shapes.json), which the wire never carries.
import { plural, t } from "/static/words.js";

const RETRY = [1, 2, 4, 5];
const GROUND = "#8a6a45";
const CACTUS = "#5f8f52";
const CACTUS_BASE = "#b08a5a";
const $ = (id) => document.getElementById(id);

let shapes = null;
let bodies = null; // the table's last "bodies" message
let names = []; // the match's names (a person's from the turn after they sat down)
let seated = []; // the names the seats go by now (presence)
let over = false;
let tries = 0;
let drawing = false;
const log = [];

function element(tag, attributes = {}, text = "") {
  const made = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, value);
  if (text) made.textContent = text;
  return made;
}

// The card page's panels make way for the Cactus table's: a canvas, its state in words, the flowers, the log.
function build() {
  const main = $("table");
  main.classList.add("cactus");
  const canvas = element("canvas", { id: "board", role: "img", "aria-label": t("web.cactus.board"),
    width: "1020", height: "400" });
  canvas.dataset.pieces = "0";
  main.replaceChildren(
    element("section", { id: "turn", class: "turn", "aria-live": "polite" }),
    canvas,
    element("p", { id: "count", class: "facts", role: "status", "aria-live": "polite" }),
    element("ul", { id: "flowers", class: "flowers" }),
    element("section", { class: "log" }),
  );
  const logBox = main.querySelector(".log");
  logBox.append(element("h2", {}, t("web.log")), element("ol", { id: "log" }));
}

function nameOf(seat) {
  return seated[seat] || names[seat] || t("artischocken.seat", { n: seat + 1 });
}

// -- drawing ----------------------------------------------------------------------------------------------------

function path(context, outline, x = 0, y = 0, angle = 0) {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  context.beginPath();
  outline.forEach(([px, py], index) => {
    const wx = x + px * cos - py * sin;
    const wy = y + px * sin + py * cos;
    if (index === 0) context.moveTo(wx, wy);
    else context.lineTo(wx, wy);
  });
  context.closePath();
}

function draw() {
  drawing = false;
  const canvas = $("board");
  if (!canvas || !shapes) return;
  const context = canvas.getContext("2d");
  const margin = 20; // mm below the ground, for the ground's band
  const scale = canvas.width / shapes.width;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.fillStyle = "#f4efe2";
  context.fillRect(0, 0, canvas.width, canvas.height);
  // world mm, y up, the ground at the canvas's foot
  context.setTransform(scale, 0, 0, -scale, 0, canvas.height - margin * scale);
  context.fillStyle = GROUND;
  context.fillRect(0, -margin, shapes.width, margin);
  context.lineWidth = 1 / scale;
  for (const [base, ...parts] of shapes.cacti) {
    path(context, base);
    context.fillStyle = CACTUS_BASE;
    context.fill();
    context.fillStyle = CACTUS;
    for (const part of parts) {
      path(context, part);
      context.fill();
    }
  }
  let drawn = 0;
  for (const [id, x, y, angle] of bodies ? bodies.pieces : []) {
    const piece = shapes.pieces[id];
    if (!piece) continue;
    path(context, piece.outline, x, y, angle);
    context.fillStyle = piece.colour;
    context.fill();
    context.strokeStyle = id === bodies.held ? "#000" : "#3b3b3b";
    context.lineWidth = (id === bodies.held ? 3 : 1) / scale;
    context.stroke();
    drawn += 1;
  }
  // how many pieces the canvas shows, and where the held one is (mm), for a screen reader and a test
  canvas.dataset.pieces = String(drawn);
  const held = bodies && bodies.pieces.find(([id]) => id === bodies.held);
  canvas.dataset.held = held ? `${held[0]} ${Math.round(held[1])} ${Math.round(held[2])}` : "";
  canvas.dataset.drawn = String(Number(canvas.dataset.drawn || 0) + 1);
}

function redraw() {
  if (drawing) return;
  drawing = true;
  requestAnimationFrame(draw);
}

function render() {
  const count = bodies ? bodies.pieces.length : 0;
  $("count").textContent = plural("web.cactus.pieces", count);
  if (over) $("turn").textContent = t("web.cactus.over");
  else if (bodies && bodies.active != null) $("turn").textContent = t("web.cactus.turn", { name: nameOf(bodies.active) });
  const flowers = bodies ? bodies.flowers : [];
  $("flowers").replaceChildren(...flowers.map((n, seat) => element("li", {},
    t("web.cactus.flowers", { name: nameOf(seat), n }))));
  $("log").replaceChildren(...log.slice(-100).map((line) => element("li", {}, line)));
  document.body.dataset.state = over ? "over" : "wait";
}

// -- the connection ---------------------------------------------------------------------------------------------

function handle(message) {
  switch (message.type) {
    case "turn": {
      const rules = message.snapshot && message.snapshot.rules;
      if (rules && Array.isArray(rules.names)) names = rules.names.map(String);
      over = Boolean(message.over);
      if (message.reason === "turn_end" && message.ended) {
        const seat = bodies && bodies.active != null ? bodies.active : null;
        if (seat !== null) log.push(t("web.cactus.ended", { name: nameOf(seat), n: message.ended.flowers[seat] }));
      }
      render();
      return;
    }
    case "bodies":
      bodies = message;
      render();
      redraw();
      return;
    case "presence":
      seated = [];
      for (const entry of Array.isArray(message.seats) ? message.seats : []) {
        if (entry.name) seated[entry.seat] = String(entry.name);
      }
      render();
      return;
    case "error":
      $("link").textContent = t("web.error.other", { detail: message.message || message.code });
      return;
    default:
  }
}

// A frame's message, or an empty one (a frame that is no JSON object is passed over).
function parsed(text) {
  try {
    const message = JSON.parse(text);
    return message && typeof message === "object" ? message : {};
  } catch {
    return {};
  }
}

function connect(code) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/`);
  socket.addEventListener("open", () => {
    tries = 0;
    $("link").textContent = t("web.cactus.watching");
    socket.send(JSON.stringify({ type: "watch", table: code, bodies: true }));
  });
  socket.addEventListener("message", (event) => handle(parsed(event.data)));
  socket.addEventListener("close", (event) => {
    if (event.code === 1008 || (event.code >= 4000 && event.code < 5000)) {
      $("link").textContent = t("web.error.closed", { detail: event.reason || event.code });
      return;
    }
    const wait = RETRY[Math.min(tries, RETRY.length - 1)];
    tries += 1;
    $("link").textContent = t("web.lost", { seconds: wait });
    setTimeout(() => connect(code), wait * 1000);
  });
}

// Watch Cactus table ``code`` (the card page hands over once the table says it is a Cactus table).
export async function watchTable(code) {
  $("title").textContent = t("web.cactus.table", { code });
  build();
  const answer = await fetch("/static/cactus-shapes.json");
  shapes = await answer.json();
  render();
  redraw();
  connect(code);
}
