/**
 * A time zone as a learner reads it: its name in the interface language and its offset now
 * («Москва, стандартное время (GMT+3)»), from `Intl`, instead of the IANA name.
 */

/**
 * Formatters by locale, zone and style: making one is the costly part (in a traced schedule
 * change, the card's four per render were an eighth of a long task at 4x CPU); a zone that the
 * runtime refuses is kept as null.
 */
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function zonePart(
  zone: string,
  locale: string,
  style: 'longGeneric' | 'shortOffset',
  at: number,
): string | undefined {
  const key = `${locale}|${zone}|${style}`;
  let format = formatters.get(key);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: style });
    } catch {
      format = null;
    }
    formatters.set(key, format);
  }
  return format?.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
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
