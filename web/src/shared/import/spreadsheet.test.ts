import writeExcelFile from 'write-excel-file/browser';
import { describe, expect, it } from 'vitest';
import { csvRows, csvSeparator, csvText, LegacyXlsError, readSheet, xlsxRows } from './spreadsheet';

/** The first bytes of a workbook in the old binary .xls format (an OLE2 compound file). */
const XLS_BYTES = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array<number>(504).fill(0)]);

describe('spreadsheets read for an import', () => {
  it('a CSV file is read as UTF-8, or as Windows-1252 when it is not valid UTF-8', () => {
    expect(csvText(new TextEncoder().encode('Localité;Zaïbo'))).toBe('Localité;Zaïbo');
    expect(csvText(Uint8Array.from([0x4c, 0x6f, 0x63, 0x61, 0x6c, 0x69, 0x74, 0xe9]))).toBe('Localité');
    const sheet = csvRows(csvText(new TextEncoder().encode('Code région;Localité\nHSS;Zaïbo\n')));
    expect(sheet).toEqual([
      ['Code région', 'Localité'],
      ['HSS', 'Zaïbo'],
    ]);
  });

  it('a CSV file keeps its codes as written, its separator and its blank lines inside', () => {
    expect(csvSeparator('Code région;Localité\nHSS;Zaïbo, village\n')).toBe(';');
    expect(csvSeparator('"Code; région",Localité\n')).toBe(',');
    expect(csvSeparator('Code région\tLocalité\n')).toBe('\t');
    expect(csvSeparator('Localité\n')).toBe(',');
    expect(csvRows('Code,Localité\r\n007,"Zaïbo, village"\r\n\r\n008,Bahoué\r\n\r\n')).toEqual([
      ['Code', 'Localité'],
      ['007', 'Zaïbo, village'],
      [''],
      ['008', 'Bahoué'],
    ]);
  });

  it('an .xlsx workbook keeps its codes as written and its blank rows inside', async () => {
    const blob = await writeExcelFile([['Code région', 'Localité'], ['007', 'Zaïbo'], [], [8, 'Bahoué']]).toBlob();
    const sheet = await xlsxRows(await blob.arrayBuffer());
    expect(sheet.map((cells) => cells.map((cell) => cell ?? ''))).toEqual([
      ['Code région', 'Localité'],
      ['007', 'Zaïbo'],
      ['', ''],
      ['8', 'Bahoué'],
    ]);
  });

  it('a workbook in the old .xls format is refused as such, whatever its name', async () => {
    await expect(xlsxRows(XLS_BYTES.buffer)).rejects.toBeInstanceOf(LegacyXlsError);
    await expect(readSheet(new File([XLS_BYTES], 'localites.xls'))).rejects.toBeInstanceOf(LegacyXlsError);
    await expect(readSheet(new File([XLS_BYTES], 'localites.xlsx'))).rejects.toBeInstanceOf(LegacyXlsError);
    await expect(readSheet(new File(['pas un classeur'], 'localites.xls'))).rejects.toBeInstanceOf(LegacyXlsError);
    await expect(readSheet(new File(['pas un classeur'], 'localites.xlsx'))).rejects.not.toBeInstanceOf(LegacyXlsError);
  });
});
