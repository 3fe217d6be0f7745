// `switchyard login|logout|profiles` (issue 36 §1): servers the CLI knows, by profile name. The
// URL lives in $XDG_CONFIG_HOME/switchyard/profiles.json; the token only in the OS keychain
// (keytar), never in a file. Where there is no keychain, SWITCHYARD_TOKEN or --token does.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

const SERVICE = 'switchyard-cli';

export class ProfileError extends Error {}

function profilesFile(env) {
  return join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'switchyard', 'profiles.json');
}

export async function readProfiles(env) {
  try {
    const parsed = JSON.parse(await readFile(profilesFile(env), 'utf8'));
    return { current: parsed.current ?? null, profiles: parsed.profiles ?? {} };
  } catch (error) {
    if (error.code === 'ENOENT') return { current: null, profiles: {} };
    throw new ProfileError(`${profilesFile(env)} cannot be read: ${error.message}`);
  }
}

async function writeProfiles(env, state) {
  const file = profilesFile(env);
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

function keychain() {
  try {
    return createRequire(import.meta.url)('keytar');
  } catch (error) {
    throw new ProfileError(
      `The OS keychain cannot be used here (${error.message.split('\n')[0]}): set SWITCHYARD_TOKEN or pass --token instead.`,
    );
  }
}

async function withKeychain(action) {
  try {
    return await action(keychain());
  } catch (error) {
    if (error instanceof ProfileError) throw error;
    throw new ProfileError(
      `The OS keychain refused (${error.message}): set SWITCHYARD_TOKEN or pass --token instead.`,
    );
  }
}

/** Checks the token against the server, then keeps it: URL in the profile file, token in the keychain. */
export async function login({ url, token, profile, env }) {
  const answer = await fetch(`${url}/api/admin/user`, { headers: { authorization: token } });
  if (!answer.ok) throw new ProfileError(`${url} refused the token (${answer.status}): nothing was stored.`);
  const user = (await answer.json()).user ?? {};
  await withKeychain((keytar) => keytar.setPassword(SERVICE, profile, token));
  const state = await readProfiles(env);
  state.profiles[profile] = { url };
  state.current = profile;
  await writeProfiles(env, state);
  return `Signed in to ${url} as ${user.username ?? user.email ?? user.name ?? 'a token'} (profile "${profile}", token in the OS keychain).`;
}

export async function logout({ profile, env }) {
  const state = await readProfiles(env);
  const name = profile ?? state.current;
  if (!name || !state.profiles[name]) throw new ProfileError(`No profile "${name ?? ''}" to sign out of.`);
  await withKeychain((keytar) => keytar.deletePassword(SERVICE, name));
  delete state.profiles[name];
  if (state.current === name) state.current = Object.keys(state.profiles)[0] ?? null;
  await writeProfiles(env, state);
  return `Signed out of profile "${name}".`;
}

export async function listProfiles(env) {
  const state = await readProfiles(env);
  const names = Object.keys(state.profiles);
  if (names.length === 0) return 'No profiles: switchyard login --url URL --token TOKEN';
  return names
    .map((name) => `${name === state.current ? '*' : ' '} ${name}  ${state.profiles[name].url}`)
    .join('\n');
}

/**
 * Where a command goes and with which token: --url/--token, then SWITCHYARD_URL/SWITCHYARD_TOKEN,
 * then the profile (--profile, else the current one) with its token from the keychain.
 */
export async function resolveServer(values, env) {
  const explicitUrl = values.url ?? env.SWITCHYARD_URL;
  const explicitToken = values.token ?? env.SWITCHYARD_TOKEN;
  if (explicitUrl && explicitToken) return { base: explicitUrl, token: explicitToken };
  const state = await readProfiles(env);
  const name = values.profile ?? state.current;
  const profile = name ? state.profiles[name] : undefined;
  if (values.profile && !profile)
    throw new ProfileError(`No profile "${values.profile}": switchyard profiles lists them.`);
  const base = explicitUrl ?? profile?.url ?? 'http://127.0.0.1:4242';
  if (explicitToken || !profile) return { base, token: explicitToken };
  const token = await withKeychain((keytar) => keytar.getPassword(SERVICE, name));
  if (!token)
    throw new ProfileError(`The keychain holds no token for profile "${name}": switchyard login again.`);
  return { base, token };
}
