import { describe, expect, it } from 'vitest';
import { ageOn, dateOfBirthProblem, nameProblem, passwordProblem } from './accounts';
import { isValidEmail, normalizeEmail } from './email';
import { hasTrafficSource } from '../contracts/accounts';

describe('nameProblem (spec section 5)', () => {
  it.each([
    ['Sanne', 'sanne@example.com', null],
    ['@sanne', 'sanne@example.com', 'name_starts_with_at'],
    [' Sanne@Example.com ', 'sanne@example.com', 'name_equals_email'],
    ['a.very.long.address.typed.as.name@example.com', 'a.very.long.address.typed.as.name@example.com', 'name_equals_email'],
    ['S', 'sanne@example.com', 'name_required'],
    ['  ', 'sanne@example.com', 'name_required'],
    ['x'.repeat(31), 'sanne@example.com', 'name_too_long'],
    ['x'.repeat(30), 'sanne@example.com', null],
  ])('%s with %s -> %s', (name, email, problem) => {
    expect(nameProblem(name, email)).toBe(problem);
  });
});

describe('e-mail', () => {
  it.each([
    ['sanne@example.com', true],
    ['  sanne@example.nl ', true],
    ['sanne@gmial', false],
    ['sanne@@example.com', false],
    ['sanne example@example.com', false],
    ['@example.com', false],
    [`${'x'.repeat(250)}@example.com`, false],
  ])('%s valid: %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  it('normalises case and surrounding space', () => {
    expect(normalizeEmail('  Sanne@Example.COM ')).toBe('sanne@example.com');
  });
});

describe('passwordProblem', () => {
  it('needs 8 to 128 characters', () => {
    expect(passwordProblem('1234567')).toBe('password_too_short');
    expect(passwordProblem('12345678')).toBeNull();
    expect(passwordProblem('x'.repeat(129))).toBe('password_too_long');
  });
});

describe('date of birth', () => {
  const today = new Date('2026-11-21T10:00:00Z');

  it('counts full years, with the birthday itself included', () => {
    expect(ageOn('2008-11-21', today)).toBe(18);
    expect(ageOn('2008-11-22', today)).toBe(17);
    expect(ageOn('2000-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(25);
    expect(ageOn('2000-02-29', new Date('2026-03-01T12:00:00Z'))).toBe(26);
  });

  it("answers 'Enter your date of birth (min_age+)' when missing or too young, and invalid for impossible dates", () => {
    expect(dateOfBirthProblem('', 18, today)).toBe('date_of_birth_required');
    expect(dateOfBirthProblem('2008-11-22', 18, today)).toBe('date_of_birth_required');
    expect(dateOfBirthProblem('2008-11-21', 18, today)).toBeNull();
    expect(dateOfBirthProblem('2005-11-22', 21, today)).toBe('date_of_birth_required');
    expect(dateOfBirthProblem('1990-02-30', 18, today)).toBe('invalid_date_of_birth');
    expect(dateOfBirthProblem('2030-01-01', 18, today)).toBe('invalid_date_of_birth');
    expect(dateOfBirthProblem('1890-01-01', 18, today)).toBe('invalid_date_of_birth');
    expect(dateOfBirthProblem('17-05-1990', 18, today)).toBe('invalid_date_of_birth');
  });
});

describe('hasTrafficSource', () => {
  it('is true for any tracking parameter but the e-mail address', () => {
    expect(hasTrafficSource(undefined)).toBe(false);
    expect(hasTrafficSource({ email: 'a@b.cd' })).toBe(false);
    expect(hasTrafficSource({ network: ' ' })).toBe(false);
    expect(hasTrafficSource({ sub2: 'x' })).toBe(true);
  });
});
