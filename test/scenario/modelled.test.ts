import { describe, expect, it } from 'vitest';
import { API_STRUCTS } from '../../src/cluster/apiserver/api-types.generated.js';
import { RESOURCES, apiVersionOf } from '../../src/cluster/apiserver/resources.js';
import { FIELD_SUPPORT, JUDGED_STRUCTS, KIND_SUPPORT, fieldSupport, kindSupport, refusal } from '../../src/scenario/modelled.js';

describe('the one list of what is modelled', () => {
  it('classifies every field of every judged type exactly once, and nothing else', () => {
    const listed = FIELD_SUPPORT.map((e) => `${e.struct}.${e.field}`);
    expect(new Set(listed).size).toBe(listed.length);
    const expected = JUDGED_STRUCTS.flatMap((s) => Object.keys(API_STRUCTS[s] ?? {}).map((field) => `${s}.${field}`));
    expect([...listed].sort()).toEqual([...expected].sort());
  });

  it('classifies every kind the API server serves', () => {
    const served = new Set(RESOURCES.map((r) => `${apiVersionOf(r)}/${r.kind}`));
    expect(new Set(KIND_SUPPORT.map((k) => `${k.apiVersion}/${k.kind}`))).toEqual(served);
    expect(kindSupport('apps/v1', 'StatefulSet')?.support).toBe('not-simulated');
  });

  it('refuses a not-simulated field unless it is unset; partly modelled fields only by their rule', () => {
    const ctx = { namespace: 'default', exists: (_kind: string, name: string) => name === 'builder' };
    const pullSecrets = fieldSupport('core/v1.PodSpec', 'imagePullSecrets')!;
    expect(refusal(pullSecrets, [], ctx)).toBeUndefined();
    expect(refusal(pullSecrets, [{ name: 'x' }], ctx)).toBe('');
    const limits = fieldSupport('core/v1.ResourceRequirements', 'limits')!;
    expect(refusal(limits, { cpu: '1', memory: '64Mi' }, ctx)).toBeUndefined();
    expect(refusal(limits, { memory: '63Mi' }, ctx)).toMatch(/^memory: a memory limit under 64Mi is not simulated/);
    expect(refusal(fieldSupport('core/v1.PodSpec', 'hostUsers')!, false, ctx)).toBe('only true (the default) is simulated');
    const lbNodePorts = fieldSupport('core/v1.ServiceSpec', 'allocateLoadBalancerNodePorts')!;
    expect(refusal(lbNodePorts, true, ctx)).toBeUndefined();
    expect(refusal(lbNodePorts, false, ctx)).toBe('only true (the default) is simulated');
    expect(refusal(fieldSupport('core/v1.Container', 'imagePullPolicy')!, 'Never', ctx)).toMatch(/ErrImageNeverPull/);
    expect(refusal(fieldSupport('core/v1.PodSpec', 'containers')!, [{ name: 'a' }], ctx)).toBeUndefined();
    const sa = fieldSupport('core/v1.PodSpec', 'serviceAccountName')!;
    expect(refusal(sa, 'default', ctx)).toBeUndefined();
    expect(refusal(sa, 'builder', ctx)).toBeUndefined();
    expect(refusal(sa, 'deployer', ctx)).toMatch(/^ServiceAccount "deployer", which the scenario does not declare in namespace default, is not simulated/);
  });
});
