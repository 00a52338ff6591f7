import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, type LocaleCode } from './locales';
import { DEFAULT_HONEST_ANSWER, DEFAULT_SPENDING_REMINDER } from '../contracts/operator-console';
import { asksIfReal, VULNERABILITY_SIGNALS, vulnerabilitySignals, type TVulnerabilitySignal } from './operator-guardrails';

/** Members asking whether the profile is real, a bot, fake or run by staff (with a typo or two). */
const ASKS: Record<LocaleCode, string[]> = {
  en: [
    'Are you real?',
    'are u a bot',
    'Is this profile fake?',
    'Are you a real person or not?',
    'are you a computer',
    'Is this profile run by staff?',
    'Am I talking to an operator?',
    'are you rael?',
    'ARE YOU A MODERATOR?',
    "you're a bot lol",
  ],
  nl: [
    'Ben je echt?',
    'ben jij een bot',
    'Is dit profiel nep?',
    'Praat ik met een medewerker?',
    'ben je wel een echt persoon?',
    'Ben je een computre?',
  ],
  de: [
    'Bist du ein Bot?',
    'bist du echt?',
    'Ist dein Profil fake?',
    'Schreibe ich mit einem Mitarbeiter?',
    'Bist du eine echte Person?',
    'bist du ein Mensch oder ein Computer?',
  ],
  it: ['Sei una persona vera?', 'sei un bot?', 'Questo profilo è finto?', 'Sei reale?', 'Sto parlando con un operatore?'],
  fr: [
    'Es-tu un vrai profil ?',
    'tu es un bot\u202f?',
    'Es-tu réelle ?',
    'Je parle avec un robot ?',
    'Tu es une vraie personne ou un opérateur ?',
    'Ce profil est faux ?',
  ],
  es: ['¿Eres real?', '¿eres un bot?', '¿Este perfil es falso?', '¿Hablo con una persona real?', '¿Eres un operador?'],
  pl: [
    'Czy jesteś prawdziwa?',
    'jesteś botem?',
    'Czy ten profil jest fałszywy?',
    'Czy piszę z prawdziwą osobą?',
    'czy jesteś pracownikiem?',
    'czy jestes prawdziwa?',
  ],
};

/** Everyday words that sound close but ask nothing of the kind. */
const DOES_NOT_ASK: Record<LocaleCode, string[]> = {
  en: [
    'Really?',
    'That was real nice of you',
    "I'm real, promise",
    "that's fake news lol",
    'Are you ready for the weekend?',
    'You are real sweet',
    'Your robot vacuum is cute',
  ],
  nl: ['Echt?', 'Ben je echt zo lief?', 'Dat is echt leuk', 'Ik ben echt moe vandaag'],
  de: ['Echt?', 'Bist du echt so süß?', 'Das ist echt lustig', 'Fake News überall'],
  it: ['Davvero?', 'È vero?', 'Sei davvero simpatica', 'Non è vero!'],
  fr: ['C’est vrai\u202f?', 'Vraiment\u202f?', 'Tu es vraiment drôle', 'Je suis réel, moi'],
  es: ['¿De verdad?', '¿En serio?', 'Eres realmente simpático', 'Es real lo que dices'],
  pl: ['Serio?', 'Naprawdę?', 'Jesteś naprawdę miła', 'To prawda', 'Jesteś prawdziwą pięknością'],
};

/** Per language, a message per vulnerability signal. */
const SIGNALLING: Record<LocaleCode, Record<TVulnerabilitySignal, string[]>> = {
  en: {
    money_trouble: ['I have so many debts', "I can't pay my rent this month", "I'm broke", 'I took a loan for this'],
    lonely: ['I feel so lonely', 'Nobody talks to me', 'I am so alone'],
    spending_too_much: ['I spent all my money on credits', "I can't stop buying credits"],
  },
  nl: {
    money_trouble: ['Ik heb schulden', 'Ik heb geen geld meer', 'Ik kan de huur niet betalen'],
    lonely: ['Ik ben zo eenzaam', 'Niemand praat met me', 'ik voel me zo alleen'],
    spending_too_much: ['Ik geef te veel uit aan credits', 'al mijn geld gaat hierheen'],
  },
  de: {
    money_trouble: ['Ich habe Schulden', 'Ich bin pleite', 'Ich habe kein Geld für die Miete'],
    lonely: ['Ich bin so einsam', 'Niemand redet mit mir'],
    spending_too_much: ['Ich gebe zu viel aus', 'Ich habe mein ganzes Geld für Credits ausgegeben'],
  },
  it: {
    money_trouble: ['Ho tanti debiti', 'Non ho soldi', 'Sono al verde'],
    lonely: ['Mi sento così sola', 'Nessuno mi parla'],
    spending_too_much: ['Ho speso troppo qui', 'Non riesco a smettere di comprare crediti'],
  },
  fr: {
    money_trouble: ['J’ai des dettes', 'Je suis fauché', 'Je n’ai pas d’argent'],
    lonely: ['Je me sens si seul', 'Personne ne me parle'],
    spending_too_much: ['J’ai dépensé tout mon argent en crédits', 'Je dépense trop ici'],
  },
  es: {
    money_trouble: ['Tengo deudas', 'No tengo dinero', 'No puedo pagar el alquiler'],
    lonely: ['Me siento muy sola', 'Nadie me habla'],
    spending_too_much: ['He gastado todo mi dinero en créditos', 'Gasto demasiado aquí'],
  },
  pl: {
    money_trouble: ['Mam długi', 'Nie mam pieniędzy', 'Wziąłem pożyczkę', 'Wziąłem kredyt'],
    lonely: ['Jestem bardzo samotny', 'Nikt ze mną nie rozmawia'],
    spending_too_much: ['Wydałem wszystkie pieniądze na kredyty', 'Wydaję za dużo'],
  },
};

/** Everyday talk with the same words in another sense. */
const NO_SIGNAL: Record<LocaleCode, string[]> = {
  en: ['We broke up last year', 'I like being alone with a book sometimes? No, kidding', 'How was your day?'],
  nl: ['Het is mijn schuld, sorry', 'Ik ben alleen thuis vanavond', 'Leuke dag gehad!'],
  de: ['Wie war dein Tag?', 'Ich habe heute frei'],
  it: ['Solo un attimo', 'Com’è andata?'],
  fr: ['Seulement un peu', 'Comment vas-tu\u202f?', 'Je suis prête\u202f!'],
  es: ['Solo un momento', '¿Qué tal tu día?'],
  pl: ['To był długi dzień', 'Jak się masz?', 'Wysłałem prezent za 25 kredytów', 'Mam jeszcze 1 kredyt'],
};

describe.each(LOCALE_CODES)('asksIfReal in %s', (lang) => {
  it('finds the question', () => {
    for (const text of ASKS[lang]) expect(asksIfReal(text), text).toBe(true);
  });

  it('leaves ordinary words alone', () => {
    for (const text of DOES_NOT_ASK[lang]) expect(asksIfReal(text), text).toBe(false);
  });

  it('does not take the honest answer itself for the question', () => {
    expect(asksIfReal(DEFAULT_HONEST_ANSWER[lang])).toBe(false);
  });
});

describe.each(LOCALE_CODES)('vulnerabilitySignals in %s', (lang) => {
  it.each(VULNERABILITY_SIGNALS)('finds %s', (signal) => {
    for (const text of SIGNALLING[lang][signal]) expect(vulnerabilitySignals(text), text).toEqual([signal]);
  });

  it('finds nothing in everyday talk or in the spending reminder', () => {
    for (const text of NO_SIGNAL[lang]) expect(vulnerabilitySignals(text), text).toEqual([]);
    expect(vulnerabilitySignals(DEFAULT_SPENDING_REMINDER[lang])).toEqual([]);
  });
});

describe('vulnerabilitySignals', () => {
  it('gives each signal once, in the order of VULNERABILITY_SIGNALS', () => {
    expect(vulnerabilitySignals('So lonely. I spent all my money on credits and now I have debts, more debts.')).toEqual([
      'money_trouble',
      'lonely',
      'spending_too_much',
    ]);
  });
});
