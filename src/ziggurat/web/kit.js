// The small kit the games' drawing modules (games/<name>.js) share: an SVG element builder,
// hex geometry for the two hex maps (Babylonia's flat-topped hexes in doubled rows, Ishtar's
// pointy-topped axial ones), legal actions grouped by type, buttons that send one legal
// action through the table's `ctx.act`, clickable targets on a board, the zoomable board
// frame, the legend and the tables of the side panel. Like table.js it knows no rule of any
// game: what may be done comes from payload.legal_actions, what is seen from payload.view.

import { el, tapsAsk } from "./common.js";

// ------------------------------------------------------------------ SVG and words

const SVG_NS = "http://www.w3.org/2000/svg";

/** document.createElementNS for SVG, with attributes and children in one call (like `el`). */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
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

/** A number rounded to 2 decimals, for SVG attributes. */
export function f2(n) {
  return Number(n.toFixed(2));
}

export function plural(word, n) {
  return n === 1 ? word : `${word}s`;
}

/** "1 camel", "3 camels". */
export function count(n, word) {
  return `${n} ${plural(word, n)}`;
}

/** "Marduk" for "marduk". */
export function cap(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}

/** A touch screen. */
export const COARSE = window.matchMedia("(pointer: coarse)");

/** A touch screen whose player wants a tap on the board to ask first (the setting, see
 * common.js): a first tap then shows what a second tap (or a Confirm button) does. A game
 * whose board asks so itself exports `confirmsTaps = true`; for the others the table asks
 * before any move a tap on the board makes (table.js). */
export function touchAsks() {
  return COARSE.matches && tapsAsk();
}

// ------------------------------------------------------------------ hex geometry

export const SQRT3 = Math.sqrt(3);

/** "7,3" for the hex [7, 3] (the notation's coordinates, as in the view and the actions). */
export function hexKey(hex) {
  return `${hex[0]},${hex[1]}`;
}

/** [7, 3] for "7,3". */
export function keyHex(k) {
  return k.split(",").map(Number);
}

/** Corner i (0..5) of a hex of circumradius r centred on 0,0: flat-topped hexes have corner 0
 * at the right (angle 60·i), pointy-topped ones at angle 60·i − 30 (y down). */
export function hexCorner(r, i, pointy = false) {
  const a = (Math.PI / 180) * (60 * i - (pointy ? 30 : 0));
  return [r * Math.cos(a), r * Math.sin(a)];
}

/** The SVG `points` of a hex of circumradius r centred on 0,0. */
export function hexPoints(r, pointy = false) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const [x, y] = hexCorner(r, i, pointy);
    pts.push(`${f2(x)},${f2(y)}`);
  }
  return pts.join(" ");
}

/** Centre of hex [row, col] of a flat-topped map in doubled rows (Babylonia), circumradius s. */
export function doubledCenter(hex, s) {
  return [1.5 * s * hex[1], (SQRT3 / 2) * s * hex[0]];
}

/** Centre of axial hex [q, r] of a pointy-topped map (Ishtar), circumradius s. */
export function axialCenter(hex, s) {
  return [s * SQRT3 * (hex[0] + hex[1] / 2), s * 1.5 * hex[1]];
}

/** The axial neighbour directions [dq, dr] of a pointy-topped map with the two corners of the
 * edge each one crosses (corner i as hexCorner(·, i, true)): E, SE, SW, W, NW, NE. */
export const AXIAL_EDGES = [
  [1, 0, 0, 1],
  [0, 1, 1, 2],
  [-1, 1, 2, 3],
  [-1, 0, 3, 4],
  [0, -1, 4, 5],
  [1, -1, 5, 0],
];

/** An axial offset turned k × 60° clockwise: (q, r) → (−r, q + r). */
export function rotateAxial(c, k) {
  let [q, r] = c;
  for (let i = 0; i < ((k % 6) + 6) % 6; i++) [q, r] = [-r, q + r];
  return [q, r];
}

/** The boundary of a set of axial hexes (size s) as one SVG path, shifted by (ox, oy), its
 * corners at `inset` × s. */
export function axialOutline(cells, s, ox = 0, oy = 0, inset = 1) {
  const set = new Set(cells.map(hexKey));
  const parts = [];
  for (const c of cells) {
    const [x, y] = axialCenter(c, s);
    for (const [dq, dr, a, b] of AXIAL_EDGES) {
      if (set.has(hexKey([c[0] + dq, c[1] + dr]))) continue;
      const [x1, y1] = hexCorner(s * inset, a, true);
      const [x2, y2] = hexCorner(s * inset, b, true);
      parts.push(`M${f2(x + x1 + ox)} ${f2(y + y1 + oy)}L${f2(x + x2 + ox)} ${f2(y + y2 + oy)}`);
    }
  }
  return parts.join("");
}

/** The viewBox around hex centres, each hex reaching halfW and halfH from its centre. */
export function viewBoxAround(centres, halfW, halfH, pad) {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of centres) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const vb = [minX - halfW - pad, minY - halfH - pad, maxX - minX + 2 * halfW + 2 * pad, maxY - minY + 2 * halfH + 2 * pad];
  return vb.map((n) => n.toFixed(1)).join(" ");
}

// ------------------------------------------------------------------ legal actions by type

/** The items of `list` by `keyOf(item)`, in their order: a Map key → [items]. */
export function groupBy(list, keyOf) {
  const out = new Map();
  for (const item of list) {
    const k = keyOf(item);
    if (!out.has(k)) out.set(k, []);
    out.get(k).push(item);
  }
  return out;
}

/** "noTriple" for the type "no-triple". */
function groupName(type) {
  return type.replace(/[-_ ]+(\w)/g, (_, c) => c.toUpperCase());
}

/**
 * The legal actions grouped by type. `spec` names each type the module handles and how its
 * actions are kept, under the type's name in camelCase ("give-up" → giveUp):
 *   "one"              the action (null when none),
 *   "list"             an array of them,
 *   {key}              a Map key → action, key a field name or a function of the action,
 *   {key, list: true}  a Map key → [actions],
 *   {key: [k1, k2]}    Maps in Maps (k1 → k2 → action), likewise with `list`.
 * Every other type goes to `other`; `all` is the whole list.
 */
export function sortActions(legal, spec) {
  const out = { other: [], all: legal };
  for (const [type, how] of Object.entries(spec)) {
    out[groupName(type)] = how === "one" ? null : how === "list" ? [] : new Map();
  }
  for (const a of legal) {
    const how = Object.hasOwn(spec, a.type) ? spec[a.type] : undefined;
    const name = groupName(a.type || "");
    if (how === undefined) out.other.push(a);
    else if (how === "one") out[name] = a;
    else if (how === "list") out[name].push(a);
    else {
      const keys = [how.key].flat().map((k) => (typeof k === "function" ? k(a) : a[k]));
      let map = out[name];
      for (const k of keys.slice(0, -1)) {
        if (!map.has(k)) map.set(k, new Map());
        map = map.get(k);
      }
      const last = keys[keys.length - 1];
      if (!how.list) map.set(last, a);
      else {
        if (!map.has(last)) map.set(last, []);
        map.get(last).push(a);
      }
    }
  }
  return out;
}

// ------------------------------------------------------------------ buttons and targets

/**
 * A button that sends `action` (one of payload.legal_actions) through ctx.act: its text or
 * nodes `content`, `cls`, `id`, a `title` (the action's notation unless given); any other
 * option is one more attribute or handler (an `onclick` replaces the sending).
 */
export function actionButton(action, content, { id, cls, title, ...attrs } = {}, ctx) {
  return el(
    "button",
    { type: "button", class: cls || null, id, title: title || action.text, "data-action": action.text, onclick: () => ctx.act(action), ...attrs },
    [content].flat(Infinity),
  );
}

/** A list of choices (usually action buttons) in the panel: div.choice-list, with `id` and the
 * classes `cls` besides. */
export function choiceList({ id, cls } = {}, ...items) {
  return el("div", { class: cls ? `choice-list ${cls}` : "choice-list", id }, ...items);
}

/** The touch screen's second step: a big button that sends `action`, and Cancel. `reset`
 * forgets the choice in progress (before the action is sent, or on Cancel). */
export function confirmBox(action, text, { id, reset = () => {} }, ctx) {
  return el(
    "div",
    { class: "confirm" },
    actionButton(action, text, {
      id,
      cls: "primary big",
      onclick: () => {
        reset();
        ctx.act(action);
      },
    }, ctx),
    el("button", { type: "button", text: "Cancel", onclick: () => { reset(); ctx.rerender(); } }),
  );
}

/** A board element that a click or the keyboard (Tab, then Enter) turns into an action. */
export function markTarget(node, label, actionText = null) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  if (actionText) node.dataset.action = actionText;
}

/**
 * Clicks on `node` land on the nearest element matching `selector`, Enter and Space on the
 * focused one matching `keySelector` (the same unless given): `handler(element, {keyboard})`.
 */
export function onActivate(node, selector, handler, keySelector = selector) {
  node.addEventListener("click", (event) => {
    const target = event.target.closest && event.target.closest(selector);
    if (target) handler(target, { keyboard: false });
  });
  node.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const target = event.target.closest && event.target.closest(keySelector);
    if (!target) return;
    event.preventDefault();
    handler(target, { keyboard: true });
  });
}

/** Toggle class `cls` on every element matching `selector` (a log line points at the board). */
export function toggleAll(selector, cls, on) {
  for (const node of document.querySelectorAll(selector)) node.classList.toggle(cls, on);
}

// ------------------------------------------------------------------ the board frame

/**
 * The board in a scrolling frame with the Zoom board / Fit board button (ctx.ui.zoom), the
 * frame keeping its scroll position from the previous drawing in `area`. Call `restore()`
 * once the frame is in the page.
 */
export function zoomableBoard(area, content, ctx, { scrollClass = "", title } = {}) {
  const ui = ctx.ui;
  const zoom = el("button", {
    type: "button",
    class: "zoom-toggle",
    "aria-pressed": ui.zoom ? "true" : "false",
    title,
    text: ui.zoom ? "Fit board" : "Zoom board",
    onclick: () => {
      ui.zoom = !ui.zoom;
      ctx.rerender();
    },
  });
  const cls = `board-scroll${scrollClass ? ` ${scrollClass}` : ""}`;
  const scroller = el("div", { class: ui.zoom ? `${cls} zoomed` : cls }, content);
  const keep = area.querySelector(scrollClass ? `.${scrollClass}` : ".board-scroll");
  const scroll = keep ? [keep.scrollLeft, keep.scrollTop] : [0, 0];
  return {
    scroller,
    zoom,
    restore() {
      scroller.scrollLeft = scroll[0];
      scroller.scrollTop = scroll[1];
    },
  };
}

/** The folded legend under a board: [swatch class, label, swatch content?] per line. */
export function legend(items) {
  return el(
    "details",
    { class: "legend" },
    el("summary", { text: "Legend" }),
    el("ul", {}, items.map(([cls, label, content]) => el("li", {}, el("span", { class: `legend-swatch ${cls}` }, content), label))),
  );
}

/** What the board area shows before the first view with a board. */
function waitingForStart(areas) {
  areas.board.replaceChildren(el("p", { text: "Waiting for the game to start…" }));
  areas.panel.replaceChildren();
}

/**
 * The opening of a module's render: the game's class on <body> (`bodyClass`), and the view
 * if it holds the part `needs` (its board), else null with the waiting note drawn.
 */
export function viewToDraw(areas, payload, needs, bodyClass = null) {
  if (bodyClass) document.body.classList.add(bodyClass);
  const view = payload.view;
  if (!view || !view[needs]) {
    waitingForStart(areas);
    return null;
  }
  return view;
}

/** Is the decision the viewer's (and, if given, `current`, the view's seat to decide, the
 * viewer)? */
export function myDecision(ctx, current = ctx.viewer) {
  return ctx.viewer !== null && ctx.yourTurn && current === ctx.viewer;
}

/** The legal actions this screen may offer: the viewer's, on the viewer's decision. */
export function offeredActions(payload, ctx, current = ctx.viewer) {
  return myDecision(ctx, current) ? payload.legal_actions || [] : [];
}

/** Forget the choices in progress (the `keys` of ctx.ui) when the decision changed. */
export function newDecision(ui, version, keys) {
  if (ui.decision === version) return;
  for (const k of keys) ui[k] = null;
  ui.decision = version;
}

// ------------------------------------------------------------------ the side panel

/** ▶ for the seat to decide, ★ for a winner at the end. */
export function turnMark(current, winner) {
  return current ? "▶" : winner ? "★" : "";
}

/** The players' panel: its table (#players) of a mark, the player and the columns of `head`,
 * then the nodes `after`. */
export function playersSection(head, rows, ...after) {
  return el("section", { class: "panel players" }, dataTable({ class: "players-table", id: "players" }, [null, "Player", ...head], rows), after);
}

/** A seat in the players' panel, from the view's envelope (docs/views.md): to decide now
 * (`current`), among the `winners` at the end (`over`), the viewer's own (`mine`). */
export function seatState(seat, ctx, { over, current, winners }) {
  return { current: !over && current === seat, winner: Boolean(over) && (winners || []).includes(seat), mine: seat === ctx.viewer };
}

/**
 * A table with one head row: each cell a text, [text, attributes], or null (empty), and the
 * body rows (or a tbody's children) as given.
 */
export function dataTable(attrs, head, rows) {
  const th = (cell) => (cell === null ? el("th", {}) : Array.isArray(cell) ? el("th", { ...cell[1], text: cell[0] }) : el("th", { text: cell }));
  return el("table", attrs, el("thead", {}, el("tr", {}, head.map(th))), el("tbody", {}, rows));
}
