/**
 * kubectl's `-o go-template` printer (cli-runtime pkg/printers/template.go
 * GoTemplatePrinter and genericclioptions/template_flags.go): the template
 * is parsed as "output" with kubectl's extra functions, the object is
 * marshalled to JSON and decoded back (integers become int64), and an
 * execution error prints what was written so far plus upstream's debugging
 * block on stdout before `error: error executing template …`.
 */
import { freshBudget, type CommandBudget } from '../../../budget.js';
import { toCompactJson } from '../json.js';
import { formatV } from './go-fmt.js';
import { KUBECTL_FUNCS } from './funcs.js';
import { executeTemplate, TemplateExecError } from './exec.js';
import { goQuote, parseTemplate, TemplateParseError, type ParsedTemplate } from './parse.js';

/** What printing produced: the text, or kubectl's error with what reached stdout before it. */
export type TemplatePrint = { ok: true; text: string } | { ok: false; stdout: string; error: string };

/** Parses a template as NewGoTemplatePrinter does; a string is kubectl's error message. */
export function compileGoTemplate(template: string): ParsedTemplate | string {
  try {
    return parseTemplate(template, 'output', KUBECTL_FUNCS);
  } catch (e) {
    if (e instanceof TemplateParseError) return `error parsing template ${template}, ${e.message}`;
    throw e;
  }
}

/** GoTemplatePrinter.PrintObj for one object (or List). */
export function printGoTemplate(template: string, obj: unknown, opts: { allowMissingKeys: boolean; budget?: CommandBudget }): TemplatePrint {
  const tree = compileGoTemplate(template);
  if (typeof tree === 'string') return { ok: false, stdout: '', error: tree };
  const raw = toCompactJson(obj);
  // json.Marshal then util/json.Unmarshal: what the template sees.
  const data = JSON.parse(raw) as unknown;
  try {
    return { ok: true, text: executeTemplate(tree, data, { name: 'output', text: template, missingKeyError: !opts.allowMissingKeys, budget: opts.budget ?? freshBudget() }) };
  } catch (e) {
    if (!(e instanceof TemplateExecError)) throw e;
    const partial = (e as TemplateExecError & { partial?: string }).partial ?? '';
    const debug =
      `Error executing template: ${e.message}. Printing more information for debugging the template:\n` +
      `\ttemplate was:\n\t\t${template}\n` +
      `\traw data was:\n\t\t${raw}\n` +
      `\tobject given to template engine was:\n\t\t${formatV(data)}\n\n`;
    return { ok: false, stdout: partial + debug, error: `error executing template ${goQuote(template)}: ${e.message}` };
  }
}
