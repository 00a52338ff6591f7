import { z } from 'zod';

/** The codes of a form's rules, by field: each a message key the form translates (undefined or absent: fine). */
export type Problems<F extends string = string> = Partial<Record<F, string | null | undefined>>;

/**
 * A form's schema for react-hook-form's zod resolver, in three steps:
 * 1. `fields`: the shape of what the inputs hold (strings, booleans, lists);
 * 2. `rules`: the spec's checks, the same pure functions the server applies, each problem a code
 *    under its field (the message key, so the form says exactly what the server would);
 * 3. `request`: the values as the call sends them (trimmed, converted), parsed by the call's
 *    shared `contract`, so a form can only send what the server's contract accepts.
 * A problem of step 3 (e.g. invalid_characters) lands under the field of the same name.
 */
export function formSchema<V extends object, Request, Output>(options: {
  fields: z.ZodType<V, V>;
  rules?: (values: V) => Problems;
  request: (values: V) => Request;
  contract: z.ZodType<Output, Request>;
}): z.ZodType<Output, V> {
  return options.fields
    .superRefine((values, ctx) => {
      for (const [field, code] of Object.entries(options.rules?.(values) ?? {})) {
        if (code) ctx.addIssue({ code: 'custom', path: [field], message: code });
      }
    })
    .transform(options.request)
    .pipe(options.contract as z.ZodType<Output, Awaited<Request>>);
}
