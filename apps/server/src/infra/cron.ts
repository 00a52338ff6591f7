/**
 * The five-field cron expressions of the job schedules (minute hour day-of-month month
 * day-of-week, always UTC): numbers, `*`, ranges `a-b`, steps `* /n` and `a-b/n`, and lists.
 * Only what the scheduler needs: "which tick of this expression, if any, fell in the last N
 * minutes" (docs/decisions/018-jobs.md says why the scheduler is ours and not pg-boss's).
 */

interface FieldSpec {
  name: string;
  min: number;
  max: number;
}

const FIELDS: FieldSpec[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  // 0 and 7 are both Sunday.
  { name: 'day of week', min: 0, max: 7 },
];

export interface Cron {
  expression: string;
  /** True when the expression fires at the start of this minute (UTC; seconds are ignored). */
  matches(at: Date): boolean;
}

function parseField(text: string, spec: FieldSpec, expression: string): { values: Set<number>; restricted: boolean } {
  const values = new Set<number>();
  const fail = () => new Error(`Invalid cron expression "${expression}": bad ${spec.name} "${text}"`);
  for (const item of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(item);
    if (!match) throw fail();
    const [, whole, from, to, step] = match;
    const start = whole === '*' ? spec.min : Number(from);
    // `5/15` means from 5 to the end of the range in steps of 15, as in common cron dialects.
    const end = whole === '*' || (to === undefined && step !== undefined) ? spec.max : Number(to ?? from);
    const stride = step === undefined ? 1 : Number(step);
    if (start < spec.min || end > spec.max || start > end || stride < 1) throw fail();
    for (let value = start; value <= end; value += stride) values.add(spec.name === 'day of week' && value === 7 ? 0 : value);
  }
  return { values, restricted: text !== '*' };
}

export function parseCron(expression: string): Cron {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== FIELDS.length) throw new Error(`Invalid cron expression "${expression}": expected 5 fields`);
  const [minute, hour, dayOfMonth, month, dayOfWeek] = parts.map((part, i) => parseField(part, FIELDS[i]!, expression));
  return {
    expression,
    matches(at) {
      if (!minute!.values.has(at.getUTCMinutes()) || !hour!.values.has(at.getUTCHours()) || !month!.values.has(at.getUTCMonth() + 1))
        return false;
      const domHit = dayOfMonth!.values.has(at.getUTCDate());
      const dowHit = dayOfWeek!.values.has(at.getUTCDay());
      // Classic cron: when both day fields are restricted, either one matching is enough.
      if (dayOfMonth!.restricted && dayOfWeek!.restricted) return domHit || dowHit;
      return domHit && dowHit;
    },
  };
}

const MINUTE_MS = 60_000;

/** The latest minute in (now - windowMinutes, now] at which the expression fired, or null. */
export function latestTickWithin(cron: Cron, now: Date, windowMinutes: number): Date | null {
  const startOfMinute = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  for (let back = 0; back < windowMinutes; back++) {
    const candidate = new Date(startOfMinute - back * MINUTE_MS);
    if (cron.matches(candidate)) return candidate;
  }
  return null;
}
