/** The guardrails' normaliser: the text as a reader sees it, with the way back to the words as typed. */
import { describe, expect, it } from 'vitest';
import { decodeLeet, digitsForPhone, normaliseForGuardrails, originalOf } from './operator-guardrails-normalise';

const read = (text: string) => normaliseForGuardrails(text).text;

describe('normaliseForGuardrails', () => {
  it('folds look-alike letters of other scripts and styles to Latin', () => {
    expect(read('m\u0435\u0435t')).toBe('meet'); // Cyrillic е
    expect(read('ᴡʜᴀᴛsᴀᴘᴘ')).toBe('whatsapp'); // small capitals
    expect(read('ＷｈａｔｓＡｐｐ')).toBe('whatsapp'); // fullwidth
    expect(read('𝐦𝐞𝐞𝐭 𝓶𝓮')).toBe('meet me'); // mathematical bold and script
    expect(read('ⓦⓗⓐⓣⓢⓐⓟⓟ')).toBe('whatsapp'); // circled
    expect(read('τεlεgrαm')).toBe('telegram'); // Greek
    expect(read('Spotkajmy się, Łódź, Straße')).toBe('spotkajmy sie, lodz, strasse');
  });

  it('drops the characters a reader does not see', () => {
    expect(read('m\u200be\u00ade\u2060t')).toBe('meet');
  });

  it('reads the digits of other scripts as ASCII digits', () => {
    expect(read('٠٦١٢٣٤٥٦٧٨')).toBe('0612345678'); // Arabic-Indic
    expect(read('۰۶۱۲')).toBe('0612'); // Persian
    expect(read('०६१२')).toBe('0612'); // Devanagari
    expect(read('０６１２')).toBe('0612'); // fullwidth
  });

  it('joins letters spaced, dotted or dashed one by one, keeping two spaces as a word gap', () => {
    expect(read('l e t s  m e e t')).toBe('lets meet');
    expect(read('m.e.e.t')).toBe('meet');
    expect(read('w-h-a-t-s-a-p-p')).toBe('whatsapp');
    expect(read('j o h n @ g m a i l . c o m')).toBe('john@gmail.com');
    expect(read('s e i  u n  b o t ?')).toBe('sei un bot ?');
    expect(normaliseForGuardrails('hi w h a t s a p p').joined).toEqual([{ start: 3, end: 18 }]);
  });

  it('leaves ordinary single-letter words, abbreviations and hyphenated words alone', () => {
    expect(read('I am a fan, e.g. of U2')).toBe('i am a fan, e.g. of u2');
    expect(read('Plan A or B')).toBe('plan a or b');
    expect(read('ich bin im T-Shirt')).toBe('ich bin im t-shirt');
  });

  it('undoes defanged links and bracketed at and dot', () => {
    expect(read('hxxps://johnny.example')).toBe('https://johnny.example');
    expect(read('hxxp[:]//x.com')).toBe('http://x.com');
    expect(read('www [.] lola [.] com')).toBe('www.lola.com');
    expect(read('lola (at) web (punkt) de')).toBe('lola@web.de');
    expect(read('lucia (arroba) gmail (punto) com')).toBe('lucia@gmail.com');
    expect(read('chloe arobase orange point fr')).toBe('chloe@orange.fr');
  });

  it('joins a domain spelled with spaced dots or dot words, a word-like domain only at the end of a sentence', () => {
    expect(read('johnny . example . org')).toBe('johnny.example.org');
    expect(read('johnny99 dot net')).toBe('johnny99.net');
    expect(read('ola99 kropka pl')).toBe('ola99.pl');
    expect(read('lucia88 punto es')).toBe('lucia88.es');
    expect(read('desde mi punto de vista')).toBe('desde mi punto de vista');
    expect(read('dal mio punto di vista')).toBe('dal mio punto di vista');
    expect(read('um Punkt acht')).toBe('um punkt acht');
    expect(read('polka dot dresses')).toBe('polka dot dresses');
  });

  it('maps every character back to the words as typed', () => {
    const text = normaliseForGuardrails('Ok, let’s m.e.e.t!');
    const start = text.text.indexOf('meet');
    expect(originalOf(text, start, start + 4)).toBe('m.e.e.t');
  });
});

describe('digitsForPhone', () => {
  it('reads digit words of the seven languages as digits and drops the commas of a dictated number', () => {
    expect(digitsForPhone(normaliseForGuardrails('zero six one two, three four five')).text).toBe('0 6 1 2 3 4 5');
    expect(digitsForPhone(normaliseForGuardrails('nul zes, een twee')).text).toBe('0 6 1 2');
    expect(digitsForPhone(normaliseForGuardrails('null eins fünf')).text).toBe('0 1 5');
    expect(digitsForPhone(normaliseForGuardrails('pięć jeden dwa')).text).toBe('5 1 2');
  });

  it('keeps the thousands of a price together', () => {
    expect(digitsForPhone(normaliseForGuardrails('€1,000,000')).text).toBe('€1,000,000');
  });
});

describe('decodeLeet', () => {
  it('reads digits and signs inside words as letters, and numbers on their own as numbers', () => {
    expect(decodeLeet('m3et r3al sn@p 5ignal')).toBe('meet real snap signal');
    expect(decodeLeet('0612345678 at 8 pm, 25 euros')).toBe('0612345678 at 8 pm, 25 euros');
    expect(decodeLeet('john@gmail.com, j0hn')).toBe('john@gmail.com, john');
  });
});
