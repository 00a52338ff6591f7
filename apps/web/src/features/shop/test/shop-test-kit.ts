import type { TCreditPackage, TPackagesAnswer, TTransactionAnswer } from '@cupido/shared/contracts/payments';

/** The demo site's packages (DEFAULT_CREDIT_PACKAGES) at 10 credits a message, without a discount. */
export function packagesAnswer(overrides: Partial<TPackagesAnswer> = {}, percentOff = 0): TPackagesAnswer {
  const list: [TCreditPackage['id'], number, number, boolean][] = [
    ['p0', 50, 995, false],
    ['p1', 120, 1995, true],
    ['p2', 300, 3995, false],
    ['p3', 800, 8995, false],
  ];
  return {
    currency: 'EUR',
    payment_country: 'NL',
    payment_countries: ['NL', 'BE'],
    methods: ['ideal', 'sdd', 'sct', 'creditcard', 'visa', 'mastercard', 'maestro', 'applepay', 'paypal', 'paysafecard'],
    packages: list.map(([id, credits, amount, popular]) => ({
      id,
      credits,
      amount,
      discounted_amount: Math.floor((amount * (100 - percentOff)) / 100),
      popular,
      price_per_message: Math.ceil((amount * 10) / credits),
      messages: Math.floor(credits / 10),
    })),
    discount: percentOff
      ? { code: 'TIMEBONUS25', value_percentage: percentOff, source: 'time_bonus', expires: '2026-03-01T14:00:00.000Z' }
      : null,
    card_blocked: false,
    message_credits: 10,
    ...overrides,
  };
}

export function transactionAnswer(overrides: Partial<TTransactionAnswer> = {}): TTransactionAnswer {
  return {
    payment_id: 41,
    status: 'pending',
    credits: 120,
    amount: 1496,
    currency: 'EUR',
    method: 'ideal',
    package_id: 'p1',
    recurring: false,
    created_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}
