// Runs the bundled main.js against the stand-ins, uses it the way the console and the user
// would, and prints what happened as one JSON line for main.test.ts to assert on.
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition, what) {
  for (let i = 0; i < 400; i += 1) {
    if (await condition()) return;
    await wait(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

await import(process.env.STAND_IN_MAIN);
const standIn = globalThis.standIn;
const { app } = await import('electron');
const origin = process.env.STAND_IN_ORIGIN;
const invoke = (channel, payload, url = `${origin}/`) =>
  standIn.handlers.get(channel)({ senderFrame: { url, parent: null } }, payload);

await until(() => standIn.handlers.has('switchyard:server:status'), 'IPC handlers');
await until(
  async () => (await invoke('switchyard:server:status', {})).value?.state === 'running',
  'the server',
);

const result = {};
result.channels = [...standIn.handlers.keys()].sort();
result.status = (await invoke('switchyard:server:status', {})).value;
result.foreignSender = await invoke('switchyard:server:status', {}, 'https://evil.example/');
result.badPayload = await invoke('switchyard:server:logs', { limit: 'all' });
if (process.platform === 'linux') {
  result.secretsSet = await invoke('switchyard:secrets:set', {
    profile: 'local',
    key: 'admin-token',
    value: 'x',
  });
}
result.network = (await invoke('switchyard:network:get', {})).value;
result.openExternal = await invoke('switchyard:app:open-external', { url: 'https://evil.example/' });
result.logs = (await invoke('switchyard:server:logs', {})).value.lines.map(
  (line) => `${line.stream}: ${line.text}`,
);
result.serverEnv = standIn.serverEnv;
result.tooltip = standIn.tooltip;
result.trayLabels = standIn.trayMenu.template.map((item) => item.label ?? item.type);
result.appMenuLabels = standIn.appMenu.template.map((item) => item.label ?? item.role);
result.signerFilter = standIn.signerFilter;
result.webPreferences = standIn.windows[0].options.webPreferences;
const navigation = {
  prevented: false,
  preventDefault() {
    this.prevented = true;
  },
};
standIn.windows[0].webContents.emit('will-navigate', navigation, 'https://docs.getunleash.io/');
result.navigationPrevented = navigation.prevented;
result.windowOpen = standIn.windows[0].webContents.openHandler({ url: 'https://evil.example/' });
standIn.onHeadersReceived({ responseHeaders: {} }, (response) => {
  result.csp = response.responseHeaders['Content-Security-Policy'];
});
result.registerOrigin = await invoke('switchyard:profiles:register-origin', {
  profile: 'remote-a',
  origin: 'https://flags.example.com',
});
result.signerFilterAfterRegister = standIn.signerFilter;
standIn.onHeadersReceived({ responseHeaders: {} }, (response) => {
  result.cspAfterRegister = response.responseHeaders['Content-Security-Policy'];
});
const { readFile } = await import('node:fs/promises');
const { join } = await import('node:path');
result.profileOriginsFile = JSON.parse(
  await readFile(join(process.env.STAND_IN_USER_DATA, 'server-profiles.json'), 'utf8'),
);

app.quit();
await until(() => standIn.log.includes('quit went ahead'), 'quit');
result.statusAfterQuit = (await invoke('switchyard:server:status', {})).value.state;
result.log = standIn.log;
console.log(`STAND_IN_RESULT ${JSON.stringify(result)}`);
process.exit(0);
