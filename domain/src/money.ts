/**
 * Money in soles, exact (decisions §money: never add money in floating point). Amounts are integer
 * cents held in plain numbers, not bigint: a numeric(10,2) value is at most 9,999,999,999 cents,
 * so every sum, product and difference of a sale stays far below 2^53 where number arithmetic
 * on integers is exact, and cents go through JSON, `===` and the form state without conversions.
 */

/** The largest numeric(10,2) value: S/. 99,999,999.99. */
export const MAX_CENTS = 9_999_999_999;

/** IGV, included in every price (decisions §igv). */
export const IGV_PERCENT = 18;

/**
 * Digits, an optional sign and at most two decimals after a point or a comma: '45.' is '45.00',
 * as the price field takes it, and '12,5' is 12.50, as a Spanish keyboard writes it. Only one
 * separator: '1,234.50' (thousands grouped) is refused rather than guessed, and so is '1,234',
 * which reads as three decimals.
 */
export const MONEY_PATTERN = /^(-?)(\d+)(?:[.,](\d{0,2}))?$/;

/**
 * A money value in cents: '45' → 4500, '45.5' → 4550, '45,5' → 4550, 45.5 → 4550. Undefined when
 * it is not a number with at most two decimals ('45.505', '1,234.50', '1e3') or is beyond
 * ±MAX_CENTS. A number is read through its shortest decimal text, so 0.1 + 0.2 is refused
 * instead of being rounded.
 */
export function parseCents(value: string | number): number | undefined {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = MONEY_PATTERN.exec(text);
  if (!match) return undefined;
  const [, sign, whole = '0', fraction = ''] = match;
  const digits = (whole + fraction.padEnd(2, '0')).replace(/^0+(?=\d)/, '');
  if (digits.length > String(MAX_CENTS).length) return undefined;
  const cents = Number(digits);
  if (cents > MAX_CENTS) return undefined;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an amount in cents: ${cents}`);
}

/** Cents as the numeric(10,2) text: 4550 → '45.50', 5 → '0.05', -120 → '-1.20'. */
export function formatCents(cents: number): string {
  assertCents(cents);
  const digits = Math.abs(cents).toString().padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** n / d rounded half up, for n ≥ 0 and d > 0, on integers only. */
function divideHalfUp(n: number, d: number): number {
  const remainder = n % d;
  const quotient = (n - remainder) / d;
  return 2 * remainder >= d ? quotient + 1 : quotient;
}

/**
 * The IGV inside a total that includes it (decisions §igv): subtotal = round(total / 1.18, 2),
 * half up, and igv = total - subtotal, so the two always add up to the total.
 * S/. 120.00 → { subtotal: 10169, igv: 1831 }.
 */
export function igvOf(totalCents: number): { subtotal: number; igv: number } {
  assertCents(totalCents);
  if (totalCents < 0) throw new RangeError(`A total cannot be negative: ${totalCents}`);
  const subtotal = divideHalfUp(totalCents * 100, 100 + IGV_PERCENT);
  return { subtotal, igv: totalCents - subtotal };
}

/* Amount in words */

const UP_TO_TWENTY_NINE = [
  '',
  'UNO',
  'DOS',
  'TRES',
  'CUATRO',
  'CINCO',
  'SEIS',
  'SIETE',
  'OCHO',
  'NUEVE',
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISÉIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIUNO',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
];
const TENS = [
  '',
  '',
  '',
  'TREINTA',
  'CUARENTA',
  'CINCUENTA',
  'SESENTA',
  'SETENTA',
  'OCHENTA',
  'NOVENTA',
];
const HUNDREDS = [
  '',
  'CIENTO',
  'DOSCIENTOS',
  'TRESCIENTOS',
  'CUATROCIENTOS',
  'QUINIENTOS',
  'SEISCIENTOS',
  'SETECIENTOS',
  'OCHOCIENTOS',
  'NOVECIENTOS',
];

/**
 * 1..999 in words. Before MIL, MILLÓN and MILLONES, 'uno' loses its last vowel (RAE):
 * UN MILLÓN, VEINTIÚN MIL, TREINTA Y UN MIL, CIENTO UN MIL.
 */
function belowThousand(n: number, beforeNoun: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  let tail =
    rest < 30
      ? UP_TO_TWENTY_NINE[rest]
      : TENS[Math.floor(rest / 10)] + (rest % 10 ? ` Y ${UP_TO_TWENTY_NINE[rest % 10]}` : '');
  if (beforeNoun) tail = tail.replace(/VEINTIUNO$/, 'VEINTIÚN').replace(/UNO$/, 'UN');
  const head = n === 100 ? 'CIEN' : HUNDREDS[hundreds];
  return [head, tail].filter(Boolean).join(' ');
}

function integerInWords(n: number): string {
  if (n === 0) return 'CERO';
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor(n / 1000) % 1000;
  const units = n % 1000;
  const parts: string[] = [];
  if (millions === 1) parts.push('UN MILLÓN');
  else if (millions > 1) parts.push(`${belowThousand(millions, true)} MILLONES`);
  // 'mil', never 'un mil' (RAE); the fraction of a receipt's legend keeps its figures.
  if (thousands === 1) parts.push('MIL');
  else if (thousands > 1) parts.push(`${belowThousand(thousands, true)} MIL`);
  if (units > 0) parts.push(belowThousand(units, false));
  return parts.join(' ');
}

/**
 * The receipt's legend (SUNAT leyenda 1000, decisions §receipt): 12000 → 'SON: CIENTO VEINTE CON
 * 00/100 SOLES'. The whole part is read as a number, so it ends in UNO (101 → CIENTO UNO,
 * 21 → VEINTIUNO), as Peruvian invoicing software writes it ('UNO CON 00/100 SOLES'); the
 * currency closes the legend in plural whatever the amount, as the fraction precedes it.
 */
export function amountInWords(cents: number): string {
  assertCents(cents);
  if (cents < 0 || cents > MAX_CENTS) throw new RangeError(`Amount out of range: ${cents}`);
  const fraction = String(cents % 100).padStart(2, '0');
  return `SON: ${integerInWords(Math.floor(cents / 100))} CON ${fraction}/100 SOLES`;
}
