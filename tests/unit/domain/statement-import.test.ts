// The pure rules of statement imports (issue 29): amounts, dates, column detection, the sign, a
// record to a row, and imported rows staying out of the Category Matcher.
import { describe, expect, it } from 'vitest';
import {
  csvRecordToRow,
  dateFormatsOf,
  detectMapping,
  isImportedRow,
  parseAmountCents,
  parseDate,
  type CsvMapping,
} from '@/domain/statement-import';
import { uncategorised } from '@/domain/matcher';

describe('parseAmountCents', () => {
  it.each([
    ['-12.34', '.', -1234],
    ['1,234.56', '.', 123456],
    ['$12', '.', 1200],
    ['(12.00)', '.', -1200],
    ['12.00-', '.', -1200],
    ['+5', '.', 500],
    ['.5', '.', 50],
    ['1.234,56', ',', 123456],
    ['-12,5', ',', -1250],
    ['USD 3.10', '.', 310],
  ] as const)('when the cell is %s with decimal %s, then it is %i cents', (text, decimal, cents) => {
    expect(parseAmountCents(text, decimal)).toBe(cents);
  });
  it('when the cell is empty, then null; when it is text or has three decimals, then NaN', () => {
    expect(parseAmountCents('  ', '.')).toBeNull();
    expect(parseAmountCents('abc', '.')).toBeNaN();
    expect(parseAmountCents('1.234', '.')).toBeNaN();
    expect(parseAmountCents('1,2,3', '.')).toBeNaN();
  });
});

describe('dates', () => {
  it('when a date is real in its format, then it reads as YYYY-MM-DD; otherwise null', () => {
    expect(parseDate('2025-02-28', 'YYYY-MM-DD')).toBe('2025-02-28');
    expect(parseDate('2024-02-29', 'YYYY-MM-DD')).toBe('2024-02-29');
    expect(parseDate('2025-02-29', 'YYYY-MM-DD')).toBeNull();
    expect(parseDate('03/04/25', 'MM/DD/YYYY')).toBe('2025-03-04');
    expect(parseDate('03/04/2025', 'DD/MM/YYYY')).toBe('2025-04-03');
    expect(parseDate('31.12.2025', 'DD.MM.YYYY')).toBe('2025-12-31');
    expect(parseDate('20250131', 'YYYYMMDD')).toBe('2025-01-31');
    expect(parseDate('13/01/2025', 'MM/DD/YYYY')).toBeNull();
  });
  it('when every date reads both month-first and day-first, then both formats are offered, US first', () => {
    expect(dateFormatsOf(['03/02/2025', '04/02/2025'])).toEqual(['MM/DD/YYYY', 'DD/MM/YYYY']);
    expect(dateFormatsOf(['03/02/2025', '25/02/2025'])).toEqual(['DD/MM/YYYY']);
  });
});

describe('detectMapping', () => {
  it('when the header names debit and credit columns, then they are used instead of one amount', () => {
    const m = detectMapping([
      ['Date', 'Details', 'Money Out', 'Money In', 'Balance'],
      ['2025-01-02', 'Shop', '10.00', '', '90.00'],
      ['2025-01-03', 'Pay', '', '100.00', '190.00'],
    ]);
    expect(m).toMatchObject({ hasHeader: true, date: 0, name: 1, amount: null, debit: 2, credit: 3 });
  });
  it('when most amounts are positive, then positive reads as money spent', () => {
    const rows = [
      ['Date', 'Description', 'Amount'],
      ...['1', '2', '3', '-6'].map((a) => ['2025-01-02', 'x', a]),
    ];
    expect(detectMapping(rows)?.sign).toBe('positive-is-spent');
    const bank = [
      ['Date', 'Description', 'Amount'],
      ...['-1', '-2', '30'].map((a) => ['2025-01-02', 'x', a]),
    ];
    expect(detectMapping(bank)?.sign).toBe('negative-is-spent');
  });
  it('when nothing reads as a date, then there is no mapping to propose', () => {
    expect(
      detectMapping([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBeNull();
  });
});

describe('csvRecordToRow', () => {
  const mapping: CsvMapping = {
    hasHeader: true,
    date: 0,
    dateFormat: 'YYYY-MM-DD',
    name: 1,
    amount: null,
    debit: 2,
    credit: 3,
    sign: 'negative-is-spent',
    decimal: '.',
  };
  it("when a debit or a credit is given, then the amount takes Plaid's sign (spent positive)", () => {
    expect(csvRecordToRow(['2025-01-02', ' Shop  A ', '-10.00', ''], 7, mapping)).toEqual({
      line: 7,
      date: '2025-01-02',
      name: 'Shop A',
      amountCents: 1000,
      bankId: null,
    });
    expect(csvRecordToRow(['2025-01-02', 'Pay', '', '50'], 8, mapping)?.amountCents).toBe(-5000);
  });
  it('when a record is blank, then it is skipped; when a cell is wrong, then the line is named', () => {
    expect(csvRecordToRow(['', '', ''], 3, mapping)).toBeNull();
    expect(() => csvRecordToRow(['2025-01-02', 'x', '', ''], 9, mapping)).toThrow(
      'Line 9: Both the debit and the credit are empty.',
    );
    expect(() => csvRecordToRow(['2025-01-02', '', '1', ''], 4, mapping)).toThrow(
      'Line 4: The description is missing.',
    );
  });
});

describe('imported rows and the matcher', () => {
  it('when a row came from an imported file, then it is no Category Matcher card', () => {
    const base = { name: 'x', merchant_name: null, amount: 1, category: null };
    const cards = uncategorised([
      { ...base, plaidId: 'plaid-1' },
      { ...base, plaidId: 'imp-abc' },
    ]);
    expect(cards.map((c) => c.plaidId)).toEqual(['plaid-1']);
    expect(isImportedRow('imp-abc')).toBe(true);
    expect(isImportedRow('plaid-imp-1')).toBe(false);
  });
});
