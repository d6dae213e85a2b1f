// Preloaded into a measured process (`node --import file:///…/bench/usage.mjs …`), never shipped:
// on exit it writes the process's CPU time and peak RSS as JSON to $KUBEDRILL_BENCH_USAGE, plus
// the CPU time spent until the first write to stdout (for `exec`: start-up, scenario load,
// warm-up and the command, without the exit) and until the first write that contains
// $KUBEDRILL_BENCH_MARK (a TUI's first frame). The product is unchanged.
import { writeFileSync } from 'node:fs';

const file = process.env.KUBEDRILL_BENCH_USAGE;
const mark = process.env.KUBEDRILL_BENCH_MARK;
if (file) {
  let firstOutputCpu = null;
  let markCpu = null;
  const cpuNow = () => {
    const u = process.cpuUsage();
    return u.user + u.system;
  };
  const stdout = process.stdout;
  const write = stdout.write;
  stdout.write = function benchWrite(chunk, ...rest) {
    if (firstOutputCpu === null) firstOutputCpu = cpuNow();
    if (mark && markCpu === null && String(chunk).includes(mark)) markCpu = cpuNow();
    return write.call(this, chunk, ...rest);
  };
  process.on('exit', () => {
    const u = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ cpuUs: u.userCPUTime + u.systemCPUTime, firstOutputCpuUs: firstOutputCpu, markCpuUs: markCpu, maxRssKb: u.maxRSS }));
  });
}
