/**
 * Texts of the spoken answer mode's button, which the drill and word-order screens carry
 * (`useLocalT`); the rest of the mode's texts load with it when the learner chooses to speak.
 */
import { defineLocalMessages } from '@/i18n/define';

export const speakButton = defineLocalMessages(
  'speakButton',
  {
    open: 'Answer aloud',
    loading: 'Loading…',
    loadFailed: 'The speaking part did not load. Check the connection and try again.',
  },
  {
    open: 'Ответить голосом',
    loading: 'Загрузка…',
    loadFailed: 'Не удалось загрузить речевой режим. Проверьте связь и попробуйте ещё раз.',
  },
);
