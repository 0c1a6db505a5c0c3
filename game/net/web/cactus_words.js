// The Cactus table in words, as the program says it (game/cactus/screens/texts.py): the pieces' names, what the
// die asks, the rules' events of a turn and what a broken rule asks of the player. The pieces' kind, colour and
// form come from /static/cactus-shapes.json; the words from the program's own catalogue.
import { t } from "/static/words.js";

const GENDERS = ["m", "f", "n"];

export function pieceName(shapes, id) {
  const piece = shapes && shapes.pieces[id];
  if (!piece) return String(id);
  const colour = t(`cactus.colour.${piece.colour_name}`);
  if (piece.kind === "special") return t("cactus.piece.special", { name: t(`cactus.special.${id}`), colour });
  return t("cactus.piece.basic", { colour, form: t(`cactus.form.${piece.form}`) });
}

// The pronoun standing for the piece ("lege sie erneut"): the gender of the name the piece goes by.
export function pronoun(shapes, id) {
  const piece = id && shapes && shapes.pieces[id];
  let gender = "n";
  if (piece) gender = t(`${piece.kind === "special" ? `cactus.special.${id}` : `cactus.form.${piece.form}`}.gender`);
  return t(`cactus.pronoun.${GENDERS.includes(gender) ? gender : "n"}`);
}

function inSentence(name) {
  return t("cactus.names.in_sentence") === "lower" ? name.toLowerCase() : name;
}

// What the die (or the first turn) asks for: the table's "wanted" ([what, value]).
export function ask(state) {
  if (state.first_turn) return t("cactus.die.first.ask");
  const [what, value] = state.wanted || ["special", null];
  if (what === "colour") return t("cactus.die.colour.ask", { colour: inSentence(t(`cactus.colour.${value}`)) });
  if (what === "form") return t("cactus.die.form.ask", { form: inSentence(t(`cactus.form.${value}`)) });
  return t("cactus.die.special.ask");
}

export function target(shapes, state) {
  const it = pronoun(shapes, state.piece);
  return state.target == null ? t("cactus.target.any", { it }) : t("cactus.target", { cactus: state.target + 1, it });
}

// The first broken rule explained (which pieces, how to fix it), and the others named.
export function brokenRules(shapes, state) {
  const [first, ...rest] = state.violations;
  const where = state.target == null ? t("cactus.where.any") : t("cactus.where.one", { cactus: state.target + 1 });
  const piece = state.piece ? pieceName(shapes, state.piece) : "";
  const others = first.pieces.filter((id) => id !== state.piece);
  const other = others.length ? pieceName(shapes, others[0]) : "";
  let text = t(`cactus.explain.${first.kind}`, { piece, other, where });
  if (rest.length) {
    const cactus = state.target == null ? "?" : state.target + 1;
    const also = [...new Set(rest.map((v) => t(`cactus.violation.${v.kind}`, { cactus })))].join(" ");
    text = `${text} ${t("cactus.explain.more", { rules: also })}`;
  }
  return text;
}

// One turn-log sentence for a rule event (``nameOf``: a seat's name).
export function describe(shapes, event, nameOf) {
  const player = event.player == null ? "?" : nameOf(event.player);
  const first = event.pieces && event.pieces.length ? event.pieces[0] : null;
  const values = { player, piece: first ? pieceName(shapes, first) : "", flowers: Math.abs(event.flowers),
    nominal: event.nominal, cactus: event.cactus == null ? "" : event.cactus + 1, it: pronoun(shapes, first) };
  const kind = event.kind;
  if (kind === "roll") {
    if (event.detail === "special") return t("cactus.event.roll_special", { player });
    values.face = event.detail ? t(`cactus.die.${event.detail}`) : "";
  } else if (kind === "award" || kind === "award_lost" || kind === "claim_rejected") {
    values.award = event.detail ? t(`cactus.award.${event.detail}`) : "";
    if (kind === "award" && event.flowers < event.nominal) return t("cactus.event.award_short", values);
  } else if (kind === "piece_returned") {
    values.place = t(`cactus.place.${event.detail}`);
  } else if (kind === "game_over") {
    values.reason = t(`cactus.end.${event.detail}`);
  } else if ((kind === "hand_touch" || kind === "knocked") && event.flowers === 0) {
    return t("cactus.event.nothing_to_pay", { player });
  }
  if (kind === "hand_touch" && event.detail === "piece") return t("cactus.event.hand_touch_piece", values);
  return t(`cactus.event.${kind}`, values);
}

// The turn log's lines for a turn's events: a run of equal events once, with how often it came ("×5").
export function describeAll(shapes, events, nameOf) {
  const runs = [];
  for (const event of events) {
    const key = JSON.stringify(event);
    if (runs.length && runs.at(-1).key === key) runs.at(-1).count += 1;
    else runs.push({ key, event, count: 1 });
  }
  return runs.map(({ event, count }) => {
    if (count === 1) return describe(shapes, event, nameOf);
    if (event.kind === "placed_fell" && event.pieces.length) {
      return t("cactus.event.placed_fell_times", { piece: pieceName(shapes, event.pieces[0]), count,
        it: pronoun(shapes, event.pieces[0]) });
    }
    return t("cactus.repeated", { text: describe(shapes, event, nameOf), count });
  });
}
