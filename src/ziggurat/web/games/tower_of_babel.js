// Tower of Babel in the browser: draws payload.view (see games/tower_of_babel/views.py) as the
// eight wonders with their discs and pieces, the scoring tables, the build in progress and the
// viewer's hand, and offers payload.legal_actions as clicks. No rule is re-implemented here:
// every button sends the text of one legal action, and a combination of cards or offers that
// is not among the legal actions is refused before it is sent. The rule facts come from the
// server: the words of each phase (view.task), the rule numbers (view.rules), the action
// cards' names and texts (view.action_cards_info), an offer's caps and the words of each
// refusal (view.build.offer_caps), what each acceptance does and why another selection of
// offers cannot be completed (view.build.accept_outcomes / accept_refusals, in the active
// player's view), and what a rejected offer scores (each revealed offer's
// points_if_rejected / points_with_triple). The buttons and the grouping of the actions are
// the kit's (kit.js).

import { el } from "../common.js";
import { actionButton, confirmBox, groupBy, myDecision, offeredActions, sortActions, touchAsks } from "../kit.js";
import { count, dataTable, playersSection, plural, seatState, turnMark, viewToDraw } from "../kit.js";

export const title = "Tower of Babel";
// A tap on the board asks first itself (a first tap shows the move, a second makes it),
// when the player wants taps to ask (kit.js touchAsks): the table adds no question of its own.
export const confirmsTaps = true;
/** What the hot-seat curtain hides until the next player clicks (table.js). */
export const secretNoun = "hand";

const TYPES = ["camel", "crane", "boat", "stonemason"];
const TYPE_NAME = { camel: "camel", crane: "crane", boat: "boat", stonemason: "stonemason" };

/** A rule number of the data file (view.rules: draws, points per card, trade maximum...). */
function rule(view, name) {
  return view.rules[name];
}

/** [name, text] of an action card (view.action_cards_info, from the data file). */
function actionCard(view, kind) {
  const info = view.action_cards_info[kind];
  return [info.name, info.text];
}

// Small pictures of the four building types (static markup, no data in it).
const ICONS = {
  camel:
    '<path d="M2.4 13.6c.3-1.6 1.3-2.6 2.6-2.8.9-2.9 2.6-4.6 4.6-4.6 1.9 0 3.1 1.4 3.7 3.4l.6 1.2h1.3l1.6-5.2c.3-.9 1-1.4 1.9-1.4h1.1c.6 0 1 .3 1.2.8l.5 1.3-2 .5-1.5 6.1c-.3 1.4-1.3 2.3-2.5 2.6V21h-1.8v-5.7H8.6V21H6.8v-5.9c-.9-.4-1.5-1.1-1.8-2l-.6 1.4V21H2.6z"/>',
  crane:
    '<path d="M5.2 4.2h2.2V19.6H5.2zM2.2 19.4h8.2v2.2H2.2zM2.4 3.2h19v2H2.4zM5.2 3.4 6.3 1l1.1 2.4zM17.2 5h.9v6.7h-.9zM16 11.6h3.3v2.6H16zM7.4 5.4l4.5 4.1-.8.9-3.7-3.4z"/>',
  boat:
    '<path d="M1.8 15.2h20.4l-3.3 5.4H5.1zM11.2 2.6h1.5v12.1h-1.5zM13.3 3.4 20.4 13.9h-7.1zM10.6 6.2 4.6 13.9h6z"/>',
  stonemason:
    '<path d="M2.5 15.2h6v2.6h-6zM9.3 15.2h6.4v2.6H9.3zM2.5 18.6h3.4v2.6H2.5zM6.7 18.6h9v2.6h-9zM16.5 18.6h5v2.6h-5z"/><path d="m12.3 4.6 4.1-2.9 3.6 5.1-4.1 2.9zM15.1 9.4l1.6-1.1 4.7 6.6-1.6 1.1z"/>',
};

function cardsWords(cards) {
  const parts = TYPES.filter((t) => cards && cards[t]).map((t) => `${cards[t]} ${plural(TYPE_NAME[t], cards[t])}`);
  if (!parts.length) return "no cards";
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

function total(cards) {
  return TYPES.reduce((n, t) => n + ((cards && cards[t]) || 0), 0);
}

function countsOf(cards) {
  return TYPES.map((t) => (cards && cards[t]) || 0);
}

function sameCounts(a, b) {
  const x = countsOf(a);
  const y = countsOf(b);
  return x.every((v, i) => v === y[i]);
}

function icon(type) {
  const span = el("span", { class: `ticon ticon-${type}`, "aria-hidden": "true" });
  span.innerHTML = `<svg viewBox="0 0 24 24" focusable="false">${ICONS[type]}</svg>`;
  return span;
}

/** A type with its picture and a number: "🐪 3"; its tooltip `title`, else "3 camels" (or
 * `what` before it: "discard pile: 3 camels"). */
function typeChip(type, n, { name = false, cls = "", title = null, what = null } = {}) {
  const words = `${n ?? ""} ${plural(TYPE_NAME[type], n ?? 2)}`.trim();
  return el(
    "span",
    { class: `tchip t-${type} ${cls}`.trim(), "data-type": type, title: title || (what ? `${what}: ${words}` : words) },
    icon(type),
    n === null || n === undefined ? null : el("b", { text: n }),
    name ? el("span", { class: "tname", text: plural(TYPE_NAME[type], n ?? 2) }) : null,
  );
}

function cardsChips(cards, opts = {}) {
  const types = TYPES.filter((t) => cards && cards[t]);
  if (!types.length) return [el("span", { class: "muted", title: opts.what ? `${opts.what}: ${opts.empty || "no cards"}` : null, text: opts.empty || "no cards" })];
  return types.map((t) => typeChip(t, cards[t], opts));
}

/** "disc 5 boats" / "disc 2 camels and 3 stonemasons (two-type disc)". */
function discWords(disc) {
  return `disc ${cardsWords(disc.need)}${disc.two_type ? " (two-type disc)" : ""}`;
}

/** A building disc: its type(s) and number(s) on a coloured round tile; its tooltip `title`,
 * else the disc's words. */
function discTile(disc, { small = false, title = null } = {}) {
  const types = TYPES.filter((t) => disc.need[t]);
  const parts = types.map((t) => el("span", { class: `dpart t-${t}` }, icon(t), el("b", { text: disc.need[t] })));
  const style = types.length === 2 ? { "--c1": `var(--t-${types[0]})`, "--c2": `var(--t-${types[1]})` } : null;
  return el(
    "span",
    {
      class: `bdisc${types.length === 2 ? " two" : ` t-${types[0]}`}${small ? " small" : ""}`,
      style,
      title: title || discWords(disc),
      "data-disc": disc.text,
    },
    parts,
  );
}

/** "a card" for 1, else "2 cards". */
function aCount(n, word) {
  return n === 1 ? `a ${word}` : count(n, word);
}

function pts(n) {
  return `${n} ${plural("point", n)}`;
}

// ------------------------------------------------------------------ actions by kind

function movesOf(legal) {
  return sortActions(legal, {
    pass: "one",
    build: { key: "space" },
    offer: "list",
    accept: "list",
    "give-up": "one",
    triple: "one",
    "no-triple": "one",
    double: "one",
    "no-double": "one",
    "draw-three": "one",
    trade: "list",
  });
}

// ------------------------------------------------------------------ status line and log

/** The status line's words: "offers for 5 boats on the Pyramids of Giza". */
export function describeTurn(payload) {
  const v = payload.view;
  if (!v || v.over) return null;
  let text = v.task;
  const b = v.build;
  if (b && (v.phase === "offer" || v.phase === "accept")) {
    const w = v.wonders.find((x) => x.id === b.wonder);
    text += ` · ${cardsWords(b.disc.need)} on ${w ? w.name : b.wonder}`;
    if (v.phase === "offer") {
      const made = b.offers.filter((o) => o.made).length;
      text += ` (${made} of ${b.offers.length} offers in)`;
    }
  }
  if (v.second_turn) text += " · second turn";
  return text;
}

/** table.js calls this when the pointer is on a log line: a build points at its disc. */
/** The board's elements a logged move touched (the disc built), for the marks of the
 * others' moves since your last turn (table.js). */
export function logEntryTargets(entry) {
  return entry.space === undefined || entry.space === null ? [] : [`#wonders .space[data-space="${entry.space}"]`];
}

export function pointAtLogEntry(entry, on) {
  if (!entry || entry.space === undefined || entry.space === null) return;
  const node = document.querySelector(`#wonders .space[data-space="${entry.space}"]`);
  if (node) node.classList.toggle("pointed", on);
}

// ------------------------------------------------------------------ tooltips
// Native tooltips (a title) on the wonders, their spaces and discs, the pieces, the scoring
// tables' rows, the piles, the cards, the offers and the players' discs. Their words are the
// view's (a disc's numbers, the rows, the action cards' texts, what an offer holds as far as
// this viewer may know it) and the server's own sentences of the logged events (who built
// which disc where, which wonder was scored on which row: payload.log). A face-down offer is
// worded from what the view holds for this viewer, never more.

/** What the log says happened on the board: the last build (or unfulfilled disc) of each
 * space, the completion of each wonder and the wonder scored on each row, each as
 * {number: the move, ev: the event (its `text` in the table's names)}. */
function boardHistory(payload) {
  const spaces = new Map();
  const wonders = new Map();
  const rows = new Map();
  for (const entry of payload.log || []) {
    for (const ev of entry.events || []) {
      const item = { number: entry.number, ev };
      if ((ev.type === "disc_built" || ev.type === "disc_unfulfilled") && ev.space !== undefined) spaces.set(ev.space, item);
      else if (ev.type === "wonder_completed") {
        wonders.set(ev.wonder, item);
        rows.set(ev.row, item);
      }
    }
  }
  return { spaces, wonders, rows };
}

/** The seat that owns the disc `id` now (view.players[].discs), or null. */
function discOwner(view, id) {
  const p = view.players.find((x) => x.discs.some((d) => d.id === id));
  return p ? p.seat : null;
}

/** "Ann 3, Bob 1" for a wonder's pieces (value per seat), the most first. */
function piecesWords(pieces, ctx) {
  const placed = pieces.map((v, seat) => ({ seat, v })).filter((p) => p.v > 0).sort((a, b) => b.v - a.v || a.seat - b.seat);
  return placed.length ? placed.map((p) => `${ctx.seatName(p.seat)} ${p.v}`).join(", ") : "none";
}

/** A wonder's tooltip: its name, the discs built, the pieces, its completion as logged. */
function wonderTip(w, ctx, history) {
  const built = w.spaces.filter((d) => !d).length;
  const parts = [`${w.name}: ${built} of ${w.spaces.length} discs built`, `pieces: ${piecesWords(w.pieces, ctx)}`];
  const done = history.wonders.get(w.id);
  if (done) parts.push(`move ${done.number}: ${done.ev.text}`);
  else if (w.completed) parts.push("completed and scored");
  return parts.join(" · ");
}

/** A taken space's words: the build that took its disc (the log's sentence) and who owns
 * the disc now (the view). */
function takenSpaceWords(view, ctx, history, space) {
  const done = history.spaces.get(space);
  if (!done || done.ev.type !== "disc_built") return "built";
  const owner = discOwner(view, done.ev.disc.id);
  const whose = owner === null ? "" : ` · ${ctx.seatName(owner)} owns the ${discWords(done.ev.disc)}`;
  return `built at move ${done.number}: ${done.ev.text}${whose}`;
}

/** An offer's tooltip, as much as this viewer's view holds of it. */
function offerTip(build, o, view, ctx) {
  const name = o.seat === ctx.viewer ? "Your offer" : `${ctx.seatName(o.seat)}'s offer`;
  if (build.revealed) {
    if (!o.cards_count) return `${ctx.seatName(o.seat)} made no offer`;
    const parts = [`${name}: ${cardsWords(o.cards)}${o.exchange ? " + the exchange card" : ""}`, `matching the disc: ${cardsWords(o.matching)}`];
    if (o.accepted) parts.push("accepted");
    else if (o.triple) parts.push(`triple bonus: ${pts(o.points_with_triple)}`);
    else if (total(o.matching)) parts.push(`${pts(o.points_if_rejected)} if rejected (${pts(o.points_with_triple)} with the triple bonus)`);
    return parts.join(" · ");
  }
  if (!o.made) return `${name}: not made yet${view.current === o.seat ? " (deciding now)" : ""}`;
  if (o.cards) return `${name}, face down: ${cardsWords(o.cards)}${o.exchange ? " + the exchange card" : ""} (only you see it until the last offer is in)`;
  const count = o.cards_count;
  if (count === null || count === undefined) return `${name}: made, face down (what and how many stay hidden until the last offer is in)`;
  return count ? `${name}: ${count} ${plural("card", count)} face down (which stay hidden until the last offer is in)` : `${name}: no offer`;
}

// ------------------------------------------------------------------ the board

function piecesBlock(wonder, ctx) {
  const values = wonder.pieces.map((v, seat) => ({ seat, v })).filter((p) => p.v > 0);
  const none = wonder.completed ? "scored, pieces back home" : "no pieces yet";
  if (!values.length) return el("div", { class: "pieces empty", title: `${wonder.name}: ${none}` }, el("span", { class: "muted", text: none }));
  const sorted = [...values].sort((a, b) => b.v - a.v || a.seat - b.seat);
  const top = sorted[0].v;
  const tiedTop = sorted.filter((p) => p.v === top).length > 1;
  return el(
    "div",
    { class: "pieces", title: `pieces on ${wonder.name}: ${piecesWords(wonder.pieces, ctx)}` },
    el(
      "div",
      { class: "pbar", "aria-hidden": "true" },
      values.map((p) => el("span", { style: { "flex-grow": String(p.v), background: ctx.seatColor(p.seat) } })),
    ),
    el(
      "ul",
      { class: "plist" },
      sorted.map((p) =>
        el(
          "li",
          {
            class: `pv${p.v === top && !tiedTop ? " lead" : ""}`,
            "data-seat": p.seat,
            style: { "--seat": ctx.seatColor(p.seat), "--seat-text": ctx.seatTextColor(p.seat) },
            title: `${ctx.seatName(p.seat)}: pieces of value ${p.v} on ${wonder.name}${p.v === top ? (tiedTop ? " (tied for most)" : " (most)") : ""}`,
          },
          String(p.v),
        ),
      ),
    ),
  );
}

function drawWonders(payload, ctx, moves) {
  const view = payload.view;
  const ui = ctx.ui;
  const per = view.wonders[0] ? view.wonders[0].spaces.length : 3;
  const hand = view.hand ? view.hand.cards : null;
  const building = currentBuild(view);
  const coarse = touchAsks();
  const history = boardHistory(payload);
  if (ui.pendingBuild !== undefined && !moves.build.has(ui.pendingBuild)) ui.pendingBuild = undefined;
  const cards = view.wonders.map((w, wi) => {
    const spaces = w.spaces.map((disc, k) => {
      const space = wi * per + k;
      const action = moves.build.get(space);
      const inProgress = building && building.space === space;
      const classes = ["space"];
      if (!disc) classes.push("taken");
      if (action) classes.push("target");
      if (inProgress) classes.push("building");
      if (ui.pendingBuild === space) classes.push("pending");
      let canAlone = false;
      let holdText = "";
      if (disc && hand) {
        const types = TYPES.filter((t) => disc.need[t]);
        canAlone = types.every((t) => hand[t] >= disc.need[t]);
        holdText = ` · you hold ${types.map((t) => `${hand[t]} ${plural(TYPE_NAME[t], hand[t])}`).join(" and ")}`;
        if (canAlone && action) classes.push("can-alone");
      }
      let label;
      if (disc) {
        const tried = history.spaces.get(space);
        const before = tried && tried.ev.type === "disc_unfulfilled" ? ` · move ${tried.number}: ${tried.ev.text}` : "";
        label = `${w.name}, space ${k + 1}: ${discWords(disc)}${holdText}${before}${inProgress ? " · being built now" : ""}${action ? ` · click to build it: ${action.text}` : ""}`;
      } else {
        label = `${w.name}, space ${k + 1}: ${takenSpaceWords(view, ctx, history, space)}`;
      }
      const inner = disc ? discTile(disc, { title: label }) : el("span", { class: "bdisc empty", text: "" });
      const attrs = {
        class: classes.join(" "),
        "data-space": space,
        "data-slot": k + 1,
        title: label,
        "aria-label": label,
      };
      if (disc) {
        attrs["data-need"] = total(disc.need);
        if (hand) attrs["data-have"] = TYPES.filter((t) => disc.need[t]).reduce((n, t) => n + Math.min(hand[t], disc.need[t]), 0);
      }
      const tag = !inProgress ? null : building.resolved ? (building.built ? "built" : "unfulfilled") : "building";
      if (!action) return el("div", attrs, inner, tag ? el("span", { class: "build-tag", text: tag }) : null);
      attrs.type = "button";
      attrs["data-action"] = action.text;
      attrs.onclick = () => {
        // On a touch screen the first tap chooses the disc and shows a Build button.
        if (coarse && ui.pendingBuild !== space) {
          ui.pendingBuild = space;
          ctx.rerender();
          return;
        }
        ui.pendingBuild = undefined;
        ctx.act(action);
      };
      return el("button", attrs, inner, canAlone ? el("span", { class: "can-tag", title: "you hold enough cards for it", text: "✓" }) : null);
    });
    const classes = ["wonder"];
    if (w.completed) classes.push("completed");
    if (building && building.wonder === w.id) classes.push("building");
    const wtip = wonderTip(w, ctx, history);
    return el(
      "article",
      { class: classes.join(" "), "data-wonder": w.id, title: wtip },
      el("header", {}, el("span", { class: "wname", text: w.name }), w.completed ? el("span", { class: "done-badge", title: wtip, text: "✓ completed" }) : null),
      el("div", { class: "spaces" }, spaces),
      piecesBlock(w, ctx),
    );
  });
  const box = el("div", { class: moves.build.size ? "wonders choosing" : "wonders", id: "wonders" }, cards);
  return box;
}

function wonderTable(payload) {
  const view = payload.view;
  const history = boardHistory(payload);
  const others = `every other builder ${view.participation_points}`;
  const rows = view.rows.map((r, i) => {
    const used = i < view.marker;
    const next = i === view.marker && view.phase !== "over";
    const done = history.rows.get(i);
    const state = done ? `move ${done.number}: ${done.ev.text}` : used ? "scored" : next ? "next completion" : "";
    return el(
      "tr",
      {
        class: `${used ? "used" : ""}${next ? " next" : ""}`,
        "data-row": i + 1,
        title: [`Wonder scoring, row ${i + 1}: most ${r[0]}, second ${r[1]}, ${others}`, state].filter(Boolean).join(" · "),
      },
      el("td", { class: "marker-cell", text: next ? "◆" : "" }),
      el("td", { text: `${i + 1}.` }),
      el("td", { class: "num", text: r[0] }),
      el("td", { class: "num", text: r[1] }),
      el("td", { class: "small muted", text: used ? "scored" : next ? "next completion" : "" }),
    );
  });
  const finalUsed = view.over;
  rows.push(
    el(
      "tr",
      {
        class: `final-row${finalUsed ? " next" : ""}`,
        "data-row": "final",
        title: `Wonder scoring, final row (incomplete wonders at the end): most ${view.final_row[0]}, second ${view.final_row[1]}, ${others}`,
      },
      el("td", { class: "marker-cell", text: finalUsed ? "◆" : "" }),
      el("td", { text: "final" }),
      el("td", { class: "num", text: view.final_row[0] }),
      el("td", { class: "num", text: view.final_row[1] }),
      el("td", { class: "small muted", text: "incomplete wonders at the end" }),
    ),
  );
  return el(
    "section",
    { class: "tob-box", id: "wonder-table" },
    el("h3", {}, "Wonder scoring ", el("span", { class: "muted small", text: `most / second; every other builder ${view.participation_points}` })),
    dataTable({ class: "score-table" }, [null, "row", ["most", { class: "num" }], ["2nd", { class: "num" }], null], rows),
  );
}

function bonusTable(view) {
  const entries = view.set_bonus.map((v, n) => ({ n, v })).filter((e) => e.n > 0);
  const tip = (e) => `Disc sets: ${e.n} ${plural("disc", e.n)} of one type at the end: ${pts(e.v)}`;
  return el(
    "section",
    { class: "tob-box", id: "set-bonus" },
    el("h3", {}, "Disc sets ", el("span", { class: "muted small", text: "per type, at the end" })),
    el(
      "table",
      { class: "score-table bonus" },
      el(
        "tbody",
        {},
        el("tr", { "data-row": "discs" }, el("th", { text: "discs", title: "discs of one type a player owns" }), entries.map((e) => el("td", { class: "num", "data-discs": e.n, title: tip(e), text: e.n }))),
        el("tr", { "data-row": "points" }, el("th", { text: "points", title: "what those discs score at the end" }), entries.map((e) => el("td", { class: "num", "data-discs": e.n, title: tip(e), text: e.v }))),
      ),
    ),
  );
}

function pilesBox(view) {
  const used = Object.entries(view.action_discard || {}).filter(([, n]) => n > 0);
  return el(
    "section",
    { class: "tob-box", id: "piles" },
    el("h3", { text: "Piles" }),
    el("p", { class: "pile-line", id: "draw-pile", title: `draw pile: ${view.draw_pile} building ${plural("card", view.draw_pile)}, face down` }, el("b", { text: view.draw_pile }), ` building ${plural("card", view.draw_pile)} to draw`),
    el("p", { class: "pile-line", id: "discard-pile", title: `discard pile, face up: ${cardsWords(view.discard)}` }, "Discards: ", cardsChips(view.discard, { empty: "none", what: "discard pile" })),
    view.action_cards_in_game
      ? el(
          "p",
          { class: "pile-line", id: "action-pile", title: `action card pile: ${view.action_pile} ${plural("card", view.action_pile)}, face down` },
          el("b", { text: view.action_pile }),
          ` action ${plural("card", view.action_pile)} left`,
          used.length ? " · played: " : "",
          used.map(([k, n], i) => {
            const [name, text] = actionCard(view, k);
            return [i ? ", " : "", el("span", { class: "played-action", "data-card": k, title: `${name}, played${n > 1 ? ` ×${n}` : ""}: ${text}`, text: `${name}${n > 1 ? ` ×${n}` : ""}` })];
          }),
        )
      : el("p", { class: "pile-line muted", text: "Played without action cards." }),
  );
}

function drawBoard(area, payload, ctx, moves) {
  const view = payload.view;
  area.replaceChildren(
    el(
      "div",
      { class: "tob-board" },
      drawWonders(payload, ctx, moves),
      el("div", { class: "tob-tables" }, wonderTable(payload), bonusTable(view), pilesBox(view)),
    ),
  );
}

// ------------------------------------------------------------------ your decision

function wonderName(view, id) {
  const w = view.wonders.find((x) => x.id === id);
  return w ? w.name : id;
}

/** "5 boats on the Pyramids of Giza (space 1)" for a build action. */
function confirmWords(view, action) {
  const per = view.wonders[0].spaces.length;
  const w = view.wonders[Math.floor(action.space / per)];
  const disc = w && w.spaces[action.space % per];
  return `${disc ? `${cardsWords(disc.need)} on ` : ""}${w ? w.name : action.wonder} (space ${(action.space % per) + 1})`;
}

function chooseControls(payload, ctx, moves) {
  const view = payload.view;
  const ui = ctx.ui;
  const parts = [el("h3", { text: view.second_turn ? "Your second turn" : "Your turn: build or pass" })];
  parts.push(
    el(
      "p",
      { class: "hint", id: "choose-hint" },
      moves.build.size
        ? `${touchAsks() ? "Tap a disc on a wonder, then Build" : "Click a disc on a wonder to build it"} (✓: you hold enough cards yourself). The others then make face-down offers.`
        : "No disc can be built now.",
    ),
  );
  if (ui.pendingBuild !== undefined && moves.build.has(ui.pendingBuild)) {
    const action = moves.build.get(ui.pendingBuild);
    parts.push(confirmBox(action, `Build ${confirmWords(view, action)}`, { id: "confirm-build", reset: () => { ui.pendingBuild = undefined; } }, ctx));
  }
  if (moves.pass) {
    const draws = `you draw ${count(rule(view, "pass_extra_draw"), "card")} now, and everyone draws ${rule(view, "end_of_turn_draw")} at the end of the turn`;
    parts.push(actionButton(moves.pass, `Pass: draw ${aCount(rule(view, "pass_extra_draw"), "card")}`, { id: "pass-button", cls: "big", title: draws }, ctx));
  }
  return parts;
}

function offerRows(view, offer, hand, maxByType) {
  return TYPES.map((t) => {
    const have = hand.cards[t] || 0;
    const n = offer.counts[t];
    const needed = Boolean(view.build.disc.need[t]);
    const words = `${plural(TYPE_NAME[t], 2)}: ${have} in your hand, ${n} in this offer`;
    return el(
      "div",
      {
        class: `pick-row${needed ? " needed" : " bluff"}`,
        "data-type": t,
        title: needed ? `${words} · at most ${maxByType[t]}` : `${words} · not asked for: ${view.build.offer_caps.bluff}`,
      },
      typeChip(t, null),
      el("span", { class: "pick-name" }, plural(TYPE_NAME[t], 2), el("small", { class: "muted", text: ` in hand ${have}${needed ? ` · at most ${maxByType[t]}` : " · not asked for"}` })),
      el("button", {
        type: "button",
        class: "step minus",
        "aria-label": `one ${TYPE_NAME[t]} less`,
        disabled: n <= 0,
        text: "−",
        onclick: () => offer.set(t, n - 1),
      }),
      el("output", { class: "pick-count", "data-type": t, text: n }),
      el("button", {
        type: "button",
        class: "step plus",
        "aria-label": `one ${TYPE_NAME[t]} more`,
        disabled: n >= have,
        text: "+",
        onclick: () => offer.set(t, n + 1),
      }),
    );
  });
}

/**
 * Why the offer (counts, exchange) is not among the legal offers: the server's words for the
 * cap it breaks (view.build.offer_caps: {cards: in all, per_type: {type: of a type the disc
 * shows}, matching: of the disc's types together, refusals: the words of each}).
 */
function offerRefusal(caps, counts, exchange) {
  const words = caps.refusals;
  const n = TYPES.reduce((s, t) => s + counts[t], 0);
  if (exchange && n === 0) return words.exchange_alone;
  if (n > caps.cards) return words.cards;
  for (const t of TYPES) {
    if (t in caps.per_type && counts[t] > caps.per_type[t]) return words.per_type[t];
  }
  if (TYPES.filter((t) => t in caps.per_type).reduce((s, t) => s + counts[t], 0) > caps.matching) return words.matching;
  return words.other;
}

function offerControls(payload, ctx, moves) {
  const view = payload.view;
  const ui = ctx.ui;
  const build = view.build;
  const hand = view.hand;
  const key = `offer/${view.turn}/${build.space}/${ctx.viewer}`;
  if (!ui.offer || ui.offer.key !== key) ui.offer = { key, counts: { camel: 0, crane: 0, boat: 0, stonemason: 0 }, exchange: false };
  const state = ui.offer;
  const offer = {
    counts: state.counts,
    set(t, n) {
      state.counts[t] = Math.max(0, Math.min(n, hand.cards[t] || 0));
      ctx.rerender();
    },
  };
  const legal = moves.offer;
  // The caps (shown only; what may be sent is decided by the legal actions alone).
  const caps = build.offer_caps;
  const maxTotal = caps.cards;
  const maxByType = {};
  for (const t of TYPES) maxByType[t] = t in caps.per_type ? Math.min(caps.per_type[t], caps.matching) : maxTotal;
  const nothing = legal.find((a) => total(a.cards) === 0 && !a.exchange);
  const n = total(state.counts);
  const chosen = legal.find((a) => sameCounts(a.cards, state.counts) && Boolean(a.exchange) === state.exchange && (n > 0 || state.exchange));
  const reason = n === 0 && !state.exchange ? "Pick cards with + (or make no offer)." : chosen ? null : offerRefusal(caps, state.counts, state.exchange);
  const active = build ? ctx.seatName(view.active) : "";
  const parts = [
    el("h3", {}, "Your offer to ", ctx.seatChip(view.active)),
    el(
      "p",
      { class: "offer-disc" },
      discTile(build.disc, { small: true }),
      ` ${active} builds ${cardsWords(build.disc.need)} on ${wonderName(view, build.wonder)}.`,
    ),
    el(
      "p",
      { class: "hint", id: "offer-caps" },
      `Caps: ${caps.hint}.`,
    ),
    el("div", { class: "picker", id: "offer-picker" }, offerRows(view, offer, hand, maxByType)),
  ];
  if (hand.exchange) {
    parts.push(
      el(
        "label",
        { class: "exchange-toggle" },
        el("input", {
          type: "checkbox",
          id: "offer-exchange",
          checked: state.exchange,
          onchange: (e) => {
            state.exchange = e.target.checked;
            ctx.rerender();
          },
        }),
        el("span", { class: "xcard", text: "⇄" }),
        " add my exchange card (if accepted, I get the disc and the builder places the pieces)",
      ),
    );
  }
  const summary = n || state.exchange ? `${cardsWords(state.counts)}${state.exchange ? " + exchange card" : ""} (${n + (state.exchange ? 1 : 0)} face down)` : "nothing yet";
  parts.push(el("p", { class: "offer-summary", id: "offer-summary" }, el("b", { text: "Offer: " }), summary));
  parts.push(
    el(
      "div",
      { class: "button-row" },
      el("button", {
        type: "button",
        class: "primary big",
        id: "offer-submit",
        disabled: !chosen,
        "data-action": chosen ? chosen.text : null,
        title: reason || `send: ${chosen.text}`,
        text: "Make this offer",
        onclick: () => chosen && ctx.act(chosen),
      }),
      nothing ? actionButton(nothing, "Offer nothing", { id: "offer-nothing" }, ctx) : null,
    ),
  );
  if (reason) parts.push(el("p", { class: `refusal${n || state.exchange ? " bad" : ""}`, id: "offer-reason", text: reason }));
  return parts;
}

function seatsKey(seats) {
  return [...seats].sort((a, b) => a - b).join(",");
}

/** Why the ticked offers (seats) can be accepted in no way: the server's words
 * (view.build.accept_refusals, one for each selection that is not among the legal actions). */
function acceptRefusal(view, seats) {
  const key = seatsKey(seats);
  const found = view.build.accept_refusals.find((r) => seatsKey(r.seats) === key);
  return found ? found.reason : null;
}

function jokerLabel(a) {
  if (!a.jokers) return "No joker";
  return `${a.jokers} ${plural("joker", a.jokers)} as ${cardsWords(a.joker_cards)}`;
}

function acceptControls(payload, ctx, moves) {
  const view = payload.view;
  const ui = ctx.ui;
  const build = view.build;
  const key = `accept/${view.turn}/${build.space}`;
  if (!ui.accept || ui.accept.key !== key) ui.accept = { key, seats: [], joker: null };
  const state = ui.accept;
  const legal = moves.accept;
  const selectable = new Set(legal.flatMap((a) => a.seats));
  const masks = groupBy(legal, (a) => seatsKey(a.seats));
  const ticked = seatsKey(state.seats);
  const options = masks.get(ticked) || [];
  let chosen = options.find((a) => a.text === state.joker) || options.find((a) => !a.jokers) || options[0] || null;
  const parts = [el("h3", {}, "Choose the offers for ", discTile(build.disc, { small: true }))];
  if (!legal.length) {
    const cards = moves.drawThree || moves.trade.length ? " (an action card below may bring the cards you miss)" : "";
    parts.push(el("p", { class: "refusal bad", id: "accept-none-possible", text: `No selection of offers can be completed with your cards${cards}: give up, and the disc stays unfulfilled; every offer scores its matching cards.` }));
  } else {
    parts.push(el("p", { class: "hint", text: "Tick the offers to accept (whole offers only), then confirm. You add the missing cards from your hand." }));
  }
  const rows = build.offers.map((o) => {
    const matching = total(o.matching);
    const can = selectable.has(o.seat);
    const returned = {};
    for (const t of TYPES) returned[t] = ((o.cards && o.cards[t]) || 0) - ((o.matching && o.matching[t]) || 0);
    const checked = state.seats.includes(o.seat);
    const why = !o.cards_count ? "made no offer" : !matching ? "no matching card: nothing to accept" : can ? "" : "in no selection you can complete";
    return el(
      "label",
      { class: `offer-row${can ? "" : " off"}${checked ? " ticked" : ""}`, "data-seat": o.seat, title: [offerTip(build, o, view, ctx), why].filter(Boolean).join(" · ") },
      el("input", {
        type: "checkbox",
        class: "accept-box",
        "data-seat": o.seat,
        checked,
        disabled: !can,
        onchange: (e) => {
          const set = new Set(state.seats);
          if (e.target.checked) set.add(o.seat);
          else set.delete(o.seat);
          state.seats = [...set].sort((a, b) => a - b);
          state.joker = null;
          ctx.rerender();
        },
      }),
      ctx.seatChip(o.seat),
      el(
        "span",
        { class: "offer-cards" },
        o.cards_count ? cardsChips(o.matching, { empty: "no matching card" }) : el("span", { class: "muted", text: "no offer" }),
        o.exchange ? el("span", { class: "xcard", title: "exchange card: accepted, this player gets the disc", text: "⇄ exchange" }) : null,
      ),
      why || total(returned)
        ? el("small", { class: "muted why", text: [total(returned) ? `bluff: ${cardsWords(returned)}, back to the hand` : "", why].filter(Boolean).join(" · ") })
        : null,
    );
  });
  parts.push(el("div", { class: "offer-list", id: "accept-offers" }, rows));
  if (masks.size) {
    parts.push(
      el(
        "div",
        { class: "legal-choices", id: "legal-choices" },
        el("span", { class: "muted small", text: "Possible: " }),
        [...masks.keys()].map((k) => {
          const seats = k ? k.split(",").map(Number) : [];
          return el("button", {
            type: "button",
            class: `legal-choice${k === ticked ? " current" : ""}`,
            "data-seats": k,
            text: seats.length ? seats.map((s) => ctx.seatName(s)).join(" + ") : "no offer",
            onclick: () => {
              state.seats = seats;
              state.joker = null;
              ctx.rerender();
            },
          });
        }),
      ),
    );
  }
  if (options.length > 1 || (options.length === 1 && options[0].jokers)) {
    parts.push(
      el(
        "fieldset",
        { class: "joker-choice", id: "joker-choice" },
        el("legend", { text: "Jokers" }),
        options.map((a) =>
          el(
            "label",
            {},
            el("input", {
              type: "radio",
              name: "joker",
              value: a.text,
              checked: chosen && a.text === chosen.text,
              onchange: () => {
                state.joker = a.text;
                ctx.rerender();
              },
            }),
            " ",
            jokerLabel(a),
          ),
        ),
      ),
    );
  }
  const reason = legal.length && !chosen ? acceptRefusal(view, state.seats) : null;
  // What the chosen acceptance does, as the server works it out (view.build.accept_outcomes).
  const outcome = chosen ? build.accept_outcomes.find((o) => o.text === chosen.text) : null;
  if (outcome) {
    const others = outcome.pieces.map((v, s) => ({ v, s })).filter((p) => p.v && p.s !== view.active);
    const lines = [
      `You add ${cardsWords(outcome.add)} from your hand${chosen.jokers ? ` and ${chosen.jokers} ${plural("joker", chosen.jokers)}` : ""}.`,
      `Pieces: you ${outcome.pieces[view.active]}${others.map((p) => `, ${ctx.seatName(p.s)} ${p.v}`).join("")}.`,
      outcome.receiver !== view.active ? `The disc goes to ${ctx.seatName(outcome.receiver)} (exchange card).` : "You take the disc.",
    ];
    parts.push(el("p", { class: "accept-summary", id: "accept-summary", text: lines.join(" ") }));
  }
  parts.push(
    el(
      "div",
      { class: "button-row" },
      legal.length
        ? el("button", {
            type: "button",
            class: "primary big",
            id: "accept-submit",
            disabled: !chosen,
            "data-action": chosen ? chosen.text : null,
            title: reason || (chosen ? `send: ${chosen.text}` : ""),
            text: state.seats.length ? "Accept and build" : "Build without offers",
            onclick: () => chosen && ctx.act(chosen),
          })
        : null,
      moves.giveUp ? actionButton(moves.giveUp, "Give up: leave the disc", { id: "give-up", title: "nothing is built; every offer scores its matching cards" }, ctx) : null,
    ),
  );
  if (reason) parts.push(el("p", { class: "refusal bad", id: "accept-reason", text: reason }));
  if (moves.giveUp && legal.length) parts.push(el("p", { class: "hint", text: "You may give up because no selection can be completed with building cards alone (only with a joker)." }));
  return parts;
}

function tripleControls(payload, ctx, moves) {
  const view = payload.view;
  const mine = view.build ? view.build.offers.find((o) => o.seat === ctx.viewer) : null;
  const m = mine ? total(mine.matching) : 0;
  const plain = mine ? mine.points_if_rejected : 0;
  const tripled = mine ? mine.points_with_triple : 0;
  return [
    el("h3", { text: "Triple bonus?" }),
    el("p", {}, `Your offer of ${m} matching ${plural("card", m)} was not accepted. It scores ${pts(plain)}, or ${pts(tripled)} with the triple bonus card.`),
    // Everyone who holds an action card is asked, so that the question shows nobody who holds this one.
    moves.triple ? null : el("p", { class: "hint", id: "triple-none", text: "You hold no triple bonus card. The others are asked this too whenever they hold an action card, so answering shows nothing." }),
    el(
      "div",
      { class: "button-row" },
      moves.triple ? actionButton(moves.triple, `Yes: play it (+${tripled})`, { id: "triple-yes", cls: "primary big" }, ctx) : null,
      moves.noTriple ? actionButton(moves.noTriple, moves.triple ? `No: keep it (+${plain})` : `Continue (+${plain})`, { id: "triple-no", cls: moves.triple ? "big" : "primary big" }, ctx) : null,
    ),
  ];
}

function doubleControls(payload, ctx, moves) {
  return [
    el("h3", { text: "Double turn?" }),
    moves.double
      ? el("p", {}, "Play your double turn card to take a second turn right now (pass or build). Everyone's end-of-turn card comes after it.")
      : el("p", { class: "hint", id: "double-none", text: "You hold no double turn card. Everyone holding an action card is asked at the end of each turn, so answering shows nothing." }),
    el(
      "div",
      { class: "button-row" },
      moves.double ? actionButton(moves.double, "Yes: second turn", { id: "double-yes", cls: "primary big" }, ctx) : null,
      moves.noDouble ? actionButton(moves.noDouble, moves.double ? "No: keep the card" : "Continue", { id: "double-no", cls: moves.double ? "big" : "primary big" }, ctx) : null,
    ),
  ];
}

function tradeControls(payload, ctx, moves) {
  const view = payload.view;
  const ui = ctx.ui;
  const hand = view.hand;
  const key = `trade/${payload.version}`;
  if (!ui.trade || ui.trade.key !== key) ui.trade = { key, open: ui.trade ? ui.trade.open : false, counts: { camel: 0, crane: 0, boat: 0, stonemason: 0 } };
  const state = ui.trade;
  const n = total(state.counts);
  const chosen = moves.trade.find((a) => sameCounts(a.cards, state.counts));
  const most = Math.max(0, ...moves.trade.map((a) => total(a.cards)));
  const reason = n === 0 ? "Pick the cards to discard." : chosen ? null : n > most ? `A card trade discards at most ${most} cards.` : "Not a trade you can make now.";
  const rows = TYPES.map((t) => {
    const have = hand.cards[t] || 0;
    const c = state.counts[t];
    return el(
      "div",
      { class: "pick-row", "data-type": t, title: `${plural(TYPE_NAME[t], 2)}: ${have} in your hand, ${c} to discard in this trade` },
      typeChip(t, null),
      el("span", { class: "pick-name" }, plural(TYPE_NAME[t], 2), el("small", { class: "muted", text: ` in hand ${have}` })),
      el("button", { type: "button", class: "step minus", disabled: c <= 0, text: "−", "aria-label": `discard one ${TYPE_NAME[t]} less`, onclick: () => { state.counts[t] = c - 1; ctx.rerender(); } }),
      el("output", { class: "pick-count", text: c }),
      el("button", { type: "button", class: "step plus", disabled: c >= have, text: "+", "aria-label": `discard one ${TYPE_NAME[t]} more`, onclick: () => { state.counts[t] = c + 1; ctx.rerender(); } }),
    );
  });
  const details = el(
    "details",
    { class: "trade-box", id: "trade-box", open: state.open },
    el("summary", { text: `Card trade: discard up to ${count(rule(view, "card_trade_max"), "card")}, draw as many` }),
    el("div", { class: "picker", id: "trade-picker" }, rows),
    el(
      "div",
      { class: "button-row" },
      el("button", {
        type: "button",
        class: "primary",
        id: "trade-submit",
        disabled: !chosen,
        "data-action": chosen ? chosen.text : null,
        text: n ? `Trade ${n} ${plural("card", n)}` : "Trade",
        onclick: () => chosen && ctx.act(chosen),
      }),
    ),
    reason ? el("p", { class: n ? "refusal bad" : "hint", id: "trade-reason", text: reason }) : null,
  );
  details.addEventListener("toggle", () => {
    state.open = details.open;
  });
  return details;
}

function freeActions(payload, ctx, moves) {
  if (!moves.drawThree && !moves.trade.length) return null;
  return el(
    "div",
    { class: "free-actions", id: "free-actions" },
    el("h4", { text: "Action cards you may play first" }),
    moves.drawThree ? actionButton(moves.drawThree, "Draw three cards", { id: "draw-three" }, ctx) : null,
    moves.trade.length ? tradeControls(payload, ctx, moves) : null,
  );
}

function controls(payload, ctx, moves) {
  const view = payload.view;
  if (!myDecision(ctx, view.current)) return null;
  let parts = [];
  if (view.phase === "choose") parts = chooseControls(payload, ctx, moves);
  else if (view.phase === "offer" && view.build) parts = offerControls(payload, ctx, moves);
  else if (view.phase === "accept" && view.build) parts = acceptControls(payload, ctx, moves);
  else if (view.phase === "triple") parts = tripleControls(payload, ctx, moves);
  else if (view.phase === "double") parts = doubleControls(payload, ctx, moves);
  for (const a of moves.other) parts.push(actionButton(a, a.text, { cls: "choice" }, ctx));
  const free = freeActions(payload, ctx, moves);
  return el("section", { class: `panel controls tob-controls phase-${view.phase}`, id: "controls", "data-phase": view.phase }, parts, free);
}

// ------------------------------------------------------------------ what everyone sees

/** The build in progress; none once the game is over (the view may still hold the last one). */
function currentBuild(view) {
  return view.over ? null : view.build;
}

function buildPanel(payload, ctx) {
  const view = payload.view;
  const b = currentBuild(view);
  if (!b) return null;
  const rows = b.offers.map((o) => {
    let what;
    const tip = offerTip(b, o, view, ctx);
    const who = o.seat === ctx.viewer ? "your offer" : `${ctx.seatName(o.seat)}'s offer`;
    if (b.revealed) {
      if (!o.cards_count) what = el("span", { class: "muted", text: "no offer" });
      else {
        what = el(
          "span",
          { class: "offer-cards" },
          cardsChips(o.matching, { empty: "no matching card", what: `${who}, matching the disc` }),
          o.exchange ? el("span", { class: "xcard", text: "⇄ exchange" }) : null,
        );
      }
    } else if (!o.made) {
      what = el("span", { class: "muted waiting", text: view.current === o.seat ? "deciding…" : "waiting" });
    } else if (o.cards) {
      // The author's own face-down offer: only this seat's payload holds its cards.
      what = el(
        "span",
        { class: "offer-cards mine" },
        "your offer: ",
        cardsChips(o.cards, { empty: "nothing", what: "your face-down offer" }),
        o.exchange ? el("span", { class: "xcard", text: "⇄ exchange" }) : null,
      );
    } else {
      // cards_count is null to a seat still to offer: offers are simultaneous, not even the size shows.
      const count = o.cards_count;
      what = el("span", { class: "facedown", text: count === null || count === undefined ? "offer made, face down" : count ? `offered, ${count} ${plural("card", count)} face down` : "no offer" });
    }
    const mark = b.revealed && o.accepted ? el("span", { class: "ok-tag", text: "accepted" }) : o.triple ? el("span", { class: "ok-tag", text: "triple bonus" }) : null;
    return el("li", { "data-seat": o.seat, class: o.made ? "made" : "", title: tip }, ctx.seatChip(o.seat, { you: o.seat === ctx.viewer }), " ", what, mark);
  });
  return el(
    "section",
    { class: "panel build-panel", id: "build" },
    el(
      "h3",
      {},
      ctx.seatChip(view.active, { you: view.active === ctx.viewer }),
      b.resolved ? (b.built ? " has built" : " could not build") : " builds",
      b.resolved ? el("span", { class: "muted small", text: " · rejected offers score next" }) : null,
    ),
    el(
      "p",
      { class: "build-disc", title: `${ctx.seatName(view.active)} ${b.resolved ? (b.built ? "has built" : "could not build") : "builds"} the ${discWords(b.disc)} on ${wonderName(view, b.wonder)}, space ${b.slot}` },
      discTile(b.disc, { small: true }),
      ` ${cardsWords(b.disc.need)} on ${wonderName(view, b.wonder)}, space ${b.slot}`,
    ),
    el("p", { class: "small muted", text: b.revealed ? "Offers revealed (bluffed cards went back):" : "Offers (face down until the last one is in):" }),
    el("ul", { class: "offer-status", id: "offer-status" }, rows),
  );
}

function lastBuildPanel(payload, ctx) {
  const view = payload.view;
  const last = view.last_build;
  if (!last || (currentBuild(view) && view.phase !== "choose")) return null;
  const headWords = `${ctx.seatName(last.active)} ${last.built ? "built" : "could not build"} the ${discWords(last.disc)} on ${wonderName(view, last.wonder)}, space ${last.slot}`;
  const head = [ctx.seatChip(last.active), last.built ? " built " : " could not build ", discTile(last.disc, { small: true, title: headWords }), ` on ${wonderName(view, last.wonder)}`];
  const lines = [];
  if (last.built) {
    if (last.receiver !== null && last.receiver !== last.active) lines.push(el("li", { title: `the ${discWords(last.disc)} went to ${ctx.seatName(last.receiver)} (exchange card)` }, "The disc went to ", ctx.seatChip(last.receiver), " (exchange card)."));
  } else {
    lines.push(el("li", { text: "Unfulfilled: nothing was built, the disc stays." }));
  }
  for (const o of last.offers) {
    const result = o.accepted
      ? "accepted"
      : o.points
        ? `+${o.points}${o.triple ? " (triple bonus)" : ""}`
        : TYPES.some((t) => last.disc.need[t] && o.cards[t])
          ? "rejected"
          : "nothing matching, 0";
    lines.push(
      el(
        "li",
        { "data-seat": o.seat, title: `${ctx.seatName(o.seat)} offered ${cardsWords(o.cards)}${o.exchange ? " + the exchange card" : ""}: ${result}` },
        ctx.seatChip(o.seat),
        " offered ",
        cardsWords(o.cards),
        o.exchange ? " + exchange card" : "",
        ": ",
        o.accepted
          ? el("b", { text: "accepted" })
          : o.points
            ? el("b", { class: "plus", text: `+${o.points}${o.triple ? " (triple bonus)" : ""}` })
            : TYPES.some((t) => last.disc.need[t] && o.cards[t])
              ? "rejected"
              : "nothing matching, 0",
      ),
    );
  }
  if (last.wonder_scored) {
    const ws = last.wonder_scored;
    const scored = ws.points.map((p, s) => ({ p, s })).filter((x) => x.p > 0).sort((a, b) => b.p - a.p);
    lines.push(
      el(
        "li",
        { class: "wonder-scored", title: `${wonderName(view, ws.wonder)} completed, scored on row ${ws.row + 1}: ${scored.map((x) => `${ctx.seatName(x.s)} +${x.p}`).join(", ")}` },
        el("b", { text: `${wonderName(view, ws.wonder)} completed` }),
        ` (row ${ws.row + 1}): `,
        scored.map((x, i) => [i ? ", " : "", ctx.seatChip(x.s), ` ${x.p}`]).flat(),
      ),
    );
  }
  return el("section", { class: "panel last-build", id: "last-build" }, el("h3", {}, "Last build"), el("p", { title: headWords }, head), el("ul", { class: "last-lines" }, lines));
}

function handPanel(payload, ctx) {
  const view = payload.view;
  const hand = view.hand;
  if (!hand || ctx.viewer === null) return null;
  const n = total(hand.cards);
  const perCompletion = rule(view, "action_cards_per_completion");
  const inOffer = view.build && !view.build.revealed ? view.build.offers.find((o) => o.seat === ctx.viewer && o.cards) : null;
  const cards = TYPES.map((t) =>
    el(
      "div",
      { class: `hcard t-${t}${hand.cards[t] ? "" : " none"}`, "data-type": t, title: `${TYPE_NAME[t]} building cards: ${hand.cards[t]} in your hand` },
      icon(t),
      el("b", { class: "hcount", text: hand.cards[t] }),
      el("span", { class: "hname", text: TYPE_NAME[t] }),
    ),
  );
  const exchange = el(
    "div",
    {
      class: `hcard xcard-card${hand.exchange ? "" : " none"}`,
      id: "exchange-card",
      title: `exchange card: put it in an offer to take the disc · ${hand.exchange ? "in your hand" : inOffer && inOffer.exchange ? "in your face-down offer" : "not in your hand"}`,
    },
    el("span", { class: "xicon", text: "⇄" }),
    el("b", { class: "hcount", text: hand.exchange ? "1" : "0" }),
    el("span", { class: "hname", text: hand.exchange ? "exchange" : inOffer && inOffer.exchange ? "in offer" : "exchange" }),
  );
  const held = Object.entries(hand.actions || {}).filter(([, c]) => c > 0);
  const actions = held.length
    ? el(
        "ul",
        { class: "action-cards", id: "action-cards" },
        held.map(([k, c]) =>
          el(
            "li",
            { "data-card": k, title: `action card ${actionCard(view, k)[0]}${c > 1 ? ` ×${c}` : ""} in your hand: ${actionCard(view, k)[1]}` },
            el("span", { class: "acard", text: actionCard(view, k)[0] }),
            c > 1 ? ` ×${c}` : "",
            el("small", { class: "muted", text: ` ${actionCard(view, k)[1]}` }),
          ),
        ),
      )
    : view.action_cards_in_game
      ? el("p", { class: "muted small", text: `No action cards (you get ${perCompletion === 1 ? "one" : perCompletion} for each wonder your build completes).` })
      : null;
  return el(
    "section",
    { class: "panel hand-panel", id: "hand", "data-seat": ctx.viewer },
    el("h3", {}, "Your hand ", el("span", { class: "muted", text: `${n} building ${plural("card", n)}` })),
    el("div", { class: "hand-cards" }, cards, exchange),
    inOffer ? el("p", { class: "small muted" }, "In your face-down offer: ", cardsWords(inOffer.cards), inOffer.exchange ? " + exchange card" : "") : null,
    actions,
  );
}

/** A player's discs: per type how many single-type discs (a chip), then each two-type disc;
 * each tooltip names the owner and the discs ("Ann's camel discs: 3 camels, 5 camels"). */
function discsSummary(discs, owner) {
  if (!discs.length) return el("span", { class: "muted", text: "–" });
  const single = {};
  const two = [];
  for (const d of discs) {
    const types = TYPES.filter((t) => d.need[t]);
    if (types.length === 1) (single[types[0]] = single[types[0]] || []).push(d);
    else two.push(d);
  }
  return el(
    "span",
    { class: "disc-sets" },
    TYPES.filter((t) => single[t]).map((t) =>
      typeChip(t, single[t].length, {
        cls: "set",
        title: `${owner}'s ${TYPE_NAME[t]} ${plural("disc", single[t].length)} (${single[t].length}): ${single[t].map((d) => cardsWords(d.need)).join(", ")}`,
      }),
    ),
    two.map((d) => discTile(d, { small: true, title: `${owner}'s ${discWords(d)}` })),
  );
}

function playersPanel(payload, ctx) {
  const view = payload.view;
  const rows = view.players.map((p) => {
    const { current, winner } = seatState(p.seat, ctx, view);
    const name = ctx.seatName(p.seat);
    return el(
      "tr",
      { class: `${current ? "current" : ""}${p.seat === ctx.viewer ? " me" : ""}`, "data-seat": p.seat },
      el("td", { class: "mark", text: turnMark(current, winner), title: current ? `${name} is to decide` : winner ? `${name} wins` : null }),
      el("td", { class: "who" }, ctx.seatChip(p.seat, { you: p.seat === ctx.viewer }), view.phase !== "over" && view.active === p.seat ? el("span", { class: "builder-tag", title: `${name}'s turn`, text: "turn" }) : null),
      el("td", { class: "num score", title: `${name}: ${pts(p.score)}`, text: p.score }),
      el("td", { class: "num", title: `${name}: ${count(p.cards, "card")} in hand (the exchange card counts while it is in hand)`, text: p.cards }),
      el("td", { class: "num", title: view.action_cards_in_game ? `${name}: ${count(p.action_cards, "action card")}, face down` : "played without action cards", text: view.action_cards_in_game ? p.action_cards : "–" }),
      el("td", { class: "num", title: `${name}: piece value ${p.supply} left in the supply`, text: p.supply }),
    );
  });
  const body = [];
  view.players.forEach((p, i) => {
    body.push(rows[i]);
    if (!p.discs.length) return;
    body.push(
      el(
        "tr",
        { class: `disc-row${rows[i].classList.contains("current") ? " current" : ""}`, "data-seat": p.seat },
        el("td", {}),
        el(
          "td",
          { class: "disc-cell", colspan: 5, title: `${ctx.seatName(p.seat)}'s ${plural("disc", p.discs.length)}: ${p.discs.map((d) => cardsWords(d.need)).join("; ")}` },
          el("span", { class: "muted small", text: `${p.discs.length} ${plural("disc", p.discs.length)} ` }),
          discsSummary(p.discs, ctx.seatName(p.seat)),
        ),
      ),
    );
  });
  const order = view.turn_order.map((s) => ctx.seatName(s)).join(" → ");
  return playersSection(
    [
      ["Pts", { class: "num", title: "points" }],
      ["Cards", { class: "num", title: "cards in hand, the exchange card included" }],
      ["Act.", { class: "num", title: "action cards in hand" }],
      ["Pieces", { class: "num", title: "piece value in the supply" }],
    ],
    body,
    view.phase !== "over" ? el("p", { class: "muted small", id: "turn-order", title: `turn order from the player whose turn it is: ${order}`, text: `Turn order: ${order}` }) : null,
  );
}

function finalPanel(payload, ctx) {
  const view = payload.view;
  if (!view.final) return null;
  const rows = view.players.map((p) => {
    const f = view.final[p.seat] || {};
    const extra = (f.wonders || 0) + (f.set_bonus || 0) + (f.five_points || 0) + (f.disc_bonus || 0);
    const assign = (f.assignment || []).map(([id, t]) => {
      const d = p.discs.find((x) => x.id === id);
      return `${d ? d.text : `disc ${id}`} counted as ${TYPE_NAME[t] || t}`;
    });
    return el(
      "tr",
      { "data-seat": p.seat },
      el("td", { class: "who" }, ctx.seatChip(p.seat, { you: p.seat === ctx.viewer })),
      el("td", { class: "num", text: p.score - extra }),
      el("td", { class: "num", text: f.wonders || 0 }),
      el("td", { class: "num", title: assign.join("; "), text: f.set_bonus || 0 }),
      el("td", { class: "num", text: (f.five_points || 0) + (f.disc_bonus || 0) }),
      el("td", { class: "num score", text: p.score }),
    );
  });
  const notes = view.players
    .map((p) => ({ p, f: view.final[p.seat] || {} }))
    .filter(({ f }) => (f.assignment || []).length)
    .map(({ p, f }) =>
      el(
        "li",
        {},
        ctx.seatChip(p.seat),
        ": ",
        f.assignment
          .map(([id, t]) => {
            const d = p.discs.find((x) => x.id === id);
            return `${d ? d.text : `disc ${id}`} counted as ${TYPE_NAME[t] || t}`;
          })
          .join("; "),
      ),
    );
  return el(
    "section",
    { class: "panel final-panel", id: "final" },
    el("h3", { text: "Final scoring" }),
    dataTable(
      { class: "players-table final-table" },
      [
        "Player",
        ["Before", { class: "num", title: "points before the final scoring" }],
        ["Final row", { class: "num", title: "incomplete wonders scored on the final row" }],
        ["Sets", { class: "num", title: "disc-set bonus" }],
        ["Cards", { class: "num", title: "five points and disc bonus action cards" }],
        ["Total", { class: "num" }],
      ],
      rows,
    ),
    notes.length ? el("p", { class: "small muted assignments-head", text: "Two-type discs, each counted for the set that pays more:" }) : null,
    notes.length ? el("ul", { class: "small muted assignments" }, notes) : null,
  );
}

function waitingNote(payload, ctx) {
  const view = payload.view;
  if (ctx.yourTurn || view.over || view.current === null) return null;
  if (ctx.viewer === null) return null;
  let text = null;
  if (view.phase === "offer" && view.build) {
    const mine = view.build.offers.find((o) => o.seat === ctx.viewer);
    if (mine && !mine.made) text = "You will make your offer when it is your turn to offer.";
    else if (view.active === ctx.viewer) text = "The others are making their face-down offers.";
  }
  return text ? el("p", { class: "panel note", id: "waiting", text }) : null;
}

/** Draw the board into areas.board and the side panel into areas.panel. */
export function render(areas, payload, ctx) {
  const view = viewToDraw(areas, payload, "wonders", "game-tob");
  if (!view) return;
  const moves = movesOf(offeredActions(payload, ctx));
  drawBoard(areas.board, payload, ctx, moves);
  areas.panel.replaceChildren(
    ...[
      finalPanel(payload, ctx),
      controls(payload, ctx, moves),
      waitingNote(payload, ctx),
      buildPanel(payload, ctx),
      handPanel(payload, ctx),
      lastBuildPanel(payload, ctx),
      playersPanel(payload, ctx),
    ].filter(Boolean),
  );
}
