/**
 * The scenario file format, version `kubedrill/v1`, defined once as zod
 * schemas. The JSON Schema in `scenarios/scenario.schema.json` is generated
 * from here (scripts/generate-schema.ts); never edit it by hand.
 *
 * Everything is built lazily inside `scenarioSchema()` so importing this module
 * does no work, and the faults union picks up whatever the fault registry holds
 * when the schema is first needed.
 */
import { z } from 'zod';
import { quote } from '../shell/sanitize.js';
import { RE2JS } from 're2js';
import { faultParamSchemas } from '../faults/param-schemas.js';
import { DEFAULT_POD_SUBNET, parseEndpoint, podSubnetProblem } from '../cluster/ipv4.js';
import { unknownLogVariable } from '../cluster/network/access-log.js';
import { DURATION_HINT, DURATION_PATTERN, durationProblem } from './duration.js';
import { allCauseIds, componentIds } from './taxonomy.js';
import { MAX_NODES, SCENARIO_API_VERSION, SCENARIO_KIND, CLUSTER_DEFAULTS, NODE_DEFAULTS, WORKSTATION_HOST } from './model.js';

// The constants and helpers that need no schema live in model.ts, so that the simulation can use them without loading zod.
export { SCENARIO_API_VERSION, SCENARIO_KIND, CLUSTER_DEFAULTS, NODE_DEFAULTS, MAX_NODES, WORKSTATION_HOST, clusterNodes, clusterNodeCount, diagnosisItems } from './model.js';

/** Names of the goal predicates, in documentation order. */
export const GOAL_PREDICATES = [
  'podsReady',
  'deploymentAvailable',
  'nodeReady',
  'nodeSchedulable',
  'podScheduled',
  'podRunning',
  'serviceHasEndpoints',
  'serviceAnswers',
  'nodePortAnswers',
  'apiServerAnswers',
  'noPodsOnNode',
  'nodeHasTaint',
  'deploymentRunsImage',
  'objectField',
  'not',
] as const;

/** Names of the `objectField` comparators; exactly one must be given. */
export const OBJECT_FIELD_COMPARATORS = ['equals', 'exists', 'lessThan', 'greaterThan'] as const;

// RFC 1123 label, as Kubernetes validates node names and namespaces
// (k8s.io/apimachinery/pkg/util/validation/validation.go IsDNS1123Label).
const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** A kebab-case id or topic: lower-case words joined by single dashes. */
export const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
// Kubernetes resource.Quantity: a decimal number with an optional suffix
// (k8s.io/apimachinery/pkg/api/resource/quantity.go).
const QUANTITY = /^[0-9]+(\.[0-9]+)?(m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei|[eE][0-9]+)?$/;
const IMAGE_REF = /^[a-zA-Z0-9][a-zA-Z0-9._\-/:@]*$/;
const KUBE_VERSION = /^v\d+\.\d+\.\d+$/;

/** A duration string (see duration.ts), with a message that says what is wrong. */
function duration(description: string) {
  return z
    .string()
    .regex(new RegExp(DURATION_PATTERN), {
      error: (iss) => durationProblem(String(iss.input)) ?? `expected ${DURATION_HINT}`,
    })
    .min(1, { error: `expected ${DURATION_HINT}` })
    .describe(`${description} Written as ${DURATION_HINT}.`);
}

/** A Kubernetes quantity, written as a string ("500m", "8Gi") or a plain number; normalised to a string. */
function quantity(description: string) {
  return z
    .union([
      z.string().regex(QUANTITY, { error: (iss) => `invalid quantity ${quote(iss.input)} (e.g. 500m, 2, 8Gi)` }),
      z.number().nonnegative(),
    ])
    .transform((v) => String(v))
    .describe(`${description} A Kubernetes quantity such as "2", "500m" or "8Gi".`);
}

function dnsName(description: string) {
  return z
    .string()
    .regex(DNS1123_LABEL, {
      error: (iss) =>
        `invalid name ${quote(iss.input)}: must be lower-case letters, digits and '-', starting and ending with a letter or digit`,
    })
    .max(63)
    .describe(description);
}

function namespaceField() {
  return dnsName('Namespace of the object.').default('default');
}

function buildMetadata() {
  return z
    .object({
      id: z
        .string()
        .regex(KEBAB, { error: (iss) => `invalid id ${quote(iss.input)}: must be kebab-case (e.g. node-notready-my-case)` })
        .describe('Stable kebab-case id; must equal the scenario file name without `.yaml`.'),
      title: z.string().min(1).describe('One-line title shown in the scenario list.'),
      difficulty: z.enum(['beginner', 'intermediate', 'advanced']).describe('How hard the scenario is.'),
      topics: z
        .array(z.string().regex(KEBAB, { error: (iss) => `invalid topic ${quote(iss.input)}: must be kebab-case` }))
        .min(1)
        .describe('Kebab-case topics the scenario teaches, e.g. [scheduler, resources].'),
      estimatedMinutes: z.number().int().positive().describe('Rough time a learner needs, in minutes.'),
    })
    .strict()
    .describe('Catalogue information about the scenario.');
}

function buildTaint() {
  return z
    .object({
      key: z.string().min(1).describe('Taint key.'),
      value: z.string().optional().describe('Taint value (optional).'),
      effect: z.enum(['NoSchedule', 'PreferNoSchedule', 'NoExecute']).describe('What the taint does to pods that do not tolerate it.'),
    })
    .strict()
    .describe('A node taint.');
}

function buildNode() {
  return z
    .object({
      name: dnsName('Node name (DNS-1123 label), unique in the cluster; with `count`, the stem of the names.'),
      count: z
        .number()
        .int()
        .min(1)
        .max(MAX_NODES)
        .optional()
        .describe('How many nodes of this shape: `{name: node, count: 3}` declares node-1, node-2 and node-3.'),
      joinedAgo: duration(
        'How long before `now` the node joined (its kubelet first registered; at most createdAgo). Omit: it joined with the other nodes a minute after the cluster was created.',
      ).optional(),
      role: z
        .enum(['control-plane', 'worker'])
        .default('worker')
        .describe('Node role; a control-plane node gets the kubeadm control-plane label and NoSchedule taint.'),
      cpu: quantity('Allocatable CPU (default 2 for a control-plane node, 4 for a worker).').optional(),
      memory: quantity(`Allocatable memory (default ${NODE_DEFAULTS.memory}).`).optional(),
      pods: z.number().int().positive().optional().describe(`Maximum pods (default ${NODE_DEFAULTS.pods}).`),
      ephemeralStorage: quantity(`Allocatable ephemeral storage (default ${NODE_DEFAULTS.ephemeralStorage}).`).optional(),
      labels: z.record(z.string(), z.string()).default({}).describe('Extra node labels, added to the standard ones.'),
      taints: z.array(buildTaint()).default([]).describe('Extra taints, added to the role taint.'),
      unschedulable: z.boolean().default(false).describe('Whether the node starts cordoned.'),
    })
    .strict()
    .superRefine((n, ctx) => {
      // The last generated name must still be a DNS-1123 label.
      if (n.count !== undefined && `${n.name}-${n.count}`.length > 63) {
        ctx.addIssue({ code: 'custom', path: ['name'], message: `"${n.name}-${n.count}" (the last name count makes) is longer than 63 characters` });
      }
    })
    .transform((n) => ({
      ...n,
      cpu: n.cpu ?? (n.role === 'control-plane' ? NODE_DEFAULTS.controlPlaneCpu : NODE_DEFAULTS.workerCpu),
      memory: n.memory ?? NODE_DEFAULTS.memory,
      pods: n.pods ?? NODE_DEFAULTS.pods,
      ephemeralStorage: n.ephemeralStorage ?? NODE_DEFAULTS.ephemeralStorage,
    }))
    .describe('A node of the simulated cluster.');
}

function buildManifest() {
  return z
    .looseObject({
      apiVersion: z.string().min(1).describe('API version of the object, e.g. apps/v1.'),
      kind: z.string().min(1).describe('Kind of the object, e.g. Deployment.'),
      metadata: z
        .looseObject({
          name: z.string().min(1).describe('Object name.'),
          namespace: z.string().optional().describe('Namespace (namespaced kinds default to `default`).'),
        })
        .describe('Object metadata; other fields (labels, annotations, ...) pass through.'),
    })
    .describe('An ordinary Kubernetes object, created through the API server when workloads are applied.');
}

function buildHttpAnswer() {
  return z
    .object({
      status: z.number().int().min(100).max(599).describe('HTTP status code, e.g. 200, 404, 503.'),
      body: z.string().optional().describe('Response body (default empty).'),
      headers: z
        .record(
          z.string().regex(/^[A-Za-z0-9-]+$/, { error: (iss) => `invalid header name ${quote(iss.input)}` }),
          z.string(),
        )
        .optional()
        .describe('Response headers, in the order the server writes them (Content-Type defaults to text/plain; charset=utf-8; Date and Content-Length are added).'),
    })
    .strict()
    .describe('How the application answers one path.');
}

function buildImageBehaviour() {
  return z
    .object({
      listens: z
        .array(z.number().int().min(1).max(65535))
        .default([])
        .describe('TCP ports the process listens on.'),
      readyAfter: duration('How long after start the process serves on its ports.').default('0s'),
      exits: z
        .object({
          code: z.number().int().min(0).max(255).describe('Exit code.'),
          after: duration('How long after start the process exits.').default('0s'),
        })
        .strict()
        .optional()
        .describe('The process exits (omit: it runs until stopped).'),
      logs: z.array(z.string()).default([]).describe('Lines the application writes to stdout when it starts.'),
      http: z
        .record(
          z.string().regex(/^(\/[^\s?#]*|\*)$/, { error: (iss) => `invalid path ${quote(iss.input)}: expected a path starting with / or *` }),
          buildHttpAnswer(),
        )
        .optional()
        .describe('HTTP answers on the listening ports, by request path (exact, then `*` for any other path; a path with no entry answers 404). Omit: every path answers 200 with an empty body.'),
      accessLog: z
        .string()
        .refine((v) => unknownLogVariable(v) === undefined, { error: (iss) => `unknown log variable ${unknownLogVariable(String(iss.input))}` })
        .optional()
        .describe(
          'The line the application writes to stdout per HTTP request, in nginx log_format variables: $remote_addr, $remote_user, $time_local, $time_iso8601, $request, $request_method, $request_uri, $uri, $args, $status, $body_bytes_sent, $host, $server_port, $request_time, $http_<header> (e.g. $http_user_agent). Omit: nothing is logged per request.',
        ),
      admission: z
        .object({
          allowed: z.boolean().default(true).describe('True: every request is admitted; false: every request is denied.'),
          message: z.string().optional().describe('The message of a denial (after `admission webhook "NAME" denied the request: `).'),
          code: z.number().int().min(400).max(599).optional().describe('The HTTP status code of a denial (default 403, reason Forbidden, as controller-runtime\'s admission.Denied answers).'),
          patch: z
            .array(
              z
                .object({
                  op: z.enum(['add', 'remove', 'replace', 'move', 'copy', 'test']).describe('The operation (RFC 6902).'),
                  path: z.string().describe('A JSON pointer into the object, e.g. /spec/containers/-.'),
                  value: z.unknown().optional().describe('The value to add, replace with or test for.'),
                  from: z.string().optional().describe('The JSON pointer a move or copy takes its value from.'),
                })
                .strict(),
            )
            .optional()
            .describe('A JSON Patch (RFC 6902) the webhook returns with every admitted object: a mutating webhook\'s change (a sidecar container, a label). The API server applies it, then defaults the object again; a patch that does not apply fails the request.'),
        })
        .strict()
        .optional()
        .describe(
          'The process is an admission webhook server: it answers every HTTP POST of an AdmissionReview on its listening ports with its verdict (admission.k8s.io/v1). Point a ValidatingWebhookConfiguration or MutatingWebhookConfiguration at a Service in front of it. A mutating one also returns its `patch`.',
        ),
      memory: quantity('Memory the process grows to while running (for OOM scenarios).').optional(),
      sizeBytes: z.number().int().positive().optional().describe('Compressed image size in bytes (shown by crictl images and pull events).'),
      missing: z.boolean().default(false).describe('True: the registry has no such image or tag, so pulls fail with NotFound.'),
      entrypoint: z.array(z.string()).optional().describe('The image\'s default command (ENTRYPOINT + CMD).'),
      binaries: z
        .array(z.string())
        .optional()
        .describe('Executables present in the image; an exec-form command naming another fails to start (omit: any command runs).'),
    })
    .strict()
    .describe('What a container started from this image does.');
}

function buildCluster() {
  return z
    .object({
      version: z
        .string()
        .regex(KUBE_VERSION, { error: (iss) => `invalid version ${quote(iss.input)}: expected e.g. v1.32.4` })
        .default(CLUSTER_DEFAULTS.version)
        .describe('Kubernetes version of every component.'),
      now: z.iso
        .datetime({ error: (iss) => `invalid time ${quote(iss.input)}: expected RFC 3339 UTC like 2026-11-30T09:00:00Z` })
        .default(CLUSTER_DEFAULTS.now)
        .describe('The simulated wall-clock time when the scenario starts (RFC 3339, UTC).'),
      createdAgo: duration('How long before `now` the cluster was created.').default(CLUSTER_DEFAULTS.createdAgo),
      workloadsAgo: duration('How long before `now` the manifests were applied; must be less than createdAgo.').default(
        CLUSTER_DEFAULTS.workloadsAgo,
      ),
      seed: z.number().int().nonnegative().default(CLUSTER_DEFAULTS.seed).describe('Default random seed (`--seed` overrides).'),
      podSubnet: z
        .string()
        .refine((v) => podSubnetProblem(v) === undefined, { error: (iss) => podSubnetProblem(String(iss.input)) })
        .default(DEFAULT_POD_SUBNET)
        .describe(
          `The pod network (kubeadm networking.podSubnet, the controller-manager's --cluster-cidr): each node gets a /24 of it, so a /16 holds 256 nodes; a node beyond that gets no pod CIDR (event CIDRNotAvailable). Default ${DEFAULT_POD_SUBNET}. Node addresses are 10.0.0.10 onwards in 10.0.0.0/16, Services 10.96.0.0/12.`,
        ),
      cni: z
        .enum(['flannel', 'calico'])
        .default('flannel')
        .describe(
          'The pod network\'s CNI plugin, as the nodes\' /etc/cni/net.d shows it. flannel (default) does not enforce NetworkPolicy: policies are stored and shown but change nothing. calico enforces them on every connection; its calico-node DaemonSet and calico-kube-controllers run in kube-system, as calico.yaml installs them.',
        ),
      controlPlaneEndpoint: z
        .string()
        .refine((v) => parseEndpoint(v) !== undefined, { error: (iss) => `invalid address ${quote(iss.input)}: expected an IPv4 address with an optional port, e.g. 10.0.0.5:6443` })
        .optional()
        .describe(
          "A highly available control plane (kubeadm's ClusterConfiguration.controlPlaneEndpoint, stacked etcd): the address of the load balancer in front of the API servers, `IP` or `IP:PORT` (port 6443 by default), e.g. 10.0.0.5:6443 (node addresses start at 10.0.0.10, the workstation is 10.0.0.2). Every control-plane node then runs etcd, kube-apiserver, kube-controller-manager and kube-scheduler; the etcd members form one cluster; admin.conf, kubelet.conf and kube-proxy name this address, scheduler.conf and controller-manager.conf the node's own API server. The balancer sends each connection to the first API server that accepts it. Declare three control-plane nodes (an etcd quorum survives one down). Omit for a single control plane.",
        ),
      nodes: z.array(buildNode()).min(1).describe('The nodes, in order; at least one, names unique (after `count` expansion).'),
      manifests: z.array(buildManifest()).default([]).describe('Kubernetes objects applied `workloadsAgo` before now; one that names an object kubeadm created (e.g. the coredns ConfigMap) replaces it.'),
      images: z
        .record(
          z.string().regex(IMAGE_REF, { error: (iss) => `invalid image reference ${quote(iss.input)}` }),
          buildImageBehaviour(),
        )
        .default({})
        .describe('Image catalog additions: image reference (e.g. shop/checkout:1.4) to behaviour.'),
    })
    .strict()
    .describe('The simulated world before any fault.');
}

function buildFaults() {
  // A discriminated union even for one fault, so an unknown `type` is always
  // reported as such rather than as a literal mismatch plus noise.
  const schemas = Object.values(faultParamSchemas()) as [z.ZodObject, ...z.ZodObject[]];
  const item = z.discriminatedUnion('type', schemas);
  return z
    .array(item.describe('A below-API fault primitive: `type` names a registered fault, the rest are its parameters.'))
    .default([])
    .describe('Fault primitives that bend components below the API (may be empty when the fault is in the manifests).');
}

function buildTaxonomyEntry() {
  return {
    component: z.enum(componentIds() as [string, ...string[]]).describe('The broken component (taxonomy id).'),
    cause: z.enum(allCauseIds() as [string, ...string[]]).describe('The cause (taxonomy id); must belong to `component`.'),
  };
}

function phrasings(description: string) {
  return z.array(z.string().min(1)).min(1).optional().describe(description);
}

function buildDiagnosisItem() {
  return z
    .object({
      ...buildTaxonomyEntry(),
      also: z
        .array(z.object(buildTaxonomyEntry()).strict().describe('Another taxonomy entry that names the same cause.'))
        .default([])
        .describe('Other taxonomy entries that correctly name this cause (e.g. workload/wrong-image-tag next to image-registry/image-not-found); each earns full points in the guided diagnosis.'),
      label: z.string().min(1).optional().describe('Short name of this fault in explanations when a scenario declares several (e.g. "node-1 disk").'),
      concepts: z
        .object({
          cause: phrasings('Extra phrasings of the cause, added to the taxonomy\'s default synonyms.'),
          object: phrasings('The affected object(s) the text must name, e.g. [node-2] or [checkout]; any one counts.'),
          resource: phrasings('The resource the text must name, e.g. [cpu].'),
          component: phrasings('The component the text must name, e.g. [containerd, container runtime].'),
        })
        .strict()
        .default({})
        .describe(
          'Free-text grading: the text must name every concept given here (and always the cause), each by one of its phrasings. A phrasing counts when all its words occur in one clause in any order (plural/-ed/-ing alike) and the clause does not deny it ("not", "no", "nothing to do with"); the first phrasing names the concept when it is missing.',
        ),
      accept: phrasings('Older spelling of `concepts.cause`: extra phrasings of the cause.'),
    })
    .strict()
    .describe('One broken link of the chain, as the learner should name it.');
}

function buildDiagnosis() {
  const item = buildDiagnosisItem();
  return z
    .union([item, z.array(item).min(1)])
    .describe('The broken link of the chain; a list when the scenario has several faults (each is graded for its share of the points).');
}

/** The kinds of fact an evidence item may state (exactly one per item). */
export const EVIDENCE_FACTS = ['shows', 'objectField', 'log', 'nodeCondition'] as const;

function buildEvidence() {
  return z
    .object({
      host: z
        .string()
        .min(1)
        .default(WORKSTATION_HOST)
        .describe('Host the command runs on: `workstation` or a node name; `shows` and `log` facts must be seen there.'),
      command: z.string().min(1).describe('A command line that shows the fact; suggested to the learner when they missed it.'),
      shows: z
        .string()
        .min(1)
        .optional()
        .describe('A text fact: a simulation tool\'s output on `host` contained this text (case-insensitive).'),
      objectField: z
        .object({
          resource: z.string().min(1).describe('Plural resource name, e.g. pods.'),
          namespace: z.string().optional().describe('Namespace (omit for cluster-scoped resources).'),
          name: z.string().min(1).optional().describe('Object name (or give `selector`).'),
          selector: z.string().min(1).optional().describe('Label selector, e.g. app=web: any matching object (or give `name`).'),
          path: z.string().min(1).describe('Dotted field path, e.g. spec.schedulerName or spec.containers.0.image; write a dot inside a key as \\. (spec.hard.requests\\.cpu).'),
          equals: z
            .union([z.string(), z.number(), z.boolean()])
            .optional()
            .describe('The value the fact is about (e.g. the wrong one): seen only while the field has it. Omit: whatever it is.'),
        })
        .strict()
        .refine((v) => (v.name === undefined) !== (v.selector === undefined), { message: 'give exactly one of name, selector' })
        .optional()
        .describe('The field\'s current value was displayed by a command that read the object (get, describe, jsonpath, the edit buffer ...).'),
      log: z
        .object({
          unit: z.string().min(1).optional().describe('systemd unit whose journal shows it, e.g. kubelet (omit: any log or file on the host).'),
          pod: z
            .object({
              namespace: z.string().min(1).default('default').describe('Namespace of the pod.'),
              name: z.string().min(1).optional().describe('Pod name (or give `selector`).'),
              selector: z.string().min(1).optional().describe('Label selector: any matching pod (or give `name`).'),
            })
            .strict()
            .refine((v) => (v.name === undefined) !== (v.selector === undefined), { message: 'give exactly one of name, selector' })
            .optional()
            .describe('The log is a pod\'s, as kubectl logs fetches it (host is then ignored).'),
          matches: z
            .string()
            .min(1)
            .refine(compilesAsRe2, { message: 'not a valid RE2 regular expression' })
            .describe('RE2 regular expression (case-insensitive) a displayed log line matches.'),
        })
        .strict()
        .refine((v) => v.unit === undefined || v.pod === undefined, { message: 'give unit or pod, not both' })
        .optional()
        .describe('A log line was displayed: of `pod` (kubectl logs), of `unit` on `host` (journalctl), or any on `host`.'),
      nodeCondition: z
        .object({
          node: z.string().min(1).describe('Node name.'),
          type: z.string().min(1).describe('Condition type, e.g. Ready or DiskPressure.'),
          status: z.enum(['True', 'False', 'Unknown']).optional().describe('Its status as displayed (Ready=False shows as NotReady).'),
          reason: z.string().min(1).optional().describe('Its reason or message text as displayed, e.g. KubeletHasDiskPressure.'),
        })
        .strict()
        .refine((v) => v.status !== undefined || v.reason !== undefined, { message: 'give status or reason' })
        .optional()
        .describe('A node condition, as the API server has it, was displayed (kubectl get nodes / describe node).'),
    })
    .strict()
    .superRefine((v, ctx) => {
      const given = EVIDENCE_FACTS.filter((k) => v[k] !== undefined);
      if (given.length !== 1) {
        ctx.addIssue({
          code: 'custom',
          message: given.length === 0 ? `needs one fact: ${EVIDENCE_FACTS.join(', ')}` : `one fact per evidence item; found ${given.join(', ')}`,
        });
      }
    })
    .describe('A fact about the simulated state the learner must actually see, shown by a simulation tool.');
}

/** Whether `pattern` is a regular expression RE2 accepts (evidence patterns are matched in linear time). */
function compilesAsRe2(pattern: string): boolean {
  try {
    RE2JS.compile(pattern);
    return true;
  } catch {
    return false;
  }
}

function namedObject(description: string) {
  return z
    .object({ namespace: namespaceField(), name: z.string().min(1).describe('Object name.') })
    .strict()
    .describe(description);
}

function buildGoalParams() {
  return {
    podsReady: z
      .object({
        namespace: namespaceField(),
        selector: z.string().min(1).describe('Label selector, e.g. app=web.'),
        count: z.number().int().nonnegative().describe('How many matching pods must be Ready (at least).'),
      })
      .strict()
      .describe('At least `count` pods matching `selector` are Ready.'),
    deploymentAvailable: z
      .object({
        namespace: namespaceField(),
        name: z.string().min(1).describe('Deployment name.'),
        minReplicas: z.number().int().nonnegative().optional().describe('Available replicas needed (default: spec.replicas).'),
      })
      .strict()
      .describe('The Deployment has its Available condition and enough available replicas.'),
    nodeReady: z.string().min(1).describe('The node (by name) has condition Ready=True.'),
    nodeSchedulable: z.string().min(1).describe('The node (by name) is not cordoned.'),
    podScheduled: namedObject('The pod is bound to a node.'),
    podRunning: namedObject('The pod is in phase Running.'),
    serviceHasEndpoints: namedObject('The Service has at least one ready endpoint.'),
    serviceAnswers: z
      .object({
        namespace: namespaceField(),
        name: z.string().min(1).describe('Service name.'),
        port: z.number().int().min(1).max(65535).optional().describe('Service port (default: its first port).'),
        path: z.string().startsWith('/').optional().describe('HTTP path (default /).'),
        from: z.string().min(1).optional().describe('Node the request starts from (default: the first worker node).'),
      })
      .strict()
      .describe('An HTTP GET to the Service\'s ClusterIP from a node gets a 2xx answer, through kube-proxy\'s rules, the endpoints and the application.'),
    nodePortAnswers: z
      .object({
        node: z.string().min(1).describe('Node whose address is dialled.'),
        port: z.number().int().min(1).max(65535).describe('The NodePort.'),
        path: z.string().startsWith('/').optional().describe('HTTP path (default /).'),
      })
      .strict()
      .describe('An HTTP GET from the workstation to the node\'s address on the NodePort gets a 2xx answer, through the node\'s firewall and kube-proxy\'s rules.'),
    apiServerAnswers: z
      .literal(true)
      .describe('The API server answers: an HTTPS GET of /livez from the workstation to the address its kubeconfig names (the `kubernetes` Service\'s endpoint) gets a 2xx answer.'),
    noPodsOnNode: z
      .object({
        namespace: namespaceField(),
        selector: z.string().min(1).describe('Label selector, e.g. app=api.'),
        node: z.string().min(1).describe('Node name.'),
      })
      .strict()
      .describe('No pod matching `selector` is bound to `node` (finished pods aside): guards a node the briefing reserves.'),
    nodeHasTaint: z
      .object({
        node: z.string().min(1).describe('Node name.'),
        key: z.string().min(1).describe('Taint key.'),
        value: z.string().optional().describe('Taint value (omit: any value).'),
        effect: z.enum(['NoSchedule', 'PreferNoSchedule', 'NoExecute']).optional().describe('Taint effect (omit: any effect).'),
      })
      .strict()
      .describe('The node still carries this taint, wherever it sits in spec.taints.'),
    deploymentRunsImage: z
      .object({
        namespace: namespaceField(),
        name: z.string().min(1).describe('Deployment name.'),
        container: z.string().min(1).optional().describe('Container name (default: the first container).'),
        image: z
          .string()
          .regex(IMAGE_REF, { error: (iss) => `invalid image reference ${quote(iss.input)}` })
          .describe('Image reference; compared as the runtime resolves it (shop/app:1 = docker.io/shop/app:1, nginx = docker.io/library/nginx:latest, @sha256 digests by the resolved image ID).'),
      })
      .strict()
      .describe('The Deployment names this image and every running container of its pods runs it, however the reference is spelled.'),
    objectField: z
      .object({
        resource: z.string().min(1).describe('Plural resource name, e.g. deployments.'),
        namespace: z.string().optional().describe('Namespace (omit for cluster-scoped resources).'),
        name: z.string().min(1).describe('Object name.'),
        path: z.string().min(1).describe('Dotted field path, e.g. spec.replicas.'),
        equals: z.unknown().optional().describe('The field equals this value.'),
        exists: z.boolean().optional().describe('The field exists (true) or not (false).'),
        lessThan: z.number().optional().describe('The field is a number less than this.'),
        greaterThan: z.number().optional().describe('The field is a number greater than this.'),
      })
      .strict()
      .superRefine((v, ctx) => {
        const given = OBJECT_FIELD_COMPARATORS.filter((k) => k in v);
        if (given.length !== 1) {
          ctx.addIssue({
            code: 'custom',
            message:
              given.length === 0
                ? `needs one of ${OBJECT_FIELD_COMPARATORS.join(', ')}`
                : `give only one of ${OBJECT_FIELD_COMPARATORS.join(', ')}; found ${given.join(', ')}`,
          });
        }
      })
      .describe('Escape hatch: a field of any object compared with equals | exists | lessThan | greaterThan.'),
  };
}

function buildGoalPredicate() {
  const params = buildGoalParams();
  // Declared with an explicit type so the `not` getter can refer to it.
  const predicate: z.ZodType = z
    .object({
      ...Object.fromEntries(Object.entries(params).map(([k, s]) => [k, s.optional()])),
      get not() {
        return predicate.optional().describe('Negation: the inner predicate must NOT hold (guards against shortcuts).');
      },
    })
    .strict()
    .superRefine((v, ctx) => {
      const given = Object.keys(v as object);
      if (given.length > 1) {
        ctx.addIssue({ code: 'custom', message: `one predicate per goal item; found ${given.join(', ')}` });
      } else if (given.length === 0) {
        ctx.addIssue({ code: 'custom', message: `expected one predicate: ${GOAL_PREDICATES.join(', ')}` });
      }
    })
    .meta({ id: 'GoalPredicate', description: 'A condition on the simulated cluster; exactly one predicate per item.' });
  return { params, predicate };
}

function buildScenario() {
  const predicate = goalPredicateSchema();
  return z
    .object({
      apiVersion: z
        .literal(SCENARIO_API_VERSION, {
          error: (iss) =>
            iss.input === undefined
              ? undefined
              : `unsupported apiVersion ${quote(iss.input)}; this build reads ${SCENARIO_API_VERSION}`,
        })
        .describe(`Scenario format version; must be ${SCENARIO_API_VERSION}.`),
      kind: z
        .literal(SCENARIO_KIND, { error: (iss) => (iss.input === undefined ? undefined : `expected kind "${SCENARIO_KIND}"`) })
        .describe('Always Scenario.'),
      metadata: buildMetadata(),
      briefing: z.string().min(1).describe('What the learner is told at the start (free text).'),
      cluster: buildCluster(),
      faults: buildFaults(),
      diagnosis: buildDiagnosis(),
      evidence: z.array(buildEvidence()).min(1).describe('Observations that prove the diagnosis; at least one.'),
      goal: z.array(predicate).min(1).describe('Predicates that must all hold after the fix; at least one.'),
      solution: z
        .array(z.string().min(1))
        .min(1)
        .describe('Reference command lines, in order (may include `ssh node-2` and `exit`).'),
      hints: z.array(z.string().min(1)).min(1).describe('Progressive hints, most general first; at least one.'),
      explanation: z.string().min(1).describe('Shown after grading: what was wrong and why the fix works.'),
    })
    .strict()
    .describe('A kubedrill troubleshooting scenario.');
}

let cached: ReturnType<typeof buildScenario> | undefined;
let cachedGoal: z.ZodType | undefined;

/**
 * The zod schema of one goal predicate (built on first use, then cached): the
 * vocabulary scenarios' `goal` uses, shared with hands-on quiz questions.
 */
export function goalPredicateSchema(): z.ZodType {
  cachedGoal ??= buildGoalPredicate().predicate;
  return cachedGoal;
}

/** The zod schema of a whole scenario document (built on first use, then cached). */
export function scenarioSchema(): ReturnType<typeof buildScenario> {
  cached ??= buildScenario();
  return cached;
}

type GoalParams = ReturnType<typeof buildGoalParams>;
type RawScenario = z.output<ReturnType<typeof buildScenario>>;

/** A goal predicate: exactly one named condition. */
export type GoalPredicate =
  | { podsReady: z.output<GoalParams['podsReady']> }
  | { deploymentAvailable: z.output<GoalParams['deploymentAvailable']> }
  | { nodeReady: string }
  | { nodeSchedulable: string }
  | { podScheduled: z.output<GoalParams['podScheduled']> }
  | { podRunning: z.output<GoalParams['podRunning']> }
  | { serviceHasEndpoints: z.output<GoalParams['serviceHasEndpoints']> }
  | { serviceAnswers: z.output<GoalParams['serviceAnswers']> }
  | { nodePortAnswers: z.output<GoalParams['nodePortAnswers']> }
  | { apiServerAnswers: true }
  | { noPodsOnNode: z.output<GoalParams['noPodsOnNode']> }
  | { nodeHasTaint: z.output<GoalParams['nodeHasTaint']> }
  | { deploymentRunsImage: z.output<GoalParams['deploymentRunsImage']> }
  | { objectField: z.output<GoalParams['objectField']> }
  | { not: GoalPredicate };

/** A fault entry: `type` names a registered primitive; other keys are its parameters. */
export interface FaultSpec {
  /** Registered fault name, e.g. `kubelet-stopped`. */
  type: string;
  /** Node the fault applies to, for node-level faults. */
  node?: string;
  [param: string]: unknown;
}

/** A validated scenario with defaults applied. */
export type Scenario = Omit<RawScenario, 'goal' | 'faults'> & { goal: GoalPredicate[]; faults: FaultSpec[] };
/** Catalogue metadata of a scenario. */
export type ScenarioMetadata = Scenario['metadata'];
/** The simulated world of a scenario. */
export type ClusterSpec = Scenario['cluster'];
/** A node entry of the scenario (one node, or `count` alike), with role-dependent capacity defaults applied. */
export type NodeSpec = ClusterSpec['nodes'][number];
/** One node of the cluster after `count` expansion. */
export type ClusterNode = Omit<NodeSpec, 'count'> & {
  /** Index of the `cluster.nodes` entry that declared it (for file:line:col errors). */
  entry: number;
};
/** A node taint. */
export type TaintSpec = NodeSpec['taints'][number];
/** An ordinary Kubernetes object from `cluster.manifests`. */
export type ManifestSpec = ClusterSpec['manifests'][number];
/** What a container started from an image does. */
export type ImageBehaviour = ClusterSpec['images'][string];
/** The expected diagnosis: one, or one per fault. */
export type DiagnosisSpec = Scenario['diagnosis'];
/** One expected diagnosis. */
export type DiagnosisItemSpec = z.output<ReturnType<typeof buildDiagnosisItem>>;
/** An observation the learner must see. */
export type EvidenceSpec = Scenario['evidence'][number];
/** Name of a goal predicate. */
export type GoalPredicateName = (typeof GOAL_PREDICATES)[number];
