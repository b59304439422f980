// The table's chat: the messages every payload carries (the last hundred, oldest first), and
// a box to write one where the viewer may: as a seat (with its token, or by the login when
// the seat is the account's), or as a logged-in spectator at a table that lets spectators
// write. A message is the players' own text: it is only ever set as textContent, never as
// markup, and its line breaks are kept by the CSS (white-space: pre-wrap).

import { api, el, seatColor, seatTextColor } from "./common.js";

const $ = (id) => document.getElementById(id);

const chat = {
  tableId: null,
  writer: null, // () => {seat, token} of the seat this page plays, or null for a spectator
  account: undefined, // the logged-in account's name (null: nobody; undefined: not known yet)
  last: 0, // the number of the newest message on screen
  shown: "", // the numbers on screen, so that an unchanged chat is not drawn again
  payload: null, // the last payload drawn, to draw again once the account is known
  seat: null,
};

/** Wire the box; `writer()` says as whom this page writes now. */
export function setupChat(tableId, writer) {
  chat.tableId = tableId;
  chat.writer = writer;
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    send();
  });
  $("chat-input").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault(); // Enter sends; Shift+Enter is a new line
      send();
    }
    event.stopPropagation(); // the table's keys (arrows, Ctrl+Z) are not the text's
  });
  // Asked once: a spectator may write only logged in (and only where the table lets them).
  api("/api/me")
    .then((me) => (chat.account = (me.account && me.account.name) || null))
    .catch(() => (chat.account = null))
    .finally(() => chat.payload && renderChat(chat.payload, chat.seat));
}

/** Draw the payload's messages (newest at the bottom) and show the box if the viewer may write. */
export function renderChat(payload, seat) {
  chat.payload = payload;
  chat.seat = seat;
  const messages = payload.chat || [];
  const newest = messages.length ? messages[messages.length - 1].number : 0;
  const key = messages.map((m) => m.number).join(",");
  // A poll's answer may come after a newer push of the same version: messages are never
  // taken back, so a list ending before the one on screen is the older one.
  if (key !== chat.shown && newest >= chat.last) {
    chat.shown = key;
    chat.last = newest;
    const list = $("chat-list");
    list.replaceChildren(...messages.map((m) => messageItem(m)));
    list.scrollTop = list.scrollHeight; // the newest in sight
    $("chat-empty").hidden = messages.length > 0;
  }
  $("chat-form").hidden = !mayWrite(payload.table, seat);
}

/** A seat writes; a spectator only logged in, at a table made with spectator_chat. */
function mayWrite(table, seat) {
  if (seat !== null && seat !== undefined) return true;
  return !!(table.spectator_chat && chat.account);
}

function messageItem(message) {
  const when = new Date(message.at);
  const time = Number.isNaN(when.getTime()) ? "" : when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return el("li", { class: "chat-message", "data-number": String(message.number), "data-seat": message.seat === null ? "" : String(message.seat) }, [
    el("span", { class: "chat-head" }, [author(message), el("time", { datetime: message.at, title: when.toLocaleString(), text: time })]),
    el("span", { class: "chat-text", text: message.text }),
  ]);
}

/** The name as it was written under, in its seat's colour; a spectator's plainly. */
function author(message) {
  if (message.seat === null || message.seat === undefined) {
    return el("span", { class: "chat-spectator", text: `${message.name} (watching)` });
  }
  const style = { "--seat": seatColor(message.seat), "--seat-text": seatTextColor(message.seat) };
  return el("span", { class: "seat-chip", style }, el("span", { class: "seat-dot" }), message.name);
}

async function send() {
  const input = $("chat-input");
  const text = input.value.trim();
  if (!text) return;
  const writer = chat.writer();
  // As a seat: its number, with its token when this browser holds one (else the session
  // cookie answers for the account's seat); as a spectator: the text alone, by the session.
  const body = writer ? { text, seat: writer.seat } : { text };
  const button = $("chat-send");
  button.disabled = true;
  try {
    await api(`/api/tables/${encodeURIComponent(chat.tableId)}/chat`, { method: "POST", body, token: writer ? writer.token : null });
    input.value = "";
    showChatError(null);
  } catch (e) {
    showChatError(refusal(e));
  } finally {
    button.disabled = false;
    input.focus();
  }
}

/** The server's refusal in the player's words (its message names the rule broken). */
function refusal(error) {
  if (error.code === "too_many_messages") {
    const wait = Number(error.body.retry_after) || 1;
    return `Too many messages at once: wait ${wait} s before writing again (your text is still in the box).`;
  }
  if (error.code === "spectators_silent") return "At this table only the players write in the chat.";
  if (error.code === "login_required") return "Log in in the lobby to write in the chat as a spectator.";
  return `Not sent: ${String(error.message).replace(/\.$/, "")}.`;
}

function showChatError(text) {
  const node = $("chat-error");
  node.hidden = !text;
  node.textContent = text || "";
}
