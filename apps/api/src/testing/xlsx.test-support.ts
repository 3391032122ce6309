import ExcelJS from 'exceljs';

/**
 * A workbook's sheets as a spreadsheet reads them (exceljs; it refuses XML that is not well-formed): each sheet's name
 * and rows, every cell as text ('' when empty), each row as wide as the sheet's first. The file is compressed: search
 * it for text through this, never through its bytes.
 */
export async function xlsxSheets(file: Uint8Array | ArrayBuffer): Promise<{ name: string; rows: string[][] }[]> {
  const workbook = await xlsxWorkbook(file);
  return workbook.worksheets.map((sheet) => {
    const width = sheet.getRow(1).cellCount;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push(Array.from({ length: Math.max(width, row.cellCount) }, (_, i) => {
      const v = row.getCell(i + 1).value;
      return v === null || v === undefined ? '' : String(v);
    })));
    return { name: sheet.name, rows };
  });
}

/** The workbook as exceljs reads it (a copy of the bytes as the ArrayBuffer its types ask for). */
export async function xlsxWorkbook(file: Uint8Array | ArrayBuffer): Promise<ExcelJS.Workbook> {
  const bytes = file instanceof Uint8Array ? file : new Uint8Array(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.slice().buffer);
  return workbook;
}

/** Every sheet name and cell text of a workbook, one line per row: what a leak search reads. */
export async function xlsxText(file: Uint8Array | ArrayBuffer): Promise<string> {
  return (await xlsxSheets(file)).map((s) => [s.name, ...s.rows.map((r) => r.join('\t'))].join('\n')).join('\n');
}
