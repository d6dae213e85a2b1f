import { describe, expect, it } from 'vitest';
import { ContainerLog } from '../../../src/cluster/runtime/container-log.js';

describe('ContainerLog', () => {
  it('gives every line with the time of its write, in order', () => {
    const log = new ContainerLog();
    expect(log.lines()).toEqual([]);
    log.append(1000, ['starting', 'listening on :80']);
    log.append(1500, []);
    log.append(2000, ['GET / 200']);
    expect(log.lines()).toEqual([
      { time: 1000, line: 'starting' },
      { time: 1000, line: 'listening on :80' },
      { time: 2000, line: 'GET / 200' },
    ]);
  });

  it('two logs written from one list of startup lines read the same, each with its own times', () => {
    const startup = ['/docker-entrypoint.sh: Configuration complete; ready for start up', 'start worker processes'];
    const a = new ContainerLog();
    const b = new ContainerLog();
    a.append(1000, startup);
    b.append(7000, startup);
    expect(a.lines().map((l) => l.line)).toEqual(startup);
    expect(b.lines()).toEqual(startup.map((line) => ({ time: 7000, line })));
  });

  it('each read is a new list: changing it leaves the log as it was', () => {
    const log = new ContainerLog();
    log.append(1000, ['one']);
    log.lines().push({ time: 2000, line: 'two' });
    expect(log.lines()).toEqual([{ time: 1000, line: 'one' }]);
  });
});
