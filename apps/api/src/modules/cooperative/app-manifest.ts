import type { DbOrTx } from '../../db/client.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { getUnionProfile } from './union.ts';

/** What a phone shows under the installed app's icon: about 12 characters before it is cut. */
const SHORT_NAME_MAX = 12;

/**
 * The installed app's short name from the union's name: its own abbreviation in brackets
 * ("Tandahimba and Newala Cooperative Union (TANECU)" -> TANECU), else the name when short enough,
 * else the initials of its words ("Mtwara Cooperative Union" -> MCU).
 */
export function shortNameOf(name: string): string {
  const trimmed = name.trim();
  const bracketed = /\(([^()]{2,12})\)\s*$/.exec(trimmed)?.[1]?.trim();
  if (bracketed) return bracketed;
  if (trimmed.length <= SHORT_NAME_MAX) return trimmed;
  const initials = trimmed
    .split(/\s+/)
    .filter((word) => /^\p{Lu}/u.test(word))
    .map((word) => word[0])
    .join('');
  return initials.length >= 2
    ? initials.slice(0, SHORT_NAME_MAX)
    : trimmed.slice(0, SHORT_NAME_MAX).trimEnd();
}

/**
 * The web app manifest (#29) with the union's own name from its profile over the built one
 * (icons, colours, start page), so a phone installs "<the union>: buying post" and shows its
 * short name under the icon. Before the profile is set up, the built manifest as it is.
 */
export async function appManifestOf(
  db: DbOrTx,
  built: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  try {
    const { name } = await getUnionProfile(db);
    if (!name.trim()) return built;
    return { ...built, name: `${name.trim()}: buying post`, short_name: shortNameOf(name) };
  } catch (error) {
    if (error instanceof NotFoundError) return built;
    throw error;
  }
}
