// Ishtar: Gardens of Babylon in the browser: draws payload.view (see games/ishtar/views.py)
// as the terrain map in SVG (tiles, flowerbeds, fountains, trees, assistants), the carpet
// with its six stacks and the watering can, the tree market and the skills board, and offers
// payload.legal_actions (described by games/ishtar/describe.py) as clicks. No rule is
// re-implemented here: every lit hex, stack, card and button is one legal action; where a
// tile's three spaces lie at each rotation is the view's (view.tile_turns), and so are the
// words of the rules the texts show: what each icon allows (view.icons), what the player to
// move is doing (view.task), how the watering can and the skills are paid (view.can_rule,
// view.skill_rule) and the fountains' points (view.rules). The hex geometry, the buttons and
// the grouping of the actions are the kit's (kit.js).

import { el } from "../common.js";
import { AXIAL_EDGES as DIRS, axialCenter, axialOutline as outline, hexCorner, hexKey as key, hexPoints as kitHexPoints, keyHex, SQRT3, viewBoxAround } from "../kit.js";
import { actionButton as button, choiceList, confirmBox, groupBy, markTarget, myDecision, newDecision, offeredActions, onActivate, sortActions, touchAsks } from "../kit.js";
import { dataTable, f2, legend, plural, seatState, svg, turnMark, viewToDraw, zoomableBoard } from "../kit.js";

export const title = "Ishtar";
// A tap on the board asks first itself (a first tap shows the move, a second makes it: a
// stack, a placement, a planting, a blooming token), when the player wants taps to ask
// (kit.js touchAsks): the table adds no question of its own. The market's cards are buttons,
// as large as the panel's, and act at the first tap like them.
export const confirmsTaps = true;
/** What the hot-seat curtain hides until the next player clicks (table.js). */
export const secretNoun = "tree cards";

const S = 26; // map hex circumradius in SVG units
const GEMS = ["violet", "red", "white"];

/** "assistant": the name of a tile icon (view.icons, from the data file). */
function iconName(view, icon) {
  return view.icons[icon].name;
}

// The keyboard shortcut (R) finds the placement being shown through this.
const live = { rotate: null };
document.addEventListener("keydown", (event) => {
  if (!live.rotate || event.ctrlKey || event.metaKey || event.altKey) return;
  const tag = (event.target && event.target.tagName) || "";
  if (/^(INPUT|TEXTAREA|SELECT)$/.test(tag)) return;
  if (event.key === "r" || event.key === "R") {
    event.preventDefault();
    live.rotate(event.key === "R" || event.shiftKey ? -1 : 1);
  }
});

// ------------------------------------------------------------------ small helpers

/** A pointy-topped hex of circumradius r centred on 0,0. */
function hexPoints(r) {
  return kitHexPoints(r, true);
}

function corner(r, i) {
  return hexCorner(r, i, true);
}

/** Pixel centre of axial hex [q, r] for circumradius s. */
function px(h, s = S) {
  return axialCenter(h, s);
}

/** The hexes spaces 0, 1, 2 of a tile of `shape` cover with space 0 on `anchor`, turned k
 * times 60° clockwise: the view's offsets of that rotation (view.tile_turns) from the anchor. */
function footprint(view, shape, anchor, k) {
  return view.tile_turns[shape][k].map((d) => [anchor[0] + d[0], anchor[1] + d[1]]);
}

/** The hexes a legal placement of the tile in hand covers. */
function placementCells(view, action) {
  return footprint(view, view.tile.shape, action.hex, action.rotation);
}

function gemCount(gems) {
  return GEMS.reduce((n, g) => n + ((gems && gems[g]) || 0), 0);
}

function gemWords(gems) {
  const parts = GEMS.filter((g) => gems && gems[g]).map((g) => `${gems[g]} ${g}`);
  return parts.length ? parts.join(", ") : "nothing";
}

/** One diamond per gem (or one with a count when `counts`). */
function gemChips(gems, { counts = false, zeros = false, empty = "–" } = {}) {
  const list = GEMS.filter((g) => zeros || (gems && gems[g]));
  if (!list.length) return [el("span", { class: "muted", text: empty })];
  if (counts) {
    return list.map((g) =>
      el("span", { class: `ish-gemcount${gems[g] ? "" : " zero"}`, "data-gem": g, title: `${gems[g]} ${g}` }, el("span", { class: `ish-gem gem-${g}` }), el("b", { text: gems[g] })),
    );
  }
  const out = [];
  for (const g of list) for (let i = 0; i < gems[g]; i++) out.push(el("span", { class: `ish-gem gem-${g}`, title: g }));
  return [el("span", { class: "ish-gems", title: gemWords(gems) }, out)];
}

// ------------------------------------------------------------------ actions by kind

/** The legal actions by type; a buy of the reserved card apart (`buyReserved`). */
function movesOf(legal) {
  const out = sortActions(legal, {
    take: { key: "stack", list: true },
    discard: "list",
    place: "list",
    assistant: "one",
    skill: { key: "skill", list: true },
    "no-action": "one",
    bloom: { key: (a) => a.pattern.join("+"), list: true },
    "stop-bloom": "one",
    reserve: { key: "slot" },
    buy: { key: (a) => (a.reserved ? "reserved" : a.slot) },
    plant: { key: (a) => key(a.hex) },
    "end-turn": "one",
  });
  out.buyReserved = out.buy.get("reserved") || null;
  out.buy.delete("reserved");
  return out;
}

/** The legal placements grouped by rotation: k -> Map(anchor key -> action). */
function placementsByRotation(moves) {
  const by = new Map();
  for (const [k, list] of groupBy(moves.place, (a) => a.rotation)) by.set(k, new Map(list.map((a) => [key(a.hex), a])));
  return by;
}

/** Keep ctx.ui.rotation on a rotation that has legal placements; returns the sorted list. */
function legalRotations(ui, by) {
  const rotations = [...by.keys()].sort((a, b) => a - b);
  if (!rotations.includes(ui.rotation)) ui.rotation = rotations.length ? rotations[0] : 0;
  return rotations;
}

function turnRotation(ui, rotations, step) {
  if (!rotations.length) return;
  const i = rotations.indexOf(ui.rotation);
  ui.rotation = rotations[(i + step + rotations.length) % rotations.length];
}

// ------------------------------------------------------------------ status line and log

/** The status line's words: "places the tile V05 · last round". */
export function describeTurn(payload) {
  const v = payload.view;
  if (!v || v.over) return null;
  let text = v.task;
  if (v.phase === "place" && v.tile) text += ` ${v.tile.id}`;
  if (v.phase === "bloom" && v.bloom_left) text += ` (${v.bloom_left} more at most)`;
  // A bought card goes face down: only its buyer's screen names it.
  if (v.phase === "plant" && v.planting && v.current === payload.seat) text += ` (${v.planting.id})`;
  if (v.end_triggered) text += " · last round: the end is triggered";
  return text;
}

/** table.js calls this when the pointer is on a log line: show the hexes it names. */
/** The board's elements a logged move touched (its hexes, its stack), for the marks of the
 * others' moves since your last turn (table.js). */
export function logEntryTargets(entry) {
  const hexes = Array.isArray(entry.hexes) ? entry.hexes : Array.isArray(entry.hex) ? [entry.hex] : [];
  const targets = hexes.map((h) => `svg.ish-map g.hex[data-hex="${key(h)}"]`);
  if (entry.stack !== undefined && entry.stack !== null) targets.push(`#carpet g.stack[data-stack="${entry.stack}"]`);
  return targets;
}

export function pointAtLogEntry(entry, on) {
  if (!entry) return;
  const hexes = Array.isArray(entry.hexes) ? entry.hexes : Array.isArray(entry.hex) ? [entry.hex] : [];
  spot(hexes.map(key), on);
  if (entry.stack !== undefined && entry.stack !== null) {
    const node = document.querySelector(`#carpet g.stack[data-stack="${entry.stack}"]`);
    if (node) node.classList.toggle("pointed", on);
  }
}

function spot(keys, on) {
  const layer = document.querySelector("svg.ish-map g.spots");
  if (!layer) return;
  layer.replaceChildren();
  if (!on) return;
  for (const k of keys) {
    const [x, y] = px(keyHex(k));
    layer.append(svg("polygon", { points: hexPoints(S * 0.92), class: "spot", transform: `translate(${f2(x)},${f2(y)})` }));
  }
}

// ------------------------------------------------------------------ drawing pieces

/** Flowers as little blossoms (s ≥ 16) or as a number. */
function flowerMarks(n, s, dy = 0, small = false) {
  if (!n) return null;
  if (s < 16) {
    return svg("text", { class: "ish-flower-num", y: f2(dy + s * 0.32), "font-size": f2(s * 0.95) }, n);
  }
  const d = s * (small ? 0.21 : 0.27);
  const spots = {
    1: [[0, 0]],
    2: [[-d, 0], [d, 0]],
    3: [[-d, d * 0.6], [d, d * 0.6], [0, -d * 0.85]],
    4: [[-d, -d], [d, -d], [-d, d], [d, d]],
  }[Math.min(n, 4)];
  const r = s * (small ? 0.115 : 0.15);
  const g = svg("g", { class: "ish-flowers", transform: `translate(0,${f2(dy)})` });
  for (const [x, y] of spots) g.append(svg("circle", { cx: f2(x), cy: f2(y), r: f2(r), class: "blossom" }));
  if (n > 4) g.append(svg("text", { class: "ish-flower-num", y: f2(s * 0.3), "font-size": f2(s * 0.5) }, n));
  return g;
}

function iconBadge(icon, s, y) {
  return svg(
    "g",
    { class: `ish-icon icon-${icon}`, transform: `translate(0,${f2(y)})` },
    svg("circle", { r: f2(s * 0.27) }),
    svg("text", { y: f2(s * 0.1), "font-size": f2(s * 0.33) }, icon),
  );
}

/** A tile's space: grass or flowers, its icon; centred on 0,0. */
function spaceShape(flowers, s, { icon = null, topped = false } = {}) {
  const g = svg("g", { class: `ish-space ${flowers ? "flower" : "grass"}` });
  g.append(svg("polygon", { points: hexPoints(s * 0.97), class: "space-bg" }));
  if (flowers) g.append(flowerMarks(flowers, s, icon || topped ? s * 0.28 : 0, Boolean(icon || topped)));
  else if (s >= 16) g.append(grassMarks(s));
  if (icon) g.append(iconBadge(icon, s, flowers ? -s * 0.3 : 0));
  return g;
}

function grassMarks(s) {
  const d = [];
  for (const [x, y] of [[-0.3, 0.12], [0.05, -0.18], [0.32, 0.2]]) {
    const bx = s * x;
    const by = s * y;
    d.push(`M${f2(bx - s * 0.07)} ${f2(by + s * 0.1)}l${f2(s * 0.04)} ${f2(-s * 0.18)}M${f2(bx + s * 0.03)} ${f2(by + s * 0.1)}l${f2(s * 0.05)} ${f2(-s * 0.16)}`);
  }
  return svg("path", { class: "grass-blades", d: d.join("") });
}

/** A whole tile drawn at `s`, its spaces 0, 1, 2 on `cells` (a rotation of view.tile_turns). */
function tileShape(tile, cells, s) {
  const centres = cells.map((c) => px(c, s));
  const cx = centres.reduce((n, c) => n + c[0], 0) / 3;
  const cy = centres.reduce((n, c) => n + c[1], 0) / 3;
  const g = svg("g", { class: "ish-tile" });
  cells.forEach((c, i) => {
    const [x, y] = centres[i];
    const space = spaceShape(tile.spaces[i], s, { icon: tile.icon && tile.icon_space === i ? tile.icon : null });
    space.setAttribute("transform", `translate(${f2(x - cx)},${f2(y - cy)})`);
    g.append(space);
  });
  g.append(svg("path", { class: "tile-edge", d: outline(cells, s, -cx, -cy) }));
  return g;
}

function meeple(s, color, cls = "") {
  const h = s;
  return svg(
    "g",
    { class: `ish-meeple ${cls}`.trim() },
    svg("path", {
      d: `M${f2(-0.32 * h)} ${f2(0.42 * h)}L${f2(-0.3 * h)} ${f2(0.05 * h)}L${f2(-0.42 * h)} ${f2(0.08 * h)}L${f2(-0.38 * h)} ${f2(-0.08 * h)}L${f2(-0.12 * h)} ${f2(-0.16 * h)}L${f2(0.12 * h)} ${f2(-0.16 * h)}L${f2(0.38 * h)} ${f2(-0.08 * h)}L${f2(0.42 * h)} ${f2(0.08 * h)}L${f2(0.3 * h)} ${f2(0.05 * h)}L${f2(0.32 * h)} ${f2(0.42 * h)}Z`,
      fill: color,
    }),
    svg("circle", { cy: f2(-0.32 * h), r: f2(0.16 * h), fill: color }),
  );
}

function treeGlyph(s, planter, ctx) {
  return svg(
    "g",
    { class: "ish-tree" },
    svg("rect", { x: f2(-s * 0.07), y: f2(s * 0.05), width: f2(s * 0.14), height: f2(s * 0.38), class: "trunk" }),
    svg("circle", { cx: 0, cy: f2(-s * 0.12), r: f2(s * 0.36), class: "crown" }),
    svg("circle", { cx: f2(-s * 0.12), cy: f2(-s * 0.22), r: f2(s * 0.12), class: "crown-light" }),
    planter === null || planter === undefined ? null : svg("circle", { cx: f2(s * 0.32), cy: f2(s * 0.36), r: f2(s * 0.12), fill: ctx.seatColor(planter), class: "planter" }),
  );
}

function canGlyph(size) {
  const k = size / 24;
  return svg(
    "g",
    { class: "ish-can", transform: `scale(${f2(k)})` },
    svg("path", { d: "M-7 -4h12v12h-12z", class: "can-body" }),
    svg("path", { d: "M5 -2l9 -7l2 2l-8 8z", class: "can-spout" }),
    svg("path", { d: "M-7 -2c-6 0 -6 8 0 8", class: "can-handle" }),
    svg("path", { d: "M-5 -4c0 -6 8 -6 8 0", class: "can-handle" }),
  );
}

// ------------------------------------------------------------------ the map

function mapIndex(view) {
  const map = view.map;
  const hexes = new Map(map.hexes.map((h) => [key(h.hex), h]));
  const spaces = new Map(); // key -> {flowers, tile}
  map.tiles.forEach((t, i) => t.spaces.forEach((s) => spaces.set(key(s.hex), { flowers: s.flowers, tile: i, id: t.id })));
  const icons = new Map();
  for (const t of map.tiles) if (t.icon && t.icon_hex) icons.set(key(t.icon_hex), t.icon);
  const tokens = new Map(); // key -> {flowers, id, other}
  for (const t of map.tokens) {
    t.spaces.forEach((s, i) => tokens.set(key(s.hex), { flowers: s.flowers, id: t.id, other: t.spaces[1 - i] ? key(t.spaces[1 - i].hex) : null }));
  }
  const trees = new Map(map.trees.map((t) => [key(t.hex), t.planted_by]));
  const assistants = new Map(map.assistants.map((a) => [key(a.hex), a.seat]));
  const beds = new Map();
  map.flowerbeds.forEach((b, i) => b.hexes.forEach((h) => beds.set(key(h), i)));
  const fountains = new Map(map.fountains.map((f) => [key(f.hex), f]));
  return { hexes, spaces, icons, tokens, trees, assistants, beds, fountains };
}

function hexWords(k, idx, view, ctx) {
  const h = idx.hexes.get(k);
  if (!h) return k;
  const parts = [k];
  const space = idx.spaces.get(k);
  const token = idx.tokens.get(k);
  if (space) {
    parts.push(`tile ${space.id}: ${token ? `blooming token, ${token.flowers} ${plural("flower", token.flowers)}` : space.flowers ? `${space.flowers} ${plural("flower", space.flowers)}` : "grass"}`);
    const icon = idx.icons.get(k);
    if (icon) parts.push(`${iconName(view, icon)} icon`);
  } else if (h.kind === "rock") {
    parts.push(`rock, ${h.rock} gem${h.gem ? "" : " (taken)"}`);
  } else if (h.kind === "fountain") {
    const f = idx.fountains.get(k);
    const who = f && f.controlled_by.length ? `controlled by ${f.controlled_by.map((s) => ctx.seatName(s)).join(" and ")}` : "controlled by nobody";
    parts.push(`${f ? f.colour : ""} fountain, ${f ? f.vp : "?"} VP, ${who}`);
  } else if (h.kind === "tablet") {
    parts.push("sacred tablet (never covered)");
  } else {
    parts.push(h.kind);
  }
  if (idx.trees.has(k)) parts.push(`tree planted by ${ctx.seatName(idx.trees.get(k))}`);
  if (idx.assistants.has(k)) parts.push(`assistant of ${ctx.seatName(idx.assistants.get(k))}`);
  const bed = idx.beds.get(k);
  if (bed !== undefined) {
    const b = view.map.flowerbeds[bed];
    parts.push(`flowerbed of ${b.flowers} ${plural("flower", b.flowers)}, ${b.owner === null || b.owner === undefined || b.owner < 0 ? "nobody's" : ctx.seatName(b.owner) + "'s"}`);
  }
  return parts.join(" · ");
}

function hexContent(k, h, idx, ctx) {
  const parts = [];
  const space = idx.spaces.get(k);
  if (space) {
    const token = idx.tokens.get(k);
    const icon = idx.icons.get(k);
    const assistant = idx.assistants.get(k);
    // An assistant stands on the icon (drawn with the pieces): the flowers make room for it.
    parts.push(spaceShape(space.flowers, S, { icon: assistant === undefined ? icon : null, topped: assistant !== undefined }));
    if (token) {
      parts.push(svg("g", { class: "ish-token" }, svg("circle", { r: f2(S * 0.6), class: "token-disc" }), flowerMarks(token.flowers, S * 0.9)));
    }
    return parts;
  }
  if (h.kind === "rock") {
    const d = `M0 ${f2(-S * 0.34)}L${f2(S * 0.28)} 0L0 ${f2(S * 0.34)}L${f2(-S * 0.28)} 0Z`;
    parts.push(svg("path", { class: "rock-lines", d: `M${f2(-S * 0.62)} ${f2(S * 0.25)}l${f2(S * 0.25)} ${f2(-S * 0.12)}M${f2(S * 0.35)} ${f2(-S * 0.42)}l${f2(S * 0.22)} ${f2(S * 0.1)}M${f2(S * 0.3)} ${f2(S * 0.5)}l${f2(S * 0.2)} ${f2(-S * 0.15)}` }));
    parts.push(svg("path", { d, class: h.gem ? `ish-gem-map gem-${h.rock}` : `ish-gem-map taken gem-${h.rock}` }));
  } else if (h.kind === "tablet") {
    parts.push(
      svg("rect", { x: f2(-S * 0.3), y: f2(-S * 0.4), width: f2(S * 0.6), height: f2(S * 0.8), rx: f2(S * 0.08), class: "tablet-stone" }),
      svg("path", {
        class: "tablet-lines",
        d: [-0.22, -0.05, 0.12, 0.27].map((y) => `M${f2(-S * 0.18)} ${f2(S * y)}h${f2(S * 0.12)}m${f2(S * 0.06)} 0h${f2(S * 0.16)}`).join(""),
      }),
    );
  } else if (h.kind === "fountain") {
    const f = idx.fountains.get(k);
    if (f) {
      parts.push(svg("circle", { r: f2(S * 0.56), class: `fountain-disc fountain-${f.colour}` }));
      parts.push(svg("text", { class: `fountain-vp fountain-${f.colour}`, y: f2(S * 0.2), "font-size": f2(S * 0.55) }, f.vp));
    }
  }
  return parts;
}

function drawMap(view, ctx, moves, placing) {
  const ui = ctx.ui;
  const idx = mapIndex(view);
  const map = view.map;
  const viewBox = viewBoxAround(map.hexes.map((h) => px(h.hex)), (SQRT3 / 2) * S, S, 6);

  // What a click on a hex does now (one legal action per hex, or a step of a choice).
  const targets = new Map(); // key -> {action?, cls}
  if (placing) for (const [k, a] of placing.anchors) targets.set(k, { action: a, cls: "anchor" });
  for (const [k, a] of moves.plant) targets.set(k, { action: a, cls: "plant-target" });
  const bloom = bloomTargets(ui, moves);
  for (const [k, t] of bloom) targets.set(k, t);

  const hexNodes = [];
  for (const h of map.hexes) {
    const k = key(h.hex);
    const [x, y] = px(h.hex);
    const classes = ["hex", `kind-${h.kind}`];
    const target = targets.get(k);
    if (target) classes.push("target", target.cls);
    if (target && target.action && target.action.text === ui.pending) classes.push("pending");
    const g = svg(
      "g",
      { class: classes.join(" "), transform: `translate(${f2(x)},${f2(y)})`, "data-hex": k },
      svg("title", {}, hexWords(k, idx, view, ctx) + (target && target.action ? ` · click: ${target.action.text}` : "")),
      svg("polygon", { points: hexPoints(S), class: "hex-bg" }),
      hexContent(k, h, idx, ctx),
    );
    if (target) markTarget(g, target.action ? target.action.text : `choose ${k}`, target.action && target.action.text);
    hexNodes.push(g);
  }

  // Lines: board seams, tile edges, flowerbeds (owned: the owner's colour).
  const seams = [];
  for (const h of map.hexes) {
    const [x, y] = px(h.hex);
    for (const [dq, dr, a, b] of DIRS) {
      const n = idx.hexes.get(key([h.hex[0] + dq, h.hex[1] + dr]));
      if (n && n.board === h.board) continue;
      if (n && key(n.hex) < key(h.hex)) continue; // each inner seam once
      const [x1, y1] = corner(S, a);
      const [x2, y2] = corner(S, b);
      seams.push(`M${f2(x + x1)} ${f2(y + y1)}L${f2(x + x2)} ${f2(y + y2)}`);
    }
  }
  const lines = [svg("path", { class: "board-seam", d: seams.join("") })];
  for (const t of map.tiles) lines.push(svg("path", { class: "tile-edge", d: outline(t.spaces.map((s) => s.hex), S) }));
  map.flowerbeds.forEach((b, i) => {
    const owned = b.owner !== null && b.owner !== undefined && b.owner >= 0;
    const d = outline(b.hexes, S, 0, 0, 0.9);
    if (owned) {
      lines.push(svg("path", { class: "bed-edge-under", d }));
      lines.push(svg("path", { class: "bed-edge owned", d, stroke: ctx.seatColor(b.owner), "data-bed": i, "data-owner": b.owner }));
    } else {
      lines.push(svg("path", { class: "bed-edge free", d, "data-bed": i }));
    }
  });

  // Pieces on top: tokens' links, assistants, trees, fountain control, the icon to use.
  const pieces = [];
  for (const t of map.tokens) {
    if (t.spaces.length === 2) {
      const [x1, y1] = px(t.spaces[0].hex);
      const [x2, y2] = px(t.spaces[1].hex);
      pieces.push(svg("line", { x1: f2(x1), y1: f2(y1), x2: f2(x2), y2: f2(y2), class: "token-link" }));
    }
  }
  for (const a of map.assistants) {
    const [x, y] = px(a.hex);
    const space = idx.spaces.get(key(a.hex));
    const g = svg("g", { transform: `translate(${f2(x)},${f2(y - (space && space.flowers ? S * 0.22 : 0))})`, "data-seat": a.seat, class: "assistant" });
    g.append(meeple(S * 0.78, ctx.seatColor(a.seat)));
    pieces.push(g);
  }
  for (const t of map.trees) {
    const [x, y] = px(t.hex);
    const g = svg("g", { transform: `translate(${f2(x)},${f2(y)})`, class: "tree" }, treeGlyph(S, t.planted_by, ctx));
    pieces.push(g);
  }
  for (const f of map.fountains) {
    const [x, y] = px(f.hex);
    const n = f.controlled_by.length;
    f.controlled_by.forEach((seat, i) => {
      const dx = (i - (n - 1) / 2) * S * 0.34;
      pieces.push(svg("circle", { cx: f2(x + dx), cy: f2(y + S * 0.68), r: f2(S * 0.16), class: "control-dot", fill: ctx.seatColor(seat), "data-seat": seat }));
    });
  }
  if (view.icon_hex && view.phase === "action") {
    const [x, y] = px(view.icon_hex);
    pieces.push(svg("polygon", { points: hexPoints(S * 0.88), class: "icon-ring", transform: `translate(${f2(x)},${f2(y)})` }));
  }
  const marks = [];
  for (const [k, t] of targets) {
    const [x, y] = px(keyHex(k));
    marks.push(
      svg(
        "g",
        { class: `mark ${t.cls}${t.action && t.action.text === ui.pending ? " pending" : ""}`, transform: `translate(${f2(x)},${f2(y)})`, "data-hex": k },
        svg("polygon", { points: hexPoints(S * 0.86), class: "target-ring" }),
        t.cls === "anchor" ? svg("circle", { r: f2(S * 0.16), class: "anchor-dot" }) : null,
      ),
    );
  }

  const preview = svg("g", { class: "preview" });
  const svgNode = svg(
    "svg",
    {
      class: `board ish-map${targets.size ? " choosing" : ""}`,
      id: "ish-map",
      viewBox,
      role: "img",
      "aria-label": "Ishtar terrain",
      preserveAspectRatio: "xMidYMid meet",
      "data-rotation": placing ? ui.rotation : null,
      // its width in SVG units: on a phone the map is drawn at least 0.75 px a unit (a hex
      // then measures 34 × 39 CSS px) and scrolls in its frame (style.css)
      style: `--map-w: ${viewBox.split(" ")[2]}`,
    },
    svg("g", { class: "hexes" }, hexNodes),
    svg("g", { class: "lines", "pointer-events": "none" }, lines),
    svg("g", { class: "pieces", "pointer-events": "none" }, pieces),
    svg("g", { class: "marks", "pointer-events": "none" }, marks),
    svg("g", { class: "preview-layer", "pointer-events": "none" }, preview),
    svg("g", { class: "spots", "pointer-events": "none" }),
  );

  const choose = (k, confirmTouch) => {
    const t = targets.get(k);
    if (placing) {
      const action = placing.pick(k);
      if (!action) return;
      if (confirmTouch && touchAsks() && ui.pending !== action.text) {
        ui.pending = action.text;
        ui.hover = k;
        ctx.rerender();
        return;
      }
      ui.pending = null;
      ctx.act(action);
      return;
    }
    if (!t) return;
    if (t.action) {
      // On a touch screen a first tap shows the move (ringed, with its button in the panel),
      // a second tap on the same hex makes it.
      if (confirmTouch && touchAsks() && ui.pending !== t.action.text) {
        ui.pending = t.action.text;
        ctx.rerender();
        return;
      }
      ui.pending = null;
      ui.bloomFirst = null;
      ctx.act(t.action);
    } else if (t.first) {
      ui.pending = null;
      ui.bloomFirst = k;
      ctx.rerender();
    }
  };
  // A click on any hex may pick a placement that covers it; the keyboard reaches the lit ones.
  onActivate(svgNode, "g.hex", (g, { keyboard }) => choose(g.dataset.hex, !keyboard), "g.hex.target");
  if (placing) {
    const show = (k) => {
      ui.hover = k;
      drawPreview(preview, view, placing, k);
    };
    svgNode.addEventListener("pointerover", (event) => {
      const g = event.target.closest && event.target.closest("g.hex");
      if (g) show(g.dataset.hex);
    });
    svgNode.addEventListener("focusin", (event) => {
      const g = event.target.closest && event.target.closest("g.hex");
      if (g) show(g.dataset.hex);
    });
    svgNode.addEventListener("pointerleave", () => {
      if (touchAsks() && ui.pending) return;
      ui.hover = null;
      preview.replaceChildren();
    });
    if (ui.hover) drawPreview(preview, view, placing, ui.hover);
  }
  return svgNode;
}

/** The tile under the pointer: the legal placement a click there makes, else (red) the tile
 * with space 0 on the hex, turned as chosen. */
function drawPreview(layer, view, placing, k) {
  layer.replaceChildren();
  const tile = view.tile;
  if (!tile) return;
  const action = placing.pick(k);
  const cells = action ? placing.cells.get(action.text) : footprint(view, tile.shape, keyHex(k), placing.rotation);
  const g = svg("g", { class: `ghost-tile ${action ? "legal" : "illegal"}`, "data-action": action ? action.text : null });
  cells.forEach((c, i) => {
    const [x, y] = px(c);
    const space = spaceShape(tile.spaces[i], S, { icon: tile.icon && tile.icon_space === i ? tile.icon : null });
    space.setAttribute("transform", `translate(${f2(x)},${f2(y)})`);
    g.append(space);
  });
  g.append(svg("path", { class: "ghost-edge", d: outline(cells, S) }));
  layer.append(g);
}

function placingState(view, ui, moves) {
  if (!moves.place.length || !view.tile) return null;
  const by = placementsByRotation(moves);
  const rotations = legalRotations(ui, by);
  const anchors = by.get(ui.rotation) || new Map();
  const cells = new Map(); // action text -> cells
  const cover = new Map(); // hex key -> [actions]
  for (const a of anchors.values()) {
    const fp = placementCells(view, a);
    cells.set(a.text, fp);
    for (const c of fp) {
      const k = key(c);
      if (!cover.has(k)) cover.set(k, []);
      cover.get(k).push(a);
    }
  }
  return {
    rotation: ui.rotation,
    rotations,
    anchors,
    cells,
    total: moves.place.length,
    /** The placement a click on hex k makes: the one anchored there, else one covering it. */
    pick(k) {
      if (anchors.has(k)) return anchors.get(k);
      const list = cover.get(k);
      if (!list) return null;
      const [x, y] = px(keyHex(k));
      let best = null;
      let bestD = Infinity;
      for (const a of list) {
        const fp = cells.get(a.text);
        const c = fp.map((h) => px(h)).reduce((m, p) => [m[0] + p[0] / 3, m[1] + p[1] / 3], [0, 0]);
        const d = (c[0] - x) ** 2 + (c[1] - y) ** 2;
        if (d < bestD) {
          bestD = d;
          best = a;
        }
      }
      return best;
    },
  };
}

/** Bloom: with a pattern chosen, the hexes to click (for a two-space token: first, then second). */
function bloomTargets(ui, moves) {
  const out = new Map();
  if (!moves.bloom.size) return out;
  if (!ui.pattern || !moves.bloom.has(ui.pattern)) {
    ui.pattern = moves.bloom.size === 1 ? [...moves.bloom.keys()][0] : null;
    ui.bloomFirst = null;
  }
  if (!ui.pattern) return out;
  const list = moves.bloom.get(ui.pattern);
  if (list[0].hexes.length === 1) {
    for (const a of list) out.set(key(a.hexes[0]), { action: a, cls: "bloom-target" });
    return out;
  }
  if (ui.bloomFirst && !list.some((a) => key(a.hexes[0]) === ui.bloomFirst)) ui.bloomFirst = null;
  if (!ui.bloomFirst) {
    for (const a of list) out.set(key(a.hexes[0]), { first: true, cls: "bloom-target" });
    return out;
  }
  out.set(ui.bloomFirst, { first: true, cls: "bloom-first" });
  for (const a of list) if (key(a.hexes[0]) === ui.bloomFirst) out.set(key(a.hexes[1]), { action: a, cls: "bloom-target second" });
  return out;
}

// ------------------------------------------------------------------ the carpet

function drawCarpet(view, ctx, moves) {
  const ui = ctx.ui;
  const R = 97; // ring radius
  const C = 50; // cup radius
  const s = 14; // tile hex size on the carpet
  const stacks = view.stacks.map((st, i) => {
    const a = (Math.PI / 180) * (-90 + (360 / view.stacks.length) * i);
    const x = R * Math.cos(a);
    const y = R * Math.sin(a);
    const takes = moves.take.get(i);
    const classes = ["stack", `shape-${st.shape}`];
    if (!st.size) classes.push("empty");
    if (takes) classes.push("target");
    if (view.can === i) classes.push("can-here");
    if (ui.payStack === i) classes.push("selected");
    const cost = takes ? gemCount(takes[0].pay) : null;
    const label = `stack ${i}: ${st.shape} tiles, ${st.size} left${st.top ? `, top ${st.top.id}` : ""}${view.can === i ? ", the watering can is here" : ""}${takes ? ` · click: take it (${cost ? `${cost} ${plural("gem", cost)}` : "free"})` : ""}`;
    const g = svg(
      "g",
      { class: classes.join(" "), transform: `translate(${f2(x)},${f2(y)})`, "data-stack": i, "data-size": st.size },
      svg("title", {}, label),
      svg("circle", { r: C, class: "cup" }),
      st.top ? tileShape(st.top, view.tile_turns[st.shape][0], s) : svg("text", { class: "stack-empty", y: 4 }, "empty"),
      svg("text", { class: "stack-label", y: f2(C * 0.78) }, `${i} · ${st.shape} · ${st.size}`),
      takes ? svg("g", { class: "cost-badge", transform: `translate(0,${f2(-C * 0.82)})` }, svg("rect", { x: -19, y: -8, width: 38, height: 15, rx: 7 }), svg("text", { y: 3.5 }, cost ? `${cost} ${plural("gem", cost)}` : "free")) : null,
      // The can sits on the cup's rim, at its left, clear of the label and the price.
      view.can === i ? svg("g", { class: "can-mark", transform: `translate(${f2(-(C - 4) * Math.cos(Math.PI / 9))},${f2(-(C - 4) * Math.sin(Math.PI / 9))})` }, svg("title", {}, "the watering can"), svg("circle", { r: 11, class: "can-back" }), canGlyph(19)) : null,
    );
    if (takes) markTarget(g, label, takes.length === 1 ? takes[0].text : null);
    return g;
  });
  // The centre: blooming tokens and the spare assistants.
  const centre = [svg("circle", { r: R - C - 4, class: "carpet-centre" })];
  const tokens = view.carpet.tokens;
  tokens.forEach((t, i) => {
    const col = i % 4;
    const row = Math.floor(i / 4);
    const x = -21 + col * 14;
    const y = -16 + row * 15;
    const g = svg("g", { class: "carpet-token", transform: `translate(${x},${y})` }, svg("title", {}, `blooming token ${t.id}: ${t.spaces.join(" + ")} flowers`));
    if (t.spaces.length === 1) g.append(svg("circle", { r: 5.5, class: "token-disc" }), svg("text", { y: 2.6, class: "token-num" }, t.spaces[0]));
    else g.append(svg("rect", { x: -6, y: -4.5, width: 12, height: 9, rx: 4.5, class: "token-disc" }), svg("text", { y: 2.6, class: "token-num" }, t.spaces.join("")));
    centre.push(g);
  });
  const spare = [];
  view.carpet.assistants.forEach((n, seat) => {
    for (let j = 0; j < n; j++) spare.push(seat);
  });
  spare.forEach((seat, i) => {
    const x = (i - (spare.length - 1) / 2) * 9;
    const g = svg("g", { transform: `translate(${f2(x)},22)`, class: "carpet-assistant", "data-seat": seat }, meeple(13, ctx.seatColor(seat)));
    centre.push(g);
  });
  const node = svg(
    "svg",
    { class: "ish-carpet", id: "carpet", viewBox: "-150 -150 300 300", role: "img", "aria-label": "the carpet: six stacks and the watering can" },
    svg("circle", { r: 148, class: "carpet-bg" }),
    svg("g", { class: "centre", "pointer-events": "none" }, centre, svg("title", {}, "the carpet's centre: blooming tokens and spare assistants")),
    stacks,
  );
  // A stack taken in one way only is taken at a click; on a touch screen a first tap shows
  // it in the panel (as a stack with several ways to pay it does), a second takes it.
  const choose = (stack, keyboard) => {
    const takes = moves.take.get(stack);
    if (!takes) return;
    if (takes.length === 1 && (keyboard || !touchAsks() || ui.payStack === stack)) {
      ui.payStack = null;
      ctx.act(takes[0]);
      return;
    }
    ui.payStack = stack;
    ctx.rerender();
  };
  onActivate(node, "g.stack.target", (g, { keyboard }) => choose(Number(g.dataset.stack), keyboard));
  return node;
}

// ------------------------------------------------------------------ market and skills

function treeIcon() {
  const span = el("span", { class: "tree-icon", "aria-hidden": "true" });
  span.innerHTML = '<svg viewBox="0 0 16 16" focusable="false"><rect x="7" y="8.5" width="2" height="6" fill="#7a4a1e"/><circle cx="8" cy="6.5" r="5" fill="#2e7a2a" stroke="#123d10"/><circle cx="6.3" cy="5" r="1.7" fill="#5aa84d"/></svg>';
  return span;
}

function cardFace(card, { tree = true } = {}) {
  return [
    el("span", { class: "card-id", text: card.id }),
    el("span", { class: "card-vp", text: `${card.vp} VP` }),
    el("span", { class: "card-cost", title: `cost: ${gemWords(card.cost)}` }, gemChips(card.cost)),
    el("span", { class: `card-tree${tree ? "" : " none"}`, title: tree ? "a tree stands on the card" : "no tree left: it cannot be bought" }, tree ? treeIcon() : "no tree"),
  ];
}

function marketBox(view, ctx, moves) {
  const cards = view.market.map((m) => {
    const buy = moves.buy.get(m.slot);
    const reserve = moves.reserve.get(m.slot);
    const action = buy || reserve;
    if (!m.card) return el("div", { class: "ish-card empty", "data-slot": m.slot, title: `market slot ${m.slot}`, text: `${m.slot} · empty` });
    const label = `market slot ${m.slot}: ${m.card.id}, ${m.card.vp} VP, costs ${gemWords(m.card.cost)}${action ? ` · click: ${action.text}` : ""}`;
    // The slot's number, by which the moves ("buy 2") and the log name the card.
    const slot = el("span", { class: "card-slot", title: `market slot ${m.slot}`, text: m.slot });
    if (!action) return el("div", { class: `ish-card${m.tree ? "" : " no-tree"}`, "data-slot": m.slot, "data-card": m.card.id, title: label }, slot, cardFace(m.card, { tree: m.tree }));
    return el(
      "button",
      {
        type: "button",
        class: `ish-card target ${buy ? "buy" : "reserve"}`,
        "data-slot": m.slot,
        "data-card": m.card.id,
        "data-action": action.text,
        title: label,
        onclick: () => ctx.act(action),
      },
      slot,
      cardFace(m.card, { tree: m.tree }),
      el("span", { class: "card-do", text: buy ? "buy" : "reserve" }),
    );
  });
  const reserved = view.players
    .filter((p) => p.reserved)
    .map((p) => {
      const mine = p.seat === ctx.viewer && moves.buyReserved;
      const face = cardFace(p.reserved);
      return el(
        "div",
        { class: "reserved-line", "data-seat": p.seat },
        ctx.seatChip(p.seat),
        " reserved ",
        mine
          ? el("button", { type: "button", class: "ish-card small target buy", id: "buy-reserved-card", "data-action": moves.buyReserved.text, title: `${p.reserved.id} · click: buy it`, onclick: () => ctx.act(moves.buyReserved) }, face, el("span", { class: "card-do", text: "buy" }))
          : el("span", { class: "ish-card small", "data-card": p.reserved.id }, face),
      );
    });
  return el(
    "section",
    { class: "ish-box market-box", id: "market" },
    el("h3", {}, "Tree market ", el("span", { class: "muted small", text: `deck ${view.deck} · trees in stock ${view.tree_stock}` })),
    el("div", { class: "ish-market" }, cards),
    reserved.length ? el("div", { class: "reserved-cards", id: "reserved-cards" }, reserved) : null,
  );
}

function skillsBox(view, ctx, moves) {
  const owned = view.players.flatMap((p) => p.skills.map((sk) => ({ id: sk.id, seat: p.seat, gems: sk.gems })));
  const bySkill = groupBy(owned, (o) => o.id); // id -> [{seat, gems}]
  const columns = [...new Set(view.skill_board.map((s) => s.column))].sort((a, b) => a - b);
  const row = (level) =>
    el(
      "tr",
      { class: `level-${level}` },
      el("th", { class: "level", text: level === "upper" ? "upper · end VP" : "lower · now" }),
      columns.map((c) => {
        const sk = view.skill_board.find((s) => s.column === c && s.level === level);
        if (!sk) return el("td", {});
        const owners = bySkill.get(sk.id) || [];
        const legal = moves.skill.has(sk.id);
        return el(
          "td",
          // (--row: its place in the phone's layout, a column's lower skill beside its upper one)
          { class: `skill${legal ? " legal" : ""}`, "data-skill": sk.id, title: `${sk.id} ${sk.name}: ${sk.text}`, style: { "--row": String(c + 1) } },
          el("span", { class: "skill-head" }, el("b", { text: sk.id }), " ", sk.name),
          el("span", { class: "skill-text", text: sk.text }),
          el(
            "span",
            { class: "skill-owners" },
            owners.map((o) =>
              el(
                "span",
                { class: "skill-mark", "data-seat": o.seat, style: { "--seat": ctx.seatColor(o.seat) }, title: `${ctx.seatName(o.seat)} (${gemWords(o.gems)})` },
                gemChips(o.gems),
              ),
            ),
          ),
        );
      }),
    );
  return el(
    "section",
    { class: "ish-box skills-box", id: "skills" },
    el("h3", {}, "Skills ", el("span", { class: "muted small", text: view.skill_rule })),
    el("table", { class: "ish-skills" }, el("tbody", {}, row("upper"), row("lower"))),
  );
}

/** The legend; the fountains' points and the icons' names are the view's (view.rules,
 * view.icons). */
function mapLegend(view) {
  const vp = view.rules.fountain_vp;
  const fountains = GEMS.filter((g) => g in vp).map((g) => `${g} ${vp[g]}`);
  const icons = Object.entries(view.icons).map(([letter, icon]) => `${letter} ${icon.name}`);
  return legend([
    ["isw-sand", "sand"],
    ["isw-rock", "rock with its gem (violet, red, white); hollow once taken"],
    ["isw-tablet", "sacred tablet: never covered"],
    ["isw-fountain", `fountain (${fountains.join(", ")} VP); dots under it: who controls it`],
    ["isw-grass", "grass space: trees and blooming tokens go here"],
    ["isw-flower", "flower space; each dot one flower"],
    ["isw-icon", `icon: ${icons.join(", ")}`],
    ["isw-token", "blooming token (flowers on grass)"],
    ["isw-bed", "flowerbed controlled by a player (outlined in the colour)"],
    ["isw-seam", "edge of a terrain board"],
  ]);
}

function drawBoard(area, payload, ctx, moves, placing) {
  const view = payload.view;
  const first = !area.querySelector(".board-scroll");
  const board = zoomableBoard(area, drawMap(view, ctx, moves, placing), ctx);
  area.replaceChildren(
    el(
      "div",
      { class: "ish-board" },
      el("div", { class: "ish-map-box" }, board.scroller, el("div", { class: "board-tools" }, mapLegend(view), board.zoom)),
      el(
        "div",
        { class: "ish-tabletop" },
        el(
          "section",
          { class: "ish-box carpet-box" },
          el("h3", {}, "Carpet ", el("span", { class: "muted small", text: `stacks 0–${view.stacks.length - 1} clockwise` })),
          drawCarpet(view, ctx, moves),
          el(
            "p",
            { class: "muted small stock-line", id: "stock" },
            "Gems in stock ",
            el("span", { class: "nowrap" }, gemChips(view.gem_stock, { counts: true, zeros: true })),
            view.discarded.length ? ` · discarded tiles ${view.discarded.join(", ")}` : "",
          ),
        ),
        marketBox(view, ctx, moves),
      ),
      skillsBox(view, ctx, moves),
    ),
  );
  board.restore();
  // A map wider than its frame (a phone) opens on its middle.
  if (first) board.scroller.scrollLeft = Math.max(0, (board.scroller.scrollWidth - board.scroller.clientWidth) / 2);
}

// ------------------------------------------------------------------ your decision

function tilePicture(view, k) {
  const tile = view.tile;
  const s = 17;
  return svg("svg", { class: "ish-tile-pic", viewBox: "-62 -52 124 104", role: "img", "aria-label": `tile ${tile.id} turned ${60 * k}°` }, tileShape(tile, view.tile_turns[tile.shape][k], s));
}

function tileWords(view, tile) {
  const spaces = tile.spaces.map((f, i) => `${f ? `${f} ${plural("flower", f)}` : "grass"}${tile.icon && tile.icon_space === i ? ` (${iconName(view, tile.icon)} icon)` : ""}`);
  return `${tile.id}${tile.start ? " (start tile)" : ""}: ${spaces.join(", ")}`;
}

function chooseControls(view, ctx, moves) {
  const ui = ctx.ui;
  if (ui.payStack !== null && ui.payStack !== undefined && !moves.take.has(ui.payStack)) ui.payStack = null;
  const parts = [el("h3", { text: "Your turn: choose a tile" })];
  if (moves.discard.length) {
    parts.push(el("p", { class: "hint", text: "No tile you can afford fits anywhere on the map: the first stack's top tile is discarded, and you go on to the trees." }));
    for (const a of moves.discard) parts.push(button(a, `Discard the top tile of stack ${a.stack}`, { id: "discard-button", cls: "primary big" }, ctx));
    return parts;
  }
  parts.push(el("p", { class: "hint", id: "choose-hint" }, `${touchAsks() ? "Tap a lit stack on the carpet (tap it again to take it)" : "Click a lit stack on the carpet"}: ${view.can_rule}.`));
  if (ui.payStack !== null && ui.payStack !== undefined) {
    const takes = moves.take.get(ui.payStack);
    const top = view.stacks[ui.payStack].top;
    if (takes.length === 1) {
      const cost = gemCount(takes[0].pay);
      parts.push(
        el("p", { class: "pay-head" }, `Stack ${ui.payStack}${top ? ` (${top.id})` : ""}: ${cost ? `pay ${gemWords(takes[0].pay)}` : "free"}.`),
        confirmBox(takes[0], cost ? `Take it, pay ${gemWords(takes[0].pay)}` : "Take it", { id: "confirm-take", reset: () => { ui.payStack = null; } }, ctx),
      );
      return parts;
    }
    parts.push(
      el("p", { class: "pay-head" }, `Stack ${ui.payStack}${top ? ` (${top.id})` : ""}: which gems do you pay?`),
      choiceList(
        { id: "pay-choices", cls: "pay-choices" },
        takes.map((a) => button(a, [gemChips(a.pay), el("span", { text: ` pay ${gemWords(a.pay)}` })], { cls: "choice", title: a.words }, ctx)),
        el("button", { type: "button", class: "link", text: "cancel", onclick: () => { ui.payStack = null; ctx.rerender(); } }),
      ),
    );
  }
  return parts;
}

function placeControls(view, ctx, moves, placing) {
  const ui = ctx.ui;
  const tile = view.tile;
  const n = placing.anchors.size;
  const rotate = (step) => {
    turnRotation(ui, placing.rotations, step);
    ui.pending = null;
    ctx.rerender();
  };
  const parts = [
    el("h3", {}, "Place your tile ", el("span", { class: "muted small", text: tile.id })),
    el(
      "div",
      { class: "place-row" },
      tilePicture(view, ui.rotation),
      el(
        "div",
        { class: "rotate-box" },
        el("div", { class: "button-row" }, el("button", { type: "button", id: "rotate-ccw", title: "turn 60° anticlockwise (Shift+R)", text: "⟲", onclick: () => rotate(-1) }), el("button", { type: "button", id: "rotate-cw", class: "primary", title: "turn 60° clockwise (R)", text: "⟳ Rotate", onclick: () => rotate(1) })),
        el("p", { class: "small", id: "rotation-info" }, `Turned ${60 * ui.rotation}° · ${n} ${plural("place", n)} lit`),
        el("p", { class: "muted small", text: `${placing.rotations.length} of 6 turns can be placed${placing.rotations.length < 6 ? " (the others fit nowhere or repeat another turn)" : ""}. Key R turns it.` }),
      ),
    ),
    el("p", { class: "small tile-words", text: tileWords(view, tile) }),
    el(
      "p",
      { class: "hint", id: "place-hint" },
      touchAsks()
        ? "Tap a lit hex to see the tile there, tap again to place it."
        : "Point at the map: the tile follows the pointer. Each lit hex (its dot) is where the first space of a legal placement goes; click to place it there.",
    ),
  ];
  const pending = ui.pending && moves.place.find((a) => a.text === ui.pending);
  if (pending) {
    parts.push(confirmBox(pending, `Place it at ${pending.hex[0]},${pending.hex[1]}`, { id: "confirm-place", reset: () => { ui.pending = null; } }, ctx));
  }
  return parts;
}

function actionControls(view, ctx, moves) {
  const icon = view.icon;
  const parts = [el("h3", {}, "Special action ", icon ? el("span", { class: "muted small", text: `${iconName(view, icon)} icon` }) : null)];
  parts.push(el("p", { class: "hint", text: icon ? `${view.icons[icon].text} (the icon is ringed on the map), or no action.` : "Your tile has no icon." }));
  const list = [];
  if (moves.assistant) list.push(button(moves.assistant, "Put an assistant on the icon", { id: "assistant-button", cls: "choice primary" }, ctx));
  if (moves.skill.size) {
    const names = new Map(view.skill_board.map((s) => [s.id, s]));
    const cost = gemCount([...moves.skill.values()][0][0].pay); // what the legal unlocks pay
    list.push(
      el(
        "div",
        { class: "skill-choices", id: "skill-choices" },
        el("p", { class: "small", text: `Unlock a skill with ${cost} ${plural("gem", cost)}:` }),
        [...moves.skill.entries()].map(([id, acts]) => {
          const sk = names.get(id) || { name: id, text: "" };
          return el(
            "div",
            { class: "skill-group", "data-skill": id },
            el("span", { class: "skill-name", title: sk.text }, el("b", { text: id }), ` ${sk.name}`, el("small", { class: "muted", text: ` ${sk.text}` })),
            el(
              "span",
              { class: "pay-buttons" },
              acts.map((a) => button(a, gemChips(a.pay), { cls: "pay", title: `${a.text}: pay ${gemWords(a.pay)}` }, ctx)),
            ),
          );
        }),
      ),
    );
  }
  if (moves.noAction) list.push(button(moves.noAction, "No action", { id: "no-action-button", cls: "choice" }, ctx));
  parts.push(choiceList({ id: "action-choices" }, list));
  return parts;
}

function bloomControls(view, ctx, moves) {
  const ui = ctx.ui;
  const parts = [el("h3", {}, "Bloom ", el("span", { class: "muted small", text: `lay ${view.bloom_left > 1 ? `up to ${view.bloom_left} blooming tokens` : "a blooming token"}` }))];
  if (moves.bloom.size) {
    parts.push(el("p", { class: "hint", text: "Choose a token, then a lit grass space (a two-space token: the space for its first number, then the second)." }));
    parts.push(
      el(
        "div",
        { class: "button-row", id: "pattern-choices" },
        [...moves.bloom.keys()].map((p) =>
          el("button", {
            type: "button",
            class: `pattern${ui.pattern === p ? " selected" : ""}`,
            "data-pattern": p,
            "aria-pressed": ui.pattern === p ? "true" : "false",
            title: `a token of ${p} flowers (${moves.bloom.get(p).length} ${plural("place", moves.bloom.get(p).length)})`,
            text: `✿ ${p}`,
            onclick: () => {
              ui.pattern = p;
              ui.bloomFirst = null;
              ui.pending = null;
              ctx.rerender();
            },
          }),
        ),
      ),
    );
    if (ui.pattern) {
      const two = moves.bloom.get(ui.pattern)[0].hexes.length === 2;
      const [a, b] = ui.pattern.split("+");
      const verb = touchAsks() ? "Tap" : "Click";
      parts.push(el("p", { class: "small", id: "bloom-hint", text: !two ? `${verb} a lit grass space for the ${a}.` : ui.bloomFirst ? `Now the space for the ${b}, next to ${ui.bloomFirst}.` : `${verb} the space for the ${a}, then one next to it for the ${b}.` }));
      parts.push(pendingBloom(ctx, moves));
    }
  } else {
    parts.push(el("p", { class: "hint", text: "No blooming token fits anywhere now." }));
  }
  if (moves.stopBloom) parts.push(button(moves.stopBloom, "Stop blooming", { id: "stop-bloom", cls: "choice" }, ctx));
  return parts;
}

function reserveControls(view, ctx, moves) {
  return [
    el("h3", { text: "Nursery: reserve a tree card" }),
    el("p", { class: "hint", text: "Click a card with a tree in the market: it stays yours to buy later (this turn or another)." }),
    choiceList(
      { id: "reserve-choices" },
      [...moves.reserve.values()].map((a) => {
        const m = view.market[a.slot];
        return button(a, m && m.card ? `Reserve ${m.card.id} (${m.card.vp} VP)` : a.text, { cls: "choice" }, ctx);
      }),
    ),
  ];
}

function treesControls(view, ctx, moves) {
  const me = view.players[ctx.viewer];
  const buys = [...moves.buy.values()];
  const parts = [el("h3", { text: "Plant trees" })];
  parts.push(
    el(
      "p",
      { class: "hint" },
      buys.length || moves.buyReserved ? "Buy a lit card in the market (its exact gems), then plant its tree; or end your turn. Your gems: " : "You can buy no tree card now. Your gems: ",
      el("span", { class: "nowrap" }, gemChips(me.gems, { counts: true, zeros: true })),
    ),
  );
  const list = buys.map((a) => {
    const m = view.market[a.slot];
    return button(a, [`Buy ${m.card.id} (${m.card.vp} VP) for `, gemChips(m.card.cost)], { cls: "choice" }, ctx);
  });
  if (moves.buyReserved && me.reserved) list.push(button(moves.buyReserved, [`Buy your reserved ${me.reserved.id} (${me.reserved.vp} VP) for `, gemChips(me.reserved.cost)], { cls: "choice" }, ctx));
  if (list.length) parts.push(choiceList({ id: "buy-choices" }, list));
  if (moves.endTurn) parts.push(button(moves.endTurn, "End turn", { id: "end-turn", cls: "primary big" }, ctx));
  return parts;
}

function plantControls(view, ctx, moves) {
  const card = view.planting;
  const parts = [
    el("h3", {}, "Plant the tree", card ? el("span", { class: "muted small", text: ` of ${card.id} (${card.vp} VP)` }) : null),
    el("p", { class: "hint", id: "plant-hint", text: `${touchAsks() ? "Tap a lit grass space on the map, then tap it again," : "Click a lit grass space on the map"} (${moves.plant.size} free): any garden, any owner.` }),
  ];
  const pending = ctx.ui.pending && [...moves.plant.values()].find((a) => a.text === ctx.ui.pending);
  if (pending) parts.push(confirmBox(pending, `Plant it at ${key(pending.hex)}`, { id: "confirm-plant", reset: () => { ctx.ui.pending = null; } }, ctx));
  return parts;
}

/** The bloom move a first tap chose (touch screens), with its button. */
function pendingBloom(ctx, moves) {
  const ui = ctx.ui;
  if (!ui.pending || !ui.pattern || !moves.bloom.has(ui.pattern)) return null;
  const pending = moves.bloom.get(ui.pattern).find((a) => a.text === ui.pending);
  if (!pending) return null;
  return confirmBox(pending, `Bloom ${pending.pattern.join("+")} at ${pending.hexes.map(key).join(" and ")}`, { id: "confirm-bloom", reset: () => { ui.pending = null; } }, ctx);
}

function controls(payload, ctx, moves, placing) {
  const view = payload.view;
  if (!myDecision(ctx, view.current)) {
    live.rotate = null;
    return null;
  }
  let parts = [];
  const phase = view.phase;
  live.rotate = null;
  if (phase === "choose") parts = chooseControls(view, ctx, moves);
  else if (phase === "place" && placing) {
    parts = placeControls(view, ctx, moves, placing);
    live.rotate = (step) => {
      turnRotation(ctx.ui, placing.rotations, step);
      ctx.ui.pending = null;
      ctx.rerender();
    };
  } else if (phase === "action") parts = actionControls(view, ctx, moves);
  else if (phase === "bloom") parts = bloomControls(view, ctx, moves);
  else if (phase === "reserve") parts = reserveControls(view, ctx, moves);
  else if (phase === "trees") parts = treesControls(view, ctx, moves);
  else if (phase === "plant") parts = plantControls(view, ctx, moves);
  for (const a of moves.other) parts.push(button(a, a.words || a.text, { cls: "choice" }, ctx));
  return el("section", { class: `panel controls ish-controls phase-${phase}`, id: "controls", "data-phase": phase }, parts);
}

// ------------------------------------------------------------------ what everyone sees

function scoreLine(score, faceDown) {
  const part = (name, v, title) => el("span", { class: `part part-${name}`, title }, `${name} `, el("b", { text: v === null || v === undefined ? "?" : v }));
  return el(
    "div",
    { class: "score-parts" },
    part("trees", score.trees === null && !faceDown ? 0 : score.trees, score.trees === null ? "tree cards lie face down until the end" : "tree cards' VP"),
    part("flowers", score.flowers, "flowers in the flowerbeds the player controls"),
    part("fountains", score.fountains, "fountains the player controls"),
    part("skills", score.skills, "upper skills' VP"),
  );
}

function playersPanel(payload, ctx) {
  const view = payload.view;
  const over = view.over;
  const blocks = view.players.map((p) => {
    const { current, winner, mine } = seatState(p.seat, ctx, view);
    const skills = p.skills.length
      ? p.skills.map((s) => el("span", { class: "skill-chip", "data-skill": s.id, title: `${s.id}: ${gemWords(s.gems)}` }, el("b", { text: s.id }), gemChips(s.gems)))
      : [el("span", { class: "muted", text: "none" })];
    let trees;
    if (p.trees) {
      trees = p.trees.length
        ? p.trees.map((c) => el("span", { class: "tree-chip", "data-card": c.id, title: `${c.id}: ${c.vp} VP` }, el("b", { text: c.id }), el("small", { text: ` ${c.vp} VP` })))
        : [el("span", { class: "muted", text: "none" })];
    } else {
      trees = [el("span", { class: "face-down-count", text: p.tree_cards ? `${p.tree_cards} face down` : "none" })];
    }
    return el(
      "div",
      { class: `ish-player${current ? " current" : ""}${mine ? " me" : ""}${winner ? " won" : ""}`, "data-seat": p.seat, style: { "--seat": ctx.seatColor(p.seat) } },
      el(
        "div",
        { class: "player-head" },
        el("span", { class: "mark", text: turnMark(current, winner) }),
        ctx.seatChip(p.seat, { you: mine }),
        view.first === p.seat ? el("span", { class: "first-tag", title: "first player: the round ends before this seat plays again", text: "1st" }) : null,
        el("span", { class: "player-total", title: p.points.trees === null ? "points shown to you (face-down tree cards not included)" : "points" }, el("b", { class: "total", text: p.score }), p.points.trees === null && p.tree_cards ? " + ?" : "", " pts"),
      ),
      scoreLine(p.points, p.tree_cards),
      el(
        "div",
        { class: "player-row" },
        el("span", { class: "gems-line", title: "gems in supply" }, gemChips(p.gems, { counts: true, zeros: true })),
        el(
          "span",
          { class: "assistants-line", title: "assistants: in hand / on the carpet / on the map" },
          el("span", { class: "mini-meeple", style: { "--seat": ctx.seatColor(p.seat) } }),
          ` ${p.assistants} hand · ${p.assistants_on_carpet} carpet · ${p.assistants_on_map} map`,
        ),
      ),
      el("div", { class: "player-row skills-line" }, el("span", { class: "muted", text: "skills " }), skills),
      el("div", { class: "player-row trees-line", "data-seat": p.seat }, el("span", { class: "muted", text: "tree cards " }), trees),
      p.reserved
        ? el("div", { class: "player-row reserved-row" }, el("span", { class: "muted", text: "reserved " }), `${p.reserved.id} (${p.reserved.vp} VP) `, gemChips(p.reserved.cost), over ? el("span", { class: "muted", text: " not bought: discarded" }) : null)
        : null,
    );
  });
  return el(
    "section",
    { class: "panel players ish-players", id: "players" },
    el("h3", { text: "Players" }),
    view.end_triggered && !over ? el("p", { class: "end-note", id: "end-note", text: "The end is triggered: this round is the last." }) : null,
    blocks,
  );
}

function recordLine(rec, label, ctx, over) {
  if (!rec) return null;
  const bits = [];
  if (rec.tile) bits.push(rec.discarded ? `discarded ${rec.tile.id}` : `took ${rec.tile.id}`);
  if (gemCount(rec.gems)) bits.push(el("span", {}, "collected ", gemChips(rec.gems)));
  if (rec.cards.length) {
    // A bought tree card goes face down: another seat's cards show as a count only.
    if (rec.seat === ctx.viewer || over) bits.push(`bought ${rec.cards.map((c) => `${c.id} (${c.vp} VP)`).join(", ")}`);
    else bits.push(`bought ${rec.cards.length} tree ${plural("card", rec.cards.length)}`);
  }
  if (!bits.length) bits.push(el("span", { class: "muted", text: "nothing yet" }));
  const body = [];
  bits.forEach((b, i) => {
    if (i) body.push(" · ");
    body.push(b);
  });
  return el("li", { "data-seat": rec.seat }, el("b", { text: `${label}: ` }), ctx.seatChip(rec.seat, { you: rec.seat === ctx.viewer }), " ", body);
}

function turnsPanel(payload, ctx) {
  const view = payload.view;
  const lines = [];
  const over = view.over;
  if (!over) lines.push(recordLine(view.this_turn, "This turn", ctx, over));
  lines.push(recordLine(view.last_turn, "Last turn", ctx, over));
  const shown = lines.filter(Boolean);
  if (!shown.length) return null;
  return el("section", { class: "panel note ish-turns", id: "turns" }, el("ul", { class: "turn-lines" }, shown));
}

function finalPanel(payload, ctx) {
  const view = payload.view;
  if (view.phase !== "over") return null;
  const scores = view.players.map((p) => p.score);
  const rows = view.players.map((p) =>
    el(
      "tr",
      { "data-seat": p.seat, class: (view.winners || []).includes(p.seat) ? "won" : "" },
      el("td", { class: "who" }, ctx.seatChip(p.seat, { you: p.seat === ctx.viewer })),
      el("td", { class: "num", text: p.points.trees }),
      el("td", { class: "num", text: p.points.flowers }),
      el("td", { class: "num", text: p.points.fountains }),
      el("td", { class: "num", text: p.points.skills }),
      el("td", { class: "num score", text: scores[p.seat] }),
    ),
  );
  return el(
    "section",
    { class: "panel final-panel", id: "final" },
    el("h3", { text: "Final scoring" }),
    dataTable({ class: "players-table final-table" }, ["Player", ...["Trees", "Flowers", "Fountains", "Skills", "Total"].map((t) => [t, { class: "num" }])], rows),
    el("p", { class: "muted small", text: "A reserved card not bought is discarded; gems left score nothing." }),
  );
}

/** Draw the board into areas.board and the side panel into areas.panel. */
export function render(areas, payload, ctx) {
  const view = viewToDraw(areas, payload, "map", "game-ishtar");
  if (!view) return;
  const moves = movesOf(offeredActions(payload, ctx, view.current));
  const ui = ctx.ui;
  newDecision(ui, payload.version, ["hover", "payStack", "pending", "bloomFirst", "pattern"]); // forget a choice in progress
  const placing = view.phase === "place" ? placingState(view, ui, moves) : null;
  drawBoard(areas.board, payload, ctx, moves, placing);
  areas.panel.replaceChildren(
    ...[finalPanel(payload, ctx), controls(payload, ctx, moves, placing), turnsPanel(payload, ctx), playersPanel(payload, ctx)].filter(Boolean),
  );
}
