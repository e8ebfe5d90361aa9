/**
 * GTIN check digit (EAN-13, and the same rule for GTIN-8/12/14): weights 3 and 1 alternate from
 * the rightmost data digit; the check digit brings the sum to a multiple of 10.
 */
export function gtinCheckDigit(dataDigits: string): number {
  let sum = 0;
  for (let i = 0; i < dataDigits.length; i += 1) {
    const digit = dataDigits.charCodeAt(dataDigits.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True for 8, 12, 13 or 14 digits whose last digit is the right GTIN check digit. */
export function isValidGtin(value: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(value)) return false;
  return gtinCheckDigit(value.slice(0, -1)) === Number(value.at(-1));
}

/** A whole EAN-13 from its first 12 digits. */
export function completeEan13(first12: string): string {
  if (!/^\d{12}$/.test(first12)) throw new Error('EAN-13 needs 12 data digits');
  return `${first12}${gtinCheckDigit(first12)}`;
}
