/**
 * Test support: the platform's real `install.sh` (helixml/helix, root of the repository) as far
 * as its command line goes — its argument loop and the checks that run before it touches the
 * machine — so every command Launchpad generates can be run through it in a unit test. Each
 * rule names the installer's own message. Written from install.sh; the installer is not copied.
 */

/** Flags that stand alone (`--cli)`, `--controlplane)`, … in its `case $1 in`). */
const switches = ['--cli', '--controlplane', '--runner', '--sandbox', '--large', '--code', '--privileged-docker', '--no-providers-management', '--upgrade', '--dry-run', '-y'] as const;

/** Flags that take a value, as `--flag value` (`VAR="$2"; shift 2`) or `--flag=value` (`"${1#*=}"`). */
const valueFlags = [
  '--api-host',
  '--runner-token',
  '--together-api-key',
  '--openai-api-key',
  '--openai-base-url',
  '--anthropic-api-key',
  '--embeddings-provider',
  '--hf-token',
  '--vhost-tls-mode',
  '--letsencrypt-email',
  '--cloudflare-api-token',
  '--providers-management-enabled',
  '--helix-version',
  '--cli-install-path',
  '--split-runners',
  '--exclude-gpu',
] as const;

/** The machine the command runs on, as the installer's checks see it. */
export interface Machine {
  /** `check_nvidia_gpu` / `check_amd_gpu` succeed */
  gpu: boolean;
}

export interface InstallerSettings {
  cli: boolean;
  controlplane: boolean;
  runner: boolean;
  sandbox: boolean;
  /** `--upgrade`: the in-place control-plane upgrade (`do_upgrade`), which exits before any install step */
  upgrade: boolean;
  values: Record<string, string>;
}

export type InstallerOutcome = { ok: true; settings: InstallerSettings } | { ok: false; message: string };

function fail(message: string): InstallerOutcome {
  return { ok: false, message };
}

/**
 * Runs the installer's argument handling on `argv` (the words after `./install.sh`). The one rule
 * stricter than bash: a value flag followed by another flag is refused, because install.sh would
 * silently take that flag as the value (`VAR="$2"`) and lose it.
 */
export function runInstallerArgs(argv: readonly string[], machine: Machine): InstallerOutcome {
  let auto = true;
  const s: InstallerSettings = { cli: false, controlplane: false, runner: false, sandbox: false, upgrade: false, values: {} };
  let code = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if ((switches as readonly string[]).includes(arg)) {
      if (arg === '--cli') s.cli = true;
      if (arg === '--controlplane') s.controlplane = true;
      if (arg === '--runner') s.runner = true;
      if (arg === '--sandbox') s.sandbox = true;
      if (arg === '--code') code = true;
      if (arg === '--upgrade') s.upgrade = true;
      if (['--cli', '--controlplane', '--runner', '--sandbox'].includes(arg)) auto = false;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if ((valueFlags as readonly string[]).includes(name) || (eq > 0 && name === '--upgrade')) {
      if (eq > 0) {
        s.values[name] = arg.slice(eq + 1);
        if (name === '--upgrade') s.upgrade = true;
        continue;
      }
      const value = argv[i + 1];
      // `set -euo pipefail` + `"$2"` with no second argument
      if (value === undefined) return fail('$2: unbound variable');
      if (value.startsWith('--')) return fail(`${name} would swallow ${value} as its value`);
      s.values[name] = value;
      i += 1;
      continue;
    }
    return fail(`Unknown option: ${arg}`);
  }

  const apiHost = s.values['--api-host'];
  if (apiHost) {
    const hostname = apiHost.replace(/^https?:\/\//, '').replace(/:[0-9]+$/, '');
    if (hostname === 'localhost' || hostname.startsWith('127.')) return fail('ERROR: --api-host hostname resolves to a localhost address (127.x.x.x)');
  }
  // `if [ "$UPGRADE_MODE" = true ]; then do_upgrade; fi` runs before auto mode picks the roles and always exits
  if (s.upgrade) return s.runner || s.sandbox ? fail('Error: --upgrade currently only supports the controlplane.') : { ok: true, settings: s };
  if (auto) {
    s.cli = true;
    s.controlplane = true;
    // without an OpenAI/Together key, auto mode adds a runner when it detects a GPU
    if (!s.values['--openai-api-key'] && !s.values['--together-api-key'] && machine.gpu) s.runner = true;
  }
  if (!s.controlplane && code) {
    s.controlplane = true;
    s.cli = true;
  }
  if (s.runner && !machine.gpu) return fail('ERROR: --runner requires GPU (NVIDIA or AMD)');
  if (s.runner && !s.controlplane) {
    if (s.values['--runner-token']) {
      if (!apiHost) return fail('Error: When installing a remote runner, you must specify both --api-host and --runner-token');
    } else {
      return fail('Error: --runner requires either: --runner-token ... or --controlplane');
    }
  }
  if (s.sandbox && !s.controlplane && (!apiHost || !s.values['--runner-token'])) {
    return fail('Error: When installing sandbox node, you must specify --api-host, --runner-token');
  }
  if (s.controlplane) {
    let tls = s.values['--vhost-tls-mode'] ?? '';
    if (s.values['--cloudflare-api-token'] && !tls) tls = 'auto';
    if (tls === 'auto' && !s.values['--letsencrypt-email']) return fail('Error: --vhost-tls-mode=auto requires --letsencrypt-email <email>.');
    if (tls && tls !== 'auto' && tls !== 'off') return fail(`Error: --vhost-tls-mode must be 'off' or 'auto' (got '${tls}').`);
  }
  return { ok: true, settings: s };
}

/** The words of a POSIX shell command line (single and double quotes, backslashes; `&&` as its own word). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i] ?? '';
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error('unterminated single quote');
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      let out = '';
      for (; j < line.length && line[j] !== '"'; j += 1) {
        if (line[j] === '\\' && j + 1 < line.length && '$`"\\'.includes(line[j + 1] ?? '')) j += 1;
        else if (line[j] === '$' || line[j] === '`') throw new Error('expansion inside double quotes');
        out += line[j];
      }
      if (j >= line.length) throw new Error('unterminated double quote');
      word = (word ?? '') + out;
      i = j;
    } else if (c === '\\') {
      word = (word ?? '') + (line[i + 1] ?? '');
      i += 1;
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === '&' && line[i + 1] === '&' && word === null) {
      words.push('&&');
      i += 1;
    } else if ('$`;|&<>(){}*?[~#'.includes(c)) {
      // the generated commands never rely on expansion, globbing or other operators
      throw new Error(`unquoted shell metacharacter ${c}`);
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/** The installer's argv in a generated one-liner: the words after `./install.sh` up to the next `&&`. */
export function installerArgv(command: string): string[] {
  const words = shellWords(command);
  const at = words.indexOf('./install.sh');
  if (at < 0) throw new Error('no ./install.sh in the command');
  const rest = words.slice(at + 1);
  const end = rest.indexOf('&&');
  return end < 0 ? rest : rest.slice(0, end);
}
