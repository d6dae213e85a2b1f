import { describe, it, expect } from 'vitest';
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1.js';
import { printTable } from '../../../../src/commands/kubectl/output/table.js';
import { deploymentPrinter, replicaSetPrinter } from '../../../../src/commands/kubectl/printers/workloads.js';
import { formatLabelSelector } from '../../../../src/commands/kubectl/output/labels.js';
import { NOW, ago, dur } from './fixtures.js';

const template = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } };
const deploy: Deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default', creationTimestamp: ago(2 * dur.d + 3 * dur.h) },
  spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template },
  status: { replicas: 2, updatedReplicas: 2, readyReplicas: 1, availableReplicas: 1 },
};
const rs: ReplicaSet = {
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: { name: 'web-7d4b9c8f6', namespace: 'default', creationTimestamp: ago(2 * dur.d + 3 * dur.h) },
  spec: { replicas: 2, selector: { matchLabels: { app: 'web', 'pod-template-hash': '7d4b9c8f6' } }, template },
  status: { replicas: 2, readyReplicas: 1 },
};

describe('get deployments and replicasets (reference §1.6)', () => {
  it('prints deployments', () => {
    expect(printTable(deploymentPrinter, [deploy], { now: NOW })).toBe(
      `NAME   READY   UP-TO-DATE   AVAILABLE   AGE
web    1/2     2            1           2d3h
`,
    );
    expect(printTable(deploymentPrinter, [deploy], { now: NOW, wide: true })).toBe(
      `NAME   READY   UP-TO-DATE   AVAILABLE   AGE    CONTAINERS   IMAGES       SELECTOR
web    1/2     2            1           2d3h   nginx        nginx:1.27   app=web
`,
    );
  });
  it('prints replicasets', () => {
    expect(printTable(replicaSetPrinter, [rs], { now: NOW })).toBe(
      `NAME            DESIRED   CURRENT   READY   AGE
web-7d4b9c8f6   2         2         1       2d3h
`,
    );
    expect(printTable(replicaSetPrinter, [rs], { now: NOW, wide: true })).toBe(
      `NAME            DESIRED   CURRENT   READY   AGE    CONTAINERS   IMAGES       SELECTOR
web-7d4b9c8f6   2         2         1       2d3h   nginx        nginx:1.27   app=web,pod-template-hash=7d4b9c8f6
`,
    );
  });
  it('prefixes kind.group with withKind', () => {
    expect(printTable(deploymentPrinter, [deploy], { now: NOW, withKind: true })).toBe(
      `NAME                  READY   UP-TO-DATE   AVAILABLE   AGE
deployment.apps/web   1/2     2            1           2d3h
`,
    );
  });
  it('formats selectors with expressions', () => {
    expect(
      formatLabelSelector({
        matchLabels: { tier: 'be' },
        matchExpressions: [
          { key: 'env', operator: 'In', values: ['prod', 'dev'] },
          { key: 'zone', operator: 'DoesNotExist' },
          { key: 'app', operator: 'Exists' },
        ],
      }),
    ).toBe('app,env in (dev,prod),tier=be,!zone');
  });
});
