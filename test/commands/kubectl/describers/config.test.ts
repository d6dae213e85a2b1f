import { describe, expect, it } from 'vitest';
import { describeConfigMap, describePriorityClass, describeSecret, describeServiceAccount } from '../../../../src/commands/kubectl/describers/config.js';

describe('configuration describers (describe.go)', () => {
  it('ConfigMap: each key under a ---- rule, its value, a blank line; then BinaryData sizes and the events', () => {
    const out = describeConfigMap({ metadata: { name: 'app', namespace: 'shop' }, data: { 'b.conf': 'x=1\n', a: 'one' }, binaryData: { blob: Buffer.from('12345').toString('base64') } }, [], 0);
    expect(out).toBe(['Name:         app', 'Namespace:    shop', 'Labels:       <none>', 'Annotations:  <none>', '', 'Data', '====', 'a:', '----', 'one', '', 'b.conf:', '----', 'x=1', '', '', '', 'BinaryData', '====', 'blob: 5 bytes', '', 'Events:  <none>', ''].join('\n'));
  });

  it('Secret: its type, each key as a size in bytes, the token of a service-account token shown; no events', () => {
    const secret = { metadata: { name: 's', namespace: 'default' }, type: 'Opaque', data: { password: Buffer.from('hunter22').toString('base64'), user: Buffer.from('admin').toString('base64') } };
    expect(describeSecret(secret)).toBe(['Name:         s', 'Namespace:    default', 'Labels:       <none>', 'Annotations:  <none>', '', 'Type:  Opaque', '', 'Data', '====', 'password:  8 bytes', 'user:      5 bytes', ''].join('\n'));
    const token = { metadata: { name: 't', namespace: 'default' }, type: 'kubernetes.io/service-account-token', data: { token: Buffer.from('eyJhbGc').toString('base64'), 'ca.crt': Buffer.from('abc').toString('base64') } };
    expect(describeSecret(token)).toContain('ca.crt:  3 bytes\ntoken:   eyJhbGc\n');
  });

  it('ServiceAccount: <none> for empty sections, continuation lines, (not found) for missing secrets', () => {
    const sa = { metadata: { name: 'builder', namespace: 'ci' }, imagePullSecrets: [{ name: 'regcred' }, { name: 'gone' }] };
    expect(describeServiceAccount(sa, { tokens: [], missing: new Set(['gone']) }, [], 0)).toBe(
      ['Name:                builder', 'Namespace:           ci', 'Labels:              <none>', 'Annotations:         <none>', 'Image pull secrets:  regcred', '                     gone (not found)', 'Mountable secrets:   <none>', 'Tokens:              <none>', 'Events:              <none>', ''].join('\n'),
    );
  });

  it('PriorityClass: the annotations on one line', () => {
    const pc = { metadata: { name: 'high', annotations: { b: '2', a: '1' } }, value: 1000, description: 'For important pods.' };
    expect(describePriorityClass(pc, [], 0)).toBe(['Name:              high', 'Value:             1000', 'GlobalDefault:     false', 'PreemptionPolicy:  PreemptLowerPriority', 'Description:       For important pods.', 'Annotations:       a=1,b=2', 'Events:            <none>', ''].join('\n'));
  });
});
