/** A name's words for comparing: upper case, letters and digits only. */
const words = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);

/**
 * Whether the name a provider's register answers is the payee's: every word of the shorter name is
 * in the longer one (in any order; registers add middle names and swap first and last), and at
 * least two words match when both names have two. "Asha Juma" matches "JUMA ASHA" and
 * "ASHA M. JUMA"; it does not match "ASHA PETRO".
 */
export function namesMatch(expected: string, registered: string): boolean {
  const a = words(expected);
  const b = words(registered);
  if (!a.length || !b.length) return false;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  const pool = [...longer];
  for (const w of shorter) {
    const i = pool.indexOf(w);
    if (i < 0) return false;
    pool.splice(i, 1);
  }
  return shorter.length >= Math.min(2, longer.length);
}
