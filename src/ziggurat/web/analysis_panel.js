// The Analyse button of a finished game's replay: asks the server to analyse the chosen
// seat's decisions (POST /api/tables/{id}/analysis; the bot searches each again from what
// the seat could see, in the server's bot workers), shows its progress, then the chart of
// the seat's estimated chance of winning over the game and the decisions where the most was
// lost, each with the better move, the line the bot expected, and a button to see the
// position. The result is stored with the table: asking again shows it at once.

import { api, el, seatName } from "./common.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const POLL_MS = 1000;

const state = {
  context: null, // () => {tableId, table, seat (the replay's viewer), finished}
  showMove: null, // (move) => steps the replay there
  shown: null, // the seat whose analysis is on screen (or under way)
  timer: null,
};

/** Wire the Analyse button; `context()` says the table and the replay's seat, and
 * `showMove(move)` steps the replay to the position before a decision. */
export function setupAnalysis(context, showMove) {
  state.context = context;
  state.showMove = showMove;
  $("replay-analyse").addEventListener("click", () => start());
  $("analysis-close").addEventListener("click", () => hide());
}

/** The button is there when a finished game is replayed as one of its seats; an analysis of
 * another seat than the one replayed goes away. */
export function renderAnalysis({ replaying, finished, seat }) {
  const button = $("replay-analyse");
  button.hidden = !(replaying && finished && seat !== null && seat !== undefined);
  if (state.shown !== null && (!replaying || state.shown !== seat)) hide();
}

async function start() {
  const { tableId, seat } = state.context();
  if (seat === null || seat === undefined) return;
  hide();
  state.shown = seat;
  $("analysis").hidden = false;
  $("analysis-title").textContent = "Analysis";
  showProgress(0, null, "Starting…");
  try {
    const status = await api(`/api/tables/${encodeURIComponent(tableId)}/analysis`, { method: "POST", body: { seat } });
    follow(status, seat);
  } catch (e) {
    showFailure(e.message);
  }
}

function follow(status, seat) {
  if (state.shown !== seat) return;
  const { tableId, table } = state.context();
  const who = seatName(table, seat);
  if (status.status === "done") {
    showResult(status.result, table, who);
    return;
  }
  if (status.status === "failed") {
    showFailure(`The analysis stopped: ${status.error}. Press Analyse to go on from where it was.`);
    return;
  }
  showProgress(status.done, status.total, `The ${status.strength} bot searches ${who}'s decisions again: ${status.done} of ${status.total}`);
  state.timer = setTimeout(async () => {
    try {
      follow(await api(`/api/tables/${encodeURIComponent(tableId)}/analysis?seat=${seat}`), seat);
    } catch (e) {
      showFailure(e.message);
    }
  }, POLL_MS);
}

function showProgress(done, total, text) {
  const bar = el("progress", { id: "analysis-progress", max: String(total || 1), value: String(done) });
  if (!total) bar.removeAttribute("value"); // not known yet: an indeterminate bar
  $("analysis-body").replaceChildren(el("p", { class: "analysis-note", text }), bar);
}

function showFailure(message) {
  $("analysis-body").replaceChildren(el("p", { class: "analysis-error", text: message }));
}

function showResult(result, table, who) {
  const byMove = new Map(result.decisions.map((d) => [d.move, d]));
  $("analysis-title").textContent = `Analysis of ${who}`;
  const note = el("p", { class: "analysis-note", text: `The ${result.strength} bot searched each of ${result.decisions.length} decisions again (${result.iterations} iterations each), from what ${who} could see then.` });
  const lessons = result.worst.map((move) => lesson(byMove.get(move), table));
  $("analysis-body").replaceChildren(
    note,
    chart(result),
    lessons.length
      ? el("h4", { text: "Where the most was lost" })
      : el("p", { class: "analysis-note", text: "No decision lost more than the search's own noise." }),
    lessons.length ? el("ol", { class: "analysis-lessons" }, lessons) : null,
  );
}

function lesson(d, table) {
  const expected = d.line.slice(0, 4).map((step) => `${seatName(table, step.seat)}: ${step.action}`).join(", ");
  return el(
    "li",
    { class: "analysis-lesson", "data-move": String(d.move) },
    el("b", { text: `Move ${d.move + 1}: ` }),
    `played ${d.played} (${pct(d.played_value)}), better ${d.best} (${pct(d.best_value)}): `,
    el("span", { class: "analysis-loss", text: `−${Math.round(d.loss * 100)} points of winning chance` }),
    expected ? el("span", { class: "analysis-line", text: ` The bot expected: ${expected}.` }) : null,
    " ",
    el("button", { type: "button", class: "small-button", text: "Show", onclick: () => state.showMove(d.move) }),
  );
}

function pct(value) {
  return `${Math.round(value * 100)}%`;
}

/** The estimated chance of winning at each decision, as a line over the moves; the worst
 * decisions are red dots (at the chance the move played kept), each a link to its position. */
function chart(result) {
  const width = 520;
  const height = 150;
  const pad = 26;
  const points = result.chart;
  const last = Math.max(1, ...points.map((p) => p.move + 1));
  const x = (move) => pad + ((move + 1) / last) * (width - 2 * pad);
  const y = (value) => height - pad - value * (height - 2 * pad);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "analysis-chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "the estimated chance of winning at each decision");
  const add = (tag, attrs, text) => {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (text) node.textContent = text;
    svg.append(node);
    return node;
  };
  for (const level of [0, 0.5, 1]) {
    add("line", { x1: pad, x2: width - pad, y1: y(level), y2: y(level), class: "analysis-grid" });
    add("text", { x: 2, y: y(level) + 4, class: "analysis-axis" }, pct(level));
  }
  add("polyline", { points: points.map((p) => `${x(p.move)},${y(p.value)}`).join(" "), class: "analysis-curve" });
  const byMove = new Map(result.decisions.map((d) => [d.move, d]));
  for (const move of result.worst) {
    const dot = add("circle", { cx: x(move), cy: y(byMove.get(move).played_value), r: 5, class: "analysis-dot", "data-move": move });
    dot.addEventListener("click", () => state.showMove(move));
    const title = document.createElementNS(SVG, "title");
    title.textContent = `move ${move + 1}: ${byMove.get(move).played}`;
    dot.append(title);
  }
  add("text", { x: width - pad, y: height - 6, class: "analysis-axis", "text-anchor": "end" }, `move ${last}`);
  return svg;
}

function hide() {
  clearTimeout(state.timer);
  state.timer = null;
  state.shown = null;
  $("analysis").hidden = true;
}
