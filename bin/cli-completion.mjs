// `switchyard completion bash|zsh` (issue 36 §1): completes commands and their sub-commands.

const COMMAND_WORDS = {
  flags: 'list stale get readiness create enable disable rollout archive revive',
  'change-requests': 'list show approve apply',
  tokens: 'list create revoke',
  events: 'tail',
  'code-refs': 'scan',
  generate: 'typescript',
  bundle: 'export verify diff apply',
  completion: 'bash zsh',
};
const TOP_WORDS =
  'login logout profiles flags eval change-requests projects environments segments tokens events code-refs export plan apply generate mcp bundle completion';

/** `completion bash|zsh`: a script that completes commands and sub-commands. */
export function completion(shell, io) {
  const cases = Object.entries(COMMAND_WORDS)
    .map(([word, words]) => `    ${word}) COMPREPLY=($(compgen -W "${words}" -- "$cur")) ;;`)
    .join('\n');
  const bash = `# switchyard completion: source <(switchyard completion bash)
_switchyard() {
  local cur=\${COMP_WORDS[COMP_CWORD]}
  if [ "$COMP_CWORD" -eq 1 ]; then COMPREPLY=($(compgen -W "${TOP_WORDS}" -- "$cur")); return; fi
  case "\${COMP_WORDS[1]}" in
${cases}
  esac
}
complete -F _switchyard switchyard`;
  if (shell === 'bash') io.out(bash);
  else if (shell === 'zsh') io.out(`autoload -U +X bashcompinit && bashcompinit\n${bash}`);
  else {
    io.err('completion bash|zsh');
    return 2;
  }
  return 0;
}
