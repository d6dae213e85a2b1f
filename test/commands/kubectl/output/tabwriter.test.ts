import { describe, it, expect } from 'vitest';
import { DESCRIBE_TABWRITER, GET_TABWRITER, tabwrite } from '../../../../src/commands/kubectl/output/tabwriter.js';

describe('tabwrite (Go text/tabwriter)', () => {
  it('pads columns to longest + padding with a minimum width, last column unpadded', () => {
    expect(tabwrite('A\tBB\tC\nlonger\tx\ty\n', GET_TABWRITER)).toBe('A        BB    C\nlonger   x     y\n');
  });

  it('ends column blocks at a line without tabs (describe)', () => {
    const text = 'Name:\tweb\nStatus:\tRunning\nIPs:\n  IP:\t10.244.1.16\nControlled By:\tReplicaSet/web\n';
    expect(tabwrite(text, DESCRIBE_TABWRITER)).toBe(
      'Name:    web\nStatus:  Running\nIPs:\n  IP:           10.244.1.16\nControlled By:  ReplicaSet/web\n',
    );
  });

  it('aligns nested columns per block (a shorter line ends only the deeper column)', () => {
    const text = 'a\tb\tc\nlong\tbb\tcc\nx\ty\nxyz\tlonger-y\tz\n';
    // Column 0 spans all four lines; column 1 has two separate blocks.
    expect(tabwrite(text, DESCRIBE_TABWRITER)).toBe('a     b   c\nlong  bb  cc\nx     y\nxyz   longer-y  z\n');
  });

  it('keeps trailing spaces of the last cell and counts runes', () => {
    expect(tabwrite('  Type \tStatus\n  Ready \tFalse \n', DESCRIBE_TABWRITER)).toBe('  Type    Status\n  Ready   False \n');
    expect(tabwrite('ünï\tx\nab\ty\n', DESCRIBE_TABWRITER)).toBe('ünï  x\nab   y\n');
  });

  it('leaves a final line without newline unterminated', () => {
    expect(tabwrite('a\tb', GET_TABWRITER)).toBe('a     b');
  });
});
