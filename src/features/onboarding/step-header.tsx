/** The heading of an onboarding step: "Step n of 4" above the screen's only h1. */
import { useT } from '@/i18n';

const STEPS = 4;

export function StepHeader({ step, title }: { step: number; title: string }) {
  const t = useT();
  return (
    <header className="onboarding-header">
      <p className="onboarding-step">{t('onboarding.step', { n: step, total: STEPS })}</p>
      <ol className="onboarding-dots" aria-hidden="true">
        {Array.from({ length: STEPS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of step markers.
          <li key={i} className={i < step ? 'is-done' : undefined} />
        ))}
      </ol>
      <h1>{title}</h1>
    </header>
  );
}
