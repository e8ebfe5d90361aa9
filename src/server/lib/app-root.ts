import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Finds the package root from this file, both in src/ (tsx) and in the dist/ bundle. */
function findAppRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'package.json');
    if (existsSync(candidate) && JSON.parse(readFileSync(candidate, 'utf8')).name === 'optistok') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package root of optistok not found');
    dir = parent;
  }
}

export const appRoot = findAppRoot();
export const appVersion: string = JSON.parse(readFileSync(path.join(appRoot, 'package.json'), 'utf8')).version;
export const migrationsFolder = path.join(appRoot, 'drizzle');
export const webDistFolder = path.join(appRoot, 'dist', 'web');
