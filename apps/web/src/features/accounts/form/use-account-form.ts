import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useZodForm, type ZodFormOptions } from '../../../ui/form/use-zod-form';
import { isAuthenticationRequired } from '../../session/query-client';
import { useSettings } from '../../site/use-settings';
import { ACCOUNTS_NS } from '../accounts-texts';
import { accountMessage } from './field-problems';

/**
 * useZodForm for forms whose rules speak the account codes of field-problems.ts (accounts,
 * profile): messages in the accounts texts with the site's numbers, the generic error, and the
 * silent logout (authentication_required shows nothing).
 */
export function useAccountForm<V extends FieldValues, R>(
  options: Omit<ZodFormOptions<V, R>, 'messageOf' | 'genericError' | 'isSilent'> & { messageOf?: (code: string) => string | undefined },
) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const { minimum_age: minimumAge, message_length: messageLength } = useSettings();
  return useZodForm({
    ...options,
    // A form's own codes first (e.g. the profile's), then the account codes.
    messageOf: (code) => options.messageOf?.(code) ?? accountMessage(t, code, { minimumAge, messageLength }),
    genericError: t('errors.generic'),
    isSilent: isAuthenticationRequired,
  });
}
