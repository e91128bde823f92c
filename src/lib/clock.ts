/** The current time. Injected so that expiry rules can be tested without sleeping. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const addSeconds = (date: Date, seconds: number) =>
  new Date(date.getTime() + seconds * 1000);
