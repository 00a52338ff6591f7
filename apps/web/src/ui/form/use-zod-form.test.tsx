import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import { TextField } from './field';
import { formSchema } from './form-schema';
import { useZodForm } from './use-zod-form';

/** A request contract as the shared ones are: bounds and no NUL byte, with its own code. */
const ZGreetingRequest = z.object({
  name: z
    .string()
    .max(20)
    .refine((value) => !value.includes('\u0000'), { error: 'invalid_characters' }),
  repeat: z.string(),
});

const GREETING_FORM = formSchema({
  fields: z.object({ name: z.string(), repeat: z.string() }),
  rules: ({ name, repeat }) => ({ name: name.trim() ? null : 'name_required', repeat: repeat === name ? null : 'not_equal' }),
  request: ({ name, repeat }) => ({ name: name.trim(), repeat: repeat.trim() }),
  contract: ZGreetingRequest,
});

const MESSAGES: Record<string, string> = { name_required: 'Enter a name', not_equal: 'Not the same', invalid_characters: 'Odd characters' };

/** A two-field form on the kit; `answer` plays the server. */
function GreetingForm({ answer, sent }: { answer: (request: z.output<typeof ZGreetingRequest>) => ApiError | null; sent: unknown[] }) {
  const form = useZodForm({
    schema: GREETING_FORM,
    defaultValues: { name: '', repeat: '' },
    ids: { name: 'greeting-name', repeat: 'greeting-repeat' },
    messageOf: (code) => MESSAGES[code] ?? code,
    genericError: 'Something went wrong',
    dependents: { name: ['repeat'] },
  });
  const submit = form.onSubmit((request) => {
    sent.push(request);
    const refusal = answer(request);
    if (refusal) form.showServerError(refusal);
    else form.reset();
  });
  return (
    <form noValidate onSubmit={submit}>
      <TextField id="greeting-name" label="Name" {...form.bind('name')} />
      <TextField id="greeting-repeat" label="Repeat" {...form.bind('repeat')} />
      {form.formError && <p role="alert">{form.formError.message}</p>}
      <button type="submit">Send</button>
    </form>
  );
}

const errorOf = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? null;

describe('useZodForm (the form kit, decision 025)', () => {
  it('shows a problem once the field was left, and drops it as soon as the value is right', async () => {
    const user = userEvent.setup();
    render(<GreetingForm answer={() => null} sent={[]} />);
    await user.click(screen.getByLabelText('Name'));
    expect(errorOf('greeting-name')).toBeNull();
    await user.tab();
    expect(errorOf('greeting-name')).toBe('Enter a name');
    expect(screen.getByLabelText('Name').getAttribute('aria-describedby')).toBe('greeting-name-error');
    await user.type(screen.getByLabelText('Name'), 'A');
    expect(errorOf('greeting-name')).toBeNull();
  });

  it('on a refused submit shows every problem, focuses the first invalid field and sends nothing', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    render(<GreetingForm answer={() => null} sent={sent} />);
    await user.type(screen.getByLabelText('Repeat'), 'x');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(errorOf('greeting-name')).toBe('Enter a name');
    expect(errorOf('greeting-repeat')).toBe('Not the same');
    expect(document.activeElement?.id).toBe('greeting-name');
    expect(sent).toEqual([]);
  });

  it('checks a dependent field again when the field it reads changes, once it shows its errors', async () => {
    const user = userEvent.setup();
    render(<GreetingForm answer={() => null} sent={[]} />);
    await user.type(screen.getByLabelText('Name'), 'Anna');
    expect(errorOf('greeting-repeat')).toBeNull(); // not left yet: no error under it
    await user.type(screen.getByLabelText('Repeat'), 'Anna');
    await user.tab();
    expect(errorOf('greeting-repeat')).toBeNull();
    await user.type(screen.getByLabelText('Name'), 'bel');
    expect(errorOf('greeting-repeat')).toBe('Not the same');
  });

  it("sends the contract's request, and a value the contract refuses stays under its field", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    render(<GreetingForm answer={() => null} sent={sent} />);
    await user.type(screen.getByLabelText('Name'), 'Bo\u0000');
    await user.type(screen.getByLabelText('Repeat'), 'Bo\u0000');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(errorOf('greeting-name')).toBe('Odd characters');
    expect(sent).toEqual([]);
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), ' Bo ');
    await user.clear(screen.getByLabelText('Repeat'));
    await user.type(screen.getByLabelText('Repeat'), ' Bo ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual([{ name: 'Bo', repeat: 'Bo' }]);
  });

  it("keeps the server's field error when the field is left, until its value changes", async () => {
    const user = userEvent.setup();
    render(<GreetingForm answer={() => new ApiError(400, 'name_taken', 'That name is taken', 'name')} sent={[]} />);
    await user.type(screen.getByLabelText('Name'), 'Anna');
    await user.type(screen.getByLabelText('Repeat'), 'Anna');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(errorOf('greeting-name')).toBe('That name is taken');
    expect(document.activeElement?.id).toBe('greeting-name');
    await user.tab(); // leaving validates the field again: the server's word must survive it
    expect(errorOf('greeting-name')).toBe('That name is taken');
    await user.type(screen.getByLabelText('Name'), 's');
    expect(errorOf('greeting-name')).toBeNull();
  });

  it('shows an error without a field above the button, and a successful save leaves no red errors', async () => {
    const user = userEvent.setup();
    let refuse = true;
    render(<GreetingForm answer={() => (refuse ? new ApiError(429, 'too_many', 'Slow down') : null)} sent={[]} />);
    await user.type(screen.getByLabelText('Name'), 'Anna');
    await user.type(screen.getByLabelText('Repeat'), 'Anna');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe('Slow down');
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(errorOf('greeting-name')).toBeNull();
    expect(errorOf('greeting-repeat')).toBeNull();
    expect(document.querySelectorAll('.is-invalid')).toHaveLength(0);
  });
});
