// The table's chat: the messages every payload carries (the last hundred), and a box to write
// one where the viewer may (a seat, or a logged-in spectator at a table that lets spectators
// write). A message is the players' own text: it is only ever set as text, never as markup.

import { api, el, seatChip } from "./common.js";

const $ = (id) => document.getElementById(id);

const chat = {
  tableId: null,
  writer: null, // () => {seat, token} of the viewer, or null for a spectator
  account: undefined, // the logged-in account (null: nobody), asked for once
  shown: "", // the numbers on screen, so that an unchanged chat is not drawn again
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
  api("/api/me")
    .then((me) => (chat.account = me.account))
    .catch(() => (chat.account = null));
}

/** Draw the payload's messages and show the box if the viewer may write. */
export function renderChat(payload, seat) {
  const messages = payload.chat || [];
  const table = payload.table;
  const key = messages.map((m) => m.number).join(",");
  if (key !== chat.shown) {
    chat.shown = key;
    const list = $("chat-list");
    list.replaceChildren(...messages.map((m) => messageItem(m, table)));
    list.scrollTop = list.scrollHeight;
    $("chat-empty").hidden = messages.length > 0;
  }
  const spectatorMay = seat === null && table.spectator_chat && chat.account;
  $("chat-form").hidden = !(seat !== null || spectatorMay);
}

function messageItem(message, table) {
  const when = new Date(message.at);
  const time = Number.isNaN(when.getTime()) ? "" : when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const who = message.seat === null ? el("b", { class: "chat-spectator", text: `${message.name} (watching)` }) : seatChip(table, message.seat);
  return el("li", { class: "chat-message", "data-number": String(message.number) }, [
    el("span", { class: "chat-head" }, [who, el("time", { datetime: message.at, text: time })]),
    el("span", { class: "chat-text", text: message.text }),
  ]);
}

async function send() {
  const input = $("chat-input");
  const text = input.value.trim();
  if (!text) return;
  const writer = chat.writer();
  const body = { text };
  if (writer && writer.seat !== null) body.seat = writer.seat;
  const button = $("chat-send");
  button.disabled = true;
  try {
    await api(`/api/tables/${encodeURIComponent(chat.tableId)}/chat`, { method: "POST", body, token: writer ? writer.token : null });
    input.value = "";
    showChatError(null);
  } catch (e) {
    const wait = e.body && e.body.retry_after ? ` (${e.body.retry_after} s)` : "";
    showChatError(`${e.message}${wait}`);
  } finally {
    button.disabled = false;
    input.focus();
  }
}

function showChatError(text) {
  const node = $("chat-error");
  node.hidden = !text;
  node.textContent = text || "";
}
