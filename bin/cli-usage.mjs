// `switchyard --help`: every command, its options and the exit codes.

export const USAGE = `Usage: switchyard login --url URL --token TOKEN [--profile NAME]
       switchyard logout [--profile NAME]
       switchyard profiles
       switchyard flags list [--project P] [--query TEXT]
       switchyard flags stale [--project P]
       switchyard flags get FLAG [--project P]
       switchyard flags readiness FLAG [--project P]   can it be archived? SDK activity, code references
       switchyard flags create NAME [--project P] [--description TEXT] [--type release|experiment|…]
       switchyard flags enable|disable FLAG --env ENV [--project P]
       switchyard flags rollout FLAG --env ENV --percent N [--stickiness FIELD] [--strategy ID] [--project P]
       switchyard eval FLAG --env ENV [--context key=value]…
       switchyard flags archive|revive FLAG [--project P]
       switchyard change-requests list|show ID|approve ID|apply ID [--project P]
       switchyard projects | environments | segments
       switchyard tokens list | create --name N --type client|frontend|admin [--env E] [--project P,Q] | revoke TOKEN
       switchyard events tail [--project P] [--type T] [--limit N] [--interval SECONDS]
       switchyard code-refs scan --repo DIR [--name NAME] [--push] [--no-blame]
       switchyard completion bash|zsh
       switchyard export --project P [--out flags.yaml] | plan FILE | apply FILE
       switchyard generate typescript --project P [--sdk server|web] [--out FILE]
       switchyard mcp [--read-only]
       switchyard bundle <command> [options]

Flags: --project defaults to "default". A write to an environment under change requests becomes
  a change request in review (its link is printed), never a direct change. Tables by default,
  --json for scripts.

MCP: Switchyard's MCP tools on stdio for editors and coding agents, through the server's
  /api/admin/mcp with the token (a personal access token; --read-only offers the read tools only).

Flags as code: export writes a project's flags as YAML; plan prints what apply would create,
  change or archive (exit 2 when there are changes, 0 when none); apply carries it out, one
  transaction per flag (exit 1 when a flag is refused). The file is checked first (file:line:col).

Generate: typed OpenFeature flag accessors for the project's flags (its OpenFeature manifest),
  for @openfeature/server-sdk (default) or @openfeature/web-sdk, to FILE or stdout.

Bundle commands:
  export  --environment ENV (--project P | --tag VALUE | --features a,b)  [--out FILE]
  verify  FILE                      signature, signer trusted here?, hash
  diff    FILE --project P --environment ENV   what applying would add, change, leave
  apply   FILE --project P --environment ENV [--override]

Login: checks a personal access token against the server and keeps it in the OS keychain, the
  server's URL in a profile (default profile "default"); later commands use the current profile.

Options:
  --url URL        the server (default: $SWITCHYARD_URL, else the profile's, else http://127.0.0.1:4242)
  --token TOKEN    a personal access token or an admin API token ($SWITCHYARD_TOKEN, else the profile's)
  --profile NAME   a profile stored by login
  --json         print the server's answer as JSON
  --override     apply an unsigned, untrusted or altered bundle all the same (recorded)

Exit codes: 0 done (verify: trusted), 1 refused or not trusted, 2 usage, 3 server unreachable.`;
