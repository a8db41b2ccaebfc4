/** Texts of /login, /register, /forgot and the authentication provider's error codes. */
import { defineMessages } from '../define';

export const auth = defineMessages({}, {});
