// The table page: one seat of a card table, over the same websocket wire as any client.
import { loadWords } from "/static/words.js";

await loadWords();
