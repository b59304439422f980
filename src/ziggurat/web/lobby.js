// The lobby: the tables of the server (refreshed every few seconds), a form to create a
// table, invite links for its human seats, and joining a free seat of an open table.

import {
  api,
  el,
  heldSeats,
  holdSeat,
  creatorToken,
  forgetTable,
  savedInvites,
  saveCreatorToken,
  saveInvites,
  savedName,
  saveName,
  seatChip,
  seatName,
  timeAgo,
} from "./common.js";
import { formatSeconds } from "./clock.js";
import { accountTables, currentAccount, onAccountChange, refreshAccount, setupAccountBox } from "./account.js";
import { setupRatings } from "./ratings.js";

const REFRESH_MS = 3000;
const STATUSES = [
  ["open", "Waiting for players"],
  ["running", "Running"],
  ["finished", "Finished"],
];
const FINISHED_SHOWN = 8;

let games = [];
let lastTablesJson = "";
let showAllFinished = false;

const $ = (id) => document.getElementById(id);

function gameByName(name) {
  return games.find((g) => g.name === name) || games[0];
}

function gameTitle(name) {
  const g = games.find((x) => x.name === name);
  return g ? g.title || g.name : name;
}

function humanize(name) {
  const text = name.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ------------------------------------------------------------------ the create form

const GAME_KEY = "ziggurat:lobby-game";

/** The game the form starts with: ?game=NAME in the address, else the one chosen last here. */
function startingGame() {
  const wanted = new URLSearchParams(window.location.search).get("game");
  if (wanted && games.some((g) => g.name === wanted)) return wanted;
  let last = null;
  try {
    last = window.localStorage.getItem(GAME_KEY);
  } catch (e) {
    last = null;
  }
  return last && games.some((g) => g.name === last) ? last : games[0].name;
}

function fillGames() {
  const select = $("game");
  select.replaceChildren(...games.map((g) => el("option", { value: g.name, text: g.title || g.name })));
  select.value = startingGame();
  select.addEventListener("change", () => {
    try {
      window.localStorage.setItem(GAME_KEY, select.value);
    } catch (e) {
      /* no storage: the form simply starts with the first game */
    }
    fillPlayers();
    fillOptions();
  });
  fillPlayers();
  fillOptions();
}

function fillPlayers() {
  const game = gameByName($("game").value);
  const select = $("players");
  const counts = game.players || [2, 3, 4];
  const previous = Number(select.value);
  const preferred = counts.includes(previous)
    ? previous
    : counts.includes(game.options?.players?.default)
      ? game.options.players.default
      : counts[0];
  select.replaceChildren(...counts.map((n) => el("option", { value: n, text: `${n} players` })));
  select.value = String(preferred);
  select.onchange = () => {
    fillSeats();
    fillOptions();
  };
  fillSeats();
}

function seatKinds(game) {
  const kinds = [["human", "Human"]];
  for (const agent of game.agents || ["random", "greedy"]) kinds.push([`bot:${agent}`, `${humanize(agent)} bot`]);
  return kinds;
}

function fillSeats() {
  const game = gameByName($("game").value);
  const n = Number($("players").value);
  const rows = $("seat-rows");
  const old = [...rows.querySelectorAll(".seat-row")].map((row) => ({
    kind: row.querySelector("select").value,
    name: row.querySelector("input").value,
  }));
  const kinds = seatKinds(game);
  const defaultBot = kinds.find(([k]) => k === "bot:greedy") ? "bot:greedy" : (kinds[1] || kinds[0])[0];
  rows.replaceChildren();
  for (let i = 0; i < n; i++) {
    const kind = old[i] ? old[i].kind : i === 0 ? "human" : defaultBot;
    const name = old[i] ? old[i].name : i === 0 ? savedName() : "";
    const select = el(
      "select",
      { "aria-label": `seat ${i} kind`, name: `seat-${i}-kind`, "data-seat": i },
      kinds.map(([value, label]) => el("option", { value, text: label })),
    );
    select.value = kind;
    const input = el("input", {
      type: "text",
      maxlength: 40,
      "aria-label": `seat ${i} name`,
      name: `seat-${i}-name`,
      placeholder: "name (optional)",
      value: name,
    });
    const sync = () => {
      input.hidden = select.value !== "human";
    };
    select.addEventListener("change", sync);
    sync();
    rows.append(el("div", { class: "seat-row" }, el("span", { class: "seat-no", text: `Seat ${i}` }), select, input));
  }
}

/**
 * The rules options of the chosen game, drawn from the declarations the server lists
 * (GET /api/games: type, default, label, help, choices, seat range): this page knows no
 * game and no option.
 */
function fillOptions() {
  const game = gameByName($("game").value);
  const box = $("options");
  const n = Number($("players").value);
  box.replaceChildren();
  const options = game.options || {};
  const names = Object.keys(options).filter((name) => name !== "players");
  $("options-box").hidden = names.length === 0;
  for (const name of names) {
    const meta = options[name] || {};
    const id = `opt-${name}`;
    const label = meta.label || name;
    const help = meta.help ? el("small", { class: "hint", text: meta.help }) : null;
    let control;
    if (meta.type === "bool") {
      control = el("input", { type: "checkbox", id, "data-option": name, "data-type": "bool" });
      control.checked = Boolean(meta.default);
      box.append(el("div", { class: "option option-bool" }, el("label", { for: id }, control, " ", label), help));
      continue;
    }
    const none = meta.nullable ? [el("option", { value: "null", text: meta.null_label || "default" })] : [];
    if (Array.isArray(meta.choices)) {
      control = el(
        "select",
        { id, "data-option": name, "data-type": "choice" },
        none,
        meta.choices.map((c) => el("option", { value: JSON.stringify(c), text: String(c) })),
      );
      control.value = JSON.stringify(meta.default);
    } else if (meta.seat) {
      // a seat of this table (e.g. who starts), or the default where there is one
      const seats = [];
      for (let i = 0; i < n; i++) seats.push(el("option", { value: String(i), text: `seat ${i}` }));
      control = el("select", { id, "data-option": name, "data-type": "choice" }, none, seats);
      control.value = JSON.stringify(meta.default);
    } else {
      control = el("input", {
        id,
        type: meta.type === "int" ? "number" : "text",
        "data-option": name,
        "data-type": meta.type === "int" ? "int" : "text",
        placeholder: meta.default === null || meta.default === undefined ? "default" : String(meta.default),
      });
      if (meta.max_length) control.maxLength = meta.max_length;
    }
    box.append(el("div", { class: "option" }, el("label", { for: id, text: label }), control, help));
  }
}

function readOptions() {
  const options = { players: Number($("players").value) };
  for (const control of $("options").querySelectorAll("[data-option]")) {
    const name = control.dataset.option;
    if (control.dataset.type === "bool") options[name] = control.checked;
    else if (control.dataset.type === "choice") {
      const value = JSON.parse(control.value);
      if (value !== null) options[name] = value;
    } else if (control.value.trim() !== "") {
      options[name] = control.dataset.type === "int" ? Number(control.value) : control.value.trim();
    }
  }
  return options;
}

function readSeats() {
  return [...$("seat-rows").querySelectorAll(".seat-row")].map((row) => {
    const kind = row.querySelector("select").value;
    if (kind === "human") {
      const name = row.querySelector("input").value.trim();
      return name ? { kind: "human", name } : { kind: "human" };
    }
    return { kind: "bot", agent: kind.slice(4) };
  });
}

/** The time control chosen (docs/server-api.md): none, real-time or turn-based. */
function readTimeControl() {
  const kind = $("time-kind").value;
  if (kind === "realtime") return { kind, minutes: Number($("time-minutes").value), increment: Number($("time-increment").value) };
  if (kind === "turn") return { kind, hours: Number($("time-hours").value) };
  return { kind: "none" };
}

/** Rated tables need a login (the server refuses one without a session): the box is
 * enabled only then, and its hint says what a rated table asks of its players. */
function showRatedChoice() {
  const account = currentAccount();
  $("rated").disabled = !account;
  if (!account) $("rated").checked = false;
  $("rated-hint").textContent = account
    ? "Every person must be logged in to take a seat of it, one seat each; each bot may sit at it once."
    : "Log in (top right) to create a rated table. Every person must be logged in to take a seat of it, one seat each; each bot may sit at it once.";
}

function showTimeFields() {
  const kind = $("time-kind").value;
  $("time-realtime").hidden = kind !== "realtime";
  $("time-turn").hidden = kind !== "turn";
}

async function createTable(event) {
  event.preventDefault();
  const error = $("create-error");
  error.hidden = true;
  const body = {
    game: $("game").value,
    options: readOptions(),
    seats: readSeats(),
    undo: $("undo-allowed").checked,
    time_control: readTimeControl(),
    rated: $("rated").checked && !!currentAccount(),
    spectator_chat: $("spectator-chat").checked,
  };
  const first = body.seats.find((s) => s.kind === "human" && s.name);
  if (first) saveName(first.name);
  const button = $("create-button");
  button.disabled = true;
  try {
    const result = await api("/api/tables", { method: "POST", body });
    saveInvites(result.table.id, result.invites);
    saveCreatorToken(result.table.id, result.creator_token);
    showCreated(result);
    refreshTables(true);
  } catch (e) {
    error.textContent = e.message;
    error.hidden = false;
  } finally {
    button.disabled = false;
  }
}

function absolute(url) {
  return new URL(url, window.location.origin).href;
}

async function copyText(text, button) {
  let ok = false;
  try {
    await navigator.clipboard.writeText(text);
    ok = true;
  } catch (e) {
    const area = el("textarea", { style: { position: "fixed", opacity: "0" } });
    area.value = text;
    document.body.append(area);
    area.select();
    try {
      ok = document.execCommand("copy");
    } catch (e2) {
      ok = false;
    }
    area.remove();
  }
  const label = button.textContent;
  button.textContent = ok ? "Copied" : "Select and copy";
  setTimeout(() => (button.textContent = label), 1500);
}

function showCreated(result, again = false) {
  const table = result.table;
  const invites = result.invites || [];
  const box = $("created");
  const rows = invites.map((invite) => {
    const url = absolute(invite.url);
    const input = el("input", { type: "text", readonly: true, value: url, class: "invite-url", "aria-label": `invite link for seat ${invite.seat}` });
    input.addEventListener("focus", () => input.select());
    const copy = el("button", { type: "button", class: "copy", "data-seat": invite.seat, text: "Copy" });
    copy.addEventListener("click", () => copyText(url, copy));
    const open = el("a", { class: "button open", href: invite.url, "data-seat": invite.seat, text: "Open as this seat" });
    open.addEventListener("click", () => holdSeat(table.id, invite.seat, invite.token));
    return el(
      "li",
      { class: "invite", "data-seat": invite.seat },
      el("div", { class: "invite-head" }, seatChip(table, invite.seat), el("span", { class: "muted", text: ` seat ${invite.seat}` })),
      el("div", { class: "invite-link" }, input, copy, open),
    );
  });
  // One account holds at most one seat of a rated table: one screen cannot play them all.
  const hotseat =
    invites.length > 1 && !table.rated
      ? el("button", {
          type: "button",
          class: "primary",
          id: "hotseat",
          text: "Play all human seats on this screen",
          onclick: async (event) => {
            event.target.disabled = true;
            for (const invite of invites) {
              holdSeat(table.id, invite.seat, invite.token);
              // Using a seat's token claims the seat, so nobody takes it from the lobby.
              await api(`/api/tables/${encodeURIComponent(table.id)}/view?seat=${invite.seat}`, { token: invite.token }).catch(() => null);
            }
            window.location.href = `/table/${encodeURIComponent(table.id)}`;
          },
        })
      : null;
  const watch = el("a", { class: "button", href: `/table/${encodeURIComponent(table.id)}`, id: "watch-created", text: "Watch the table" });
  box.replaceChildren(
    el("h3", {}, again ? `Invite links of table ${table.id}` : `Table ${table.id} created`),
    el("p", { class: "muted" }, `${gameTitle(table.game)}, ${table.seats.length} players. `,
      invites.length
        ? "Send each human player their invite link; whoever holds a link plays that seat."
        : "Only bots play: watch them."),
    table.rated && invites.length
      ? el("p", { class: "hint rated-note", text: "Rated: each player must be logged in when opening their link (the seat then bears their account's name)." })
      : null,
    invites.length ? el("ul", { class: "invites" }, rows) : null,
    el("div", { class: "form-actions" }, hotseat, invites.length ? null : watch,
      el("button", { type: "button", text: "New table", onclick: () => { box.hidden = true; $("create-form").hidden = false; } })),
  );
  box.hidden = false;
  $("create-form").hidden = true;
  if (again) box.scrollIntoView({ block: "nearest" });
}

// ------------------------------------------------------------------ the list of tables

function freeSeats(table) {
  return table.seats.filter((s) => s.kind === "human" && !s.claimed).map((s) => s.seat);
}

function tableCard(table) {
  const held = heldSeats(table.id);
  const heldList = Object.keys(held).map(Number).filter((s) => s < table.seats.length);
  // Seats whose invite this browser made are not offered for joining (a join would give the
  // seat a new token and void the invite): they open with their invite instead.
  const invites = savedInvites(table.id).filter((i) => freeSeats(table).includes(i.seat));
  const invited = invites.map((i) => i.seat);
  const free = freeSeats(table).filter((s) => !invited.includes(s));
  const href = `/table/${encodeURIComponent(table.id)}`;
  const seats = table.seats.map((s) => {
    const chip = seatChip(table, s.seat, { you: heldList.includes(s.seat) });
    if (s.kind === "human" && !s.claimed) {
      chip.classList.add("free");
      chip.title = "this seat is not taken yet";
    }
    if (s.kind === "bot") chip.classList.add("bot");
    const score = table.scores && table.status !== "open" ? el("b", { class: "score", text: table.scores[s.seat] }) : null;
    const mark =
      table.status === "running" && table.current_player === s.seat
        ? el("span", { class: "turn-mark", title: "to play", text: "▶" })
        : table.status === "finished" && (table.winners || []).includes(s.seat)
          ? el("span", { class: "win-mark", title: "winner", text: "★" })
          : null;
    return el("li", {}, mark, chip, score);
  });
  const actions = [];
  if (heldList.length) {
    actions.push(el("a", { class: "button primary", href, text: heldList.length > 1 ? "Continue (hot-seat)" : "Continue", "data-action": "continue" }));
  }
  if (table.status !== "finished" && invites.length) {
    actions.push(
      el("button", {
        type: "button",
        "data-action": "invites",
        text: "Invite links",
        onclick: () => showCreated({ table, invites }, true),
      }),
    );
  }
  if (table.status === "open" && free.length) {
    const seatSelect =
      free.length > 1
        ? el("select", { "aria-label": "seat to join" }, free.map((s) => el("option", { value: s, text: `seat ${s}` })))
        : null;
    const join = el("button", { type: "button", class: heldList.length ? "" : "primary", "data-action": "join", text: free.length > 1 ? "Join" : `Join seat ${free[0]}` });
    join.addEventListener("click", () => joinTable(table, seatSelect ? Number(seatSelect.value) : free[0], join));
    actions.push(el("span", { class: "join" }, seatSelect, join));
  }
  actions.push(el("a", { class: "button", href, text: table.status === "finished" ? "See the end" : "Watch", "data-action": "watch" }));
  const creator = creatorToken(table.id);
  if (creator && (table.status === "finished" || !table.version)) {
    actions.push(
      el("button", {
        type: "button",
        class: "danger",
        "data-action": "delete",
        text: "Delete",
        title: "delete this table (you created it): before its first move or once it is over",
        onclick: (event) => deleteTable(table, creator, event.target),
      }),
    );
  }
  const status = {
    open: `${freeSeats(table).length} seat${freeSeats(table).length === 1 ? "" : "s"} not taken yet`,
    running: table.current_player !== null && table.current_player !== undefined ? `${seatName(table, table.current_player)} to play` : "running",
    finished: (table.winners || []).length ? `won by ${table.winners.map((w) => seatName(table, w)).join(" and ")}` : "finished",
  }[table.status];
  return el(
    "li",
    { class: `table-card status-${table.status}`, "data-table": table.id },
    el("div", { class: "table-head" },
      el("span", {},
        el("a", { href, class: "table-id" }, `${gameTitle(table.game)} · ${table.id}`),
        table.rated ? el("span", { class: "rated-mark", title: "a rated table: its seats are taken by logged-in players", text: " rated" }) : null),
      el("span", { class: "muted" }, `move ${table.version ?? 0} · ${timeAgo(table.updated_at || table.created_at)}`)),
    el("div", { class: "table-status", text: status }),
    el("ul", { class: "table-seats" }, seats),
    el("div", { class: "table-actions" }, actions),
  );
}

function renderTables(byStatus) {
  const box = $("tables");
  const sections = [];
  for (const [status, title] of STATUSES) {
    let tables = byStatus[status] || [];
    const total = tables.length;
    if (status === "finished" && !showAllFinished) tables = tables.slice(0, FINISHED_SHOWN);
    const more =
      total > tables.length
        ? el("button", { type: "button", class: "link", text: `show all ${total}`, onclick: () => { showAllFinished = true; renderTables(byStatus); } })
        : null;
    sections.push(
      el("section", { class: "table-group", "data-status": status },
        el("h3", {}, title, el("span", { class: "count", text: total })),
        total ? el("ul", { class: "table-list" }, tables.map(tableCard)) : el("p", { class: "muted empty", text: status === "open" ? "No table is waiting for players." : "None." }),
        more),
    );
  }
  const mine = myTablesSection(byStatus);
  box.replaceChildren(...(mine ? [mine] : []), ...sections);
}

async function refreshTables(force = false) {
  const error = $("tables-error");
  try {
    const results = await Promise.all(STATUSES.map(([s]) => api(`/api/tables?status=${s}`)));
    const byStatus = {};
    STATUSES.forEach(([s], i) => (byStatus[s] = (results[i] && results[i].tables) || []));
    error.hidden = true;
    const json = JSON.stringify(byStatus);
    // Rebuild only on change, and not while a seat choice is being made in the list.
    const choosing = document.activeElement && document.activeElement.closest && document.activeElement.closest("#tables select");
    if (force || (json !== lastTablesJson && !choosing)) {
      renderTables(byStatus);
      lastTablesJson = json;
    }
  } catch (e) {
    error.textContent = `Cannot load the tables: ${e.message}`;
    error.hidden = false;
  }
}

async function deleteTable(table, token, button) {
  if (!window.confirm(`Delete table ${table.id} (${gameTitle(table.game)})? Its players' links stop working.`)) return;
  const error = $("tables-error");
  error.hidden = true;
  button.disabled = true;
  try {
    await api(`/api/tables/${encodeURIComponent(table.id)}`, { method: "DELETE", token });
    forgetTable(table.id);
  } catch (e) {
    error.textContent = `Cannot delete table ${table.id}: ${e.message}`;
    error.hidden = false;
    button.disabled = false;
  }
  refreshTables(true);
}

/** The tables this browser holds a seat of and that are not over, the ones waiting for
 * one of those seats first: "my tables", with whose turn it is. */
function myTables(byStatus) {
  const mine = [];
  for (const status of ["running", "open"]) {
    for (const table of byStatus[status] || []) {
      const held = Object.keys(heldSeats(table.id)).map(Number);
      if (!held.length) continue;
      const myTurn = table.status === "running" && held.includes(table.current_player);
      mine.push({ table, held, myTurn });
    }
  }
  // The logged-in account's tables, from any device: opened by the session, no token needed.
  for (const table of accountTables()) {
    if (mine.some((m) => m.table.id === table.id)) continue;
    const held = table.my_seats || [];
    const myTurn = table.status === "running" && held.includes(table.current_player);
    mine.push({ table, held, myTurn, viaAccount: true });
  }
  mine.sort((a, b) => Number(b.myTurn) - Number(a.myTurn));
  return mine;
}

/** " · 3 h 12 min left": the time the seat to play has, at a table with a clock. */
function timeLeft(table) {
  const control = table.time_control;
  if (!control || control.kind === "none" || !table.deadline || table.status !== "running") return null;
  const seconds = (Date.parse(table.deadline) - Date.now()) / 1000;
  return el("span", { class: "muted time-left", text: ` · ${formatSeconds(seconds, { long: control.kind === "turn" })} left` });
}

function myTablesSection(byStatus) {
  const mine = myTables(byStatus);
  if (!mine.length) return null;
  const items = mine.map(({ table, held, myTurn, viaAccount }) =>
    el(
      "li",
      { class: `my-table${myTurn ? " my-turn" : ""}`, "data-table": table.id },
      el(
        "a",
        { href: `/table/${encodeURIComponent(table.id)}${viaAccount ? `?seat=${held[0]}` : ""}`, class: "table-id" },
        `${gameTitle(table.game)} · ${table.id}`,
      ),
      table.rated ? el("span", { class: "rated-mark", text: " rated" }) : null,
      " ",
      myTurn
        ? el("b", { class: "your-turn", text: "your turn" })
        : el(
            "span",
            { class: "muted" },
            table.status === "open" ? "waiting for players" : `${seatName(table, table.current_player)} to play`,
          ),
      timeLeft(table),
    ),
  );
  const waiting = mine.filter((m) => m.myTurn).length;
  return el(
    "section",
    { class: "table-group", "data-status": "mine" },
    el("h3", {}, "Your tables", el("span", { class: "count", text: waiting ? `${waiting} your turn` : mine.length })),
    el("ul", { class: "my-tables" }, items),
  );
}

async function joinTable(table, seat, button) {
  const nameInput = $("your-name");
  const account = currentAccount();
  const name = account ? account.name : nameInput.value.trim(); // an account's seat bears its name
  const error = $("tables-error");
  error.hidden = true;
  if (!name) {
    nameInput.focus();
    nameInput.classList.add("attention");
    error.textContent = "Type your name above, then join.";
    error.hidden = false;
    return;
  }
  saveName(name);
  button.disabled = true;
  try {
    const result = await api(`/api/tables/${encodeURIComponent(table.id)}/join`, { method: "POST", body: { name, seat } });
    holdSeat(table.id, result.seat, result.token);
    window.location.href = result.url || `/table/${encodeURIComponent(table.id)}`;
  } catch (e) {
    error.textContent = `Cannot join table ${table.id}: ${e.message}`;
    error.hidden = false;
    button.disabled = false;
    refreshTables(true);
  }
}

async function main() {
  $("your-name").value = savedName();
  $("your-name").addEventListener("input", (e) => e.target.classList.remove("attention"));
  $("create-form").addEventListener("submit", createTable);
  $("time-kind").addEventListener("change", showTimeFields);
  showTimeFields();
  try {
    games = await api("/api/games");
    if (!Array.isArray(games)) games = games.games || [];
  } catch (e) {
    $("create-error").textContent = `Cannot load the games: ${e.message}`;
    $("create-error").hidden = false;
    games = [];
  }
  if (games.length) fillGames();
  setupAccountBox();
  onAccountChange(() => {
    showRatedChoice();
    // A logged-in player joins under the account's name: there is no name to type.
    document.querySelector(".your-name").hidden = !!currentAccount();
    refreshTables(true);
  });
  await refreshAccount();
  setupRatings(games);
  await refreshTables(true);
  setInterval(() => refreshTables(false), REFRESH_MS);
  setInterval(refreshAccount, REFRESH_MS); // the account's tables change on other devices too
  document.body.dataset.ready = "1";
}

main();
