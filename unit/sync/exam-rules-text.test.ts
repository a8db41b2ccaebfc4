/**
 * firestore.rules' exam result and sitting checks say what domain/exam-proof.ts says: the same
 * fields, the same code alphabet, the default exam's numbers, the same grace on the time.
 */
import { describe, expect, it } from 'vitest';
import { EXAM_DEFAULTS, EXAM_SECTIONS } from '@/domain/exam';
import {
  EXAM_RESULT_FIELDS,
  EXAM_TIME_GRACE_S,
  SITTING_CODE_PATTERN,
  SITTING_FIELDS,
} from '@/domain/exam-proof';
import { JOIN_CODE_PATTERN } from '@/domain/fleet';
import { functionBody, RULES } from './rules-text';

const listIn = (text: string): string[] => {
  const list = /\[([^\]]*)\]/.exec(text)?.[1] ?? '';
  return [...list.matchAll(/'([^']+)'/g)].map((m) => m[1] as string);
};

describe('firestore.rules and the exam proof tables', () => {
  it('whitelist the result document fields as EXAM_RESULT_FIELDS does (sc optional)', () => {
    const body = functionBody(RULES, 'validExamResult');
    expect(listIn(body.split('hasOnly(')[1] ?? '').sort()).toEqual([...EXAM_RESULT_FIELDS].sort());
    expect(listIn(body.split('hasAll(')[1] ?? '').sort()).toEqual(
      EXAM_RESULT_FIELDS.filter((field) => field !== 'sc').sort(),
    );
    expect(body).toContain(`data.sec <= data.lim + ${EXAM_TIME_GRACE_S}`);
    expect(listIn(functionBody(RULES, 'examSections'))).toEqual([...EXAM_SECTIONS]);
  });

  it('hold a result to the default exam when the admin set none', () => {
    const body = functionBody(RULES, 'agreesWithExam');
    expect(body).toContain(`data.n == ${EXAM_DEFAULTS.questions}`);
    expect(body).toContain(`data.pm == ${Math.round(EXAM_DEFAULTS.passMark * 100)}`);
    expect(body).toContain(`data.lim == ${EXAM_DEFAULTS.minutes * 60}`);
  });

  it('whitelist the sitting fields as SITTING_FIELDS does, its use adding only usedAt and exam', () => {
    const issued = listIn(functionBody(RULES, 'validSitting').split('hasOnly(')[1] ?? '');
    expect([...issued, 'usedAt', 'exam'].sort()).toEqual([...SITTING_FIELDS].sort());
    expect(listIn(functionBody(RULES, 'validSittingUse').split('hasOnly(')[1] ?? '')).toEqual([
      'usedAt',
      'exam',
    ]);
    // Sitting codes use the join codes' alphabet and length, which the rules' pattern names.
    expect(SITTING_CODE_PATTERN).toBe(JOIN_CODE_PATTERN);
    expect(functionBody(RULES, 'validSitting')).toContain('code.matches(joinCodePattern())');
  });
});
