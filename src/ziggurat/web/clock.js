// The table's clocks (payload.clock, docs/server-api.md "Time controls"): each timed seat's
// time left, the running one counted down here every quarter second from the server's
// deadline. Knows no rule of any game: the server works the clocks out from the record.

import { el, seatName, seatColor } from "./common.js";

const TICK_MS = 250;
const LOW_SECONDS = 30; // a real-time clock under this shows red
let ticker = null;

/** "1:05", "12:00", "1:02:03"; "2 d 3 h" and "5 h 12 min" for turn-based allowances. */
export function formatSeconds(seconds, { long = false } = {}) {
  const s = Math.max(0, Math.floor(seconds));
  if (long && s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  if (long && s >= 3600) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** Seconds until the running seat's time runs out, by this browser's clock. */
function leftNow(clock) {
  return clock.deadline ? (Date.parse(clock.deadline) - Date.now()) / 1000 : null;
}

/**
 * Draw the clocks into `box` (hidden for a table without one) and keep the running one
 * counting; `replaying` hides them (a replay shows a past position, not today's time).
 */
export function renderClocks(box, payload, { replaying = false, viewer = null } = {}) {
  clearInterval(ticker);
  ticker = null;
  const clock = payload.clock;
  const table = payload.table;
  if (!clock || clock.kind === "none" || replaying || table.status === "finished") {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const parts = [el("span", { class: "clock-kind", text: clock.kind === "realtime" ? `Clock: ${clock.minutes} min + ${clock.increment} s a turn` : `Clock: ${clock.hours} h a turn` })];
  const cells = new Map();
  if (clock.kind === "realtime") {
    (clock.remaining || []).forEach((left, seat) => {
      if (left === null || left === undefined) return;
      const cell = el("span", { class: "clock", "data-seat": String(seat), style: { "--seat": seatColor(seat) } });
      cells.set(seat, { cell, left });
      parts.push(el("span", { class: `clock-seat${seat === clock.running ? " running" : ""}${seat === viewer ? " yours" : ""}` }, el("b", { text: seatName(table, seat) }), " ", cell));
    });
  } else if (clock.running !== null && clock.running !== undefined) {
    const cell = el("span", { class: "clock", "data-seat": String(clock.running) });
    cells.set(clock.running, { cell, left: null });
    parts.push(el("span", { class: `clock-seat running${clock.running === viewer ? " yours" : ""}` }, el("b", { text: seatName(table, clock.running) }), " has ", cell, " left for this turn"));
  }
  box.replaceChildren(...parts);
  box.hidden = false;
  const tick = () => {
    for (const [seat, { cell, left }] of cells) {
      const running = seat === clock.running;
      const seconds = running ? leftNow(clock) : left;
      if (seconds === null) continue;
      const text = clock.kind === "turn" ? formatSeconds(seconds, { long: true }) : formatSeconds(seconds);
      if (cell.textContent !== text) cell.textContent = text;
      cell.classList.toggle("low", clock.kind === "realtime" && seconds < LOW_SECONDS);
      cell.classList.toggle("out", running && seconds <= 0);
    }
  };
  tick();
  if (clock.running !== null && clock.running !== undefined && clock.deadline) ticker = setInterval(tick, TICK_MS);
}
