import { describe, it, expect } from 'vitest';
import { clausesOf, matchConcept, matchPhrase } from '../../src/grading/concepts.js';

const match = (text: string, phrase: string) => matchPhrase(clausesOf(text), phrase);

describe('matchPhrase', () => {
  it('finds the words of a phrasing in one clause, in any order, plural/-ed/-ing and abbreviations alike', () => {
    expect(match('The client cert of the kubelet has expired.', 'certificate expired')).toBe('named');
    expect(match('certificates expiring', 'certificate expired')).toBe('named');
    expect(match('root filesystem on node-1 filled up', 'disk fill')).toBe('named');
    expect(match('/var/log/shop/debug.log is huge', 'debug log')).toBe('named');
    expect(match('node-3 cert expired', 'node-2')).toBe('absent');
    expect(match('the cert is valid. It expired nothing', 'certificate expired')).toBe('absent');
  });

  it('a clause that denies the phrasing does not name it', () => {
    expect(match('the cert did not expire', 'certificate expired')).toBe('negated');
    expect(match("the cert didn't expire", 'certificate expired')).toBe('negated');
    expect(match('nothing to do with the taint', 'taint')).toBe('negated');
    expect(match('it is not because of the taint', 'taint')).toBe('negated');
    expect(match('the taint is irrelevant', 'taint')).toBe('negated');
    // The denial belongs to its own clause.
    expect(match('not the taint but the cpu request', 'cpu request')).toBe('named');
    expect(match('the disk is fine, the clock is wrong', 'clock wrong')).toBe('named');
  });

  it('a negator denies what follows it, or what precedes it when it closes the clause', () => {
    expect(match('node-2 still has the maintenance taint nobody removed', 'maintenance taint')).toBe('named');
    expect(match('the maintenance taint was never removed', 'maintenance taint')).toBe('named');
    expect(match('the taint is not the problem', 'taint')).toBe('negated');
    expect(match('it was not the cert that expired', 'certificate expired')).toBe('negated');
  });

  it('"not ready", "does not exist", "not enough" describe a state and deny nothing', () => {
    expect(match('clock skew makes node-2 not ready', 'clock skew')).toBe('named');
    expect(match('the tag 2.1 does not exist', 'not exist')).toBe('named');
    expect(match('there is not enough cpu', 'not enough')).toBe('named');
    expect(match('ml-api names a scheduler, which does not exist', 'scheduler not exist')).toBe('named');
  });

  it('a state is said of what comes before it', () => {
    expect(match('the image tag does not exist', 'image not exist')).toBe('named');
    expect(match('the binary does not exist in the image', 'image not exist')).toBe('absent');
    expect(match('the kubelet cannot parse its config', 'not parse config')).toBe('named');
  });
});

describe('matchConcept', () => {
  it('any phrasing names the concept; an object stays named in a denial, a cause does not', () => {
    const clauses = clausesOf('node-2 is not tainted');
    expect(matchConcept(clauses, { kind: 'the cause', phrasings: ['leftover taint', 'tainted'] })).toBe('negated');
    expect(matchConcept(clauses, { kind: 'the object', phrasings: ['node-2'], deniable: false })).toBe('named');
  });
});
