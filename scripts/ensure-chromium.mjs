// The browser tests drive Debian's Chromium with playwright-core (no browser download from
// elsewhere). Installs the `chromium` package when it is missing and this user may do so.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
if (!canInstall) {
  process.stderr.write(
    `Chromium was not found at ${path}. Install it (Debian/Ubuntu: sudo apt-get install chromium)\n` +
      'or point CHROMIUM_PATH at a Chromium binary, then run the tests again.\n',
  );
  process.exit(1);
}
process.stdout.write('Installing Debian’s chromium package for the browser tests…\n');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env });
