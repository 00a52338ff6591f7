import { describe, expect, it } from 'vitest';
import { COMPLAINT_NAME_MAX, COMPLAINT_TEXT_MAX, complaintProblems, complaintReference, isComplaintTopic } from './complaints';

describe('complaint rules', () => {
  it('numbers the reference C- with six digits at least', () => {
    expect(complaintReference(123)).toBe('C-000123');
    expect(complaintReference(1234567)).toBe('C-1234567');
  });

  it('knows the topics', () => {
    expect(isComplaintTopic('billing')).toBe(true);
    expect(isComplaintTopic('')).toBe(false);
    expect(isComplaintTopic('refund')).toBe(false);
  });

  it('asks for the words, within the limits, and an address to answer', () => {
    const fine = { name: '', email: 'eva@example.com', text: 'I was charged twice.' };
    expect(complaintProblems(fine)).toEqual({});
    expect(complaintProblems({ ...fine, text: '   ' })).toEqual({ text: 'complaint_text_required' });
    expect(complaintProblems({ ...fine, text: `  ${'a'.repeat(COMPLAINT_TEXT_MAX)}  ` })).toEqual({});
    expect(complaintProblems({ ...fine, text: 'a'.repeat(COMPLAINT_TEXT_MAX + 1) })).toEqual({ text: 'complaint_text_too_long' });
    expect(complaintProblems({ ...fine, name: 'n'.repeat(COMPLAINT_NAME_MAX + 1) })).toEqual({ name: 'complaint_name_too_long' });
    expect(complaintProblems({ ...fine, email: 'eva@' })).toEqual({ email: 'invalid_email' });
  });

  it('lets a member leave the address out (the account address is used), never a visitor', () => {
    const withoutAddress = { name: '', email: ' ', text: 'Hello' };
    expect(complaintProblems(withoutAddress)).toEqual({ email: 'invalid_email' });
    expect(complaintProblems(withoutAddress, 'anna@example.com')).toEqual({});
    // An address typed in is checked even for a member.
    expect(complaintProblems({ ...withoutAddress, email: 'anna' }, 'anna@example.com')).toEqual({ email: 'invalid_email' });
  });
});
