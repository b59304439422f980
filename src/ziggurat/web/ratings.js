// Leaderboards and players' pages in the lobby, on hash routes (no page of their own):
// "#ratings/GAME/N" shows the best of GAME at N players, bots included; "#player/NAME" a
// player's ratings, each with a small plot of its history, and every game they played,
// linked to its table (where a finished game is replayed). Names are text, never markup.

import { api, el } from "./common.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

let gamesKnown = [];

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
  $("ratings-title").textContent = `Ratings · ${title(game)}, ${players} players`;
  body.replaceChildren(el("p", { class: "muted", text: "Loading…" }));
  try {
    const board = await api(`/api/ratings/${encodeURIComponent(game)}?players=${players}`);
    const rows = board.ratings.map((r) =>
      el("tr", { "data-name": r.name }, el("td", { text: r.place }), el("td", {}, playerLink(r.name, r.kind)), el("td", { class: "num", text: r.rating.toFixed(2) }), el("td", { class: "num", text: r.games })),
    );
    body.replaceChildren(
      chooser(game, players),
      rows.length
        ? el("table", { class: "leaderboard" }, el("thead", {}, el("tr", {}, el("th", { text: "#" }), el("th", { text: "player" }), el("th", { text: "rating" }), el("th", { text: "games" }))), el("tbody", {}, rows))
        : el("p", { class: "muted", text: "No rated game of this yet." }),
      el("p", { class: "hint", text: "The rating is OpenSkill's cautious estimate (μ − 3σ): it rises as you win and as the estimate grows surer. Bots are rated like everyone." }),
    );
  } catch (e) {
    body.replaceChildren(el("p", { class: "error", text: e.message }));
  }
}

async function showPlayer(name) {
  const body = $("ratings-body");
  $("ratings-title").textContent = name;
  body.replaceChildren(el("p", { class: "muted", text: "Loading…" }));
  try {
    const page = await api(`/api/players/${encodeURIComponent(name)}`);
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
    body.replaceChildren(
      el("h3", { text: "Ratings" }),
      ratings.length ? el("ul", { class: "player-ratings" }, ratings) : el("p", { class: "muted", text: "No rated game yet." }),
      el("h3", { text: "Games" }),
      games.length ? el("ul", { class: "player-games" }, games) : el("p", { class: "muted", text: "No game yet." }),
    );
  } catch (e) {
    body.replaceChildren(el("p", { class: "error", text: e.message }));
  }
}

function gameLine(game) {
  const names = game.names.join(", ");
  if (game.status !== "finished") return `${names} · ${game.status}`;
  const won = (game.winners || []).includes(game.seat);
  return `${names} · ${game.scores.join("–")} · ${won ? "won" : "lost"}${game.rated ? " · rated" : ""}`;
}

/** A small line plot of a rating's history (SVG), with its first and last dates and its
 * lowest and highest values as labels. */
function plot(history) {
  const width = 240, height = 70, pad = 4;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "rating-plot");
  svg.setAttribute("viewBox", `0 0 ${width} ${height + 14}`);
  svg.setAttribute("role", "img");
  if (!history.length) return svg;
  const values = history.map((h) => h.rating);
  const low = Math.min(...values), high = Math.max(...values);
  const span = high - low || 1;
  const x = (i) => (history.length === 1 ? width / 2 : pad + (i * (width - 2 * pad)) / (history.length - 1));
  const y = (v) => pad + (height - 2 * pad) * (1 - (v - low) / span);
  const line = document.createElementNS(SVG, "polyline");
  line.setAttribute("points", values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "));
  line.setAttribute("fill", "none");
  line.setAttribute("stroke", "currentColor");
  line.setAttribute("stroke-width", "2");
  svg.append(line);
  for (const [i, v] of values.entries()) {
    const dot = document.createElementNS(SVG, "circle");
    dot.setAttribute("cx", x(i).toFixed(1));
    dot.setAttribute("cy", y(v).toFixed(1));
    dot.setAttribute("r", "2.5");
    svg.append(dot);
  }
  const label = (text, lx, ly, anchor) => {
    const t = document.createElementNS(SVG, "text");
    t.setAttribute("x", lx);
    t.setAttribute("y", ly);
    t.setAttribute("text-anchor", anchor);
    t.setAttribute("font-size", "9");
    t.textContent = text;
    svg.append(t);
  };
  const day = (at) => new Date(at).toLocaleDateString();
  label(day(history[0].at), pad, height + 12, "start");
  label(day(history[history.length - 1].at), width - pad, height + 12, "end");
  label(high.toFixed(1), width - pad, 10, "end");
  if (high !== low) label(low.toFixed(1), width - pad, height - 2, "end");
  svg.setAttribute("aria-label", `rating from ${values[0].toFixed(2)} to ${values[values.length - 1].toFixed(2)} over ${values.length} game${values.length === 1 ? "" : "s"}`);
  return svg;
}
