import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type ExportColumn, toXlsx } from './exports.ts';

type Row = {
  farmerNo: string;
  phone: string;
  net: string;
  amount: string;
  bags: number;
  code: string;
  paid: string;
};

const columns: ExportColumn<Row>[] = [
  { header: 'Farmer no', value: (r) => r.farmerNo },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Net kg', value: (r) => r.net },
  { header: 'Amount (TZS)', value: (r) => r.amount },
  { header: 'Bags', value: (r) => r.bags },
  { header: 'Code', value: (r) => r.code, number: 'text' },
  { header: 'Paid (TZS)', value: (r) => r.paid, number: 'money' },
];

async function sheetOf(buffer: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('xlsx exports', () => {
  it('write figures as numeric cells a spreadsheet can total: money to the cent, kg to the gram, thousands grouped', async () => {
    const rows: Row[] = [
      {
        farmerNo: '0012',
        phone: '255754000111',
        net: '625125.601',
        amount: '1633398826.48',
        bags: 12,
        code: '1201.10',
        paid: '195000',
      },
      {
        farmerNo: '0013',
        phone: '255754000112',
        net: '0.500',
        amount: '-129692.31',
        bags: 3,
        code: '7',
        paid: '0.00',
      },
    ];
    const sheet = await sheetOf(await toXlsx('Farmers', columns, rows, 'en'));
    const cells = (n: number) =>
      columns.map((_, i) => {
        const cell = sheet.getRow(n).getCell(i + 1);
        return [cell.value, cell.numFmt ?? null];
      });
    expect(cells(2)).toEqual([
      ['0012', null],
      ['255754000111', null],
      [625125.601, '#,##0.000'],
      [1633398826.48, '#,##0.00'],
      [12, '#,##0'],
      ['1201.10', null],
      [195000, '#,##0.00'],
    ]);
    expect(cells(3).slice(2, 4)).toEqual([
      [0.5, '#,##0.000'],
      [-129692.31, '#,##0.00'],
    ]);
  });

  it('keep a figure past a double’s exact range as text rather than show another figure', async () => {
    const sheet = await sheetOf(
      await toXlsx(
        'Big',
        [{ header: 'Amount', value: (r: { a: string }) => r.a }],
        [{ a: '9007199254740993.25' }],
        'en',
      ),
    );
    expect(sheet.getRow(2).getCell(1).value).toBe('9007199254740993.25');
  });

  it('write figures as numbers in a file for another system too (a bank upload)', async () => {
    const sheet = await sheetOf(
      await toXlsx(
        'Bank',
        columns,
        [
          {
            farmerNo: '0012',
            phone: '255754000111',
            net: '1.000',
            amount: '1500.00',
            bags: 1,
            code: '1',
            paid: '1',
          },
        ],
        null,
      ),
    );
    expect(sheet.getRow(2).getCell(4).value).toBe(1500);
    expect(sheet.getRow(2).getCell(4).numFmt).toBe('#,##0.00');
    expect(sheet.getRow(2).getCell(2).value).toBe('255754000111');
  });
});
