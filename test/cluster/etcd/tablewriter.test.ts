import { describe, it, expect } from 'vitest';
import { renderTable } from '../../../src/cluster/etcd/tablewriter.js';

describe('tablewriter v0.0.5 as etcdctl uses it', () => {
  it('centres upper-cased headers and right-aligns cells', () => {
    expect(renderTable(['endpoint', 'health', 'took', 'error'], [['https://127.0.0.1:2379', 'true', '3.758104ms', '']])).toBe(
      [
        '+------------------------+--------+------------+-------+',
        '|        ENDPOINT        | HEALTH |    TOOK    | ERROR |',
        '+------------------------+--------+------------+-------+',
        '| https://127.0.0.1:2379 |   true | 3.758104ms |       |',
        '+------------------------+--------+------------+-------+',
        '',
      ].join('\n'),
    );
  });

  it('wraps a cell wider than 30 columns at its spaces (the NOSPACE error of endpoint status)', () => {
    expect(renderTable(['errors'], [['memberID:14384036211943762097 alarm:NOSPACE ']])).toBe(
      [
        '+--------------------------------+',
        '|             ERRORS             |',
        '+--------------------------------+',
        '|  memberID:14384036211943762097 |',
        '|                 alarm:NOSPACE  |',
        '+--------------------------------+',
        '',
      ].join('\n'),
    );
  });
});
