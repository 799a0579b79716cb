import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import lockfile from 'proper-lockfile';

/** Another live server holds the data directory. */
export class DataDirBusy extends Error {
  constructor(readonly dir: string) {
    super(`Another server is already using ${dir}. Stop it, or set DATA_DIR to another folder.`);
  }
}

/** The process that holds the directory's lock, as it wrote itself down beside the lock. */
const ownerFile = (dir: string) => `${dir}.owner`;

function ownerOf(dir: string): number | undefined {
  try {
    const pid = Number(readFileSync(ownerFile(dir), 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Does process `pid` run (one of another user still counts)? */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Locks the embedded database's directory for this process (PGlite does not lock it: a second
 * server on the same directory would corrupt it). A live second server is refused. A lock left by
 * a server that died (kill -9, a crash: the process it names no longer runs) is taken over at once,
 * so a supervisor restarting it is not refused; a lock naming no owner is stale after 15 s.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  mkdirSync(dir, { recursive: true });
  const take = () => lockfile.lock(dir, { stale: 15_000, update: 5_000, realpath: false });
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch {
    const owner = ownerOf(dir);
    if (owner === undefined || owner === process.pid || alive(owner)) throw new DataDirBusy(dir);
    rmSync(`${dir}.lock`, { recursive: true, force: true });
    release = await take().catch(() => {
      throw new DataDirBusy(dir);
    });
  }
  writeFileSync(ownerFile(dir), String(process.pid));
  return async () => {
    rmSync(ownerFile(dir), { force: true });
    await release();
  };
}
