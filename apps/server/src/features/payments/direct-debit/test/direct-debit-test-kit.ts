/** The direct debit form as a member from Ireland fills it in (the demo site serves IE, where direct debit is offered), for the tests of POST /api/directdebit.php. */
export const DIRECT_DEBIT_PHONE_E164 = '+353851234567';

export function directDebitForm(overrides: Record<string, unknown> = {}) {
  return {
    package_id: 'p1',
    country: 'IE',
    account_holder: 'Sanne de Vries',
    iban: 'IE29 AIBK 9311 5212 3456 78',
    street: 'Main Street',
    house_number: '12',
    zip: 'D02 X285',
    city: 'Dublin',
    phone: '085-123 4567',
    authorization: true,
    withdrawal_consent: true,
    ...overrides,
  };
}
