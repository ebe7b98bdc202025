/**
 * Renders the landing page's hero video and its poster locally, in the system Chromium: an animated
 * drawing of CareSlot's own screens (the booking calendar filling up, the patient inbox, a video visit),
 * recorded from a canvas with MediaRecorder (WebM/VP9) and a WebP poster. Nothing is downloaded.
 *
 *   node --import tsx apps/web/scripts/make-landing-media.ts
 *
 * Writes apps/web/public/landing/hero.webm and hero-poster.webp.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/landing');
const WIDTH = 960;
const HEIGHT = 600;
const SECONDS = 9;

const scene = `
const W = ${WIDTH}, H = ${HEIGHT}, T = ${SECONDS};
const c = document.createElement('canvas'); c.width = W; c.height = H; document.body.appendChild(c);
const g = c.getContext('2d');
const TEAL = '#0b7a74', TEAL_L = '#d2ebe9', INK = '#1b2b3c', LINE = '#d6dee6', SOFT = '#f2f5f8', AMBER = '#f5a623', VIOLET = '#6c5ce7', CORAL = '#e8684a';
const ease = (t) => t < 0 ? 0 : t > 1 ? 1 : t * t * (3 - 2 * t);
function rr(x, y, w, h, r, fill, stroke) { g.beginPath(); g.roundRect(x, y, w, h, r); if (fill) { g.fillStyle = fill; g.fill(); } if (stroke) { g.strokeStyle = stroke; g.lineWidth = 2; g.stroke(); } }
function text(s, x, y, size, color, weight = 600) { g.font = weight + ' ' + size + 'px Inter, DejaVu Sans, sans-serif'; g.fillStyle = color; g.fillText(s, x, y); }
const slots = [[0,0],[1,1],[2,0],[3,2],[0,3],[4,1],[2,3],[1,4],[3,0],[4,4],[0,2],[2,1]];
function draw(t) {
  // background
  const bg = g.createLinearGradient(0, 0, W, H); bg.addColorStop(0, '#e9f4f3'); bg.addColorStop(1, '#eef2f8');
  g.fillStyle = bg; g.fillRect(0, 0, W, H);
  // app window
  rr(40, 36, 600, 528, 20, '#ffffff', LINE);
  rr(40, 36, 600, 56, 20, SOFT); g.fillStyle = SOFT; g.fillRect(40, 70, 600, 22);
  rr(60, 52, 26, 26, 7, TEAL); g.strokeStyle = '#fff'; g.lineWidth = 3; g.beginPath(); g.moveTo(66, 65); g.lineTo(71, 70); g.lineTo(80, 59); g.stroke();
  text('CareSlot', 96, 72, 20, INK, 800);
  rr(470, 50, 150, 30, 15, TEAL); text('+ 12', 530, 71, 15, '#fff', 700);
  // calendar header
  const days = ['MON', 'TUE', 'WED', 'THU', 'FRI'];
  days.forEach((d, i) => { rr(64 + i * 112, 112, 100, 46, 10, i === 2 ? TEAL : SOFT); text(d, 94 + i * 112, 134, 13, i === 2 ? '#fff' : '#56697e', 700); text(String(14 + i), 104 + i * 112, 151, 14, i === 2 ? '#fff' : INK, 700); });
  const times = ['8:00', '9:30', '11:00', '1:30', '3:00'];
  for (let d = 0; d < 5; d++) for (let s = 0; s < 5; s++) {
    const idx = slots.findIndex(([a, b]) => a === d && b === s);
    const x = 64 + d * 112, y = 176 + s * 74;
    const p = idx < 0 ? 0 : ease((t - 0.4 - idx * 0.32) / 0.35);
    rr(x, y, 100, 58, 12, '#ffffff', LINE);
    if (p > 0) { g.globalAlpha = p; rr(x, y, 100, 58, 12, TEAL_L); rr(x, y, 6, 58, 3, TEAL); g.globalAlpha = 1; }
    text(times[s], x + 16, y + 25, 15, INK, 700);
    if (p > 0) { g.globalAlpha = p; rr(x + 16, y + 36, 58 * p, 8, 4, TEAL); g.globalAlpha = 1; }
    else rr(x + 16, y + 36, 40, 8, 4, LINE);
  }
  // inbox card
  const inA = ease((t - 1.6) / 0.6);
  g.save(); g.globalAlpha = inA; g.translate(40 * (1 - inA), 0);
  rr(664, 36, 256, 250, 20, '#ffffff', LINE);
  rr(684, 56, 36, 36, 18, VIOLET); text('JE', 691, 80, 14, '#fff', 700);
  rr(732, 62, 110, 10, 5, INK); rr(732, 80, 150, 8, 4, LINE);
  const bubbles = [[684, 108, 180, SOFT, 2.2], [716, 156, 184, TEAL, 3.0], [684, 204, 168, SOFT, 3.8]];
  bubbles.forEach(([x, y, w, col, at]) => { const b = ease((t - at) / 0.4); if (b <= 0) return; g.globalAlpha = inA * b; rr(x, y + 10 * (1 - b), w, 38, 14, col); rr(x + 14, y + 15 + 10 * (1 - b), w - 50, 8, 4, col === TEAL ? '#ffffff' : '#a5b4c3'); g.globalAlpha = inA; });
  rr(684, 254, 200, 18, 9, SOFT);
  g.restore();
  // video visit card
  const vA = ease((t - 4.4) / 0.6);
  g.save(); g.globalAlpha = vA; g.translate(40 * (1 - vA), 0);
  rr(664, 304, 256, 260, 20, '#20384f');
  g.fillStyle = '#f0c9a6'; g.beginPath(); g.arc(792, 410, 40, 0, Math.PI * 2); g.fill();
  g.fillStyle = '#3b2a20'; g.beginPath(); g.ellipse(792, 386, 42, 24, 0, Math.PI, 0); g.fill();
  g.fillStyle = '#ffffff'; g.beginPath(); g.moveTo(722, 530); g.quadraticCurveTo(730, 458, 792, 456); g.quadraticCurveTo(854, 458, 862, 530); g.fill();
  rr(844, 320, 60, 44, 8, '#385a78', '#ffffff');
  g.fillStyle = '#c8906a'; g.beginPath(); g.arc(874, 338, 9, 0, Math.PI * 2); g.fill();
  const pulse = 0.5 + 0.5 * Math.sin(t * 5);
  g.fillStyle = CORAL; g.globalAlpha = vA * (0.6 + 0.4 * pulse); g.beginPath(); g.arc(688, 330, 7, 0, Math.PI * 2); g.fill(); g.globalAlpha = vA;
  rr(700, 322, 60, 14, 7, 'rgba(255,255,255,0.25)');
  [752, 792, 832].forEach((x, i) => { g.fillStyle = i === 2 ? CORAL : 'rgba(255,255,255,0.9)'; g.beginPath(); g.arc(x, 540, 13, 0, Math.PI * 2); g.fill(); });
  g.restore();
  // booking toast
  const toast = ease((t - 6.2) / 0.5) * (1 - ease((t - 8.4) / 0.4));
  if (toast > 0) { g.save(); g.globalAlpha = toast; g.translate(0, 20 * (1 - toast));
    rr(210, 498, 320, 52, 14, INK); g.fillStyle = '#3bb273'; g.beginPath(); g.arc(238, 524, 12, 0, Math.PI * 2); g.fill();
    g.strokeStyle = '#fff'; g.lineWidth = 3; g.beginPath(); g.moveTo(232, 524); g.lineTo(237, 529); g.lineTo(245, 519); g.stroke();
    rr(262, 512, 150, 10, 5, '#ffffff'); rr(262, 530, 220, 8, 4, '#8597aa');
    for (let i = 0; i < 5; i++) { g.fillStyle = AMBER; g.beginPath(); g.arc(430 + i * 16, 517, 5, 0, Math.PI * 2); g.fill(); }
    g.restore(); }
}
window.renderPoster = () => { draw(7.0); return c.toDataURL('image/webp', 0.82); };
window.record = () => new Promise((resolve) => {
  const stream = c.captureStream(24);
  const rec = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp9', videoBitsPerSecond: 220000 });
  const chunks = [];
  rec.ondataavailable = (e) => chunks.push(e.data);
  rec.onstop = async () => { const buf = await new Blob(chunks, { type: 'video/webm' }).arrayBuffer(); let s = ''; const b = new Uint8Array(buf); for (let i = 0; i < b.length; i++) s += String.fromCharCode(b[i]); resolve(btoa(s)); };
  const start = performance.now();
  const tick = () => { const t = (performance.now() - start) / 1000; draw(Math.min(t, T)); if (t < T) requestAnimationFrame(tick); else rec.stop(); };
  rec.start(); tick();
});
`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--autoplay-policy=no-user-gesture-required',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  await page.setContent(`<html><body style="margin:0"><script>${scene}</script></body></html>`);
  const poster = await page.evaluate(() =>
    (window as unknown as { renderPoster: () => string }).renderPoster(),
  );
  await writeFile(path.join(out, 'hero-poster.webp'), Buffer.from(poster.split(',')[1]!, 'base64'));
  const video = await page.evaluate(() => (window as unknown as { record: () => Promise<string> }).record());
  await writeFile(path.join(out, 'hero.webm'), Buffer.from(video, 'base64'));
  console.log(`wrote ${out}/hero.webm and hero-poster.webp`);
} finally {
  await browser.close();
}
