/** Card number digits, at most 19. */
export function cardDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, 19);
}

/** Groups of four as typed ("4242 4242 4242 4242"); American Express 4-6-5. */
export function formatCardNumber(input: string): string {
  const digits = cardDigits(input);
  if (/^3[47]/.test(digits)) {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "1229" or "12/29" -> "12/29" as typed. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Month and four-digit year of an MM/YY expiry, or null when incomplete or not a month. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** True when the card is still valid in the given month (cards expire at the end of their month). */
export function expiryInFuture(expiry: { month: number; year: number }, now: Date = new Date()): boolean {
  const current = now.getFullYear() * 12 + now.getMonth();
  return expiry.year * 12 + (expiry.month - 1) >= current;
}

export function cvcValid(cvc: string, number: string): boolean {
  return /^3[47]/.test(cardDigits(number)) ? /^\d{4}$/.test(cvc) : /^\d{3}$/.test(cvc);
}
