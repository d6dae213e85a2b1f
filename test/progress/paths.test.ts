import { describe, it, expect } from 'vitest';
import { progressFilePath } from '../../src/progress/paths.js';

describe('progressFilePath', () => {
  it('uses KUBEDRILL_HOME first', () => {
    expect(progressFilePath({ KUBEDRILL_HOME: '/tmp/kd', XDG_DATA_HOME: '/x' }, '/home/u')).toBe('/tmp/kd/progress.json');
  });
  it('uses XDG_DATA_HOME next', () => {
    expect(progressFilePath({ XDG_DATA_HOME: '/x/data' }, '/home/u')).toBe('/x/data/kubedrill/progress.json');
  });
  it('ignores a relative XDG_DATA_HOME, as the XDG spec says', () => {
    expect(progressFilePath({ XDG_DATA_HOME: 'rel' }, '/home/u')).toBe('/home/u/.local/share/kubedrill/progress.json');
  });
  it('falls back to ~/.local/share/kubedrill', () => {
    expect(progressFilePath({}, '/home/u')).toBe('/home/u/.local/share/kubedrill/progress.json');
  });
});
