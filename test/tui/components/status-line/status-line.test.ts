import { describe, it, expect } from 'vitest';
import { statusLineText } from '../../../../src/tui/components/status-line/status-line.js';

const KEYS = 'help · PgUp/PgDn · ^D quit';

describe('statusLineText', () => {
  it('shows title, clock and keys whole when they fit', () => {
    const text = statusLineText({ title: 'Orders keeps restarting', clock: 'Mon Nov 30 09:12:04 UTC 2026', keys: KEYS, width: 100 });
    expect(text).toBe(' Orders keeps restarting │ Mon Nov 30 09:12:04 UTC 2026 │ help · PgUp/PgDn · ^D quit'.padEnd(100));
  });

  it('fits 80 columns with a long title: the clock keeps its time of day, the title is cut, the keys stay whole', () => {
    const text = statusLineText({
      title: 'The node that stopped noticing its containers',
      clock: 'Mon Nov 30 09:12:04 UTC 2026',
      keys: KEYS,
      width: 80,
    });
    expect(text).toHaveLength(80);
    expect(text).toContain(`│ 09:12:04 │ ${KEYS}`);
    expect(text.startsWith(' The node that stopped noticing')).toBe(true);
    expect(text).toContain('…');
  });

  it('never exceeds a narrow width', () => {
    const text = statusLineText({ title: 'A node went NotReady overnight', clock: 'Mon Nov 30 09:12:04 UTC 2026', keys: KEYS, width: 30 });
    expect(text).toHaveLength(30);
  });
});
