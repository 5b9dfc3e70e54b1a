#!/usr/bin/env node
// Generates the demo restaurant's bundled illustrations (no dependencies):
//   apps/web/public/images/items/<slug>.svg   one per item (800x600, flat style, no text)
//   apps/web/public/images/category-<id>.svg  one per category (800x600)
//   apps/web/public/images/hero.svg           wide bistro table (1600x900)
// Usage: node scripts/make-demo-images.mjs [path/to/restaurant.json]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.resolve(process.argv[2] ?? path.join(root, 'apps/api/restaurant/demo-restaurant.json'));
const outDir = path.join(root, 'apps/web/public/images');
const itemsDir = path.join(outDir, 'items');

// ---------- helpers ----------
const ascii = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/œ/gi, 'oe').replace(/æ/gi, 'ae').toLowerCase();
const slug = (s) => ascii(s).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const rng = (seed) => () => {
  // mulberry32: deterministic per item id, so re-running gives identical files
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (r, list) => list[Math.floor(r() * list.length)];
const byId = (id, list) => list[Math.abs(id) % list.length];
const int = (r, min, max) => Math.round(min + r() * (max - min));
const around = (r, radius) => {
  const a = r() * Math.PI * 2;
  const d = Math.sqrt(r()) * radius;
  return [Math.round(Math.cos(a) * d), Math.round(Math.sin(a) * d)];
};

const palettes = {
  pizza: ['#ff9a62', '#d7372b'],
  burger: ['#ffc766', '#d9822b'],
  pates: ['#fff3cf', '#f2c14e'],
  entree: ['#cdd685', '#6f7d32'],
  salade: ['#c3ee9f', '#3fa34d'],
  dessert: ['#ffbfd0', '#c2185b'],
  boisson: ['#8fe3dd', '#1b6ca8'],
  brunch: ['#fff38a', '#f9a825'],
};
const kindById = { 1: 'pizza', 2: 'burger', 3: 'entree', 4: 'salade', 5: 'dessert', 6: 'boisson', 7: 'brunch', 9: 'pates' };
const kindOf = (category) => {
  const n = ascii(category.name);
  for (const [word, kind] of [['pizza', 'pizza'], ['burger', 'burger'], ['pate', 'pates'], ['salade', 'salade'], ['dessert', 'dessert'], ['boisson', 'boisson'], ['brunch', 'brunch'], ['entree', 'entree']]) {
    if (n.includes(word)) return kind;
  }
  return kindById[category.category_id] ?? 'entree';
};

// ---------- motifs (drawn around 0,0, on a plate of radius ~215) ----------
const plate = (k = '') =>
  `<circle cy="22" r="238" fill="url(#s${k})"/><circle r="215" fill="#fdfbf7" stroke="#e6ded2" stroke-width="3"/><circle r="165" fill="#f5efe6" stroke="#ebe3d7" stroke-width="2"/>`;

const motifs = {
  pizza(r, id) {
    const tops = byId(id, [['#b71c1c', '#3b7d23'], ['#3e2723', '#c62828'], ['#6d4c41', '#f9a825'], ['#2e7d32', '#b71c1c'], ['#8d6e63', '#fbc02d']]);
    let s = `<g transform="rotate(${int(r, 0, 359)})"><circle r="152" fill="#e5a24a"/><circle r="132" fill="#d8482b"/>`;
    for (let i = 0; i < 7; i++) {
      const [x, y] = around(r, 100);
      s += `<ellipse cx="${x}" cy="${y}" rx="${int(r, 18, 30)}" ry="${int(r, 14, 22)}" fill="#f8de94"/>`;
    }
    s += '<path d="M-150 0H150M0-150V150M-106-106L106 106M-106 106L106-106" stroke="#b9772f" stroke-width="4" opacity=".6"/>';
    for (let i = 0; i < 10; i++) {
      const [x, y] = around(r, 112);
      s += `<circle cx="${x}" cy="${y}" r="${int(r, 9, 15)}" fill="${tops[i % 2]}"/>`;
    }
    return s + '</g>';
  },
  burger(r, id) {
    const cheese = byId(id, ['#ffc928', '#f6a623', '#fff1c1']);
    let s = '';
    if (id % 2) s += `<g fill="#f7c948" stroke="#e0a526" stroke-width="3">${[0, 1, 2, 3].map((i) => `<rect x="${110 + i * 16}" y="${-70 + i * 6}" width="16" height="110" rx="5" transform="rotate(${14 - i * 9} ${118 + i * 16} 40)"/>`).join('')}</g>`;
    s += '<rect x="-122" y="46" width="244" height="50" rx="22" fill="#d58c3c"/>';
    s += '<rect x="-130" y="12" width="260" height="42" rx="18" fill="#5b3820"/>';
    if (id % 3 === 0) s += '<rect x="-130" y="-12" width="260" height="34" rx="16" fill="#6b4226"/>';
    s += `<path d="M-128 10h256l-18 26-26-14-28 20-28-16-28 20-28-18-28 18-28-16-26 14z" fill="${cheese}"/>`;
    s += '<rect x="-118" y="-10" width="236" height="16" rx="8" fill="#e53935"/>';
    s += '<path d="M-134-8q17-18 34 0t34 0t34 0t34 0t34 0t34 0t34 0t34 0v-14h-268z" fill="#7cb342"/>';
    s += '<path d="M-126-18C-126-130 126-130 126-18Z" fill="#e59c46"/><path d="M-100-60C-80-100 0-112 40-100" stroke="#f6c27d" stroke-width="10" fill="none" stroke-linecap="round"/>';
    for (let i = 0; i < 9; i++) s += `<ellipse cx="${int(r, -90, 90)}" cy="${int(r, -88, -40)}" rx="6" ry="3.5" fill="#fff4d8" transform="rotate(${int(r, -40, 40)})"/>`;
    return s;
  },
  pates(r, id, k = '') {
    const sauce = byId(id, ['#c0392b', '#6a9a2b', '#f0b65a', '#d35400', '#8d4a1f']);
    let s = `<clipPath id="p${k}"><circle r="138"/></clipPath><g clip-path="url(#p${k})" transform="rotate(${int(r, 0, 179)})" fill="none" stroke-linecap="round">`;
    const strands = ['', ''];
    for (let y = -120; y <= 120; y += 20) strands[Math.abs(y / 20) % 2] += `M-150 ${y}q${int(r, 22, 32)}-24 50 0t50 0t50 0t50 0t50 0t50 0`;
    s += `<path d="${strands[0]}" stroke="#eec25c" stroke-width="13"/><path d="${strands[1]}" stroke="#f5d37a" stroke-width="13"/></g>`;
    for (let i = 0; i < 6; i++) {
      const [x, y] = around(r, 80);
      s += `<circle cx="${x}" cy="${y}" r="${int(r, 14, 24)}" fill="${sauce}" opacity=".9"/>`;
    }
    for (let i = 0; i < 3; i++) {
      const [x, y] = around(r, 70);
      s += `<ellipse cx="${x}" cy="${y}" rx="14" ry="7" fill="#3f8f2f" transform="rotate(${int(r, 0, 180)} ${x} ${y})"/>`;
    }
    for (let i = 0; i < 8; i++) {
      const [x, y] = around(r, 100);
      s += `<rect x="${x}" y="${y}" width="7" height="7" fill="#fffbe8"/>`;
    }
    return s;
  },
  salade(r, id) {
    const greens = ['#7cb342', '#558b2f', '#9ccc65', '#33691e', '#aed581'];
    const accent = byId(id, ['#e53935', '#ff7043', '#f4d35e', '#fff']);
    let s = `<g transform="rotate(${int(r, 0, 359)})">`;
    for (let i = 0; i < 14; i++) {
      const [x, y] = around(r, 95);
      s += `<ellipse cx="${x}" cy="${y}" rx="${int(r, 50, 68)}" ry="${int(r, 22, 30)}" fill="${greens[i % 5]}" transform="rotate(${int(r, 0, 180)} ${x} ${y})"/>`;
    }
    for (let i = 0; i < 4; i++) {
      const [x, y] = around(r, 90);
      s += `<circle cx="${x}" cy="${y}" r="17" fill="#e53935"/><circle cx="${x - 5}" cy="${y - 5}" r="4" fill="#ff8a80"/>`;
    }
    for (let i = 0; i < 4; i++) {
      const [x, y] = around(r, 95);
      s += `<rect x="${x}" y="${y}" width="18" height="18" rx="4" fill="${i % 2 ? '#d9a25b' : accent}" transform="rotate(${int(r, 0, 90)} ${x} ${y})"/>`;
    }
    return s + '</g>';
  },
  dessert(r, id) {
    const top = byId(id, ['#e91e63', '#6d4c41', '#ff7043', '#8e24aa', '#c2185b']);
    if (id % 2) {
      return `<path d="M-150 10L150 10L105-50Z" fill="${top}"/><rect x="-150" y="10" width="300" height="100" fill="#f3c98b"/><rect x="-150" y="42" width="300" height="14" fill="#fff3e0"/><rect x="-150" y="10" width="300" height="16" fill="${top}" opacity=".85"/><rect x="-150" y="78" width="300" height="12" fill="#fff3e0"/><circle cx="92" cy="-48" r="20" fill="#d81b60"/><path d="M92-68q8-14 18-6" stroke="#2e7d32" stroke-width="5" fill="none"/><path d="M-120 118h260" stroke="#fff" stroke-width="6" opacity=".6" stroke-linecap="round"/>`;
    }
    const scoops = [pick(r, ['#fff3c4', '#f8bbd0', '#c5e1a5']), pick(r, ['#8d6e63', '#f48fb1', '#ffe082']), top];
    return `<path d="M-120 10H120C120 110 60 140 0 140S-120 110-120 10Z" fill="#fff" stroke="#e0d6c8" stroke-width="4"/><circle cx="-50" cy="-10" r="58" fill="${scoops[0]}"/><circle cx="50" cy="-10" r="58" fill="${scoops[1]}"/><circle cy="-70" r="56" fill="${scoops[2]}"/><rect x="60" y="-140" width="26" height="110" rx="6" fill="#e7b36a" transform="rotate(24 73-85)"/><circle cx="-20" cy="-92" r="12" fill="#fff" opacity=".5"/>`;
  },
  boisson(r, id, k, item) {
    const n = ascii(item?.name ?? '');
    const liquid = /citron/.test(n) ? '#f9e04b' : /eau/.test(n) ? '#bfe6ff' : /coca|cola/.test(n) ? '#3b1f14' : /biere/.test(n) ? '#f0a81e' : /vin|rhone|rouge/.test(n) ? '#7b1730' : pick(r, ['#ff8a65', '#9ccc65', '#4fc3f7']);
    const tilt = int(r, -6, 6);
    if (liquid === '#7b1730') {
      return `<g transform="rotate(${tilt})"><ellipse cy="150" rx="70" ry="14" fill="#fff" opacity=".7" stroke="#cfd8dc" stroke-width="3"/><rect x="-6" y="40" width="12" height="110" fill="#eceff1"/><path d="M-80-150H80C85-40 50 40 0 40S-85-40-80-150Z" fill="#fff" opacity=".45" stroke="#fff" stroke-width="5"/><path d="M-82-70H82C78-10 45 34 0 34S-78-10-82-70Z" fill="${liquid}"/><path d="M-55-135q-10 60 8 110" stroke="#fff" stroke-width="8" opacity=".6" fill="none" stroke-linecap="round"/></g>`;
    }
    let s = `<g transform="rotate(${tilt})"><path d="M-78-160H78L60 140H-60Z" fill="#fff" opacity=".4" stroke="#fff" stroke-width="6"/><path d="M-70-95H70L57 132H-57Z" fill="${liquid}" opacity=".88"/>`;
    if (liquid === '#f0a81e') s += '<g fill="#fffaf0"><circle cx="-50" cy="-100" r="26"/><circle cx="-12" cy="-112" r="30"/><circle cx="30" cy="-104" r="28"/><circle cx="60" cy="-96" r="20"/></g>';
    else s += `<rect x="-40" y="-80" width="46" height="46" rx="8" fill="#fff" opacity=".45" transform="rotate(${int(r, 5, 30)} -17-57)"/><rect x="8" y="-60" width="44" height="44" rx="8" fill="#fff" opacity=".4" transform="rotate(${int(r, -30, -5)} 30-38)"/><path d="M30-200L10 40" stroke="#ef5350" stroke-width="12" stroke-linecap="round"/>`;
    for (let i = 0; i < 6; i++) s += `<circle cx="${int(r, -45, 45)}" cy="${int(r, -20, 115)}" r="${int(r, 3, 7)}" fill="#fff" opacity=".55"/>`;
    if (/citron/.test(n)) s += '<circle cx="-78" cy="-160" r="36" fill="#fdd835" stroke="#f9a825" stroke-width="6"/><path d="M-78-196V-124M-114-160H-42" stroke="#fff59d" stroke-width="4"/>';
    return s + '<path d="M-62-150L-50 120" stroke="#fff" stroke-width="7" opacity=".55" stroke-linecap="round"/></g>';
  },
  entree(r, id) {
    const soup = byId(id, ['#f08a24', '#7b2d26', '#e9d8a6', '#9c6644', '#c5d86d']);
    let s = `<rect x="40" y="60" width="140" height="80" rx="28" fill="#e0a458" transform="rotate(${int(r, -30, -10)} 110 100)"/><circle r="128" fill="#fff" stroke="#dcd3c5" stroke-width="5"/><circle r="104" fill="${soup}"/><path d="M-70-40q30-40 80-38" stroke="#fff" stroke-width="8" opacity=".35" fill="none" stroke-linecap="round"/>`;
    for (let i = 0; i < 6; i++) {
      const [x, y] = around(r, 70);
      s += `<circle cx="${x}" cy="${y}" r="${int(r, 5, 9)}" fill="${i % 2 ? '#fff8e1' : '#33691e'}"/>`;
    }
    for (let i = 0; i < 3; i++) {
      const [x, y] = around(r, 50);
      s += `<ellipse cx="${x}" cy="${y}" rx="16" ry="8" fill="#558b2f" transform="rotate(${int(r, 0, 180)} ${x} ${y})"/>`;
    }
    return s;
  },
  brunch(r, id) {
    let s = '<g transform="translate(60 30) rotate(-8)"><rect x="-70" y="-65" width="140" height="130" rx="34" fill="#c8843e"/><rect x="-56" y="-50" width="112" height="102" rx="26" fill="#f2cf8c"/></g>';
    s += '<path d="M-150-40C-160-110-70-140-30-100S10-10-40 20-140 30-150-40Z" fill="#fff" stroke="#f1ece4" stroke-width="3"/><circle cx="-75" cy="-50" r="32" fill="#ffb300"/><circle cx="-86" cy="-60" r="9" fill="#ffe082"/>';
    const extra = id % 3;
    if (extra === 0) s += '<path d="M-120 70q20-20 40 0t40 0t40 0" stroke="#c0392b" stroke-width="18" fill="none" stroke-linecap="round"/><path d="M-120 70q20-20 40 0t40 0t40 0" stroke="#f5b7a8" stroke-width="5" fill="none"/>';
    else if (extra === 1) s += '<g transform="rotate(-20 -70 90)"><ellipse cx="-70" cy="90" rx="60" ry="32" fill="#558b2f"/><ellipse cx="-70" cy="90" rx="48" ry="22" fill="#c5e1a5"/></g>';
    else for (let i = 0; i < 6; i++) s += `<circle cx="${int(r, -140, -20)}" cy="${int(r, 60, 120)}" r="13" fill="${i % 2 ? '#c2185b' : '#3949ab'}"/>`;
    return s;
  },
};

// ---------- documents ----------
const gradients = (c, k = '') =>
  `<linearGradient id="b${k}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c[0]}"/><stop offset="1" stop-color="${c[1]}"/></linearGradient><radialGradient id="s${k}"><stop offset=".78" stop-opacity=".28"/><stop offset="1" stop-opacity="0"/></radialGradient>`;

function card(kind, seed, item) {
  const r = rng(seed);
  const c = palettes[kind];
  const deco = [0, 1, 2].map(() => `<circle cx="${int(r, 0, 800)}" cy="${int(r, 0, 600)}" r="${int(r, 60, 160)}" fill="#fff" opacity=".1"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600"><defs>${gradients(c)}</defs><rect width="800" height="600" fill="url(#b)"/>${deco}<g transform="translate(400 300) scale(1.16)">${plate()}${motifs[kind](r, seed, '', item)}</g></svg>\n`;
}

function hero() {
  const r = rng(2024);
  let s = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" width="1600" height="900"><defs><linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b8692a"/><stop offset="1" stop-color="#7a3d14"/></linearGradient><radialGradient id="s"><stop offset=".78" stop-opacity=".28"/><stop offset="1" stop-opacity="0"/></radialGradient><radialGradient id="l" cx=".5" cy=".35" r=".75"><stop offset="0" stop-color="#ffd59a" stop-opacity=".35"/><stop offset="1" stop-color="#3b1d08" stop-opacity=".35"/></radialGradient><pattern id="g" width="48" height="48" patternUnits="userSpaceOnUse"><rect width="48" height="48" fill="#fff"/><rect width="24" height="48" fill="#c62828" opacity=".55"/><rect width="48" height="24" fill="#c62828" opacity=".55"/></pattern></defs><rect width="1600" height="900" fill="url(#w)"/>`;
  for (let y = 0; y < 900; y += 150) s += `<path d="M0 ${y}H1600" stroke="#5e2e0f" stroke-width="4" opacity=".5"/><path d="M0 ${y + 60}C400 ${y + 40} 900 ${y + 85} 1600 ${y + 55}" stroke="#d08a4a" stroke-width="3" opacity=".25" fill="none"/>`;
  s += '<rect x="-120" y="540" width="760" height="520" fill="url(#g)" transform="rotate(-12 260 800)"/>';
  const place = [
    ['pizza', 430, 360, 1.25],
    ['burger', 1040, 300, 0.95],
    ['pates', 1330, 700, 0.9],
    ['salade', 820, 720, 0.85],
    ['dessert', 200, 760, 0.7],
    ['entree', 110, 150, 0.62],
  ];
  place.forEach(([kind, x, y, k], i) => {
    s += `<g transform="translate(${x} ${y}) scale(${k})">${plate()}${motifs[kind](r, 7 + i, `h${i}`)}</g>`;
  });
  s += `<g transform="translate(1420 190) scale(.7)">${motifs.boisson(r, 1, 'h6', { name: 'Verre de vin' })}</g>`;
  s += `<g transform="translate(700 110) scale(.6)">${motifs.boisson(r, 2, 'h7', { name: 'Citronnade' })}</g>`;
  s += '<g stroke="#cfd8dc" stroke-width="14" stroke-linecap="round"><path d="M1180 560L1250 860"/><path d="M1220 555L1290 850"/></g>';
  return s + '<rect width="1600" height="900" fill="url(#l)"/></svg>\n';
}

// ---------- run ----------
const file = JSON.parse(fs.readFileSync(source, 'utf8'));
fs.mkdirSync(itemsDir, { recursive: true });
const written = [];
const write = (file, svg) => {
  fs.writeFileSync(file, svg);
  written.push([path.relative(root, file), Buffer.byteLength(svg)]);
};
for (const menu of file.menus) {
  for (const category of menu.categories) {
    const kind = kindOf(category);
    write(path.join(outDir, `category-${category.category_id}.svg`), card(kind, category.category_id * 7 + 3, { name: category.items[0]?.name ?? '' }));
    for (const item of category.items) {
      const match = /^\/images\/items\/([\w-]+)\.svg$/.exec(item.image ?? '');
      const name = match ? match[1] : slug(item.name);
      write(path.join(itemsDir, `${name}.svg`), card(kind, item.item_id, item));
    }
  }
}
write(path.join(outDir, 'hero.svg'), hero());
for (const [f, size] of written) console.log(`${String(size).padStart(6)} o  ${f}`);
console.log(`${written.length} fichiers écrits.`);
