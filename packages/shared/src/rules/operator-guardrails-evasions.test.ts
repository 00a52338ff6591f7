/** The guardrails' rules on the text as a reader sees it: what refuses, what passes, and the words quoted. */
import { describe, expect, it } from 'vitest';
import { replyViolations } from './operator-guardrails';
import { replyViolationsAsRead } from './operator-guardrails-evasions';
import { deniesBeingFictional, memberAsksIfReal } from './operator-guardrails-honesty';

describe('replyViolationsAsRead', () => {
  it('answers exactly as the shared rules when they refuse', () => {
    for (const text of [
      'Let’s meet on Saturday!',
      'Call me +44 7700 900123',
      'anna at gmail dot com',
      'add me on WhatsApp',
      'kijk op www.mijnfotos.nl',
    ]) {
      expect(replyViolationsAsRead(text), text).toEqual(replyViolations(text));
    }
  });

  it('quotes the words as typed', () => {
    expect(replyViolationsAsRead('ok then, m.e.e.t?')).toEqual([{ rule: 'meeting', match: 'm.e.e.t' }]);
    expect(replyViolationsAsRead('l e t s  m e e t')).toEqual([{ rule: 'meeting', match: 'l e t s  m e e t' }]);
    expect(replyViolationsAsRead('on ᴡʜᴀᴛsᴀᴘᴘ')).toEqual([{ rule: 'messenger', match: 'ᴡʜᴀᴛsᴀᴘᴘ' }]);
    expect(replyViolationsAsRead('zero six one two, three four five, six seven eight')).toEqual([
      { rule: 'phone', match: 'zero six one two, three four five, six seven eight' },
    ]);
    expect(replyViolationsAsRead('j o h n @ g m a i l . c o m')).toEqual([{ rule: 'email', match: 'j o h n @ g m a i l . c o m' }]);
    expect(replyViolationsAsRead('see johnny . example . org')).toEqual([{ rule: 'link', match: 'johnny . example . org' }]);
  });

  it('refuses a hidden word wherever it stands, and judges the plain word by its context', () => {
    expect(replyViolationsAsRead('Nice to m3et you')).toEqual([{ rule: 'meeting', match: 'm3et' }]);
    expect(replyViolationsAsRead('Nice to meet you')).toEqual([]);
    expect(replyViolationsAsRead('the s1gnal here is bad')).toEqual([{ rule: 'messenger', match: 's1gnal' }]);
    expect(replyViolationsAsRead('the signal here is bad')).toEqual([]);
  });

  it('refuses a handle after a messenger name, not the state of the connection', () => {
    expect(replyViolationsAsRead('my signal is johnny')).toEqual([{ rule: 'messenger', match: 'my signal is johnny' }]);
    expect(replyViolationsAsRead('mein snap ist lena_x')).toEqual([{ rule: 'messenger', match: 'mein snap ist lena_x' }]);
    expect(replyViolationsAsRead('my signal is bad today')).toEqual([]);
    expect(replyViolationsAsRead('mijn signal is slecht')).toEqual([]);
  });

  it('refuses an address asked for or given, not one refused', () => {
    expect(replyViolationsAsRead('send me your address')).toEqual([{ rule: 'meeting', match: 'your address' }]);
    expect(replyViolationsAsRead("I can't give you my address, sorry")).toEqual([]);
  });
});

describe('memberAsksIfReal', () => {
  it('recognises the question however it is typed, in the seven languages', () => {
    for (const text of [
      'is this really you or an employee writing?',
      'a r e  y o u  a  b o t ?',
      'are you r3al?',
      'who is really writing to me?',
      'ben jij het echt?',
      'bist du es wirklich oder ein Mitarbeiter?',
      'sei davvero tu o un dipendente?',
      "c'est vraiment toi ou un employé ?",
      '¿eres tú de verdad o un empleado?',
      'czy to naprawdę ty, czy pracownik?',
    ]) {
      expect(memberAsksIfReal(text), text).toBe(true);
    }
  });

  it('leaves questions that only sound close', () => {
    for (const text of [
      'Really?',
      'Who is writing the new Bond film?',
      'Wer schreibt dir sonst so?',
      'Chi scrive meglio?',
      'Kto pisze takie piękne wiadomości?',
      'Bist du echt so süß?',
    ]) {
      expect(memberAsksIfReal(text), text).toBe(false);
    }
  });
});

describe('deniesBeingFictional', () => {
  it('finds a claim to be real, human or not staff in the seven languages', () => {
    for (const text of [
      'of course I am real',
      "I'm not a bot",
      'yes it is really me',
      'natuurlijk ben ik echt',
      'ich bin echt',
      'certo che sono reale',
      'je suis réelle',
      'claro que soy real',
      'jestem prawdziwa',
    ]) {
      expect(deniesBeingFictional(text), text).toBe(true);
    }
  });

  it('passes ordinary sentences and the fiction disclosed', () => {
    for (const text of [
      "I'm really happy you wrote",
      "I'm real tired today",
      'Ik ben echt blij',
      'Ich bin echt müde',
      'Ciao, sono io!',
      'No soy de aquí',
      'Je suis vraie fan de jazz',
      "I'm not a bot: I'm a fictional profile written by the site's staff",
      'non sono una persona reale',
    ]) {
      expect(deniesBeingFictional(text), text).toBe(false);
    }
  });
});
