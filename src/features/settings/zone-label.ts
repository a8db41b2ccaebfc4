/**
 * A time zone as a learner reads it: its name in the interface language and its offset now
 * («Москва, стандартное время (GMT+3)»), from `Intl`, instead of the IANA name.
 */

function zonePart(
  zone: string,
  locale: string,
  style: 'longGeneric' | 'shortOffset',
  at: number,
): string | undefined {
  try {
    return new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: style })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return undefined;
  }
}

/** The zone's readable name and offset at `at`; the IANA name where the runtime has none. */
export function zoneLabel(zone: string, locale: string, at: number = Date.now()): string {
  const offset = zonePart(zone, locale, 'shortOffset', at);
  const name = zonePart(zone, locale, 'longGeneric', at);
  if (!offset) return zone;
  // A zone without a name of its own (UTC, Etc/GMT+5) is named by its offset alone.
  if (!name || /^(GMT|UTC)/.test(name)) return offset;
  return `${name} (${offset})`;
}
