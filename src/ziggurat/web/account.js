// The lobby's account box: register, log in, log out, and who is logged in. The session is
// an HttpOnly cookie this page never sees: the browser sends it with every request to this
// server, and `GET /api/me` says whose it is (401: nobody's).

import { api, el } from "./common.js";

const $ = (id) => document.getElementById(id);

const state = {
  me: null, // {account, tables} of the logged-in account, or null
  listeners: [],
};

/** The logged-in account ({name, kind, created_at}) or null. */
export function currentAccount() {
  return state.me ? state.me.account : null;
}

/** The account's tables not yet over (each with my_seats), as last fetched. */
export function accountTables() {
  return state.me ? state.me.tables : [];
}

/** Call `listener()` whenever who is logged in (or their tables) changes. */
export function onAccountChange(listener) {
  state.listeners.push(listener);
}

/** Ask the server who is logged in, and redraw the box. */
export async function refreshAccount() {
  let me = null;
  try {
    me = await api("/api/me");
  } catch (e) {
    if (e.status !== 401) return; // unreachable: keep what is known
  }
  const before = JSON.stringify(state.me);
  state.me = me;
  if (JSON.stringify(me) !== before) {
    drawBox();
    for (const listener of state.listeners) listener();
  }
}

export function setupAccountBox() {
  $("account-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const which = event.submitter && event.submitter.value === "register" ? "register" : "login";
    enter(which);
  });
  $("logout-button").addEventListener("click", logout);
  drawBox();
}

function drawBox() {
  const account = currentAccount();
  $("account-form").hidden = !!account;
  $("account-in").hidden = !account;
  document.body.dataset.account = account ? account.name : "";
  if (account) {
    const link = $("account-name");
    link.textContent = account.name;
    link.href = `#player/${encodeURIComponent(account.name)}`;
  }
}

async function enter(which) {
  const name = $("account-user").value.trim();
  const password = $("account-password").value;
  const error = $("account-error");
  error.hidden = true;
  const route = which === "register" ? "/api/accounts" : "/api/session";
  const buttons = [$("login-button"), $("register-button")];
  for (const button of buttons) button.disabled = true; // one attempt at a time: each counts
  try {
    await api(route, { method: "POST", body: { name, password } });
    $("account-password").value = "";
    await refreshAccount();
  } catch (e) {
    // The server's own words (name_taken, wrong_login, registration_closed, ...); after too
    // many attempts it also says how long to wait, which reads better as a time of day.
    error.replaceChildren(el("span", {}, e.message, retryAt(e.body && e.body.retry_after)));
    error.dataset.code = e.code;
    error.hidden = false;
  } finally {
    for (const button of buttons) button.disabled = false;
  }
}

/** " (at 14:32)": when a refused login may be tried again, or nothing. */
function retryAt(seconds) {
  if (!seconds) return null;
  const at = new Date(Date.now() + seconds * 1000);
  const time = at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return el("span", { class: "retry-at", text: ` (at ${time})` });
}

async function logout() {
  try {
    await api("/api/session", { method: "DELETE" });
  } finally {
    await refreshAccount();
  }
}
