import { shellQuote } from './ssh/cloud-init';

/** installFinishedPattern (/Cloud-init.*finished/) as a basic regular expression */
const finished = 'Cloud-init.*finished';

/**
 * The shell script behind `openShell({ followInstall: true })`: it prints the install log from its
 * first line and follows it until the "Cloud-init … finished" line (a log that has finished already
 * is printed whole), then replaces itself with the interactive shell. Ctrl-C skips to the shell.
 */
export function followInstallScript(logPath: string, thenExec: string): string {
  return [
    `f=${shellQuote(logPath)}`,
    // Ctrl-C ends the wait or the follow (tail and sed die with it) but not this script.
    `skip=`,
    `trap 'skip=1' INT`,
    `if [ ! -f "$f" ]; then echo "Waiting for the install log $f ..."; while [ -z "$skip" ] && [ ! -f "$f" ]; do sleep 0.5; done; fi`,
    `if [ -n "$skip" ]; then`,
    `  :`,
    `elif grep -q -e '${finished}' -- "$f"; then`,
    `  cat -- "$f"`,
    `else`,
    // sed -u reads no further than the line it quits on; tail is the process substitution ($!),
    // stopped as soon as sed is done.
    `  exec 3< <(exec tail -n +1 -F -- "$f" 2>/dev/null)`,
    `  tailpid=$!`,
    `  sed -u -e '/${finished}/q' <&3`,
    `  kill "$tailpid" 2>/dev/null`,
    `  exec 3<&-`,
    `fi`,
    `trap - INT`,
    thenExec,
  ].join('\n');
}
