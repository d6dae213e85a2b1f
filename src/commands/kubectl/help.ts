/**
 * Help texts: `kubectl --help` as kubectl 1.32 prints it, and a short form of
 * each verb's help (its description and Usage line from pkg/cmd/<verb>).
 */

/** `kubectl` / `kubectl --help`. */
export const KUBECTL_HELP = `kubectl controls the Kubernetes cluster manager.

 Find more information at: https://kubernetes.io/docs/reference/kubectl/

Basic Commands (Beginner):
  create          Create a resource from a file or from stdin
  expose          Take a replication controller, service, deployment or pod and expose it as a new Kubernetes service
  run             Run a particular image on the cluster
  set             Set specific features on objects

Basic Commands (Intermediate):
  explain         Get documentation for a resource
  get             Display one or many resources
  edit            Edit a resource on the server
  delete          Delete resources by file names, stdin, resources and names, or by resources and label selector

Deploy Commands:
  rollout         Manage the rollout of a resource
  scale           Set a new size for a deployment, replica set, or replication controller
  autoscale       Auto-scale a deployment, replica set, stateful set, or replication controller

Cluster Management Commands:
  certificate     Modify certificate resources
  cluster-info    Display cluster information
  top             Display resource (CPU/memory) usage
  cordon          Mark node as unschedulable
  uncordon        Mark node as schedulable
  drain           Drain node in preparation for maintenance
  taint           Update the taints on one or more nodes

Troubleshooting and Debugging Commands:
  describe        Show details of a specific resource or group of resources
  logs            Print the logs for a container in a pod
  attach          Attach to a running container
  exec            Execute a command in a container
  port-forward    Forward one or more local ports to a pod
  proxy           Run a proxy to the Kubernetes API server
  cp              Copy files and directories to and from containers
  auth            Inspect authorization
  debug           Create debugging sessions for troubleshooting workloads and nodes
  events          List events

Advanced Commands:
  diff            Diff the live version against a would-be applied version
  apply           Apply a configuration to a resource by file name or stdin
  patch           Update fields of a resource
  replace         Replace a resource by file name or stdin
  wait            Experimental: Wait for a specific condition on one or many resources
  kustomize       Build a kustomization target from a directory or URL

Settings Commands:
  label           Update the labels on a resource
  annotate        Update the annotations on a resource
  completion      Output shell completion code for the specified shell (bash, zsh, fish, or powershell)

Subcommands provided by plugins:

Other Commands:
  api-resources   Print the supported API resources on the server
  api-versions    Print the supported API versions on the server, in the form of "group/version"
  config          Modify kubeconfig files
  plugin          Provides utilities for interacting with plugins
  version         Print the client and server version information

Usage:
  kubectl [flags] [options]

Use "kubectl <command> --help" for more information about a given command.
Use "kubectl options" for a list of global command-line options (applies to all commands).
`;

/** Description and usage line per verb (pkg/cmd/<verb>/<verb>.go Long and Use). */
const VERB_HELP: Readonly<Record<string, [string, string]>> = {
  get: ['Display one or many resources.', 'kubectl get [(-o|--output=)json|yaml|name|go-template|go-template-file|template|templatefile|jsonpath|jsonpath-as-json|jsonpath-file|custom-columns|custom-columns-file|wide] (TYPE[.VERSION][.GROUP] [NAME | -l label] | TYPE[.VERSION][.GROUP]/NAME ...) [flags]'],
  describe: ['Show details of a specific resource or group of resources.', 'kubectl describe (-f FILENAME | TYPE [NAME_PREFIX | -l label] | TYPE/NAME)'],
  logs: ['Print the logs for a container in a pod or specified resource. If the pod has only one container, the container name is optional.', 'kubectl logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'],
  cordon: ['Mark node as unschedulable.', 'kubectl cordon NODE'],
  uncordon: ['Mark node as schedulable.', 'kubectl uncordon NODE'],
  taint: ['Update the taints on one or more nodes.', 'kubectl taint NODE NAME KEY_1=VAL_1:TAINT_EFFECT_1 ... KEY_N=VAL_N:TAINT_EFFECT_N'],
  label: ['Update the labels on a resource.', 'kubectl label [--overwrite] (-f FILENAME | TYPE NAME) KEY_1=VAL_1 ... KEY_N=VAL_N [--resource-version=version]'],
  annotate: ['Update the annotations on one or more resources.', 'kubectl annotate [--overwrite] (-f FILENAME | TYPE NAME) KEY_1=VAL_1 ... KEY_N=VAL_N [--resource-version=version]'],
  delete: ['Delete resources by file names, stdin, resources and names, or by resources and label selector.', 'kubectl delete ([-f FILENAME] | [-k DIRECTORY] | TYPE [(NAME | -l label | --all)])'],
  scale: ['Set a new size for a deployment, replica set, replication controller, or stateful set.', 'kubectl scale [--resource-version=version] [--current-replicas=count] --replicas=COUNT (-f FILENAME | TYPE NAME)'],
  'set image': ['Update existing container image(s) of resources.', 'kubectl set image (-f FILENAME | TYPE NAME) CONTAINER_NAME_1=CONTAINER_IMAGE_1 ... CONTAINER_NAME_N=CONTAINER_IMAGE_N'],
  'set resources': ['Specify compute resource requirements (CPU, memory) for any resource that defines a pod template.', 'kubectl set resources (-f FILENAME | TYPE NAME) ([--limits=LIMITS & --requests=REQUESTS]'],
  patch: ['Update fields of a resource using strategic merge patch, a JSON merge patch, or a JSON patch.', 'kubectl patch (-f FILENAME | TYPE NAME) [-p PATCH|--patch-file FILE]'],
  edit: ['Edit a resource from the default editor.', 'kubectl edit (RESOURCE/NAME | -f FILENAME)'],
  apply: ['Apply a configuration to a resource by file name or stdin.', 'kubectl apply (-f FILENAME | -k DIRECTORY)'],
  create: ['Create a resource from a file or from stdin.', 'kubectl create -f FILENAME'],
  'create deployment': ['Create a deployment with the specified name.', 'kubectl create deployment NAME --image=image -- [COMMAND] [args...]'],
  'create namespace': ['Create a namespace with the specified name.', 'kubectl create namespace NAME [--dry-run=server|client|none]'],
  'rollout status': ['Show the status of the rollout.', 'kubectl rollout status (TYPE NAME | TYPE/NAME) [flags]'],
  'rollout restart': ['Restart a resource.', 'kubectl rollout restart RESOURCE'],
  'rollout undo': ['Roll back to a previous rollout.', 'kubectl rollout undo (TYPE NAME | TYPE/NAME) [flags]'],
  'rollout history': ['View previous rollout revisions and configurations.', 'kubectl rollout history (TYPE NAME | TYPE/NAME) [flags]'],
  version: ['Print the client and server version information for the current context.', 'kubectl version [flags]'],
  'cluster-info': ['Display addresses of the control plane and services with label kubernetes.io/cluster-service=true.', 'kubectl cluster-info [flags]'],
  'api-resources': ['Print the supported API resources on the server.', 'kubectl api-resources [flags]'],
  top: ['Display resource (CPU/memory) usage.', 'kubectl top [flags]'],
  debug: ['Debug cluster resources using interactive debugging containers.', 'kubectl debug (POD | TYPE[[.VERSION].GROUP]/NAME) [ -- COMMAND [args...] ]'],
};

/** Help of commands that only group sub-verbs. */
export const SUBCOMMAND_HELP: Readonly<Record<string, string>> = {
  auth: `Inspect authorization.

Available Commands:
  can-i         Check whether an action is allowed
  reconcile     Reconciles rules for RBAC role, role binding, cluster role, and cluster role binding objects
  whoami        Experimental: Check self subject attributes

Usage:
  kubectl auth [flags] [options]

Use "kubectl auth <command> --help" for more information about a given command.
Use "kubectl options" for a list of global command-line options (applies to all commands).
`,
  set: `Configure application resources.

 These commands help you make changes to existing application resources.

Available Commands:
  env              Update environment variables on a pod template
  image            Update the image of a pod template
  resources        Update resource requests/limits on objects with pod templates
  selector         Set the selector on a resource
  serviceaccount   Update the service account of a resource
  subject          Update the user, group, or service account in a role binding or cluster role binding

Usage:
  kubectl set SUBCOMMAND [options]

Use "kubectl set <command> --help" for more information about a given command.
Use "kubectl options" for a list of global command-line options (applies to all commands).
`,
  rollout: `Manage the rollout of one or many resources.

 Valid resource types include:

  *  deployments
  *  daemonsets
  *  statefulsets

Available Commands:
  history       View rollout history
  pause         Mark the provided resource as paused
  restart       Restart a resource
  resume        Resume a paused resource
  status        Show the status of the rollout
  undo          Undo a previous rollout

Usage:
  kubectl rollout SUBCOMMAND [options]

Use "kubectl rollout <command> --help" for more information about a given command.
Use "kubectl options" for a list of global command-line options (applies to all commands).
`,
};

/** Short help of a verb (`kubectl get --help`). */
export function helpFor(verb: string): string {
  const sub = Object.hasOwn(SUBCOMMAND_HELP, verb) ? SUBCOMMAND_HELP[verb] : undefined;
  if (sub) return sub;
  const h = Object.hasOwn(VERB_HELP, verb) ? VERB_HELP[verb] : undefined;
  if (!h) return KUBECTL_HELP;
  return `${h[0]}\n\nUsage:\n  ${h[1]} [options]\n\nUse "kubectl options" for a list of global command-line options (applies to all commands).\n`;
}
