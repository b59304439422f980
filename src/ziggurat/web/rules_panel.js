// The rules panel: the game's players' summary (GET /api/games/{name}/rules, HTML the server
// made from the game's rules.md, raw HTML in it escaped), in the page beside the board,
// fetched once when first opened.

import { api } from "./common.js";

let loaded = null;

/** Wire the topbar's Rules button to the panel for `game`. */
export function setupRulesPanel(game) {
  const button = document.getElementById("rules-button");
  const panel = document.getElementById("rules-panel");
  const body = document.getElementById("rules-body");
  button.hidden = false;
  const show = async (open) => {
    panel.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    document.body.classList.toggle("rules-open", open);
    if (!open || loaded === game) return;
    body.textContent = "Loading the rules…";
    try {
      const rules = await api(`/api/games/${encodeURIComponent(game)}/rules`);
      document.getElementById("rules-title").textContent = `${rules.title}: the rules`;
      body.innerHTML = rules.html; // made by the server from the game's own file
      loaded = game;
    } catch (e) {
      body.textContent = `The rules could not be loaded: ${e.message}`;
    }
  };
  button.addEventListener("click", () => show(panel.hidden));
  document.getElementById("rules-close").addEventListener("click", () => show(false));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !panel.hidden) show(false);
  });
}
