/** A clock the test moves by hand, so expiry rules are tested without sleeping. */
export function manualClock(start = new Date('2026-06-01T12:00:00Z')) {
  let now = start.getTime();
  const clock = () => new Date(now);
  clock.advance = (seconds: number) => {
    now += seconds * 1000;
  };
  return clock;
}

export const DAY = 24 * 60 * 60;
