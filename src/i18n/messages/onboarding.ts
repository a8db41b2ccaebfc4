/** Texts of /select-division, /select-role, /select-topic and /session-setup. */
import { defineMessages } from '../define';

export const onboarding = defineMessages({}, {});
