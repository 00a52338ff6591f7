import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, type LocaleCode } from './locales';
import { DEFAULT_HONEST_ANSWER } from '../contracts/operator-console';
import { GUARDRAIL_RULES, replyViolations, type TGuardrailRule } from './operator-guardrails';

/** Per language and rule: replies that break the rule, and the text the refusal must quote. */
const BROKEN: Record<LocaleCode, Record<TGuardrailRule, [reply: string, match: string][]>> = {
  en: {
    meeting: [
      ["Let's meet on Saturday!", "Let's meet"],
      ['see you Saturday at the station', 'see you Saturday'],
      ['Come over to mine tonight', 'Come over'],
      ['Saturday at 8 pm at the café by the bridge?', 'at 8 pm at the café'],
      ['I live at 12 Baker Street', '12 Baker Street'],
    ],
    phone: [
      ['Call me +44 7700 900123', '+44 7700 900123'],
      ['text 07700-900-123 babe', '07700-900-123'],
      ['zero seven seven zero zero nine zero zero one two three', 'zero seven seven zero zero nine zero zero one two three'],
    ],
    email: [
      ['write to anna.b@gmail.com', 'anna.b@gmail.com'],
      ['anna at gmail dot com', 'anna at gmail dot com'],
      ['anna [at] outlook [dot] com', 'anna [at] outlook [dot] com'],
    ],
    messenger: [
      ['add me on WhatsApp', 'add me on'],
      ['I am on Telegram more often', 'Telegram'],
      ['my insta is @anna_99', 'insta'],
      ['message me @anna_99', '@anna_99'],
    ],
    link: [
      ['look at https://example.com/me', 'https://example.com/me'],
      ['my pics: bit.ly/x2y', 'bit.ly/x2y'],
    ],
  },
  nl: {
    meeting: [
      ['Kom je vanavond naar mijn huis?', 'Kom je vanavond naar'],
      ['Zullen we afspreken?', 'afspreken'],
      ['Laten we elkaar zaterdag ontmoeten', 'Laten we elkaar zaterdag ontmoeten'],
      ['Zie je morgen om 8 uur op het station', 'Zie je morgen'],
      ['Mijn adres is Kerkstraat 12', 'Kerkstraat 12'],
    ],
    phone: [
      ['Bel me op 06-12345678', '06-12345678'],
      ['+31 6 12 34 56 78 is mijn nummer', '+31 6 12 34 56 78'],
      ['nul zes een twee drie vier vijf zes zeven acht', 'nul zes een twee drie vier vijf zes zeven acht'],
    ],
    email: [['mail me op lisa(at)hotmail(punt)nl', 'lisa(at)hotmail(punt)nl']],
    messenger: [
      ['Voeg me toe op Snapchat', 'Voeg me toe op'],
      ['app me via WhatsApp', 'WhatsApp'],
    ],
    link: [['kijk op www.mijnfotos.nl', 'www.mijnfotos.nl']],
  },
  de: {
    meeting: [
      ['Treffen wir uns am Samstag?', 'Treffen wir uns'],
      ['Lass uns morgen treffen', 'Lass uns morgen treffen'],
      ['Kommst du heute Abend zu mir?', 'Kommst du heute Abend zu mir'],
      ['Ich wohne in der Schillerstraße 5', 'Schillerstraße 5'],
    ],
    phone: [
      ['Ruf mich an: 0151 2345 6789', '0151 2345 6789'],
      ['+49 (0) 30 1234567', '+49 (0) 30 1234567'],
    ],
    email: [
      ['schreib an lena(at)web.de', 'lena(at)web.de'],
      ['lena punkt m at gmx punkt de', 'm at gmx punkt de'],
    ],
    messenger: [
      ['Schreib mir auf Signal', 'Schreib mir auf'],
      ['Hast du Telegram?', 'Telegram'],
    ],
    link: [['Schau mal auf meine-seite.de/bilder', 'meine-seite.de/bilder']],
  },
  it: {
    meeting: [
      ['Ci vediamo stasera?', 'Ci vediamo'],
      ['Possiamo incontrarci in piazza?', 'Possiamo incontrarci'],
      ['Vieni da me dopo il lavoro', 'Vieni da me'],
      ['Abito in via Roma 12', 'via Roma 12'],
    ],
    phone: [['Chiamami al 333 123 4567', '333 123 4567']],
    email: [['scrivimi: giulia chiocciola libero punto it', 'giulia chiocciola libero punto it']],
    messenger: [['Aggiungimi su Instagram', 'Aggiungimi su']],
    link: [['guarda www.foto-giulia.it', 'www.foto-giulia.it']],
  },
  fr: {
    meeting: [
      ['On se voit ce soir\u202f?', 'On se voit'],
      ['Viens chez moi samedi', 'Viens chez moi'],
      ['Rendez-vous à 20 h à la gare', 'Rendez-vous à'],
      ['Fixons un rendez-vous samedi', 'Fixons un rendez-vous'],
      ['J’habite au 12 rue Lepic', '12 rue Lepic'],
    ],
    phone: [['Appelle-moi au 06 12 34 56 78', '06 12 34 56 78']],
    email: [['écris à chloe@orange.fr', 'chloe@orange.fr']],
    messenger: [['Ajoute-moi sur Snapchat', 'Ajoute-moi sur']],
    link: [['regarde https://photos.example.fr', 'https://photos.example.fr']],
  },
  es: {
    meeting: [
      ['¿Quedamos mañana?', 'Quedamos'],
      ['Nos vemos el sábado en la plaza', 'Nos vemos'],
      ['Ven a mi casa esta noche', 'Ven a mi casa'],
      ['Vivo en Calle Mayor 5', 'Calle Mayor 5'],
    ],
    phone: [['Llámame al +34 612 34 56 78', '+34 612 34 56 78']],
    email: [['escríbeme a lucia arroba gmail punto com', 'lucia arroba gmail punto com']],
    messenger: [['Agrégame en WhatsApp', 'Agrégame en']],
    link: [['mira mis fotos en lucia.es', 'lucia.es']],
  },
  pl: {
    meeting: [
      ['Spotkajmy się jutro!', 'Spotkajmy się'],
      ['Możemy się spotkać w sobotę?', 'Możemy się spotkać'],
      ['Wpadnij do mnie wieczorem', 'Wpadnij do mnie'],
      ['Mieszkam na ul. Długa 12', 'ul. Długa 12'],
    ],
    phone: [['Zadzwoń: 512 345 678', '512 345 678']],
    email: [['napisz na ola.k@wp.pl', 'ola.k@wp.pl']],
    messenger: [['Dodaj mnie na Messengerze albo na Viberze', 'Dodaj mnie na']],
    link: [['zobacz www.ola-zdjecia.pl', 'www.ola-zdjecia.pl']],
  },
};

/** Ordinary flirting, questions about the member's day, and harmless numbers. */
const HARMLESS: Record<LocaleCode, string[]> = {
  en: [
    'You make me smile, how was your day?',
    'Nice to meet you! What do you do for fun?',
    'It costs 25 credits, I know :)',
    "I'm home by 8 and I'm 34, born in 1990.",
    'How was your Saturday at the beach?',
    'I went to the park yesterday at 5.',
    "Coffee, a walk or dinner: what's your idea of a good first date?",
    'I really like your photos, you have a lovely smile.',
  ],
  nl: [
    'Hoe was je dag vandaag?',
    'Leuk dat je schrijft! Ik ben 29 en woon in Utrecht.',
    'Ik ben om 8 uur thuis, en jij?',
    'Echt? Vertel eens meer!',
    'Wat is voor jou een goede eerste date?',
  ],
  de: [
    'Wie war dein Tag?',
    'Ich bin 31 Jahre alt und mag Katzen.',
    'Am 24.11.2026 hatte ich Geburtstag.',
    'Du bist süß, erzähl mir mehr von dir.',
    'Wie sieht für dich ein gutes erstes Date aus?',
  ],
  it: [
    'Com’è andata la giornata?',
    'Ho 27 anni e adoro il mare.',
    'Sono a casa dalle 8, tu?',
    'Che bel sorriso che hai!',
    'Com’è per te un buon primo appuntamento?',
  ],
  fr: [
    'Comment s’est passée ta journée\u202f?',
    'J’ai 35 ans et j’adore cuisiner.',
    'Je rentre vers 19 h, et toi\u202f?',
    'Tu es vraiment charmant.',
    'Quel serait pour toi un bon premier rendez-vous\u202f?',
  ],
  es: [
    '¿Qué tal tu día?',
    'Tengo 30 años y me encanta bailar.',
    'Estoy en casa a las 8, ¿y tú?',
    'Me encantan tus fotos.',
    '¿Cómo sería para ti una buena primera cita?',
  ],
  pl: [
    'Jak minął ci dzień?',
    'Mam 28 lat i lubię góry.',
    'Wracam do domu o 18:00, a ty?',
    'Masz piękny uśmiech.',
    'Jak wygląda dla ciebie udana pierwsza randka?',
  ],
};

/** Meeting talk that says no: the honest way, which must pass. */
const REFUSING_TO_MEET: Record<LocaleCode, string> = {
  en: "Sorry, we can't meet, but I love chatting with you.",
  nl: 'Sorry, we kunnen elkaar niet ontmoeten.',
  de: 'Wir können uns leider nicht treffen.',
  it: 'Purtroppo non possiamo incontrarci.',
  fr: 'Nous ne pouvons pas nous rencontrer, désolée.',
  es: 'Lo siento, no podemos quedar.',
  pl: 'Niestety nie możemy się spotkać.',
};

describe.each(LOCALE_CODES)('replyViolations in %s', (lang) => {
  it.each(GUARDRAIL_RULES)('refuses %s with the words as written', (rule) => {
    expect(BROKEN[lang][rule].length).toBeGreaterThan(0);
    for (const [reply, match] of BROKEN[lang][rule]) {
      expect(replyViolations(reply), reply).toContainEqual({ rule, match });
    }
  });

  it('passes the site’s default honest answer', () => {
    expect(replyViolations(DEFAULT_HONEST_ANSWER[lang])).toEqual([]);
  });

  it('passes flirting, questions about the day, prices, times, ages and years', () => {
    for (const reply of HARMLESS[lang]) expect(replyViolations(reply), reply).toEqual([]);
  });

  it('passes a refusal to meet', () => {
    expect(replyViolations(REFUSING_TO_MEET[lang])).toEqual([]);
  });
});

describe('replyViolations', () => {
  it('gives one violation per broken rule, in the order of GUARDRAIL_RULES', () => {
    const reply = 'Visit www.anna.com, mail anna@mail.com, WhatsApp +31 612345678, and let’s meet tomorrow!';
    expect(replyViolations(reply)).toEqual([
      { rule: 'meeting', match: 'let’s meet' },
      { rule: 'phone', match: '+31 612345678' },
      { rule: 'email', match: 'anna@mail.com' },
      { rule: 'messenger', match: 'WhatsApp' },
      { rule: 'link', match: 'www.anna.com' },
    ]);
  });

  it('does not count an e-mail address as a link nor its digits as a phone number', () => {
    expect(replyViolations('anna1234567890@mail.com')).toEqual([{ rule: 'email', match: 'anna1234567890@mail.com' }]);
  });

  it('does not take dates or spans of hours for phone numbers', () => {
    expect(replyViolations('Open 08.00-12.00, since 01.02.2026')).toEqual([]);
  });

  it('ignores case and accents', () => {
    expect(replyViolations('SPOTKAJMY SIE')).toEqual([{ rule: 'meeting', match: 'SPOTKAJMY SIE' }]);
    expect(replyViolations('¿QUÉDAMOS?')).toEqual([{ rule: 'meeting', match: 'QUÉDAMOS' }]);
  });
});
