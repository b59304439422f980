// "Your turn", beyond the tab title: a short sound and a browser notification (when the
// player allowed them), once each time the turn comes to this screen. Both are settings of
// this browser, kept in localStorage; the notification only while the page is out of sight.

import { el } from "./common.js";

const SOUND_KEY = "ziggurat:turn-sound";
let audio = null;
let wasYourTurn = false;

function stored(key, fallback) {
  try {
    const value = window.localStorage.getItem(key);
    return value === null ? fallback : value === "1";
  } catch (e) {
    return fallback;
  }
}

function store(key, on) {
  try {
    window.localStorage.setItem(key, on ? "1" : "0");
  } catch (e) {
    /* storage refused: the setting lasts for this page only */
  }
}

/** Is the turn sound on? Off until the player turns it on (a page may not sound unasked). */
export function soundOn() {
  return stored(SOUND_KEY, false);
}

/** Two short soft tones, made here (no sound file to fetch). */
export function playTurnSound() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const start = audio.currentTime;
    [660, 880].forEach((frequency, i) => {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + i * 0.16);
      gain.gain.exponentialRampToValueAtTime(0.12, start + i * 0.16 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.16 + 0.15);
      tone.connect(gain).connect(audio.destination);
      tone.start(start + i * 0.16);
      tone.stop(start + i * 0.16 + 0.16);
    });
    document.body.dataset.turnSound = String(Number(document.body.dataset.turnSound || 0) + 1);
  } catch (e) {
    /* no audio on this browser */
  }
}

function notificationsAllowed() {
  return "Notification" in window && Notification.permission === "granted";
}

/** Tell the player when the turn comes to them: called after every drawing with whether it
 * is their turn now; acts only when that changed from not to yes. */
export function turnChanged(yourTurn, title) {
  const began = yourTurn && !wasYourTurn;
  wasYourTurn = yourTurn;
  if (!began) return;
  if (soundOn()) playTurnSound();
  if (notificationsAllowed() && document.visibilityState !== "visible") {
    try {
      const note = new Notification("Your turn", { body: title, tag: "ziggurat-turn", icon: "/static/favicon.svg" });
      note.onclick = () => {
        window.focus();
        note.close();
      };
    } catch (e) {
      /* some browsers allow notifications only from a service worker */
    }
  }
}

/** The two settings, for the table's side panel; `rerender` draws them again once the
 * browser answered the request for notifications. */
export function turnSettings(rerender) {
  const parts = [
    el(
      "label",
      { class: "check-line" },
      el("input", {
        type: "checkbox",
        id: "turn-sound",
        checked: soundOn(),
        onchange: (event) => {
          store(SOUND_KEY, event.target.checked);
          if (event.target.checked) playTurnSound(); // what it sounds like, and unlocks audio
        },
      }),
      " A sound when it is my turn",
    ),
  ];
  if ("Notification" in window) {
    const permission = Notification.permission;
    if (permission === "granted") {
      parts.push(el("p", { class: "muted", id: "turn-notify-state", text: "Notifications are on: one comes when it is your turn and this page is out of sight." }));
    } else if (permission === "denied") {
      parts.push(el("p", { class: "muted", id: "turn-notify-state", text: "Notifications are blocked for this site in the browser's settings." }));
    } else {
      parts.push(
        el("p", {}, el("button", {
          type: "button",
          class: "small-button",
          id: "turn-notify",
          text: "Notify me when it is my turn",
          onclick: async (event) => {
            event.target.disabled = true;
            await Notification.requestPermission();
            rerender();
          },
        })),
      );
    }
  }
  return parts;
}
