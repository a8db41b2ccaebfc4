/** Texts of /topics and /dictionary. */
import { defineMessages } from '../define';

export const library = defineMessages({}, {});
