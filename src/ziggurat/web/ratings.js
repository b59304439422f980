// Leaderboards and players' pages in the lobby, on hash routes (no page of their own):
// "#ratings/GAME/N" shows the best of GAME at N players, bots included; "#player/NAME" a
// player's ratings, each with a small plot of its history, and every game they played,
// linked to its table (where a finished game is replayed). Names are text, never markup.

import { api, el } from "./common.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

let gamesKnown = [];
// Each route's request takes a ticket: a reply rendered only if no later route asked since
// (a slow reply for the board left behind must not overwrite the one chosen after it).
let ticket = 0;

// Starts a route's load: the body keeps what it shows while the same page reloads (a reader
// never sees a row without its cells), and says "Loading…" only when it showed something else.
function begin(body, key) {
  ticket += 1;
  if (body.dataset.shown !== key) {
    body.replaceChildren(el("p", { class: "muted", text: "Loading…" }));
    delete body.dataset.shown;
  }
  body.setAttribute("aria-busy", "true");
  return ticket;
}

function finish(body, mine, key, ...children) {
  if (mine !== ticket) return;
  body.replaceChildren(...children);
  if (key) body.dataset.shown = key;
  else delete body.dataset.shown;
  body.removeAttribute("aria-busy");
}

export function setupRatings(games) {
  gamesKnown = games;
  window.addEventListener("hashchange", route);
  route();
}

function route() {
  const hash = decodeURIComponent(window.location.hash.slice(1));
  const panel = $("ratings-panel");
  const [kind, ...rest] = hash.split("/");
  if (kind === "ratings") {
    const game = rest[0] || (gamesKnown[0] && gamesKnown[0].name);
    const spec = gamesKnown.find((g) => g.name === game) || gamesKnown[0];
    const players = Number(rest[1]) || (spec ? spec.players[0] : 2);
    panel.hidden = false;
    showLeaderboard(spec ? spec.name : game, players);
  } else if (kind === "player" && rest.length) {
    panel.hidden = false;
    showPlayer(rest.join("/"));
  } else {
    panel.hidden = true;
    return;
  }
  panel.scrollIntoView({ block: "start" });
}

function title(name) {
  const spec = gamesKnown.find((g) => g.name === name);
  return spec ? spec.title : name;
}

function playerLink(name, kind) {
  return el("a", { href: `#player/${encodeURIComponent(name)}`, class: "player-link" }, name, kind === "bot" ? el("span", { class: "bot-mark", text: " (bot)" }) : null);
}

function chooser(game, players) {
  const links = [];
  for (const spec of gamesKnown) {
    for (const n of spec.players) {
      const here = spec.name === game && n === players;
      links.push(el("a", { href: `#ratings/${spec.name}/${n}`, class: here ? "chosen" : "", "aria-current": here ? "page" : null, text: `${spec.title} ${n}p` }));
    }
  }
  return el("nav", { class: "board-chooser" }, links);
}

async function showLeaderboard(game, players) {
  const body = $("ratings-body");
  const key = `ratings/${game}/${players}`;
  $("ratings-title").textContent = `Ratings · ${title(game)}, ${players} players`;
  const mine = begin(body, key);
  try {
    const board = await api(`/api/ratings/${encodeURIComponent(game)}?players=${players}`);
    const rows = board.ratings.map((r) =>
      el("tr", { "data-name": r.name }, el("td", { text: r.place }), el("td", {}, playerLink(r.name, r.kind)), el("td", { class: "num", text: r.rating.toFixed(2) }), el("td", { class: "num", text: r.games })),
    );
    finish(body, mine, key,
      chooser(game, players),
      rows.length
        ? el("table", { class: "leaderboard" }, el("thead", {}, el("tr", {}, el("th", { text: "#" }), el("th", { text: "player" }), el("th", { text: "rating" }), el("th", { text: "games" }))), el("tbody", {}, rows))
        : el("p", { class: "muted", text: "No rated game of this yet." }),
      el("p", { class: "hint", text: "The rating is OpenSkill's cautious estimate (μ − 3σ): it rises as you win and as the estimate grows surer. Bots are rated like everyone." }),
    );
  } catch (e) {
    finish(body, mine, null, el("p", { class: "error", text: e.message }));
  }
}

async function showPlayer(name) {
  const body = $("ratings-body");
  const key = `player/${name}`;
  $("ratings-title").textContent = name;
  const mine = begin(body, key);
  try {
    const page = await api(`/api/players/${encodeURIComponent(name)}`);
    if (mine !== ticket) return;
    $("ratings-title").textContent = `${page.name}${page.kind === "bot" ? " (bot)" : ""}`;
    const ratings = page.ratings.map((r) =>
      el("li", { class: "player-rating", "data-game": `${r.game}/${r.players}` },
        el("a", { href: `#ratings/${r.game}/${r.players}`, text: `${title(r.game)}, ${r.players} players` }),
        el("span", { text: ` · ${r.rating.toFixed(2)} after ${r.games} game${r.games === 1 ? "" : "s"}` }),
        plot(r.history)),
    );
    const games = page.games.map((g) =>
      el("li", { class: "player-game", "data-table": g.table },
        el("a", { href: `/table/${encodeURIComponent(g.table)}`, text: `${title(g.game)} · ${g.table}` }),
        el("span", { class: "muted", text: ` · ${gameLine(g)}` })),
    );
    finish(body, mine, key,
      el("h3", { text: "Ratings" }),
      ratings.length ? el("ul", { class: "player-ratings" }, ratings) : el("p", { class: "muted", text: "No rated game yet." }),
      el("h3", { text: "Games" }),
      games.length ? el("ul", { class: "player-games" }, games) : el("p", { class: "muted", text: "No game yet." }),
    );
  } catch (e) {
    finish(body, mine, null, el("p", { class: "error", text: e.message }));
  }
}

function gameLine(game) {
  const names = game.names.join(", ");
  if (game.status !== "finished") return `${names} · ${game.status}`;
  const won = (game.winners || []).includes(game.seat);
  return `${names} · ${game.scores.join("–")} · ${won ? "won" : "lost"}${game.rated ? " · rated" : ""}`;
}

/** A small line plot of a rating's history (SVG): a polyline through the ratings after each
 * rated game, on two axes labelled with the first and last dates (x) and the lowest and
 * highest ratings (y). Each point's tooltip names its date and rating. */
function plot(history) {
  const width = 260, height = 96;
  const left = 40, right = 8, top = 8, bottom = 18; // room for the labels, off the line
  const svg = svgNode("svg", { class: "rating-plot", viewBox: `0 0 ${width} ${height}`, role: "img" });
  if (!history.length) return svg;
  const values = history.map((h) => h.rating);
  const low = Math.min(...values), high = Math.max(...values);
  const x0 = left, x1 = width - right, y0 = top, y1 = height - bottom;
  const x = (i) => (history.length === 1 ? (x0 + x1) / 2 : x0 + 6 + (i * (x1 - x0 - 12)) / (history.length - 1));
  // One value only (or all equal): a flat line halfway up.
  const y = (v) => (high === low ? (y0 + y1) / 2 : y0 + 4 + (y1 - y0 - 8) * (1 - (v - low) / (high - low)));
  svg.append(
    svgNode("polyline", { class: "plot-axis", points: `${x0},${y0} ${x0},${y1} ${x1},${y1}` }),
    svgNode("polyline", { class: "plot-line", points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ") }),
  );
  for (const [i, point] of history.entries()) {
    const dot = svgNode("circle", { class: "plot-point", cx: x(i).toFixed(1), cy: y(point.rating).toFixed(1), r: 2.8 });
    dot.append(svgNode("title", { text: `${day(point.at)}: ${point.rating.toFixed(2)} (table ${point.table})` }));
    svg.append(dot);
  }
  const label = (text, lx, ly, anchor, kind) =>
    svg.append(svgNode("text", { class: `plot-label ${kind}`, x: lx, y: ly, "text-anchor": anchor, text }));
  label(high.toFixed(1), x0 - 4, y(high) + 3, "end", "plot-max");
  if (high !== low) label(low.toFixed(1), x0 - 4, y(low) + 3, "end", "plot-min");
  label(day(history[0].at), x0, height - 4, "start", "plot-first");
  if (history.length > 1) label(day(history[history.length - 1].at), x1, height - 4, "end", "plot-last");
  const n = values.length;
  svg.setAttribute("aria-label", `rating from ${values[0].toFixed(2)} to ${values[n - 1].toFixed(2)} over ${n} game${n === 1 ? "" : "s"}`);
  return svg;
}

function day(at) {
  return new Date(at).toLocaleDateString();
}

/** An SVG element with attributes; `text` is its text content (never markup). */
function svgNode(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  return node;
}
