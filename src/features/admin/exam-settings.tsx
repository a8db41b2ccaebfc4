/**
 * The admin's exam composition of the selected post: how many questions, the time limit, the pass
 * mark and which sections count. Saved in one transaction and, in the cloud edition, shared with
 * the crew like the rest of the curriculum.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { EXAM_LIMITS, EXAM_SECTIONS, type ExamSection } from '@/domain/exam';
import { type MessageKey, useT } from '@/i18n';
import { useCatalogRunner } from '@/stores/catalog-runner';
import { useCatalogStore } from '@/stores/catalog-store';
import { readExamConfig } from '@/stores/exam-store';

interface Props {
  roleId: string;
  division: string;
  role: string;
  /** The post as people read it. */
  label: string;
}

export function ExamSettings({ roleId, division, role, label }: Props) {
  const t = useT();
  const run = useCatalogRunner();
  const id = useId();
  const [questions, setQuestions] = useState('');
  const [minutes, setMinutes] = useState('');
  const [pass, setPass] = useState('');
  const [sections, setSections] = useState<ExamSection[]>([]);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setMessage(null);
    readExamConfig(roleId).then((config) => {
      if (!live) return;
      setQuestions(String(config.questions));
      setMinutes(String(config.minutes));
      setPass(String(Math.round(config.passMark * 100)));
      setSections(config.sections);
    });
    return () => {
      live = false;
    };
  }, [roleId]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const outcome = await run(
      () =>
        useCatalogStore.getState().setExamSetting(
          roleId,
          { division, role },
          {
            questions: Number(questions),
            minutes: Number(minutes),
            passMark: Number(pass) / 100,
            sections,
          },
        ),
      'exam.admin.failed',
    );
    if (!outcome?.ok) return;
    const saved = outcome.value;
    setQuestions(String(saved.questions));
    setMinutes(String(saved.minutes));
    setPass(String(Math.round(saved.passMark * 100)));
    setSections(saved.sections);
    setMessage(
      t('exam.admin.saved', {
        questions: saved.questions,
        minutes: saved.minutes,
        pass: Math.round(saved.passMark * 100),
      }),
    );
  }

  const toggle = (section: ExamSection, on: boolean) =>
    setSections((current) =>
      EXAM_SECTIONS.filter((s) => (s === section ? on : current.includes(s))),
    );
  const number = (
    key: MessageKey,
    value: string,
    set: (value: string) => void,
    range: { min: number; max: number },
  ) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{t(key, range)}</label>
      <input
        id={`${id}-${key}`}
        className="input"
        type="number"
        inputMode="numeric"
        min={range.min}
        max={range.max}
        value={value}
        onChange={(event) => set(event.target.value)}
      />
    </div>
  );

  return (
    <section className="card admin-exam" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('exam.admin.title', { role: label })}</h2>
      <p className="muted">{t('exam.admin.hint')}</p>
      <form className="stack" onSubmit={save} noValidate>
        {number('exam.admin.questions', questions, setQuestions, EXAM_LIMITS.questions)}
        {number('exam.admin.minutes', minutes, setMinutes, EXAM_LIMITS.minutes)}
        {number('exam.admin.passMark', pass, setPass, {
          min: EXAM_LIMITS.passMark.min * 100,
          max: EXAM_LIMITS.passMark.max * 100,
        })}
        <fieldset className="admin-exam-sections">
          <legend>{t('exam.admin.sections')}</legend>
          {EXAM_SECTIONS.map((section) => (
            <label key={section} className="check">
              <input
                type="checkbox"
                checked={sections.includes(section)}
                onChange={(event) => toggle(section, event.target.checked)}
              />
              <span>{t(`exam.section.${section}` as MessageKey)}</span>
            </label>
          ))}
        </fieldset>
        <div>
          <button type="submit" className="btn btn-primary">
            {t('exam.admin.save')}
          </button>
        </div>
        {message ? (
          <p className="form-success" role="status">
            {message}
          </p>
        ) : null}
      </form>
    </section>
  );
}
