// The benchmark's baseline only (scripts/bench-validation.sh): the service plan check as a
// TypeScript team would write it with zod. The product never calls this; its one copy of the
// rule is crates/domain/src/routing/time_of_day.rs, reached through wasm.
import { z } from 'zod';

const MINUTES_PER_DAY = 24 * 60;
const LAST_MINUTE_OF_WEEK = 7 * MINUTES_PER_DAY - 1;
const KEYBOARD = /^[ -~£€A-Za-zÀ-ÖØ-öø-ÿ]*$/;

const row = z.object({
  fromDay: z.number().int(),
  fromHour: z.number().int(),
  fromMinute: z.number().int(),
  toDay: z.number().int(),
  toHour: z.number().int(),
  toMinute: z.number().int(),
  planType: z.enum(['routing', 'ivr']),
  routing: z.number(),
  ivr: z.number(),
});
type Row = z.infer<typeof row>;

function minuteOfWeek(day: number, hour: number, minute: number): number | null {
  const inRange = day >= 1 && day <= 7 && hour >= 0 && hour < 24 && minute >= 0 && minute < 60;
  return inRange ? (day - 1) * MINUTES_PER_DAY + hour * 60 + minute : null;
}

function checkTimes(rows: Row[], ctx: z.RefinementCtx): void {
  let previousEnd: number | null = null;
  for (const [i, r] of rows.entries()) {
    const from = minuteOfWeek(r.fromDay, r.fromHour, r.fromMinute);
    const to = minuteOfWeek(r.toDay, r.toHour, r.toMinute);
    const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (from === null || to === null) return problem(`form_from_day[${i}]`, `Please choose a valid day and time on row ${i + 1}.`);
    if (i === 0 && from !== 0) return problem('form_from_day[0]', 'Please change the from day and time to Monday 00:00 on row 1');
    const continuous = 'Please ensure your time of day options follow the Monday - Sunday format with time being continuous';
    if (previousEnd !== null && from !== previousEnd + 1) return problem(`form_from_day[${i}]`, continuous);
    if (to < from) return problem(`form_to_day[${i}]`, continuous);
    previousEnd = to;
  }
  if (previousEnd !== LAST_MINUTE_OF_WEEK) {
    ctx.addIssue({
      code: 'custom',
      path: [`form_to_day[${rows.length - 1}]`],
      message: `Please change the to day and time to Sunday 23:59 on row ${rows.length}`,
    });
  }
}

export function servicePlanSchema(taken: readonly string[]) {
  const takenLower = new Set(taken.map((t) => t.trim().toLowerCase()));
  return z.object({
    description: z
      .string()
      .trim()
      .min(1, 'Description is required.')
      .max(60, 'Description must not exceed 60 characters.')
      .regex(KEYBOARD, 'Invalid characters found. Allowed characters are letters, numbers, spaces and standard punctuation.')
      .refine((d) => !takenLower.has(d.toLowerCase()), 'Description must be unique.'),
    rows: z
      .array(row)
      .min(1, 'Please change the from day and time to Monday 00:00 on row 1')
      .max(200, 'A service plan can have at most 200 rows.')
      .superRefine((rows, ctx) => {
        rows.forEach((r, i) => {
          if (r.planType === 'routing' && r.routing <= 0)
            ctx.addIssue({ code: 'custom', path: [`form_routing[${i}]`], message: 'A destination plan is required.' });
          if (r.planType === 'ivr' && r.ivr <= 0)
            ctx.addIssue({ code: 'custom', path: [`form_ivr[${i}]`], message: 'An IVR is required.' });
        });
        checkTimes(rows, ctx);
      }),
  });
}

/** Field errors keyed as the product's are: {} when valid. */
export function validateWithZod(schema: ReturnType<typeof servicePlanSchema>, form: unknown): Record<string, string> {
  const result = schema.safeParse(form);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] === 'description' ? 'form_plan_description' : String(issue.path.at(-1));
    errors[field] ??= issue.message;
  }
  return errors;
}
