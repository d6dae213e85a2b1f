/**
 * The `openssl` command (OpenSSL 3.0 as Ubuntu 22.04 ships it): `x509` to
 * read certificates and `version`. Other subcommands are not simulated and
 * unknown ones get apps/openssl.c's answer.
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { runX509 } from './x509.js';

/** `openssl version` of Ubuntu 22.04. */
const VERSION = 'OpenSSL 3.0.2 15 Mar 2022 (Library: OpenSSL 3.0.2 15 Mar 2022)';

/** Real subcommands this simulator does not offer (answered honestly rather than as unknown). */
const NOT_SIMULATED = new Set(['req', 'genrsa', 'genpkey', 'rsa', 'ec', 'pkey', 'verify', 's_client', 's_server', 'ca', 'crl', 'dgst', 'enc', 'rand', 'pkcs12', 'asn1parse', 'base64', 'ecparam', 'speed', 'list', 'ciphers']);

/** Runs `openssl ARGS`. */
export function runOpenssl(args: readonly string[], ctx: CommandContext): ExecResult {
  const [sub, ...rest] = args;
  if (sub === undefined) return { stdout: '', stderr: 'OpenSSL> ', exitCode: 0 };
  if (sub === 'x509') return runX509(rest, ctx);
  if (sub === 'version') return { stdout: `${VERSION}\n`, stderr: '', exitCode: 0 };
  if (NOT_SIMULATED.has(sub)) return { stdout: '', stderr: `openssl ${sub}: not available in this simulator\n`, exitCode: 1 };
  // apps/openssl.c do_cmd: "Invalid command '%s'; type \"help\" for a list."
  return { stdout: '', stderr: `Invalid command '${sub}'; type "help" for a list.\n`, exitCode: 1 };
}

/** The `openssl` command. */
export const opensslCommand: Command = { name: 'openssl', execute: runOpenssl };
