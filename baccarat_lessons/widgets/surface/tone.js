// The round's tone: a short pair of notes when a round the user had chips on is shown to its end, if
// the table's Sound setting is on: rising when the user came out ahead, falling otherwise. Made with
// the Web Audio API, so no sound file crosses the websocket. Browsers let a page make sound only after
// a click on it: the audio context is opened by the user's own clicks (render's `send`, surface.js).
let audio = null;

function openAudio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (audio === null) audio = new Context();
  if (audio.state === "suspended") audio.resume();
  return audio;
}

const TONES = { rising: [660, 880], falling: [440, 330] };
const NOTE_SECONDS = 0.12;

function playTone(name) {
  const frequencies = TONES[name];
  if (!frequencies || audio === null) return;
  frequencies.forEach((frequency, i) => {
    const start = audio.currentTime + i * NOTE_SECONDS;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.3, start);
    gain.gain.linearRampToValueAtTime(0, start + NOTE_SECONDS); // fades out: no click at the end
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + NOTE_SECONDS);
  });
}
