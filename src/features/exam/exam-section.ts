/** The texts key of an exam section's name, shared by the exam's three stages. */
import type { ExamSection } from '@/domain/exam';
import type { MessageKey } from '@/i18n';

export const sectionKey = (section: ExamSection) => `exam.section.${section}` as MessageKey;
