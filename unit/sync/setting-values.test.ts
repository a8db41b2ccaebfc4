/**
 * The Firestore REST test server holds a profile's synced settings to the values
 * src/domain/settings-schema.ts allows (firestore.rules are held to the same schema by
 * firestore-rules.test.ts): every allowed value is taken, and the values beside them are refused,
 * written by the learner through the real Firestore Lite SDK.
 */
import { initializeApp } from 'firebase/app';
import * as lite from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AllowedValues, SETTING_VALUES, UI_LANGS } from '@/domain/settings-schema';
import { PROFILE_FIELDS } from '@/domain/synced-records';
import {
  type FirestoreRestServer,
  firestoreTestApi,
  startFirestoreRestServer,
} from '../../e2e/support/firestore-rest-server';

const PROJECT = 'demo-setting-values';
const DENIED = /permission/i;
/** The step beside a range's bounds: a whole number for an `int` field, a hundredth otherwise. */
const STEP = { int: 1, number: 0.01 } as const;
/** Names the pattern of a home zone must take and refuse (a pattern has no list to walk). */
const PATTERN_SAMPLES = {
  // Every language of the table, and codes of languages a later version may add (the app ignores
  // a code it does not list); never a locale, a name or anything but letters.
  uiLang: {
    taken: [...UI_LANGS, 'de', 'fil'],
    refused: ['', 'e', 'engl', 'EN', 'en-GB', 'ru ', 'r1'],
  },
  homeZone: {
    taken: ['Europe/Riga', 'America/Port-au-Prince', 'Etc/GMT+5'],
    refused: ['Europe/Riga; drop', 'Europe/Riga ', ''],
  },
} as const;

let server: FirestoreRestServer;
let db: lite.Firestore;

beforeAll(async () => {
  lite.setLogLevel('silent');
  server = await startFirestoreRestServer({ port: 0 });
  const app = initializeApp({ apiKey: 'demo-key', projectId: PROJECT }, PROJECT);
  db = lite.getFirestore(app);
  const [host, port] = server.host.split(':') as [string, string];
  lite.connectFirestoreEmulator(db, host, Number(port), { mockUserToken: { user_id: 'mate' } });
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  await firestoreTestApi(server.url).reset();
});

type Setting = keyof typeof SETTING_VALUES;

/** The values a setting must take and those beside them it must refuse. */
function samples(name: Setting, allowed: AllowedValues): { taken: unknown[]; refused: unknown[] } {
  if ('oneOf' in allowed) {
    return { taken: [...allowed.oneOf], refused: allowed.oneOf.map((value) => `${value}x`) };
  }
  if ('range' in allowed) {
    const [min, max] = allowed.range;
    const step = STEP[PROFILE_FIELDS[name].type as keyof typeof STEP];
    return { taken: [min, max], refused: [min - step, max + step] };
  }
  const given = PATTERN_SAMPLES[name as keyof typeof PATTERN_SAMPLES];
  if (!given) throw new Error(`${name}: a pattern with no samples in this test`);
  return { taken: [...given.taken], refused: [...given.refused] };
}

describe('a profile on the REST test server', () => {
  it.each(Object.entries(SETTING_VALUES) as [Setting, AllowedValues][])(
    'takes every value of %s the schema allows and refuses the values beside them',
    async (name, allowed) => {
      const profile = lite.doc(db, 'users', 'mate');
      const { wire } = PROFILE_FIELDS[name];
      const { taken, refused } = samples(name, allowed);
      for (const value of refused) {
        await expect(
          lite.setDoc(profile, { [wire]: value }, { merge: true }),
          JSON.stringify(value),
        ).rejects.toThrow(DENIED);
      }
      for (const value of taken) {
        await lite.setDoc(profile, { [wire]: value }, { merge: true });
        expect((await lite.getDoc(profile)).get(wire), JSON.stringify(value)).toBe(value);
      }
    },
  );
});
