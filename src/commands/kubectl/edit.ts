/**
 * `kubectl edit TYPE NAME` (pkg/cmd/util/editor/editoptions.go): the object
 * as YAML under kubectl's header comment goes to $EDITOR; an unchanged file
 * cancels, a changed one is sent as a patch of what changed, with the
 * `--validate` directive (strict by default); when the server rejects it the
 * file is reopened with the errors on top, as kubectl does, and a second
 * failure keeps a copy and gives up.
 */
import yaml from 'js-yaml';
import type { KubeObject, Status } from '../../cluster/apiserver/types.js';
import { qualifiedName, type ResourceInfo } from '../../cluster/apiserver/resources.js';
import type { ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import { kindName } from './invocation.js';
import { validationOptions, warningLines } from './field-validation.js';
import { errorResult, statusMessage } from './errors.js';
import { fetchTargets, parseTargets } from './resolve.js';
import { toYaml } from '../../cluster/go-yaml/yaml.js';
import { createTwoWayMergePatch, type JsonObject } from '../../cluster/apiserver/strategic-patch.js';

/** editoptions.go's instructions at the top of the file. */
export const EDIT_HEADER =
  "# Please edit the object below. Lines beginning with a '#' will be ignored,\n" +
  '# and an empty file will abort the edit. If an error occurs while saving this file will be\n' +
  '# reopened with the relevant failures.\n' +
  '#\n';

/** Strips comment lines as kubectl does before parsing the edited file. */
function stripComments(text: string): string {
  return text
    .split('\n')
    .filter((l) => !l.trimStart().startsWith('#'))
    .join('\n');
}

/** The error block kubectl writes into the reopened file. */
function errorHeader(info: ResourceInfo, obj: KubeObject, status: Status): string {
  const head = `# ${qualifiedName(info)} "${obj.metadata.name}" was not valid:\n`;
  const causes = status.details?.causes ?? [];
  const lines = causes.length > 0 ? causes.map((c) => `# * ${c.field ? `${c.field}: ` : ''}${c.message}\n`).join('') : `# * ${status.message}\n`;
  return `${head}${lines}#\n`;
}

/** The temp file name kubectl reports; stable per object. */
function copyPath(obj: KubeObject): string {
  let h = 0;
  for (const c of `${obj.metadata.namespace}/${obj.metadata.name}`) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return `/tmp/kubectl-edit-${1000000000 + (h % 1000000000)}.yaml`;
}

/** Runs `kubectl edit`. */
export async function runEdit(inv: Invocation): Promise<ExecResult> {
  if (inv.args.length === 0) return errorResult('at least one resource must be specified to use edit');
  const parsed = parseTargets(inv.args);
  if (!parsed.ok) return errorResult(parsed.error);
  if (!parsed.named) return errorResult('resource(s) were provided, but no name was specified');
  const fetched = fetchTargets(inv, parsed.targets, statusMessage);
  if (fetched.failed) return { stdout: '', stderr: fetched.stderr, exitCode: 1 };
  const validation = validationOptions(inv);
  if (!validation.ok) return errorResult(validation.error);
  const open = inv.ctx.openEditor;
  if (!open) return errorResult('unable to launch the editor: no editor is available in this session');
  let stdout = '';
  let stderr = '';
  let failed = false;
  for (const { info, obj } of fetched.objects) {
    const original = toYaml(obj);
    let header = EDIT_HEADER;
    let text = original;
    for (let attempt = 0; ; attempt++) {
      const saved = await open(header + text);
      const body = saved === undefined ? undefined : stripComments(saved);
      if (body === undefined || body.trim() === '' || (attempt === 0 && body.trim() === stripComments(original).trim())) {
        if (attempt > 0) {
          stderr += `A copy of your changes has been stored to "${copyPath(obj)}"\nerror: Edit cancelled, no valid changes were saved.\n`;
          failed = true;
        } else if (body !== undefined && body.trim() === '') stderr += 'Edit cancelled, saved file was empty.\n';
        else stderr += 'Edit cancelled, no changes made.\n';
        break;
      }
      if (attempt > 0 && body.trim() === stripComments(text).trim()) {
        stderr += `A copy of your changes has been stored to "${copyPath(obj)}"\nerror: Edit cancelled, no valid changes were saved.\n`;
        failed = true;
        break;
      }
      let edited: KubeObject;
      try {
        edited = yaml.load(body) as KubeObject;
      } catch (e) {
        header = EDIT_HEADER + `# The edited file had a syntax error: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}\n#\n`;
        text = body;
        continue;
      }
      if (!edited || typeof edited !== 'object' || edited.metadata?.name !== obj.metadata.name || edited.kind !== obj.kind) {
        stderr += `error: At least one of apiVersion, kind and name was changed\n`;
        failed = true;
        break;
      }
      // editFn: a strategic two-way patch from the object as opened to the file as saved, so what others changed meanwhile stays.
      const patch = createTwoWayMergePatch(obj as unknown as JsonObject, edited as unknown as JsonObject);
      const r = inv.client.patch(info.name, obj.metadata.namespace, obj.metadata.name!, 'strategic', patch, undefined, validation.options);
      if (r.ok) {
        stderr += warningLines(inv, r);
        stdout += `${kindName(r.value)} edited\n`;
        break;
      }
      if (r.status.reason !== 'Invalid') {
        stderr += statusMessage(r.status);
        failed = true;
        break;
      }
      header = EDIT_HEADER + errorHeader(info, obj, r.status);
      text = body;
    }
  }
  return { stdout, stderr, exitCode: failed ? 1 : 0 };
}
