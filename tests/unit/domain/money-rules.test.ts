import { describe, expect, it } from 'vitest';
import { OFFSET_RULE, dateProblem, dayAfterYears, manualAmountProblem } from '@/domain/money-rules';

describe('manual amounts', () => {
  it('when an amount has more than two decimals as given, then it is refused even if it rounds well', () => {
    expect(manualAmountProblem(1e-9)).toBe('Amount can have at most 2 decimal places');
    expect(manualAmountProblem(100.10000000001)).toBe('Amount can have at most 2 decimal places');
    expect(manualAmountProblem(0.1 + 0.2)).toBe('Amount can have at most 2 decimal places');
  });

  it('when an amount is a plain price, then it passes, up to one million dollars', () => {
    for (const n of [0.01, 0.3, 12.5, 100.1, 19.99, 1_000_000])
      expect(manualAmountProblem(n), String(n)).toBeNull();
    expect(manualAmountProblem(1_000_000.01)).toBe('Amount must be at most $1,000,000');
    expect(manualAmountProblem(0)).toBe('Amount must be greater than 0');
    expect(manualAmountProblem(Number.NaN)).toBe('Amount must be a number');
    expect(manualAmountProblem('5')).toBe('Amount must be a number');
  });
});

describe('dates', () => {
  const latest = dayAfterYears(new Date('2025-03-01T12:00:00Z'), 1);

  it('when a year is added to a leap day, then the latest day is the real day a year on', () => {
    expect(latest).toBe('2026-03-01');
    expect(dayAfterYears(new Date('2024-02-29T00:00:00Z'), 1)).toBe('2025-03-01');
  });

  it('when a date is not on the calendar, then it says so', () => {
    for (const d of ['2024-02-30', '2023-02-29', '2025-04-31', '2025-13-01', '2025-00-10'])
      expect(dateProblem(d, latest), d).toBe('Date must be a real calendar date');
    expect(dateProblem('2024-02-29', latest)).toBeNull();
  });

  it('when a date is outside 1970 to the latest day, then the range is named', () => {
    for (const d of ['0000-01-01', '1969-12-31', '2026-03-02', '9999-12-31'])
      expect(dateProblem(d, latest), d).toBe('Date must be between 1970-01-01 and 2026-03-01');
    expect(dateProblem('1970-01-01', latest)).toBeNull();
    expect(dateProblem('2026-03-01T23:59:59Z', latest)).toBeNull();
  });

  it('when a time part is impossible or the text is not ISO 8601, then it is refused', () => {
    for (const d of ['2025-02-10T25:00:00Z', '2025-02-10T10:60', 'yesterday', '10/02/2025', '2025-2-1'])
      expect(dateProblem(d, latest), d).toMatch(/ISO 8601/);
    expect(dateProblem('2025-02-10T09:30:00.123+02:00', latest)).toBeNull();
  });

  it('when the time-zone offset is impossible, then the offset rule is named; every real one passes', () => {
    for (const o of ['+24:00', '+99:99', '-9959', '+00:60', '-2400'])
      expect(dateProblem(`2025-02-10T10:00:00${o}`, latest), o).toBe(OFFSET_RULE);
    for (const o of ['+23:59', '-0800', '+05:45', '-12:00', '+14:00', 'Z']) {
      const d = `2025-02-10T10:00:00${o}`;
      expect(dateProblem(d, latest), o).toBeNull();
      // Whatever passes is a date a browser can read.
      expect(Number.isNaN(Date.parse(d)), o).toBe(false);
    }
  });
});
