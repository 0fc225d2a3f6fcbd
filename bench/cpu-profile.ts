// A diagnostic, not a benchmark: where a benchmarked server's CPU went, from the
// .cpuprofile files `BENCH_CPU_PROF=DIR npm run bench:send` (or bench:smtp)
// leaves in DIR, one per thread. Prints each thread's busy time, its self time
// by package (a dependency, a directory of ours, node's internals, the garbage
// collector), and its busiest functions. Run: npm run diagnose:profile DIR [TOP]
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, topSelfTime, type SelfTime } from './lib.ts';

/** Which part of the program a function belongs to, from its script's URL. */
function packageOf(entry: SelfTime): string {
  const { url, functionName } = entry;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const local = url.replace(/^file:\/\//, '');
  if (local.startsWith(repoRoot)) return path.dirname(path.relative(repoRoot, local));
  return url;
}

function main(): void {
  const dir = process.argv[2];
  const top = Number(process.argv[3] ?? 25);
  if (!dir) {
    console.error('usage: npm run diagnose:profile DIR [TOP]');
    process.exit(2);
  }
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort();
  if (files.length === 0) {
    console.error(`no .cpuprofile in ${dir}`);
    process.exit(1);
  }
  for (const file of files) {
    const { totalMs, busyMs, entries } = topSelfTime(path.join(dir, file));
    console.log(`\n${file}: busy ${busyMs.toFixed(0)} ms of ${totalMs.toFixed(0)} ms`);
    const byPackage = new Map<string, number>();
    for (const e of entries) {
      if (e.functionName === '(idle)') continue;
      byPackage.set(packageOf(e), (byPackage.get(packageOf(e)) ?? 0) + e.selfMs);
    }
    console.log('  self time by package:');
    for (const [name, ms] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`    ${((100 * ms) / busyMs).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(7)} ms  ${name}`);
    }
    console.log('  busiest functions:');
    for (const e of entries.filter((x) => x.functionName !== '(idle)').slice(0, top)) {
      const where = e.url ? `${e.url.replace(/^file:\/\//, '').replace(repoRoot + '/', '')}:${e.line}` : '';
      console.log(`    ${((100 * e.selfMs) / busyMs).toFixed(1).padStart(5)} %  ${(e.functionName || '(anonymous)').padEnd(36)} ${where}`);
    }
  }
}

main();
