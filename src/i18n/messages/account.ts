/** Texts of /settings, /progress and /profile. */
import { defineMessages } from '../define';

export const account = defineMessages({}, {});
