import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';

export type DataDirUse =
  | { inUse: false; stalePidFile: boolean }
  | { inUse: true; holders: { pid: number; command: string }[] };

/**
 * PGlite takes no lock on its data directory: a second process opens it without complaint and
 * both then write to the same files. While an instance has the directory open it keeps a
 * `postmaster.pid` there (removed on a clean close) and, on Linux, holds files in it open. This
 * looks for other processes holding those files; where /proc is missing (macOS, Windows) the
 * pid file alone decides.
 */
export function dataDirInUse(dataDir: string): DataDirUse {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return { inUse: false, stalePidFile: false };
  if (!existsSync('/proc/self/fd')) return { inUse: true, holders: [] };
  const holders = processesHoldingFilesIn(dataDir);
  return holders.length > 0 ? { inUse: true, holders } : { inUse: false, stalePidFile: true };
}

function processesHoldingFilesIn(dataDir: string): { pid: number; command: string }[] {
  const prefix = `${path.resolve(dataDir)}${path.sep}`;
  const holders: { pid: number; command: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    if (holdsFileUnder(pid, prefix)) holders.push({ pid, command: commandOf(pid) });
  }
  return holders;
}

function holdsFileUnder(pid: number, prefix: string): boolean {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false; // another user's process, or it just ended
  }
  return fds.some((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(prefix);
    } catch {
      return false;
    }
  });
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 120);
  } catch {
    return '?';
  }
}
