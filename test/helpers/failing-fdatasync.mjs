// Preloaded into a Mailgate process by a test (`node --import <this file's URL>
// servers/main.js`, compiled): once the file named by
// MAILGATE_TEST_FAIL_SYNCS exists, every fdatasync fails with EIO, as it does
// when the disk could not write what the kernel held for it. Plain JavaScript:
// node preloads it into the render threads too.
import fs from 'node:fs';

const trigger = process.env.MAILGATE_TEST_FAIL_SYNCS;
if (trigger) {
  const real = fs.fdatasync;
  fs.fdatasync = (fd, callback) => {
    if (!fs.existsSync(trigger)) return real(fd, callback);
    const error = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO', errno: -5, syscall: 'fdatasync' });
    setImmediate(() => callback(error));
  };
}
