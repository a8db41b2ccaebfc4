/**
 * Texts of the review-schedule card in settings (the schedule, FSRS's desired retention, the home
 * time zone): loaded with the settings screen, not at start-up (`useLocalT`).
 */
import { defineLocalMessages } from '@/i18n/define';

export const schedule = defineLocalMessages(
  'schedule',
  {
    title: 'Review schedule',
    standard: 'Standard',
    fsrs: 'Adaptive (FSRS)',
    standardHint: 'The course’s intervals after right answers, in days: {days}.',
    fsrsHint:
      'The intervals follow how well you remember each word (the FSRS algorithm); a word is learned once you would keep it for about {days} days.',
    retention: 'Target retention',
    retentionHint:
      'The share of words you should still remember on the day of their review. Higher means more frequent reviews.',
    zoneTitle: 'Your day',
    zone: 'Days are counted in the time zone {zone}: a word moves at most one step of the schedule a day.',
    dayStart: 'The study day begins at',
    dayStartHint:
      'Answers before this hour count for the day before, so a watch that studies across midnight keeps one day: one step a day, the daily goal and the charts follow it.',
    zoneNone: 'No home time zone yet: days are counted in UTC.',
    zoneKeeps: 'It does not change by itself when the ship crosses time zones.',
    useDevice: 'Use the device’s time zone ({zone})',
    refolded: 'Saved. Review dates recalculated (words: {count}).',
    toFsrs:
      'Switch to the adaptive schedule (FSRS)?\nLearned words (MAST): {before} now, {after} under FSRS.\nFSRS calls a word learned only once you would keep it for about {days} days, judged from your answers on different days, so words answered right only once or lately are not learned yet. No answer is lost, and switching back brings the count back.',
    toStandard:
      'Switch to the standard schedule?\nLearned words (MAST): {before} now, {after} under the standard schedule.\nIt counts a word learned after a right answer on the day it is due. No answer is lost, and you can switch again.',
    switchUnknown:
      'Switch the schedule? The learned words are counted again from your answers; no answer is lost.',
    switchConfirm: 'Switch',
  },
  {
    title: 'Расписание повторений',
    standard: 'Стандартный',
    fsrs: 'Адаптивный (FSRS)',
    standardHint: 'Интервалы курса после верных ответов, в днях: {days}.',
    fsrsHint:
      'Интервалы следуют тому, как вы помните каждое слово (алгоритм FSRS); слово выучено, когда вы удержите его в памяти около {days} дней.',
    retention: 'Целевое запоминание',
    retentionHint: 'Доля слов, которые вы должны помнить к дню повторения. Выше — чаще повторения.',
    zoneTitle: 'Ваш день',
    zone: 'День считается по часовому поясу {zone}: слово продвигается по расписанию не больше чем на шаг в день.',
    dayStart: 'Учебный день начинается в',
    dayStartHint:
      'Ответы до этого часа относятся к предыдущему дню, так что вахта, которая занимается после полуночи, остаётся в одном дне: по нему считаются шаг в день, цель дня и графики.',
    zoneNone: 'Домашний часовой пояс не задан: день считается по UTC.',
    zoneKeeps: 'Он не меняется сам, когда судно переходит в другой часовой пояс.',
    useDevice: 'Использовать часовой пояс устройства ({zone})',
    refolded: 'Сохранено. Даты повторений пересчитаны (слов: {count}).',
    toFsrs:
      'Перейти на адаптивное расписание (FSRS)?\nВыучено слов (MAST): сейчас {before}, с FSRS — {after}.\nFSRS считает слово выученным, только когда вы удержите его в памяти около {days} дней, судя по ответам в разные дни, поэтому слова, отвеченные верно один раз или недавно, пока не выучены. Ни один ответ не теряется, а при возврате счёт вернётся.',
    toStandard:
      'Перейти на стандартное расписание?\nВыучено слов (MAST): сейчас {before}, со стандартным — {after}.\nОно считает слово выученным после верного ответа в день повторения. Ни один ответ не теряется, переключиться можно снова.',
    switchUnknown:
      'Сменить расписание? Выученные слова будут пересчитаны по вашим ответам; ни один ответ не теряется.',
    switchConfirm: 'Переключить',
  },
);
