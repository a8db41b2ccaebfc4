import { probe } from 'firebase/firestore/lite';

export const used = [probe];
