// The Hint button of a casual table: asks the server for the medium bot's advice on this
// seat's decision (POST /api/tables/{id}/hint, searched from what the seat sees), and shows
// the bot's choice and two alternatives, each with its estimated chance and the line the
// bot expects, with a button to play it. Rated tables have no hints; a hint belongs to the
// position it was asked in and goes away when the table moves on.

import { api, el, seatName } from "./common.js";

const $ = (id) => document.getElementById(id);

const state = {
  context: null, // () => {tableId, seat, token, payload}
  play: null, // (text) => plays a move as a click on the board would
  shown: null, // the hint on screen: {version, seat, moves}
  asking: false,
};

/** Wire the Hint button; `context()` says the table, seat, token and payload on screen, and
 * `play(text)` makes a move. */
export function setupHints(context, play) {
  state.context = context;
  state.play = play;
  $("hint-button").addEventListener("click", () => ask());
  $("hint-close").addEventListener("click", () => hide());
}

/** Show the button where hints may be asked (a seat of a casual table, the game running,
 * not replaying), enabled on the seat's turn; drop a hint whose position has passed. */
export function renderHints(payload, { viewer, replaying, yourTurn }) {
  const table = payload.table;
  const button = $("hint-button");
  const allowed = !replaying && viewer !== null && viewer !== undefined && !table.rated && table.status !== "finished";
  button.hidden = !allowed;
  button.disabled = !yourTurn || state.asking;
  button.title = yourTurn
    ? "The bot's advice for this move, from what you can see"
    : "A hint is for your own move: wait for your turn";
  if (state.shown && (!allowed || state.shown.version !== payload.version || state.shown.seat !== viewer)) hide();
}

async function ask() {
  const { tableId, seat, token, payload } = state.context();
  if (state.asking || seat === null || seat === undefined || !payload) return;
  state.asking = true;
  const button = $("hint-button");
  button.disabled = true;
  button.textContent = "Thinking…";
  const bar = $("hint");
  try {
    const hint = await api(`/api/tables/${encodeURIComponent(tableId)}/hint`, { method: "POST", token, body: { seat } });
    const now = state.context().payload;
    if (now && now.version === hint.version) show(hint, now);
  } catch (e) {
    bar.hidden = false;
    $("hint-title").textContent = "No hint:";
    $("hint-list").replaceChildren(el("li", { class: "hint-error", text: e.message }));
    state.shown = { version: payload.version, seat, moves: [] };
  } finally {
    state.asking = false;
    button.textContent = "Hint";
    button.disabled = false;
  }
}

function show(hint, payload) {
  state.shown = hint;
  const table = payload.table;
  const items = hint.moves.map((move, i) => {
    const words = (move.described && (move.described.words || move.described.text)) || move.action;
    const line = move.line.slice(0, 3).map((step) => `${step.seat === hint.seat ? "you" : seatName(table, step.seat)}: ${step.words || step.action}`);
    return el(
      "li",
      { class: "hint-move", "data-action": move.action },
      el("span", { class: "hint-rank", text: i === 0 ? "Best" : "Also" }),
      el("b", { class: "hint-words", text: words }),
      el("span", { class: "hint-value", title: "the bot's estimate of your chance to win after this move", text: `${Math.round(move.value * 100)}%` }),
      line.length ? el("span", { class: "hint-line", text: `then ${line.join(", ")}` }) : null,
      el("button", { type: "button", class: "small-button", text: "Play", onclick: () => state.play(move.action) }),
    );
  });
  $("hint-title").textContent = `Hint from the ${hint.strength} bot (${hint.iterations} positions searched):`;
  $("hint-list").replaceChildren(...items);
  $("hint").hidden = false;
}

function hide() {
  state.shown = null;
  $("hint").hidden = true;
}
