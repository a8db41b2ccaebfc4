/**
 * Texts of the records set aside by the wire contract (settings): loaded with the settings
 * screen, not at start-up (`useLocalT`).
 */
import { defineLocalMessages } from '@/i18n/define';

export const deadLetters = defineLocalMessages(
  'deadLetters',
  {
    importRejected:
      '{count} record(s) failed the check and were not imported: see “Records with errors” below.',
    importFuture:
      '{count} of them are dated more than {days} days ahead of this device’s clock (a damaged or edited file): they were refused so that no word is scheduled into the future.',
    title: 'Records with errors: {count}',
    hint: 'These records failed the check (an impossible value, a broken word id) and were set aside so that everything else keeps syncing. They are never sent to the cloud.',
    'source.upgrade': 'Found when the app was updated',
    'source.import': 'Import',
    'source.pull': 'Received from the cloud',
    'source.push': 'Before sending',
    clear: 'Forget these records',
    listed: 'The newest {shown} are listed here.',
    notKept:
      'Not kept: {count} more record(s) with errors. Only the newest {kept} from each source are stored (long ones shortened).',
  },
  {
    importRejected:
      'Записей, не прошедших проверку: {count}. Они не импортированы — см. «Записи с ошибками» ниже.',
    importFuture:
      'Из них датированы более чем на {days} дн. вперёд от часов этого устройства (файл повреждён или изменён): {count}. Они отклонены, чтобы ни одно слово не было запланировано в будущее.',
    title: 'Записи с ошибками: {count}',
    hint: 'Эти записи не прошли проверку (невозможное значение, испорченный идентификатор слова) и отложены, чтобы всё остальное продолжало синхронизироваться. В облако они не отправляются.',
    'source.upgrade': 'Найдено при обновлении приложения',
    'source.import': 'Импорт',
    'source.pull': 'Получено из облака',
    'source.push': 'Перед отправкой',
    clear: 'Забыть эти записи',
    listed: 'Здесь показаны последние {shown}.',
    notKept:
      'Не сохранено записей с ошибками: {count}. Хранятся только {kept} последних из каждого источника (длинные — в сокращении).',
  },
);
