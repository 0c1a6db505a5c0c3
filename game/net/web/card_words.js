// The card game's words on the page: card names, a legal action as a button says it, an event of the log as a
// sentence, a seat's presence, all from the program's own catalogues (the same texts the program shows).
import { plural, t } from "/static/words.js";

export function cardName(card) {
  return t(`artischocken.card.${card}.name`);
}

export function cardRule(card) {
  return t(`artischocken.card.${card}.rule`);
}

// "Artichoke, 2× Corn", in first-seen order.
export function cardsText(cards) {
  if (!cards.length) return t("artischocken.no_cards");
  const counts = new Map();
  for (const card of cards) counts.set(card, (counts.get(card) || 0) + 1);
  return [...counts].map(([card, n]) => (n === 1 ? cardName(card)
    : t("artischocken.card_times", { count: n, card: cardName(card) }))).join(", ");
}

// One sentence of the log. The server sends a seat only the cards it may see: a hidden card comes as null.
export function describe(event, nameOf) {
  const what = String(event.what ?? "unknown");
  const cards = event.cards;
  const count = Number(event.count ?? (cards ? cards.length : 0));
  const shown = cards ? cardsText(cards) : plural("artischocken.hidden_cards", count);
  let key = what;
  if (what === "play" && event.target != null) key = "play_target";
  else if (what === "reveal" && event.from === "garden_stack") key = "reveal_stack";
  let full = `artischocken.event.${key}`;
  if (t(full) === full) full = "artischocken.event.unknown";
  const who = (seat) => (Number.isInteger(seat) ? nameOf(seat) : "-");
  return t(full, { seat: who(event.seat), target: who(event.target), cards: shown, what });
}

// The words of a legal action's button (its whole meaning: a button never needs a second step).
export function actionWords(action, view, nameOf) {
  const card = action.card ? cardName(action.card) : "";
  const pending = view.pending || {};
  switch (action.kind) {
    case "harvest":
      return t("web.act.harvest", { card });
    case "end_play":
      return t("web.act.end_play");
    case "play":
      if (action.target != null) return t("web.act.play_target", { card, name: nameOf(action.target) });
      if (action.cards && action.cards.length) {
        const choice = cardsText(action.cards);
        return t(action.card === "corn" ? "web.act.play_row" : "web.act.play_discard", { card, choice });
      }
      return t("web.act.play", { card });
    case "choose":
      if (action.option) {
        const shown = cardsText(pending.revealed || []);
        return action.option === "take" ? t("web.act.take_card", { card: shown })
          : t("web.act.leave_card", { card: shown, name: nameOf(pending.target) });
      }
      if (pending.kind === "peas") return t("web.act.keep", { card, name: nameOf(action.target) });
      if (action.cards && action.cards.length) return t("web.act.pass", { cards: cardsText(action.cards) });
      return t("web.act.take", { card });
    default:
      return `${action.kind} ${card}`.trim();
  }
}

// What the game asks of this seat now (legal is not empty), in a sentence.
export function askWords(view, nameOf) {
  const pending = view.pending;
  const seats = view.players;
  if (pending && pending.kind === "leek") {
    return t("web.ask.leek", { card: cardsText(pending.revealed || []), name: nameOf(pending.target) });
  }
  if (pending && pending.kind === "peas") return t("web.ask.peas");
  if (pending && pending.kind === "rhubarb") return t("web.ask.rhubarb");
  if (pending && pending.kind === "eggplant") {
    const left = nameOf((view.seat + 1) % seats);
    return pending.count === 1 ? t("web.ask.eggplant_one", { name: left })
      : t("web.ask.eggplant", { n: pending.count, name: left });
  }
  return view.phase === "harvest" ? t("web.ask.harvest") : t("web.ask.play");
}

// A countdown as the program shows it: 1:42.
function clock(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

// The key of a seat's words under "presence." (as the program's seat_words): "" for a state not known here.
function wordKey(entry, botIn) {
  if (entry.kind === "bot") return "bot";
  if (entry.state === "away") return botIn == null ? "away" : botIn <= 0 ? "away_now" : "away_bot_in";
  if (entry.state === "bot") return "taken";
  return ["waiting", "here", "left", "returning", "resigned"].includes(entry.state) ? entry.state : "";
}

const TONES = { here: "here", waiting: "wait", away: "away", away_bot_in: "away", away_now: "away", left: "bot",
  bot: "bot", taken: "bot", returning: "wait", resigned: "bot" };

// A seat's presence in words: its state (text, tone) and, on its turn, the sentence for the banner (line).
export function seatWords(entry, name, { you = false, turn = false, botIn = null } = {}) {
  const key = wordKey(entry, botIn);
  if (!key) return { text: "", tone: "", line: "" };
  const values = { name, time: botIn == null ? "" : clock(botIn) };
  const who = you ? "you." : "";
  return { text: t(`presence.${who}${key}`, values), tone: TONES[key],
    line: t(`presence.${turn ? "turn" : "line"}.${who}${key}`, values) };
}
