/** The one source of "now", so tests can fix time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(
  at: Date | string,
): Clock & { set(to: Date | string): void; advance(ms: number): void } {
  let current = new Date(at);
  return {
    now: () => new Date(current),
    set: (to) => {
      current = new Date(to);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/**
 * The clock of a server with the developer tools on (DEV_TOOLS): the system's until a journey sets it to another
 * instant (PUT /dev/clock), from which it keeps running; set(null) puts it back on the system's time. It moves
 * the product's time (slots, holds, queues, jobs), never the tokens' (prepare gives them the system clock).
 */
export interface SettableClock extends Clock {
  readonly settable: true;
  set(to: Date | string | null): void;
}

export function settableClock(): SettableClock {
  let offset = 0;
  return {
    settable: true,
    now: () => new Date(Date.now() + offset),
    set: (to) => {
      offset = to === null ? 0 : new Date(to).getTime() - Date.now();
    },
  };
}

export const isSettable = (clock: Clock): clock is SettableClock =>
  (clock as Partial<SettableClock>).settable === true;
