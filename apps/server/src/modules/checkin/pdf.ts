import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { DRAWN_SIGNATURE_PREFIX } from '@careslot/domain';
import type { CheckInFormResponse, CustomForm, FormAnswer } from '@careslot/contracts';

/**
 * A signed consent as a PDF (the Check-In Summary's download): the form's title and version, each question with
 * the patient's answer, the signature (drawn: the image; typed: the name) and when it was signed. pdf-lib's
 * standard fonts write WinAnsi only, so other characters are replaced rather than failing the download.
 */

const winAnsi = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of winAnsi(text).split(/\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

function answerText(form: CustomForm, key: string, value: FormAnswer | undefined): string {
  const component = form.Definition.Sections.flatMap((s) => s.Components).find((c) => c.Key === key);
  if (value == null) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value))
    return value.map((v) => component?.Options?.find((o) => o.Value === v)?.Label ?? v).join(', ');
  if (typeof value === 'object') return value.Name;
  const text = String(value);
  return component?.Options?.find((o) => o.Value === text)?.Label ?? text;
}

export async function consentPdf(input: {
  form: CustomForm;
  response: CheckInFormResponse;
  patientName: string;
  practiceName: string;
}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(`${input.form.Name} - ${input.patientName}`));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([612, 792]);
  const margin = 56;
  const width = 612 - margin * 2;
  let y = 792 - margin;
  const ensure = (height: number) => {
    if (y - height < margin) {
      page = pdf.addPage([612, 792]);
      y = 792 - margin;
    }
  };
  const write = (text: string, options: { size?: number; bold?: boolean; gap?: number } = {}) => {
    const size = options.size ?? 11;
    for (const line of wrap(text, options.bold ? bold : font, size, width)) {
      ensure(size + 4);
      page.drawText(line, {
        x: margin,
        y: y - size,
        size,
        font: options.bold ? bold : font,
        color: rgb(0.1, 0.1, 0.1),
      });
      y -= size + 4;
    }
    y -= options.gap ?? 4;
  };
  write(input.practiceName, { size: 10 });
  write(input.form.Name, { size: 18, bold: true });
  write(`Version ${input.response.FormVersion} - ${input.patientName}`, { size: 10, gap: 12 });
  for (const section of input.form.Definition.Sections) {
    write(section.Title, { size: 13, bold: true });
    if (section.Description) write(section.Description);
    for (const component of section.Components) {
      const value = input.response.Components[component.Key];
      if (component.Type === 'display') {
        write(component.Label);
        continue;
      }
      if (component.Type === 'signature' && typeof value === 'string') {
        write(component.Label, { bold: true });
        if (value.startsWith(DRAWN_SIGNATURE_PREFIX)) {
          const image = await pdf.embedPng(Buffer.from(value.slice(DRAWN_SIGNATURE_PREFIX.length), 'base64'));
          const scaled = image.scaleToFit(240, 80);
          ensure(scaled.height + 8);
          page.drawImage(image, {
            x: margin,
            y: y - scaled.height,
            width: scaled.width,
            height: scaled.height,
          });
          y -= scaled.height + 8;
        } else write(`Signed: ${value}`, { size: 14 });
        continue;
      }
      if (value === undefined) continue;
      write(component.Label, { bold: true, gap: 0 });
      write(answerText(input.form, component.Key, value));
    }
  }
  write(`Signed on ${input.response.UpdatedOn}`, { size: 10 });
  return pdf.save();
}
