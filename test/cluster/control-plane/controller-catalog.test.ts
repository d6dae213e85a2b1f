import { describe, it, expect } from 'vitest';
import { canonicalControllers, controllersFlag, controllerStarts, isControllerEnabled, validateControllers } from '../../../src/cluster/control-plane/controller-catalog.js';
import { durationFlag, flagSet, parseComponentFlags } from '../../../src/cluster/control-plane/component-flags.js';

const outcome = (items: string[], name: string, skip?: Set<string>) => controllerStarts(items, skip).find((s) => s.name === name)?.outcome;

describe('--controllers (k8s.io/controller-manager options/generic.go, app/helper.go)', () => {
  it('accepts canonical names, aliases, `*` and `-name`; an unknown name is the Validate error', () => {
    expect(validateControllers(['*', 'bootstrapsigner', 'tokencleaner', '-replicaset', 'deployment-controller'])).toBeUndefined();
    expect(validateControllers(['*', '-replicasets'])).toBe('"replicasets" is not in the list of known controllers');
    // utilerrors.NewAggregate: several errors print as a bracketed list.
    expect(validateControllers(['foo', '-bar'])).toBe('["foo" is not in the list of known controllers, "bar" is not in the list of known controllers]');
  });

  it('replaces aliases by canonical names and keeps the minus', () => {
    expect(canonicalControllers(['*', '-replicaset', 'csrsigning', 'taint-eviction-controller'])).toEqual(['*', '-replicaset-controller', 'certificatesigningrequest-signing-controller', 'taint-eviction-controller']);
  });

  it('the first item naming a controller decides; `*` turns on what is not off by default; nothing without `*`', () => {
    expect(isControllerEnabled('deployment-controller', false, ['deployment-controller', '-deployment-controller'])).toBe(true);
    expect(isControllerEnabled('deployment-controller', false, ['-deployment-controller', '*'])).toBe(false);
    expect(isControllerEnabled('deployment-controller', false, ['*'])).toBe(true);
    expect(isControllerEnabled('bootstrap-signer-controller', true, ['*'])).toBe(false);
    expect(isControllerEnabled('bootstrap-signer-controller', true, ['*', 'bootstrap-signer-controller'])).toBe(true);
    expect(isControllerEnabled('deployment-controller', false, ['replicaset-controller'])).toBe(false);
  });

  it('plans StartController\'s outcome per controller, the token controller first', () => {
    const kubeadm = controllersFlag('*,bootstrapsigner,tokencleaner,-replicaset');
    const starts = controllerStarts(kubeadm);
    expect(starts[0]).toEqual({ name: 'serviceaccount-token-controller', outcome: 'started' });
    expect(outcome(kubeadm, 'replicaset-controller')).toBe('disabled');
    expect(outcome(kubeadm, 'deployment-controller')).toBe('started');
    expect(outcome(kubeadm, 'bootstrap-signer-controller')).toBe('started');
    expect(outcome(['*'], 'token-cleaner-controller')).toBe('disabled');
    expect(outcome(['*'], 'service-lb-controller')).toBe('cloud');
    // A feature gate is checked before the flag: naming the controller does not start it.
    expect(starts.find((s) => s.name === 'resourceclaim-controller')).toEqual({ name: 'resourceclaim-controller', outcome: 'feature-gate', gates: ['DynamicResourceAllocation'] });
    expect(outcome(['resourceclaim-controller'], 'resourceclaim-controller')).toBe('feature-gate');
    expect(outcome(['*'], 'node-ipam-controller', new Set(['node-ipam-controller']))).toBe('skipped');
    expect(outcome(['deployment'], 'endpoints-controller')).toBe('disabled');
  });

  it('an absent flag is the default `*`; an empty one selects nothing', () => {
    expect(controllersFlag(undefined)).toEqual(['*']);
    expect(controllersFlag('')).toEqual([]);
    expect(outcome(controllersFlag(''), 'deployment-controller')).toBe('disabled');
  });
});

describe('component flags', () => {
  const set = flagSet('kubeconfig leader-elect-lease-duration', 'leader-elect', 'controllers');

  it('a repeated StringSlice flag appends to the first one (pflag stringSliceValue.Set); other flags keep the last value', () => {
    const parsed = parseComponentFlags(['--controllers=*,bootstrapsigner', '--kubeconfig=/a', '--controllers', '-replicaset', '--kubeconfig=/b'], set);
    expect(parsed).toEqual({ ok: true, flags: new Map([['controllers', '*,bootstrapsigner,-replicaset'], ['kubeconfig', '/b']]) });
  });

  it('reads durations as time.ParseDuration does, with pflag\'s error for a bad one', () => {
    const flags = new Map([['leader-elect-lease-duration', '1m30s']]);
    expect(durationFlag(flags, 'leader-elect-lease-duration', 15_000)).toEqual({ ok: true, ms: 90_000 });
    expect(durationFlag(flags, 'leader-elect-retry-period', 2_000)).toEqual({ ok: true, ms: 2_000 });
    expect(durationFlag(new Map([['leader-elect-retry-period', '2']]), 'leader-elect-retry-period', 2_000)).toEqual({ ok: false, error: 'invalid argument "2" for "--leader-elect-retry-period" flag: time: invalid duration "2"' });
  });
});
