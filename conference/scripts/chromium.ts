import { existsSync } from 'node:fs';

/**
 * Chromium for the explorer's tests and screenshot: CHROMIUM_PATH, or Debian's chromium
 * package, which `.ci/run` installs. Without it this throws rather than letting a caller
 * skip: a browser test that never runs proves nothing.
 */
export function chromiumPath(): string {
  const path =
    process.env.CHROMIUM_PATH ??
    ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => existsSync(candidate));
  if (path === undefined || !existsSync(path)) {
    throw new Error(
      `No Chromium at ${path ?? '/usr/bin/chromium'} for the HAL explorer: \`apt-get install chromium\` (.ci/run does), or set CHROMIUM_PATH`,
    );
  }
  return path;
}
