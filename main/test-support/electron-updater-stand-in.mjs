// Stand-in for electron-updater: records checks, never finds an update.
import { EventEmitter } from 'node:events';

class StandInUpdater extends EventEmitter {
  autoDownload = true;
  autoInstallOnAppQuit = true;
  feeds = [];
  setFeedURL(options) {
    this.feeds.push(options);
  }
  async checkForUpdates() {
    globalThis.standIn?.log.push('checkForUpdates');
    this.emit('checking-for-update');
    this.emit('update-not-available', { version: '0.0.0' });
    return null;
  }
  quitAndInstall() {
    globalThis.standIn?.log.push('quitAndInstall');
  }
}

export default { autoUpdater: new StandInUpdater() };
