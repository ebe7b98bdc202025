import ExcelJS from 'exceljs';

/**
 * A report as an Excel workbook (.xlsx): one sheet, a bold header row, the columns sized to their text. Cells are
 * written as strings, so nothing a patient typed is read as a formula.
 */
export async function xlsxOf(sheetName: string, headers: string[], rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'CareSlot';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.addRow(headers).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  sheet.columns.forEach((column, index) => {
    const widest = Math.max(headers[index]!.length, ...rows.map((r) => (r[index] ?? '').length));
    column.width = Math.min(60, widest + 2);
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
