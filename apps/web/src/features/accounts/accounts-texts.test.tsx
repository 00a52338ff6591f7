import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { changeLocale } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render-with-providers';
import { useLocale } from '../locale/use-locale';
import LoginPage from './login/login-page';

function Switch() {
  const { setLocale } = useLocale();
  return <button onClick={() => void setLocale('pl')}>pl</button>;
}

afterEach(async () => {
  await changeLocale('en');
});

describe('accounts texts (lazily registered namespace)', () => {
  it('opens directly in Dutch when that is the locale', async () => {
    await changeLocale('nl');
    renderWithProviders(<LoginPage />, { locale: 'nl', route: '/login' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Inloggen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Wachtwoord vergeten?' })).toBeTruthy();
  });

  it('follows a locale switch at once', async () => {
    renderWithProviders(
      <>
        <Switch />
        <LoginPage />
      </>,
      { route: '/login' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'pl' }).click());
    expect(await screen.findByRole('heading', { level: 1, name: 'Logowanie' })).toBeTruthy();
    expect(screen.getByLabelText('Hasło')).toBeTruthy();
  });
});
