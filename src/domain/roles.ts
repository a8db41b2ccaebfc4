/** Role codes: normalisation, matching of vocabulary to a role, and the default role lists per division. */
import {
  type Bilingual,
  type BuiltinDivision,
  type DivisionId,
  inLanguage,
  type Role,
  type UiLang,
  type VocabItem,
} from './types';

/** The role code that means "every role"; it never appears in stored role lists. */
export const ALL_ROLES = 'all';

/** Trims, lower-cases and collapses inner whitespace: `'  Chief   Officer '` -> `'chief officer'`. */
export function normalizeRole(role: string): string {
  return role.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Normalises each role, drops empty ones and 'all', and removes duplicates (first occurrence wins). */
export function normalizeRoles(roles: readonly string[] | undefined | null): string[] {
  const seen = new Set<string>();
  for (const raw of roles ?? []) {
    const role = normalizeRole(raw);
    if (role !== '' && role !== ALL_ROLES) seen.add(role);
  }
  return [...seen];
}

/**
 * An item matches a role when it has no roles, includes 'all', or includes the role.
 * No role (or 'all') selected matches every item.
 */
export function matchesRole(
  item: Pick<VocabItem, 'roles'>,
  role: string | undefined | null,
): boolean {
  const roles = item.roles ?? [];
  if (roles.length === 0) return true;
  const wanted = role == null ? '' : normalizeRole(role);
  if (wanted === '' || wanted === ALL_ROLES) return true;
  return roles.some((r) => {
    const code = normalizeRole(r);
    return code === ALL_ROLES || code === wanted;
  });
}

/** Default role lists per division, used when a division has no roles (SPEC §6). Codes are lower-case. */
export const DEFAULT_ROLES: Readonly<Record<BuiltinDivision, readonly string[]>> = {
  deck: ['bosun', 'ab', 'os'],
  engine: ['watch_eng', '2e', '3e', 'ce', 'motorman', 'oiler', 'fitter'],
  bridge: ['master', 'chief_officer', '2o', '3o'],
  galley: ['cook', 'steward'],
};

/** Bilingual labels of the known role codes; an unknown code is shown as it is. */
export const ROLE_LABELS: Readonly<Record<string, Bilingual>> = {
  all: { ru: 'Все', en: 'All' },
  os: { ru: 'Матрос (OS)', en: 'Ordinary Seaman (OS)' },
  ab: { ru: 'Матрос 1-го класса (AB)', en: 'Able Seaman (AB)' },
  bosun: { ru: 'Боцман', en: 'Bosun' },
  watch_eng: { ru: 'Вахтенный механик', en: 'Watch Engineer' },
  '2e': { ru: '2-й механик (2E)', en: 'Second Engineer (2E)' },
  '3e': { ru: '3-й механик (3E)', en: 'Third Engineer (3E)' },
  ce: { ru: 'Старший механик (CE)', en: 'Chief Engineer (CE)' },
  cheng: { ru: 'Стармех', en: 'Chief Engineer' },
  motorman: { ru: 'Моторист', en: 'Motorman' },
  oiler: { ru: 'Моторист-смазчик', en: 'Oiler' },
  fitter: { ru: 'Слесарь (фиттер)', en: 'Fitter' },
  master: { ru: 'Капитан', en: 'Master' },
  chief_officer: { ru: 'Старпом', en: 'Chief Officer' },
  '2o': { ru: '2-й помощник (2O)', en: 'Second Officer (2O)' },
  '3o': { ru: '3-й помощник (3O)', en: 'Third Officer (3O)' },
  cook: { ru: 'Повар', en: 'Cook' },
  steward: { ru: 'Стюард', en: 'Steward' },
};

/** Every role code the built-in data may use. */
export const KNOWN_ROLES: readonly string[] = Object.keys(ROLE_LABELS).filter(
  (r) => r !== ALL_ROLES,
);

/** The label of a role in the given language, or the code itself when it is not a known role. */
export function roleLabel(role: string, lang: UiLang): string {
  const labels = ROLE_LABELS[normalizeRole(role)];
  // A language beyond Russian and English has no labels here yet: English, as its texts fall back.
  return labels ? inLanguage(labels, lang) : role;
}

/** Default roles of a division; an admin-created division has none. */
export function defaultRolesFor(division: DivisionId): readonly string[] {
  return (DEFAULT_ROLES as Record<string, readonly string[]>)[division] ?? [];
}

/** The default role records of the given divisions: id `division::code`, name = code. */
export function defaultRoleRecords(divisionIds: readonly string[]): Role[] {
  return divisionIds.flatMap((division) =>
    defaultRolesFor(division).map((code) => ({ id: `${division}::${code}`, name: code, division })),
  );
}

/**
 * The role codes a catalogue holds for a division, in display order: the division's default
 * order first, then the others alphabetically ('all' and blanks left out).
 */
export function divisionRoleCodes(
  roles: readonly { name: string; division: DivisionId }[],
  division: DivisionId,
): string[] {
  const codes = normalizeRoles(roles.filter((r) => r.division === division).map((r) => r.name));
  const order = defaultRolesFor(division);
  const rank = (code: string) => {
    const at = order.indexOf(code);
    return at < 0 ? order.length : at;
  };
  return codes.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** A list without undefined role lists: no roles means everyone, stored as a missing field. */
export function withRoles<T extends { roles?: string[] }>(record: T, roles: readonly string[]): T {
  const copy = { ...record };
  if (roles.length > 0) copy.roles = [...roles];
  else delete copy.roles;
  return copy;
}

/** Replaces one role code by another (or removes it) in a role list. */
export function replaceRole(
  list: readonly string[] | undefined,
  from: string,
  to?: string,
): string[] {
  const roles = list ?? [];
  if (!roles.some((role) => normalizeRole(role) === from)) return [...roles];
  return normalizeRoles(roles.map((role) => (normalizeRole(role) === from ? (to ?? '') : role)));
}
