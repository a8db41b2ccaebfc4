/** Texts of the multiple-choice quiz, the spelling quiz and the congratulations screen. */
import { defineMessages } from '../define';

export const quiz = defineMessages({}, {});
