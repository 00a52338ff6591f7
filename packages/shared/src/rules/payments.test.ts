import { describe, expect, it } from 'vitest';
import {
  CARD_METHODS,
  FINAL_PAYMENT_STATUSES,
  PACKAGE_IDS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  isCardMethod,
  isFinalPaymentStatus,
  isPackageId,
  isPaymentMethod,
} from './payments';

// The guards the shop reads links with (the web's copies of these lists went with issue 33).
describe('payment rules for values read from links', () => {
  it('knows every method and package, and nothing else, not even an Object property name', () => {
    expect(PAYMENT_METHODS.filter(isPaymentMethod)).toEqual([...PAYMENT_METHODS]);
    for (const value of ['bitcoin', 'toString', 'constructor', '', undefined]) expect(isPaymentMethod(value)).toBe(false);
    expect(PACKAGE_IDS.filter(isPackageId)).toEqual([...PACKAGE_IDS]);
    for (const value of ['p4', 'P1', 'toString', undefined]) expect(isPackageId(value)).toBe(false);
  });

  it('calls the card methods card methods and the final statuses final', () => {
    expect(PAYMENT_METHODS.filter(isCardMethod).sort()).toEqual([...CARD_METHODS].sort());
    expect(PAYMENT_STATUSES.filter(isFinalPaymentStatus)).toEqual(['paid', 'failed', 'cancelled', 'expired']);
    expect([...FINAL_PAYMENT_STATUSES].sort()).toEqual(['cancelled', 'expired', 'failed', 'paid']);
  });
});
