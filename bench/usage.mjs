// Preloaded into a measured process (`node --import file:///…/bench/usage.mjs …`), never shipped:
// on exit it writes the process's CPU time and peak RSS as JSON to $KUBEDRILL_BENCH_USAGE, plus
// the CPU time spent until the first write to stdout (for `exec`: start-up, scenario load,
// warm-up and the command, without the exit) and until the first write that contains
// $KUBEDRILL_BENCH_MARK (a TUI's first frame). The CPU includes the processes it started and
// waited for (the warmed-cluster cache's snapshot processes), from /proc/self/stat. The product
// is unchanged.
import { readFileSync, writeFileSync } from 'node:fs';

/** CPU (µs) of the children this process has waited for: cutime + cstime of /proc/self/stat (Linux; 0 elsewhere). */
function childrenCpuUs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The fields after the command name (which may hold spaces) start at field 3; cutime and cstime are fields 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // In clock ticks: USER_HZ, which Linux fixes at 100 for user space.
    return (Number(fields[13]) + Number(fields[14])) * 10_000;
  } catch {
    return 0;
  }
}

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
  const report = () => {
    const u = process.resourceUsage();
    const children = childrenCpuUs();
    writeFileSync(file, JSON.stringify({ cpuUs: u.userCPUTime + u.systemCPUTime + children, childrenCpuUs: children, firstOutputCpuUs: firstOutputCpu, markCpuUs: markCpu, maxRssKb: u.maxRSS }));
  };
  stdout.write = function benchWrite(chunk, ...rest) {
    if (firstOutputCpu === null) firstOutputCpu = cpuNow();
    if (mark && markCpu === null && String(chunk).includes(mark)) {
      markCpu = cpuNow();
      // Reported at once as well: a quit key that reaches the terminal before the program has put it
      // in raw mode is a SIGINT, and a process ended by a signal never sees 'exit'.
      report();
    }
    return write.call(this, chunk, ...rest);
  };
  process.on('exit', report);
}
