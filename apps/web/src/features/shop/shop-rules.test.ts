import { describe, expect, it } from 'vitest';
import {
  CARD_METHODS,
  FINAL_PAYMENT_STATUSES,
  PACKAGE_IDS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  TRANSACTION_POLL_MS,
} from '@cupido/shared/payments';
import { isCardMethod, isFinalStatus, isPackageId, isPaymentMethod, newIdempotencyKey, POLL_MS } from './shop-rules';

// The shop's copies of the contract's values (kept out of its chunks to keep zod out) say the same.
describe('shop rules agree with the payments contract', () => {
  it('the poll interval, methods, card methods, packages and final statuses', () => {
    expect(POLL_MS).toBe(TRANSACTION_POLL_MS);
    expect(PAYMENT_METHODS.filter(isPaymentMethod)).toEqual([...PAYMENT_METHODS]);
    expect(PAYMENT_METHODS.filter(isCardMethod)).toEqual(PAYMENT_METHODS.filter((m) => CARD_METHODS.includes(m)));
    expect(isPaymentMethod('bitcoin')).toBe(false);
    expect(isPaymentMethod('toString')).toBe(false);
    expect(PACKAGE_IDS.filter(isPackageId)).toEqual([...PACKAGE_IDS]);
    expect(isPackageId('p4')).toBe(false);
    expect(PAYMENT_STATUSES.filter(isFinalStatus)).toEqual([...FINAL_PAYMENT_STATUSES]);
  });

  it('makes a new idempotency key of the shape the contract accepts each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
