/** Texts of the progress charts: loaded with the progress screen, not at start-up (`useLocalT`). */
import { defineMessages } from '@/i18n/define';

export const charts = defineMessages(
  {
    'charts.title': 'Answer history',
    'charts.loading': 'Loading the history…',
    'charts.updating': 'Updating the charts…',
    'charts.empty': 'No answers yet: finish a session and the charts appear here.',
    'charts.table': 'Show as a table',
    'charts.day': 'Day',
    'charts.right': 'Right',
    'charts.wrong': 'Wrong',
    'charts.answers.title': 'Answers in 30 days',
    'charts.answers.total': 'Answers in all: {count} · right {right} · wrong {wrong}',
    'charts.answers.aria':
      'Bar chart: {count} answers in the last 30 days, {right} right and {wrong} wrong.',
    'charts.learned.title': 'Learned words',
    'charts.learned.count': 'Learned',
    'charts.learned.aria': 'Line chart: {from} words learned 30 days ago, {to} today.',
    'charts.forecast.title': 'Reviews in the next 14 days',
    'charts.forecast.due': 'To review',
    'charts.forecast.aria':
      'Bar chart: {count} reviews fall due in the next 14 days, {today} today.',
    'charts.topics.title': 'Accuracy by topic',
    'charts.topics.topic': 'Topic',
    'charts.topics.answers': 'Answers',
    'charts.topics.accuracy': 'Accuracy',
    'charts.topics.row': '{topic}: {percent} % right of {count} answers',
  },
  {
    'charts.title': 'История ответов',
    'charts.loading': 'Загрузка истории…',
    'charts.updating': 'Графики обновляются…',
    'charts.empty': 'Ответов пока нет: пройдите занятие, и здесь появятся графики.',
    'charts.table': 'Показать таблицей',
    'charts.day': 'День',
    'charts.right': 'Верно',
    'charts.wrong': 'Неверно',
    'charts.answers.title': 'Ответы за 30 дней',
    'charts.answers.total': 'Всего ответов: {count} · верно {right} · неверно {wrong}',
    'charts.answers.aria':
      'Столбчатая диаграмма: за 30 дней {count} ответов, верных {right}, неверных {wrong}.',
    'charts.learned.title': 'Выученные слова',
    'charts.learned.count': 'Выучено',
    'charts.learned.aria': 'Линейный график: 30 дней назад выучено слов {from}, сегодня {to}.',
    'charts.forecast.title': 'Прогноз повторений на 14 дней',
    'charts.forecast.due': 'К повторению',
    'charts.forecast.aria':
      'Столбчатая диаграмма: за 14 дней подойдёт к повторению слов {count}, сегодня {today}.',
    'charts.topics.title': 'Точность по темам',
    'charts.topics.topic': 'Тема',
    'charts.topics.answers': 'Ответов',
    'charts.topics.accuracy': 'Точность',
    'charts.topics.row': '{topic}: верно {percent} % из {count} ответов',
  },
);
