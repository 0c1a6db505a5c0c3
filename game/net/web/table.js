// The table page: one seat of a card table, over the same websocket wire as any client (docs/design.md, "Remote
// play"). The browser keeps the player's name, a player id and, per table code, the seat and its token, so a
// reload or a tab opened again takes the same seat back.
import { actionWords, askWords, cardName, cardRule, cardsText, describe, seatWords } from "/static/card_words.js";
import { askFirst, askToGiveUp } from "/static/ask.js";
import { afterClose, parsed, socketAddress } from "/static/link.js";
import { ensurePlayer, keep, keepSeat as keepSeatOf, sitDownMessage, stored } from "/static/seat_store.js";
import { loadWords, plural, t } from "/static/words.js";

const code = decodeURIComponent(location.pathname.slice(3)).toUpperCase();
// /w/CODE: a spectator's link (the spectators' view: nobody's hand, no move), /t/CODE: a seat's
const watching = location.pathname.startsWith("/w/");
const $ = (id) => document.getElementById(id);

let socket = null;
let tries = 0;
let stopped = false; // a final refusal, or the player left: no reconnect
let seat = null;
let view = null;
let legal = [];
let log = [];
let presence = null;
let presenceAt = 0;
let waiting = false; // an act sent, its answer not here yet: no second click
let keyboard = false; // the last move was made with the keyboard
let sentAt = null; // when the last act was sent (performance.now()), until its state is on screen

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function say(text, problem = false) {
  const line = $("link");
  line.textContent = text;
  line.classList.toggle("problem", problem);
}

// A seat's name: the person's, or a bot's as the program names its bots (Ada, Basil, ...), else "Player n".
function nameOf(index) {
  const seats = presence ? presence.seats : [];
  const entry = seats.find((s) => s.seat === index);
  if (entry && entry.name) return entry.name;
  if (entry && entry.kind === "bot") {
    const names = t("table.bot_names").split("|");
    const before = seats.filter((s) => s.seat < index && s.kind === "bot" && !s.name).length;
    return names[before % names.length];
  }
  return t("artischocken.seat", { n: index + 1 });
}

// -- the connection ---------------------------------------------------------------------------------------------

function connect() {
  ready.then(() => { if (!view) say(t("web.connecting")); });
  socket = new WebSocket(socketAddress());
  socket.addEventListener("open", () => {
    tries = 0;
    // the room first: a Cactus table has its own page
    send({ type: "peek", table: code });
  });
  socket.addEventListener("message", (event) => {
    const message = parsed(event.data);
    if (message) ready.then(() => handle(message)); // in order, once worded
  });
  socket.addEventListener("close", (event) => {
    socket = null;
    if (stopped) return;
    const { final, wait } = afterClose(event, tries);
    if (final) {
      stop(final);
      return;
    }
    tries += 1;
    say(t("web.lost", { seconds: wait }), true);
    render();
    setTimeout(connect, wait * 1000);
  });
}

// A Cactus table: its own page (cactus.js) takes the table over with a connection of its own.
function openCactus() {
  stopped = true;
  if (socket) socket.close();
  import("/static/cactus.js").then((page) => page.openTable(code, watching));
}

function stop(text) {
  stopped = true;
  say(text, true);
  if (!view) {
    // nothing to show of the table: the reason takes the page's place
    document.body.classList.add("stopped");
    $("turn").textContent = text;
  }
  if (socket) socket.close();
  render();
}

function sitDown() {
  send(sitDownMessage(code));
}

function keepSeat(entry) {
  keepSeatOf(code, entry);
}

const FINAL = {
  no_table: () => t("web.error.no_table", { code }),
  table_full: () => t("web.error.table_full"),
  already_seated: () => t("web.error.already_seated"),
};

function handle(message) {
  switch (message.type) {
    case "table":
      if (message.room === "cactus") openCactus();
      else if (message.room !== "artischocken") stop(t("web.not_card"));
      else {
        $("title").textContent = t("web.cards.table", { code });
        if (watching) send({ type: "watch", table: code });
        else sitDown();
      }
      return;
    case "watching":
      log = [];
      say(t("web.watching"));
      return;
    case "claimed":
      keepSeat({ seat: message.seat, token: message.token });
      sitDown();
      return;
    case "joined":
      seat = message.seat;
      log = [];
      say("");
      return;
    case "state":
      view = message.view;
      legal = Array.isArray(message.legal) ? message.legal : [];
      if (message.log_from === 0) log = [];
      log.push(...(view.log || []));
      waiting = false;
      render();
      shown();
      return;
    case "presence":
      presence = message;
      presenceAt = performance.now();
      render();
      return;
    case "left":
      seat = null;
      stopped = true;
      socket.close();
      renderLeft();
      return;
    case "resigned":
      keepSeat(null); // the token joins no more: this browser holds no seat here now
      seat = null;
      stop(t("presence.line.you.resigned"));
      return;
    case "error":
      waiting = false;
      sentAt = null;
      if (message.code === "bad_token") {
        keepSeat(null); // the seat is not this browser's any more: a reload asks for a free one
        stop(t("web.error.bad_token"));
      } else if (FINAL[message.code]) {
        stop(FINAL[message.code]());
      } else {
        say(t("web.error.other", { detail: message.message || message.code }), true);
        render();
      }
      return;
    default:
  }
}

// -- drawing ----------------------------------------------------------------------------------------------------

function cardItem(card) {
  const item = document.createElement("li");
  item.textContent = cardName(card);
  item.title = cardRule(card);
  item.className = card;
  return item;
}

function fill(list, items) {
  list.replaceChildren(...items);
}

function botIn(entry) {
  if (entry.bot_in == null) return null;
  if (presence.state === "paused") return entry.bot_in;
  return Math.max(0, entry.bot_in - (performance.now() - presenceAt) / 1000);
}

function renderSeats() {
  const items = [];
  const count = view ? view.players : presence ? presence.seats.length : 0;
  for (let index = 0; index < count; index += 1) {
    const item = document.createElement("li");
    const head = document.createElement("strong");
    head.textContent = nameOf(index) + (index === seat ? ` (${t("web.you")})` : "");
    item.append(head);
    if (view && view.current_player === index && !view.is_over) {
      const mark = document.createElement("span");
      mark.className = "turn-mark";
      mark.textContent = " ◀";
      mark.setAttribute("aria-hidden", "true");
      item.append(mark);
    }
    const entry = presence && presence.seats.find((s) => s.seat === index);
    if (entry) {
      // while the connection is lost, what the server said last may be stale: nothing is claimed of any seat
      const words = live() ? seatWords(entry, nameOf(index), { you: index === seat, botIn: botIn(entry) })
        : { text: t("presence.unknown"), tone: "" };
      const state = document.createElement("span");
      state.className = `state ${words.tone}`;
      state.textContent = words.text;
      item.append(state);
    }
    const facts = view && view.seats[index];
    if (facts && index !== seat) {
      const line = document.createElement("span");
      line.className = "state";
      const top = facts.discard.length ? ` · ${t("web.seat.top", { card: cardName(facts.discard.at(-1)) })}` : "";
      const chokes = facts.artichokes != null ? ` · ${plural("web.seat.artichokes", facts.artichokes)}` : "";
      line.textContent = t("web.seat.facts", { hand: facts.hand_count, deck: facts.deck_count,
        discard: facts.discard.length }) + top + chokes;
      item.append(line);
    }
    items.push(item);
  }
  fill($("seats"), items);
}

function turnWords() {
  if (view.is_over) {
    if (view.winner == null) return t("web.over.none");
    return view.winner === seat ? t("web.over.you") : t("web.over.win", { name: nameOf(view.winner) });
  }
  if (!live()) return t("presence.link.prompt_lost");
  if (legal.length) return askWords(view, nameOf);
  const pending = view.pending;
  if (pending && pending.kind === "eggplant") return t("web.ask.wait_pass");
  const turn = view.current_player;
  const entry = presence && presence.seats.find((s) => s.seat === turn);
  if (entry && entry.state !== "here") {
    const words = seatWords(entry, nameOf(turn), { turn: true, botIn: botIn(entry) });
    if (words.line) return words.line;
  }
  return t("web.ask.wait", { name: nameOf(turn) });
}

function live() {
  return socket !== null && socket.readyState === WebSocket.OPEN;
}

function renderMove() {
  const region = $("move");
  // ending the turn comes last: a second click on the place of a move just made never lands on it
  const moves = live() && view && !view.is_over ? legal : [];
  const ordered = [...moves.filter((a) => a.kind !== "end_play"), ...moves.filter((a) => a.kind === "end_play")];
  const buttons = ordered.map((action) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = actionWords(action, view, nameOf);
    button.disabled = waiting;
    const act = () => {
      waiting = true;
      for (const other of region.querySelectorAll("button")) other.disabled = true;
      sentAt = performance.now();
      send({ type: "act", action });
    };
    button.addEventListener("click", (event) => {
      if (waiting) return;
      keyboard = event.detail === 0; // Enter or Space: the next decision's first button gets the focus
      // ending the turn while a card could still be played is asked first, as the program asks
      const playable = action.kind === "end_play"
        ? [...new Set(legal.filter((other) => other.kind === "play").map((other) => cardName(other.card)))] : [];
      if (playable.length) {
        askFirst(t("table.end_turn.title"), t("table.end_turn.body", { cards: playable.join(", ") }),
          t("table.menu.stay"), t("table.btn.end_turn"), act);
      } else act();
    });
    return button;
  });
  fill(region, buttons);
  if (keyboard && buttons.length && !waiting) buttons[0].focus();
}

function render() {
  // what the page stands at, for a test or a screen reader's script: over, a move asked, or waiting
  document.body.dataset.state = !view ? "" : view.is_over ? "over" : legal.length ? "move" : "wait";
  if (!view) {
    renderSeats();
    return;
  }
  $("turn").textContent = turnWords();
  renderMove();
  fill($("hand"), view.hand.map(cardItem));
  const own = view.seats[view.seat] || { deck_count: 0, discard: [] };
  const known = view.deck_top_known.length ? ` ${t("web.deck_known", { cards: cardsText(view.deck_top_known) })}` : "";
  $("own").textContent = t("web.own", { deck: own.deck_count, discard: own.discard.length,
    compost: view.compost.length }) + known;
  fill($("row"), view.garden_row.map(cardItem));
  $("garden").textContent = `${t("web.garden", { n: view.garden_stack_count })} · ${t("web.round", {
    n: view.turn.round + 1 })}`;
  renderSeats();
  const lines = log.slice(-200).map((event) => {
    const item = document.createElement("li");
    item.textContent = describe(event, nameOf);
    return item;
  });
  const list = $("log");
  fill(list, lines);
  list.scrollTop = list.scrollHeight;
  $("leave").hidden = seat === null || view.is_over;
  $("give-up").hidden = $("leave").hidden;
}

// Once a state is drawn (the frame it is painted in): since the page opened for the first state, since the act
// for the state that answers it. Kept on the body for the web bench (python -m game bench web).
function shown() {
  const since = sentAt;
  sentAt = null;
  requestAnimationFrame(() => {
    const now = performance.now();
    const marks = document.body.dataset;
    if (!marks.firstMs) marks.firstMs = now.toFixed(1);
    if (since !== null) {
      marks.actMs = (now - since).toFixed(1);
      marks.acts = String(Number(marks.acts || 0) + 1);
    }
  });
}

function renderLeft() {
  $("turn").textContent = t("web.left");
  fill($("move"), []);
  const again = document.createElement("button");
  again.type = "button";
  again.textContent = t("web.sit_again");
  again.addEventListener("click", () => {
    stopped = false;
    fill($("move"), []);
    connect();
  });
  $("move").append(again);
  $("leave").hidden = true;
  $("give-up").hidden = true;
}

// -- the start --------------------------------------------------------------------------------------------------

function askName() {
  const form = $("name-form");
  const field = $("name");
  form.hidden = false;
  document.body.classList.add("asking"); // the name first: the table's empty panels wait
  field.focus();
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = field.value.trim().replace(/\s+/g, " ").slice(0, 24);
    if (!name) return;
    keep({ name });
    form.hidden = true;
    document.body.classList.remove("asking");
    connect();
  });
}

// the words load while the connection opens: nothing is drawn before both are there
// (the room is not known before the table answers: the title names the table alone until then)
const ready = loadWords().then(() => { $("title").textContent = t("web.table", { code }); });
$("leave").addEventListener("click", () => send({ type: "leave" }));
$("give-up").addEventListener("click", () => askToGiveUp(send));
setInterval(() => { if (presence && view) renderSeats(); }, 1000); // the countdowns of away seats
ensurePlayer();
if (watching) document.body.classList.add("watching");
if (stored().name || watching) connect();
else ready.then(askName);
