// The page of a Cactus table: a seat (/t/CODE) or a spectator (/w/CODE). The browser runs no physics. It asks the
// table for its bodies ("bodies": true) and draws each piece where the table's match has it, after every change
// the table makes (a player's drag, a bot's falling piece, a turn's end). Its own turn it plays as any seat does,
// by sending the entries of the replay stream (game/replay/cactus.py): the pointer's moves, the time passed as
// physics steps, and the calls (roll, take, hold, turn, let go, take back, confirm). The table makes them on its
// match, so the rules, limits and checks are the table's; one input message is in flight at a time, and each is
// answered by the bodies it made (with the table's count of inputs and its pointer, which the next one follows).
// The outlines come from the server's own assets (/static/cactus-shapes.json), which the wire never carries.
import { ask, brokenRules, describeAll, pieceName, pronoun, target } from "/static/cactus_words.js";
import { askToGiveUp } from "/static/ask.js";
import { afterClose, parsed, socketAddress } from "/static/link.js";
import { keepSeat, sitDownMessage } from "/static/seat_store.js";
import { plural, t } from "/static/words.js";

const GROUND = "#8a6a45";
const CACTUS = "#5f8f52";
const CACTUS_BASE = "#b08a5a";
const QUANTUM = 100; // pointer moves travel in 1/100 mm
const DT = 0.01; // the table steps the world as the program does: 100 steps a second
const LOST_MS = 3000;
const MOST_STEPS = 30; // a frame that came late makes at most 0.3 s of physics at once
const TURN_STEP = (12 * Math.PI) / 180; // one notch of the wheel, one press of a turn button (as the program)
const MARGIN = 20; // mm below the ground, for the ground's band
const CANVAS_WIDTH = 1020; // px of the board's drawing (the page scales it to its width)
const NARROW = 700; // a board shown narrower than this (CSS px: a phone) shows a part of the table ...
const PART = 600; // ... this wide (mm): the cactus the piece must hang on, or the piece someone holds
const FINAL = {
  no_table: (code) => t("web.error.no_table", { code }),
  table_full: () => t("web.error.table_full"),
  already_seated: () => t("web.error.already_seated"),
};
const $ = (id) => document.getElementById(id);

let code = "";
let watching = false;
let socket = null;
let tries = 0;
let retryIn = 1; // seconds until the next try, once the connection was lost
let stopped = false;
let shapes = null;
let state = null; // the table's last "bodies" message
let seat = null;
let names = []; // the match's names (a person's from the turn after they sat down)
let seated = []; // the names the seats go by now (presence)
let kinds = []; // per seat: "remote" or a bot kind
let over = false;
let winners = [];
let log = [];
let problem = ""; // the last refusal, in words
let full = false; // a seat's link, but every seat was taken: watching
let away = false; // the player left the seat (a bot plays it): it can sit down again
// the hand
let inFlight = false; // an input message sent, its bodies not back yet ...
let sentAt = 0; // ... since then (performance.now()); an answer this late is taken as lost
let queue = []; // calls the player made, each sent first in a message of its own
let turning = 0; // radians to turn the piece by, not sent yet
let pointer = null; // the pointer over the board (world mm), or null
let pressing = null; // the pointer id pressing the board
let lastFrame = null;
let carry = 0; // seconds of physics not made into steps yet
let movedAt = null; // when the first pointer move not sent yet was made (performance.now())
let sentMove = null; // ... and of the message in flight
let drawing = false;
let buttonsKey = "";
let view = null; // the part of the table the board shows: {x0, width} in mm
// what the web bench reads (python -m game bench web): each pointer move until its body was drawn, frames drawn
const marks = { moves: [], frames: 0, drawn: 0 };
window.cactusMarks = marks;

function element(tag, attributes = {}, text = "") {
  const made = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, value);
  if (text) made.textContent = text;
  return made;
}

// The card page's panels make way for the Cactus table's: the board, what to do (and why a press was refused),
// the move's buttons, the flowers, the log.
function build() {
  const main = $("table");
  main.classList.add("cactus");
  const canvas = element("canvas", { id: "board", role: "img", "aria-label": t("web.cactus.board"),
    width: String(CANVAS_WIDTH), height: "380" });
  canvas.dataset.pieces = "0";
  const move = element("section", { id: "move", class: "move", "aria-label": t("web.move") });
  const leave = element("button", { id: "leave", type: "button" }, t("presence.leave.go"));
  leave.hidden = true;
  leave.addEventListener("click", () => send({ type: "leave" }));
  const footer = element("footer", { class: "leave" });
  const giveUp = element("button", { id: "give-up", type: "button" }, t("presence.resign.button"));
  giveUp.hidden = true;
  giveUp.addEventListener("click", () => askToGiveUp(send));
  footer.append(leave, giveUp);
  // the board first: nothing above it changes its height, so it never moves under a drag
  const turn = element("section", { id: "turn", class: "turn" });
  turn.append(element("p", { id: "say", "aria-live": "polite" }), element("p", { id: "problem", role: "alert" }));
  main.replaceChildren(
    canvas,
    turn,
    move,
    element("p", { id: "count", class: "facts", role: "status" }),
    element("section", { class: "seats" }),
    element("section", { class: "log" }),
    footer,
  );
  main.querySelector(".seats").append(element("h2", {}, t("web.cactus.flowers_title")),
    element("ul", { id: "flowers", class: "flowers" }));
  main.querySelector(".log").append(element("h2", {}, t("web.log")), element("ol", { id: "log" }));
  canvas.addEventListener("pointerdown", press);
  canvas.addEventListener("pointermove", movePointer);
  canvas.addEventListener("pointerup", letGo);
  canvas.addEventListener("pointercancel", letGo);
  canvas.addEventListener("pointerleave", () => { if (pressing === null) { pointer = null; redraw(); } });
  canvas.addEventListener("wheel", wheel, { passive: false });
  document.addEventListener("keydown", key);
}

function nameOf(index) {
  return seated[index] || names[index] || t("artischocken.seat", { n: index + 1 });
}

function say(text, isProblem = false) {
  const line = $("link");
  line.textContent = text;
  line.classList.toggle("problem", isProblem);
}

function myTurn() {
  return seat !== null && state !== null && !over && state.active === seat && kinds[seat] === "remote" && live();
}

function live() {
  return socket !== null && socket.readyState === WebSocket.OPEN;
}

// -- the hand ---------------------------------------------------------------------------------------------------

function worldOf(event) {
  const canvas = $("board");
  const box = canvas.getBoundingClientRect();
  const scale = canvas.width / view.width;
  const px = ((event.clientX - box.left) * canvas.width) / box.width;
  const py = ((event.clientY - box.top) * canvas.height) / box.height;
  return [view.x0 + px / scale, (canvas.height - MARGIN * scale - py) / scale];
}

function middleOf(outline) {
  const xs = outline.map(([x]) => x);
  return (Math.min(...xs) + Math.max(...xs)) / 2;
}

// The part of the table the board shows: all of it on a wide screen; on a narrow one (a phone) a part as wide as
// PART, about the piece held or the cactus the turn's piece must hang on. It never moves while the player's own
// pointer presses the board (the piece would jump under the finger).
function frameView() {
  const canvas = $("board");
  if (!canvas || !shapes) return;
  const narrow = canvas.getBoundingClientRect().width < NARROW;
  let { x0 = 0 } = view || {};
  const width = narrow ? PART : shapes.width;
  if (!narrow) x0 = 0;
  else if (pressing === null && state) {
    const held = state.pieces.find(([id]) => id === state.held);
    let centre = null;
    if (held) centre = held[1];
    else if (state.target != null) centre = middleOf(shapes.cacti[state.target][0]);
    else if (!view) centre = shapes.width / 2;
    if (centre !== null) x0 = centre - width / 2;
  }
  x0 = Math.max(0, Math.min(shapes.width - width, x0));
  view = { x0, width };
  const height = Math.round(((shapes.height + MARGIN) * CANVAS_WIDTH) / width);
  if (canvas.height !== height) canvas.height = height;
}

function round2(value) {
  return Math.round(value * 100) / 100;
}

function press(event) {
  if (!shapes || !myTurn() || event.button > 0) return;
  event.preventDefault();
  pointer = worldOf(event);
  movedAt = performance.now();
  const [x, y] = pointer.map(round2);
  const stage = state.stage;
  if (stage === "in_hand") queue.push(["n", x, y]);
  else if (stage === "judged" || stage === "settling") queue.push(["g", x, y]);
  // (holding: a piece held since before a reload or a lost connection; the press takes the hand again)
  else if (stage !== "holding") {
    problem = stage === "roll" ? t("web.cactus.roll_first") : stage === "choose" ? t("web.cactus.choose_first") : "";
    render();
    return;
  }
  pressing = event.pointerId;
  $("board").setPointerCapture(event.pointerId);
  problem = "";
  render();
}

function movePointer(event) {
  if (!shapes) return;
  pointer = worldOf(event);
  if (myTurn() && state.stage === "holding" && pressing !== null) movedAt = movedAt ?? performance.now(); // sent next
  if (state && state.stage === "in_hand") redraw(); // the piece's outline follows the pointer
}

function letGo(event) {
  if (event.pointerId !== pressing) return;
  pressing = null;
  if (myTurn() && (state.stage === "holding" || queue.some((call) => call[0] === "n" || call[0] === "g"))) {
    queue.push(["l"]);
  }
}

function turn(by) {
  if (!myTurn() || !["in_hand", "holding"].includes(state.stage)) return;
  turning += by;
  redraw();
}

function wheel(event) {
  if (!myTurn() || !["in_hand", "holding"].includes(state.stage)) return; // else the wheel scrolls the page
  event.preventDefault();
  turn(event.deltaY < 0 ? TURN_STEP : -TURN_STEP);
}

function call(entry) {
  if (!myTurn()) return;
  problem = "";
  queue.push(entry);
}

// The keys of the program: Space rolls, Enter confirms, Backspace takes the piece back, Q / E turn it.
function key(event) {
  if (!myTurn() || event.target.closest("input, textarea") || event.altKey || event.ctrlKey || event.metaKey) return;
  const stage = state.stage;
  if (event.key === " " && stage === "roll" && !event.target.closest("button")) call(["r"]);
  else if (event.key === "Enter" && stage === "judged" && state.can_confirm && !event.target.closest("button")) {
    call(["c"]);
  } else if (event.key === "Backspace" && ["judged", "settling", "holding"].includes(stage)) call(["b"]);
  else if (event.key === "q" || event.key === "Q") turn(TURN_STEP);
  else if (event.key === "e" || event.key === "E") turn(-TURN_STEP);
  else return;
  event.preventDefault();
}

// Once a frame: the next input message, when one is due and none is in flight. A roll and a confirm go alone; any
// other call first, then the pointer's move, the piece's turn and the time passed since the last message.
function frame(now) {
  requestAnimationFrame(frame);
  marks.frames += 1;
  const elapsed = lastFrame === null ? 0 : (now - lastFrame) / 1000;
  lastFrame = now;
  if (!myTurn()) {
    queue = [];
    turning = 0;
    carry = 0;
    return;
  }
  const moving = state.stage === "holding" || state.stage === "settling";
  if (moving) carry = Math.min(carry + elapsed, MOST_STEPS * DT);
  if (inFlight && now - sentAt < LOST_MS) return;
  const items = [];
  const first = queue.shift();
  if (first) items.push(first);
  if (!first || !["r", "c"].includes(first[0])) {
    // the hand follows the pointer only while it presses the board (a piece held since before a reload stays
    // where it is until the board is pressed again)
    const holding = state.stage === "holding" || (first && (first[0] === "n" || first[0] === "g"));
    if (holding && pointer && pressing !== null) {
      const q = pointer.map((v) => Math.round(v * QUANTUM));
      const dx = q[0] - state.pointer[0];
      const dy = q[1] - state.pointer[1];
      if (dx || dy) items.push([dx, dy]);
    }
    if (turning) {
      items.push(["o", Math.round(turning * 10000) / 10000]);
      turning = 0;
    }
    const steps = Math.floor((carry + 1e-9) / DT);
    if ((moving || holding) && steps > 0) {
      items.push(["s", steps, DT]);
      carry -= steps * DT;
    }
  }
  if (!items.length) return;
  inFlight = true;
  sentAt = now;
  sentMove = items.some((item) => Number.isInteger(item[0])) ? movedAt : null;
  if (sentMove !== null) movedAt = null;
  send({ type: "input", turn: state.turn, seq: state.seq, items });
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
  const scale = canvas.width / view.width;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.fillStyle = "#f4efe2";
  context.fillRect(0, 0, canvas.width, canvas.height);
  // world mm, y up, the ground at the canvas's foot, the view's left edge at its left
  context.setTransform(scale, 0, 0, -scale, -view.x0 * scale, canvas.height - MARGIN * scale);
  context.fillStyle = GROUND;
  context.fillRect(0, -MARGIN, shapes.width, MARGIN);
  context.lineWidth = 1 / scale;
  shapes.cacti.forEach(([base, ...parts], index) => {
    path(context, base);
    context.fillStyle = state && state.target === index && myTurn() ? "#d9a441" : CACTUS_BASE;
    context.fill();
    context.fillStyle = CACTUS;
    for (const part of parts) {
      path(context, part);
      context.fill();
    }
  });
  // each cactus's number on the ground under it, as the rules and the log count them
  context.save();
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.fillStyle = "#fffaf0";
  context.font = `bold ${Math.round(MARGIN * scale * 0.9)}px system-ui, sans-serif`;
  context.textAlign = "center";
  context.textBaseline = "middle";
  shapes.cacti.forEach(([base], index) => {
    context.fillText(String(index + 1), (middleOf(base) - view.x0) * scale, canvas.height - (MARGIN * scale) / 2);
  });
  context.restore();
  let drawn = 0;
  for (const [id, x, y, angle] of state ? state.pieces : []) {
    const piece = shapes.pieces[id];
    if (!piece) continue;
    path(context, piece.outline, x, y, angle);
    context.fillStyle = piece.colour;
    context.globalAlpha = id === state.held ? 0.75 : 1; // what lies under a held piece stays in sight
    context.fill();
    context.globalAlpha = 1;
    context.strokeStyle = id === state.held ? "#000" : "#3b3b3b";
    context.lineWidth = (id === state.held ? 3 : 1) / scale;
    context.stroke();
    drawn += 1;
  }
  // the hand that holds a piece (anyone's): the line from the pointer to the fingers, and the ring around them that
  // must touch neither the cactus nor a piece (red while it touches: each touch costs a flower)
  const hand = state && state.hand;
  if (hand) {
    context.beginPath();
    context.moveTo(...hand.pointer);
    context.lineTo(...hand.grip);
    context.setLineDash([4 / scale, 3 / scale]);
    context.lineWidth = 1.5 / scale;
    context.strokeStyle = "#5f564b";
    context.stroke();
    context.setLineDash([]);
    context.beginPath();
    context.arc(hand.grip[0], hand.grip[1], hand.ring, 0, 2 * Math.PI);
    context.lineWidth = 2.5 / scale;
    context.strokeStyle = hand.touching ? "#c62828" : "#1f1f1f";
    context.stroke();
  }
  // the piece in the hand, where a press would hold it
  if (state && myTurn() && state.stage === "in_hand" && state.piece && pointer && shapes.pieces[state.piece]) {
    const piece = shapes.pieces[state.piece];
    path(context, piece.outline, pointer[0], pointer[1], state.angle + turning);
    context.globalAlpha = 0.5;
    context.fillStyle = piece.colour;
    context.fill();
    context.globalAlpha = 1;
    context.setLineDash([6 / scale, 4 / scale]);
    context.lineWidth = 2 / scale;
    context.strokeStyle = "#000";
    context.stroke();
    context.setLineDash([]);
  }
  // how many pieces the canvas shows, and where the held one is (mm), for a screen reader and a test
  canvas.dataset.pieces = String(drawn);
  const held = state && state.pieces.find(([id]) => id === state.held);
  canvas.dataset.held = held ? `${held[0]} ${Math.round(held[1])} ${Math.round(held[2])}` : "";
  canvas.dataset.drawn = String(Number(canvas.dataset.drawn || 0) + 1);
  marks.drawn += 1;
}

function redraw() {
  if (drawing) return;
  drawing = true;
  requestAnimationFrame(draw);
}

function setText(id, text) {
  const node = $(id);
  if (node && node.textContent !== text) node.textContent = text;
}

function statusWords() {
  if (over) {
    if (!winners.length) return t("web.cactus.over");
    if (winners.includes(seat)) return t("web.cactus.over_you");
    return t("web.cactus.over_win", { names: winners.map(nameOf).join(", ") });
  }
  if (!state || state.active == null) return "";
  if (!live() && seat !== null) return t("presence.link.prompt_lost");
  if (!myTurn()) {
    if (seat !== null && state.active === seat) return t("web.cactus.bot_for_you");
    const who = kinds[state.active] === "remote" ? t("web.cactus.playing", { name: nameOf(state.active) })
      : t("web.cactus.bot_playing", { name: nameOf(state.active) });
    if (state.stage === "roll") return who;
    const where = state.target == null ? t("web.cactus.goes_on_any")
      : t("web.cactus.goes_on", { cactus: state.target + 1 });
    return `${who} ${where}`;
  }
  const piece = state.piece ? pieceName(shapes, state.piece) : "";
  const it = pronoun(shapes, state.piece);
  switch (state.stage) {
    case "roll": return t("web.cactus.prompt.roll");
    case "choose": return `${ask(state)} ${t("web.cactus.prompt.choose")}`;
    case "in_hand": return t("web.cactus.prompt.in_hand", { piece, target: target(shapes, state), it });
    case "holding": return t("web.cactus.prompt.holding", { target: target(shapes, state), it });
    case "settling": return t("web.cactus.prompt.settling");
    case "judged": return state.violations.length ? brokenRules(shapes, state) : t("web.cactus.prompt.confirm");
    default: return "";
  }
}

// The buttons of the move asked for, made again only when they change (a click between two bodies counts).
function renderMove() {
  const region = $("move");
  const wanted = [];
  if (myTurn()) {
    const stage = state.stage;
    if (stage === "roll") wanted.push(["roll", t("web.cactus.roll"), ["r"]]);
    if (stage === "choose") {
      for (const id of state.allowed) wanted.push([`take-${id}`, t("web.cactus.take", { piece: pieceName(shapes, id) }), ["t", id]]);
    }
    if (stage === "in_hand" || stage === "holding") {
      wanted.push(["left", t("web.cactus.turn_left"), TURN_STEP], ["right", t("web.cactus.turn_right"), -TURN_STEP]);
    }
    if (stage === "judged") wanted.push([`confirm-${state.can_confirm}`, t("web.cactus.confirm"), ["c"]]);
    if (stage === "judged" || stage === "settling" || stage === "holding") {
      wanted.push(["back", t("web.cactus.take_back"), ["b"]]);
    }
  }
  if (away) {
    wanted.push(["again", t("web.sit_again"), () => {
      away = false;
      stopped = false;
      connect();
    }]);
  }
  const next = wanted.map(([id]) => id).join(" ");
  if (next === buttonsKey) return;
  buttonsKey = next;
  region.replaceChildren(...wanted.map(([id, words, what]) => {
    const button = element("button", { type: "button" }, words);
    if (id === "confirm-false") button.disabled = true;
    if (typeof what === "number") button.addEventListener("click", () => turn(what));
    else if (typeof what === "function") button.addEventListener("click", what);
    else button.addEventListener("click", () => call(what));
    return button;
  }));
}

function render() {
  setText("say", statusWords());
  setText("problem", problem);
  renderMove();
  const count = state ? state.pieces.length : 0;
  setText("count", plural("web.cactus.pieces", count));
  const flowers = state ? state.flowers : [];
  const lines = flowers.map((n, index) => t("web.cactus.flowers", { name: nameOf(index), n })
    + (index === seat ? ` (${t("web.you")})` : "") + (state.active === index && !over ? " ◀" : ""));
  const list = $("flowers");
  if (list.dataset.lines !== lines.join("\n")) {
    list.dataset.lines = lines.join("\n");
    list.replaceChildren(...lines.map((line) => element("li", {}, line)));
  }
  const logList = $("log");
  if (logList.childElementCount !== Math.min(log.length, 200)) {
    logList.replaceChildren(...log.slice(-200).map((line) => element("li", {}, line)));
    logList.scrollTop = logList.scrollHeight;
  }
  if (!stopped) { // what stopped the page (a final refusal, the seat left or given up) stays said
    if (!live()) say(t("web.lost", { seconds: retryIn }), true);
    else say(full ? t("web.cactus.full") : watching ? t("web.cactus.watching") : "");
  }
  $("leave").hidden = seat === null || over;
  $("give-up").hidden = $("leave").hidden;
  document.body.dataset.state = over ? "over" : myTurn() ? `move ${state.stage}` : "wait";
}

// -- the connection ---------------------------------------------------------------------------------------------

function send(message) {
  if (live()) socket.send(JSON.stringify(message));
}

// The log of this tab (sessionStorage): a reload keeps the turns it told; the table sends the last turn's events only.
function keptLog() {
  try {
    const kept = JSON.parse(sessionStorage.getItem(`cactus-log:${code}`) || "null");
    return kept && Array.isArray(kept.lines) ? kept : null;
  } catch {
    return null;
  }
}

function keepLog(ended) {
  try {
    sessionStorage.setItem(`cactus-log:${code}`, JSON.stringify({ ended, lines: log.slice(-200) }));
  } catch {
    // a browser that keeps nothing: the log starts again at a reload
  }
}

function turnMessage(message) {
  const rules = message.snapshot && message.snapshot.rules;
  if (rules && Array.isArray(rules.names)) names = rules.names.map(String);
  if (Array.isArray(message.seats)) kinds = message.seats.map(String);
  over = Boolean(message.over);
  winners = over && rules && Array.isArray(rules.winners) ? rules.winners : [];
  const events = Array.isArray(message.events) ? message.events : [];
  const ended = message.ended ? message.ended.turn : null;
  if (message.reason === "turn_end") {
    log.push(...describeAll(shapes, events, nameOf));
    keepLog(ended);
    problem = "";
    queue = [];
    turning = 0;
  } else if (message.reason === "join") {
    const kept = keptLog();
    if (kept && kept.ended === ended) log = kept.lines; // this turn's events are told in it already
    else log = [...(kept ? kept.lines : []), ...describeAll(shapes, events, nameOf)];
    keepLog(ended);
  }
  if (message.reason !== "sync") inFlight = false;
}

function handle(message) {
  switch (message.type) {
    case "claimed":
      keepSeat(code, { seat: message.seat, token: message.token });
      send(sitDownMessage(code, { bodies: true }));
      return;
    case "joined":
      seat = message.seat;
      problem = "";
      break;
    case "watching":
      break;
    case "turn":
      turnMessage(message);
      break;
    case "bodies":
      state = message;
      inFlight = false;
      if (sentMove !== null) {
        const since = sentMove;
        sentMove = null;
        requestAnimationFrame(() => { // drawn in this frame (draw() was asked for before)
          marks.moves.push(performance.now() - since);
          if (marks.moves.length > 2000) marks.moves.shift();
        });
      }
      frameView();
      redraw();
      break;
    case "seats":
      if (Array.isArray(message.seats)) kinds = message.seats.map(String);
      break;
    case "turn_limit":
      if (message.seat === seat) problem = t("web.cactus.turn_limit");
      break;
    case "presence":
      seated = [];
      for (const entry of Array.isArray(message.seats) ? message.seats : []) {
        if (entry.name) seated[entry.seat] = String(entry.name);
      }
      break;
    case "left":
    case "resigned":
      if (message.type === "resigned") keepSeat(code, null); // the token joins no more
      seat = null;
      stopped = true;
      away = message.type === "left";
      socket.close();
      problem = "";
      render();
      say(away ? t("web.left") : t("presence.line.you.resigned"));
      return;
    case "error":
      inFlight = false;
      queue = []; // the calls after a refused one counted on it
      if (message.code === "bad_token") {
        keepSeat(code, null);
        return stop(t("web.error.bad_token"));
      }
      if (message.code === "table_full" && !watching) { // every seat is taken: the link still shows the game
        watching = true;
        full = true;
        send({ type: "watch", table: code, bodies: true });
        break;
      }
      if (FINAL[message.code]) return stop(FINAL[message.code](code));
      if (message.reason) problem = t(`cactus.refuse.${message.reason}`);
      if (!message.reason || problem === `cactus.refuse.${message.reason}`) {
        problem = t("web.error.other", { detail: message.message || message.code });
      }
      // out of step (an answer missed): sit down again, which sends the turn and the bodies as they stand
      if (message.code === "illegal" && /out of step/.test(message.message || "") && !watching) {
        send(sitDownMessage(code, { bodies: true }));
      }
      break;
    default:
      return;
  }
  render();
}

function stop(text) {
  stopped = true;
  say(text, true);
  setText("say", text);
  if (socket) socket.close();
  $("move").replaceChildren();
  buttonsKey = "";
}

function connect() {
  socket = new WebSocket(socketAddress());
  socket.addEventListener("open", () => {
    tries = 0;
    inFlight = false;
    queue = [];
    if (watching) send({ type: "watch", table: code, bodies: true });
    else send(sitDownMessage(code, { bodies: true }));
    render();
  });
  socket.addEventListener("message", (event) => handle(parsed(event.data) || {}));
  socket.addEventListener("close", (event) => {
    socket = null;
    if (stopped) return;
    const { final, wait } = afterClose(event, tries);
    if (final) {
      stop(final);
      return;
    }
    tries += 1;
    retryIn = wait;
    render();
    setTimeout(connect, wait * 1000);
  });
}

// Open Cactus table ``code`` (the card page hands over once the table says it is a Cactus table): a seat, or with
// ``spectator`` the spectators' view.
export async function openTable(tableCode, spectator) {
  code = tableCode;
  watching = spectator;
  $("title").textContent = t("web.cactus.table", { code });
  build();
  const answer = await fetch("/static/cactus-shapes.json");
  shapes = await answer.json();
  frameView();
  window.addEventListener("resize", () => { frameView(); redraw(); });
  render();
  redraw();
  connect();
  requestAnimationFrame(frame);
}
