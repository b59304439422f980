// Babylonia in the browser: draws payload.view (see games/babylonia/views.py) as an SVG
// board with a side panel, and offers payload.legal_actions as clicks. No rule is
// re-implemented here: every highlighted hex and every button is one legal action; the
// words of a phase (view.task), what a crop field pays now (its hex's `points`) and the card
// of an extra turn (the `card` of the extra actions) come from the server. The hex geometry,
// the buttons and the grouping of the actions are the kit's (kit.js).

import { el } from "../common.js";
import { doubledCenter, hexKey as key, hexPoints, SQRT3, viewBoxAround } from "../kit.js";
import { actionButton, choiceList, confirmBox, markTarget, offeredActions, onActivate, sortActions, touchAsks } from "../kit.js";
import { legend, playersSection, seatState, svg, turnMark, viewToDraw, zoomableBoard } from "../kit.js";

export const title = "Babylonia";
// A tap on the board asks first itself (a first tap shows the move, a second makes it),
// when the player wants taps to ask (kit.js touchAsks): the table adds no question of its own.
export const confirmsTaps = true;

const S = 30; // hex circumradius in SVG units
const H = (SQRT3 / 2) * S; // half the hex height

const KINDS = ["merchant", "servant", "priest", "farmer"];
const LETTER = { merchant: "M", servant: "S", priest: "P", farmer: "F" };
const LAND = { north: "#d7b98a", center: "#e2cd98", south: "#c8c58f" };
const LAND_EDGE = { north: "#b39466", center: "#bba571", south: "#9f9c66" };
// What this page remembers between payloads to mark the tokens placed since your last turn.

const HEX = hexPoints(S);
const HEX_INNER = hexPoints(S * 0.8);
const HEX_TARGET = hexPoints(S * 0.9);

function hexWord(h) {
  if (!h) return "";
  if (h.content === "city") return `city ${h.tile}`;
  if (h.content === "ziggurat") return h.scored ? "ziggurat (scored)" : "ziggurat";
  if (h.content === "field") return h.tile === "cities" ? `field: ${h.pays}` : `field ${h.tile}`;
  if (h.content === "token") return `${h.face_down ? "face-down " : ""}${h.kind || "token"}`;
  return h.terrain === "river" ? "river" : `${h.landmass} land`;
}

// ------------------------------------------------------------------ tooltips
// Native tooltips: an SVG <title> on every hex (what lies on it shows its hex's), an HTML title
// on every stand token, card and players' cell.
// Their words are the view's (terrain, landmass, city tile, a field's `pays`, a card's name
// and effect, who owns what), the legend's below, and the server's own sentences of the
// logged events (who took a city, won a ziggurat, took a field: payload.log). A face-down
// token's kind is named only when the view holds it (its owner's view).

const LEGEND = {
  token: "token: merchant, servant, priest, farmer (M S P F) in the player's colour",
  faceDown: "face down in the river (only its owner sees the kind)",
  fresh: "placed this turn",
  recent: "placed by others since your last turn",
  city: "the nobles printed on it score when it is surrounded",
  zig: "ziggurat (dimmed once scored)",
  score: "surrounded, to be scored this turn",
  river: "river: tokens go there face down",
};

/** "merchant and servant" for the city tile "MS" (the token letters of the view's notation). */
function noblesOf(tile) {
  const names = [...tile].map((letter) => KINDS.find((k) => LETTER[k] === letter) || letter);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
}

/** hex key → [words of each logged event that happened there] (payload.log, the server's
 * sentences with the table's names: a city scored, a ziggurat won, a field taken). */
function hexHistory(payload) {
  const out = new Map();
  for (const entry of payload.log || []) {
    for (const ev of entry.events || []) {
      if (!Array.isArray(ev.hex) || !ev.text) continue;
      if (!["city_scored", "ziggurat_scored", "field_taken"].includes(ev.type)) continue;
      const k = key(ev.hex);
      if (!out.has(k)) out.set(k, []);
      out.get(k).push({ type: ev.type, text: `move ${entry.number}: ${ev.text}` });
    }
  }
  return out;
}

/** The words of what lies on hex `h`, as the viewer may know them: "Ann's merchant, face down
 * (only you see its kind)", "city MS (nobles merchant and servant)...". */
function contentTip(h, ctx, history) {
  const past = history || [];
  const scored = (type) => past.filter((e) => e.type === type).map((e) => e.text);
  if (h.content === "city") {
    const done = scored("city_scored");
    return [`city ${h.tile}: nobles ${noblesOf(h.tile)}`, done.length ? done.join("; ") : "not scored yet", LEGEND.city];
  }
  if (h.content === "ziggurat") {
    const done = scored("ziggurat_scored");
    return ["ziggurat", done.length ? done.join("; ") : h.scored ? "scored" : "not scored yet"];
  }
  if (h.content === "field") {
    return [h.tile === "cities" ? "crop field with the town" : `crop field ${h.tile}`, `pays ${h.pays}`];
  }
  if (h.content === "token") {
    const owner = ctx.seatName(h.player);
    const parts = [];
    if (!h.face_down) parts.push(`${owner}'s ${h.kind}`);
    else if (h.kind) parts.push(`${owner}'s ${h.kind}, face down (only ${h.player === ctx.viewer ? "you see" : "its owner sees"} its kind)`);
    else parts.push(`${owner}'s token, face down: its kind is hidden`);
    return parts;
  }
  return [];
}

/** The whole tooltip of a hex: its coordinates first ("12,4", as the moves and the log write
 * them), the terrain, what lies on it, what happened there, and the move a click makes. */
function hexTip(h, ctx, { history, toScore, target, recent }) {
  const k = key(h.hex);
  const terrain = h.terrain !== "river" ? `${h.landmass} land` : h.content === "empty" ? LEGEND.river : "river";
  const parts = [k, terrain, ...contentTip(h, ctx, history)];
  if (h.content === "token") {
    if (h.placed_this_turn) parts.push(LEGEND.fresh);
    else if (recent) parts.push(LEGEND.recent);
  }
  // what happened on a hex whose city or field is gone (a token or nothing lies there now)
  if (h.content !== "city" && h.content !== "ziggurat") for (const e of history || []) parts.push(e.text);
  if (toScore) parts.push(LEGEND.score);
  if (target) parts.push(`click: ${target.text}`);
  return parts.join(" · ");
}

/** A ziggurat card's words as the view gives them: "Ziggurat card 3 (Seven-token stand):
 * permanent: ... · Ann holds it, spent". */
function cardTip(c, n, ctx) {
  if (!c) return `Ziggurat card ${n}`;
  const holder =
    c.owner === null || c.owner === undefined ? "free" : `${ctx.seatName(c.owner)} holds it${c.spent ? ", spent" : ""}`;
  return `Ziggurat card ${c.number} (${c.name}): ${c.effect} · ${holder}`;
}

/** The status line's words for the phase: "places tokens (1 placed)". */
export function describeTurn(payload) {
  const v = payload.view;
  if (!v || v.over) return null;
  let text = v.task;
  if (v.phase === "place") {
    text += ` (${v.placed_this_turn} placed)`;
    if (v.first_round_tokens) {
      text += ` · first round: exactly ${v.first_round_tokens} token${v.first_round_tokens > 1 ? "s" : ""} this turn`;
    }
  }
  if (v.phase === "card" && v.turn_player !== v.current) {
    text += ` during ${payload.table.seats[v.turn_player]?.name || "seat " + v.turn_player}'s turn`;
  }
  return text;
}

// ------------------------------------------------------------------ actions by kind

/** The legal actions by type; `place` as token kind → hex key → action, in the stand's order. */
function movesOf(legal) {
  const out = sortActions(legal, {
    place: { key: ["token", (a) => key(a.hex)] },
    score: "list",
    card: "list",
    end: "one",
    extra: "one",
    "no-extra": "one",
  });
  out.placeKinds = KINDS.filter((k) => out.place.has(k));
  return out;
}

// ------------------------------------------------------------------ recent placements

/** The hexes where others placed tokens since the viewer's last move (ctx.recent: the
 * table's log entries since then; for a spectator, since the seat to play last moved). */
function recentTokens(ctx) {
  const recent = new Set();
  for (const entry of ctx.recent || []) if (entry.type === "place" && Array.isArray(entry.hex)) recent.add(key(entry.hex));
  return recent;
}

// ------------------------------------------------------------------ the board

function drawZiggurat(scored) {
  const w = S * 1.3;
  const step = S * 0.28;
  const base = S * 0.55;
  const parts = [];
  for (let i = 0; i < 4; i++) {
    const ww = w - i * (w / 4.2);
    parts.push(
      svg("rect", {
        x: (-ww / 2).toFixed(2),
        y: (base - (i + 1) * step).toFixed(2),
        width: ww.toFixed(2),
        height: step.toFixed(2),
        class: `zig-step zig-step-${i}`,
      }),
    );
  }
  parts.push(svg("rect", { x: -S * 0.09, y: base - 4 * step, width: S * 0.18, height: 4 * step, class: "zig-stair" }));
  return svg("g", { class: scored ? "ziggurat scored" : "ziggurat" }, parts);
}

function drawCity(tile) {
  // Printed symbols, not discs: a disc on the board is always a player's token.
  const letters = [...tile];
  const size = letters.length === 1 ? S * 0.78 : letters.length === 2 ? S * 0.6 : S * 0.5;
  const spots =
    letters.length === 1
      ? [[0, 0]]
      : letters.length === 2
        ? [[-S * 0.26, 0], [S * 0.26, 0]]
        : [[-S * 0.3, S * 0.2], [S * 0.3, S * 0.2], [0, -S * 0.24]];
  return svg(
    "g",
    { class: "city" },
    svg("polygon", { points: HEX_INNER, class: "city-tile" }),
    svg("polygon", { points: hexPoints(S * 0.66), class: "city-wall" }),
    letters.map((letter, i) =>
      svg(
        "text",
        {
          class: `noble-letter noble-${letter}`,
          x: spots[i][0].toFixed(2),
          y: (spots[i][1] + size * 0.36).toFixed(2),
          "font-size": size.toFixed(2),
        },
        letter,
      ),
    ),
  );
}

function drawCityIcon(scale) {
  // A little walled town: the crop field that pays for the cities won (its hex's `pays`).
  const s = S * scale;
  return svg("path", {
    class: "city-icon",
    d: `M${-s} ${s * 0.6}V${-s * 0.2}h${s * 0.4}v${-s * 0.3}h${s * 0.3}v${s * 0.3}h${s * 0.6}v${-s * 0.7}h${s * 0.3}v${s * 0.7}h${s * 0.4}V${s * 0.6}Z`,
  });
}

function drawField(tile) {
  const parts = [svg("polygon", { points: HEX_INNER, class: "field-tile" })];
  for (const dy of [-0.42, -0.14, 0.14, 0.42]) {
    const half = S * 0.8 * (1 - Math.abs(dy) * 0.6);
    parts.push(svg("line", { x1: -half, x2: half, y1: S * dy, y2: S * dy, class: "field-row" }));
  }
  if (tile === "cities") {
    parts.push(svg("circle", { r: S * 0.46, class: "field-badge" }), drawCityIcon(0.32));
  } else {
    parts.push(svg("circle", { r: S * 0.42, class: "field-badge" }));
    parts.push(svg("text", { class: "field-value", y: S * 0.2, "font-size": S * 0.6 }, tile));
  }
  return svg("g", { class: `field field-${tile}` }, parts);
}

function drawToken(h, ctx, recent) {
  const color = ctx.seatColor(h.player);
  const text = ctx.seatTextColor(h.player);
  const classes = ["token"];
  if (h.face_down) classes.push("face-down");
  if (h.placed_this_turn) classes.push("fresh");
  if (recent) classes.push("recent");
  const letter = h.kind ? LETTER[h.kind] || "?" : "?";
  const parts = [];
  if (h.placed_this_turn) parts.push(svg("circle", { r: S * 0.78, class: "fresh-ring" }));
  else if (recent) parts.push(svg("circle", { r: S * 0.74, class: "recent-ring" }));
  parts.push(svg("circle", { r: S * 0.6, class: "disc", fill: color }));
  if (h.face_down) {
    parts.push(svg("circle", { r: S * 0.44, class: "face-down-ring", stroke: text }));
  }
  parts.push(
    svg(
      "text",
      { class: "token-letter", y: S * 0.22, "font-size": h.face_down ? S * 0.5 : S * 0.62, fill: text },
      h.face_down ? (h.kind ? letter.toLowerCase() : "?") : letter,
    ),
  );
  return svg("g", { class: classes.join(" "), "data-player": h.player, "data-kind": h.kind || "" }, parts);
}

function drawRiver() {
  return svg("path", {
    class: "wave",
    d: `M${-S * 0.55} ${-S * 0.1}q${S * 0.14} ${-S * 0.16} ${S * 0.28} 0t${S * 0.28} 0t${S * 0.28} 0t${S * 0.28} 0M${-S * 0.42} ${S * 0.3}q${S * 0.14} ${-S * 0.16} ${S * 0.28} 0t${S * 0.28} 0t${S * 0.28} 0`,
  });
}

function ghostToken(kind, action, ctx) {
  const seat = ctx.viewer;
  return svg(
    "g",
    { class: "ghost" },
    svg("circle", { r: S * 0.6, fill: ctx.seatColor(seat), class: "disc" }),
    svg("text", { class: "token-letter", y: S * 0.22, "font-size": S * 0.62, fill: ctx.seatTextColor(seat) }, action.face_down ? "?" : LETTER[kind]),
  );
}

function hexCenter(hex) {
  return doubledCenter(hex, S);
}

function drawBoard(area, payload, ctx, moves) {
  const view = payload.view;
  const ui = ctx.ui;
  const toScore = new Set((view.to_score || []).map(key));
  const recent = recentTokens(ctx);
  const history = hexHistory(payload);
  const targets = new Map(); // hex key -> action
  if (ui.kind && moves.place.get(ui.kind)) for (const [k, a] of moves.place.get(ui.kind)) targets.set(k, a);
  for (const a of moves.score) targets.set(key(a.hex), a);
  if (ui.pending && !targets.has(ui.pending)) ui.pending = null;

  const viewBox = viewBoxAround(view.board.map((h) => hexCenter(h.hex)), S, H, 4);

  const base = [];
  const marks = [];
  for (const h of view.board) {
    const k = key(h.hex);
    const [x, y] = hexCenter(h.hex);
    const river = h.terrain === "river";
    const classes = ["hex", river ? "river" : `land land-${h.landmass}`, `content-${h.content}`];
    if (toScore.has(k)) classes.push("to-score");
    const target = targets.get(k);
    if (target) classes.push("target", target.type === "score" ? "target-score" : "target-place");
    const tip = hexTip(h, ctx, { history: history.get(k), toScore: toScore.has(k), target, recent: recent.has(k) });
    const g = svg(
      "g",
      { class: classes.join(" "), transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`, "data-hex": k },
      svg("title", {}, tip),
      svg("polygon", {
        points: HEX,
        class: "hex-bg",
        fill: river ? null : LAND[h.landmass] || "#ddd",
        stroke: river ? null : LAND_EDGE[h.landmass] || "#aaa",
      }),
      river ? drawRiver() : null,
    );
    base.push(g);
    let thing = null;
    if (h.content === "ziggurat") thing = drawZiggurat(h.scored);
    else if (h.content === "city") thing = drawCity(h.tile);
    else if (h.content === "field") thing = drawField(h.tile);
    else if (h.content === "token") thing = drawToken(h, ctx, recent.has(k));
    // the thing on the hex shows the hex's tooltip (the nearest <title> up from the pointer);
    // it has none of its own, so that its text stays its letters (the "?" of a hidden kind)
    if (thing) g.append(thing);
    if (toScore.has(k)) marks.push(svg("polygon", { points: HEX_TARGET, class: "score-ring", transform: `translate(${x.toFixed(2)},${y.toFixed(2)})` }));
    if (target) {
      markTarget(g, `${target.text}: ${hexWord(h)} ${k}`);
      g.append(svg("polygon", { points: HEX_TARGET, class: "target-mark" }));
      if (ui.kind && target.type !== "score") g.append(ghostToken(ui.kind, target, ctx));
      if (ui.pending === k) classes.push("pending");
    }
    g.setAttribute("class", classes.join(" "));
  }
  // Targets go on top of their neighbours so their outline is never hidden.
  base.sort((a, b) => Number(a.classList.contains("target")) - Number(b.classList.contains("target")));
  const svgNode = svg(
    "svg",
    {
      class: "board",
      viewBox,
      role: "img",
      "aria-label": "Babylonia board",
      preserveAspectRatio: "xMidYMid meet",
    },
    svg("g", { class: "hexes" }, base),
    svg("g", { class: "marks", "pointer-events": "none" }, marks),
  );
  if (targets.size) svgNode.classList.add("choosing");
  onActivate(svgNode, "g.hex.target", (g, { keyboard }) => {
    const action = targets.get(g.dataset.hex);
    if (!action) return;
    // On a touch screen the first tap only shows the token there; a second tap places it.
    if (!keyboard && touchAsks() && ui.pending !== g.dataset.hex) {
      ui.pending = g.dataset.hex;
      ctx.rerender();
      return;
    }
    ui.pending = null;
    ctx.act(action);
  });

  const board = zoomableBoard(area, svgNode, ctx, { title: "enlarge the board (scroll to move around)" });
  area.replaceChildren(board.scroller, el("div", { class: "board-tools" }, boardLegend(view), board.zoom));
  board.restore();
}

/** The legend; the crop fields' values are those on the board (view.board). */
function boardLegend(view) {
  const fields = view.board.filter((h) => h.content === "field");
  const values = [...new Set(fields.filter((h) => h.tile !== "cities").map((h) => h.points))].sort((a, b) => a - b);
  const town = fields.find((h) => h.tile === "cities");
  return legend([
    ["sw-token", LEGEND.token, "M"],
    ["sw-token sw-down", LEGEND.faceDown, "?"],
    ["sw-fresh", LEGEND.fresh],
    ["sw-recent", LEGEND.recent],
    ["sw-city", `city: ${LEGEND.city}`, "MS"],
    ["sw-field", `crop field ${values.join("/")}${town ? `; the town icon pays ${town.pays}` : ""}`, String(values[0] ?? "")],
    ["sw-zig", LEGEND.zig],
    ["sw-score", LEGEND.score],
    ["sw-river", LEGEND.river],
  ]);
}

// ------------------------------------------------------------------ the side panel

function tokenDisc(kind, seat, ctx, extra = "", title = null) {
  return el(
    "span",
    { class: `disc ${extra}`, style: { "--seat": ctx.seatColor(seat), "--seat-text": ctx.seatTextColor(seat) }, title },
    LETTER[kind],
  );
}

function controls(payload, ctx, moves) {
  const view = payload.view;
  const viewer = ctx.viewer;
  const ui = ctx.ui;
  const parts = [];
  const me = viewer !== null ? view.players[viewer] : null;
  const stand = me && me.stand;
  if (!stand) return null;

  const placing = ctx.yourTurn && view.phase === "place" && view.current === viewer;
  if (placing) {
    if (ui.kind && !moves.place.get(ui.kind)) ui.kind = null;
    if (!ui.kind && moves.placeKinds.length === 1) ui.kind = moves.placeKinds[0];
  } else {
    ui.kind = null;
  }
  const buttons = KINDS.filter((k) => stand[k] > 0).map((kind) => {
    const legal = placing && Boolean(moves.place.get(kind));
    const pressed = ui.kind === kind;
    const n = stand[kind];
    const what = `${n} ${kind}${n > 1 ? "s" : ""} on your stand`;
    const spots = legal ? moves.place.get(kind).size : 0;
    const doing = legal
      ? `${pressed ? "chosen: click" : "click, then"} one of the ${spots} lit ${spots > 1 ? "hexes" : "hex"} to place one`
      : placing
        ? `no legal hex for a ${kind} now`
        : "not your turn to place";
    const discs = [];
    for (let i = 0; i < n; i++) discs.push(tokenDisc(kind, viewer, ctx, "", `your ${kind} (${LETTER[kind]}), ${i + 1} of ${n} on your stand`));
    return el(
      "button",
      {
        type: "button",
        class: `stand-token${pressed ? " selected" : ""}`,
        "data-kind": kind,
        "aria-pressed": pressed ? "true" : "false",
        disabled: !legal,
        title: `${what} · ${doing}`,
        onclick: () => {
          ui.kind = pressed ? null : kind;
          ui.pending = null;
          ctx.rerender();
        },
      },
      el("span", { class: "discs" }, discs),
      el("span", { class: "stand-label", text: `${stand[kind]} ${kind}${stand[kind] > 1 ? "s" : ""}` }),
    );
  });
  const total = KINDS.reduce((n, k) => n + (stand[k] || 0), 0);
  parts.push(
    el("h3", {}, "Your stand ", el("span", { class: "muted", title: `${total} tokens on your stand (it holds ${me.stand_capacity}) · ${me.bag_size} left in your bag`, text: `${total}/${me.stand_capacity} · bag ${me.bag_size}` })),
    el("div", { class: "stand", id: "stand" }, buttons.length ? buttons : el("p", { class: "muted", text: "empty" })),
  );
  if (placing) {
    let hint;
    if (ui.kind) {
      const n = moves.place.get(ui.kind).size;
      hint = `Click one of the ${n} highlighted hexes to place your ${ui.kind}.`;
      const river = [...moves.place.get(ui.kind).values()].some((a) => a.face_down);
      if (river) hint += " In the river it lies face down.";
    } else if (moves.placeKinds.length) {
      hint = "Choose a token from your stand, then a highlighted hex.";
    } else {
      hint = "No token can be placed now.";
    }
    parts.push(el("p", { class: "hint", id: "place-hint", text: hint }));
    const pending = ui.pending && ui.kind && moves.place.get(ui.kind).get(ui.pending);
    if (pending) {
      const text = `Place the ${ui.kind} on ${ui.pending}${pending.face_down ? " (face down)" : ""}`;
      parts.push(confirmBox(pending, text, { id: "confirm-button", reset: () => { ui.pending = null; } }, ctx));
    }
  }
  if (moves.end) {
    parts.push(actionButton(moves.end, `End placement (${view.placed_this_turn} placed)`, { id: "end-button", cls: "primary big" }, ctx));
  }
  return el("section", { class: "panel controls", id: "controls" }, parts);
}

function decisions(payload, ctx, moves) {
  const view = payload.view;
  const board = new Map(view.board.map((h) => [key(h.hex), h]));
  const parts = [];
  if (moves.score.length) {
    parts.push(el("h3", { text: "Score next" }), el("p", { class: "hint", text: "Surrounded: choose the order (click a flashing hex or a button)." }));
    parts.push(
      choiceList(
        { id: "score-choices" },
        moves.score.map((a) => {
          const k = key(a.hex);
          const h = board.get(k);
          return actionButton(a, [el("b", { text: h && h.content === "city" ? `City ${h.tile}` : "Ziggurat" }), ` at ${k}`], {
            cls: "choice",
            title: `${h ? hexTip(h, ctx, { toScore: true }) : k} · score it next: ${a.text}`,
            onmouseenter: () => highlight(k, true),
            onmouseleave: () => highlight(k, false),
            onfocus: () => highlight(k, true),
            onblur: () => highlight(k, false),
          }, ctx);
        }),
      ),
    );
  }
  if (moves.card.length) {
    const cards = new Map(view.cards.map((c) => [c.number, c]));
    parts.push(el("h3", { text: "You won a ziggurat: take a card" }));
    parts.push(
      choiceList(
        { id: "card-choices", cls: "cards-choice" },
        moves.card.map((a) => {
          const c = cards.get(a.card) || {};
          return actionButton(a, [
            el("span", { class: "card-number", text: a.card }),
            el("span", {}, el("b", { text: c.name || `card ${a.card}` }), el("br"), el("small", { text: c.effect || "" })),
          ], { cls: "choice card-choice", title: `${cardTip(cards.get(a.card), a.card, ctx)} · take it: ${a.text}` }, ctx);
        }),
      ),
    );
  }
  if (moves.extra || moves.noExtra) {
    const card = (moves.extra || moves.noExtra).card;
    const about = cardTip(view.cards.find((c) => c.number === card), card, ctx);
    parts.push(el("h3", { text: `Extra turn (card ${card})`, title: about }));
    parts.push(
      choiceList(
        {},
        moves.extra ? actionButton(moves.extra, "Take the extra turn now", { id: "extra-button", cls: "primary big", title: `${about} · ${moves.extra.text}` }, ctx) : null,
        moves.noExtra ? actionButton(moves.noExtra, `Keep card ${card} for later`, { id: "no-extra-button", cls: "big", title: `${about} · ${moves.noExtra.text}` }, ctx) : null,
      ),
    );
  }
  for (const a of moves.other) parts.push(actionButton(a, a.text, { cls: "choice" }, ctx));
  if (!parts.length) return null;
  return el("section", { class: "panel decisions", id: "decisions" }, parts);
}

/** Point at a hex (from a button or a log line): an outline drawn above the board. */
function highlight(hexKey, on) {
  const g = document.querySelector(`svg.board g.hex[data-hex="${hexKey}"]`);
  const marks = document.querySelector("svg.board g.marks");
  if (!g || !marks) return;
  g.classList.toggle("hover", on);
  for (const old of marks.querySelectorAll(".spot")) old.remove();
  if (on) marks.append(svg("polygon", { points: HEX, class: "spot", transform: g.getAttribute("transform") }));
}

/** The board's elements a logged move touched (the hex a token went to): table.js animates
 * them as moves arrive. The others' moves since your last turn are ringed by this module
 * itself (recentTokens), so the table's own marks are not wanted (marksRecentItself). */
export function logEntryTargets(entry) {
  return entry && Array.isArray(entry.hex) ? [`svg.board g.hex[data-hex="${key(entry.hex)}"]`] : [];
}

export const marksRecentItself = true;

/** table.js calls this when the pointer is on a log line: show the hex it names. */
export function pointAtLogEntry(entry, on) {
  if (entry && Array.isArray(entry.hex)) highlight(key(entry.hex), on);
}

function playersPanel(payload, ctx) {
  const view = payload.view;
  const spent = new Set(view.cards.filter((c) => c.spent).map((c) => c.number));
  const cardsByNumber = new Map(view.cards.map((c) => [c.number, c]));
  const rows = view.players.map((p) => {
    const { current, winner } = seatState(p.seat, ctx, view);
    const name = ctx.seatName(p.seat);
    return el(
      "tr",
      { class: `${current ? "current" : ""}${p.seat === ctx.viewer ? " me" : ""}`, "data-seat": p.seat },
      el("td", { class: "mark", text: turnMark(current, winner), title: current ? `${name} is to play` : winner ? `${name} wins` : null }),
      el("td", { class: "who" }, ctx.seatChip(p.seat, { you: p.seat === ctx.viewer })),
      el("td", { class: "num score", text: p.score, title: `${name}: ${p.score} ${p.score === 1 ? "point" : "points"}` }),
      el("td", { class: "num", text: p.cities, title: `${name} has won ${p.cities} ${p.cities === 1 ? "city" : "cities"}` }),
      el("td", { class: "num", text: `${p.stand_size}/${p.stand_capacity}`, title: `${name}'s stand: ${p.stand_size} ${p.stand_size === 1 ? "token" : "tokens"} (it holds ${p.stand_capacity})` }),
      el("td", { class: "num", text: p.bag_size, title: `${name}'s bag: ${p.bag_size} ${p.bag_size === 1 ? "token" : "tokens"} left` }),
      el(
        "td",
        { class: "cards", title: p.cards.length ? null : `${name} holds no ziggurat card` },
        // a card chip's tooltip: its number, name and effect as the view gives them (the game's data)
        p.cards.map((n) => el("span", { class: `card-chip${spent.has(n) ? " spent" : ""}`, "data-card": n, title: cardTip(cardsByNumber.get(n), n, ctx), text: n })),
      ),
    );
  });
  return playersSection(
    [
      ["Points", { class: "num", title: "score" }],
      ["Cities", { class: "num", title: "cities won" }],
      ["Stand", { class: "num", title: "tokens on the stand / capacity" }],
      ["Bag", { class: "num", title: "tokens left in the bag" }],
      "Cards",
    ],
    rows,
    el("p", { class: "muted small", id: "cities-on-board", title: `${view.cities_on_board} cities on the board`, text: `Cities on the board: ${view.cities_on_board}` }),
  );
}

function cardsPanel(payload, ctx) {
  const view = payload.view;
  return el(
    "section",
    { class: "panel cards-panel" },
    el("h3", { text: "Ziggurat cards", title: "the ziggurat cards in play: who holds each (or free), and what it does" }),
    el(
      "ul",
      { class: "card-list", id: "cards" },
      view.cards.map((c) => {
        const holder =
          c.owner === null || c.owner === undefined
            ? el("span", { class: "free", text: "free" })
            : el("span", {}, ctx.seatChip(c.owner), c.spent ? el("span", { class: "spent-tag", text: " spent" }) : null);
        return el(
          "li",
          { class: `card-item${c.owner !== null && c.owner !== undefined ? " taken" : ""}${c.spent ? " spent" : ""}`, "data-card": c.number, title: cardTip(c, c.number, ctx) },
          el("span", { class: "card-number", text: c.number }),
          el("span", { class: "card-body" }, el("b", { text: c.name }), " ", holder, el("br"), el("small", { text: c.effect })),
        );
      }),
    ),
  );
}

function scoringNote(payload, ctx) {
  const view = payload.view;
  if (!view.to_score || !view.to_score.length || ctx.yourTurn) return null;
  const board = new Map(view.board.map((h) => [key(h.hex), h]));
  return el(
    "p",
    { class: "panel note" },
    el("b", { text: "To score: " }),
    view.to_score.map((hex) => `${hexWord(board.get(key(hex)))} at ${key(hex)}`).join(", "),
  );
}

/** Draw the board into areas.board and the side panel into areas.panel. */
export function render(areas, payload, ctx) {
  const moves = movesOf(offeredActions(payload, ctx));
  if (!viewToDraw(areas, payload, "board")) return;
  if (ctx.viewer !== null && payload.view.phase === "place" && ctx.yourTurn) {
    if (ctx.ui.kind && !moves.place.get(ctx.ui.kind)) ctx.ui.kind = null;
    if (!ctx.ui.kind && moves.placeKinds.length === 1) ctx.ui.kind = moves.placeKinds[0];
  }
  drawBoard(areas.board, payload, ctx, moves);
  areas.panel.replaceChildren(
    ...[controls(payload, ctx, moves), decisions(payload, ctx, moves), scoringNote(payload, ctx), playersPanel(payload, ctx), cardsPanel(payload, ctx)].filter(Boolean),
  );
}
