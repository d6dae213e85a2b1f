// Preloaded into a measured process (`node --import file:///…/bench/usage.mjs …`), never shipped:
// on exit it writes the process's CPU time and peak RSS as JSON to $KUBEDRILL_BENCH_USAGE,
// plus the CPU time spent until the first write to stdout (for `exec`: start-up,
// scenario load, warm-up and the command, without the exit). The product is unchanged.
import { writeFileSync } from 'node:fs';

const file = process.env.KUBEDRILL_BENCH_USAGE;
if (file) {
  let firstOutputCpu = null;
  const stdout = process.stdout;
  const write = stdout.write;
  stdout.write = function benchWrite(...args) {
    if (firstOutputCpu === null) {
      const u = process.cpuUsage();
      firstOutputCpu = u.user + u.system;
    }
    return write.apply(this, args);
  };
  process.on('exit', () => {
    const u = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ cpuUs: u.userCPUTime + u.systemCPUTime, firstOutputCpuUs: firstOutputCpu, maxRssKb: u.maxRSS }));
  });
}
