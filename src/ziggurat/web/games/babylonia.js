// Babylonia in the browser: draws payload.view (see games/babylonia/views.py) as an SVG
// board with a side panel, and offers payload.legal_actions as clicks. No rule is
// re-implemented here: every highlighted hex and every button is one legal action.

import { el } from "../common.js";

export const title = "Babylonia";

const SVG = "http://www.w3.org/2000/svg";
const S = 30; // hex circumradius in SVG units
const H = (Math.sqrt(3) / 2) * S; // half the hex height

const KINDS = ["merchant", "servant", "priest", "farmer"];
const LETTER = { merchant: "M", servant: "S", priest: "P", farmer: "F" };
const KIND_BY_LETTER = { M: "merchant", S: "servant", P: "priest", F: "farmer" };
const NOBLE_NAME = { M: "merchant", S: "servant", P: "priest" };
const LAND = { north: "#d7b98a", center: "#e2cd98", south: "#c8c58f" };
const LAND_EDGE = { north: "#b39466", center: "#bba571", south: "#9f9c66" };
const FIELD_LABEL = { 5: "5", 6: "6", 7: "7", cities: "city count" };
const PHASE_TEXT = {
  place: "places tokens",
  score: "chooses what to score next",
  card: "won a ziggurat and takes a card",
  extra: "may use card 2 for an extra turn",
};

// What this page remembers between payloads to mark the tokens placed since your last turn.
const memory = { key: null, mine: null, turnKey: null, turnStart: null, lastTurn: null };

function key(hex) {
  return `${hex[0]},${hex[1]}`;
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function hexPoints(radius) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(radius * Math.cos(a)).toFixed(2)},${(radius * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

const HEX = hexPoints(S);
const HEX_INNER = hexPoints(S * 0.8);
const HEX_TARGET = hexPoints(S * 0.9);
const COARSE = window.matchMedia("(pointer: coarse)");

function tokenKind(action) {
  const t = action.token;
  if (!t) {
    const m = /^([MSPF])/.exec(action.text || "");
    return m ? KIND_BY_LETTER[m[1]] : null;
  }
  return KIND_BY_LETTER[t] || String(t).toLowerCase();
}

function actionHex(action) {
  if (Array.isArray(action.hex)) return key(action.hex);
  const m = /(\d+)\s*,\s*(\d+)/.exec(action.text || "");
  return m ? `${m[1]},${m[2]}` : null;
}

function hexWord(h) {
  if (!h) return "";
  if (h.content === "city") return `city ${h.tile}`;
  if (h.content === "ziggurat") return h.scored ? "ziggurat (scored)" : "ziggurat";
  if (h.content === "field") return h.tile === "cities" ? "field (city count)" : `field ${h.tile}`;
  if (h.content === "token") return `${h.face_down ? "face-down " : ""}${h.kind || "token"}`;
  return h.terrain === "river" ? "river" : `${h.landmass} land`;
}

/** The status line's words for the phase: "places tokens (1 placed)". */
export function describeTurn(payload) {
  const v = payload.view;
  if (!v || v.terminal) return null;
  let text = PHASE_TEXT[v.phase] || v.phase;
  if (v.phase === "place") {
    text += ` (${v.placed_this_turn} placed)`;
    if (v.first_round_tokens) {
      text += ` · first round: exactly ${v.first_round_tokens} token${v.first_round_tokens > 1 ? "s" : ""} this turn`;
    }
  }
  if (v.phase === "card" && v.turn_player !== v.current_player) {
    text += ` during ${payload.table.seats[v.turn_player]?.name || "seat " + v.turn_player}'s turn`;
  }
  return text;
}

// ------------------------------------------------------------------ actions by kind

function sortActions(legal) {
  const out = { place: {}, placeKinds: [], score: [], card: [], end: null, extra: null, noExtra: null, other: [] };
  for (const a of legal) {
    const type = a.type || guessType(a.text);
    if (type === "place") {
      const kind = tokenKind(a);
      (out.place[kind] = out.place[kind] || new Map()).set(actionHex(a), a);
    } else if (type === "score") out.score.push(a);
    else if (type === "card") out.card.push(a);
    else if (type === "end") out.end = a;
    else if (type === "extra") out.extra = a;
    else if (type === "no-extra" || type === "no_extra") out.noExtra = a;
    else out.other.push(a);
  }
  out.placeKinds = KINDS.filter((k) => out.place[k]);
  return out;
}

function guessType(text) {
  if (/^[MSPF]\d/.test(text)) return "place";
  if (text.startsWith("score")) return "score";
  if (text.startsWith("card")) return "card";
  return text;
}

// ------------------------------------------------------------------ recent placements

function tokenSet(view, except = null) {
  const set = new Set();
  for (const h of view.board) if (h.content === "token" && h.player !== except) set.add(key(h.hex));
  return set;
}

/** Tokens others placed since the viewer's last turn (spectator: during the last turn). */
function recentTokens(payload, ctx) {
  const view = payload.view;
  const id = `${payload.table.id}/${ctx.viewer}`;
  if (memory.key !== id) {
    Object.assign(memory, { key: id, mine: null, turnKey: null, turnStart: null, lastTurn: null });
  }
  const now = tokenSet(view, ctx.viewer);
  if (ctx.viewer !== null) {
    if (view.current_player === ctx.viewer || view.turn_player === ctx.viewer || memory.mine === null) {
      memory.mine = now;
      return new Set();
    }
    return new Set([...now].filter((k) => !memory.mine.has(k)));
  }
  const turnKey = `${view.turn_number}/${view.turn_player}`;
  if (memory.turnKey !== turnKey) {
    memory.lastTurn = memory.turnStart ? new Set([...now].filter((k) => !memory.turnStart.has(k))) : new Set();
    memory.turnStart = now;
    memory.turnKey = turnKey;
  }
  return memory.lastTurn || new Set();
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
  // A little walled town: the crop field that scores 1 per city won.
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
  return [1.5 * S * hex[1], H * hex[0]];
}

function drawBoard(area, payload, ctx, moves) {
  const view = payload.view;
  const ui = ctx.ui;
  const toScore = new Set((view.to_score || []).map(key));
  const recent = recentTokens(payload, ctx);
  const targets = new Map(); // hex key -> action
  if (ui.kind && moves.place[ui.kind]) for (const [k, a] of moves.place[ui.kind]) targets.set(k, a);
  for (const a of moves.score) targets.set(actionHex(a), a);
  if (ui.pending && !targets.has(ui.pending)) ui.pending = null;

  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const h of view.board) {
    const [x, y] = hexCenter(h.hex);
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const pad = 4;
  const vb = [minX - S - pad, minY - H - pad, maxX - minX + 2 * S + 2 * pad, maxY - minY + 2 * H + 2 * pad];

  const base = [];
  const marks = [];
  for (const h of view.board) {
    const k = key(h.hex);
    const [x, y] = hexCenter(h.hex);
    const river = h.terrain === "river";
    const classes = ["hex", river ? "river" : `land land-${h.landmass}`, `content-${h.content}`];
    if (toScore.has(k)) classes.push("to-score");
    const target = targets.get(k);
    if (target) classes.push("target", target.type === "score" || /^score/.test(target.text) ? "target-score" : "target-place");
    const g = svg(
      "g",
      { class: classes.join(" "), transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`, "data-hex": k },
      svg("title", {}, `${k} · ${hexWord(h)}${h.content === "token" ? ` of ${ctx.seatName(h.player)}` : ""}${target ? ` · click: ${target.text}` : ""}`),
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
    if (thing) g.append(thing);
    if (toScore.has(k)) marks.push(svg("polygon", { points: HEX_TARGET, class: "score-ring", transform: `translate(${x.toFixed(2)},${y.toFixed(2)})` }));
    if (target) {
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", `${target.text}: ${hexWord(h)} ${k}`);
      g.append(svg("polygon", { points: HEX_TARGET, class: "target-mark" }));
      if (ui.kind && !/^score/.test(target.text)) g.append(ghostToken(ui.kind, target, ctx));
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
      viewBox: vb.map((n) => n.toFixed(1)).join(" "),
      role: "img",
      "aria-label": "Babylonia board",
      preserveAspectRatio: "xMidYMid meet",
    },
    svg("g", { class: "hexes" }, base),
    svg("g", { class: "marks", "pointer-events": "none" }, marks),
  );
  if (targets.size) svgNode.classList.add("choosing");
  svgNode.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const g = event.target.closest && event.target.closest("g.hex.target");
    const action = g && targets.get(g.dataset.hex);
    if (!action) return;
    event.preventDefault();
    ui.pending = null;
    ctx.act(action);
  });
  svgNode.addEventListener("click", (event) => {
    const g = event.target.closest && event.target.closest("g.hex.target");
    if (!g) return;
    const action = targets.get(g.dataset.hex);
    if (!action) return;
    // On a touch screen the first tap only shows the token there; a second tap places it.
    if (COARSE.matches && ui.pending !== g.dataset.hex) {
      ui.pending = g.dataset.hex;
      ctx.rerender();
      return;
    }
    ui.pending = null;
    ctx.act(action);
  });

  const zoom = el("button", {
    type: "button",
    class: "zoom-toggle",
    "aria-pressed": ui.zoom ? "true" : "false",
    title: "enlarge the board (scroll to move around)",
    text: ui.zoom ? "Fit board" : "Zoom board",
    onclick: () => {
      ui.zoom = !ui.zoom;
      ctx.rerender();
    },
  });
  const scroller = el("div", { class: ui.zoom ? "board-scroll zoomed" : "board-scroll" }, svgNode);
  const keep = area.querySelector(".board-scroll");
  const scroll = keep ? [keep.scrollLeft, keep.scrollTop] : [0, 0];
  area.replaceChildren(scroller, el("div", { class: "board-tools" }, legend(), zoom));
  scroller.scrollLeft = scroll[0];
  scroller.scrollTop = scroll[1];
}

function legend() {
  const item = (cls, content, label) => el("li", {}, el("span", { class: `legend-swatch ${cls}` }, content), label);
  return el(
    "details",
    { class: "legend" },
    el("summary", { text: "Legend" }),
    el(
      "ul",
      {},
      item("sw-token", "M", "token: merchant, servant, priest, farmer (M S P F) in the player's colour"),
      item("sw-token sw-down", "?", "face down in the river (only its owner sees the kind)"),
      item("sw-fresh", "", "placed this turn"),
      item("sw-recent", "", "placed by others since your last turn"),
      item("sw-city", "MS", "city: the nobles printed on it score when it is surrounded"),
      item("sw-field", "5", "crop field 5/6/7; the town icon pays 1 per city won"),
      item("sw-zig", "", "ziggurat (dimmed once scored)"),
      item("sw-score", "", "surrounded, to be scored this turn"),
      item("sw-river", "", "river: tokens go there face down"),
    ),
  );
}

// ------------------------------------------------------------------ the side panel

function tokenDisc(kind, seat, ctx, extra = "") {
  return el(
    "span",
    { class: `disc ${extra}`, style: { "--seat": ctx.seatColor(seat), "--seat-text": ctx.seatTextColor(seat) } },
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

  const placing = ctx.yourTurn && view.phase === "place" && view.current_player === viewer;
  if (placing) {
    if (ui.kind && !moves.place[ui.kind]) ui.kind = null;
    if (!ui.kind && moves.placeKinds.length === 1) ui.kind = moves.placeKinds[0];
  } else {
    ui.kind = null;
  }
  const buttons = KINDS.filter((k) => stand[k] > 0).map((kind) => {
    const legal = placing && Boolean(moves.place[kind]);
    const pressed = ui.kind === kind;
    const discs = [];
    for (let i = 0; i < stand[kind]; i++) discs.push(tokenDisc(kind, viewer, ctx));
    return el(
      "button",
      {
        type: "button",
        class: `stand-token${pressed ? " selected" : ""}`,
        "data-kind": kind,
        "aria-pressed": pressed ? "true" : "false",
        disabled: !legal,
        title: legal ? `place a ${kind}` : placing ? `no legal hex for a ${kind} now` : kind,
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
    el("h3", {}, "Your stand ", el("span", { class: "muted", text: `${total}/${me.stand_capacity} · bag ${me.bag_size}` })),
    el("div", { class: "stand", id: "stand" }, buttons.length ? buttons : el("p", { class: "muted", text: "empty" })),
  );
  if (placing) {
    let hint;
    if (ui.kind) {
      const n = moves.place[ui.kind].size;
      hint = `Click one of the ${n} highlighted hexes to place your ${ui.kind}.`;
      const river = [...moves.place[ui.kind].values()].some((a) => a.face_down);
      if (river) hint += " In the river it lies face down.";
    } else if (moves.placeKinds.length) {
      hint = "Choose a token from your stand, then a highlighted hex.";
    } else {
      hint = "No token can be placed now.";
    }
    parts.push(el("p", { class: "hint", id: "place-hint", text: hint }));
    const pending = ui.pending && ui.kind && moves.place[ui.kind].get(ui.pending);
    if (pending) {
      parts.push(
        el(
          "div",
          { class: "confirm" },
          el("button", {
            type: "button",
            class: "primary big",
            id: "confirm-button",
            text: `Place the ${ui.kind} on ${ui.pending}${pending.face_down ? " (face down)" : ""}`,
            onclick: () => {
              ui.pending = null;
              ctx.act(pending);
            },
          }),
          el("button", { type: "button", text: "Cancel", onclick: () => { ui.pending = null; ctx.rerender(); } }),
        ),
      );
    }
  }
  if (moves.end) {
    parts.push(
      el("button", {
        type: "button",
        class: "primary big",
        id: "end-button",
        "data-action": moves.end.text,
        text: `End placement (${view.placed_this_turn} placed)`,
        onclick: () => ctx.act(moves.end),
      }),
    );
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
      el(
        "div",
        { class: "choice-list", id: "score-choices" },
        moves.score.map((a) => {
          const k = actionHex(a);
          const h = board.get(k);
          return el(
            "button",
            {
              type: "button",
              class: "choice",
              "data-action": a.text,
                onclick: () => ctx.act(a),
              onmouseenter: () => highlight(k, true),
              onmouseleave: () => highlight(k, false),
              onfocus: () => highlight(k, true),
              onblur: () => highlight(k, false),
            },
            el("b", { text: h && h.content === "city" ? `City ${h.tile}` : "Ziggurat" }),
            ` at ${k}`,
          );
        }),
      ),
    );
  }
  if (moves.card.length) {
    const cards = new Map(view.cards.map((c) => [c.number, c]));
    parts.push(el("h3", { text: "You won a ziggurat: take a card" }));
    parts.push(
      el(
        "div",
        { class: "choice-list cards-choice", id: "card-choices" },
        moves.card.map((a) => {
          const number = a.card ?? Number((/\d+/.exec(a.text) || [0])[0]);
          const c = cards.get(number) || {};
          return el(
            "button",
            { type: "button", class: "choice card-choice", "data-action": a.text, onclick: () => ctx.act(a) },
            el("span", { class: "card-number", text: number }),
            el("span", {}, el("b", { text: c.name || `card ${number}` }), el("br"), el("small", { text: c.effect || "" })),
          );
        }),
      ),
    );
  }
  if (moves.extra || moves.noExtra) {
    parts.push(el("h3", { text: "Extra turn (card 2)" }));
    parts.push(
      el(
        "div",
        { class: "choice-list" },
        moves.extra
          ? el("button", { type: "button", class: "primary big", id: "extra-button", "data-action": moves.extra.text, text: "Take the extra turn now", onclick: () => ctx.act(moves.extra) })
          : null,
        moves.noExtra
          ? el("button", { type: "button", class: "big", id: "no-extra-button", "data-action": moves.noExtra.text, text: "Keep card 2 for later", onclick: () => ctx.act(moves.noExtra) })
          : null,
      ),
    );
  }
  for (const a of moves.other) {
    parts.push(el("button", { type: "button", class: "choice", "data-action": a.text, onclick: () => ctx.act(a), text: a.text }));
  }
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

/** table.js calls this when the pointer is on a log line: show the hex it names. */
export function pointAtLogEntry(entry, on) {
  if (entry && Array.isArray(entry.hex)) highlight(key(entry.hex), on);
}

function playersPanel(payload, ctx) {
  const view = payload.view;
  const spent = new Set(view.cards.filter((c) => c.spent).map((c) => c.number));
  const cardsByNumber = new Map(view.cards.map((c) => [c.number, c]));
  // A card chip's tooltip: the card's name and effect as the view gives them (the game's data).
  const cardTitle = (n) => {
    const c = cardsByNumber.get(n);
    const text = c ? [c.name, c.effect].filter(Boolean).join(": ") : `card ${n}`;
    return `${text}${spent.has(n) ? " (spent)" : ""}`;
  };
  const rows = view.players.map((p) => {
    const current = !view.terminal && view.current_player === p.seat;
    const winner = view.terminal && (view.winners || []).includes(p.seat);
    return el(
      "tr",
      { class: `${current ? "current" : ""}${p.seat === ctx.viewer ? " me" : ""}`, "data-seat": p.seat },
      el("td", { class: "mark", text: current ? "▶" : winner ? "★" : "" }),
      el("td", { class: "who" }, ctx.seatChip(p.seat, { you: p.seat === ctx.viewer })),
      el("td", { class: "num score", text: p.score }),
      el("td", { class: "num", text: p.cities }),
      el("td", { class: "num", text: `${p.stand_size}/${p.stand_capacity}` }),
      el("td", { class: "num", text: p.bag_size }),
      el(
        "td",
        { class: "cards" },
        p.cards.map((n) => el("span", { class: `card-chip${spent.has(n) ? " spent" : ""}`, title: cardTitle(n), text: n })),
      ),
    );
  });
  return el(
    "section",
    { class: "panel players" },
    el(
      "table",
      { class: "players-table", id: "players" },
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          el("th", {}),
          el("th", { text: "Player" }),
          el("th", { class: "num", text: "Points", title: "score" }),
          el("th", { class: "num", text: "Cities", title: "cities won" }),
          el("th", { class: "num", text: "Stand", title: "tokens on the stand / capacity" }),
          el("th", { class: "num", text: "Bag", title: "tokens left in the bag" }),
          el("th", { text: "Cards" }),
        ),
      ),
      el("tbody", {}, rows),
    ),
    el("p", { class: "muted small", id: "cities-on-board", text: `Cities on the board: ${view.cities_on_board}` }),
  );
}

function cardsPanel(payload, ctx) {
  const view = payload.view;
  return el(
    "section",
    { class: "panel cards-panel" },
    el("h3", { text: "Ziggurat cards" }),
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
          { class: `card-item${c.owner !== null && c.owner !== undefined ? " taken" : ""}${c.spent ? " spent" : ""}`, "data-card": c.number },
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
  const moves = sortActions(ctx.viewer === null ? [] : payload.legal_actions || []);
  if (!payload.view || !payload.view.board) {
    areas.board.replaceChildren(el("p", { text: "Waiting for the game to start…" }));
    areas.panel.replaceChildren();
    return;
  }
  if (ctx.viewer !== null && payload.view.phase === "place" && ctx.yourTurn) {
    if (ctx.ui.kind && !moves.place[ctx.ui.kind]) ctx.ui.kind = null;
    if (!ctx.ui.kind && moves.placeKinds.length === 1) ctx.ui.kind = moves.placeKinds[0];
  }
  drawBoard(areas.board, payload, ctx, moves);
  areas.panel.replaceChildren(
    ...[controls(payload, ctx, moves), decisions(payload, ctx, moves), scoringNote(payload, ctx), playersPanel(payload, ctx), cardsPanel(payload, ctx)].filter(Boolean),
  );
}
