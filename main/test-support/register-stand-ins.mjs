// Loaded with `node --import`: routes 'electron' and 'electron-updater' to the stand-ins, so the
// bundled main.js runs under plain Node (the Electron binary cannot be downloaded here).
import { register } from 'node:module';

register('./stand-in-hooks.mjs', import.meta.url);
