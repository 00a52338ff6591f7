/** The one judgement of a fictional profile's reply, as the answer call refuses and the answer screen warns. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_HONEST_ANSWER } from '../contracts/operator-console';
import { honestAnswerDueIn, isHonestAnswer, replyRefusals } from './operator-guardrails-refusal';

const HONEST = Object.values(DEFAULT_HONEST_ANSWER);

describe('replyRefusals', () => {
  it('passes an ordinary reply, and the honest answer in any language, spaces and case aside, even with rule words in it', () => {
    expect(replyRefusals('Sounds lovely, tell me more', HONEST, false)).toEqual([]);
    expect(replyRefusals(`  ${DEFAULT_HONEST_ANSWER.de.toUpperCase().replace(/ /g, '  ')} `, HONEST, true)).toEqual([]);
    expect(isHonestAnswer(DEFAULT_HONEST_ANSWER.pl, HONEST)).toBe(true);
  });

  it('refuses a rule broken as a reader sees the text, quoting the words as typed', () => {
    expect(replyRefusals('ok, m.e.e.t?', HONEST, false)).toEqual([{ code: 'reply_refused_meeting', rule: 'meeting', match: 'm.e.e.t' }]);
    expect(replyRefusals('my ig: johnny99', HONEST, false)).toEqual([
      { code: 'reply_refused_messenger', rule: 'messenger', match: 'my ig: johnny99' },
    ]);
  });

  it('asks for the honest answer when it is due or when the reply denies the fiction, after the rules', () => {
    expect(replyRefusals('Sounds lovely', HONEST, true)).toEqual([{ code: 'honest_answer_required' }]);
    expect(replyRefusals('of course I am real', HONEST, false)).toEqual([{ code: 'honest_answer_required' }]);
    expect(replyRefusals("I'm real, let's m3et", HONEST, false)).toEqual([
      { code: 'reply_refused_meeting', rule: 'meeting', match: "let's m3et" },
      { code: 'honest_answer_required' },
    ]);
  });
});

describe('honestAnswerDueIn', () => {
  it('is due once one of the member texts asks whether the profile is real, however typed', () => {
    expect(honestAnswerDueIn(['Hi!', 'is this really you or an employee writing?'])).toBe(true);
    expect(honestAnswerDueIn(['a r e  y o u  a  b o t ?'])).toBe(true);
    expect(honestAnswerDueIn(['Hi!', 'Fine, and you?'])).toBe(false);
    expect(honestAnswerDueIn([])).toBe(false);
  });
});
