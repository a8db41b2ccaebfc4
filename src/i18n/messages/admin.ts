/** Texts of /admin/roles. */
import { defineMessages } from '../define';

export const admin = defineMessages({}, {});
