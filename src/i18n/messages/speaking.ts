/**
 * Texts of the spoken answer mode (the drills' replies, the phrases and orders): loaded with the
 * speaking part when a learner chooses to speak, not at start-up (`useLocalT`).
 */
import { defineLocalMessages } from '@/i18n/define';

export const speaking = defineLocalMessages(
  'speaking',
  {
    title: 'Say it aloud',
    checking: 'Checking how this device can hear you…',
    onDevice: 'Your speech is recognised on this device, without the internet.',
    installHint:
      'Recognition on this device needs the browser’s English speech pack. The browser does not say its size: download it over Wi-Fi or in port.',
    install: 'Download the speech pack',
    installing: 'Downloading the speech pack…',
    installFailed: 'The speech pack was not installed.',
    onlineHint:
      'This browser recognises speech through its online service: your voice is sent to the browser maker’s server. Nothing is sent unless you allow it.',
    allowOnline: 'Allow and speak',
    online: 'Your speech is recognised by the browser’s online service (you allowed it).',
    offline:
      'Without the internet this browser cannot recognise speech: record yourself and compare with the model.',
    noRecognition:
      'This browser cannot recognise speech: record yourself and compare with the model.',
    nothingHere: 'This browser can neither recognise nor record speech: answer by choosing.',
    speak: 'Speak',
    listening: 'Listening… say the reply.',
    stop: 'Stop',
    record: 'Record and compare',
    recordStart: 'Record',
    recording: 'Recording… say the reply, then press Stop.',
    playMine: 'Play my recording',
    playModel: 'Play the model',
    model: 'The model',
    judge: 'Compare your recording with the model. Did you say it right?',
    judgeRight: 'I said it right',
    judgeWrong: 'I got it wrong',
    heard: 'Heard: “{text}”',
    right: 'Right: every word said, in order.',
    wrong: 'Not quite: missed {missed}, wrong {wrong}, extra {extra}.',
    words: 'The reply, word by word',
    said: 'said',
    missed: 'missed',
    wrongWord: 'wrong, heard “{heard}”',
    dropped: 'may be left out',
    extra: 'extra: “{heard}”',
    again: 'Say it again',
    nothing: 'Nothing was recognised. Speak clearly and try again.',
    micRefused:
      'The microphone is not allowed. Allow it for this site in the browser’s settings, or answer by choosing.',
    noMic: 'No microphone was found on this device.',
    notSupported:
      'This device cannot recognise English speech. Record yourself and compare with the model instead.',
    network:
      'The recognition service cannot be reached. Record yourself and compare with the model instead.',
    serviceRefused:
      'The browser does not allow its speech service here. Record yourself and compare with the model instead.',
    interrupted: 'Listening was interrupted. Try again.',
    failed: 'Recognition failed. Try again, or record yourself and compare.',
    micBusy:
      'The microphone is busy or cannot be read: close other apps that use it and try again.',
    recordInterrupted: 'Recording was interrupted. Try again.',
    recordFailed: 'Recording failed. Try again, or answer by choosing.',
    playFailed: 'Your recording cannot be played on this device. Try recording again.',
    noVoice: 'This device has no English voice: read the model.',
    counted: 'Your first answer is counted; say it again to practise.',
  },
  {
    title: 'Скажите вслух',
    checking: 'Проверяем, как устройство может вас услышать…',
    onDevice: 'Речь распознаётся на этом устройстве, без интернета.',
    installHint:
      'Для распознавания на устройстве нужен английский языковой пакет браузера. Его размер браузер не сообщает: загружайте через Wi-Fi или в порту.',
    install: 'Загрузить языковой пакет',
    installing: 'Загружаем языковой пакет…',
    installFailed: 'Языковой пакет не установлен.',
    onlineHint:
      'Этот браузер распознаёт речь через свой онлайн-сервис: запись голоса отправляется на сервер производителя браузера. Без вашего разрешения ничего не отправляется.',
    allowOnline: 'Разрешить и говорить',
    online: 'Речь распознаёт онлайн-сервис браузера (вы разрешили).',
    offline: 'Без интернета этот браузер не распознаёт речь: запишите себя и сравните с образцом.',
    noRecognition: 'Этот браузер не распознаёт речь: запишите себя и сравните с образцом.',
    nothingHere: 'Этот браузер не умеет ни распознавать, ни записывать речь: отвечайте выбором.',
    speak: 'Говорить',
    listening: 'Слушаю… скажите ответ.',
    stop: 'Стоп',
    record: 'Записать и сравнить',
    recordStart: 'Записать',
    recording: 'Идёт запись… скажите ответ и нажмите «Стоп».',
    playMine: 'Прослушать мою запись',
    playModel: 'Прослушать образец',
    model: 'Образец',
    judge: 'Сравните свою запись с образцом. Вы сказали верно?',
    judgeRight: 'Сказал верно',
    judgeWrong: 'Ошибся',
    heard: 'Услышано: «{text}»',
    right: 'Верно: все слова сказаны по порядку.',
    wrong: 'Неверно: пропущено {missed}, неверно {wrong}, лишних {extra}.',
    words: 'Ответ по словам',
    said: 'сказано',
    missed: 'пропущено',
    wrongWord: 'неверно, услышано «{heard}»',
    dropped: 'можно опустить',
    extra: 'лишнее: «{heard}»',
    again: 'Сказать ещё раз',
    nothing: 'Ничего не распознано. Говорите чётко и попробуйте ещё раз.',
    micRefused:
      'Доступ к микрофону запрещён. Разрешите его для этого сайта в настройках браузера или отвечайте выбором.',
    noMic: 'Микрофон на устройстве не найден.',
    notSupported:
      'Распознавание английской речи на этом устройстве недоступно. Запишите себя и сравните с образцом.',
    network: 'Сервис распознавания недоступен. Запишите себя и сравните с образцом.',
    serviceRefused:
      'Браузер не разрешает здесь свой сервис распознавания. Запишите себя и сравните с образцом.',
    interrupted: 'Распознавание прервалось. Попробуйте ещё раз.',
    failed: 'Распознать не удалось. Попробуйте ещё раз или запишите себя и сравните.',
    micBusy:
      'Микрофон занят или не отвечает: закройте другие приложения, которые им пользуются, и попробуйте ещё раз.',
    recordInterrupted: 'Запись прервалась. Попробуйте ещё раз.',
    recordFailed: 'Записать не удалось. Попробуйте ещё раз или отвечайте выбором.',
    playFailed: 'Запись не воспроизводится на этом устройстве. Попробуйте записать ещё раз.',
    noVoice: 'На устройстве нет английского голоса: прочитайте образец.',
    counted: 'Засчитан первый ответ; скажите ещё раз, чтобы потренироваться.',
  },
);
