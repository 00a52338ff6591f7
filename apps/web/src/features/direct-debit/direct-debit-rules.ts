import { z } from 'zod';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { type TPackageId } from '@cupido/shared/rules/payments';
import { type ZPaymentCountry } from '@cupido/shared/contracts/payments';
import { stripPhone, ZDirectDebitForm } from '@cupido/shared/contracts/direct-debit';
import { formSchema, type Problems } from '../../ui/form/form-schema';

// ibantools is imported here only: this module is part of the /directdebit chunk.

/** What the inputs of the details step hold. */
export interface DirectDebitValues {
  account_holder: string;
  iban: string;
  street: string;
  house_number: string;
  zip: string;
  city: string;
  phone: string;
  authorization: boolean;
  withdrawal_consent: boolean;
}

export const EMPTY_DIRECT_DEBIT: DirectDebitValues = {
  account_holder: '',
  iban: '',
  street: '',
  house_number: '',
  zip: '',
  city: '',
  phone: '',
  authorization: false,
  withdrawal_consent: false,
};

/** The contract's phone rule after stripping (ZDirectDebitForm): an optional + and 6 to 16 digits. */
const PHONE = /^\+?[0-9]{6,16}$/;

/** The IBAN as the bank writes it electronically: no spaces, upper case. */
export function ibanElectronic(iban: string): string {
  return electronicFormatIBAN(iban) ?? iban.trim();
}

/** Checksum and length per country (ibantools): a typo is caught before any code is sent. */
export function ibanProblem(iban: string): string | null {
  if (!iban.trim()) return 'required';
  return isValidIBAN(ibanElectronic(iban)) ? null : 'iban_invalid';
}

const text = (value: string, min: number, max: number, short = 'required'): string | null => {
  const length = value.trim().length;
  if (length === 0) return 'required';
  if (length < min) return short;
  return length > max ? 'too_long' : null;
};

/** The spec's rules (section 5) and the contract's limits, as codes under their fields. */
export function directDebitProblems(values: DirectDebitValues): Problems<keyof DirectDebitValues> {
  const phone = stripPhone(values.phone);
  return {
    account_holder: text(values.account_holder, 2, 100, 'account_holder_short'),
    iban: ibanProblem(values.iban),
    street: text(values.street, 1, 100),
    house_number: text(values.house_number, 1, 20),
    zip: text(values.zip, 2, 12, 'zip_invalid'),
    city: text(values.city, 1, 100),
    phone: phone ? (PHONE.test(phone) ? null : 'phone_invalid') : 'required',
    authorization: values.authorization ? null : 'authorization_required',
    withdrawal_consent: values.withdrawal_consent ? null : 'withdrawal_required',
  };
}

export interface DirectDebitSession {
  packageId: TPackageId;
  country: z.infer<typeof ZPaymentCountry>;
  discountCode?: string;
  /** One per form session: a double tap or a retry never starts a second payment. */
  idempotencyKey: string;
}

/** The details step's schema: the request of POST /api/directdebit.php (without the code), parsed by its contract. */
export function directDebitSchema(session: DirectDebitSession) {
  return formSchema({
    fields: z.object({
      account_holder: z.string(),
      iban: z.string(),
      street: z.string(),
      house_number: z.string(),
      zip: z.string(),
      city: z.string(),
      phone: z.string(),
      authorization: z.boolean(),
      withdrawal_consent: z.boolean(),
    }),
    rules: directDebitProblems,
    request: (values) => ({
      package_id: session.packageId,
      country: session.country,
      account_holder: values.account_holder.trim(),
      iban: ibanElectronic(values.iban),
      street: values.street.trim(),
      house_number: values.house_number.trim(),
      zip: values.zip.trim(),
      city: values.city.trim(),
      // Spec section 3: dashes and whitespace stripped before sending.
      phone: stripPhone(values.phone),
      authorization: values.authorization as true,
      withdrawal_consent: values.withdrawal_consent as true,
      ...(session.discountCode ? { discount_code: session.discountCode } : {}),
      idempotency_key: session.idempotencyKey,
    }),
    contract: ZDirectDebitForm,
  });
}
export type DirectDebitRequest = z.output<typeof ZDirectDebitForm>;

/** The code step: the digits of the SMS. */
export const OTP_SCHEMA = formSchema({
  fields: z.object({ otp: z.string() }),
  rules: ({ otp }) => ({ otp: otp.trim() ? (/^[0-9]{4,8}$/.test(otp.trim()) ? null : 'otp_format') : 'otp_required' }),
  request: ({ otp }) => ({ otp: otp.trim() }),
  contract: z.object({ otp: z.string() }),
});

/** A key for this form session: random, in the contract's alphabet. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `dd-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
