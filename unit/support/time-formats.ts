/**
 * Counts the time formats (`Intl.DateTimeFormat`) made from the call on, each still a real one:
 * the first of a page costs the engine its date data, on a start's critical path
 * (domain/study-days-known.ts). `restore` puts the runtime's own constructor back.
 */
export function countTimeFormats(): { made: () => number; restore: () => void } {
  const DateTimeFormat = Intl.DateTimeFormat;
  let made = 0;
  Intl.DateTimeFormat = new Proxy(DateTimeFormat, {
    construct(target, args) {
      made += 1;
      return Reflect.construct(target, args);
    },
    apply(target, self, args) {
      made += 1;
      return Reflect.apply(target, self, args);
    },
  });
  return {
    made: () => made,
    restore: () => {
      Intl.DateTimeFormat = DateTimeFormat;
    },
  };
}
