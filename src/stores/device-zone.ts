/**
 * The device's current time zone: the home time zone a learner gets once, at registration or at
 * the first start of this version (auth-store), and what settings offers to switch to.
 */
import { isKnownHomeZone } from '@/domain/learner-settings';

/** The device's IANA time zone, or undefined when the runtime names none it can use. */
export function deviceTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isKnownHomeZone(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}
