// The table page, for every game: connects to the server (a WebSocket, with polling as a
// fallback), keeps the seats this browser holds, hands the payload to the game's drawing
// module (games/<name>.js), posts the actions it offers, shows the server's refusals, the
// log and the result. It knows no rule of any game: what may be done comes from
// payload.legal_actions, what is seen from payload.view.

import {
  api,
  ApiError,
  creatorToken,
  dropSeat,
  el,
  heldSeats,
  holdSeat,
  saveCreatorToken,
  saveInvites,
  seatChip,
  seatColor,
  seatName,
  seatTextColor,
  setAnimationsOn,
  setTapsAsk,
  animationsOn,
  tapsAsk,
} from "./common.js";
import { renderClocks } from "./clock.js";
import { turnChanged, turnSettings } from "./notify.js";
import { setupRulesPanel } from "./rules_panel.js";
import { renderHints, setupHints } from "./hint_panel.js";
import { renderAnalysis, setupAnalysis } from "./analysis_panel.js";
import { renderChat, setupChat } from "./chat.js";

const POLL_MS = 2000;
const WS_RETRY_MIN_MS = 1000;
const WS_RETRY_MAX_MS = 10000;
const LOG_SHOWN = 250;
// WebSocket close codes (4000 + the HTTP status) for a seat's token refused: missing, wrong.
const SEAT_REFUSED_CODES = new Set([4401, 4403]);
// The same refusals as error codes (REST or the socket's last message); a seat that does
// not exist is refused for good as well.
const SEAT_REFUSED_ERRORS = new Set(["wrong_token", "token_required", "no_such_seat", "seat_taken_over"]);

const $ = (id) => document.getElementById(id);

const tableId = decodeURIComponent(window.location.pathname.replace(/\/+$/, "").split("/").pop() || "");

const app = {
  table: null, // the newest TABLE seen
  payload: null, // the payload on screen
  seat: undefined, // the seat whose view is shown (null: spectator; undefined: not connected yet)
  revealed: null, // hot-seat: the held seat whose secrets were last shown
  pendingReveal: null, // hot-seat: the seat waiting behind the "pass the screen" overlay
  ws: null,
  socketName: null, // the open socket's name, told with each action: its reply is not pushed again
  wsRetry: WS_RETRY_MIN_MS,
  wsTimer: null,
  pollTimer: null,
  busy: false,
  game: null, // the game's drawing module
  ui: {}, // the drawing module's own memory between renders (selection etc.)
  connection: 0, // increases with every (re)connection, so stale answers are dropped
  replay: null, // while stepping through the game: {move, moves, seat, payload, ui, ticket}
  movesShown: null, // moves standing at the last drawing: the newer ones are animated
  urlSeat: null, // {seat, token} of the address bar, not kept in localStorage (token "": the login's seat)
  sessionRefused: false, // a rated seat refused without a login: watched meanwhile
};

const TAKEN_OVER = {
  resigned: "You resigned",
  "timed out": "Your time ran out",
  abandoned: "You left your turn too long",
};

// ------------------------------------------------------------------ seats held here

function takeSeatFromUrl() {
  const params = new URLSearchParams(window.location.search);
  const seat = params.get("seat");
  const token = params.get("token");
  if (seat === null || !/^\d+$/.test(seat)) return;
  if (!token) {
    // A seat of the logged-in account (the lobby links it so, from any device): no token,
    // the session cookie opens it. A token this browser holds for the seat goes first.
    if (!(seat in heldSeats(tableId))) app.urlSeat = { seat: Number(seat), token: "" };
    return;
  }
  holdSeat(tableId, Number(seat), token);
  if (heldSeats(tableId)[seat] === token) {
    // The token is remembered: take it out of the address bar (it is a secret).
    window.history.replaceState(null, "", window.location.pathname);
  } else {
    app.urlSeat = { seat: Number(seat), token }; // no localStorage: keep it for this page
  }
}

function held() {
  const seats = { ...heldSeats(tableId) };
  if (app.urlSeat) seats[String(app.urlSeat.seat)] = app.urlSeat.token;
  return seats;
}

function heldList(table) {
  const n = table && table.seats ? table.seats.length : Infinity;
  return Object.keys(held())
    .map(Number)
    .filter((s) => Number.isInteger(s) && s >= 0 && s < n)
    .sort((a, b) => a - b);
}

function tokenOf(seat) {
  return seat === null || seat === undefined ? null : held()[String(seat)] || null;
}

/** Is `seat` opened by the login alone (`?seat=N` without a token, none kept here)? Its REST
 * calls then carry no Authorization header: the session cookie goes with them by itself. */
function bySession(seat) {
  return !!app.urlSeat && app.urlSeat.seat === seat && !app.urlSeat.token;
}

/** The seat whose view this screen should show now. */
function wantedSeat(table) {
  if (app.sessionRefused) return null; // a rated seat waits for its player to log in
  const seats = heldList(table);
  if (seats.length === 0) return null;
  if (seats.length === 1) return seats[0];
  // Hot-seat: the held seat to act; while anybody else acts (or at the end), the spectator's
  // view, so that no stand is left on the screen for the wrong eyes.
  if (table.status !== "finished" && seats.includes(table.current_player)) return table.current_player;
  return null;
}

// ------------------------------------------------------------------ connection

function setConn(state, text) {
  const node = $("conn");
  node.dataset.state = state;
  node.textContent = text;
}

function closeConnection() {
  app.connection += 1;
  app.socketName = null;
  if (app.ws) {
    const ws = app.ws;
    app.ws = null;
    ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
    try {
      ws.close();
    } catch (e) {
      /* already closed */
    }
  }
  clearTimeout(app.wsTimer);
  clearInterval(app.pollTimer);
  app.pollTimer = null;
}

function connect(seat) {
  closeConnection();
  if (app.replay) stopReplay(); // another seat's eyes now: nothing of the last seat stays
  app.seat = seat;
  app.payloadJson = null;
  app.ui = {};
  document.body.dataset.seat = seat === null ? "spectator" : String(seat);
  openSocket();
  // Load the view over REST as well: it shows at once and checks the token.
  refresh();
}

function openSocket() {
  const id = app.connection;
  const seat = app.seat;
  const proto = window.location.protocol === "https:" ? "wss:" : "ws:";
  const name = newSocketName();
  let url = `${proto}//${window.location.host}/ws/tables/${encodeURIComponent(tableId)}?socket=${name}`;
  if (seat !== null) {
    // A seat held by the session alone (the account's seat, no token here) sends no token:
    // the browser sends the session cookie with the socket, and the server checks its Origin.
    const token = tokenOf(seat);
    url += `&seat=${seat}` + (token ? `&token=${encodeURIComponent(token)}` : "");
  }
  let ws;
  try {
    ws = new WebSocket(url);
  } catch (e) {
    startPolling();
    return;
  }
  app.ws = ws;
  let socketLog = []; // the log this socket has sent, which its next messages extend
  ws.onopen = () => {
    if (id !== app.connection) return;
    app.socketName = name;
    app.wsRetry = WS_RETRY_MIN_MS;
    clearInterval(app.pollTimer);
    app.pollTimer = null;
    setConn("live", "live");
  };
  ws.onmessage = (event) => {
    if (id !== app.connection) return;
    let data;
    try {
      data = JSON.parse(event.data);
    } catch (e) {
      return;
    }
    if (data && data.error) {
      // A refusal (e.g. wrong_token) comes as this message, then a close (4403): the message,
      // with the server's reason, is handled here, and the close is then ignored.
      handleError(new ApiError(0, data));
      return;
    }
    if (data && Array.isArray(data.log)) {
      // a socket sends the log from the first entry it has not sent yet ("log_from")
      if (data.log_from) data.log = socketLog.slice(0, data.log_from).concat(data.log);
      delete data.log_from;
      socketLog = data.log;
    }
    receive(data, id);
  };
  ws.onclose = (event) => {
    if (id !== app.connection) return;
    app.ws = null;
    app.socketName = null;
    if (SEAT_REFUSED_CODES.has(event.code)) {
      // The server refused this seat's token (4401: none, 4403: not this seat's, e.g. the
      // seat was taken from the lobby, which voids the old invite link). Trying again with
      // the same token would be refused again: drop the seat and watch as a spectator.
      if (seat !== null) {
        seatRefused(seat, null);
      } else {
        startPolling(); // a spectator's socket needs no token: never seen, but no retry loop
      }
      return;
    }
    startPolling();
    app.wsTimer = setTimeout(() => {
      if (id === app.connection) openSocket();
    }, app.wsRetry);
    app.wsRetry = Math.min(app.wsRetry * 2, WS_RETRY_MAX_MS);
  };
}

/** A random name for a new socket (16 hex digits): the server skips pushing to it the
 * payload that its client's own action's reply carries (docs/server-api.md). */
function newSocketName() {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function startPolling() {
  if (app.pollTimer) return;
  setConn("polling", "reconnecting…");
  app.pollTimer = setInterval(refresh, POLL_MS);
}

async function refresh() {
  const id = app.connection;
  const seat = app.seat;
  const query = seat === null ? "" : `?seat=${seat}`;
  try {
    const payload = await api(`/api/tables/${encodeURIComponent(tableId)}/view${query}`, { token: tokenOf(seat) });
    if (id !== app.connection) return;
    if (app.pollTimer) setConn("polling", "polling");
    receive(payload, id);
  } catch (e) {
    if (id !== app.connection) return;
    if (e.status === 0) {
      setConn("offline", "server unreachable, retrying…");
      startPolling();
      return;
    }
    handleError(e);
  }
}

/** A payload from the socket, a poll or an action's answer. */
function receive(payload, id) {
  if (id !== app.connection || !payload || !payload.table) return;
  const payloadSeat = payload.seat === undefined ? null : payload.seat;
  if (payloadSeat !== app.seat) return;
  if (app.payload && app.payload.seat === payload.seat && payload.version < app.payload.version) return;
  app.table = payload.table;
  const wanted = wantedSeat(payload.table);
  if (wanted !== app.seat) {
    switchTo(wanted);
    if (app.seat !== payloadSeat) return;
  }
  // The socket and a poll (or an action's answer) often bring the same payload: draw once,
  // so that nothing under the pointer is replaced for no reason.
  // A chat message comes as a new payload of the same version: then only the chat is drawn
  // again, and the board under the player's pointer stays as it is.
  const json = JSON.stringify({ ...payload, chat: undefined });
  if (app.payload && json === app.payloadJson) {
    app.payload = payload;
    renderChat(payload, app.seat ?? null);
    return;
  }
  app.payload = payload;
  app.payloadJson = json;
  render();
}

/** Show another seat's view; between two humans of one screen, behind a curtain. */
function switchTo(seat) {
  const heldHere = heldList(app.table);
  if (seat !== null && heldHere.length > 1 && seat !== app.revealed) {
    if (app.pendingReveal === seat) return;
    app.pendingReveal = seat;
    if (app.seat !== null) connect(null); // nothing secret stays on the page meanwhile
    showOverlay(seat);
    return;
  }
  if (seat !== null) app.revealed = seat;
  connect(seat);
}

function showOverlay(seat) {
  const name = seatName(app.table, seat);
  // What the curtain hides, in the game's word ("tokens", "hand"); a game module may name it.
  const secret = (app.game && app.game.secretNoun) || "tokens";
  const verb = /s$/.test(secret) ? "are" : "is";
  $("overlay-title").textContent = `Pass the screen to ${name}`;
  $("overlay-text").textContent = `It is ${name}'s turn. ${name}'s ${secret} ${verb} shown only after the click, so the others should look away now.`;
  const button = $("overlay-button");
  button.textContent = `I am ${name}: show my ${secret}`;
  button.style.setProperty("--seat", seatColor(seat));
  button.style.setProperty("--seat-text", seatTextColor(seat));
  button.onclick = () => {
    $("overlay").hidden = true;
    app.pendingReveal = null;
    app.revealed = seat;
    connect(seat);
  };
  $("overlay").hidden = false;
  button.focus();
}

/**
 * The server refused the key this browser holds for `seat`: forget it (so that no reload or
 * reconnection tries it again), say so plainly, and show the table as a spectator.
 */
function seatRefused(seat, error) {
  if (seat === null || seat === undefined) return;
  const session = bySession(seat) && !(error && error.code === "seat_taken_over");
  dropSeat(tableId, seat);
  if (app.urlSeat && app.urlSeat.seat === seat) app.urlSeat = null;
  if (new URLSearchParams(window.location.search).has("token")) {
    window.history.replaceState(null, "", window.location.pathname); // a dead key: out of the address bar
  }
  if (app.revealed === seat) app.revealed = null;
  if (app.pendingReveal === seat) {
    app.pendingReveal = null;
    $("overlay").hidden = true;
  }
  const who = app.table ? `${seatName(app.table, seat)} (seat ${seat})` : `seat ${seat}`;
  if (error && error.code === "seat_taken_over") {
    const why = (error.body && error.body.why) || (app.table && app.table.seats[seat] && app.table.seats[seat].took_over) || "resigned";
    showError(`${TAKEN_OVER[why] || "A bot took your seat over"}: a bot plays ${who} to the end. You are now watching as a spectator.`, { sticky: true });
  } else if (session) {
    // No invite link was used: only the login could open the seat, and it did not.
    showError(`${sessionRefusal(seat, who, error)} You are now watching as a spectator.`, { sticky: true });
  } else {
    const reason = error && error.message ? ` The server said: ${error.message}.` : "";
    showError(
      `The link for ${who} is no longer valid in this browser, so you cannot play this seat from here` +
        ` (perhaps somebody took the seat from the lobby).${reason} You are now watching as a spectator.`,
      { sticky: true },
    );
  }
  if (app.seat === seat || app.seat === undefined) connect(null);
}

/** Why the login did not open `seat` (`?seat=N` without a token), in the player's words. */
function sessionRefusal(seat, who, error) {
  const info = app.table && app.table.seats[seat];
  const owner = info && info.account;
  if (!owner) return `${who} belongs to no account: it opens only with its invite link.`;
  if (error && error.code === "wrong_token") {
    return `${who} is the seat of the account ${owner}, and this browser is logged in to another account: log in as ${owner} in the lobby to play it here.`;
  }
  return `${who} is the seat of the account ${owner}: log in as ${owner} in the lobby to play it here (or open the seat's invite link).`;
}

function handleError(error) {
  const code = error.code;
  if (code === "login_required" && app.seat !== null && app.seat !== undefined) {
    // A rated table's seat opens only with its player logged in: the invite stays kept for
    // when they are, and meanwhile the table is watched.
    const who = app.table ? seatName(app.table, app.seat) : `seat ${app.seat}`;
    showError(`${error.message}. Log in in the lobby to play ${who}; you are watching as a spectator meanwhile.`, { sticky: true });
    if (app.urlSeat && app.urlSeat.seat === app.seat) app.urlSeat = null;
    app.sessionRefused = true;
    connect(null);
    return;
  }
  if (SEAT_REFUSED_ERRORS.has(code) && app.seat !== null && app.seat !== undefined) {
    seatRefused(app.seat, error);
    return;
  }
  if (code === "no_such_table") {
    closeConnection();
    setConn("offline", "no such table");
    // a table deleted while open here says so (its socket's last message); else none was
    const said = error.message && /deleted/.test(error.message) ? `${error.message[0].toUpperCase()}${error.message.slice(1)}. ` : `There is no table “${tableId}”. `;
    $("status").replaceChildren(el("span", {}, said), el("a", { href: "/", text: "Back to the lobby" }));
    return;
  }
  showError(error.message);
}

// ------------------------------------------------------------------ actions

async function act(action) {
  // One action at a time; while it is on its way the controls take no clicks (body.busy),
  // and nothing is redrawn for it, so a click is never lost to a redraw.
  if (app.busy || !app.payload || app.seat === null) return;
  const text = typeof action === "string" ? action : action.text;
  if (tapNeedsConfirming() && !(await confirmMove(text))) return;
  await send("actions", { action: text });
}

/** Take back this seat's last move (the Undo button, Ctrl+Z). The server decides whether
 * the rules allow it and says why not; the button is enabled only when the payload says the
 * seat may (payload.can_undo), and a refusal is shown with the server's reason. */
async function undo() {
  if (app.busy || !app.payload || app.seat === null || app.replay) return;
  await send("undo", {});
}

/** POST a change of this seat (an action or a take-back) on the version on screen. */
async function send(route, fields) {
  const id = app.connection;
  app.busy = true;
  document.body.classList.add("busy");
  hideError();
  hideConfirm();
  try {
    const payload = await api(`/api/tables/${encodeURIComponent(tableId)}/${route}`, {
      method: "POST",
      token: tokenOf(app.seat),
      body: {
        seat: app.seat,
        ...fields,
        version: app.payload.version,
        ...(app.socketName ? { socket: app.socketName } : {}),
      },
    });
    receive(payload, id);
  } catch (e) {
    if (e.code === "stale_version" || e.code === "not_your_turn" || e.code === "game_over") {
      showError(`${e.message} (the table has moved on; here it is again)`);
      refresh();
    } else {
      handleError(e);
    }
  } finally {
    app.busy = false;
    document.body.classList.remove("busy");
  }
}

/** Leave the game: a bot plays `seat` on, so that the others can finish (asked first). */
async function resign(seat) {
  const name = seatName(app.table, seat);
  if (app.busy || !window.confirm(`Resign as ${name}? A bot plays your seat to the end, and you cannot come back to it.`)) return;
  app.busy = true;
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/resign`, { method: "POST", token: tokenOf(seat), body: { seat } });
    seatRefused(seat, { code: "seat_taken_over" });
  } catch (e) {
    handleError(e);
  } finally {
    app.busy = false;
  }
}

// ------------------------------------------------------------------ touch: confirm a tap

// On a touch screen, where a finger easily lands on the neighbour, a tap on the board that
// would make a move asks first, unless the player turned that off (a setting kept in this
// browser). Games whose board asks so itself (a first tap shows the move: confirmsTaps)
// get no second question from the table.
let lastPointer = { touch: false, onBoard: false };

function tapNeedsConfirming() {
  if (app.game && app.game.confirmsTaps) return false;
  return lastPointer.touch && lastPointer.onBoard && tapsAsk();
}

let confirmAnswer = null; // resolves the confirmation on screen, if any

/** Ask "Confirm: <the move in words>?" under the status bar; true when confirmed. */
function confirmMove(text) {
  const offered = ((app.payload && app.payload.legal_actions) || []).find((a) => a.text === text);
  const words = (offered && (offered.words || offered.text)) || text;
  hideConfirm();
  $("confirm-text").textContent = `Confirm: ${words}?`;
  $("confirm").hidden = false;
  return new Promise((resolve) => {
    confirmAnswer = resolve;
  });
}

function hideConfirm() {
  $("confirm").hidden = true;
  if (confirmAnswer) {
    const answer = confirmAnswer;
    confirmAnswer = null;
    answer(false);
  }
}

function answerConfirm(yes) {
  const answer = confirmAnswer;
  confirmAnswer = null;
  $("confirm").hidden = true;
  if (answer) answer(yes);
}

function settingsPart() {
  if (!(navigator.maxTouchPoints > 0)) return null;
  return el(
    "label",
    { class: "check-line" },
    el("input", {
      type: "checkbox",
      id: "confirm-taps",
      checked: tapsAsk(),
      onchange: (event) => {
        setTapsAsk(event.target.checked);
        render(); // a game's board shows its first-tap step or not
      },
    }),
    " Ask before a tap on the board makes a move",
  );
}

function renderUndo(payload, ctx) {
  const button = $("undo-button");
  const table = payload.table;
  const shown = !ctx.replaying && ctx.viewer !== null && table.undo !== false && table.status !== "finished";
  button.hidden = !shown;
  button.disabled = !payload.can_undo;
  button.title = payload.can_undo
    ? "Take back your last move (Ctrl+Z)"
    : "Nothing to take back now: only your own last move, while it is still your turn and it showed nothing hidden";
}

// ------------------------------------------------------------------ drawing

let errorTimer = null;

function showError(message, { sticky = false } = {}) {
  $("error-text").textContent = message;
  $("error").hidden = false;
  clearTimeout(errorTimer);
  if (!sticky) errorTimer = setTimeout(hideError, 12000);
}

function hideError() {
  $("error").hidden = true;
}

function context() {
  const replay = app.replay && app.replay.payload ? app.replay : null;
  const payload = replay ? replay.payload : app.payload;
  const table = payload.table;
  const viewer = replay ? replay.seat : app.seat;
  return {
    table,
    viewer,
    yourTurn: !replay && viewer !== null && (payload.legal_actions || []).length > 0,
    replaying: !!replay,
    busy: app.busy,
    ui: replay ? replay.ui : app.ui,
    act: replay ? () => {} : act,
    seatName: (s) => seatName(table, s),
    seatColor,
    seatTextColor,
    seatChip: (s, opts) => seatChip(table, s, opts),
    held: heldList(table),
    recent: recentEntries(payload, viewer),
    rerender: render,
  };
}

/**
 * The others' moves since `viewer`'s last move (for a spectator: since the seat to play last
 * moved): what the table marks on the board and sums up above it.
 */
function recentEntries(payload, viewer) {
  const log = payload.log || [];
  const anchor = viewer !== null && viewer !== undefined ? viewer : payload.view && payload.view.current;
  if (anchor === null || anchor === undefined) return [];
  let start = log.length;
  while (start > 0 && log[start - 1].seat !== anchor) start -= 1;
  return log.slice(start);
}

const RECENT_SHOWN = 8;

/** On your turn, above the board: each of the others' moves since your last turn, with what
 * it caused ("Bob: merchant on 12,4 · city MS at 12,4 scored: Bob +6, Ann +2"). */
function renderRecent(payload, ctx) {
  const box = $("recent");
  const entries = ctx.yourTurn ? ctx.recent : [];
  if (!entries.length) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const shown = entries.slice(-RECENT_SHOWN);
  const lines = shown.map((entry) =>
    el(
      "li",
      { "data-number": entry.number, style: { "--seat": seatColor(entry.seat ?? 0) } },
      ctx.seatChip(entry.seat),
      ` ${entry.words || entry.text}`,
      (entry.events || []).map((event) =>
        el("span", { class: "recent-event" }, " · ", (event.parts || [event.text || ""]).map((part) => (typeof part === "string" ? part : ctx.seatChip(part.seat)))),
      ),
    ),
  );
  const more = entries.length - shown.length;
  const head = [el("b", { text: "Since your last turn" })];
  if (more > 0) head.push(el("span", { class: "muted", text: ` (the last ${shown.length} of ${entries.length} moves; the rest in the list of moves)` }));
  box.replaceChildren(...head, el("ul", {}, lines));
  box.hidden = false;
}

/** Mark on the board what the others' moves since your last turn touched (each game names
 * those elements: logEntryTargets), in the colour of the seat that moved. */
function markRecent(ctx) {
  const targets = app.game && app.game.logEntryTargets;
  if (!targets || ctx.replaying || app.game.marksRecentItself) return;
  for (const entry of ctx.recent) {
    if (entry.seat === ctx.viewer) continue;
    for (const selector of targets(entry)) {
      for (const node of document.querySelectorAll(selector)) {
        node.classList.add("recent-move");
        node.style.setProperty("--recent-seat", seatColor(entry.seat ?? 0));
      }
    }
  }
}

function statusLine(payload, ctx) {
  const table = payload.table;
  const nodes = [];
  if (ctx.replaying) {
    const view = payload.view || {};
    nodes.push(el("b", { text: `Replay · move ${payload.move} of ${payload.moves}` }), " · ");
    nodes.push(ctx.viewer === null ? "as a spectator" : el("span", {}, "as ", ctx.seatChip(ctx.viewer)), " · ");
    if (view.over) nodes.push("the end");
    else if (view.current !== null && view.current !== undefined) nodes.push(ctx.seatChip(view.current), " to play");
    const describe = app.game && app.game.describeTurn;
    const text = describe && !view.over ? describe(payload, ctx) : null;
    if (text) nodes.push(" · ", text);
    return nodes;
  }
  if (table.status === "finished" || (payload.view && payload.view.over)) {
    const winners = table.winners || (payload.view && payload.view.winners) || [];
    nodes.push(el("b", { text: "Game over. " }));
    winners.forEach((w, i) => {
      if (i) nodes.push(" and ");
      nodes.push(ctx.seatChip(w, { you: w === ctx.viewer }));
    });
    if (winners.length) nodes.push(winners.length === 1 ? " wins." : " share the win.");
    return nodes;
  }
  if (table.status === "open") {
    const free = table.seats.filter((s) => s.kind === "human" && !s.claimed).length;
    nodes.push(el("b", { text: "Waiting for players. " }), `${free} seat${free === 1 ? "" : "s"} still free: they can join from the `, el("a", { href: "/", text: "lobby" }), ". ");
  }
  const current = table.current_player;
  if (current === null || current === undefined) return nodes;
  if (ctx.yourTurn) {
    nodes.push(el("b", { class: "your-turn", text: "Your turn" }), " · ");
  } else {
    const seat = table.seats[current];
    const bot = seat && seat.kind === "bot";
    const thinking = /bot/i.test(ctx.seatName(current)) ? " is thinking · " : " (bot) is thinking · ";
    nodes.push(ctx.seatChip(current), bot ? thinking : " to play · ");
  }
  const describe = app.game && app.game.describeTurn;
  if (describe) {
    const text = describe(payload, ctx);
    if (text) nodes.push(text);
  }
  return nodes;
}

function renderLog(payload, ctx) {
  const list = $("log");
  const log = payload.log || [];
  const start = Math.max(0, log.length - LOG_SHOWN);
  const items = [];
  let previousScores = start > 0 ? log[start - 1].scores : null;
  let previousSeat = start > 0 ? log[start - 1].seat : null;
  for (let i = start; i < log.length; i++) {
    const entry = log[i];
    const scores = entry.scores || [];
    const before = previousScores || scores.map(() => 0);
    const deltas = [];
    scores.forEach((s, seat) => {
      const d = s - (before[seat] || 0);
      if (d) deltas.push([seat, d]);
    });
    const newSeat = entry.seat !== previousSeat;
    items.push(
      el(
        "li",
        {
          class: `log-entry${newSeat ? " new-seat" : ""}${ctx.replaying && entry.number === payload.move ? " current" : ""}`,
          "data-number": entry.number,
          style: { "--seat": seatColor(entry.seat ?? 0) },
          title: replayAllowed() ? "show the game right after this move" : null,
          onmouseenter: () => pointAt(entry, true),
          onmouseleave: () => pointAt(entry, false),
          onclick: () => {
            if (replayAllowed()) (app.replay ? showMove(entry.number) : startReplay(entry.number));
          },
        },
        el("span", { class: "log-number", text: entry.number }),
        el("span", { class: "log-who" }, newSeat && entry.seat !== null && entry.seat !== undefined ? ctx.seatChip(entry.seat) : ""),
        el("span", { class: "log-text", title: entry.text, text: entry.words || entry.text }),
        deltas.map(([seat, d]) =>
          el("span", {
            class: `log-points ${d > 0 ? "plus" : "minus"}`,
            style: { "--seat": seatColor(seat) },
            title: `${ctx.seatName(seat)} ${d > 0 ? "+" : ""}${d}`,
            text: `${seat === entry.seat ? "" : ctx.seatName(seat) + " "}${d > 0 ? "+" : ""}${d}`,
          }),
        ),
        thenLine(entry, ctx),
        eventLines(entry, ctx),
      ),
    );
    previousScores = scores;
    previousSeat = entry.seat;
  }
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  const grew = list.childElementCount !== items.length;
  list.replaceChildren(...items);
  if (!items.length) list.append(el("li", { class: "muted", text: "No move yet." }));
  if (atBottom || grew) list.scrollTop = list.scrollHeight;
}

/**
 * The decisions the engine took by itself right after a logged action (entry.then: each had a
 * single option), as one line under it: "then automatically: Bob passes · Ann discards salt".
 * Nothing for an entry without them (every game but those that take such steps, and the
 * payloads of older servers).
 */
function thenLine(entry, ctx) {
  const steps = Array.isArray(entry.then) ? entry.then : [];
  if (!steps.length) return null;
  const moves = [];
  steps.forEach((step, i) => {
    if (i) moves.push(" · ");
    const seat = step.seat;
    const known = seat !== null && seat !== undefined;
    moves.push(
      el(
        "span",
        { class: "log-then-move", "data-seat": known ? String(seat) : null, "data-type": step.type || null, title: step.text || "", style: known ? { "--seat": seatColor(seat) } : null },
        known ? el("b", { class: "log-then-who", text: ctx.seatName(seat) }) : null,
        known ? " " : null,
        el("span", { class: "log-then-words", text: step.words || step.text || "" }),
      ),
    );
  });
  return el(
    "span",
    { class: "log-then", title: "the only option each time: the game took it by itself" },
    el("span", { class: "log-then-head", text: "↳ then automatically: " }),
    moves,
  );
}

/**
 * What the logged action caused, as the engine recorded it (entry.events, docs/views.md):
 * one line per event, its sentence's seats as the table's seat chips ("Uruk at 4,5 scored:
 * [Ann] takes it; [Ann] +6, [Bob] +3"). Nothing for an entry that caused nothing.
 */
function eventLines(entry, ctx) {
  const events = Array.isArray(entry.events) ? entry.events : [];
  if (!events.length) return null;
  return events.map((event) =>
    el(
      "span",
      { class: "log-event", "data-type": event.type || null, title: event.text || "" },
      (event.parts || [event.text || ""]).map((part) => (typeof part === "string" ? part : ctx.seatChip(part.seat))),
    ),
  );
}

function pointAt(entry, on) {
  if (app.game && app.game.pointAtLogEntry) app.game.pointAtLogEntry(entry, on);
}

function renderSeats(payload, ctx) {
  const box = $("seats-panel");
  const heldHere = ctx.held;
  const parts = [];
  if (ctx.viewer !== null) {
    // an account's seat opened by the login alone says so: no invite link is kept here
    const how = bySession(ctx.viewer) ? ", opened by your login" : "";
    parts.push(el("p", {}, "You play ", ctx.seatChip(ctx.viewer), ` (seat ${ctx.viewer}${how}).`));
  } else if (heldHere.length) {
    parts.push(el("p", {}, "Spectator view until one of your seats is to play."));
  } else {
    parts.push(el("p", {}, "You are watching as a spectator: every stand is hidden."));
  }
  if (heldHere.length > 1) {
    parts.push(el("p", { class: "muted" }, "Hot-seat on this screen: ", heldHere.map((s) => ctx.seatChip(s)), "."));
  }
  if (ctx.viewer !== null && payload.table.status !== "finished" && !ctx.replaying) {
    parts.push(
      el("p", {}, el("button", { type: "button", class: "danger small-button", id: "resign-button", text: "Resign", title: "leave the game: a bot plays your seat to the end", onclick: () => resign(ctx.viewer) })),
    );
  }
  const settings = settingsPart();
  if (settings) parts.push(settings);
  if (ctx.held.length) parts.push(...turnSettings(render));
  parts.push(
    el(
      "label",
      { class: "check-line" },
      el("input", {
        type: "checkbox",
        id: "animations-on",
        checked: animationsOn(),
        onchange: (event) => {
          setAnimationsOn(event.target.checked);
          document.body.classList.toggle("animate", animationsOn());
        },
      }),
      " Animate the moves",
    ),
  );
  box.replaceChildren(...parts);
  box.hidden = false;
}

function renderResult(payload, ctx) {
  const table = payload.table;
  if (ctx.replaying) return null;
  if (table.status !== "finished" && !(payload.view && payload.view.over)) return null;
  const winners = table.winners || payload.view.winners || [];
  const scores = table.scores || [];
  const order = table.seats.map((s) => s.seat).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
  return el(
    "section",
    { class: "panel result", id: "result" },
    el("h2", {}, winners.length > 1 ? "Shared victory" : "Winner"),
    el("p", { class: "winners" }, winners.map((w) => el("span", { class: "winner" }, "★ ", ctx.seatChip(w, { you: ctx.held.includes(w) })))),
    payload.result && payload.result.ended ? el("p", { class: "ended", text: sentence(payload.result.ended) }) : null,
    el(
      "ol",
      { class: "final-scores" },
      order.map((s) => el("li", { class: winners.includes(s) ? "won" : "" }, ctx.seatChip(s), el("b", { text: ` ${scores[s] ?? "?"} points` }))),
    ),
    breakdownTable(payload.result, order, ctx),
    takenOverPart(payload.result, ctx),
    revealedPart(payload.result, ctx),
    rematchPart(table, ctx),
    el(
      "p",
      {},
      el("button", { type: "button", class: "primary", id: "result-replay", text: "Replay the game", onclick: () => startReplay(0) }),
      " ",
      el("a", { class: "button", href: `/api/tables/${encodeURIComponent(tableId)}/record`, download: `ziggurat-${tableId}.json`, text: "Download the game record" }),
      " ",
      el("a", { class: "button", href: "/", text: "Back to the lobby" }),
    ),
  );
}

const TAKEN_OVER_WORDS = { resigned: "resigned", "timed out": "ran out of time", abandoned: "left the game" };

/** The seats bots played on, and why ("Bo ran out of time after move 12: a bot played on"). */
function takenOverPart(result, ctx) {
  const seats = (result && result.took_over) || [];
  if (!seats.length) return null;
  return el(
    "ul",
    { class: "taken-over" },
    seats.map((s) => el("li", {}, ctx.seatChip(s.seat), ` ${TAKEN_OVER_WORDS[s.why] || s.why} ${s.after_move ? `after move ${s.after_move}` : "before the first move"}: a bot played on.`)),
  );
}

/** Everything that was hidden, face up at last (each game's revealed_at_end): every seat's
 * stand, hand or cards, then the table's piles, stacks and bags. */
function revealedPart(result, ctx) {
  const sections = (result && result.revealed) || [];
  if (!sections.length) return null;
  return el(
    "section",
    { class: "revealed", "aria-labelledby": "revealed-title" },
    el("h3", { id: "revealed-title", text: "What was hidden" }),
    el(
      "dl",
      {},
      sections.flatMap((section) => [
        el("dt", { "data-seat": section.seat === null ? "" : String(section.seat) }, section.seat === null ? "" : ctx.seatChip(section.seat), section.seat === null ? "" : " ", section.label),
        el("dd", { text: section.items.join(", ") }),
      ]),
    ),
  );
}

/** Rematch (a player or the creator: same seats and options, a new deal), or, once one of
 * the others started it, the way to it; a spectator is shown where it is played. */
function rematchPart(table, ctx) {
  const token = rematchToken();
  if (token || sessionSeat() !== null) {
    const label = table.rematch ? "Go to the rematch" : "Rematch";
    return el("p", {}, el("button", { type: "button", class: "primary", id: "rematch-button", text: label, title: "the same seats and options, a new deal", onclick: (event) => rematch(token, event.target) }));
  }
  if (table.rematch) return el("p", {}, "A rematch is being played: ", el("a", { href: `/table/${encodeURIComponent(table.rematch)}`, text: "watch it" }), ".");
  return null;
}

/** The token this browser asks for a rematch with: a seat it plays, or the creator's. */
function rematchToken() {
  const seats = heldList(app.table);
  return seats.length ? tokenOf(seats[0]) : creatorToken(tableId);
}

/** The seat this page plays by the login alone, or null: it asks for a rematch with the
 * session (no token), and opens its seat at the new table the same way. */
function sessionSeat() {
  const seats = heldList(app.table);
  return seats.length === 1 && bySession(seats[0]) ? seats[0] : null;
}

async function rematch(token, button) {
  button.disabled = true;
  try {
    const made = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch`, { method: "POST", token });
    const next = made.table.id;
    // every player keeps their seat and its token at the new table (an account's seat stays
    // the account's: the session opens it there too)
    for (const seat of heldList(app.table)) if (tokenOf(seat)) holdSeat(next, seat, tokenOf(seat));
    if (made.invites && made.invites.length) saveInvites(next, made.invites);
    if (made.creator_token) saveCreatorToken(next, made.creator_token);
    const mine = sessionSeat();
    window.location.href = `/table/${encodeURIComponent(next)}` + (mine === null ? "" : `?seat=${mine}`);
  } catch (e) {
    button.disabled = false;
    handleError(e);
  }
}

/** "the game is over: …" as a sentence. */
function sentence(text) {
  return `${text[0].toUpperCase()}${text.slice(1)}${/[.!]$/.test(text) ? "" : "."}`;
}

/** Every seat's points by source (payload.result.sources: what scored during the game and
 * the parts of the final scoring), the seats in their final order, with the totals. */
function breakdownTable(result, order, ctx) {
  if (!result || !Array.isArray(result.sources) || !result.sources.length) return null;
  return el(
    "table",
    { class: "breakdown", "aria-label": "points by source" },
    el("thead", {}, el("tr", {}, el("th", { text: "points by source" }), order.map((s) => el("th", {}, ctx.seatChip(s))))),
    el(
      "tbody",
      {},
      result.sources.map((row) => el("tr", { "data-source": row.source }, el("th", { text: row.source }), order.map((s) => el("td", { text: row.points[s] || "·" })))),
      el("tr", { class: "total" }, el("th", { text: "total" }), order.map((s) => el("td", { text: result.scores[s] }))),
    ),
  );
}

function render() {
  if (!app.payload) return;
  const ctx = context();
  const payload = ctx.replaying ? app.replay.payload : app.payload;
  const table = payload.table;
  const title = app.game && app.game.title ? app.game.title : table.game;
  $("table-title").textContent = `${title} · table ${table.id}`;
  document.title = `${ctx.yourTurn ? "▶ " : ""}${title} · ziggurat`;
  document.body.dataset.status = app.payload.table.status;
  document.body.dataset.version = String(app.payload.version);
  document.body.classList.toggle("replaying", ctx.replaying);
  document.body.classList.toggle("can-replay", replayAllowed());
  $("replay-button").hidden = ctx.replaying || !replayAllowed() || !(app.payload.log || []).length;
  document.body.classList.toggle("your-turn", ctx.yourTurn);
  $("status").replaceChildren(...statusLine(payload, ctx));
  renderClocks($("clocks"), app.payload, { replaying: ctx.replaying, viewer: app.seat ?? null });
  turnChanged(ctx.yourTurn, `${title} · table ${table.id}`);
  const panel = $("game-panel");
  const result = renderResult(payload, ctx);
  if (app.game) {
    app.game.render({ board: $("board-area"), panel }, payload, ctx);
  } else {
    renderGeneric({ board: $("board-area"), panel }, payload, ctx);
  }
  if (result) panel.prepend(result);
  renderLog(payload, ctx);
  renderSeats(payload, ctx);
  renderRecent(payload, ctx);
  markRecent(ctx);
  if (!ctx.replaying) animateNewMoves(payload);
  renderUndo(app.payload, { ...ctx, viewer: app.seat });
  renderHints(app.payload, { viewer: app.seat, replaying: ctx.replaying, yourTurn: ctx.yourTurn });
  renderChat(app.payload, app.seat ?? null);
  $("rated-badge").hidden = !table.rated;
  if (ctx.replaying) renderReplayBar();
  renderAnalysis({ replaying: ctx.replaying, finished: app.payload.table.status === "finished", seat: app.replay ? app.replay.seat : null });
  if (!ctx.yourTurn) hideConfirm(); // a move waiting for its confirmation is no longer offered
  document.body.dataset.ready = "1";
}

/** Animate on the board what the moves that came in since the last drawing touched (each game
 * names those elements: logEntryTargets), unless the player turned animations off. */
function animateNewMoves(payload) {
  const log = payload.log || [];
  const before = app.movesShown;
  app.movesShown = log.length;
  const targets = app.game && app.game.logEntryTargets;
  if (before === null || log.length <= before || !targets || !animationsOn()) return;
  for (const entry of log.slice(before)) {
    for (const selector of targets(entry)) {
      for (const node of document.querySelectorAll(selector)) node.classList.add("just-moved");
    }
  }
}

/** For a game without a drawing module: the view as JSON, the legal actions as buttons. */
function renderGeneric(areas, payload, ctx) {
  areas.board.replaceChildren(el("pre", { class: "generic-view", text: JSON.stringify(payload.view, null, 1) }));
  areas.panel.replaceChildren(
    el(
      "section",
      { class: "panel" },
      el("h3", { text: "Your moves" }),
      (payload.legal_actions || []).map((a) => el("button", { type: "button", class: "action", "data-action": a.text, text: a.text, onclick: () => ctx.act(a) })),
    ),
  );
}

// ------------------------------------------------------------------ replay

/** A finished game may be stepped through by anybody, as any seat; a running one by its
 * players, each as its own seat, up to now (the server checks the same). */
function replayAllowed() {
  const table = app.payload && app.payload.table;
  if (!table) return false;
  return table.status === "finished" || (app.seat !== null && app.seat !== undefined);
}

/** Step through the game from `move` (0: the start); the live table keeps coming in beside. */
function startReplay(move) {
  if (!replayAllowed()) return;
  hideConfirm();
  app.replay = { move: null, moves: (app.payload.log || []).length, seat: app.seat ?? null, payload: null, ui: {}, ticket: 0 };
  fillReplaySeats();
  $("replay-bar").hidden = false;
  showMove(move);
}

function stopReplay() {
  app.replay = null;
  $("replay-bar").hidden = true;
  render();
}

/** The position after `move` moves (null: the last), as the chosen seat saw it. */
async function showMove(move) {
  const replay = app.replay;
  if (!replay) return;
  if (move !== null) move = Math.max(0, Math.min(move, replay.moves));
  const query = new URLSearchParams();
  if (move !== null) query.set("move", String(move));
  if (replay.seat !== null) query.set("seat", String(replay.seat));
  const finished = app.payload.table.status === "finished";
  const ticket = ++replay.ticket;
  let data;
  try {
    data = await api(`/api/tables/${encodeURIComponent(tableId)}/replay?${query}`, { token: finished ? null : tokenOf(replay.seat) });
  } catch (e) {
    if (app.replay === replay && ticket === replay.ticket) showError(e.message);
    return;
  }
  if (app.replay !== replay || ticket !== replay.ticket) return; // a later step was asked for
  replay.move = data.move;
  replay.moves = data.moves;
  const view = data.view || {};
  replay.payload = {
    ...data,
    table: { ...data.table, current_player: view.over ? null : view.current, status: view.over ? "finished" : "running" },
    version: app.payload.version,
    legal_actions: [],
    can_undo: false,
  };
  render();
}

function renderReplayBar() {
  const replay = app.replay;
  const slider = $("replay-slider");
  slider.max = String(replay.moves);
  slider.value = String(replay.move);
  $("replay-where").textContent = `move ${replay.move} of ${replay.moves}`;
  $("replay-first").disabled = $("replay-prev").disabled = replay.move <= 0;
  $("replay-next").disabled = $("replay-last").disabled = replay.move >= replay.moves;
  const branchable = app.payload.table.status === "finished" && replay.move < replay.moves;
  $("replay-branch").hidden = app.payload.table.status !== "finished";
  $("replay-branch").disabled = !branchable;
  $("replay-branch").title = branchable ? `a new table going on from move ${replay.move}, the same seats; what nobody had seen is dealt afresh` : "the game ends here: go back to a move before the end";
  $("replay-seat").value = replay.seat === null ? "" : String(replay.seat);
}

/** The viewers to replay as: every seat and a spectator once the game is over; before, only
 * the seat this screen plays. */
function fillReplaySeats() {
  const table = app.payload.table;
  const select = $("replay-seat");
  const finished = table.status === "finished";
  const seats = finished ? table.seats.map((s) => s.seat) : [app.seat];
  const options = seats.map((s) => el("option", { value: String(s), text: seatName(table, s) }));
  if (finished) options.push(el("option", { value: "", text: "a spectator" }));
  select.replaceChildren(...options);
  $("replay-seat-box").hidden = !finished;
}

function setupReplayBar() {
  $("replay-button").addEventListener("click", () => startReplay((app.payload.log || []).length));
  $("replay-exit").addEventListener("click", stopReplay);
  $("replay-first").addEventListener("click", () => showMove(0));
  $("replay-prev").addEventListener("click", () => app.replay && showMove(app.replay.move - 1));
  $("replay-next").addEventListener("click", () => app.replay && showMove(app.replay.move + 1));
  $("replay-last").addEventListener("click", () => showMove(null));
  $("replay-branch").addEventListener("click", (event) => app.replay && branchFrom(app.replay.move, event.target));
  $("replay-slider").addEventListener("input", (event) => showMove(Number(event.target.value)));
  $("replay-seat").addEventListener("change", (event) => {
    if (!app.replay) return;
    app.replay.seat = event.target.value === "" ? null : Number(event.target.value);
    app.replay.ui = {};
    showMove(app.replay.move);
  });
}

/** Continue the finished game from `move` at a new table: this browser takes the seats it
 * held here, the other invites are kept for the lobby's "Your tables". */
async function branchFrom(move, button) {
  button.disabled = true;
  try {
    const made = await api(`/api/tables/${encodeURIComponent(tableId)}/branch`, { method: "POST", body: { move } });
    const next = made.table.id;
    const invites = made.invites || [];
    const mine = heldList(app.table);
    for (const invite of invites) if (mine.includes(invite.seat)) holdSeat(next, invite.seat, invite.token);
    saveInvites(next, invites);
    if (made.creator_token) saveCreatorToken(next, made.creator_token);
    window.location.href = `/table/${encodeURIComponent(next)}`;
  } catch (e) {
    button.disabled = false;
    handleError(e);
  }
}

async function loadGame(name) {
  if (!/^[a-z0-9_]+$/.test(name)) return null;
  try {
    return await import(`./games/${name}.js`);
  } catch (e) {
    console.warn(`no drawing module for ${name}`, e);
    return null;
  }
}

/** Ctrl+Z (Cmd+Z on a Mac) takes back, outside text fields; Escape cancels a confirmation. */
function onKey(event) {
  const target = event.target;
  if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
  if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === "z") {
    if (app.seat === null || app.seat === undefined || !app.payload || app.payload.table.undo === false) return;
    event.preventDefault();
    undo();
  } else if (event.key === "Escape" && !$("confirm").hidden) {
    answerConfirm(false);
  } else if (app.replay && app.replay.move !== null && !event.ctrlKey && !event.metaKey && !event.altKey) {
    const steps = { ArrowLeft: app.replay.move - 1, ArrowRight: app.replay.move + 1, Home: 0, End: null };
    if (!(event.key in steps)) return;
    event.preventDefault();
    showMove(steps[event.key]);
  }
}

async function main() {
  $("error-close").addEventListener("click", hideError);
  $("undo-button").addEventListener("click", () => undo());
  setupHints(
    () => ({ tableId, seat: app.seat, token: app.seat === null || app.seat === undefined ? null : tokenOf(app.seat), payload: app.payload }),
    (text) => act(text),
  );
  setupReplayBar();
  setupAnalysis(
    () => ({ tableId, table: app.payload.table, seat: app.replay ? app.replay.seat : null }),
    (move) => showMove(move),
  );
  $("confirm-yes").addEventListener("click", () => answerConfirm(true));
  $("confirm-no").addEventListener("click", () => answerConfirm(false));
  document.addEventListener("keydown", onKey);
  // Where the last press came from (a finger? on the board?), for confirming a tap's move.
  document.addEventListener(
    "pointerdown",
    (event) => {
      lastPointer = { touch: event.pointerType === "touch", onBoard: !!(event.target.closest && event.target.closest("#board-area")) };
    },
    { capture: true },
  );
  // A socket can die silently while a laptop sleeps: look again when the page is seen.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && app.seat !== undefined) refresh();
  });
  takeSeatFromUrl();
  let table;
  for (;;) {
    try {
      table = await api(`/api/tables/${encodeURIComponent(tableId)}`);
      break;
    } catch (e) {
      if (e.status === 0) {
        setConn("offline", "server unreachable, retrying…");
        await new Promise((r) => setTimeout(r, POLL_MS));
        continue;
      }
      handleError(e);
      return;
    }
  }
  app.table = table;
  app.game = await loadGame(table.game);
  setupRulesPanel(table.game);
  setupChat(tableId, () => (app.seat === null || app.seat === undefined ? null : { seat: app.seat, token: tokenOf(app.seat) }));
  document.body.classList.toggle("animate", animationsOn());
  const seat = wantedSeat(table);
  if (seat !== null && heldList(table).length > 1) switchTo(seat);
  else {
    if (seat !== null) app.revealed = seat;
    connect(seat);
  }
  if (app.seat === undefined) connect(null);
}

main();
