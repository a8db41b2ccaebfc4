/** Texts of /login, /register, /forgot and the authentication provider's error codes. */
import { VALIDATION_MESSAGES } from '@/domain/validation';
import { defineMessages } from '@/i18n/define';

export const auth = defineMessages(
  {
    // Shared form fields
    'auth.email': 'E-mail',
    'auth.password': 'Password',
    'auth.repeatPassword': 'Repeat password',
    'auth.fullName': 'Full name (optional)',
    'auth.division': 'Division',
    'auth.role': 'Position',
    'auth.dailyGoal': 'Daily goal (words)',
    'auth.dailyGoalHint': 'From {min} to {max} words a day',
    'auth.credentialsRequired': 'Enter e-mail and password',
    'auth.passwordsDiffer': 'Passwords do not match',
    'auth.working': 'Please wait…',

    // /login
    'login.title': 'Log in',
    'login.intro': 'Welcome aboard! Log in to keep your progress and sync it between devices.',
    'login.submit': 'Log in',
    'login.forgot': 'Forgot password?',
    'login.noAccount': 'No account yet?',
    'login.registerLink': 'Create an account',
    'login.failed': 'Could not log in',

    // /register
    'register.title': 'Registration',
    'register.intro': 'An account keeps your progress on this device and syncs it when online.',
    'register.account': 'Account',
    'register.aboutYou': 'Your position on board',
    'register.passwordHint': 'At least {min} characters',
    'register.submit': 'Register',
    'register.failed': 'Registration failed',
    'register.haveAccount': 'Already have an account?',
    'register.loginLink': 'Log in',

    // /forgot
    'forgot.title': 'Password reset',
    'forgot.intro':
      'Enter the e-mail of your account and we will send a link to reset the password.',
    'forgot.submit': 'Send the link',
    'forgot.emailRequired': 'Enter your e-mail',
    'forgot.sent':
      'With the online version, a password reset link has been sent to this address. With the local version, please contact your administrator.',
    'forgot.failed': 'Could not send the e-mail',
    'forgot.back': 'Back to log in',

    // Provider error codes (SPEC §8)
    'auth.error.invalid-email': 'The e-mail address is not valid',
    'auth.error.wrong-password': 'Wrong password',
    'auth.error.missing-password': 'Enter the password',
    'auth.error.invalid-credential': 'Wrong e-mail or password',
    'auth.error.invalid-admin-code': 'Wrong administrator code',
    'auth.error.email-already-in-use': 'An account with this e-mail already exists',
    'auth.error.user-not-found': 'No account with this e-mail',
    'auth.error.user-disabled': 'This account has been disabled',
    'auth.error.too-many-requests': 'Too many attempts. Try again later',
    'auth.error.expired-action-code': 'The link has expired. Request a new one',
    'auth.error.invalid-action-code': 'The link is not valid or has already been used',
    'auth.error.requires-recent-login': 'Please log in again to continue',
    'auth.error.user-token-expired': 'Your session has expired. Please log in again',
    'auth.error.invalid-user-token': 'Your session is no longer valid. Please log in again',
    'auth.error.password-does-not-meet-requirements':
      'The password is too weak: use at least {min} characters',
    'auth.error.operation-not-allowed': 'This operation is not available',
    'auth.error.network-request-failed': 'No connection to the server. Check the network',
    'auth.error.multi-factor-auth-required': 'A second sign-in factor is required',
  },
  {
    'auth.email': 'E-mail',
    'auth.password': 'Пароль',
    'auth.repeatPassword': 'Повторите пароль',
    'auth.fullName': 'Полное имя (необязательно)',
    'auth.division': 'Служба',
    'auth.role': 'Должность',
    'auth.dailyGoal': 'Цель на день (слов)',
    'auth.dailyGoalHint': 'От {min} до {max} слов в день',
    'auth.credentialsRequired': VALIDATION_MESSAGES['credentials-required'],
    'auth.passwordsDiffer': VALIDATION_MESSAGES['passwords-differ'],
    'auth.working': 'Подождите…',

    'login.title': 'Вход',
    'login.intro':
      'Добро пожаловать на борт! Войдите, чтобы сохранять прогресс и синхронизировать его между устройствами.',
    'login.submit': 'Войти',
    'login.forgot': 'Забыли пароль?',
    'login.noAccount': 'Ещё нет аккаунта?',
    'login.registerLink': 'Создать аккаунт',
    'login.failed': 'Не удалось войти',

    'register.title': 'Регистрация',
    'register.intro':
      'Аккаунт хранит ваш прогресс на этом устройстве и синхронизирует его, когда есть связь.',
    'register.account': 'Учётная запись',
    'register.aboutYou': 'Ваша должность на судне',
    'register.passwordHint': 'Не меньше {min} символов',
    'register.submit': 'Зарегистрироваться',
    'register.failed': 'Не удалось зарегистрироваться',
    'register.haveAccount': 'Уже есть аккаунт?',
    'register.loginLink': 'Войти',

    'forgot.title': 'Сброс пароля',
    'forgot.intro':
      'Введите e\u2011mail своей учётной записи, и мы пришлём ссылку для сброса пароля.',
    'forgot.submit': 'Отправить ссылку',
    'forgot.emailRequired': 'Введите e\u2011mail',
    'forgot.sent':
      'В онлайн-версии на этот адрес отправлена ссылка для сброса пароля. В локальной версии обратитесь к администратору.',
    'forgot.failed': 'Не удалось отправить письмо',
    'forgot.back': 'Вернуться ко входу',

    'auth.error.invalid-email': 'Некорректный e\u2011mail',
    'auth.error.wrong-password': 'Неверный пароль',
    'auth.error.missing-password': 'Введите пароль',
    'auth.error.invalid-credential': 'Неверный e\u2011mail или пароль',
    'auth.error.invalid-admin-code': 'Неверный код администратора',
    'auth.error.email-already-in-use': 'Этот e\u2011mail уже зарегистрирован',
    'auth.error.user-not-found': 'Пользователь с таким e\u2011mail не найден',
    'auth.error.user-disabled': 'Учётная запись отключена',
    'auth.error.too-many-requests': 'Слишком часто. Попробуйте позже',
    'auth.error.expired-action-code': 'Срок действия ссылки истёк. Запросите новую',
    'auth.error.invalid-action-code': 'Ссылка недействительна или уже использована',
    'auth.error.requires-recent-login': 'Войдите снова, чтобы продолжить',
    'auth.error.user-token-expired': 'Сеанс истёк. Войдите снова',
    'auth.error.invalid-user-token': 'Сеанс недействителен. Войдите снова',
    'auth.error.password-does-not-meet-requirements':
      'Слишком простой пароль: нужно не меньше {min} символов',
    'auth.error.operation-not-allowed': 'Эта операция недоступна',
    'auth.error.network-request-failed': 'Нет связи с сервером. Проверьте подключение',
    'auth.error.multi-factor-auth-required': 'Требуется второй фактор входа',
  },
);
