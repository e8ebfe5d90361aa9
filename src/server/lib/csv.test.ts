import { expect, it } from 'vitest';
import { csvCell, formatCsvLira } from './csv.ts';

it('a negative lira amount stays a number, while a formula still gets its apostrophe', () => {
  expect(csvCell(formatCsvLira(-10_001))).toBe('-100,01');
  expect(csvCell(formatCsvLira(-5))).toBe('-0,05');
  expect(csvCell('+90 532 111 22 33')).toBe('+90 532 111 22 33');
  expect(csvCell('=1+1')).toBe("'=1+1");
  expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
  expect(csvCell('-100,01;x')).toBe(`"'-100,01;x"`);
  expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
});
