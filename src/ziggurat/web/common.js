// Shared helpers of the lobby and the table page: the REST client, the seat tokens this
// browser holds (localStorage), seat colours and names. Knows no rule of any game.

export const SEAT_COLORS = ["#c0392b", "#1f7a4d", "#d4a017", "#7d3c98", "#2c6fbb", "#d35400"];
export const SEAT_TEXT = ["#fff", "#fff", "#1d1600", "#fff", "#fff", "#fff"];

export function seatColor(seat) {
  return SEAT_COLORS[seat % SEAT_COLORS.length];
}

export function seatTextColor(seat) {
  return SEAT_TEXT[seat % SEAT_TEXT.length];
}

/** An error refused by the server: `code` is its `error`, `message` its reason. */
export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `the server answered ${status}`);
    this.status = status;
    this.code = (body && body.error) || "http_" + status;
    this.body = body || {};
  }
}

/** fetch() a JSON endpoint; throws ApiError with the server's message on refusal. */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (e) {
    throw new ApiError(0, { error: "network", message: "cannot reach the server" });
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch (e) {
      data = { error: "bad_response", message: text.slice(0, 200) };
    }
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

// ------------------------------------------------------------------ tokens in localStorage

const SEATS_KEY = (tableId) => `ziggurat:seats:${tableId}`;

function storage() {
  try {
    return window.localStorage;
  } catch (e) {
    return null;
  }
}

const ANIMATIONS_KEY = "ziggurat:animations";

/** The player's setting: are moves animated on the board? On unless turned off in this
 * browser, and off where the system asks for reduced motion. */
export function animationsOn() {
  const s = storage();
  const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const stored = s ? s.getItem(ANIMATIONS_KEY) : null;
  return stored === null ? !reduced : stored === "1";
}

export function setAnimationsOn(on) {
  const s = storage();
  try {
    if (s) s.setItem(ANIMATIONS_KEY, on ? "1" : "0");
  } catch (e) {
    /* storage full or refused: the setting lasts for this page only */
  }
}

const TAPS_ASK_KEY = "ziggurat:taps-ask";

/** The player's setting: does a tap on the board ask before it makes a move (touch screens)?
 * On unless turned off in this browser. */
export function tapsAsk() {
  const s = storage();
  return !s || s.getItem(TAPS_ASK_KEY) !== "0";
}

export function setTapsAsk(on) {
  const s = storage();
  try {
    if (s) s.setItem(TAPS_ASK_KEY, on ? "1" : "0");
  } catch (e) {
    /* storage full or refused: the setting lasts for this page only */
  }
}

/** {seat: token} of every seat of `tableId` this browser holds. */
export function heldSeats(tableId) {
  const s = storage();
  if (!s) return {};
  try {
    const data = JSON.parse(s.getItem(SEATS_KEY(tableId)) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch (e) {
    return {};
  }
}

export function holdSeat(tableId, seat, token) {
  const s = storage();
  if (!s) return;
  const seats = heldSeats(tableId);
  seats[String(seat)] = token;
  s.setItem(SEATS_KEY(tableId), JSON.stringify(seats));
}

export function dropSeat(tableId, seat) {
  const s = storage();
  if (!s) return;
  const seats = heldSeats(tableId);
  delete seats[String(seat)];
  if (Object.keys(seats).length) s.setItem(SEATS_KEY(tableId), JSON.stringify(seats));
  else s.removeItem(SEATS_KEY(tableId));
}

const INVITES_KEY = (tableId) => `ziggurat:invites:${tableId}`;

/** The invites of a table created in this browser: [{seat, token, url}]. */
export function savedInvites(tableId) {
  const s = storage();
  if (!s) return [];
  try {
    const data = JSON.parse(s.getItem(INVITES_KEY(tableId)) || "[]");
    return Array.isArray(data) ? data : [];
  } catch (e) {
    return [];
  }
}

export function saveInvites(tableId, invites) {
  const s = storage();
  if (s && invites && invites.length) s.setItem(INVITES_KEY(tableId), JSON.stringify(invites));
}

const CREATOR_KEY = (tableId) => `ziggurat:creator:${tableId}`;

/** The creator's token of a table created in this browser (it deletes the table), or null. */
export function creatorToken(tableId) {
  const s = storage();
  return (s && s.getItem(CREATOR_KEY(tableId))) || null;
}

export function saveCreatorToken(tableId, token) {
  const s = storage();
  if (s && token) s.setItem(CREATOR_KEY(tableId), token);
}

/** Forget what this browser kept of a table that is gone. */
export function forgetTable(tableId) {
  const s = storage();
  if (!s) return;
  for (const key of [SEATS_KEY(tableId), INVITES_KEY(tableId), CREATOR_KEY(tableId)]) s.removeItem(key);
}

export function savedName() {
  const s = storage();
  return (s && s.getItem("ziggurat:name")) || "";
}

export function saveName(name) {
  const s = storage();
  if (s && name) s.setItem("ziggurat:name", name);
}

// ------------------------------------------------------------------ names and DOM helpers

/** "Ann", "greedy bot", or "seat 2" for a seat of a TABLE. */
export function seatName(table, seat) {
  const name = baseName(table, seat);
  // Two seats of one name ("greedy bot" twice) are told apart by their seat numbers.
  const seats = (table && table.seats) || [];
  const twins = seats.filter((s) => s.seat !== seat && baseName(table, s.seat) === name);
  return twins.length ? `${name} (seat ${seat})` : name;
}

function baseName(table, seat) {
  const s = table && table.seats && table.seats[seat];
  if (!s) return `seat ${seat}`;
  if (s.took_over) return `${s.name} (bot)`; // the person resigned: a bot plays on
  if (s.kind === "bot") {
    const agent = s.agent || "bot";
    return s.name && s.name !== agent ? s.name : `${agent} bot`;
  }
  return s.name || `seat ${seat}`;
}

/** document.createElement with attributes, properties and children in one call. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) node.style.setProperty(prop, v);
    }
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A coloured chip with the seat's name. */
export function seatChip(table, seat, { you = false } = {}) {
  return el(
    "span",
    { class: "seat-chip", style: { "--seat": seatColor(seat), "--seat-text": seatTextColor(seat) } },
    el("span", { class: "seat-dot" }),
    seatName(table, seat),
    you ? el("span", { class: "you", text: " (you)" }) : null,
  );
}

export function timeAgo(stamp) {
  if (stamp === undefined || stamp === null) return "";
  let t = typeof stamp === "number" ? stamp * (stamp < 1e12 ? 1000 : 1) : Date.parse(stamp);
  if (Number.isNaN(t)) return "";
  const s = Math.max(0, Math.round((Date.now() - t) / 1000));
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return new Date(t).toLocaleDateString();
}
