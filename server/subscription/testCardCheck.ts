import { TEST_CARDS } from './LocalTestPaymentProvider';

/** Luhn checksum of a card number (digits only). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export type CardOutcome = { ok: true } | { ok: false; status: 400 | 402; field: string; message: string };

/** What the local test checkout does with a card: Stripe's test numbers only, a future expiry, a CVC. */
export function checkTestCard(card: { number: string; expiry: string; cvc: string }, now: Date): CardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return { ok: false, status: 400, field: 'card_number', message: 'Numéro de carte invalide' };
  }
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) {
    return { ok: false, status: 400, field: 'expiry', message: 'Date d’expiration invalide (MM/AA)' };
  }
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return { ok: false, status: 402, field: 'expiry', message: 'Votre carte a expiré.' };
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim()))
    return { ok: false, status: 400, field: 'cvc', message: 'Cryptogramme invalide' };
  const outcome = TEST_CARDS[digits];
  if (outcome === 'success') return { ok: true };
  if (outcome) return { ok: false, status: 402, field: 'card_number', message: outcome.declined };
  return {
    ok: false,
    status: 402,
    field: 'card_number',
    message: 'Mode test : utilisez une carte de test (4242 4242 4242 4242). Aucune carte réelle n’est acceptée.',
  };
}
