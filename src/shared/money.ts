// Money is integer kopecks inside; outside it is roubles as a JSON number with at most two decimals, or as text with
// exactly two (e-mails, payment pages, the payment provider's amounts).

/** Kopecks as roubles for JSON: n / 100 of an integer prints as its exact decimal (12345 -> 123.45). */
export const roubles = (kopecks: number): number => kopecks / 100;

/** Kopecks as roubles text with two decimals, computed on integers (123450 -> "1234.50", 5 -> "0.05"). */
export const roublesText = (kopecks: number): string => `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;

/**
 * Kopecks for a roubles amount a client or a provider sent, or null when it is not a finite, non-negative amount
 * with at most two decimals. The check goes back from the kopecks, so 0.1 + 0.2 (0.30000000000000004) is refused.
 */
export function kopecksOf(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  const kopecks = Math.round(value * 100);
  if (!Number.isSafeInteger(kopecks) || kopecks / 100 !== value) return null;
  return kopecks;
}

export const TWO_DECIMALS = 'Ensure that there are no more than 2 decimal places.';
