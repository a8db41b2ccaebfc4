/** Texts of the home dashboard and the rank modal. */
import { defineMessages } from '../define';

export const home = defineMessages({}, {});
