/** Calendar arithmetic on `YYYY-MM-DD` strings, in UTC. */
const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (d: Date) => d.toISOString().slice(0, 10);

export const addDays = (day: string, n: number) => {
  const d = toDate(day);
  d.setUTCDate(d.getUTCDate() + n);
  return toDay(d);
};
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
export const nextMonthStart = (day: string) => {
  const d = toDate(monthStart(day));
  d.setUTCMonth(d.getUTCMonth() + 1);
  return toDay(d);
};
export const isMonthEnd = (day: string) => addDays(day, 1).endsWith('-01');
/** The first day of month `n` (1-based) of a year starting on `start`. */
export const monthOf = (start: string, n: number) => {
  const d = toDate(monthStart(start));
  d.setUTCMonth(d.getUTCMonth() + n - 1);
  return toDay(d);
};
export const monthEnd = (day: string) => addDays(nextMonthStart(day), -1);
export const dayOfMonth = (day: string) => Number(day.slice(8, 10));
