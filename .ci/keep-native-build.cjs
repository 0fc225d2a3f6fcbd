// After `npm ci`: keep better-sqlite3's compiled binary where the next `npm ci` looks first.
//
// Its install script is `prebuild-install || node-gyp rebuild`. CI cannot reach github.com,
// where the prebuilt binaries are, so every install compiled SQLite from source: about a
// minute and a half of the install step on two cores. Before it downloads, prebuild-install
// looks for the archive in npm's cache (<cache>/_prebuilds/, named after the download URL,
// which holds the package version, the Node ABI, the platform and the architecture). This
// puts the binary built here there, in the layout of a prebuilt archive, so the next install
// on this machine unpacks it. prebuild-install loads an unpacked binary before it keeps it;
// one that does not load falls back to compiling, as before.
//
// Run from the repository root with npm_config_cache set as npm has it (.ci/run). Only a
// saving: whatever goes wrong here is said and the run goes on.
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

function keep() {
  const packageDir = path.dirname(require.resolve('better-sqlite3/package.json'));
  const pkg = require('better-sqlite3/package.json');
  // prebuild-install's own configuration and naming, so the name is the one it looks for.
  const rc = require('prebuild-install/rc')(pkg);
  const util = require('prebuild-install/util');
  const cached = util.cachedPrebuild(util.getDownloadUrl({ ...rc, pkg }));
  const binary = path.join('build', 'Release', 'better_sqlite3.node');

  // node-gyp leaves its object files; a binary unpacked by prebuild-install comes alone.
  const compiledHere = fs.existsSync(path.join(packageDir, 'build', 'Release', 'obj.target'));

  if (!compiledHere) {
    console.log(`better-sqlite3: unpacked from ${cached}`);
  } else if (!fs.existsSync(path.join(packageDir, binary))) {
    console.log(`better-sqlite3: no ${binary} to keep`);
  } else {
    // Replaces a kept archive too: compiling again means that one did not load.
    fs.mkdirSync(path.dirname(cached), { recursive: true });
    const partial = `${cached}.${process.pid}.tmp`;
    execFileSync('tar', ['-czf', partial, '-C', packageDir, binary]);
    fs.renameSync(partial, cached);
    console.log(`better-sqlite3: kept the binary compiled here as ${cached}`);
  }
}

try {
  keep();
} catch (error) {
  console.log(`better-sqlite3: binary not kept (${error instanceof Error ? error.message : error}); the next install compiles it`);
}
