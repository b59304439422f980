// Amyitis in the browser: draws payload.view (see games/amyitis/views.py) as the Babylon
// board in SVG (the hanging gardens as a diamond of 16 squares with their tiles, planters
// and irrigation spaces, the river along the two lower sides, the two field rows and the
// three temples), the Mesopotamia route (nine cities on a loop and the caravan), the craft
// card rows, the stock and each player's holdings, and offers payload.legal_actions
// (described by games/amyitis/describe.py) as clicks. No rule is re-implemented here: every
// lit square, space, city, card, row, temple and button is one legal action (or, for a
// planting, the square of several: the payment is then chosen with buttons); what a caravan
// move costs (view.caravan_costs), who leads each temple and field row (view.temple_places,
// view.field_leaders), the points by source (players[s].points), the points of the
// irrigation being decided (view.pending.irrigation), how far the plant being planted reaches
// (view.pending.plant), and every rule number and text (view.rules, from the data file in
// use: the temples' rewards, the craftsmen's effects, a Gardener's quality) come from the
// server. Only where each square and space lies on the drawing is worked out here. The
// engine's automatic moves and what each move caused (its events, with the players' names)
// are drawn by table.js under the log lines (log entries' `then` and `events`); the note
// above the players names the automatic moves since the last decision
// (view.automatic_moves). The SVG builder, the buttons and the grouping of the actions are
// the kit's (kit.js).

import { el } from "../common.js";
import { actionButton, choiceList, groupBy, markTarget, myDecision, newDecision, offeredActions, onActivate, sortActions, toggleAll } from "../kit.js";
import { cap, count, f2, legend, seatState, svg, turnMark, viewToDraw, zoomableBoard } from "../kit.js";

export const title = "Amyitis";
/** What the hot-seat curtain hides until the next player clicks (table.js). */
export const secretNoun = "turn";

const RESOURCES = ["barley", "dates", "salt", "palm", "wine"];
const RES_LETTER = { barley: "B", dates: "D", salt: "S", palm: "P", wine: "W" };
const TEMPLES = ["ishtar", "marduk", "tammouz"];
const COURTS = ["banker", "caravaneer", "palace"];
/** The sources of prestige points (players[s].points), in the order of the final table. */
const POINT_SOURCES = [
  ["engineers", "Engineers", "irrigation by engineers"],
  ["babylon", "Babylon", "resources sold at Babylon (and its irrigation)"],
  ["palaces", "Palaces", "palace court cards"],
  ["marduk", "Marduk", "the temple of Marduk"],
  ["tiles", "Garden tiles", "the bonuses of the garden tiles planted"],
  ["majorities", "Majorities", "field and temple majorities"],
  ["bankers", "Bankers", "the bankers' income"],
  ["amyitis", "Amyitis", "the Amyitis bonus for the garden tiles held"],
  ["leftover", "Left over", "the resources left at the end"],
];
const NEUTRAL_COLOR = "#8d9399";

// The garden drawing: grid vertex (i, j) of the 4×4 grid of squares Gxy (rules §4.1) turned
// 45° so that G00 is the bottom tip and G33 the top one, flattened a little (layout.k).
const A = 56;
const BOARD_W = 480;
const CX = BOARD_W / 2;
// Two layouts of the Babylon board. A wide screen keeps the printed proportions; a phone
// (NARROW) shows the board 480 units across in ~380 CSS px, so its garden is less flattened
// and its field and temple rows taller and further apart: every square, irrigation space,
// field row and temple a finger may tap then measures 32 CSS px or more. `top` is where the
// garden's top tip lies (the fields and the temples sit beside it); the rows' `hit` is the
// height of the row's background, which takes the click.
// `squareText` places a square's name, its bonus lines, its tile's line, the drop and the
// plant from its centre.
const WIDE_LAYOUT = {
  k: 0.64,
  top: 50,
  fieldCell: 24,
  fieldPitch: 34,
  fieldHit: 30,
  templeCell: 21,
  templePitch: 29,
  templeHit: 27,
  templeLabel: 60,
  templeLabelDy: 1,
  templeNoteBelow: false,
  rewardsY: -44,
  passY: -58,
  passTwoLines: false,
  squareText: { name: -13, tile: -4, bonus: 7, one: 9, step: 11, dropBy: "name", dropShift: 5, drop: [10, -10], plant: 4, plantScale: 1, dot: [15, 10] },
};
const NARROW_LAYOUT = {
  k: 0.8,
  top: 108,
  fieldCell: 26,
  fieldPitch: 48,
  fieldHit: 46,
  templeCell: 24,
  templePitch: 48,
  templeHit: 46,
  templeLabel: 58,
  templeLabelDy: 5,
  templeNoteBelow: true,
  rewardsY: -37,
  passY: -75,
  passTwoLines: true,
  squareText: { name: -17, tile: -6, bonus: 6, one: 8, step: 12, dropBy: "tile", dropShift: 4, drop: [9, -10], plant: 5, plantScale: 1.25, dot: [19, 12] },
};
const NARROW = window.matchMedia("(max-width: 760px)");
let layout = WIDE_LAYOUT;
let BOTTOM = 0;
let BOARD_H = 0;

/** Choose the layout for the screen's width (at each drawing). */
function useLayout() {
  layout = NARROW.matches ? NARROW_LAYOUT : WIDE_LAYOUT;
  BOTTOM = layout.top + 8 * A * layout.k;
  BOARD_H = BOTTOM + 22;
}
useLayout();
// A phone turned (or a window narrowed) past the limit draws the board again.
const live = { rerender: null };
NARROW.addEventListener("change", () => {
  if (live.rerender) live.rerender();
});

// ------------------------------------------------------------------ small helpers

function ownerColor(owner, ctx) {
  if (owner === "neutral") return NEUTRAL_COLOR;
  return ctx.seatColor(owner);
}

function ownerName(owner, ctx) {
  if (owner === "neutral") return "neutral (grey)";
  return ctx.seatName(owner);
}

/** `${n} VP`, or "no VP". */
function vpText(n) {
  return n ? `${n} VP` : "no VP";
}

// ------------------------------------------------------------------ rule texts (view.rules)

function rulesOf(view) {
  return (view && view.rules) || {};
}

/** How many places of a temple are rewarded (1: the 1st only, as with 2 players). */
function templePlaces(view) {
  return rulesOf(view).temple_places_rewarded;
}

/** A temple's rewards for its 1st and its 2nd, in words: [1st, 2nd] (view.rules.temple_rewards). */
function templeRewardParts(view, temple) {
  return rulesOf(view).temple_rewards[temple];
}

/** "1st: 2 VP · 2nd: 1 VP" (or only the 1st when only the 1st is rewarded). */
function templeReward(view, temple) {
  const [first, second] = templeRewardParts(view, temple);
  return templePlaces(view) > 1 ? `1st: ${first} · 2nd: ${second}` : `1st: ${first} (no 2nd reward with ${view.players.length} players)`;
}

/** The short form, under the board's "Temple rewards": "2 VP · 1 VP". */
function templeRewardShort(view, temple) {
  const [first, second] = templeRewardParts(view, temple);
  return templePlaces(view) > 1 ? `${first} · ${second}` : first;
}

/** What a craft card does: short (on the card) and in words (its title), view.rules.craft_texts. */
function craftText(view, kind, long = false) {
  const texts = rulesOf(view).craft_texts[kind];
  return texts ? texts[long ? 1 : 0] : "";
}

/** What a court card gives at `level` (1–3), or in general without a level. */
function courtText(view, court, level = null) {
  const r = rulesOf(view);
  if (court === "gardener") return `+${r.gardener_quality} plant quality`;
  if (court === "banker") {
    const income = (r.banker_income || []).map((x) => `${count(x.talents, "talent")}${x.vp ? ` + ${x.vp} VP` : ""}`);
    if (level && income[level - 1]) return `${income[level - 1]} each round`;
    return income.length ? `income each round (${income.join(" · ")})` : "income each round";
  }
  if (court === "caravaneer") {
    const bonus = r.caravaneer_bonus || [];
    const storage = r.storage_by_caravaneer_level || [];
    if (level && bonus[level] !== undefined) return `caravan bonus +${bonus[level]}, keeps ${storage[level]} resources`;
    return bonus.length ? `caravan bonus (${bonus.slice(1).map((b) => `+${b}`).join(" · ")}) and storage (${storage.slice(1).join(" · ")})` : "caravan bonus and storage";
  }
  if (court === "palace") {
    const points = r.palace_vp || [];
    if (level && points[level - 1] !== undefined) return `${points[level - 1]} VP at once`;
    return points.length ? `prestige points at once (${points.map((p) => `${p} VP`).join(" · ")})` : "prestige points at once";
  }
  return "";
}

/** What a row's card costs as its cards are taken: "0 · 1 · 2 talents". */
function recruitCostsText(view) {
  const costs = rulesOf(view).recruit_costs || [];
  return costs.length ? `a card costs ${costs.join(" · ")} talents as the 1st, 2nd, 3rd taken from its row` : "";
}

/** "sell 1–2 resources" and the points of each and of the irrigation after it. */
function babylonTexts(view) {
  const r = rulesOf(view);
  const most = r.babylon_max_resources;
  return {
    sell: most > 1 ? `sell 1–${most} resources` : "sell 1 resource",
    each: `${vpText(r.babylon_vp_per_resource)} each`,
    irrigate: r.babylon_irrigation_vp ? `irrigate (${r.babylon_irrigation_vp} VP)` : "irrigate (no VP)",
  };
}

/** The Amyitis bonus in words: "5 VP for 5 garden tiles or more, 10 VP for 7 or more". */
function amyitisBonusText(view) {
  const steps = rulesOf(view).amyitis_bonus || [];
  return steps.map(([tiles, points], i) => `${points} VP for ${i ? tiles : count(tiles, "garden tile")} or more`).join(", ");
}

/** A resource token in HTML: a coloured square with its initial (and a count). */
function resChip(res, n = null, { zero = false } = {}) {
  return el(
    "span",
    { class: `amy-res res-${res}${zero && !n ? " zero" : ""}`, title: n === null ? res : `${n} ${res}`, "data-res": res },
    el("span", { class: "amy-res-token", text: RES_LETTER[res] }),
    n === null ? null : el("b", { text: n }),
  );
}

function resList(list, { words = false } = {}) {
  return el("span", { class: "amy-res-list" }, list.map((r) => resChip(r)), words ? el("span", { class: "res-words", text: list.join(" + ") }) : null);
}

function resWords(list) {
  return list.join(" + ");
}

/** A resource token in SVG, centred on (x, y). */
function resToken(res, x, y, s = 12) {
  return svg(
    "g",
    { class: `amy-res-svg res-${res}`, transform: `translate(${f2(x)},${f2(y)})` },
    svg("rect", { x: f2(-s / 2), y: f2(-s / 2), width: s, height: s, rx: 2.5 }),
    svg("text", { y: f2(s * 0.33), "font-size": f2(s * 0.78) }, RES_LETTER[res]),
  );
}

function cube(x, y, color, s = 12, owner = null) {
  return svg("rect", {
    class: `amy-cube${owner === "neutral" ? " neutral" : ""}`,
    x: f2(x - s / 2),
    y: f2(y - s / 2),
    width: s,
    height: s,
    rx: 2,
    fill: color,
    "data-owner": owner === null ? null : String(owner),
  });
}

/** A tile's bonus in short parts ("3 VP", "1 camel") and in words. */
function bonusParts(bonus) {
  const parts = [];
  if (!bonus) return parts;
  if (bonus.vp) parts.push(`${bonus.vp} VP`);
  if (bonus.talents) parts.push(`${bonus.talents} tal.`);
  if (bonus.camels) parts.push(count(bonus.camels, "camel"));
  if (bonus.resource_choice) parts.push(`${bonus.resource_choice} res.`);
  if (bonus.court) parts.push(bonus.court);
  if (bonus.court_choice) parts.push("court card");
  return parts;
}

function bonusWords(bonus) {
  const parts = [];
  if (!bonus) return "no bonus";
  if (bonus.vp) parts.push(`${bonus.vp} VP`);
  if (bonus.talents) parts.push(count(bonus.talents, "talent"));
  if (bonus.camels) parts.push(count(bonus.camels, "camel"));
  if (bonus.resource_choice) parts.push(`${count(bonus.resource_choice, "resource")} of choice`);
  if (bonus.court) parts.push(`the next ${bonus.court}`);
  if (bonus.court_choice) parts.push("a court card of choice");
  return parts.length ? parts.join(" + ") : "no bonus";
}

/** Square "G12" → [1, 2]. */
function squareXY(id) {
  return [Number(id[1]), Number(id[2])];
}

/** Pixel position of grid vertex (i, j). */
function pt(i, j) {
  return [CX + (i - j) * A, BOTTOM - (i + j) * A * layout.k];
}

function squareCorners(id) {
  const [x, y] = squareXY(id);
  return [pt(x, y), pt(x + 1, y), pt(x + 1, y + 1), pt(x, y + 1)];
}

function squareCentre(id) {
  const [x, y] = squareXY(id);
  return pt(x + 0.5, y + 0.5);
}

function points(list) {
  return list.map(([x, y]) => `${f2(x)},${f2(y)}`).join(" ");
}

/** Where an irrigation space lies: its edge (low vertex → high vertex) and its point on it. */
function spaceGeometry(space) {
  const [a, b] = space.squares;
  const [xa, ya] = squareXY(a);
  const [xb, yb] = squareXY(b);
  let from;
  let to;
  if (xb !== xa) {
    const i = Math.max(xa, xb);
    from = [i, ya];
    to = [i, ya + 1];
  } else {
    const j = Math.max(ya, yb);
    from = [xa, j];
    to = [xa + 1, j];
  }
  const half = space.id.endsWith(".1") ? 1 : space.id.endsWith(".2") ? 2 : 0;
  const t = half === 1 ? 0.3 : half === 2 ? 0.7 : 0.5;
  const p = [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t];
  return { at: pt(p[0], p[1]), from: pt(...from), to: pt(...to) };
}

// ------------------------------------------------------------------ actions by kind

function movesOf(legal) {
  return sortActions(legal, {
    pass: "one",
    recruit: { key: (a) => `${a.row}:${a.craft}` },
    caravan: { key: "city" },
    field: { key: "field" },
    temple: { key: "temple" }, // the priest's
    procession: { key: "temple" },
    irrigate: { key: "space" },
    sell: "list",
    court: "list",
    plant: { key: "square", list: true },
    take: "list",
    choose: "list",
    ishtar: "list",
    exchange: "list",
    decline: "one",
    discard: "list",
  });
}

/** Temple targets of the decision: the priest's or the procession's. */
function templeTargets(moves) {
  return moves.temple.size ? moves.temple : moves.procession;
}

/** Camels the seat to move pays to move the caravan to `city` (view.caravan_costs; null: it
 * cannot go there). */
function caravanCost(view, city) {
  const costs = view.caravan_costs || {};
  const cost = costs[city.name];
  return cost === undefined ? null : cost;
}

/** The points the irrigation being decided brings and why (view.pending.irrigation:
 * {source: "engineers" | "babylon", points}), or null. */
function irrigationPoints(view) {
  return (view.pending && view.pending.irrigation) || null;
}

// ------------------------------------------------------------------ status line and log

/** The status line's words: "round 3 · sell one or two resources at Babylon". */
export function describeTurn(payload) {
  const v = payload.view;
  if (!v || v.over) return null;
  return `round ${v.round} · ${v.task}`;
}

/** table.js calls this when the pointer is on a log line: show what it names. */
/** The board's elements a logged move touched (a square, a space, a field, a temple, a
 * city, a craft row): pointed at from the log, and marked as the others' moves since your
 * last turn (table.js). */
export function logEntryTargets(entry) {
  const selectors = [];
  if (entry.square) selectors.push(`#amy-babylon g.amy-square[data-square="${entry.square}"]`);
  if (entry.space) selectors.push(`#amy-babylon g.amy-space[data-space="${entry.space}"]`);
  if (entry.field) selectors.push(`#amy-babylon g.amy-field[data-field="${entry.field}"]`);
  if (entry.temple) selectors.push(`#amy-babylon g.amy-temple[data-temple="${entry.temple}"]`);
  if (entry.city) selectors.push(`#amy-track g.amy-city[data-city="${entry.city}"]`);
  if (entry.type === "recruit") selectors.push(`#amy-crafts .amy-craft-row[data-row="${entry.row}"]`);
  return selectors;
}

export function pointAtLogEntry(entry, on) {
  if (!entry) return;
  for (const s of logEntryTargets(entry)) toggleAll(s, "pointed", on);
}

// ------------------------------------------------------------------ the Babylon board

function squareWords(sq, ctx) {
  const parts = [`${sq.id}, floor ${sq.floor}`];
  if (!sq.in_use) parts.push("not used with this number of players");
  else if (sq.planted_by !== null && sq.planted_by !== undefined) parts.push(`planted by ${ctx.seatName(sq.planted_by)}`);
  else if (sq.tile) parts.push(`tile ${sq.tile.id}: ${bonusWords(sq.tile.bonus)}`, `needs a plant of quality ${sq.needs_quality}`);
  parts.push(sq.irrigated ? "irrigated" : "not irrigated");
  return parts.join(" · ");
}

function drawSquare(sq, ctx, target) {
  const [cx, cy] = squareCentre(sq.id);
  const planted = sq.planted_by !== null && sq.planted_by !== undefined;
  const classes = ["amy-square", `floor-${sq.floor}`];
  if (!sq.in_use) classes.push("unused");
  if (planted) classes.push("planted");
  if (sq.irrigated) classes.push("irrigated");
  if (target) classes.push("target");
  const g = svg(
    "g",
    { class: classes.join(" "), "data-square": sq.id, "data-planted-by": planted ? String(sq.planted_by) : null },
    svg("title", {}, squareWords(sq, ctx) + (target ? ` · click: ${target.label}` : "")),
    svg("polygon", { class: "sq-bg", points: points(squareCorners(sq.id)) }),
  );
  const inner = squareCorners(sq.id).map(([x, y]) => [cx + (x - cx) * 0.8, cy + (y - cy) * 0.8]);
  const at = layout.squareText;
  // Every square shows its name (G00–G33), the one the moves, the log and the legal moves
  // use, at the top; under it its garden tile (id and the plant quality it needs) and the
  // tile's bonus, in the middle that the irrigation spaces on its sides leave free.
  const drop = sq.irrigated && sq.in_use && !planted;
  // the drop of an irrigated square beside its name (or, narrow, beside its quality)
  const shift = (line) => (drop && (line === at.dropBy || !sq.tile) ? at.dropShift : 0);
  const name = (y) => svg("text", { class: "sq-name", x: f2(cx - shift("name")), y: f2(y) }, sq.id);
  if (!sq.in_use) {
    g.append(svg("polygon", { class: "sq-hatch", points: points(inner) }), name(cy + 4));
  } else if (planted) {
    g.append(
      svg("polygon", { class: "sq-planter", points: points(inner), stroke: ctx.seatColor(sq.planted_by) }),
      name(cy + at.name),
      svg(
        "g",
        { class: "amy-plant", transform: `translate(${f2(cx)},${f2(cy + at.plant)}) scale(${at.plantScale})` },
        svg("path", { class: "stem", d: "M0 10V-2" }),
        svg("ellipse", { class: "leaf", cx: -5, cy: -3, rx: 6, ry: 3.2, transform: "rotate(-30 -5 -3)" }),
        svg("ellipse", { class: "leaf", cx: 5, cy: -6, rx: 6, ry: 3.2, transform: "rotate(30 5 -6)" }),
        svg("ellipse", { class: "leaf", cx: 0, cy: -10, rx: 3.2, ry: 5 }),
      ),
      svg("circle", { class: "planter-dot", cx: f2(cx + at.dot[0]), cy: f2(cy + at.dot[1]), r: 5, fill: ctx.seatColor(sq.planted_by) }),
    );
  } else {
    g.append(name(cy + (sq.tile ? at.name : 4)));
    if (sq.tile) {
      const parts = bonusParts(sq.tile.bonus);
      // (a phone shows the quality only: the tile's id is in the tooltip)
      g.append(svg("text", { class: "sq-id", x: f2(cx - shift("tile")), y: f2(cy + at.tile) }, svg("tspan", { class: "sq-tile" }, `${sq.tile.id}·`), `Q${sq.needs_quality}`));
      parts.slice(0, 2).forEach((p, i) => {
        g.append(svg("text", { class: "sq-bonus", x: f2(cx), y: f2(cy + (parts.length > 1 ? at.bonus : at.one) + i * at.step) }, p));
      });
    }
  }
  if (drop) {
    const line = !sq.tile ? 4 : at.dropBy === "tile" ? at.tile : at.name;
    const [dx, dy] = [cx + at.drop[0], cy + line + at.drop[1]];
    g.append(svg("path", { class: "sq-drop", d: `M${f2(dx)} ${f2(dy)}c-3.4 4.5 -4 6 -4 7.4a4 4 0 0 0 8 0c0 -1.4 -0.6 -2.9 -4 -7.4z` }));
  }
  if (target) {
    g.append(svg("polygon", { class: "target-ring", points: points(inner) }));
    markTarget(g, target.label, target.action && target.action.text);
  }
  return g;
}

function drawSpace(space, ctx, action) {
  const geo = spaceGeometry(space);
  const [x, y] = geo.at;
  const owned = space.owner !== null && space.owner !== undefined;
  const classes = ["amy-space"];
  if (owned) classes.push("owned");
  else classes.push(space.open ? "open" : "closed");
  if (space.owner === "neutral") classes.push("neutral");
  if (action) classes.push("target");
  const words = `${space.id} (between ${space.squares.join(" and ")})${space.river ? " · touches the river" : ""} · ${owned ? `cube of ${ownerName(space.owner, ctx)}` : space.open ? "empty, may be irrigated" : "empty, not connected to the river yet"}`;
  const g = svg(
    "g",
    { class: classes.join(" "), "data-space": space.id, "data-owner": owned ? String(space.owner) : null, transform: `translate(${f2(x)},${f2(y)})` },
    svg("title", {}, words + (action ? ` · click: ${action.text}` : "")),
    svg("circle", { r: 11, class: "hit" }),
    owned ? svg("rect", { x: -6.5, y: -6.5, width: 13, height: 13, rx: 2, class: "amy-cube", fill: ownerColor(space.owner, ctx) }) : svg("path", { class: "space-mark", d: "M-6 1.5q3 -4 6 0t6 0" }),
    svg("circle", { r: 8.2, class: "space-ring" }),
  );
  if (action) {
    // The space a finger or the pointer means: what is nearer its side than any other (the
    // kite between the side's ends and its two squares' centres, the half of it on the
    // space's side of the middle for a double side), laid under the ring.
    g.insertBefore(svg("polygon", { class: "hit-area", points: points(spaceArea(space, geo).map(([px, py]) => [px - x, py - y])) }), g.querySelector("circle.hit"));
    markTarget(g, action.text, action.text);
  }
  return g;
}

/** The area that takes the clicks of a lit irrigation space: see drawSpace. It stops short
 * of the squares' centres (a tenth of the way), where no side is nearer than the others. */
function spaceArea(space, geo) {
  const mid = [(geo.from[0] + geo.to[0]) / 2, (geo.from[1] + geo.to[1]) / 2];
  const [a, b] = space.squares.map((sq) => {
    const [x, y] = squareCentre(sq);
    return [mid[0] + (x - mid[0]) * 0.9, mid[1] + (y - mid[1]) * 0.9];
  });
  if (space.id.endsWith(".1")) return [geo.from, a, mid, b];
  if (space.id.endsWith(".2")) return [mid, a, geo.to, b];
  return [geo.from, a, geo.to, b];
}

function drawFields(view, ctx, moves) {
  const x0 = 8;
  const cell = layout.fieldCell;
  const hit = layout.fieldHit; // the row's background, which takes the click
  const y0 = 17 + (hit - cell) / 2;
  const leaders = view.field_leaders || [];
  const rows = view.fields.map((f, r) => {
    const action = moves.field.get(f.row);
    const y = y0 + r * layout.fieldPitch;
    const next = f.spaces.findIndex((s) => s.owner === null || s.owner === undefined);
    const leader = leaders[r] ?? null;
    const end = 28 + f.spaces.length * (cell + 3);
    const g = svg(
      "g",
      { class: `amy-field${action ? " target" : ""}`, "data-field": f.row, "data-leader": leader === null ? null : String(leader), transform: `translate(${x0},${y})` },
      svg("title", {}, `field row ${f.row}: ${f.spaces.map((s) => s.resource + (s.owner === null || s.owner === undefined ? "" : ` (${ownerName(s.owner, ctx)})`)).join(", ")} · majority: ${leader === null ? "nobody" : ctx.seatName(leader)}${action ? ` · click: ${action.text}` : ""}`),
      svg("rect", { class: "row-bg", x: -3, y: f2((cell - hit) / 2), width: end + 3, height: hit, rx: 5 }),
      svg("text", { class: "row-label", x: 12, y: cell / 2 + 4 }, f.row),
      leader === null ? null : svg("circle", { class: "amy-leader", cx: end + 8, cy: cell / 2, r: 5, fill: ctx.seatColor(leader), "data-seat": String(leader) }),
    );
    f.spaces.forEach((s, i) => {
      const cx = 28 + i * (cell + 3) + cell / 2;
      const cy = cell / 2;
      const cellNode = svg("g", { class: `field-space${i === next ? " next" : ""}`, "data-index": i + 1 });
      cellNode.append(svg("rect", { class: `space-bg res-bg-${s.resource}`, x: f2(cx - cell / 2), y: 0, width: cell, height: cell, rx: 3 }));
      cellNode.append(resToken(s.resource, cx, cy, 13));
      if (s.owner !== null && s.owner !== undefined) cellNode.append(cube(cx, cy, ownerColor(s.owner, ctx), 15, s.owner));
      g.append(cellNode);
    });
    if (action) markTarget(g, action.text, action.text);
    return g;
  });
  return svg("g", { class: "amy-fields" }, svg("text", { class: "area-title", x: x0, y: 12 }, "Fields"), rows);
}

function drawTemples(view, ctx, moves) {
  const targets = templeTargets(moves);
  const cell = layout.templeCell;
  const hit = layout.templeHit; // the row's background, which takes the click
  const label = layout.templeLabel;
  const width = view.temple_length * (cell + 3) - 3;
  const x0 = BOARD_W - 10 - width;
  const y0 = 17 + (hit - cell) / 2;
  const rewarded = templePlaces(view);
  const rows = TEMPLES.map((t, r) => {
    const line = view.temples[t] || [];
    const action = targets.get(t);
    const y = y0 + r * layout.templePitch;
    const places = ((view.temple_places || {})[t] || []).slice(0, rewarded);
    const placeWords = places.map((s, i) => `${i ? "2nd" : "1st"}: ${s === null || s === undefined ? "nobody" : ctx.seatName(s)}`).join(", ");
    const marks = [];
    places.forEach((s, i) => {
      if (s === null || s === undefined) return;
      const cx = -5 - (places.length - 1 - i) * 9;
      marks.push(svg("circle", { class: `amy-place place-${i + 1}`, cx, cy: cell - 2.5, r: i ? 2.6 : 3.4, fill: ctx.seatColor(s), "data-place": String(i + 1), "data-seat": String(s) }));
    });
    const g = svg(
      "g",
      { class: `amy-temple${action ? " target" : ""}`, "data-temple": t, transform: `translate(${x0},${y})` },
      svg("title", {}, `temple of ${cap(t)} (entrance at the left): ${line.length ? line.map((o, i) => `${i + 1}. ${ownerName(o, ctx)}`).join(", ") : "empty"} · leading: ${placeWords} · rewards: ${templeReward(view, t)}${action ? ` · click: ${action.text}` : ""}`),
      svg("rect", { class: "row-bg", x: -label, y: f2((cell - hit) / 2), width: width + label + 3, height: hit, rx: 5 }),
      svg("text", { class: "row-label temple-name", x: -6, y: cell / 2 + layout.templeLabelDy }, cap(t)),
      marks,
    );
    for (let i = 0; i < view.temple_length; i++) {
      const cx = i * (cell + 3) + cell / 2;
      g.append(svg("rect", { class: "temple-space", x: f2(cx - cell / 2), y: 0, width: cell, height: cell, rx: 3 }));
      const owner = line[i];
      if (owner !== null && owner !== undefined) g.append(cube(cx, cell / 2, ownerColor(owner, ctx), 14, owner));
    }
    if (action) markTarget(g, action.text, action.text);
    return g;
  });
  return svg(
    "g",
    { class: "amy-temples" },
    svg("text", { class: "area-title", x: x0 - label, y: 12 }, "Temples"),
    // beside the title, or (narrow) under the rows, where the title leaves no room
    svg("text", { class: "area-note", x: x0 + width, y: layout.templeNoteBelow ? f2(y0 + 2 * layout.templePitch + (cell + hit) / 2 + 11) : 12, "text-anchor": "end" }, "entrance at the left →"),
    rows,
  );
}

/** The temple rewards, in the free corner at the bottom right. */
function drawRewards(view) {
  const x = BOARD_W - 8;
  const y = BOTTOM + layout.rewardsY;
  const both = templePlaces(view) > 1;
  const lines = [svg("text", { class: "area-title", x, y, "text-anchor": "end" }, both ? "Temple rewards, 1st · 2nd" : "Temple rewards, 1st only")];
  TEMPLES.forEach((t, i) => {
    lines.push(svg("text", { class: "area-note reward", "data-temple": t, x, y: y + 13 + i * 12, "text-anchor": "end" }, `${cap(t)}: ${templeRewardShort(view, t)}`));
  });
  const note = both ? "the 1st and the 2nd of each temple (most cubes) are rewarded at the end of the round" : `with ${view.players.length} players only the 1st of each temple (most cubes) is rewarded`;
  return svg("g", { class: "amy-rewards", id: "amy-rewards" }, svg("title", {}, note), lines);
}

function drawPassOrder(view, ctx) {
  const x0 = 10;
  const y0 = BOTTOM + layout.passY;
  const g = svg("g", { class: "amy-pass", id: "amy-pass", transform: `translate(${x0},${y0})` }, svg("title", {}, "the Pass space: who has passed this round, in order"));
  g.append(svg("text", { class: "area-title", x: 0, y: 0 }, "Passed"));
  const order = view.pass_order || [];
  if (!order.length) g.append(svg("text", { class: "area-note", x: 0, y: 16 }, "nobody yet"));
  order.forEach((seat, i) => {
    g.append(cube(7 + i * 17, 12, ctx.seatColor(seat), 13, seat));
  });
  g.append(svg("text", { class: "area-title", x: 0, y: 40 }, `Round ${view.round}`));
  const left = `${count(view.tiles_left, "tile")} left;`;
  const end = `the game ends at ${view.end_threshold} or fewer`;
  // one line, or two where the river leaves too little room (narrow)
  g.append(svg("text", { class: "area-note tiles-left", x: 0, y: 52 }, layout.passTwoLines ? [svg("tspan", {}, left), svg("tspan", { x: 0, dy: 11 }, end)] : `${left} ${end}`));
  return g;
}

/** "river" along a lower side (from → to, left to right), outside it. */
function riverLabel(bx, by, rx, ry) {
  const len = Math.hypot(rx - bx, ry - by);
  const [dx, dy] = [(rx - bx) / len, (ry - by) / len];
  const x = (bx + rx) / 2 - dy * 17;
  const y = (by + ry) / 2 + dx * 17;
  const angle = (Math.atan2(dy, dx) * 180) / Math.PI;
  return svg("text", { class: "area-note river-label", x: f2(x), y: f2(y), "text-anchor": "middle", transform: `rotate(${f2(angle)} ${f2(x)} ${f2(y)})` }, "river");
}

function drawBabylon(view, ctx, moves, ui) {
  const garden = view.garden;
  // The river along the two lower sides (vertices with i = 0 or j = 0), the walls above.
  const [lx, ly] = pt(0, 4);
  const [bx, by] = pt(0, 0);
  const [rx, ry] = pt(4, 0);
  const [tx, ty] = pt(4, 4);
  const river = `M${f2(lx - 6)} ${f2(ly + 5)}L${f2(bx)} ${f2(by + 8)}L${f2(rx + 6)} ${f2(ry + 5)}`;
  const background = [
    svg("path", { class: "amy-river", d: river }),
    svg("path", { class: "amy-river-waves", d: river }),
    svg("path", { class: "amy-wall", d: `M${f2(lx)} ${f2(ly)}L${f2(tx)} ${f2(ty)}L${f2(rx)} ${f2(ry)}` }),
  ];
  const plantTargets = moves.plant;
  const squares = garden.squares.map((sq) => {
    const acts = plantTargets.get(sq.id);
    let target = null;
    if (acts) {
      target = { action: acts.length === 1 ? acts[0] : null, label: acts.length === 1 ? acts[0].text : `plant ${sq.id} (then choose the payment)` };
      if (ui.square === sq.id) target.selected = true;
    }
    const node = drawSquare(sq, ctx, target);
    if (target && target.selected) node.classList.add("selected");
    return node;
  });
  const spaces = garden.spaces.map((sp) => drawSpace(sp, ctx, moves.irrigate.get(sp.id)));
  const choosing = plantTargets.size || moves.irrigate.size;
  const node = svg(
    "svg",
    {
      class: `board amy-babylon${choosing ? " choosing" : ""}${plantTargets.size ? " choosing-squares" : ""}${moves.irrigate.size ? " choosing-spaces" : ""}`,
      id: "amy-babylon",
      viewBox: `0 0 ${BOARD_W} ${f2(BOARD_H)}`,
      role: "img",
      "aria-label": "the Babylon board: hanging gardens, fields and temples",
      preserveAspectRatio: "xMidYMid meet",
    },
    svg("rect", { class: "board-bg", x: 0, y: 0, width: BOARD_W, height: f2(BOARD_H), rx: 8 }),
    svg("g", { class: "garden-back", "pointer-events": "none" }, background),
    svg("g", { class: "squares" }, squares),
    svg("g", { class: "spaces" }, spaces),
    drawFields(view, ctx, moves),
    drawTemples(view, ctx, moves),
    drawPassOrder(view, ctx),
    riverLabel(lx, ly, bx, by),
    drawRewards(view),
  );
  const choose = (target) => {
    const sq = target.closest("g.amy-square.target");
    if (sq) {
      const acts = plantTargets.get(sq.dataset.square);
      if (!acts) return;
      if (acts.length === 1) {
        ctx.act(acts[0]);
      } else {
        ui.square = sq.dataset.square;
        ctx.rerender();
      }
      return;
    }
    const sp = target.closest("g.amy-space.target, g.amy-field.target, g.amy-temple.target");
    if (sp && sp.dataset.action) ctx.act(sp.dataset.action);
  };
  onActivate(node, ".target", choose);
  return node;
}

// ------------------------------------------------------------------ the Mesopotamia route

const TRACK_W = 450;
const TRACK_H = 368;
const TRACK_RX = 175;
const TRACK_RY = 138;
const CITY_W = 100;
const CITY_H = 62;

function cityPoint(position, n) {
  const angle = (-90 + (360 / n) * position) * (Math.PI / 180);
  return [TRACK_W / 2 + TRACK_RX * Math.cos(angle), TRACK_H / 2 + TRACK_RY * Math.sin(angle)];
}

function cityWords(city, view, ctx) {
  const babylon = babylonTexts(view);
  const parts = [`${cap(city.name)} (${city.kind === "babylon" ? `Babylon: ${babylon.sell}, ${babylon.each}, then ${babylon.irrigate}` : city.kind === "court" ? "court city" : "plant city"})`];
  if (city.demand) parts.push(`demands ${city.demand}${city.plant && city.plant.up.extra ? ` + ${city.plant.up.extra} (the plant card's extra)` : ""}`);
  if (city.offer) parts.push(`offers the next ${city.offer.join(" or ")}`);
  if (city.plant) {
    const p = city.plant;
    parts.push(`plant card ${p.card}: quality ${p.up.quality}${p.up.extra ? ` + ${p.up.extra}` : ""} face up; its back: quality ${p.back.quality}${p.back.extra ? ` + ${p.back.extra}` : ""}`);
  }
  if (view.track.caravan === city.position) parts.push("the caravan is here");
  return parts.join(" · ");
}

function drawCity(city, view, ctx, action, cost) {
  const [x, y] = cityPoint(city.position, view.track.cities.length);
  const costText = cost === null || cost === undefined ? "cost unknown" : count(cost, "camel");
  const here = view.track.caravan === city.position;
  const classes = ["amy-city", `kind-${city.kind}`];
  if (here) classes.push("caravan-here");
  if (action) classes.push("target");
  const g = svg(
    "g",
    { class: classes.join(" "), "data-city": city.name, "data-position": city.position, transform: `translate(${f2(x)},${f2(y)})` },
    svg("title", {}, cityWords(city, view, ctx) + (action ? ` · click: ${action.text} (${costText})` : "")),
    svg("rect", { class: "city-bg", x: -CITY_W / 2, y: -CITY_H / 2, width: CITY_W, height: CITY_H, rx: 9 }),
    svg("text", { class: "city-name", x: -CITY_W / 2 + 7, y: -CITY_H / 2 + 14 }, cap(city.name)),
    svg("text", { class: "city-pos", x: CITY_W / 2 - 7, y: -CITY_H / 2 + 13, "text-anchor": "end" }, String(city.position)),
  );
  const left = -CITY_W / 2 + 7;
  if (city.kind === "babylon") {
    const babylon = babylonTexts(view);
    g.append(
      svg("text", { class: "city-line", x: left, y: -2 }, babylon.sell),
      svg("text", { class: "city-line", x: left, y: 10 }, `${babylon.each}, then`),
      svg("text", { class: "city-line", x: left, y: 22 }, babylon.irrigate),
    );
  } else if (city.kind === "court") {
    g.append(svg("text", { class: "city-line", x: left, y: 2 }, "pays"), resToken(city.demand, left + 30, -2, 12));
    (city.offer || []).forEach((c, i) => {
      g.append(svg("g", { class: `court-badge court-${c}`, transform: `translate(${left + i * 44},${11})` }, svg("rect", { x: 0, y: 0, width: 42, height: 15, rx: 4 }), svg("text", { x: 21, y: 11 }, c === "caravaneer" ? "caravan." : c)));
    });
  } else if (city.kind === "plant") {
    g.append(svg("text", { class: "city-line", x: left, y: 2 }, "pays"), resToken(city.demand, left + 30, -2, 12));
    const p = city.plant;
    if (p) {
      if (p.up.extra) g.append(svg("text", { class: "city-line", x: left + 39, y: 2 }, "+"), resToken(p.up.extra, left + 53, -2, 12));
      const card = svg(
        "g",
        { class: `plant-card q${p.up.quality}`, transform: `translate(${CITY_W / 2 - 30},${-CITY_H / 2 + 20})`, "data-card": p.card },
        svg("rect", { x: 0, y: 0, width: 24, height: 30, rx: 3 }),
        svg("text", { class: "plant-q", x: 12, y: 14 }, `Q${p.up.quality}`),
        svg("text", { class: "plant-id", x: 12, y: 25 }, p.card),
      );
      g.append(card);
      g.append(svg("text", { class: "city-back", x: left, y: 24 }, `back: Q${p.back.quality}${p.back.extra ? ` +${RES_LETTER[p.back.extra]}` : ""}`));
    }
  }
  if (action) {
    g.append(svg("rect", { class: "target-ring", x: -CITY_W / 2 - 2, y: -CITY_H / 2 - 2, width: CITY_W + 4, height: CITY_H + 4, rx: 11 }));
    g.append(svg("g", { class: "cost-badge", transform: `translate(0,${-CITY_H / 2 - 3})` }, svg("rect", { x: -27, y: -8, width: 54, height: 15, rx: 7 }), svg("text", { y: 3.5 }, costText)));
    markTarget(g, `${action.text} (${costText})`);
    if (cost !== null && cost !== undefined) g.dataset.cost = String(cost);
    g.dataset.action = action.text;
  }
  return g;
}

function drawTrack(view, ctx, moves) {
  const cities = view.track.cities;
  const n = cities.length;
  const seat = ctx.viewer;
  const loop = svg("ellipse", { class: "track-loop", cx: TRACK_W / 2, cy: TRACK_H / 2, rx: TRACK_RX, ry: TRACK_RY });
  const arrows = [];
  for (let i = 0; i < n; i++) {
    const mid = (-90 + (360 / n) * (i + 0.5)) * (Math.PI / 180);
    const x = TRACK_W / 2 + TRACK_RX * Math.cos(mid);
    const y = TRACK_H / 2 + TRACK_RY * Math.sin(mid);
    const dir = Math.atan2(TRACK_RY * Math.cos(mid), -TRACK_RX * Math.sin(mid)) * (180 / Math.PI);
    arrows.push(svg("path", { class: "track-arrow", d: "M-4 -4L3 0L-4 4", transform: `translate(${f2(x)},${f2(y)}) rotate(${f2(dir)})` }));
  }
  const nodes = cities.map((c) => {
    const action = moves.caravan.get(c.name);
    return drawCity(c, view, ctx, action, action ? caravanCost(view, c) : null);
  });
  // The caravan token: a tab on top of its city (never a destination, so no cost badge there).
  const here = cities[view.track.caravan];
  const [hx, hy] = cityPoint(here.position, n);
  const cx = TRACK_W / 2;
  const cy = TRACK_H / 2;
  const token = svg(
    "g",
    { class: "amy-caravan", id: "amy-caravan", "data-position": here.position, transform: `translate(${f2(hx + 10)},${f2(hy - CITY_H / 2 - 3)})`, "pointer-events": "none" },
    svg("title", {}, `the caravan is at ${cap(here.name)}`),
    svg("rect", { x: -27, y: -9, width: 54, height: 17, rx: 8.5 }),
    svg("text", { y: 3.8 }, "caravan"),
  );
  const me = seat !== null && view.players[seat] ? view.players[seat] : null;
  const node = svg(
    "svg",
    { class: `board amy-track${moves.caravan.size ? " choosing" : ""}`, id: "amy-track", viewBox: `0 0 ${TRACK_W} ${TRACK_H}`, role: "img", "aria-label": "Mesopotamia: the caravan route", preserveAspectRatio: "xMidYMid meet" },
    svg("rect", { class: "track-bg", x: 0, y: 0, width: TRACK_W, height: TRACK_H, rx: 8 }),
    loop,
    svg("g", { class: "arrows", "pointer-events": "none" }, arrows),
    svg("text", { class: "track-title", x: cx, y: cy - 14 }, "Mesopotamia"),
    svg("text", { class: "area-note", x: cx, y: cy + 2, "text-anchor": "middle" }, "the caravan moves clockwise"),
    me ? svg("text", { class: "area-note", x: cx, y: cy + 16, "text-anchor": "middle" }, `your caravan bonus: +${me.caravan_bonus}`) : null,
    svg("g", { class: "cities" }, nodes),
    token,
  );
  onActivate(node, "g.amy-city.target", (t) => {
    if (t.dataset.action) ctx.act(t.dataset.action);
  });
  return node;
}

// ------------------------------------------------------------------ craft cards and stock

function craftRows(view, ctx, moves) {
  const rows = view.craft_rows.map((row) => {
    const cards = row.cards.map((card, i) => {
      if (card.taken) {
        return el("div", { class: "amy-craft taken", "data-row": row.row, "data-index": i, title: `a ${card.kind} already recruited this round (face down)` }, el("span", { class: "craft-back", text: "taken" }));
      }
      const action = moves.recruit.get(`${row.row}:${card.kind}`);
      const face = [el("span", { class: "craft-kind", text: card.kind }), el("span", { class: "craft-text", text: craftText(view, card.kind) })];
      const label = `${card.kind}: ${craftText(view, card.kind, true)} · costs ${row.cost === null ? "-" : count(row.cost, "talent")}`;
      if (!action) return el("div", { class: `amy-craft kind-${card.kind}`, "data-row": row.row, "data-index": i, "data-kind": card.kind, title: label }, face);
      return el(
        "button",
        {
          type: "button",
          class: `amy-craft kind-${card.kind} target`,
          "data-row": row.row,
          "data-index": i,
          "data-kind": card.kind,
          "data-action": action.text,
          title: `${label} · click: ${action.text}`,
          onclick: () => ctx.act(action),
        },
        face,
      );
    });
    return el(
      "div",
      { class: "amy-craft-row", "data-row": row.row },
      el("span", { class: "row-head" }, el("b", { text: `Row ${row.row}` }), el("span", { class: "row-cost", text: row.cost === null ? "empty" : row.cost ? count(row.cost, "talent") : "free" })),
      cards,
    );
  });
  return el(
    "section",
    { class: "amy-box amy-crafts", id: "amy-crafts" },
    el("h3", {}, "Craftsmen ", el("span", { class: "muted small", id: "recruit-costs", text: recruitCostsText(view) })),
    el("div", { class: "amy-craft-rows" }, rows),
  );
}

function stockBox(view, ctx) {
  const stock = view.stock;
  const courtCells = Object.entries(stock.court).map(([type, left]) =>
    el("span", { class: "stock-court", "data-court": type, title: `${type} cards left by level (1, 2, 3)` }, el("b", { text: type }), " ", left.map((n, i) => `L${i + 1}:${n}`).join(" ")),
  );
  return el(
    "section",
    { class: "amy-box amy-stock", id: "amy-stock" },
    el("h3", {}, "Stock ", el("span", { class: "muted small", text: `round ${view.round}` })),
    el("div", { class: "stock-line" }, el("span", { class: "muted", text: "resources " }), RESOURCES.map((r) => resChip(r, stock.resources[r], { zero: true }))),
    el("div", { class: "stock-line" }, el("span", {}, el("span", { class: "muted", text: "camels " }), el("b", { text: stock.camels })), el("span", {}, el("span", { class: "muted", text: "gardeners " }), el("b", { text: stock.gardeners }))),
    el("div", { class: "stock-line" }, el("span", { class: "muted", text: "court cards " }), courtCells),
    el(
      "div",
      { class: "stock-line" },
      el("span", { class: "muted", text: "garden tiles " }),
      el("span", { id: "tiles-left" }, `${view.tiles_left} on the board (the game ends after a round with ${view.end_threshold} or fewer)`),
    ),
    view.box && view.box.length ? el("div", { class: "stock-line muted small" }, `in the box: ${view.box.join(", ")}`) : null,
    leadersLine(view, ctx),
  );
}

/** Who leads each temple (1st, 2nd: view.temple_places) and each field row (view.field_leaders). */
function leadersLine(view, ctx) {
  const who = (s) => (s === null || s === undefined ? el("span", { class: "muted", text: "nobody" }) : ctx.seatChip(s));
  const rewarded = templePlaces(view);
  const temples = TEMPLES.map((t) => {
    const places = ((view.temple_places || {})[t] || []).slice(0, rewarded);
    return el(
      "span",
      { class: "leader", "data-temple": t, "data-places": places.map((s) => (s === null || s === undefined ? "-" : String(s))).join(",") },
      el("b", { text: `${cap(t)} ` }),
      places.flatMap((s, i) => (i ? [" · ", who(s)] : [who(s)])),
    );
  });
  const fields = view.fields.map((f, r) => {
    const leader = (view.field_leaders || [])[r] ?? null;
    return el("span", { class: "leader", "data-field": f.row, "data-leader": leader === null ? "-" : String(leader) }, el("b", { text: `${f.row} ` }), who(leader));
  });
  return el(
    "div",
    { class: "leaders", id: "amy-leaders" },
    el("div", { class: "stock-line", title: rewarded > 1 ? "1st · 2nd by cubes (the rewards at the end of the round)" : "1st by cubes (the reward at the end of the round)" }, el("span", { class: "muted", text: rewarded > 1 ? "temples, 1st · 2nd " : "temples, 1st " }), temples),
    el("div", { class: "stock-line", title: "most cubes: the gardener when the row is complete" }, el("span", { class: "muted", text: "fields, most cubes " }), fields),
  );
}

function boardLegend() {
  return legend([
    ["asw-floor", "garden square, named G00 to G33 as in the moves, darker for higher floors (1 to 4); under the name its tile's id and the plant quality it needs (T07·Q1, on a phone Q1 only), then the tile's bonus"],
    ["asw-planted", "planted square, outlined and dotted in the planter's colour"],
    ["asw-drop", "a drop beside the name (on a phone beside the quality): the square is irrigated (all spaces of one of its sides hold cubes)"],
    ["asw-space", "irrigation space: empty (solid ring: it may take a cube now, dashed: not yet connected to the river)"],
    ["asw-cube", "a cube in its player's colour; grey: neutral"],
    ["asw-river", "the river along the two lower sides"],
    ["asw-unused", "hatched: a square not used with this number of players"],
    ["asw-lit", "yellow: what you may click now"],
  ]);
}

// ------------------------------------------------------------------ your decision

/** A button that sends one legal action; a choice among others unless `cls` says otherwise. */
function button(action, content, options = {}, ctx) {
  return actionButton(action, content, { cls: "choice", ...options }, ctx);
}

function nextFieldResource(view, row) {
  const f = view.fields.find((x) => x.row === row);
  if (!f) return null;
  const s = f.spaces.find((x) => x.owner === null || x.owner === undefined);
  return s ? s.resource : null;
}

function fieldButtons(view, ctx, moves) {
  return choiceList(
    { id: "field-choices" },
    [...moves.field.values()].map((a) => {
      const res = nextFieldResource(view, a.field);
      return button(a, [`Field row ${a.field}`, res ? el("span", { class: "muted" }, " · take ", resChip(res)) : null], {}, ctx);
    }),
  );
}

function templeButtons(view, ctx, moves, id) {
  const targets = templeTargets(moves);
  return choiceList(
    { id },
    [...targets.values()].map((a) => button(a, [`${cap(a.temple)}`, el("span", { class: "muted small", text: ` ${templeReward(view, a.temple)}` })], {}, ctx)),
  );
}

function actionControls(view, ctx, moves) {
  const parts = [el("h3", { text: "Your turn" })];
  const recruits = moves.recruit.size;
  const cities = moves.caravan.size;
  const lines = [];
  if (recruits) lines.push("click a lit craft card to recruit it (the row's cost is under the row's name)");
  if (cities) lines.push("click a lit city to move the caravan there (its cost in camels is on it)");
  const income = rulesOf(view).pass_later_turn_income;
  lines.push(income ? `or pass for the rest of the round (each later turn brings ${count(income, "talent")})` : "or pass for the rest of the round");
  parts.push(el("p", { class: "hint", id: "action-hint", text: cap(lines.join("; ")) + "." }));
  if (!recruits && !cities) parts.push(el("p", { class: "hint", text: "You can neither recruit nor move the caravan now." }));
  if (moves.pass) parts.push(button(moves.pass, "Pass", { id: "pass-button", cls: "primary big" }, ctx));
  return parts;
}

function plantControls(view, ctx, moves) {
  const ui = ctx.ui;
  const city = view.track.cities[view.track.caravan];
  const plant = view.pending && view.pending.plant;
  const reach = plant && plant.reach !== plant.quality ? `, reaching quality ${plant.reach} with your gardeners` : "";
  const parts = [el("h3", {}, "Plant a garden ", city ? el("span", { class: "muted small", text: `at ${cap(city.name)}` }) : null)];
  parts.push(
    el(
      "p",
      { class: "hint", id: "plant-hint", "data-quality": plant ? String(plant.quality) : null, "data-reach": plant ? String(plant.reach) : null },
      `Click a lit square in the garden (${moves.plant.size} possible)${plant ? `: this plant has quality ${plant.quality}${reach}` : ""}. You take its tile and bonus.`,
    ),
  );
  if (ui.square && !moves.plant.has(ui.square)) ui.square = null;
  if (ui.square) {
    const acts = moves.plant.get(ui.square);
    parts.push(
      el("p", { class: "pay-head" }, `${ui.square}: how do you pay?`),
      choiceList(
        { id: "pay-choices", cls: "pay-choices" },
        acts.map((a) => button(a, [el("span", { text: "pay " }), resList(a.resources, { words: true })], { title: a.words }, ctx)),
        el("button", { type: "button", class: "link", text: "another square", onclick: () => { ui.square = null; ctx.rerender(); } }),
      ),
    );
  }
  return parts;
}

function courtControls(view, ctx, moves) {
  const me = view.players[ctx.viewer];
  const city = view.track.cities[view.track.caravan];
  const byCourt = groupBy(moves.court, (a) => a.court);
  return [
    el("h3", {}, "Court card ", city ? el("span", { class: "muted small", text: `at ${cap(city.name)}` }) : null),
    el("p", { class: "hint", text: "Take the next level of one of the city's court cards, paying its resource (wine may stand in)." }),
    choiceList(
      { id: "court-choices" },
      [...byCourt.entries()].map(([court, acts]) => {
        const level = ((me && me.court && me.court[court]) || 0) + 1;
        return el(
          "div",
          { class: "court-group", "data-court": court },
          el("span", { class: "court-name" }, el("b", { text: `${cap(court)} ${level}` }), el("small", { class: "muted", text: ` ${courtText(view, court, level)}` })),
          el("span", { class: "pay-buttons" }, acts.map((a) => button(a, [el("span", { text: "pay " }), resList(a.resources, { words: true })], { cls: "pay", title: a.words }, ctx))),
        );
      }),
    ),
  ];
}

function exchangeControls(view, ctx, moves) {
  const byGive = groupBy(moves.exchange, (a) => a.give);
  return [
    el("h3", { text: "Tammouz: exchange" }),
    el("p", { class: "hint", text: "Give one of your resources for another one from the stock (the buttons are the exchanges allowed), or decline." }),
    choiceList(
      { id: "exchange-choices" },
      [...byGive.entries()].map(([give, acts]) =>
        el(
          "div",
          { class: "court-group", "data-give": give },
          el("span", {}, "give ", resChip(give), " for"),
          el("span", { class: "pay-buttons" }, acts.map((a) => button(a, resChip(a.take), { cls: "pay", title: a.words }, ctx))),
        ),
      ),
    ),
    moves.decline ? button(moves.decline, "Decline", { id: "decline-button" }, ctx) : null,
  ];
}

/** " Then Bob, 2nd in the temple, takes the other." (view.pending.second), or nothing. */
function secondNote(view, ctx, what) {
  const second = view.pending ? view.pending.second : null;
  if (second === null || second === undefined) return null;
  const who = second === ctx.viewer ? "you" : ctx.seatName(second);
  return el("span", { class: "second-note", "data-seat": String(second) }, ` Then ${who}, 2nd in the temple, ${who === "you" ? what.replace(/^takes/, "take") : what}.`);
}

function babylonHint(view) {
  const r = rulesOf(view);
  const most = r.babylon_max_resources;
  const give = most === 2 ? "one or two resources" : most > 1 ? `1 to ${most} resources` : "one resource";
  const then = r.babylon_irrigation_vp ? `Then you irrigate a space (${r.babylon_irrigation_vp} VP).` : "Then you irrigate a space (no VP).";
  return `Give ${give}: ${vpText(r.babylon_vp_per_resource)} each. ${then}`;
}

function controls(payload, ctx, moves) {
  const view = payload.view;
  if (!myDecision(ctx, view.current)) return null;
  const phase = view.phase;
  const me = view.players[ctx.viewer];
  let parts = [];
  const handled = new Set();
  const use = (...types) => types.forEach((t) => handled.add(t));
  if (phase === "action") {
    parts = actionControls(view, ctx, moves);
    use("pass", "recruit", "caravan");
  } else if (phase === "peasant") {
    parts = [el("h3", { text: "Peasant: a field row" }), el("p", { class: "hint", text: "Click a lit field row (or its button): your cube goes on its leftmost empty space and you take that resource. A full row gives a gardener to the most cubes." }), fieldButtons(view, ctx, moves)];
    use("field");
  } else if (phase === "priest") {
    parts = [el("h3", { text: "Priest: a temple" }), el("p", { class: "hint", text: "Click a lit temple (or its button): your cube enters at the left and pushes the others right." }), templeButtons(view, ctx, moves, "temple-choices")];
    use("temple");
  } else if (phase === "irrigate") {
    const scoring = irrigationPoints(view);
    const after = scoring ? (scoring.source === "engineers" ? "Your engineer's cube" : "The cube after your sale at Babylon") : "This cube";
    const points = scoring ? (scoring.points ? `scores ${scoring.points} VP` : "scores no points") : "";
    parts = [
      el("h3", { text: "Irrigate" }),
      el(
        "p",
        { class: "hint", id: "irrigate-hint", "data-points": scoring ? String(scoring.points) : null, "data-source": scoring ? scoring.source : null },
        `Click a lit irrigation space in the garden (${moves.irrigate.size} possible): it must touch the river or a cube connected to it.${points ? ` ${after} ${points}.` : ""}`,
      ),
    ];
    use("irrigate");
  } else if (phase === "babylon") {
    parts = [
      el("h3", { text: "Babylon: sell" }),
      el("p", { class: "hint", id: "babylon-hint", text: babylonHint(view) }),
      choiceList({ id: "sell-choices" }, moves.sell.map((a) => button(a, [el("span", { text: "sell " }), resList(a.resources, { words: true })], { title: a.words }, ctx))),
    ];
    use("sell");
  } else if (phase === "court city") {
    parts = courtControls(view, ctx, moves);
    use("court");
  } else if (phase === "plant city") {
    parts = plantControls(view, ctx, moves);
    use("plant");
  } else if (phase === "tile resource") {
    const left = view.pending && view.pending.resources;
    parts = [
      el("h3", { text: "Garden tile: a resource" }),
      el("p", { class: "hint", text: `Take a resource of your choice from the stock${left > 1 ? ` (${left} to take)` : ""}.` }),
      choiceList({ id: "take-choices", cls: "button-grid" }, moves.take.map((a) => button(a, [resChip(a.resources[0]), el("span", { text: a.resources[0] })], { title: a.words }, ctx))),
    ];
    use("take");
  } else if (phase === "tile court card") {
    parts = [
      el("h3", { text: "Garden tile: a court card" }),
      el("p", { class: "hint", text: "Take the next level of a court card of your choice, or a gardener." }),
      choiceList({ id: "choose-choices" }, moves.choose.map((a) => button(a, [el("b", { text: cap(a.court) }), el("small", { class: "muted", text: ` ${courtText(view, a.court, a.court === "gardener" ? null : ((me && me.court && me.court[a.court]) || 0) + 1)}` })], { title: a.words }, ctx))),
    ];
    use("choose");
  } else if (phase === "procession") {
    parts = [
      el("h3", { text: "Procession" }),
      el("p", { class: "hint", text: "You lead the procession: choose the temple your cube enters (click it or its button); a grey cube enters each of the other two." }),
      templeButtons(view, ctx, moves, "procession-choices"),
    ];
    use("procession");
  } else if (phase === "ishtar") {
    parts = [
      el("h3", { text: "Ishtar: your reward" }),
      el("p", { class: "hint", id: "ishtar-hint" }, `You are first in Ishtar's temple: take ${templeRewardParts(view, "ishtar")[0]}.`, secondNote(view, ctx, `takes ${templeRewardParts(view, "ishtar")[1]}`)),
      choiceList({ id: "ishtar-choices" }, moves.ishtar.map((a) => button(a, `Take a ${a.item}`, { title: a.words }, ctx))),
    ];
    use("ishtar");
  } else if (phase === "tammouz field") {
    parts = [
      el("h3", { text: "Tammouz: a field cube" }),
      el("p", { class: "hint", id: "tammouz-hint" }, "You are first in Tammouz's temple: put a cube on a field row (click it or its button) and take its resource, or decline.", secondNote(view, ctx, "may then exchange a resource")),
      fieldButtons(view, ctx, moves),
      moves.decline ? button(moves.decline, "Decline", { id: "decline-button" }, ctx) : null,
    ];
    use("field", "decline");
  } else if (phase === "tammouz exchange") {
    parts = exchangeControls(view, ctx, moves);
    use("exchange", "decline");
  } else if (phase === "storage") {
    const held = me ? RESOURCES.reduce((n, r) => n + (me.resources[r] || 0), 0) : 0;
    parts = [
      el("h3", { text: "Storage limit" }),
      el("p", { class: "hint", text: `You hold ${count(held, "resource")} and may keep ${me ? me.storage_limit : "?"}: discard one.` }),
      choiceList({ id: "discard-choices", cls: "button-grid" }, moves.discard.map((a) => button(a, [resChip(a.resources[0], me ? me.resources[a.resources[0]] : null), el("span", { text: `discard ${a.resources[0]}` })], { title: a.words }, ctx))),
    ];
    use("discard");
  }
  const rest = moves.all.filter((a) => !handled.has(a.type));
  if (rest.length) {
    parts.push(choiceList({ id: "other-choices" }, rest.map((a) => button(a, a.words ? cap(a.words) : a.text, {}, ctx))));
  }
  // Every legal move as a plain button too, for the keyboard and for a quick look.
  parts.push(
    el(
      "details",
      { class: "all-moves", id: "all-moves" },
      el("summary", { text: `All ${count(moves.all.length, "legal move")} as buttons` }),
      el("div", { class: "all-moves-list" }, moves.all.map((a) => button(a, a.text, { cls: "small-move", title: a.words || a.text }, ctx))),
    ),
  );
  return el("section", { class: `panel controls amy-controls`, id: "controls", "data-phase": phase }, parts);
}

// ------------------------------------------------------------------ what everyone sees

function courtLine(view, p) {
  const parts = COURTS.map((c) =>
    el(
      "span",
      { class: `court-level${p.court[c] ? "" : " none"}`, "data-court": c, title: p.court[c] ? `${c} level ${p.court[c]}: ${courtText(view, c, p.court[c])}` : `no ${c} yet: ${courtText(view, c)}` },
      `${c} `,
      el("b", { text: p.court[c] || "–" }),
    ),
  );
  parts.push(el("span", { class: `court-level${p.gardeners ? "" : " none"}`, "data-court": "gardener", title: `gardeners: ${courtText(view, "gardener")} each` }, "gardeners ", el("b", { text: p.gardeners })));
  return parts;
}

function playersPanel(payload, ctx) {
  const view = payload.view;
  const over = view.over;
  const blocks = view.players.map((p) => {
    const { current, winner, mine } = seatState(p.seat, ctx, view);
    const held = RESOURCES.reduce((n, r) => n + (p.resources[r] || 0), 0);
    const tiles = p.tiles.length
      ? p.tiles.map((t) => el("span", { class: "tile-chip", "data-tile": t.id, title: `${t.id} (floor ${t.floor}): ${bonusWords(t.bonus)}` }, el("b", { text: t.id }), el("small", { text: ` f${t.floor}` })))
      : [el("span", { class: "muted", text: "none" })];
    return el(
      "div",
      { class: `amy-player${current ? " current" : ""}${mine ? " me" : ""}${winner ? " won" : ""}${p.passed ? " passed" : ""}`, "data-seat": p.seat, style: { "--seat": ctx.seatColor(p.seat) } },
      el(
        "div",
        { class: "player-head" },
        el("span", { class: "mark", text: turnMark(current, winner) }),
        ctx.seatChip(p.seat, { you: mine }),
        view.start === p.seat && !over ? el("span", { class: "first-tag", title: "start player of this round", text: "start" }) : null,
        p.passed && !over ? el("span", { class: "passed-tag", title: "passed this round", text: "passed" }) : null,
        el("span", { class: "player-total" }, el("b", { class: "total", text: p.score }), " VP"),
      ),
      el(
        "div",
        { class: "player-row" },
        el("span", { class: "holding", "data-what": "talents", title: "talents" }, el("span", { class: "coin" }), el("b", { text: p.talents }), " talents"),
        el("span", { class: "holding", "data-what": "camels", title: "camels" }, el("b", { text: p.camels }), " camels"),
        el("span", { class: "holding", "data-what": "cubes", title: "cubes in supply" }, el("span", { class: "mini-cube", style: { "--seat": ctx.seatColor(p.seat) } }), el("b", { text: p.cubes }), " cubes"),
      ),
      el(
        "div",
        { class: "player-row res-line" },
        RESOURCES.map((r) => resChip(r, p.resources[r], { zero: true })),
        el("span", { class: `storage${held > p.storage_limit ? " over" : ""}`, title: "resources held / the storage limit kept after each round" }, `${held}/${p.storage_limit}`),
      ),
      el("div", { class: "player-row court-line" }, courtLine(view, p)),
      el("div", { class: "player-row tiles-line", "data-seat": p.seat }, el("span", { class: "muted", text: `tiles (${p.tiles.length}) ` }), tiles),
    );
  });
  return el("section", { class: "panel players amy-players", id: "players" }, el("h3", { text: "Players" }), blocks);
}

/** The moves the engine took by itself since the last one chosen (view.automatic_moves). */
function automaticPanel(payload, ctx) {
  const view = payload.view || {};
  let moves = view.automatic_moves;
  if (!moves) moves = (view.automatic || []).map((action) => ({ seat: null, action, words: action }));
  if (!moves.length) return null;
  const items = [];
  moves.forEach((m, i) => {
    if (i) items.push(" · ");
    const known = m.seat !== null && m.seat !== undefined;
    items.push(
      el(
        "span",
        { class: "auto-move", "data-seat": known ? String(m.seat) : null, "data-action": m.action, title: m.action, style: known ? { "--seat": ctx.seatColor(m.seat) } : null },
        known ? el("b", { class: "auto-who", text: ctx.seatName(m.seat) }) : null,
        known ? " " : null,
        el("span", { class: "auto-words", text: m.words || m.action }),
      ),
    );
  });
  return el(
    "section",
    { class: "panel note amy-automatic", id: "amy-automatic" },
    el("b", { text: "Then automatically " }),
    el("span", { class: "muted small", text: "(the only option): " }),
    el("span", { class: "auto-list" }, items),
  );
}

/** The final table: each player's points by source (players[s].points), then the total. */
function finalPanel(payload, ctx) {
  const view = payload.view;
  if (view.phase !== "over") return null;
  const scores = view.players.map((p) => p.score);
  const winners = view.winners || [];
  const seats = view.players.map((p) => p.seat);
  const head = el(
    "tr",
    {},
    el("th", { text: "Points" }),
    seats.map((s) => el("th", { class: `num who${winners.includes(s) ? " won" : ""}`, "data-seat": String(s) }, ctx.seatChip(s, { you: s === ctx.viewer }))),
  );
  const rows = POINT_SOURCES.map(([source, label, words]) =>
    el(
      "tr",
      { "data-source": source, title: words },
      el("th", { scope: "row", text: label }),
      seats.map((s) => {
        const points = view.players[s].points || {};
        return el("td", { class: "num", "data-seat": String(s), "data-source": source, text: points[source] ?? 0 });
      }),
    ),
  );
  const tiles = el(
    "tr",
    { class: "tiles-held", "data-source": "tiles-held", title: "garden tiles held (they decide the Amyitis bonus and break ties)" },
    el("th", { scope: "row", class: "muted", text: "tiles held" }),
    seats.map((s) => el("td", { class: "num muted", "data-seat": String(s), text: view.players[s].tiles.length })),
  );
  const total = el(
    "tr",
    { class: "total-row" },
    el("th", { scope: "row", text: "Total" }),
    seats.map((s) => el("td", { class: `num score${winners.includes(s) ? " won" : ""}`, "data-seat": String(s), text: scores[s] })),
  );
  const r = rulesOf(view);
  const notes = [];
  const bonus = amyitisBonusText(view);
  if (bonus) notes.push(`Amyitis: ${bonus}`);
  if (r.vp_per_leftover_resource !== undefined) notes.push(`left over: ${vpText(r.vp_per_leftover_resource)} per resource`);
  const tiebreak = r.tiebreak.map((k) => (k === "garden_tiles" ? "most tiles" : `most ${k}`));
  notes.push(`ties: ${tiebreak.join(", then ")}`);
  return el(
    "section",
    { class: "panel final-panel", id: "final" },
    el("h3", { text: "Final scoring" }),
    el("div", { class: "final-scroll" }, el("table", { class: "players-table final-table amy-final" }, el("thead", {}, head), el("tbody", {}, rows, tiles), el("tfoot", {}, total))),
    el("p", { class: "muted small", id: "final-notes", text: cap(notes.join("; ")) + "." }),
  );
}

function drawBoard(area, payload, ctx, moves) {
  const view = payload.view;
  const ui = ctx.ui;
  const board = zoomableBoard(area, drawBabylon(view, ctx, moves, ui), ctx, { scrollClass: "amy-scroll" });
  area.replaceChildren(
    el(
      "div",
      { class: "amy-board" },
      el("div", { class: "amy-babylon-box" }, board.scroller, el("div", { class: "board-tools" }, boardLegend(), board.zoom)),
      el("div", { class: "amy-track-box" }, drawTrack(view, ctx, moves)),
      craftRows(view, ctx, moves),
      stockBox(view, ctx),
    ),
  );
  board.restore();
}

/** Draw the board into areas.board and the side panel into areas.panel. */
export function render(areas, payload, ctx) {
  const view = viewToDraw(areas, payload, "garden", "game-amyitis");
  if (!view) return;
  const moves = movesOf(offeredActions(payload, ctx, view.current));
  const ui = ctx.ui;
  newDecision(ui, payload.version, ["square"]); // forget a choice in progress
  useLayout();
  live.rerender = ctx.rerender;
  if (ui.square && !moves.plant.has(ui.square)) ui.square = null;
  drawBoard(areas.board, payload, ctx, moves);
  areas.panel.replaceChildren(
    ...[finalPanel(payload, ctx), controls(payload, ctx, moves), automaticPanel(payload, ctx), playersPanel(payload, ctx)].filter(Boolean),
  );
}
