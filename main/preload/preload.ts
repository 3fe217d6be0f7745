// The preload is a separate bundle (CommonJS, as sandboxed preloads require) and
// the one place besides main.ts that touches electron values.
import { contextBridge, ipcRenderer } from 'electron';
import { createSwitchyardBridge } from './switchyard-bridge';

contextBridge.exposeInMainWorld('switchyard', createSwitchyardBridge(ipcRenderer));
