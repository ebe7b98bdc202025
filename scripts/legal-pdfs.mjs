#!/usr/bin/env node
// The signup-time Terms of Use and Privacy Policy (patient-booking.md §1: /terms-of-use-signup.pdf and
// /privacy-policy-signup.pdf), made from the same English text as the web pages (apps/web/src/locales/en/legal.json)
// and kept in apps/web/public, which the web build serves as they are. A small PDF 1.4 writer with the standard
// Helvetica fonts: no dependency, and the same text always gives the same bytes.
//   node scripts/legal-pdfs.mjs          write the PDFs
//   node scripts/legal-pdfs.mjs --check  fail when a committed PDF no longer matches the text
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const legal = JSON.parse(readFileSync(path.join(root, 'apps/web/src/locales/en/legal.json'), 'utf8'));
const OUT = path.join(root, 'apps/web/public');
const DOCUMENTS = [
  { key: 'terms', file: 'terms-of-use-signup.pdf' },
  { key: 'privacy', file: 'privacy-policy-signup.pdf' },
];

// Helvetica's advance widths (1/1000 em) for the printable ASCII characters 32..126, from its AFM.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const PAGE = { width: 612, height: 792, margin: 72 };
const STYLES = {
  title: { font: 'F2', size: 20, leading: 26, bold: true },
  meta: { font: 'F1', size: 9, leading: 14, bold: false },
  heading: { font: 'F2', size: 12.5, leading: 18, bold: true },
  body: { font: 'F1', size: 10.5, leading: 14.5, bold: false },
};

function ascii(text) {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`Not plain ASCII (Helvetica/WinAnsi): ${text}`);
  return text;
}

// Bold is a little wider than regular; wrapping by 1.08 x the regular widths keeps bold lines inside the margin.
const widthOf = (text, style) =>
  ([...text].reduce((sum, ch) => sum + HELVETICA[ch.charCodeAt(0) - 32], 0) *
    style.size *
    (style.bold ? 1.08 : 1)) /
  1000;

function wrap(text, style, maxWidth) {
  const lines = [];
  let line = '';
  for (const word of ascii(text).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && widthOf(next, style) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The document as blocks of styled lines, then laid out on pages. */
function layout(doc) {
  const maxWidth = PAGE.width - 2 * PAGE.margin;
  const blocks = [
    { style: STYLES.title, lines: [`CareSlot ${doc.title}`], after: 4 },
    { style: STYLES.meta, lines: [ascii(legal.updated)], after: 10 },
    { style: STYLES.body, lines: wrap(doc.intro, STYLES.body, maxWidth), after: 8 },
  ];
  doc.sections.forEach((section, index) => {
    blocks.push({
      style: STYLES.heading,
      lines: wrap(`${index + 1}. ${section.heading}`, STYLES.heading, maxWidth),
      after: 2,
      keepWithNext: true,
    });
    for (const paragraph of section.body)
      blocks.push({ style: STYLES.body, lines: wrap(paragraph, STYLES.body, maxWidth), after: 6 });
  });
  const pages = [[]];
  const bottom = PAGE.margin + 20;
  let y = PAGE.height - PAGE.margin;
  blocks.forEach((block, index) => {
    const height = block.lines.length * block.style.leading;
    const following = block.keepWithNext ? blocks[index + 1].style.leading * 2 : 0;
    if (y - height - following < bottom && pages.at(-1).length > 0) {
      pages.push([]);
      y = PAGE.height - PAGE.margin;
    }
    for (const line of block.lines) {
      y -= block.style.leading;
      pages.at(-1).push({ style: block.style, x: PAGE.margin, y, text: line });
    }
    y -= block.after;
  });
  return pages;
}

const escape = (text) => text.replace(/[\\()]/g, (ch) => `\\${ch}`);
const fixed = (n) => Number(n.toFixed(2)).toString();

function pdf(doc) {
  const pages = layout(doc);
  const objects = [];
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add(null);
  const pagesId = add(null);
  const regular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const info = add(
    `<< /Title (${escape(`CareSlot ${doc.title}`)}) /Author (CareSlot) /Producer (CareSlot scripts/legal-pdfs.mjs) >>`,
  );
  const kids = [];
  pages.forEach((lines, index) => {
    const footer = `CareSlot ${doc.title} - page ${index + 1} of ${pages.length}`;
    const text = [
      ...lines.map(
        (line) =>
          `BT /${line.style.font} ${fixed(line.style.size)} Tf ${fixed(line.x)} ${fixed(line.y)} Td (${escape(line.text)}) Tj ET`,
      ),
      `BT /F1 8 Tf ${PAGE.margin} ${PAGE.margin - 24} Td (${escape(footer)}) Tj ET`,
    ].join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
  objects[pagesId - 1] =
    `<< /Type /Pages /Kids [${kids.map((id) => `${id} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const check = process.argv.includes('--check');
let stale = 0;
for (const { key, file } of DOCUMENTS) {
  const bytes = pdf(legal[key]);
  const target = path.join(OUT, file);
  if (check) {
    let current = null;
    try {
      current = readFileSync(target);
    } catch {
      // missing: stale
    }
    if (!current || !current.equals(bytes)) {
      stale += 1;
      console.error(
        `${file} does not match apps/web/src/locales/en/legal.json: run node scripts/legal-pdfs.mjs`,
      );
    }
  } else {
    writeFileSync(target, bytes);
    console.log(`wrote apps/web/public/${file} (${bytes.length} bytes)`);
  }
}
process.exit(stale ? 1 : 0);
