import { describe, expect, it } from 'vitest';
import { combineResourceGroup, describeRole, describeRoleBinding } from '../../../../src/commands/kubectl/describers/rbac.js';

describe('RBAC describers (describe.go, component-helpers auth/rbac)', () => {
  it('breaks rules down, compacts verbs per resource and sorts by the rule String(), verbs first', () => {
    const role = {
      metadata: { name: 'reader', namespace: 'shop' },
      rules: [
        { apiGroups: [''], resources: ['pods', 'pods/log'], verbs: ['get', 'list'] },
        { apiGroups: ['apps'], resources: ['deployments'], verbs: ['get'], resourceNames: ['web'] },
        { nonResourceURLs: ['/healthz'], verbs: ['get'] },
      ],
    };
    expect(describeRole(role)).toBe(
      [
        'Name:         reader',
        'Labels:       <none>',
        'Annotations:  <none>',
        'PolicyRule:',
        '  Resources         Non-Resource URLs  Resource Names  Verbs',
        '  ---------         -----------------  --------------  -----',
        '  pods/log          []                 []              [get list]',
        '  pods              []                 []              [get list]',
        '                    [/healthz]         []              [get]',
        '  deployments.apps  []                 [web]           [get]',
        '',
      ].join('\n'),
    );
  });

  it('joins the group into the resource before a subresource', () => {
    expect(combineResourceGroup(['deployments/scale'], ['apps'])).toBe('deployments.apps/scale');
    expect(combineResourceGroup(['pods'], [''])).toBe('pods');
    expect(combineResourceGroup([], ['apps'])).toBe('');
  });

  it('prints a binding with its role and subjects', () => {
    const binding = { metadata: { name: 'read-pods' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'reader' }, subjects: [{ kind: 'User', name: 'jane' }, { kind: 'ServiceAccount', name: 'ci', namespace: 'shop' }] };
    expect(describeRoleBinding(binding)).toBe(
      ['Name:         read-pods', 'Labels:       <none>', 'Annotations:  <none>', 'Role:', '  Kind:  Role', '  Name:  reader', 'Subjects:', '  Kind            Name  Namespace', '  ----            ----  ---------', '  User            jane  ', '  ServiceAccount  ci    shop', ''].join('\n'),
    );
  });
});
